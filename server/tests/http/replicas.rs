//! More than one machine (issue 19, item 6): two portal processes behind no sticky
//! load balancer, on one users service and one session secret. A session begun on one
//! is the session on the other (its tokens are in the browser's cookies), and so is
//! its cart (kept by the users service).

use super::binary::{page_state, Browser, Portal};
use super::*;

/// The session secret both replicas share (`server.sessionSecret`).
const SECRET: &str = "replicas-share-this-anti-forgery-key-0123456789";

/// An upstream of these tests' own, with a users database of its own: the second
/// factor's one-time codes are good once per account, and the other tests log the same
/// seed users in.
fn own_upstream() -> &'static str {
    static URL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    URL.get_or_init(|| spawn_upstream(|config| config.alerts_key = Some(ALERTS_KEY.to_owned())))
}

/// The saved-search alert job's key (`alerts.key`, the upstream's `UPSTREAM_ALERTS_KEY`).
const ALERTS_KEY: &str = "the-replicas-alert-job-key-0123456789";

/// A replica's configuration: on the tests' own upstream, with this session secret.
fn replica_env(secret: &str) -> Vec<(&'static str, String)> {
    let url = own_upstream();
    vec![
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM", "false".to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH", url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_USERS", url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_CDB", format!("{url}/cdb/api/2.5")),
        ("PORTAL_SERVER_SESSION_SECRET", secret.to_owned()),
    ]
}

/// Two replicas: the same configuration, neither running an upstream of its own.
async fn replicas() -> (Portal, Portal) {
    let mut env = replica_env(SECRET);
    env.push(("PORTAL_SERVER_USERS_PROXY_KEY", PROXY_KEY.to_owned()));
    env.push(("PORTAL_CLIENT_FEATURES_CABINET", "true".to_owned()));
    tokio::join!(Portal::start("replica-a", &env), Portal::start("replica-b", &env))
}

/// The cart page's items as `(productId, quantity)`.
async fn cart(browser: &mut Browser, portal: &Portal) -> Vec<(String, u64)> {
    let (status, html) = browser.get(&portal.url("/market/cart")).await.unwrap();
    assert_eq!(status, 200, "{}", &html[..html.len().min(500)]);
    let state = page_state(&html);
    let items = state["data"]["cart"]["body"]["items"].as_array().expect("the cart in the page data").iter();
    items.map(|i| (i["productId"].as_str().unwrap().to_owned(), i["quantity"].as_u64().unwrap())).collect()
}

async fn change(browser: &mut Browser, portal: &Portal, body: serde_json::Value) -> serde_json::Value {
    let (status, answer) = browser.post_json(&portal.url("/market/cart"), body).await.unwrap();
    assert_eq!((status, &answer["ok"]), (200, &serde_json::json!(true)), "{answer}");
    answer
}

