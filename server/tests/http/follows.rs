//! Following a record through the portal, against the real users API: the follow form's
//! bad input and bounds, each said as such; forged forms refused; the e-mails' one-click
//! unsubscribe; and the real mail job, run twice, writing one e-mail of a change.

use super::accounts::{login_token, post_form, seed, send, state, visit, Jar};
use super::*;

/// The text a page shows for a translation (`follow.errors.email`), escaped as React does.
fn shown(language: &str, key: &str) -> String {
    let t = translations(language);
    let text = key.split('.').fold(&t, |v, k| &v[k]).as_str().unwrap_or_else(|| panic!("{key}")).to_owned();
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#x27;")
}

/// A tender of the shared upstream: its 32-hex id and tenderID.
async fn a_tender() -> (String, String) {
    tender_of(upstream_url()).await
}

/// The first tender an upstream lists: its 32-hex id and tenderID.
async fn tender_of(url: &str) -> (String, String) {
    let body: serde_json::Value =
        reqwest::get(format!("{url}/api/tenders?perPage=1")).await.unwrap().json().await.unwrap();
    let tender = &body["hydra:member"][0];
    (tender["id"].as_str().unwrap().to_owned(), tender["tenderID"].as_str().unwrap().to_owned())
}

/// Posts the anonymous follow form of a tender's page.
async fn ask(app: &Router, key: &str, fields: &[(&str, &str)], jar: &mut Jar, extra: &[(&str, &str)]) -> Page {
    post_form(app, &format!("/tenders/{key}/follow"), fields, jar, extra).await
}

