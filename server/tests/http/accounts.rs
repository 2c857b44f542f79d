//! Sessions held by the server: login (with and without a second factor), the cookies
//! that hold the tokens, anti-forgery checks, refresh and logout, against the real
//! users API of the embedded upstream (its seed users).

use super::*;

/// A browser's cookie jar, enough for these tests: `Set-Cookie` applied in order.
#[derive(Default, Clone)]
pub(super) struct Jar(std::collections::BTreeMap<String, String>, Option<std::net::SocketAddr>);

impl Jar {
    /// Applies the response's cookies, each of which must be `HttpOnly; SameSite=Lax`.
    fn take(&mut self, headers: &axum::http::HeaderMap) {
        for cookie in headers.get_all(header::SET_COOKIE) {
            let cookie = cookie.to_str().unwrap();
            assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
        }
        self.apply(headers);
    }

    /// Applies the response's cookies in order (a `Max-Age=0` one removes its name).
    pub(super) fn apply(&mut self, headers: &axum::http::HeaderMap) {
        for cookie in headers.get_all(header::SET_COOKIE) {
            let cookie = cookie.to_str().unwrap();
            let (pair, attributes) = cookie.split_once(';').unwrap_or((cookie, ""));
            let (name, value) = pair.split_once('=').unwrap();
            if attributes.contains("Max-Age=0") {
                self.0.remove(name);
            } else {
                self.0.insert(name.to_owned(), value.to_owned());
            }
        }
    }

    pub(super) fn header(&self) -> String {
        self.0.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }
}

/// Each test browser comes from an address of its own (the users API throttles logins
/// per address, and the portal passes the visitor's on).
fn peer() -> std::net::SocketAddr {
    static NEXT: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::net::SocketAddr::from(([10, 0, 7, n], 40000))
}

pub(super) async fn send(app: &Router, mut request: Request<Body>, jar: &mut Jar) -> Page {
    if jar.1.is_none() {
        jar.1 = Some(peer());
    }
    request.extensions_mut().insert(axum::extract::ConnectInfo(jar.1.unwrap()));
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    jar.take(&headers);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Page { status, headers, body: String::from_utf8_lossy(&bytes).into_owned(), bytes }
}

pub(super) async fn visit(app: &Router, uri: &str, jar: &mut Jar) -> Page {
    let request = Request::get(uri).header(header::COOKIE, jar.header()).body(Body::empty()).unwrap();
    send(app, request, jar).await
}

pub(super) async fn post_form(
    app: &Router,
    uri: &str,
    form: &[(&str, &str)],
    jar: &mut Jar,
    extra: &[(&str, &str)],
) -> Page {
    let body = form.iter().map(|(k, v)| format!("{k}={}", urlencode(v))).collect::<Vec<_>>().join("&");
    let mut request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, jar.header());
    for (k, v) in extra {
        request = request.header(*k, *v);
    }
    send(app, request.body(Body::from(body)).unwrap(), jar).await
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The page state embedded for hydration.
pub(super) fn state(page: &Page) -> serde_json::Value {
    let json =
        between(&page.body, "<script id=\"__state\" type=\"application/json\">", "</script>").expect("page state");
    serde_json::from_str(json).unwrap()
}

/// The login page's anti-forgery token (and its cookie, now in the jar).
pub(super) async fn login_token(app: &Router, jar: &mut Jar, path: &str) -> String {
    let page = visit(app, path, jar).await;
    assert_eq!(page.status, StatusCode::OK, "{path}");
    assert!(jar.get("portal_csrf").is_some(), "the login page gives its visitor an anti-forgery cookie");
    let cache = page.headers.get(header::CACHE_CONTROL).unwrap().to_str().unwrap();
    assert!(cache.contains("private") && cache.contains("no-store"), "{cache}");
    state(&page)["csrf"].as_str().expect("the token in the page state").to_owned()
}