fn seed(kind: &str) -> (&'static str, &'static str) {
    let (email, password, _, _) = upstream::users::SEED_USERS.iter().find(|(e, _, _, _)| e.starts_with(kind)).unwrap();
    (email, password)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_begun_on_one_replica_reads_and_changes_its_cart_on_the_other() {
    let (a, b) = replicas().await;
    let products: serde_json::Value =
        reqwest::get(format!("{}/api/products?status[]=active&perPage=2", own_upstream()))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
    let id = |i: usize| products["hydra:member"][i]["id"].as_str().unwrap().to_owned();
    let (first, second) = (id(0), id(1));
    let (email, password) = seed("cpe");

    let mut browser = Browser::new();
    let token = browser.log_in(&a.url(""), email, password).await;
    // B never saw this browser: its cookies are the whole session.
    let (status, html) = browser.get(&b.url("/icabinet")).await.unwrap();
    assert_eq!(status, 200, "{}", &html[..html.len().min(500)]);
    assert_eq!(page_state(&html)["session"]["email"], email);
    assert!(html.contains(email), "the cabinet shows the profile's e-mail");
    assert!(cart(&mut browser, &b).await.is_empty(), "the cart of a new users database");

    // Changed through A, read through B; the form token A gave is good on B.
    change(&mut browser, &a, serde_json::json!({ "productId": first, "quantity": "2", "_csrf": token })).await;
    assert_eq!(cart(&mut browser, &b).await, vec![(first.clone(), 2)]);
    change(&mut browser, &b, serde_json::json!({ "productId": second, "quantity": "3", "_csrf": token })).await;
    change(
        &mut browser,
        &b,
        serde_json::json!({ "action": "set", "productId": first, "quantity": "5", "_csrf": token }),
    )
    .await;
    assert_eq!(cart(&mut browser, &a).await, vec![(first.clone(), 5), (second.clone(), 3)]);
    assert_eq!(cart(&mut browser, &b).await, vec![(first.clone(), 5), (second.clone(), 3)]);

    // The access token gone (as when it expires): B refreshes with the refresh token A's
    // login got, and A takes the rotated pair B set.
    let spent = browser.cookies.get("portal_refresh_token").unwrap().to_owned();
    browser.cookies.apply(&{
        let mut h = reqwest::header::HeaderMap::new();
        h.insert("set-cookie", "portal_token=; Max-Age=0".parse().unwrap());
        h
    });
    let (_, html) = browser.get(&b.url("/tenders")).await.unwrap();
    assert_eq!(page_state(&html)["session"]["email"], email, "B refreshed the session");
    assert_ne!(browser.cookies.get("portal_refresh_token"), Some(spent.as_str()), "the pair rotated");
    let (_, html) = browser.get(&a.url("/plans")).await.unwrap();
    assert_eq!(page_state(&html)["session"]["email"], email, "A takes the pair B set");

    // Logged out through B: A's pages are logged out too.
    let (status, _) = browser.post_json(&b.url("/logout"), serde_json::json!({ "_csrf": token })).await.unwrap();
    assert_eq!(status, 200);
    assert!(browser.cookies.get("portal_token").is_none() && browser.cookies.get("portal_refresh_token").is_none());
    let (status, html) = browser.get(&a.url("/market/cart")).await.unwrap();
    assert_eq!(status, 404, "no session, no cart");
    assert!(page_state(&html)["session"].is_null());

    // Leave the cart as it was found.
    let token = browser.log_in(&b.url(""), email, password).await;
    for product in [first, second] {
        change(&mut browser, &a, serde_json::json!({ "action": "remove", "productId": product, "_csrf": token })).await;
    }
    assert!(cart(&mut browser, &b).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_factor_login_begun_on_one_replica_is_finished_on_the_other() {
    let (a, b) = replicas().await;
    let (email, password, secret) = upstream::users::SEED_USERS
        .iter()
        .find(|(_, _, _, secret)| !secret.is_empty())
        .map(|(e, p, _, s)| (*e, *p, *s))
        .unwrap();
    let mut browser = Browser::new();
    let token = browser.csrf(&a.url("")).await.unwrap();
    let login = serde_json::json!({ "email": email, "password": password, "_csrf": token });
    let (_, answer) = browser.post_json(&a.url("/login"), login).await.unwrap();
    assert_eq!(answer["step"], "2fa", "{answer}");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let otp = upstream::users::totp(secret, now).unwrap();
    let (_, answer) =
        browser.post_json(&b.url("/login/2fa"), serde_json::json!({ "otp": otp, "_csrf": token })).await.unwrap();
    assert_eq!(answer["ok"], true, "{answer}");
    let (_, html) = browser.get(&a.url("/tenders")).await.unwrap();
    assert_eq!(page_state(&html)["session"]["email"], email);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hand_over_of_a_login_on_one_replica_is_read_on_the_other() {
    let (a, b) = replicas().await;
    let (email, password) = seed("buyer");
    let mut browser = Browser::new();
    let token = browser.csrf(&a.url("")).await.unwrap();
    let login = serde_json::json!({ "email": email, "password": password, "_csrf": token });
    let (_, answer) = browser.post_json(&a.url("/login"), login).await.unwrap();
    let handover = answer["handover"].as_str().unwrap_or_else(|| panic!("{answer}")).to_owned();
    let (status, _) = browser.get(&b.url(&handover)).await.unwrap();
    assert_eq!(status, 200, "the browser's next request may reach the other replica");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_requests_refreshing_one_session_on_two_replicas_both_stay_logged_in() {
    let (a, b) = replicas().await;
    let (email, password) = seed("buyer");
    let mut browser = Browser::new();
    browser.log_in(&a.url(""), email, password).await;
    let cookie = browser.cookies.header();
    let without_access: String =
        cookie.split("; ").filter(|c| !c.starts_with("portal_token=")).collect::<Vec<_>>().join("; ");
    let http = super::binary::client();
    let visit = |url: String| {
        let (http, cookie) = (http.clone(), without_access.clone());
        async move { http.get(url).header("cookie", cookie).send().await.unwrap().text().await.unwrap() }
    };
    let (one, other) = tokio::join!(visit(a.url("/tenders")), visit(b.url("/plans")));
    assert_eq!(page_state(&one)["session"]["email"], email);
    assert_eq!(page_state(&other)["session"]["email"], email);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_logged_out_on_one_replica_is_logged_out_on_the_other_at_once() {
    let (a, b) = replicas().await;
    let (email, password) = seed("seller");
    let mut browser = Browser::new();
    let token = browser.log_in(&a.url(""), email, password).await;
    // Both replicas have served the session (a replica that kept what it learned would
    // go on believing it).
    for portal in [&a, &b] {
        let (_, html) = browser.get(&portal.url("/tenders")).await.unwrap();
        assert_eq!(page_state(&html)["session"]["email"], email);
    }
    let stolen = browser.cookies.clone();
    let (status, _) = browser.post_json(&a.url("/logout"), serde_json::json!({ "_csrf": token })).await.unwrap();
    assert_eq!(status, 200);
    // The attack: the cookies from before the logout, replayed at once on either replica.
    for portal in [&b, &a] {
        let mut thief = Browser::new();
        thief.cookies = stolen.clone();
        let (_, html) = thief.get(&portal.url("/tenders")).await.unwrap();
        assert!(page_state(&html)["session"].is_null(), "logged out on {}", portal.url(""));
    }
}

/// A replica without the shared secret would refuse every form another replica rendered:
/// outside development mode the portal does not start without one, nor with a short one,
/// and it does start from a key file. In development mode (`UPSTREAM_DEV=1`) an empty
/// secret is a random one per process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_without_the_shared_secret_refuses_to_start() {
    let base = replica_env;
    for (secret, says) in [("", "not set"), ("short-secret", "12 characters")] {
        let (status, log) = Portal::refused("no-secret", &base(secret)).await;
        assert!(!status.success(), "{status}");
        assert!(log.contains("server.sessionSecret") && log.contains(says), "{log}");
    }
    let dir = super::binary::TempDir::new("secret-file");
    let file = dir.0.join("secret");
    std::fs::write(&file, format!("{SECRET}\n")).unwrap();
    let mut from_file = base("");
    from_file.push(("PORTAL_SERVER_SESSION_SECRET_FILE", file.display().to_string()));
    let portal = Portal::start("secret-file", &from_file).await;
    assert_eq!(reqwest::get(portal.url("/healthz")).await.unwrap().status(), 200);
    let mut development = base("");
    development.push(("UPSTREAM_DEV", "1".to_owned()));
    let portal = Portal::start("development", &development).await;
    assert!(portal.log_tail().contains("development mode"), "{}", portal.log_tail());
}

/// With alerts on in both replicas, one of them runs each round: the one holding the
/// job's lease in the users API. The other skips its turns while the lease is held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_with_alerts_on_run_one_round_between_them() {
    let url = own_upstream();
    let mut env = replica_env(SECRET);
    env.extend([
        ("PORTAL_ALERTS_ENABLED", "true".to_owned()),
        ("PORTAL_ALERTS_INTERVAL_SECONDS", "10".to_owned()),
        ("PORTAL_ALERTS_KEY", ALERTS_KEY.to_owned()),
        ("RUST_LOG", "warn,server::alerts=debug".to_owned()),
    ]);
    let (a, b) = tokio::join!(Portal::start("alerts-a", &env), Portal::start("alerts-b", &env));
    const RAN: &str = "this replica ran the job";
    const SKIPPED: &str = "another replica holds the job";
    let turns = |portal: &Portal| {
        let log = portal.log_tail();
        (log.matches(RAN).count(), log.matches(SKIPPED).count())
    };
    // Both take their first turn as soon as they serve, and their second one interval
    // later: wait for two turns each.
    let started = std::time::Instant::now();
    while [&a, &b].iter().any(|p| turns(p).0 + turns(p).1 < 2) {
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "{}\n{}", a.log_tail(), b.log_tail());
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let (ta, tb) = (turns(&a), turns(&b));
    // One replica ran every round, the other none.
    assert!(
        (ta.0 >= 2 && ta.1 == 0 && tb.0 == 0 && tb.1 >= 2) || (tb.0 >= 2 && tb.1 == 0 && ta.0 == 0 && ta.1 >= 2),
        "a: {ta:?}, b: {tb:?}\n{}\n{}",
        a.log_tail(),
        b.log_tail()
    );
    // The lease is held: a third holder is refused.
    let third = reqwest::Client::new()
        .post(format!("{url}/api/jobs/alerts/lease"))
        .bearer_auth(ALERTS_KEY)
        .json(&serde_json::json!({ "holder": "a-third-replica", "seconds": 30 }))
        .send()
        .await
        .unwrap();
    assert_eq!(third.status(), 409);
}
