//! End-to-end auth flows through the in-process router: login, 2FA with a computed TOTP,
//! refresh rotation, revoked/expired tokens, password recovery via the outbox, throttling,
//! the old portal bridge and static lists.

mod common;

use common::{get, post_json, state};
use upstream::users::totp;

#[tokio::test]
async fn login_profile_refresh_and_revocation() {
    let s = state();
    let r = post_json(&s, "/auth", r#"{"email":"buyer@example.com","password":"buyer-password-1"}"#, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["user"]["2fa_complete"], true);
    let token = r.body["token"].as_str().unwrap().to_string();
    let refresh = r.body["refresh_token"].as_str().unwrap().to_string();
    let claims = s.users.verify(&token).unwrap();
    assert!(claims["exp"].as_i64().unwrap() > claims["iat"].as_i64().unwrap());

    let req = axum::http::Request::get("/api/users/profile")
        .header("authorization", format!("Bearer {token}"))
        .body(axum::body::Body::empty())
        .unwrap();
    let p = common::call(&s, req).await;
    assert_eq!(p.status, 200);
    assert!(p.body["cpvNotificationList"].is_string());
    assert_eq!(get(&s, "/api/users/profile").await.status, 401);

    let r2 = post_json(&s, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{refresh}"}}"#), None).await;
    assert_eq!(r2.status, 200);
    assert_ne!(r2.body["refresh_token"], refresh.as_str(), "refresh tokens rotate");
    let reused = post_json(&s, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{refresh}"}}"#), None).await;
    assert_eq!(reused.status, 401, "a spent refresh token is revoked");
    let newer = r2.body["refresh_token"].as_str().unwrap();
    assert_eq!(
        post_json(&s, "/auth/token/revoke", &format!(r#"{{"refresh_token":"{newer}"}}"#), None).await.status,
        200
    );
    assert_eq!(
        post_json(&s, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{newer}"}}"#), None).await.status,
        401
    );

    let expired = s.users.sign(1, "buyer@example.com", "buyer", false, -1);
    assert!(s.users.verify(&expired).is_err());
}

#[tokio::test]
async fn second_factor_with_computed_totp() {
    let s = state();
    let r = post_json(&s, "/auth", r#"{"email":"twofa@example.com","password":"twofa-password-1"}"#, None).await;
    assert_eq!(r.body["user"]["2fa_complete"], false);
    let pending = r.body["token"].as_str().unwrap().to_string();
    let wrong = post_json(&s, "/api/auth/2fa", r#"{"otp":"000000"}"#, Some(&pending)).await;
    assert_eq!(wrong.status, 401);
    let code = totp("JBSWY3DPEHPK3PXP", upstream::dates::now_ms() / 1000).unwrap();
    let ok = post_json(&s, "/api/auth/2fa", &format!(r#"{{"otp":"{code}"}}"#), Some(&pending)).await;
    assert_eq!(ok.status, 201, "{}", ok.text);
    assert!(ok.content_type.starts_with("application/ld+json"));
    assert!(ok.body["refresh_token"].is_string());
}

#[tokio::test]
async fn bad_bodies_and_throttling() {
    let s = state();
    assert_eq!(post_json(&s, "/auth", "{not json", None).await.status, 400);
    assert_eq!(post_json(&s, "/auth", r#"{"email":"x@y.z"}"#, None).await.body["parameter"], "password");
    let mut statuses = Vec::new();
    for _ in 0..6 {
        // Its own address, so the per-address counter does not slow down the other tests.
        let req = axum::http::Request::post("/auth")
            .header("x-forwarded-for", "10.9.9.9")
            .body(axum::body::Body::from(r#"{"email":"cpe@example.com","password":"wrong-password"}"#))
            .unwrap();
        let r = common::call(&s, req).await;
        statuses.push(r.status.as_u16());
    }
    assert_eq!(&statuses[..4], &[401, 401, 401, 401]);
    assert_eq!(statuses[5], 429, "{statuses:?}");
}

#[tokio::test]
async fn password_recovery_through_the_outbox() {
    let s = state();
    let f = post_json(&s, "/api/users/forgot-password", r#"{"email":"seller@example.com"}"#, None).await;
    assert_eq!(f.body["ok"], true);
    let out = get(&s, "/dev/outbox").await;
    let mail = out.body["hydra:member"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["to"] == "seller@example.com")
        .unwrap()
        .clone();
    let code = mail["body"].as_str().unwrap().rsplit(' ').next().unwrap().to_string();
    let n = post_json(
        &s,
        "/api/users/new-password",
        &format!(r#"{{"recoveryCode":"{code}","password":"new-seller-pass"}}"#),
        None,
    )
    .await;
    assert_eq!(n.status, 200, "{}", n.text);
    let l = post_json(&s, "/auth", r#"{"email":"seller@example.com","password":"new-seller-pass"}"#, None).await;
    assert_eq!(l.status, 200);
}

#[tokio::test]
async fn registration_lists_and_old_portal() {
    let s = state();
    let r = post_json(
        &s,
        "/api/users/registration/form-data-first",
        r#"{"languages":["uk","en"],"userGroup":"seller","countryId":"UA"}"#,
        None,
    )
    .await;
    assert_eq!(r.status, 200);
    assert!(r.body["data"]["uk"].is_object() && r.body["data"]["en"].is_object());
    let bad =
        post_json(&s, "/api/users/registration/form-data-second", r#"{"incorporationCountryId":"ZZ"}"#, None).await;
    assert_eq!(bad.body["parameter"], "incorporationCountryId");
    let reg = post_json(
        &s,
        "/api/users/registration/finish",
        r#"{"email":"new@example.com","password":"long-enough","userGroup":"buyer"}"#,
        None,
    )
    .await;
    assert_eq!(reg.status, 201);
    assert_eq!(get(&s, "/lists/countries.json").await.status, 200);
    assert_eq!(get(&s, "/lists/customerCategory.json").await.status, 200);
    assert_eq!(get(&s, "/lists/classificationEconomicEntities.json").await.status, 200);
    assert_eq!(get(&s, "/old/checkAuth.php?rand=1").await.body["isGuest"], true);
    let token = s.users.sign(1, "buyer@example.com", "buyer", false, 60);
    let req = axum::http::Request::post("/old")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(axum::body::Body::from(format!("jwt={token}")))
        .unwrap();
    let resp = upstream::app(s.clone());
    use tower::ServiceExt;
    let resp = resp.oneshot(req).await.unwrap();
    let cookie = resp.headers().get("set-cookie").unwrap().to_str().unwrap().split(';').next().unwrap().to_string();
    let req = axum::http::Request::get("/old/checkAuth.php?rand=2")
        .header("cookie", cookie)
        .body(axum::body::Body::empty())
        .unwrap();
    assert_eq!(common::call(&s, req).await.body["isGuest"], false);
    assert_eq!(get(&s, "/old/cabinet/logout?noRedirect=1&rand=3").await.status, 200);
}