pub(super) fn seed(kind: &str) -> (&'static str, &'static str, &'static str) {
    upstream::users::SEED_USERS
        .iter()
        .find(|(email, _, _, _)| email.starts_with(kind))
        .map(|(email, password, ty, _)| (*email, *password, *ty))
        .unwrap()
}

/// No token may appear in a page: not in the HTML, not in the state.
pub(super) fn assert_no_token(page: &Page, jar: &Jar) {
    for name in ["portal_token", "portal_refresh_token", "portal_pending"] {
        if let Some(value) = jar.get(name) {
            assert!(!page.body.contains(value), "{name} leaked into the page");
        }
    }
}

#[tokio::test]
async fn each_user_type_logs_in_and_its_pages_are_its_own() {
    let app = portal(&[], "").await;
    for kind in ["buyer", "seller", "cpe"] {
        let (email, password, ty) = seed(kind);
        let mut jar = Jar::default();
        let token = login_token(&app, &mut jar, "/login?origin=%2Ftenders%3Fpage%3D2").await;
        let page = post_form(
            &app,
            "/login",
            &[("email", email), ("password", password), ("origin", "/tenders?page=2"), ("_csrf", &token)],
            &mut jar,
            &[],
        )
        .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{kind}: {}", page.body);
        assert_eq!(page.headers[header::LOCATION], "/tenders?page=2");
        assert!(jar.get("portal_token").is_some() && jar.get("portal_refresh_token").is_some());
        let tenders = visit(&app, "/tenders", &mut jar).await;
        assert_eq!(tenders.status, StatusCode::OK);
        let session = &state(&tenders)["session"];
        assert_eq!(session["email"], email);
        assert_eq!(session["type"], ty);
        assert!(state(&tenders)["csrf"].is_string(), "a session's pages carry the logout form's token");
        assert_eq!(tenders.headers[header::CACHE_CONTROL], "private, no-store");
        assert_no_token(&tenders, &jar);
        // A logged-in user is sent away from the login page.
        let again = visit(&app, "/login", &mut jar).await;
        assert_eq!((again.status, again.headers[header::LOCATION].to_str().unwrap()), (StatusCode::FOUND, "/"));
    }
}

