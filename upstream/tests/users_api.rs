//! Users API and old-portal bridge, mostly over real HTTP against the real router (the
//! throttle keys on the TCP peer, which only a real connection has): login, second
//! factor, refresh rotation, recovery, throttling, the development outbox, cross-origin
//! rules and the CPV notification list. Each test has a users store of its own, so
//! counts and spent tokens of one never leak into another.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{fresh, get, http, http_post, post_json, serve, Wire};
use serde_json::Value;
use std::net::SocketAddr;
use upstream::users::{totp, FREE_ATTEMPTS};

const BUYER: &str = r#"{"email":"buyer@example.com","password":"buyer-password-1"}"#;
const TWOFA: &str = r#"{"email":"twofa@example.com","password":"twofa-password-1"}"#;
const TWOFA_SECRET: &str = "JBSWY3DPEHPK3PXP";

fn now_code() -> String {
    totp(TWOFA_SECRET, upstream::dates::now_ms() / 1000).unwrap()
}

fn statuses(answers: &[Wire]) -> Vec<u16> {
    answers.iter().map(|a| a.status).collect()
}

fn count(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

/// Sends the same request from `n` tasks at once; answers in task order.
async fn in_parallel(n: usize, addr: SocketAddr, path: &'static str, body: String) -> Vec<Wire> {
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(n));
    let tasks: Vec<_> = (0..n)
        .map(|_| {
            let (start, body) = (start.clone(), body.clone());
            tokio::spawn(async move {
                start.wait().await;
                http_post(addr, path, &body, None).await
            })
        })
        .collect();
    let mut answers = Vec::with_capacity(n);
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    answers
}