#[tokio::test]
async fn the_follow_form_says_what_was_wrong_with_its_input() {
    let app = portal(&[], "").await;
    let (id, key) = a_tender().await;
    let mut jar = Jar::default();
    // A bad address: 400, said, and kept in its field to correct it.
    let page =
        ask(&app, &key, &[("target", &id), ("action", "follow"), ("email", "not-an-address")], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.body.contains(&shown("uk", "follow.errors.email")), "{}", page.body);
    assert_eq!(state(&page)["data"]["form"]["body"]["values"]["email"], "not-an-address");
    // None at all.
    let page = ask(&app, &key, &[("target", &id), ("action", "follow")], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.body.contains(&shown("uk", "follow.errors.email")));
    // Fields the form sends as they are, changed: a 400 that says so, in the page's language.
    let unavailable = shown("uk", "account.errors.unavailable");
    for (name, value) in [("target", "../users"), ("action", "delete"), ("frequency", "hourly")] {
        let mut fields = vec![("target", id.as_str()), ("action", "follow"), ("email", "a@example.com")];
        fields.retain(|(k, _)| *k != name);
        fields.push((name, value));
        let page = ask(&app, &key, &fields, &mut jar, &[]).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{name}");
        assert!(page.body.contains(&shown("uk", "follow.errors.invalid")), "{name}");
        assert!(!page.body.contains(&unavailable), "{name}: not an unavailable service");
        let en = post_form(&app, &format!("/en/tenders/{key}/follow"), &fields, &mut jar, &[]).await;
        assert!(en.body.contains(&shown("en", "follow.errors.invalid")), "{name}");
    }
    // An unknown tender: the 404 page, no 500 anywhere.
    let page = ask(&app, "UA-2000-01-01-000000-a", &[("email", "a@example.com")], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    // The right form: the letter is on its way.
    let page =
        ask(&app, &key, &[("target", &id), ("action", "follow"), ("email", "form@example.com")], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains(&shown("uk", "follow.done.confirmSent")));
}

#[tokio::test]
async fn the_follow_form_names_the_bound_it_reached() {
    let app = portal(&[], "").await;
    let (id, key) = a_tender().await;
    // One address, each ask from a client of its own: ten letters, then the hour's bound.
    let mut statuses = Vec::new();
    for _ in 0..11 {
        let mut jar = Jar::default();
        let fields = [("target", id.as_str()), ("action", "follow"), ("email", "bounded@example.com")];
        let page = ask(&app, &key, &fields, &mut jar, &[]).await;
        statuses.push(page.status);
        if page.status == StatusCode::TOO_MANY_REQUESTS {
            assert!(page.body.contains(&shown("uk", "follow.errors.limitLetters")), "{}", page.body);
            assert!(!page.body.contains(&shown("uk", "follow.errors.limitAddress")), "not the bound of follows");
        }
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 10, "{statuses:?}");
    assert_eq!(statuses[10], StatusCode::TOO_MANY_REQUESTS);
    // One client, each ask for an address of its own: twenty, then the client's bound.
    let mut jar = Jar::default();
    let mut last = None;
    for n in 0..21 {
        let email = format!("client-{n}@example.com");
        let fields = [("target", id.as_str()), ("action", "follow"), ("email", email.as_str())];
        last = Some(ask(&app, &key, &fields, &mut jar, &[]).await);
        if n < 20 {
            assert_eq!(last.as_ref().unwrap().status, StatusCode::OK, "ask {n}");
        }
    }
    let page = last.unwrap();
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    let outcome = &state(&page)["data"]["form"]["body"];
    assert_eq!(outcome["limit"], "client");
    let seconds = outcome["error"]["retryAfter"].as_u64().expect("how long to wait");
    let said = shown("uk", "follow.errors.limitClientFor").replace("{{seconds}}", &seconds.to_string());
    assert!(page.body.contains(&said), "{}", page.body);
}

#[tokio::test]
async fn a_follow_form_from_another_site_or_without_its_token_is_refused() {
    let app = portal(&[], "").await;
    let (id, key) = a_tender().await;
    let fields = [("target", id.as_str()), ("action", "follow"), ("email", "forged@example.com")];
    for cross in [[("sec-fetch-site", "cross-site")], [("origin", "https://evil.example")]] {
        let page = ask(&app, &key, &fields, &mut Jar::default(), &cross).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{cross:?}");
    }
    // Logged in: the session's token, or nothing.
    let (email, password, _) = seed("seller");
    let mut jar = Jar::default();
    let token = login_token(&app, &mut jar, "/login").await;
    let login = [("email", email), ("password", password), ("_csrf", token.as_str())];
    assert_eq!(post_form(&app, "/login", &login, &mut jar, &[]).await.status, StatusCode::SEE_OTHER);
    let page = visit(&app, &format!("/tenders/{key}"), &mut jar).await;
    let csrf = state(&page)["csrf"].as_str().unwrap().to_owned();
    let mine = [("target", id.as_str()), ("action", "follow"), ("frequency", "daily")];
    let page = ask(&app, &key, &mine, &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN, "no token");
    let mut other = Jar::default();
    let theirs = login_token(&app, &mut other, "/login").await;
    let page = ask(&app, &key, &[mine.as_slice(), &[("_csrf", theirs.as_str())]].concat(), &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN, "another visitor's token");
    let page = ask(&app, &key, &[mine.as_slice(), &[("_csrf", csrf.as_str())]].concat(), &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains(&shown("uk", "follow.done.following")));
    let unfollow = [("target", id.as_str()), ("action", "unfollow"), ("_csrf", csrf.as_str())];
    assert_eq!(ask(&app, &key, &unfollow, &mut jar, &[]).await.status, StatusCode::OK);
}

/// The e-mails an upstream's development outbox holds for `to`.
async fn mails_to(upstream: &str, to: &str) -> Vec<serde_json::Value> {
    let outbox: serde_json::Value = reqwest::get(format!("{upstream}/dev/outbox")).await.unwrap().json().await.unwrap();
    outbox["hydra:member"].as_array().unwrap().iter().filter(|m| m["to"] == to).cloned().collect()
}

/// The follower's one-click address in an e-mail's `List-Unsubscribe`, as a path.
fn one_click_path(mail: &serde_json::Value) -> String {
    let header = mail["headers"]["List-Unsubscribe"].as_str().expect("List-Unsubscribe");
    let url = header.trim_start_matches('<').trim_end_matches('>');
    url[url.find("/follow/").unwrap()..].to_owned()
}

/// POSTs a mail program's one-click unsubscribe (RFC 8058).
async fn one_click(app: &Router, path: &str) -> Page {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("List-Unsubscribe=One-Click"))
        .unwrap();
    send(app, request, &mut Jar::default()).await
}

