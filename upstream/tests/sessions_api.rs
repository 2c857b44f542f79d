//! Login sessions end when their owner ends them (issue 31, items 1 and 3), replayed
//! over real HTTP as an attacker would: the old portal's session is a token of its own
//! that opens nothing else and ends with the login session that opened it, and an
//! access token whose session was logged out, or whose password was changed, opens
//! nothing though it has not expired.

mod common;

use common::{fresh, http, http_post, serve, Wire};
use std::net::SocketAddr;

const BUYER: &str = r#"{"email":"buyer@example.com","password":"buyer-password-1"}"#;
const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

struct Login {
    access: String,
    refresh: String,
}

async fn log_in(addr: SocketAddr) -> Login {
    let r = http_post(addr, "/auth", BUYER, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    Login {
        access: r.body["token"].as_str().unwrap().to_owned(),
        refresh: r.body["refresh_token"].as_str().unwrap().to_owned(),
    }
}

async fn profile(addr: SocketAddr, bearer: &str) -> u16 {
    http(addr, "GET", "/api/users/profile", &[("authorization", &format!("Bearer {bearer}"))], "").await.status
}

/// Opens an old-portal session with `jwt`: its cookie (`old_session=…`), or the refusal.
async fn old_portal(addr: SocketAddr, jwt: &str) -> Result<String, Wire> {
    let r = http(addr, "POST", "/old", &[FORM], &format!("jwt={jwt}")).await;
    if r.status != 200 {
        return Err(r);
    }
    Ok(r.header("set-cookie").unwrap().split(';').next().unwrap().to_owned())
}

async fn is_guest(addr: SocketAddr, cookie: &str) -> bool {
    let check = http(addr, "GET", "/old/checkAuth.php?rand=1", &[("cookie", cookie)], "").await;
    assert_eq!(check.status, 200, "{}", check.text);
    check.body["isGuest"] == true
}

async fn revoke(addr: SocketAddr, refresh: &str, bearer: Option<&str>) -> Wire {
    http_post(addr, "/auth/token/revoke", &format!(r#"{{"refresh_token":"{refresh}"}}"#), bearer).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_old_portal_s_session_opens_nothing_else_and_ends_with_the_login() {
    let addr = serve(fresh(|_| {})).await;
    let login = log_in(addr).await;
    let cookie = old_portal(addr, &login.access).await.unwrap();
    assert!(!is_guest(addr, &cookie).await);
    let session = cookie.strip_prefix("old_session=").unwrap();

    // The attack: the old portal's session used as a users-API credential.
    assert_eq!(profile(addr, session).await, 401, "not a bearer token");
    let as_portal_cookie = format!("portal_token={session}");
    let company = http(addr, "GET", "/api/users/profile/company", &[("cookie", &as_portal_cookie)], "").await;
    assert_eq!(company.status, 401);
    // Posted again, it opens no fresh session.
    let again = old_portal(addr, session).await.unwrap_err();
    assert_eq!(again.status, 401, "{}", again.text);
    assert!(again.header("set-cookie").is_none());

    // Logout ends it, though its 12 hours are not over.
    assert_eq!(revoke(addr, &login.refresh, None).await.status, 200);
    assert!(is_guest(addr, &cookie).await, "logout ends the old portal's session");
    // And the stolen access token cannot open another one.
    assert_eq!(old_portal(addr, &login.access).await.unwrap_err().status, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_password_ends_the_old_portal_s_session_and_every_access_token() {
    let addr = serve(fresh(|c| c.dev = true)).await;
    let login = log_in(addr).await;
    let refreshed =
        http_post(addr, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{}"}}"#, login.refresh), None).await.body
            ["token"]
            .as_str()
            .unwrap()
            .to_owned();
    let cookie = old_portal(addr, &login.access).await.unwrap();
    assert_eq!(
        http_post(addr, "/api/users/forgot-password", r#"{"email":"buyer@example.com"}"#, None).await.status,
        200
    );
    let outbox = http(addr, "GET", "/dev/outbox", &[], "").await;
    let letter = outbox.body["hydra:member"].as_array().unwrap().last().unwrap()["body"].as_str().unwrap().to_owned();
    let code = letter.rsplit(": ").next().unwrap().trim();
    let changed = http_post(
        addr,
        "/api/users/new-password",
        &format!(r#"{{"recoveryCode":"{code}","password":"a-new-password-2"}}"#),
        None,
    )
    .await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert!(is_guest(addr, &cookie).await, "a new password ends the old portal's session");
    for token in [&login.access, &refreshed] {
        assert_eq!(profile(addr, token).await, 401, "a new password ends every access token of the account");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_logged_out_access_token_opens_nothing() {
    let addr = serve(fresh(|_| {})).await;
    let login = log_in(addr).await;
    // Rotated once: the session's tokens old and new are all ended by the logout.
    let next =
        http_post(addr, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{}"}}"#, login.refresh), None).await;
    let (access2, refresh2) =
        (next.body["token"].as_str().unwrap().to_owned(), next.body["refresh_token"].as_str().unwrap().to_owned());
    assert_eq!(profile(addr, &login.access).await, 200);
    assert_eq!(profile(addr, &access2).await, 200);

    // Another login of the same user is another session: it stays.
    let other = log_in(addr).await;

    let out = revoke(addr, &refresh2, None).await;
    assert_eq!(out.status, 200, "{}", out.text);
    assert_eq!(out.body["sessionEnded"], true);
    for token in [&login.access, &access2] {
        assert_eq!(profile(addr, token).await, 401, "the replayed access token opens nothing after logout");
    }
    let cart = http(addr, "GET", "/api/users/cart", &[("authorization", &format!("Bearer {access2}"))], "").await;
    assert_eq!(cart.status, 401, "{}", cart.text);
    assert_eq!(profile(addr, &other.access).await, 200, "the user's other session is not touched");

    // A client that holds only its access token logs out with it.
    let only_access = http_post(addr, "/auth/token/revoke", "{}", Some(&other.access)).await;
    assert_eq!(only_access.status, 200, "{}", only_access.text);
    assert_eq!(profile(addr, &other.access).await, 401);
    let refresh =
        http_post(addr, "/auth/token/refresh", &format!(r#"{{"refresh_token":"{}"}}"#, other.refresh), None).await;
    assert_eq!(refresh.status, 401, "its refresh token ended with it");
}