#[tokio::test]
async fn forms_without_the_token_or_from_another_site_are_refused() {
    let app = portal(&[], "").await;
    let (email, password, _) = seed("buyer");
    let mut jar = Jar::default();
    let token = login_token(&app, &mut jar, "/login").await;
    // No token.
    let page = post_form(&app, "/login", &[("email", email), ("password", password)], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(jar.get("portal_token").is_none());
    // Another visitor's token.
    let mut other = Jar::default();
    let theirs = login_token(&app, &mut other, "/login").await;
    let page =
        post_form(&app, "/login", &[("email", email), ("password", password), ("_csrf", &theirs)], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // The right token, sent from another site.
    let cross = [("origin", "https://evil.example"), ("host", "portal.example")];
    let fields = [("email", email), ("password", password), ("_csrf", token.as_str())];
    let page = post_form(&app, "/login", &fields, &mut jar, &cross).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(jar.get("portal_token").is_none());
    // Logout is a state change too.
    let page = post_form(&app, "/logout", &[], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_origin_path_never_leaves_the_site() {
    let app = portal(&[], "").await;
    let (email, password, _) = seed("seller");
    for origin in ["//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example"] {
        let mut jar = Jar::default();
        let token = login_token(&app, &mut jar, "/en/login").await;
        let fields = [("email", email), ("password", password), ("origin", origin), ("_csrf", token.as_str())];
        let page = post_form(&app, "/en/login", &fields, &mut jar, &[]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(page.headers[header::LOCATION], "/en", "{origin:?}");
    }
}

#[tokio::test]
async fn wrong_credentials_are_told_next_to_the_form_and_set_no_cookie() {
    let app = portal(&[], "").await;
    let mut jar = Jar::default();
    let token = login_token(&app, &mut jar, "/login").await;
    let fields = [("email", "cpe@example.com"), ("password", "not-the-password"), ("_csrf", token.as_str())];
    let page = post_form(&app, "/login", &fields, &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.body);
    let form = &state(&page)["data"]["form"]["body"];
    assert_eq!(form["error"]["statusText"], "Unauthorized");
    assert_eq!(form["values"]["email"], "cpe@example.com");
    assert!(!page.body.contains("not-the-password"), "the password is never sent back");
    assert!(jar.get("portal_token").is_none());
    // The app's request gets the same outcome as JSON.
    let request = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json")
        .header(header::COOKIE, jar.header())
        .body(Body::from(
            serde_json::json!({"email": "cpe@example.com", "password": "nope", "_csrf": token}).to_string(),
        ))
        .unwrap();
    let answer = send(&app, request, &mut jar).await;
    assert_eq!(answer.status, StatusCode::OK, "the app reads the status from the outcome");
    let answer: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!((answer["ok"].as_bool(), answer["error"]["status"].as_u64()), (Some(false), Some(401)));
}

#[tokio::test]
async fn a_second_factor_login_keeps_its_pending_token_in_a_signed_cookie_of_its_form() {
    let app = portal(&[], "").await;
    let (email, password, secret) = upstream::users::SEED_USERS
        .iter()
        .find(|(_, _, _, secret)| !secret.is_empty())
        .map(|(e, p, _, s)| (*e, *p, *s))
        .unwrap();
    let mut jar = Jar::default();
    let token = login_token(&app, &mut jar, "/login").await;
    let fields = [("email", email), ("password", password), ("origin", "/plans"), ("_csrf", token.as_str())];
    let page = post_form(&app, "/login", &fields, &mut jar, &[]).await;
    assert_eq!((page.status, page.headers[header::LOCATION].to_str().unwrap()), (StatusCode::SEE_OTHER, "/login/2fa"));
    let pending = jar.get("portal_pending").expect("a pending login").to_owned();
    let set = page.headers.get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap()).collect::<Vec<_>>();
    let cookie = set.iter().find(|c| c.starts_with("portal_pending=")).unwrap();
    assert!(
        cookie.contains("Path=/login/2fa;") && cookie.contains("Max-Age=300"),
        "only its form, 5 minutes: {cookie}"
    );
    assert!(jar.get("portal_token").is_none());
    // Changed by the visitor (another pending token, another place to go): no login waits.
    let (payload, signature) = pending.rsplit_once('.').unwrap();
    let mut forged = jar.clone();
    let other = if signature.starts_with('A') { "B" } else { "A" };
    forged.0.insert("portal_pending".into(), format!("{payload}.{other}{}", &signature[1..]));
    let page = post_form(&app, "/login/2fa", &[("otp", "123456"), ("_csrf", &token)], &mut forged, &[]).await;
    assert_eq!((page.status, page.headers[header::LOCATION].to_str().unwrap()), (StatusCode::SEE_OTHER, "/login"));
    assert!(forged.get("portal_pending").is_none(), "the forged cookie is cleared");
    // A wrong code.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let right = upstream::users::totp(secret, now).unwrap();
    let wrong = format!("{:06}", (right.parse::<u32>().unwrap() + 500_000) % 1_000_000);
    let page = post_form(&app, "/login/2fa", &[("otp", &wrong), ("_csrf", &token)], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.body);
    assert!(jar.get("portal_token").is_none());
    // The right one.
    let page = post_form(&app, "/login/2fa", &[("otp", &right), ("_csrf", &token)], &mut jar, &[]).await;
    assert_eq!((page.status, page.headers[header::LOCATION].to_str().unwrap()), (StatusCode::SEE_OTHER, "/plans"));
    assert!(jar.get("portal_token").is_some() && jar.get("portal_pending").is_none());
    assert_eq!(state(&visit(&app, "/plans", &mut jar).await)["session"]["email"], email);
}

#[tokio::test]
async fn an_expired_access_token_is_refreshed_and_a_revoked_session_logs_out() {
    let app = portal(&[], "").await;
    let (email, password, _) = seed("buyer");
    let mut jar = Jar::default();
    let token = login_token(&app, &mut jar, "/login").await;
    let fields = [("email", email), ("password", password), ("_csrf", token.as_str())];
    post_form(&app, "/login", &fields, &mut jar, &[]).await;
    let first_refresh = jar.get("portal_refresh_token").unwrap().to_owned();
    // Without an access token (as after it expired) the refresh token gets a new pair.
    jar.0.remove("portal_token");
    let page = visit(&app, "/contracts", &mut jar).await;
    assert_eq!(state(&page)["session"]["email"], email);
    assert!(jar.get("portal_token").is_some());
    assert_ne!(jar.get("portal_refresh_token").unwrap(), first_refresh, "refresh tokens rotate");
    // Two requests at once with the same spent-to-be refresh token both stay logged in.
    jar.0.remove("portal_token");
    let (mut ja, mut jb) = (jar.clone(), jar.clone());
    let (a, b) = tokio::join!(visit(&app, "/plans", &mut ja), visit(&app, "/tenders", &mut jb));
    let (a, b) = (state(&a)["session"].clone(), state(&b)["session"].clone());
    assert_eq!((a["email"].as_str(), b["email"].as_str()), (Some(email), Some(email)));
    assert_eq!(ja.get("portal_refresh_token"), jb.get("portal_refresh_token"), "both got the one new pair");
    let jar = ja;
    // A forged access token gets nothing: the users API does not know it.
    let mut forged = Jar::default();
    forged.0.insert(
        "portal_token".into(),
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEsInR5cGUiOiJjcGUiLCJleHAiOjk5OTk5OTk5OTl9.AAAA".into(),
    );
    let page = visit(&app, "/tenders", &mut forged).await;
    assert!(state(&page)["session"].is_null());
    assert!(forged.get("portal_token").is_none(), "the forged cookie is cleared");
    // Revoked behind the portal's back: the next page is logged out, its cookies cleared.
    let refresh = jar.get("portal_refresh_token").unwrap().to_owned();
    let revoked: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/auth/token/revoke", upstream_url()))
        .json(&serde_json::json!({ "refresh_token": refresh }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(revoked["revoked"], 1);
    let mut stale = Jar::default();
    stale.0.insert("portal_refresh_token".into(), refresh);
    let page = visit(&app, "/tenders", &mut stale).await;
    assert!(state(&page)["session"].is_null());
    assert!(stale.get("portal_refresh_token").is_none());
}

#[tokio::test]
async fn logout_revokes_and_clears_and_hands_over_only_once() {
    let app = portal(&[], "").await;
    let (email, password, _) = seed("cpe");
    let mut jar = Jar::default();
    let token = login_token(&app, &mut jar, "/login").await;
    // The app's login: JSON, with the summary and a one-time hand-over to the old portal.
    let request = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json")
        .header(header::COOKIE, jar.header())
        .body(Body::from(serde_json::json!({"email": email, "password": password, "_csrf": token}).to_string()))
        .unwrap();
    let answer = send(&app, request, &mut jar).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let answer: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(answer["session"]["email"], email);
    let access = jar.get("portal_token").unwrap().to_owned();
    assert!(!answer.to_string().contains(&access), "the app never sees a token");
    let handover = answer["handover"].as_str().unwrap();
    let page = visit(&app, handover, &mut jar).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&access), "the hand-over page posts the token to the old portal");
    let policy = page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(policy.contains("form-action http://127.0.0.1:8081"), "{policy}");
    assert_eq!(page.headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(visit(&app, handover, &mut jar).await.status, StatusCode::NOT_FOUND, "read once");
    // Only the browser that logged in opens it, once, and not from another site.
    let mut jar2 = jar.clone();
    let (id, permission) = {
        let request = Request::post("/__handover")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json")
            .header(header::COOKIE, jar.header())
            .body(Body::from(serde_json::json!({"_csrf": answer["csrf"]}).to_string()))
            .unwrap();
        let again = send(&app, request, &mut jar2).await;
        let again: serde_json::Value = serde_json::from_str(&again.body).unwrap();
        (again["handover"].as_str().unwrap().to_owned(), jar2.get("portal_handover").unwrap().to_owned())
    };
    let mut stranger = Jar::default();
    stranger.0.insert("portal_handover".into(), permission.clone());
    assert_eq!(visit(&app, &id, &mut stranger).await.status, StatusCode::NOT_FOUND, "without the session");
    let mut no_permission = jar2.clone();
    no_permission.0.remove("portal_handover");
    assert_eq!(visit(&app, &id, &mut no_permission).await.status, StatusCode::NOT_FOUND, "without its cookie");
    let request = Request::get(&id)
        .header(header::COOKIE, jar2.header())
        .header("sec-fetch-site", "cross-site")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, request, &mut jar2.clone()).await.status, StatusCode::NOT_FOUND, "from another site");
    let page = visit(&app, &id, &mut jar2).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&access));
    assert!(jar2.get("portal_handover").is_none(), "its cookie is removed");
    // Logout.
    let refresh = jar.get("portal_refresh_token").unwrap().to_owned();
    let tenders = visit(&app, "/tenders", &mut jar).await;
    let csrf = state(&tenders)["csrf"].as_str().unwrap().to_owned();
    let page = post_form(&app, "/logout", &[("_csrf", &csrf)], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("/cabinet/logout?noRedirect=1&amp;rand="), "the old portal's logout");
    assert!(jar.get("portal_token").is_none() && jar.get("portal_refresh_token").is_none());
    let again = reqwest::Client::new()
        .post(format!("{}/auth/token/refresh", upstream_url()))
        .json(&serde_json::json!({ "refresh_token": refresh }))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 401, "the refresh token was revoked");
}