#[tokio::test]
async fn the_one_click_unsubscribe_of_a_letter_works_twice_and_only_with_a_token() {
    // The upstream that knows the portal's origin: its letters carry links.
    let (_, app) = job_portal().await;
    let url = job_upstream();
    let (id, key) = tender_of(url).await;
    let email = "one-click@example.com";
    let fields = [("target", id.as_str()), ("action", "follow"), ("email", email)];
    assert_eq!(ask(&app, &key, &fields, &mut Jar::default(), &[]).await.status, StatusCode::OK);
    let letter = mails_to(url, email).await.pop().expect("the confirmation letter");
    assert_eq!(letter["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    let path = one_click_path(&letter);
    for _ in 0..2 {
        let page = one_click(&app, &path).await;
        assert_eq!((page.status, page.body.as_str()), (StatusCode::OK, "unsubscribed\n"));
        assert_eq!(page.headers[header::CACHE_CONTROL], "no-store");
    }
    for bad in
        ["/follow/unsubscribe?token=not-a-token", "/follow/unsubscribe?token=%3Cscript%3E", "/follow/unsubscribe"]
    {
        let page = one_click(&app, bad).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{bad}");
    }
    // The letter's confirmation link no longer confirms.
    let text = letter["body"].as_str().unwrap();
    let code =
        text.split_whitespace().find(|w| w.contains("/follow/confirm?token=")).unwrap().rsplit('=').next().unwrap();
    let confirm = reqwest::get(format!("{url}/api/follows/confirm?token={code}")).await.unwrap();
    assert_eq!(confirm.status().as_u16(), 404);
}

/// The key the mail job shares with its own upstream.
const JOB_KEY: &str = "the-follow-mail-job-key-0123456789";

/// An upstream of its own for the mail job: the job's key, the portal's origin for links.
fn job_upstream() -> &'static str {
    static URL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    URL.get_or_init(|| {
        spawn_upstream(|config| {
            config.dev = true;
            config.alerts_key = Some(JOB_KEY.to_owned());
            config.portal_origin = Some("http://portal.test".to_owned());
        })
    })
}

/// A portal over [`job_upstream`] with the job's key: its state (to run the job) and app.
async fn job_portal() -> (AppState, Router) {
    let url = job_upstream();
    let cdb = format!("{url}/cdb/api/2.5");
    let state = AppState::new(config(&[
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH", url),
        ("PORTAL_CLIENT_ENDPOINTS_USERS", url),
        ("PORTAL_CLIENT_ENDPOINTS_CDB", cdb.as_str()),
        ("PORTAL_ALERTS_KEY", JOB_KEY),
    ]));
    state.start_renderer("", true).await.unwrap();
    let app = app(state.clone());
    (state, app)
}

#[tokio::test]
async fn the_mail_job_writes_one_email_of_a_change_however_often_it_runs() {
    let url = job_upstream();
    let (state, app) = job_portal().await;
    // A tender with a deadline to move, followed without a login and confirmed.
    let body: serde_json::Value = reqwest::get(format!("{url}/api/tenders?perPage=20&status[]=active.tendering"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let tender =
        body["hydra:member"].as_array().unwrap().iter().find(|t| t["tenderPeriod"]["endDate"].is_string()).cloned();
    let tender = tender.expect("a tender taking bids");
    let (id, key) = (tender["id"].as_str().unwrap(), tender["tenderID"].as_str().unwrap());
    let email = "job@example.com";
    let fields = [("target", id), ("action", "follow"), ("email", email), ("frequency", "immediate")];
    assert_eq!(ask(&app, key, &fields, &mut Jar::default(), &[]).await.status, StatusCode::OK);
    let letter = mails_to(url, email).await.pop().expect("the confirmation letter");
    let text = letter["body"].as_str().unwrap();
    let link = text.split_whitespace().find(|w| w.starts_with("http://portal.test/follow/confirm?token=")).unwrap();
    let confirm = visit(&app, &link["http://portal.test".len()..], &mut Jar::default()).await;
    assert_eq!(confirm.status, StatusCode::OK);
    let before = server::follow_mail::run(&state).await.unwrap();
    assert_eq!(before.emails, 0, "nothing changed since: {before}");

    // The deadline moves a day later.
    let end = upstream::dates::parse(tender["tenderPeriod"]["endDate"].as_str().unwrap()).unwrap();
    let patch = serde_json::json!({"tenderPeriod": {"endDate": upstream::dates::format_kyiv(end + 86_400_000)}});
    let changed = reqwest::Client::new().post(format!("{url}/dev/cdb/tenders/{id}")).json(&patch).send().await.unwrap();
    assert_eq!(changed.status().as_u16(), 200);
    // Two runs at once, then another: one e-mail.
    let (a, b) = tokio::join!(server::follow_mail::run(&state), server::follow_mail::run(&state));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.emails + b.emails, 1, "{a} / {b}");
    assert_eq!(a.failed + b.failed, 0);
    let again = server::follow_mail::run(&state).await.unwrap();
    assert_eq!((again.due, again.emails), (0, 0), "{again}");
    let mails: Vec<_> =
        mails_to(url, email).await.into_iter().filter(|m| m["headers"]["List-Unsubscribe"].is_string()).collect();
    let changes: Vec<_> = mails.iter().filter(|m| m["body"].as_str().unwrap().contains("#timeline")).collect();
    assert_eq!(changes.len(), 1, "exactly one e-mail of the change");
    let mail = changes[0];
    let text = mail["body"].as_str().unwrap();
    assert!(mail["subject"].as_str().unwrap().starts_with(key), "{}", mail["subject"]);
    assert!(text.contains(&format!("/tenders/{key}#timeline\n")), "a link straight to it: {text}");
    assert!(text.contains("Строк подання пропозицій продовжено"), "what changed, in the follower's language: {text}");
    // Its one-click unsubscribe ends the mails.
    assert_eq!(one_click(&app, &one_click_path(mail)).await.status, StatusCode::OK);
    let patch = serde_json::json!({"tenderPeriod": {"endDate": upstream::dates::format_kyiv(end + 2 * 86_400_000)}});
    let changed = reqwest::Client::new().post(format!("{url}/dev/cdb/tenders/{id}")).json(&patch).send().await.unwrap();
    assert_eq!(changed.status().as_u16(), 200);
    let after = server::follow_mail::run(&state).await.unwrap();
    assert_eq!(after.emails, 0, "{after}");
}