#[tokio::test]
async fn login_profile_refresh_and_revocation() {
    let s = fresh(|_| {});
    let r = post_json(&s, "/auth", BUYER, None).await;
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
    assert_eq!(reused.status, 200, "within the reuse grace: {}", reused.text);
    assert_eq!(reused.body["refresh_token"], r2.body["refresh_token"], "the same successor");
    assert!(s.users.verify(reused.body["token"].as_str().unwrap()).is_ok());
    let newer = r2.body["refresh_token"].as_str().unwrap();
    let revoked = post_json(&s, "/auth/token/revoke", &format!(r#"{{"refresh_token":"{newer}"}}"#), None).await;
    assert_eq!(revoked.body["revoked"], 1);
    for gone in [newer, refresh.as_str()] {
        let again = post_json(&s, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{gone}"}}"#), None).await;
        assert_eq!(again.status, 401, "revoked, and no grace leads to a revoked token");
    }

    let expired = s.users.sign(1, "buyer@example.com", "buyer", false, -1);
    assert!(s.users.verify(&expired).is_err());
}

#[tokio::test]
async fn a_one_time_code_works_once() {
    let s = fresh(|_| {});
    let r = post_json(&s, "/auth", TWOFA, None).await;
    assert_eq!(r.body["user"]["2fa_complete"], false);
    assert!(r.body["refresh_token"].is_null());
    let pending = r.body["token"].as_str().unwrap().to_string();
    let wrong = post_json(&s, "/api/auth/2fa", r#"{"otp":"000000"}"#, Some(&pending)).await;
    assert_eq!(wrong.status, 401);
    let code = now_code();
    let ok = post_json(&s, "/api/auth/2fa", &format!(r#"{{"otp":"{code}"}}"#), Some(&pending)).await;
    assert_eq!(ok.status, 201, "{}", ok.text);
    assert!(ok.content_type.starts_with("application/ld+json"));
    assert!(ok.body["refresh_token"].is_string());
    // The same code again, even after a fresh password step, is refused.
    let again = post_json(&s, "/auth", TWOFA, None).await.body["token"].as_str().unwrap().to_string();
    let replay = post_json(&s, "/api/auth/2fa", &format!(r#"{{"otp":"{code}"}}"#), Some(&again)).await;
    assert_eq!(replay.status, 401, "{}", replay.text);
    // A full token is no second-factor token.
    let full = ok.body["token"].as_str().unwrap();
    assert_eq!(post_json(&s, "/api/auth/2fa", &format!(r#"{{"otp":"{code}"}}"#), Some(full)).await.status, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_wrong_passwords_in_a_row_are_slowed_down() {
    let addr = serve(fresh(|_| {})).await;
    let wrong = r#"{"email":"cpe@example.com","password":"wrong-password"}"#;
    let mut answers = Vec::new();
    for _ in 0..20 {
        answers.push(http_post(addr, "/auth", wrong, None).await);
    }
    let st = statuses(&answers);
    let free = FREE_ATTEMPTS as usize;
    assert!(st[..free].iter().all(|s| *s == 401), "{st:?}");
    assert!(st[free..].iter().all(|s| *s == 429), "{st:?}");
    let wait: u64 = answers[free].header("retry-after").expect("Retry-After").parse().unwrap();
    assert!(wait >= 1, "{wait}");
    // While this address waits on this account, even the right password is not checked.
    let right = http_post(addr, "/auth", r#"{"email":"cpe@example.com","password":"cpe-password-1"}"#, None).await;
    assert_eq!(right.status, 429);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_wrong_passwords_in_parallel_are_slowed_down() {
    let addr = serve(fresh(|_| {})).await;
    let wrong = r#"{"email":"buyer@example.com","password":"wrong-password"}"#.to_string();
    let st = statuses(&in_parallel(20, addr, "/auth", wrong).await);
    // Counted as they arrive, before any password is hashed: only the free attempts
    // reach the password check.
    assert_eq!(count(&st, 401), FREE_ATTEMPTS as usize, "{st:?}");
    assert_eq!(count(&st, 429), 20 - FREE_ATTEMPTS as usize, "{st:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_counts_only_from_trusted_proxies() {
    // Untrusted peer: a new account and a new claimed address per guess do not help.
    let addr = serve(fresh(|_| {})).await;
    let mut st = Vec::new();
    for i in 0..10 {
        let body = format!(r#"{{"email":"nobody{i}@example.com","password":"guess-{i}"}}"#);
        let xff = format!("203.0.113.{i}");
        st.push(http(addr, "POST", "/auth", &[("x-forwarded-for", &xff)], &body).await.status);
    }
    let free = FREE_ATTEMPTS as usize;
    assert_eq!(&st[..free], vec![401; free].as_slice(), "{st:?}");
    assert!(st[free..].iter().all(|s| *s == 429), "{st:?}");

    // Behind a trusted proxy (this test's 127.0.0.1), the header names the client.
    let addr = serve(fresh(|c| c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()])).await;
    let mut st = Vec::new();
    for i in 0..10 {
        let body = format!(r#"{{"email":"nobody{i}@example.com","password":"guess-{i}"}}"#);
        let xff = format!("1.2.3.4, 203.0.113.{i}");
        st.push(http(addr, "POST", "/auth", &[("x-forwarded-for", &xff)], &body).await.status);
    }
    assert_eq!(st, vec![401; 10], "distinct clients behind the proxy are counted apart");
    let mut st = Vec::new();
    for i in 0..=free {
        let body = format!(r#"{{"email":"other{i}@example.com","password":"guess"}}"#);
        st.push(http(addr, "POST", "/auth", &[("x-forwarded-for", "198.51.100.7")], &body).await.status);
    }
    assert_eq!(st.last(), Some(&429), "one client behind the proxy is counted: {st:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_second_factor_token_gets_nothing_from_the_old_portal() {
    let addr = serve(fresh(|_| {})).await;
    let pending = http_post(addr, "/auth", TWOFA, None).await.body["token"].as_str().unwrap().to_string();
    let form =
        http(addr, "POST", "/old", &[("content-type", "application/x-www-form-urlencoded")], &format!("jwt={pending}"))
            .await;
    assert_eq!(form.status, 401, "{}", form.text);
    assert!(form.header("set-cookie").is_none());
    let json = http_post(addr, "/old", &format!(r#"{{"jwt":"{pending}"}}"#), None).await;
    assert_eq!(json.status, 401);
    let cookie = format!("old_session={pending}");
    let check = http(addr, "GET", "/old/checkAuth.php?rand=1", &[("cookie", &cookie)], "").await;
    assert_eq!(check.body["isGuest"], true);
    let auth = format!("Bearer {pending}");
    for path in ["/api/users/profile", "/api/users/profile/company"] {
        assert_eq!(http(addr, "GET", path, &[("authorization", &auth)], "").await.status, 401, "{path}");
    }
    let put = http(addr, "PUT", "/api/users/profile/cpv-notifications", &[("authorization", &auth)], "[]").await;
    assert_eq!(put.status, 401);

    // Once the second factor is given, the bridge opens.
    let done = http_post(addr, "/api/auth/2fa", &format!(r#"{{"otp":"{}"}}"#, now_code()), Some(&pending)).await;
    assert_eq!(done.status, 201, "{}", done.text);
    let full = done.body["token"].as_str().unwrap();
    let bridged =
        http(addr, "POST", "/old", &[("content-type", "application/x-www-form-urlencoded")], &format!("jwt={full}"))
            .await;
    assert_eq!(bridged.status, 200);
    let cookie = bridged.header("set-cookie").unwrap().split(';').next().unwrap().to_string();
    let check = http(addr, "GET", "/old/checkAuth.php?rand=2", &[("cookie", &cookie)], "").await;
    assert_eq!(check.body["isGuest"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_refreshes_with_one_token_rotate_it_once() {
    let addr = serve(fresh(|_| {})).await;
    let refresh = http_post(addr, "/auth", BUYER, None).await.body["refresh_token"].as_str().unwrap().to_string();
    let answers = in_parallel(16, addr, "/auth/token/refresh", format!(r#"{{"refresh_token":"{refresh}"}}"#)).await;
    let st = statuses(&answers);
    assert_eq!(count(&st, 200), 16, "{st:?}");
    let successors: std::collections::BTreeSet<&str> =
        answers.iter().map(|a| a.body["refresh_token"].as_str().unwrap()).collect();
    assert_eq!(successors.len(), 1, "one rotation, its successor shared: {successors:?}");
    assert!(!successors.contains(refresh.as_str()));
}

async fn recovery_code(addr: SocketAddr, email: &str) -> String {
    let f = http_post(addr, "/api/users/forgot-password", &format!(r#"{{"email":"{email}"}}"#), None).await;
    assert_eq!(f.body["ok"], true);
    let out = http(addr, "GET", "/dev/outbox", &[], "").await;
    let mail = out.body["hydra:member"].as_array().unwrap().iter().rev().find(|m| m["to"] == email).unwrap().clone();
    mail["body"].as_str().unwrap().rsplit(' ').next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recovery_code_works_once() {
    let addr = serve(fresh(|c| c.dev = true)).await;
    let old_refresh =
        http_post(addr, "/auth", r#"{"email":"seller@example.com","password":"seller-password-1"}"#, None).await.body
            ["refresh_token"]
            .as_str()
            .unwrap()
            .to_string();
    let code = recovery_code(addr, "seller@example.com").await;
    let body = format!(r#"{{"recoveryCode":"{code}","password":"new-seller-pass"}}"#);
    let first = http_post(addr, "/api/users/new-password", &body, None).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let second =
        http_post(addr, "/api/users/new-password", &body.replace("new-seller-pass", "third-pass-1"), None).await;
    assert_eq!(second.status, 400);
    assert_eq!(second.body["parameter"], "recoveryCode");
    let login = http_post(addr, "/auth", r#"{"email":"seller@example.com","password":"new-seller-pass"}"#, None).await;
    assert_eq!(login.status, 200, "the first password stands");
    let refreshed =
        http_post(addr, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{old_refresh}"}}"#), None).await;
    assert_eq!(refreshed.status, 401, "a new password ends the old sessions");

    // Presented six times at once, a code is still spent once.
    let code = recovery_code(addr, "seller@example.com").await;
    let body = format!(r#"{{"recoveryCode":"{code}","password":"raced-password"}}"#);
    let st = statuses(&in_parallel(6, addr, "/api/users/new-password", body).await);
    assert_eq!(count(&st, 200), 1, "{st:?}");
    assert_eq!(count(&st, 400), 5, "{st:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_recovery_letter_links_to_the_form_with_the_code_filled_in() {
    let addr = serve(fresh(|c| {
        c.dev = true;
        c.portal_origin = Some("https://portal.example".into());
    }))
    .await;
    let code = recovery_code(addr, "cpe@example.com").await;
    let out = http(addr, "GET", "/dev/outbox", &[], "").await;
    let mail =
        out.body["hydra:member"].as_array().unwrap().iter().rev().find(|m| m["to"] == "cpe@example.com").unwrap();
    let link = format!("https://portal.example/login/new-password?code={code}");
    assert!(mail["body"].as_str().unwrap().contains(&link), "{}", mail["body"]);
    // The code is base64url: nothing in it needs escaping in a query.
    assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{code}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_outbox_is_404_without_the_development_flag() {
    let addr = serve(fresh(|_| {})).await;
    http_post(addr, "/api/users/forgot-password", r#"{"email":"buyer@example.com"}"#, None).await;
    let hidden = http(addr, "GET", "/dev/outbox", &[], "").await;
    assert_eq!(hidden.status, 404);
    assert!(!hidden.text.contains("buyer@example.com"));

    let addr = serve(fresh(|c| c.dev = true)).await;
    http_post(addr, "/api/users/forgot-password", r#"{"email":"buyer@example.com"}"#, None).await;
    let shown = http(addr, "GET", "/dev/outbox", &[], "").await;
    assert_eq!(shown.status, 200);
    assert_eq!(shown.body["hydra:member"][0]["to"], "buyer@example.com");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_configured_origins_may_call_from_the_browser() {
    let addr = serve(fresh(|c| c.allow_origin("http://127.0.0.1:18080/").unwrap())).await;
    let preflight = |origin: &'static str| async move {
        http(
            addr,
            "OPTIONS",
            "/auth",
            &[
                ("origin", origin),
                ("access-control-request-method", "POST"),
                ("access-control-request-headers", "content-type"),
            ],
            "",
        )
        .await
    };
    let foreign = preflight("http://evil.example").await;
    assert!(foreign.header("access-control-allow-origin").is_none(), "{:?}", foreign.headers);
    for origin in ["http://127.0.0.1:8080", "http://localhost:8080", "http://127.0.0.1:18080"] {
        let own = preflight(origin).await;
        assert_eq!(own.header("access-control-allow-origin"), Some(origin));
    }
    // A plain read from a foreign page is answered, but the browser may not read it.
    let read = http(addr, "GET", "/api/tags", &[("origin", "http://evil.example")], "").await;
    assert_eq!(read.status, 200);
    assert!(read.header("access-control-allow-origin").is_none());
    // A foreign page cannot make a visitor's browser log in or guess passwords.
    let ct = ("content-type", "text/plain");
    let post = http(addr, "POST", "/auth", &[("origin", "http://evil.example"), ct], BUYER).await;
    assert_eq!(post.status, 403);
    let post = http(addr, "POST", "/auth", &[("origin", "http://127.0.0.1:8080"), ct], BUYER).await;
    assert_eq!(post.status, 200);
    // Servers and scripts send no Origin and are not affected.
    assert_eq!(http_post(addr, "/auth", BUYER, None).await.status, 200);
    // A page of this site that hides its origin (`null`) may post; a foreign one may not.
    let form = ("content-type", "application/x-www-form-urlencoded");
    let null = ("origin", "null");
    let own = http(addr, "POST", "/old", &[null, ("sec-fetch-site", "same-site"), form], "jwt=x").await;
    assert_eq!(own.status, 401, "reaches the bridge, which refuses the bad token");
    let foreign = http(addr, "POST", "/old", &[null, ("sec-fetch-site", "cross-site"), form], "jwt=x").await;
    assert_eq!(foreign.status, 403);
    // The old portal's cookie session is readable by the portal's pages only.
    let check = http(addr, "GET", "/old/checkAuth.php?rand=1", &[("origin", "http://127.0.0.1:8080")], "").await;
    assert_eq!(check.header("access-control-allow-credentials"), Some("true"));
    let check = http(addr, "GET", "/old/checkAuth.php?rand=1", &[("origin", "http://evil.example")], "").await;
    assert!(check.header("access-control-allow-credentials").is_none());
    assert!(check.header("access-control-allow-origin").is_none());
    let api = http(addr, "GET", "/api/tags", &[("origin", "http://127.0.0.1:8080")], "").await;
    assert!(api.header("access-control-allow-credentials").is_none(), "bearer-token APIs need no credentials");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cpv_notification_list_is_saved() {
    let s = fresh(|_| {});
    let codes: Vec<String> =
        s.data.read().classifiers.cpv.nodes.iter().skip(100).step_by(50).take(2).map(|n| n.id.clone()).collect();
    assert_eq!(codes.len(), 2, "the CPV classifier is loaded");
    let addr = serve(s).await;
    let seller = r#"{"email":"seller@example.com","password":"seller-password-1"}"#;
    let token = http_post(addr, "/auth", seller, None).await.body["token"].as_str().unwrap().to_string();
    let auth = format!("Bearer {token}");
    let put = |body: String| {
        let auth = auth.clone();
        async move {
            http(
                addr,
                "PUT",
                "/api/users/profile/cpv-notifications",
                &[("authorization", &auth), ("content-type", "application/ld+json")],
                &body,
            )
            .await
        }
    };
    let saved = put(serde_json::to_string(&codes).unwrap()).await;
    assert_eq!(saved.status, 200, "{}", saved.text);
    let expected = Value::String(serde_json::to_string(&codes).unwrap());
    assert_eq!(saved.body["cpvNotificationList"], expected);
    let profile = http(addr, "GET", "/api/users/profile", &[("authorization", &auth)], "").await;
    assert_eq!(profile.body["cpvNotificationList"], expected, "kept");
    assert_eq!(profile.body["email"], "seller@example.com", "the rest of the profile is untouched");

    let unknown = put(r#"{"cpvNotificationList":["12345678-9"]}"#.into()).await;
    assert_eq!(unknown.status, 400);
    assert_eq!(unknown.body["parameter"], "cpvNotificationList[0]");
    let too_many = put(serde_json::to_string(&vec![&codes[0]; 101]).unwrap()).await;
    assert_eq!(too_many.status, 400);
    let profile = http(addr, "GET", "/api/users/profile", &[("authorization", &auth)], "").await;
    assert_eq!(profile.body["cpvNotificationList"], expected, "a refused body changes nothing");

    let cleared = put(r#"{"cpvNotificationList":[]}"#.into()).await;
    assert_eq!(cleared.body["cpvNotificationList"], "");
    let anonymous = http(addr, "PUT", "/api/users/profile/cpv-notifications", &[], "[]").await;
    assert_eq!(anonymous.status, 401);
}

#[tokio::test]
async fn bad_bodies() {
    let s = fresh(|_| {});
    assert_eq!(post_json(&s, "/auth", "{not json", None).await.status, 400);
    assert_eq!(post_json(&s, "/auth", r#"{"email":"x@y.z"}"#, None).await.body["parameter"], "password");
    let long = format!(r#"{{"email":"{}@example.com","password":"x"}}"#, "a".repeat(300));
    assert_eq!(post_json(&s, "/auth", &long, None).await.body["parameter"], "email");
    let short = r#"{"email":"new@example.com","password":"short","userGroup":"buyer"}"#;
    assert_eq!(post_json(&s, "/api/users/registration/finish", short, None).await.body["parameter"], "password");
}

#[tokio::test]
async fn registration_lists_and_old_portal() {
    let s = fresh(|_| {});
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
    let new_user = r#"{"email":"new@example.com","password":"long-enough","userGroup":"buyer"}"#;
    let reg = post_json(&s, "/api/users/registration/finish", new_user, None).await;
    assert_eq!(reg.status, 201);
    assert_eq!(post_json(&s, "/api/users/registration/finish", new_user, None).await.status, 409);
    let login = post_json(&s, "/auth", r#"{"email":"new@example.com","password":"long-enough"}"#, None).await;
    assert_eq!(login.status, 200);
    assert_eq!(get(&s, "/lists/countries.json").await.status, 200);
    assert_eq!(get(&s, "/lists/customerCategory.json").await.status, 200);
    assert_eq!(get(&s, "/lists/classificationEconomicEntities.json").await.status, 200);
    assert_eq!(get(&s, "/old/checkAuth.php?rand=1").await.body["isGuest"], true);
    assert_eq!(get(&s, "/old/cabinet/logout?noRedirect=1&rand=3").await.status, 200);
}

/// Issue 42, item 3: a new account's address gets its confirmation letter and nothing
/// else (no recovery letter, no alert) until the link's code is spent; the profile says
/// which state it is in, and the letter can be asked for again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_address_gets_only_its_confirmation_letter_until_it_is_confirmed() {
    let addr = serve(fresh(|c| {
        c.dev = true;
        c.portal_origin = Some("https://portal.example".into());
        c.alerts_key = Some("an-alerts-key-of-at-least-thirty-two-bytes".into());
    }))
    .await;
    let letters = |addr| async move {
        let out = http(addr, "GET", "/dev/outbox", &[], "").await;
        out.body["hydra:member"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["to"] == "fresh@example.com")
            .cloned()
            .collect::<Vec<Value>>()
    };
    let body =
        r#"{"email":"fresh@example.com","password":"long-enough","userGroup":"buyer","firstName":"Subject: spam"}"#;
    let reg = http_post(addr, "/api/users/registration/finish", body, None).await;
    assert_eq!((reg.status, &reg.body["confirmation"]), (201, &Value::from("sent")), "{}", reg.text);
    let sent = letters(addr).await;
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0]["subject"], "Підтвердіть адресу електронної пошти");
    let text = sent[0]["body"].as_str().unwrap();
    let code = text.rsplit(' ').next().unwrap().to_owned();
    assert!(text.contains(&format!("https://portal.example/registration/confirm?code={code}")), "{text}");

    // It may log in, and its profile says the address is not confirmed.
    let login = http_post(addr, "/auth", r#"{"email":"fresh@example.com","password":"long-enough"}"#, None).await;
    let token = login.body["token"].as_str().unwrap().to_owned();
    let profile = http(addr, "GET", "/api/users/profile", &[("authorization", &format!("Bearer {token}"))], "").await;
    assert_eq!(profile.body["emailConfirmed"], false);
    // A saved search with instant alerts: not due while the address is unconfirmed.
    let search = r#"{"register":"tenders","query":"status%5B0%5D=active","name":"Мій пошук","frequency":"instant"}"#;
    assert_eq!(http_post(addr, "/api/users/saved-searches", search, Some(&token)).await.status, 201);
    let key = [("authorization", "Bearer an-alerts-key-of-at-least-thirty-two-bytes")];
    let due = http(addr, "GET", "/api/alerts/due", &key, "").await;
    assert_eq!(due.status, 200, "{}", due.text);
    assert!(!due.text.contains("fresh@example.com"), "{}", due.text);
    // No recovery letter either (the answer is the same as for any address).
    let forgot = http_post(addr, "/api/users/forgot-password", r#"{"email":"fresh@example.com"}"#, None).await;
    assert_eq!(forgot.status, 200);
    assert_eq!(letters(addr).await.len(), 1, "nothing but the confirmation letter");
    // The letter again, on request.
    let again = http_post(addr, "/api/users/confirm-email/resend", "{}", Some(&token)).await;
    assert_eq!((again.status, &again.body["sent"]), (200, &Value::from(true)), "{}", again.text);
    assert_eq!(letters(addr).await.len(), 2);

    // A made-up code confirms nothing; the first letter's code does, once.
    let wrong = http_post(addr, "/api/users/confirm-email", r#"{"code":"made-up"}"#, None).await;
    assert_eq!((wrong.status, &wrong.body["parameter"]), (400, &Value::from("code")));
    let confirmed = http_post(addr, "/api/users/confirm-email", &format!(r#"{{"code":"{code}"}}"#), None).await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.text);
    assert_eq!(http_post(addr, "/api/users/confirm-email", &format!(r#"{{"code":"{code}"}}"#), None).await.status, 400);
    let profile = http(addr, "GET", "/api/users/profile", &[("authorization", &format!("Bearer {token}"))], "").await;
    assert_eq!(profile.body["emailConfirmed"], true);
    let due = http(addr, "GET", "/api/alerts/due", &key, "").await;
    assert!(due.text.contains("fresh@example.com"), "due once confirmed: {}", due.text);
    // Nothing the user typed stands in a subject.
    let out = http(addr, "GET", "/dev/outbox", &[], "").await;
    assert!(!out.text.contains("Subject: spam"));
}

/// Issue 46, item 19: the registration letter is in the language of the page the
/// registrant used (the portal sends it as `languages`), Ukrainian by default. It holds
/// the login and the way to log in, never the password; asked for again, it keeps the
/// language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registration_letter_is_in_the_registrant_s_language_with_the_login_and_no_password() {
    let addr = serve(fresh(|c| {
        c.dev = true;
        c.portal_origin = Some("https://portal.example".into());
    }))
    .await;
    let letters_to = |to: &'static str| async move {
        let out = http(addr, "GET", "/dev/outbox", &[], "").await;
        out.body["hydra:member"].as_array().unwrap().iter().filter(|m| m["to"] == to).cloned().collect::<Vec<Value>>()
    };
    let password = "a-secret-password-9";
    let register = |email: &str, languages: &str| {
        format!(r#"{{"email":"{email}","password":"{password}","userGroup":"seller","languages":{languages}}}"#)
    };

    let reg =
        http_post(addr, "/api/users/registration/finish", &register("Foreign@Example.com", r#"["en"]"#), None).await;
    assert_eq!(reg.status, 201, "{}", reg.text);
    let sent = letters_to("foreign@example.com").await;
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0]["subject"], "Confirm your e-mail address");
    let en = sent[0]["body"].as_str().unwrap();
    assert!(en.contains("Your login is this address: foreign@example.com."), "{en}");
    assert!(en.contains("https://portal.example/en/login"), "{en}");
    assert!(en.contains("https://portal.example/en/registration/confirm?code="), "{en}");
    assert!(!en.contains(password), "no password in a letter: {en}");
    assert!(!en.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)), "English only: {en}");

    let reg =
        http_post(addr, "/api/users/registration/finish", &register("local@example.com", r#"["uk"]"#), None).await;
    assert_eq!(reg.status, 201, "{}", reg.text);
    // No language named: Ukrainian.
    let reg = http_post(addr, "/api/users/registration/finish", &register("plain@example.com", "[]"), None).await;
    assert_eq!(reg.status, 201, "{}", reg.text);
    for to in ["local@example.com", "plain@example.com"] {
        let sent = letters_to(to).await;
        assert_eq!(sent[0]["subject"], "Підтвердіть адресу електронної пошти", "{to}");
        let uk = sent[0]["body"].as_str().unwrap();
        assert!(uk.contains(&format!("Ваш логін — ця адреса: {to}.")), "{uk}");
        assert!(uk.contains("https://portal.example/login") && !uk.contains("/en/"), "{uk}");
        assert!(!uk.contains(password), "{uk}");
    }

    // The letter asked for again is English too.
    let login =
        http_post(addr, "/auth", &format!(r#"{{"email":"foreign@example.com","password":"{password}"}}"#), None).await;
    let token = login.body["token"].as_str().unwrap().to_owned();
    let again = http_post(addr, "/api/users/confirm-email/resend", "{}", Some(&token)).await;
    assert_eq!(again.status, 200, "{}", again.text);
    let sent = letters_to("foreign@example.com").await;
    assert_eq!(sent.len(), 2);
    assert_eq!(sent[1]["subject"], "Confirm your e-mail address");
    assert!(sent[1]["body"].as_str().unwrap().contains("https://portal.example/en/login"));
}

/// Issue 46, item 20: the registration form's countries go by their short ISO 3166-1
/// names (`upstream/scripts/build-countries.sh`), not by the standards' official long
/// ones with their typos; every code of the standards is there, and no other.
#[tokio::test]
async fn the_countries_have_their_short_names_and_every_code_of_the_standards() {
    let table = common::data_dir().join("countries.tsv");
    assert!(table.exists(), "{} missing: run upstream/scripts/build-countries.sh (make setup)", table.display());
    let Some(standards) = upstream::shared_data::required("prozorro-standards/classifiers/countries.json") else {
        return;
    };
    let s = fresh(|_| {});
    let answer = get(&s, "/lists/countries.json").await;
    assert_eq!(answer.status, 200);
    let served: std::collections::HashMap<String, (String, String)> = answer
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let text = |k: &str| c[k].as_str().unwrap().to_owned();
            (text("code"), (text("name"), text("name_en")))
        })
        .collect();
    let name = |code: &str| served.get(code).map(|(uk, en)| (uk.as_str(), en.as_str()));
    assert_eq!(name("PL"), Some(("Польща", "Poland")));
    assert_eq!(name("TZ"), Some(("Танзанія", "Tanzania")));
    assert_eq!(name("CZ"), Some(("Чехія", "Czechia")));
    assert_eq!(name("UA"), Some(("Україна", "Ukraine")));
    let (_, falklands) = name("FK").unwrap();
    assert!(!falklands.contains(['[', ']']), "{falklands}");
    for (code, (uk, en)) in &served {
        assert!(!uk.starts_with("Республіка"), "{code}: {uk}");
        // The republics whose short ISO name says so.
        if uk.to_lowercase().contains("республіка") {
            assert!(["CF", "CD", "DO"].contains(&code.as_str()), "{code}: {uk}");
        }
        assert_eq!(en.matches('(').count(), en.matches(')').count(), "{code}: {en}");
        assert!(!uk.is_empty() && !en.is_empty(), "{code}");
    }
    let listed: Value = serde_json::from_str(&std::fs::read_to_string(standards).unwrap()).unwrap();
    let mut codes: Vec<&String> = listed.as_object().unwrap().keys().collect();
    let mut given: Vec<&String> = served.keys().collect();
    codes.sort();
    given.sort();
    assert_eq!(given, codes, "the standards' codes, every one and no other");
}