/// The recovery code the outbox holds for `email` (the newest letter to it).
async fn recovery_code(email: &str) -> String {
    let outbox: serde_json::Value =
        reqwest::get(format!("{}/dev/outbox", upstream_url())).await.unwrap().json().await.unwrap();
    let letters = outbox["hydra:member"].as_array().expect("the outbox in development mode");
    let body = letters.iter().rev().find(|l| l["to"] == email).expect("a letter")["body"].as_str().unwrap().to_owned();
    body.rsplit(' ').next().unwrap().trim().to_owned()
}

#[tokio::test]
async fn registration_goes_through_three_steps_and_recovery_sets_a_new_password() {
    let app = portal(&[], "").await;
    let mut jar = Jar::default();
    // Each choice opens the next step's fields, in the page's language.
    let first = visit(&app, "/en/registration?userGroup=seller", &mut jar).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(first.body.contains("name=\"email\"") && !first.body.contains("name=\"legalName\""));
    let token = state(&first)["csrf"].as_str().unwrap().to_owned();
    let second = visit(&app, "/en/registration?userGroup=seller&countryId=UA", &mut jar).await;
    assert!(second.body.contains("name=\"legalName\"") && second.body.contains("Kind of economic entity"));
    assert!(!second.body.contains("name=\"firstName\""));
    let third = visit(&app, "/registration?userGroup=seller&countryId=UA&incorporationCountryId=UA", &mut jar).await;
    assert!(third.body.contains("name=\"firstName\"") && third.body.contains("Прізвище"));
    // An unknown country is the users API's 400.
    assert_eq!(visit(&app, "/registration?countryId=QQ", &mut jar).await.status, StatusCode::BAD_REQUEST);

    let email = format!("new-{}@example.com", std::process::id());
    let fields = [
        ("_csrf", token.as_str()),
        ("userGroup", "seller"),
        ("countryId", "UA"),
        ("incorporationCountryId", "UA"),
        ("email", email.as_str()),
        ("password", "a-new-password-1"),
        ("legalName", "ТОВ \"Нова\""),
        ("identifier", "12345678"),
        ("classificationEconomicEntity", "legal"),
        ("firstName", "Олена"),
        ("lastName", "Нова"),
    ];
    let page = post_form(&app, "/registration", &fields, &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::CREATED, "{}", page.body);
    assert_eq!(state(&page)["data"]["form"]["body"]["registered"], email.as_str());
    assert!(page.body.contains("role=\"dialog\""), "the registration-success dialog");
    assert!(!page.body.contains("a-new-password-1"));
    // Again: the address is taken, said next to the form.
    let again = post_form(&app, "/registration", &fields, &mut jar, &[]).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    // The new account logs in, its name from the registration.
    let login = [("email", email.as_str()), ("password", "a-new-password-1"), ("_csrf", token.as_str())];
    let page = post_form(&app, "/login", &login, &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    assert_eq!(state(&visit(&app, "/plans", &mut jar).await)["session"]["name"], "Олена Нова");

    // The address is confirmed by the link of its one letter (issue 42, item 3): until
    // then no recovery letter goes to it. The link goes on to the login page.
    let code = recovery_code(&email).await;
    let confirm = get(&app, &format!("/registration/confirm?code={code}"), &[]).await;
    assert_eq!(
        (confirm.status, confirm.headers[header::LOCATION].to_str().unwrap()),
        (StatusCode::SEE_OTHER, "/login?confirmed=1")
    );
    let spent = get(&app, &format!("/en/registration/confirm?code={code}"), &[]).await;
    assert_eq!(spent.headers[header::LOCATION].to_str().unwrap(), "/en/login?confirmed=0");

    // Recovery: the same answer for an unknown address; the code works once.
    let mut visitor = Jar::default();
    let token = login_token(&app, &mut visitor, "/login/forgot").await;
    for address in ["nobody@example.com", email.as_str()] {
        let page = post_form(&app, "/login/forgot", &[("email", address), ("_csrf", &token)], &mut visitor, &[]).await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(state(&page)["data"]["form"]["body"]["sent"], true, "{address}");
    }
    let code = recovery_code(&email).await;
    let reset = [("recoveryCode", code.as_str()), ("password", "another-password-2"), ("_csrf", token.as_str())];
    let page = post_form(&app, "/login/new-password", &reset, &mut visitor, &[]).await;
    assert_eq!(
        (page.status, page.headers[header::LOCATION].to_str().unwrap()),
        (StatusCode::SEE_OTHER, "/login?reset=1")
    );
    let page = post_form(&app, "/login/new-password", &reset, &mut visitor, &[]).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "a code works once");
    assert_eq!(state(&page)["data"]["form"]["body"]["field"], "recoveryCode");
    let login = [("email", email.as_str()), ("password", "another-password-2"), ("_csrf", token.as_str())];
    let page = post_form(&app, "/login", &login, &mut visitor, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "the new password logs in: {}", page.body);
}

#[tokio::test]
async fn without_its_flag_the_cabinet_is_the_404_page_for_everyone() {
    let app = portal(&[("PORTAL_CLIENT_FEATURES_CABINET", "false")], "").await;
    let mut jar = Jar::default();
    for path in ["/icabinet", "/icabinet/settings", "/en/icabinet"] {
        let page = visit(&app, path, &mut jar).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "logged out: {path}");
    }
    let (email, password, _) = seed("buyer");
    let token = login_token(&app, &mut jar, "/login").await;
    post_form(&app, "/login", &[("email", email), ("password", password), ("_csrf", &token)], &mut jar, &[]).await;
    for path in ["/icabinet", "/icabinet/settings", "/en/icabinet"] {
        let page = visit(&app, path, &mut jar).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "logged in: {path}");
        assert!(page.headers.get(header::LOCATION).is_none(), "no redirect: {path}");
        assert!(page.body.contains("<p class=\"error-code\">404</p>"), "{path}");
    }
}

#[tokio::test]
async fn the_cabinet_shows_the_profile_and_saves_the_cpv_list() {
    let app = portal(&[("PORTAL_CLIENT_FEATURES_CABINET", "true")], "").await;
    let mut jar = Jar::default();
    // Logged out, the cabinet sends the visitor home.
    let page = visit(&app, "/icabinet", &mut jar).await;
    assert_eq!((page.status, page.headers[header::LOCATION].to_str().unwrap()), (StatusCode::FOUND, "/"));
    let (email, password, _) = seed("seller");
    let token = login_token(&app, &mut jar, "/login").await;
    post_form(&app, "/login", &[("email", email), ("password", password), ("_csrf", &token)], &mut jar, &[]).await;
    let page = visit(&app, "/icabinet", &mut jar).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains(email) && page.body.contains("ТОВ &quot;SELLER&quot;"), "profile and company");
    // The seed seller's list, parsed from its JSON string, is the picker's chosen codes.
    for code in ["45000000-7", "09100000-0"] {
        assert!(page.body.contains(&format!("name=\"cpv\" checked=\"\" value=\"{code}\"")), "{code}");
    }
    let csrf = state(&page)["csrf"].as_str().unwrap().to_owned();
    // One kept, one typed; the other unticked.
    let fields = [("_csrf", csrf.as_str()), ("cpv", "45000000-7"), ("cpv", "03000000-1")];
    let saved = post_form(&app, "/icabinet", &fields, &mut jar, &[]).await;
    assert_eq!(
        (saved.status, saved.headers[header::LOCATION].to_str().unwrap()),
        (StatusCode::SEE_OTHER, "/icabinet?saved=1")
    );
    let page = visit(&app, "/icabinet?saved=1", &mut jar).await;
    assert!(page.body.contains("checked=\"\" value=\"03000000-1\"") && !page.body.contains("value=\"09100000-0\""));
    // A code that is not one is refused, naming it.
    let refused = post_form(&app, "/icabinet", &[("_csrf", csrf.as_str()), ("cpv", "4500000-7")], &mut jar, &[]).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert_eq!(state(&refused)["data"]["form"]["body"]["field"], "cpvNotificationList[0]");
    // And the list is still the saved one after a new login.
    let mut again = Jar::default();
    let token = login_token(&app, &mut again, "/login").await;
    post_form(&app, "/login", &[("email", email), ("password", password), ("_csrf", &token)], &mut again, &[]).await;
    let page = visit(&app, "/icabinet", &mut again).await;
    assert!(page.body.contains("checked=\"\" value=\"03000000-1\""));
}

/// Logs `jar` in with the plain form (JavaScript off): 303 and the session's cookies.
async fn form_login(app: &Router, jar: &mut Jar, kind: &str) {
    let (email, password, _) = seed(kind);
    let token = login_token(app, jar, "/login").await;
    let page = post_form(app, "/login", &[("email", email), ("password", password), ("_csrf", &token)], jar, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    assert!(jar.get("portal_token").is_some());
}

#[tokio::test]
async fn another_visitor_s_anti_forgery_cookie_and_token_do_not_fit_a_session() {
    let app = portal(&[], "").await;
    // The attacker's own cookie and token, as any visitor gets them.
    let mut attacker = Jar::default();
    let attacker_token = login_token(&app, &mut attacker, "/login").await;
    let attacker_cookie = attacker.get("portal_csrf").unwrap().to_owned();

    let mut victim = Jar::default();
    let before_login = login_token(&app, &mut victim, "/login").await;
    let cookie_before = victim.get("portal_csrf").unwrap().to_owned();
    form_login(&app, &mut victim, "buyer").await;
    let cookie_after = victim.get("portal_csrf").unwrap().to_owned();
    assert_ne!(cookie_after, cookie_before, "login rotates the anti-forgery cookie");

    // The attack: the attacker's cookie planted in the victim's browser (a neighbouring
    // subdomain can set one), and the attacker's token in a form posted to the portal.
    let mut planted = victim.clone();
    planted.0.insert("portal_csrf".into(), attacker_cookie);
    let page = post_form(&app, "/logout", &[("_csrf", &attacker_token)], &mut planted, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN, "another visitor's token does not fit a session");
    // The token and cookie from before the login fit nothing after it.
    let mut old = victim.clone();
    old.0.insert("portal_csrf".into(), cookie_before);
    let page = post_form(&app, "/logout", &[("_csrf", &before_login)], &mut old, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN, "the cookie and token from before the login");
    let page = post_form(&app, "/logout", &[("_csrf", &before_login)], &mut victim.clone(), &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN, "the token from before the login with the new cookie");
    let tenders = visit(&app, "/tenders", &mut victim).await;
    assert_eq!(state(&tenders)["session"]["email"], seed("buyer").0, "the session held");

    // The session's own token works, and logout rotates the cookie again.
    let own = state(&tenders)["csrf"].as_str().unwrap().to_owned();
    let page = post_form(&app, "/logout", &[("_csrf", &own)], &mut victim, &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let cookie_out = victim.get("portal_csrf").expect("a new cookie after logout").to_owned();
    assert_ne!(cookie_out, cookie_after, "logout rotates the anti-forgery cookie");
}

#[tokio::test]
async fn over_https_the_anti_forgery_cookie_has_the_host_prefix() {
    let app = portal(&[("PORTAL_SERVER_SECURE_COOKIES", "true")], "").await;
    let page = get(&app, "/login", &[]).await;
    let cookies: Vec<&str> = page.headers.get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap()).collect();
    let csrf = cookies.iter().find(|c| c.contains("portal_csrf=")).expect("an anti-forgery cookie");
    assert!(csrf.starts_with("__Host-portal_csrf="), "{csrf}");
    assert!(csrf.contains("; Path=/;") && csrf.contains("; Secure") && !csrf.contains("Domain"), "{csrf}");
    // A plain `portal_csrf` cookie (one a neighbouring subdomain could set) is no id.
    let token = state(&page)["csrf"].as_str().unwrap().to_owned();
    let id = csrf.split(';').next().unwrap().split_once('=').unwrap().1.to_owned();
    let form = format!("_csrf={token}&email=a%40b.ua&password=x");
    let plain = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, format!("portal_csrf={id}"))
        .body(Body::from(form.clone()))
        .unwrap();
    let mut jar = Jar::default();
    assert_eq!(send(&app, plain, &mut jar).await.status, StatusCode::FORBIDDEN);
    let prefixed = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, format!("__Host-portal_csrf={id}"))
        .body(Body::from(form))
        .unwrap();
    assert_ne!(send(&app, prefixed, &mut jar).await.status, StatusCode::FORBIDDEN, "its own cookie fits");
}

#[tokio::test]
async fn a_logged_out_access_token_replayed_shows_no_session() {
    let app = portal(&[], "").await;
    let mut jar = Jar::default();
    form_login(&app, &mut jar, "seller").await;
    let stolen = jar.clone();
    let tenders = visit(&app, "/tenders", &mut jar).await;
    assert_eq!(state(&tenders)["session"]["email"], seed("seller").0);
    let csrf = state(&tenders)["csrf"].as_str().unwrap().to_owned();
    assert_eq!(post_form(&app, "/logout", &[("_csrf", &csrf)], &mut jar, &[]).await.status, StatusCode::OK);
    // The attack: the cookies from before the logout, replayed; and the access token alone.
    let mut replay = stolen.clone();
    let page = visit(&app, "/tenders", &mut replay).await;
    assert!(state(&page)["session"].is_null(), "the replayed session shows logged out");
    let mut access_only = Jar::default();
    access_only.0.insert("portal_token".into(), stolen.get("portal_token").unwrap().to_owned());
    let page = visit(&app, "/tenders", &mut access_only).await;
    assert!(state(&page)["session"].is_null(), "the replayed access token shows logged out");
    let profile = reqwest::Client::new()
        .get(format!("{}/api/users/profile", upstream_url()))
        .bearer_auth(stolen.get("portal_token").unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(profile.status(), 401, "and opens nothing at the users API");
}
