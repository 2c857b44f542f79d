//! HTTP behaviour of the whole portal, in-process, with the real built bundle
//! in real V8 isolates. Needs `web/dist` (`make web`).

use std::collections::HashSet;
use std::io::Read;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use server::config::Config;
use server::{app, AppState};
use tower::ServiceExt;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The real upstream over the real data (`make setup` fetches it), started once
/// per test process on its own thread and runtime, on a free port.
fn upstream_url() -> &'static str {
    static URL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    URL.get_or_init(|| {
        spawn_upstream(|config| {
            // The tests read recovery codes from the outbox.
            config.dev = true;
        })
    })
}

/// Starts an upstream over the real data with a users database of its own, on its own
/// thread and runtime and a free port, configured as embedded (the portal passes each
/// visitor's address on) and then by `configure`; answers its address.
fn spawn_upstream(configure: fn(&mut upstream::UpstreamConfig)) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        runtime.block_on(async move {
            let mut config = upstream::UpstreamConfig::for_data_dir(format!("{ROOT}/data"));
            // The portal is its proxy, known by its key (as when it embeds the upstream).
            config.proxy_key = Some(PROXY_KEY.to_owned());
            configure(&mut config);
            let state = upstream::load(config).expect("real data in data/ (run `make setup`)");
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(format!("http://{}", listener.local_addr().unwrap())).unwrap();
            upstream::serve_on(listener, state).await.unwrap();
        });
    });
    rx.recv().expect("upstream started")
}

/// The key the tests' portals present to the tests' upstreams with visitor addresses.
const PROXY_KEY: &str = "the-tests-proxy-key-0123456789abcdef";

fn config(extra: &[(&str, &str)]) -> Config {
    let url = upstream_url();
    let mut env = vec![
        ("PORTAL_SERVER_USERS_PROXY_KEY".to_owned(), PROXY_KEY.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH".to_owned(), url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_USERS".to_owned(), url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_CDB".to_owned(), format!("{url}/cdb/api/2.5")),
        ("PORTAL_SERVER_WEB_DIST".to_owned(), format!("{ROOT}/web/dist")),
        ("PORTAL_SERVER_LOCALES_DIR".to_owned(), format!("{ROOT}/locales")),
        ("PORTAL_RENDERER_ISOLATES".to_owned(), "1".to_owned()),
        // The upstream is started by the tests, not in the portal's process.
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM".to_owned(), "false".to_owned()),
        // Above the production default (2,000): these tests run side by side on two cores,
        // and one page of a busy run took past 500 ms (a 500 for a 404). The faults
        // tests set their own, short deadline.
        ("PORTAL_RENDERER_DEADLINE_MS".to_owned(), "3000".to_owned()),
    ];
    env.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
    Config::load(std::path::Path::new(&format!("{ROOT}/config/portal.json")), env).unwrap()
}

/// A portal in the shape production serves: hosted, so pages render on the serving
/// thread, which in these tests is the test's own current-thread runtime.
async fn portal(extra: &[(&str, &str)], bundle_suffix: &str) -> Router {
    let state = AppState::new(config(extra));
    state.start_renderer(bundle_suffix, true).await.unwrap();
    app(state)
}

struct Page {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
    bytes: axum::body::Bytes,
}

async fn get(app: &Router, uri: &str, headers: &[(&str, &str)]) -> Page {
    let mut request = Request::get(uri);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = app.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Page { status, headers, body: String::from_utf8_lossy(&bytes).into_owned(), bytes }
}

fn between<'a>(html: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = html.find(start)? + start.len();
    Some(&html[from..from + html[from..].find(end)?])
}

#[derive(serde::Deserialize)]
struct RouteCase {
    path: String,
    status: u16,
    location: Option<String>,
}

#[tokio::test]
async fn every_route_in_both_languages_has_status_and_head_tags() {
    // As the browser specs run it (the same route table): the cabinet on; without its
    // flag the cabinet is the 404 page (accounts.rs).
    let app = portal(&[("PORTAL_CLIENT_FEATURES_CABINET", "true")], "").await;
    let cases: Vec<RouteCase> =
        serde_json::from_str(&std::fs::read_to_string(format!("{ROOT}/e2e/routes.json")).unwrap()).unwrap();
    let mut titles = HashSet::new();
    for language in ["uk", "en"] {
        for case in &cases {
            let prefix = if language == "en" { "/en" } else { "" };
            let uri =
                if language == "en" && case.path == "/" { "/en".to_owned() } else { format!("{prefix}{}", case.path) };
            let page = get(&app, &uri, &[]).await;
            assert_eq!(page.status.as_u16(), case.status, "{uri}");
            if let Some(location) = &case.location {
                let expected =
                    if language == "en" && location == "/" { "/en".to_owned() } else { format!("{prefix}{location}") };
                assert_eq!(page.headers[header::LOCATION], expected.as_str(), "{uri}");
                continue;
            }
            let html = &page.body;
            assert!(html.starts_with(&format!("<!doctype html><html lang=\"{language}\">")), "{uri}");
            let title = between(html, "<title>", "</title>").unwrap_or_default();
            assert!(!title.trim().is_empty(), "{uri}: empty title");
            if case.status == 200 {
                assert!(titles.insert(title.to_owned()), "{uri}: title `{title}` is not unique");
            }
            let description = between(html, "<meta name=\"description\" content=\"", "\"").unwrap_or_default();
            assert!(!description.is_empty(), "{uri}: no description");
            assert!(html.contains("<link rel=\"canonical\" href=\"http://127.0.0.1:8080"), "{uri}: no canonical");
            for lang in ["uk", "en", "x-default"] {
                assert!(html.contains(&format!("<link rel=\"alternate\" hreflang=\"{lang}\"")), "{uri}: no {lang}");
            }
            let noindex = html.contains("<meta name=\"robots\" content=\"noindex\">");
            if case.path == "/js/sign" {
                assert!(noindex, "{uri}: /js/sign must be noindex");
            }
            if case.path == "/" || case.path == "/tenders" {
                assert!(!noindex, "{uri}: must be indexable");
            }
        }
    }
}

#[tokio::test]
async fn alternates_and_canonical_point_at_both_languages() {
    let app = portal(&[], "").await;
    let html = get(&app, "/en/plans", &[]).await.body;
    assert!(html.contains(r#"<link rel="canonical" href="http://127.0.0.1:8080/en/plans">"#));
    assert!(html.contains(r#"<link rel="alternate" hreflang="uk" href="http://127.0.0.1:8080/plans">"#));
    assert!(html.contains(r#"<link rel="alternate" hreflang="en" href="http://127.0.0.1:8080/en/plans">"#));
    assert!(html.contains(r#"<link rel="alternate" hreflang="x-default" href="http://127.0.0.1:8080/plans">"#));
}

#[tokio::test]
async fn a_render_that_loops_forever_gets_the_500_page_and_the_next_request_is_served() {
    // Both entry points: the page has no upstream answers, so it is rendered whole.
    let looping = r#";for (const name of ['renderHead', 'render']) { const real = __portal[name];
        __portal[name] = (i) => { if (i.url === '/tenders/loop' && !i.error) { for (;;) {} } return real(i); }; }"#;
    let app = portal(&[], looping).await;
    let started = std::time::Instant::now();
    let page = get(&app, "/tenders/loop", &[]).await;
    assert_eq!(page.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(page.body.contains("<title>"), "the 500 page is rendered by the bundle");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let next = get(&app, "/", &[]).await;
    assert_eq!(next.status, StatusCode::OK);
}

/// The server's shape: renders on the serving thread (a current-thread runtime).
#[tokio::test(flavor = "current_thread")]
async fn hosted_the_head_is_sent_before_the_body_and_a_failed_body_breaks_the_response() {
    head_first(true).await;
}

/// Worker threads render (how the other tests run).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_head_is_sent_before_the_body_and_a_failed_body_breaks_the_response() {
    head_first(false).await;
}

async fn head_first(hosted: bool) {
    // The body of `/tenders?slow=1` takes 300 ms; `?boom=1` throws after the head went out.
    let hooks = r#";{ const head = __portal.renderHead, body = __portal.renderBody; let url = '';
        __portal.renderHead = (i) => { url = i.url; return head(i); };
        __portal.renderBody = (id) => {
            if (url.endsWith('?boom=1')) throw new Error('boom');
            if (url.endsWith('?slow=1')) { const end = Date.now() + 300; while (Date.now() < end) {} }
            return body(id); }; }"#;
    let state = AppState::new(config(&[]));
    state.start_renderer(hooks, hosted).await.unwrap();
    let app = app(state.clone());
    // Compressed or not, the head is its own first piece.
    for encoding in ["identity", "br"] {
        let request = Request::get("/tenders?slow=1").header("accept-encoding", encoding).body(Body::empty()).unwrap();
        let started = std::time::Instant::now();
        let response = app.clone().oneshot(request).await.unwrap();
        let mut body = response.into_body();
        body.frame().await.unwrap().unwrap();
        let head_at = started.elapsed();
        body.collect().await.unwrap();
        let done_at = started.elapsed();
        assert!(
            done_at - head_at >= std::time::Duration::from_millis(250),
            "{encoding}: head at {head_at:?}, body at {done_at:?}"
        );
    }
    let request = Request::get("/tenders?slow=1").body(Body::empty()).unwrap();
    let started = std::time::Instant::now();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let head_at = started.elapsed();
    let first = String::from_utf8_lossy(&first).into_owned();
    assert!(first.contains("<title>") && first.ends_with("<div id=\"root\">"), "{first}");
    assert!(!first.contains("__state"));
    let rest = body.collect().await.unwrap().to_bytes();
    let done_at = started.elapsed();
    assert!(String::from_utf8_lossy(&rest).ends_with("</body></html>"));
    assert!(done_at - head_at >= std::time::Duration::from_millis(250), "head at {head_at:?}, body at {done_at:?}");

    let response = app.clone().oneshot(Request::get("/tenders?boom=1").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "the status went out with the head");
    assert!(response.into_body().collect().await.is_err(), "a page whose body failed must not look complete");
    // The isolate goes on serving.
    assert_eq!(get(&app, "/info/contacts", &[]).await.status, StatusCode::OK);
    // A page without upstream answers, and one whose answers are small (a plan: ~2 KB), are
    // rendered in one call and sent whole, with their length.
    let plans: serde_json::Value =
        reqwest::get(format!("{}/api/plans?perPage=1", upstream_url())).await.unwrap().json().await.unwrap();
    let plan = format!("/plans/{}", plans["hydra:member"][0]["planID"].as_str().expect("a plan in the real data"));
    for (uri, status) in [("/tenders/does-not-exist", StatusCode::NOT_FOUND), (plan.as_str(), StatusCode::OK)] {
        let response = app.clone().oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), status, "{uri}");
        // Its exact size is known before it is written: hyper sends it with a Content-Length.
        let length = axum::body::HttpBody::size_hint(response.body()).exact().expect("a body of known length") as usize;
        let whole = String::from_utf8(response.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
        assert_eq!(whole.len(), length);
        assert!(whole.starts_with("<!doctype html>") && whole.ends_with("</script></body></html>"), "{whole}");
        assert!(whole.contains("<div id=\"root\">") && whole.contains("<script id=\"__state\""), "{whole}");
    }
    if let Some(ready) = state.ready() {
        ready.pool.unhost();
    }
}

#[tokio::test]
async fn a_monitoring_has_one_address_and_its_tender_lists_it() {
    let app = portal(&[], "").await;
    // A real tender with a derived monitoring in the embedded upstream (see upstream/API.md).
    let (tender, monitoring) = ("UA-2026-09-15-005918-a", "UA-M-2026-10-26-000003");
    let m: serde_json::Value =
        reqwest::get(format!("{}/api/monitorings/{monitoring}", upstream_url())).await.unwrap().json().await.unwrap();
    let canonical = format!("/tenders/{tender}/monitorings/{monitoring}");
    let page = get(&app, &canonical, &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&format!(r#"<link rel="canonical" href="http://127.0.0.1:8080{canonical}">"#)));
    assert!(between(&page.body, "<title>", "</title>").unwrap().contains(monitoring));
    assert!(page.body.contains("id=\"conclusion\""), "an addressed monitoring shows its conclusion");
    // The hex id of the monitoring, or the tender's hex id, answer 301 to the one address.
    let hex = m["id"].as_str().unwrap();
    let tender_hex = m["tender_id"].as_str().unwrap();
    for uri in [
        format!("/tenders/{tender}/monitorings/{hex}"),
        format!("/tenders/{tender_hex}/monitorings/{monitoring}/decision"),
    ] {
        let page = get(&app, &uri, &[]).await;
        assert_eq!(page.status, StatusCode::MOVED_PERMANENTLY, "{uri}");
        let expected = if uri.ends_with("/decision") { format!("{canonical}/decision") } else { canonical.clone() };
        assert_eq!(page.headers[header::LOCATION], expected.as_str(), "{uri}");
    }
    // A monitoring filed under another tender moves to its own tender.
    let page = get(&app, &format!("/tenders/UA-2026-10-12-014102-a/monitorings/{monitoring}"), &[]).await;
    assert_eq!(page.headers[header::LOCATION], canonical.as_str());
    assert_eq!(
        get(&app, &format!("/tenders/{tender}/monitorings/UA-M-1999-01-01-000000"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    // The tender page lists it with a link.
    let page = get(&app, &format!("/tenders/{tender}"), &[]).await;
    assert!(page.body.contains(&format!(r#"href="{canonical}""#)), "tender page links its monitoring");
}

#[tokio::test]
async fn an_external_tender_is_read_from_the_central_database() {
    let app = portal(&[], "").await;
    let (id, tender_id, title) = first_tender().await;
    for uri in [format!("/tenders/external/{tender_id}"), format!("/tenders/external/{id}")] {
        let page = get(&app, &uri, &[]).await;
        assert_eq!(page.status, StatusCode::OK, "{uri}");
        assert!(page.body.contains("external-notice"));
        assert!(between(&page.body, "<h1", "</h1>").unwrap().contains(&title.replace('"', "&quot;")), "{uri}");
    }
    assert_eq!(get(&app, "/tenders/external/UA-1999-01-01-000000-a", &[]).await.status, StatusCode::NOT_FOUND);
    // The central database down: the 502 page, not a 404.
    let app = portal(&[("PORTAL_CLIENT_ENDPOINTS_CDB", "http://127.0.0.1:9")], "").await;
    assert_eq!(get(&app, &format!("/tenders/external/{tender_id}"), &[]).await.status, StatusCode::BAD_GATEWAY);
}

#[tokio::test]
async fn script_closing_text_in_a_search_keyword_is_rendered_inert() {
    let app = portal(&[], "").await;
    let page = get(&app, "/tenders?keyword=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains("<script>alert(1)"), "{}", page.body);
    assert!(page.body.contains("&lt;/script&gt;&lt;script&gt;alert(1)"));
    // Only our own script tags: the module entry, the state and the structured data,
    // whose text cannot close its element (`<` is written `\u003c`).
    assert_eq!(page.body.matches("<script").count(), 3);
    let json_ld = between(&page.body, r#"<script type="application/ld+json">"#, "</script>").unwrap();
    assert!(!json_ld.contains('<'), "{json_ld}");
}

async fn first_tender() -> (String, String, String) {
    let body: serde_json::Value =
        reqwest::get(format!("{}/api/tenders?perPage=1", upstream_url())).await.unwrap().json().await.unwrap();
    let tender = &body["hydra:member"][0];
    let s = |k: &str| tender[k].as_str().unwrap().to_owned();
    (s("id"), s("tenderID"), s("title"))
}

#[tokio::test]
async fn a_tender_is_served_by_its_tender_id_and_its_hex_id_redirects() {
    let app = portal(&[], "").await;
    let (id, tender_id, _) = first_tender().await;
    let page = get(&app, &format!("/tenders/{tender_id}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{tender_id}");
    let moved = get(&app, &format!("/tenders/{id}/documents"), &[]).await;
    assert_eq!(moved.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(moved.headers[header::LOCATION], format!("/tenders/{tender_id}/documents").as_str());
    let en = get(&app, &format!("/en/tenders/{id}"), &[]).await;
    assert_eq!(en.headers[header::LOCATION], format!("/en/tenders/{tender_id}").as_str());
    // Well-formed but unknown (the platform answers 404) and malformed (no request made).
    assert_eq!(get(&app, "/tenders/UA-2000-01-01-000000-a", &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/tenders/does-not-exist", &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn search_pages_list_real_tenders_with_a_normalised_canonical_link() {
    let app = portal(&[], "").await;
    let (_, tender_id, title) = first_tender().await;
    // A form's empty fields (sent without JavaScript) are left out by a redirect first.
    let sent =
        get(&app, "/tenders?page=1&status=complete&keyword=&status[]=cancelled&junk=1&perPage=7&sortOrder=", &[]).await;
    assert_eq!(sent.status, StatusCode::MOVED_PERMANENTLY);
    let location = sent.headers[header::LOCATION].to_str().unwrap();
    assert_eq!(location, "/tenders?page=1&status=complete&status%5B%5D=cancelled&junk=1&perPage=7");
    let page = get(&app, location, &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        // Percent-encoded brackets (a URL's query takes no raw `[`), one parameter order.
        page.body.contains(
            r#"<link rel="canonical" href="http://127.0.0.1:8080/tenders?status%5B0%5D=cancelled&amp;status%5B1%5D=complete">"#
        ),
        "{}",
        &page.body[..2000]
    );
    let home = get(&app, "/", &[]).await;
    assert!(home.body.contains(&tender_id), "the newest tender is listed on the home page");
    let escaped_title = title.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    assert!(home.body.contains(&escaped_title) || home.body.contains(&title));
    // A search that matches nothing is an empty state, not an error.
    let none = get(&app, "/tenders?keyword=zzzqqqxxxnothing", &[]).await;
    assert_eq!(none.status, StatusCode::OK);
}

#[tokio::test]
async fn an_unreachable_upstream_answers_the_502_page() {
    let app = portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", "http://127.0.0.1:9")], "").await;
    let page = get(&app, "/tenders", &[]).await;
    assert_eq!(page.status, StatusCode::BAD_GATEWAY);
    assert!(page.body.contains("noindex"));
}

#[tokio::test]
async fn an_upstream_answer_that_is_not_json_answers_the_502_page() {
    use axum::response::IntoResponse;
    use axum::routing::get as route_get;
    // The search answers a truncated body with status 200; everything else is valid.
    let app = Router::new().fallback(route_get(|uri: axum::http::Uri| async move {
        if uri.path() == "/api/tenders" {
            ([(header::CONTENT_TYPE, "application/json")], r#"{"hydra:member":[{"tenderID":"#).into_response()
        } else {
            axum::Json(serde_json::json!({ "hydra:member": [], "hydra:totalItems": 0 })).into_response()
        }
    }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let app = portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", &url)], "").await;
    let page = get(&app, "/tenders?classification[0]=03100000-2", &[]).await;
    assert_eq!(page.status, StatusCode::BAD_GATEWAY);
    assert!(page.body.contains("noindex"));
    // The other answers of the page still reach it intact.
    let state = between(&page.body, r#"<script id="__state" type="application/json">"#, "</script>").unwrap();
    let state: serde_json::Value = serde_json::from_str(state).unwrap();
    let data = state["data"].as_object().unwrap();
    assert_eq!(data["tenders"], serde_json::json!({ "ok": false, "failure": "invalid" }), "{data:?}");
    assert!(data.values().filter(|answer| answer["ok"] == true).count() >= 2, "{data:?}");
    // Client navigation gets the same verdict as JSON.
    let json = get(&app, "/__data?url=%2Ftenders", &[]).await;
    assert_eq!(json.status, StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&json.body).unwrap();
    assert_eq!(json["tenders"], serde_json::json!({ "ok": false, "failure": "invalid" }));
}

/// The real upstream behind a stand-in that answers `status` for the listed paths
/// (and is too slow for `slow`): faults the real one never has.
async fn faulty_upstream(faults: Vec<(String, u16)>, slow: Vec<String>) -> String {
    use axum::response::IntoResponse;
    let faults = std::sync::Arc::new((faults, slow));
    let app = Router::new().fallback(move |uri: axum::http::Uri| {
        let faults = faults.clone();
        async move {
            let path = uri.path().to_owned();
            if let Some((_, status)) = faults.0.iter().find(|(p, _)| *p == path) {
                return (StatusCode::from_u16(*status).unwrap(), "{}").into_response();
            }
            if faults.1.contains(&path) {
                tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
            }
            let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
            let real = reqwest::get(format!("{}{path}{query}", upstream_url())).await.unwrap();
            let status = StatusCode::from_u16(real.status().as_u16()).unwrap();
            (status, [(header::CONTENT_TYPE, "application/json")], real.bytes().await.unwrap()).into_response()
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// Two real tenders of the upstream: (hex id, tenderID) each.
async fn two_tenders() -> [(String, String); 2] {
    let body: serde_json::Value =
        reqwest::get(format!("{}/api/tenders?perPage=2", upstream_url())).await.unwrap().json().await.unwrap();
    let member = |i: usize| {
        let t = &body["hydra:member"][i];
        (t["id"].as_str().unwrap().to_owned(), t["tenderID"].as_str().unwrap().to_owned())
    };
    [member(0), member(1)]
}

#[tokio::test]
async fn only_required_answers_decide_the_error_page_and_a_failed_optional_one_leaves_a_note() {
    let [(_, optional_fails), (_, required_fails)] = two_tenders().await;
    let upstream = faulty_upstream(
        vec![
            (format!("/api/tenders/{optional_fails}/monitorings"), 500),
            (format!("/api/tenders/{required_fails}"), 500),
            ("/api/tenders/UA-2000-01-01-000001-a".to_owned(), 502),
        ],
        vec!["/api/tenders/UA-2000-01-01-000002-a".to_owned()],
    )
    .await;
    let app =
        portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", &upstream), ("PORTAL_SERVER_UPSTREAM_TIMEOUT_MS", "600")], "")
            .await;
    let note = translations("uk")["common"]["unavailable"].as_str().unwrap().to_owned();
    // A failed optional answer (the tender's monitorings): the page, with a note in their place.
    let page = get(&app, &format!("/tenders/{optional_fails}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    let section = between(&page.body, r#"<section id="monitorings""#, "</section>").expect("monitorings section");
    assert!(section.contains(&note), "{section}");
    assert!(!page.body.contains("noindex"));
    // A failed required answer: its error page. 5xx → 503; an upstream 502 is a 5xx like any
    // other; a time-out → 504; unreachable → 502 (`an_unreachable_upstream_answers_the_502_page`).
    for (id, status) in [
        (required_fails.as_str(), StatusCode::SERVICE_UNAVAILABLE),
        ("UA-2000-01-01-000001-a", StatusCode::SERVICE_UNAVAILABLE),
        ("UA-2000-01-01-000002-a", StatusCode::GATEWAY_TIMEOUT),
    ] {
        let page = get(&app, &format!("/tenders/{id}"), &[]).await;
        assert_eq!(page.status, status, "{id}");
        assert!(page.body.contains("noindex"), "{id}");
    }
    // Client navigation gets the answers themselves, and the bundle makes the same verdict
    // of them (e2e/verdict.spec.mjs drives that in Chromium).
    let data = get(&app, &format!("/__data?url=%2Ftenders%2F{optional_fails}"), &[]).await;
    let data: serde_json::Value = serde_json::from_str(&data.body).unwrap();
    assert_eq!(data["monitorings"], serde_json::json!({ "ok": false, "status": 500 }));
    assert_eq!(data["tender"]["ok"], true);
    let data = get(&app, "/__data?url=%2Ftenders%2FUA-2000-01-01-000002-a", &[]).await;
    let data: serde_json::Value = serde_json::from_str(&data.body).unwrap();
    assert_eq!(data["tender"], serde_json::json!({ "ok": false, "failure": "timeout" }));
}

fn translations(language: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(format!("{ROOT}/locales/{language}/dzo.json")).unwrap()).unwrap()
}

/// Wraps `renderHead` and `render` to number every render in a meta tag, so a test can tell a
/// rendered response from a kept one.
const RENDER_COUNTER: &str = r#";{ let n = 0; for (const name of ['renderHead', 'render']) { const real = __portal[name];
    __portal[name] = (i) => { const out = real(i); out[2] += '<meta name="render" content="' + (++n) + '">'; return out; }; } }"#;

fn render_number(body: &str) -> u32 {
    between(body, r#"<meta name="render" content=""#, "\"").and_then(|n| n.parse().ok()).unwrap_or(0)
}

#[tokio::test]
async fn anonymous_pages_are_micro_cached_per_encoding_and_never_with_credentials_or_errors() {
    let app = portal(&[("PORTAL_SERVER_HTML_MICRO_CACHE_MS", "400")], RENDER_COUNTER).await;
    let first = get(&app, "/info/contacts", &[]).await;
    let again = get(&app, "/info/contacts", &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(render_number(&first.body) > 0);
    assert_eq!(again.body, first.body, "the second answer is the kept one");
    // Another encoding is another entry, kept compressed.
    let br = get(&app, "/info/contacts", &[("accept-encoding", "br")]).await;
    assert_eq!(br.headers[header::CONTENT_ENCODING], "br");
    let br_again = get(&app, "/info/contacts", &[("accept-encoding", "br")]).await;
    assert_eq!(
        (br_again.headers[header::CONTENT_ENCODING].to_str().unwrap(), br_again.body.len()),
        ("br", br.body.len())
    );
    // Credentials always get a fresh render, and are not kept for others.
    let with_token = get(&app, "/info/contacts", &[("authorization", "Bearer x")]).await;
    assert!(render_number(&with_token.body) > render_number(&first.body));
    let with_cookie = get(&app, "/info/contacts", &[("cookie", "refresh_token=abc")]).await;
    assert!(render_number(&with_cookie.body) > render_number(&with_token.body));
    assert_eq!(get(&app, "/info/contacts", &[]).await.body, first.body);
    // Past the time, a new render.
    tokio::time::sleep(std::time::Duration::from_millis(450)).await;
    assert!(render_number(&get(&app, "/info/contacts", &[]).await.body) > render_number(&with_cookie.body));
    // Not-found pages are kept too (crawlers hammer them); upstream failures never are.
    let missing = get(&app, "/no/such/page", &[]).await;
    assert_eq!((missing.status, get(&app, "/no/such/page", &[]).await.body), (StatusCode::NOT_FOUND, missing.body));
    let down = portal(
        &[("PORTAL_SERVER_HTML_MICRO_CACHE_MS", "5000"), ("PORTAL_CLIENT_ENDPOINTS_SEARCH", "http://127.0.0.1:9")],
        RENDER_COUNTER,
    )
    .await;
    let a = get(&down, "/tenders", &[]).await;
    let b = get(&down, "/tenders", &[]).await;
    assert_eq!(a.status, StatusCode::BAD_GATEWAY);
    assert!(render_number(&b.body) > render_number(&a.body), "a 502 is not kept");
}

#[tokio::test]
async fn micro_caching_is_off_by_default() {
    let app = portal(&[], RENDER_COUNTER).await;
    let a = get(&app, "/info/contacts", &[]).await;
    let b = get(&app, "/info/contacts", &[]).await;
    assert!(render_number(&b.body) > render_number(&a.body));
}

/// A stand-in search API that counts the requests per path.
async fn counting_upstream() -> (String, std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, usize>>>) {
    use axum::routing::get as route_get;
    let counts = std::sync::Arc::new(std::sync::Mutex::new(std::collections::HashMap::<String, usize>::new()));
    let seen = counts.clone();
    let app = Router::new().fallback(route_get(move |uri: axum::http::Uri| {
        let seen = seen.clone();
        async move {
            *seen.lock().unwrap().entry(uri.path().to_owned()).or_default() += 1;
            axum::Json(serde_json::json!({ "hydra:member": [], "hydra:totalItems": 0 }))
        }
    }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, counts)
}

#[tokio::test]
async fn rarely_changing_upstream_answers_are_reused_and_searches_are_not() {
    let (url, counts) = counting_upstream().await;
    let app = portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", &url)], "").await;
    for _ in 0..3 {
        assert_eq!(get(&app, "/tenders?classification[0]=03100000-2", &[]).await.status, StatusCode::OK);
    }
    let counts = counts.lock().unwrap().clone();
    assert_eq!(counts.get("/api/tenders"), Some(&3), "{counts:?}");
    assert_eq!(counts.get("/api/tags"), Some(&1), "{counts:?}");
    assert_eq!(counts.get("/api/tender_funders"), Some(&1), "{counts:?}");
    assert_eq!(counts.get("/api/classifications"), Some(&1), "{counts:?}");
}

#[tokio::test]
async fn assets_html_and_translations_have_the_right_caching_and_compression() {
    // SPEC §9: assets are under /newdzo/ by default (config/portal.json), /assets/ an alias.
    let app = portal(&[], "").await;
    let home = get(&app, "/", &[("accept-encoding", "br")]).await;
    assert_eq!(home.headers[header::CACHE_CONTROL], "no-cache");
    assert_eq!(home.headers[header::CONTENT_ENCODING], "br");
    let plain = get(&app, "/", &[]).await.body;
    // Pages have their own encoder (streamed: home; whole: the 404) and decode to the
    // identity page.
    assert_eq!(home.headers[header::VARY], "accept-encoding");
    let decode = |page: &Page| {
        let mut text = String::new();
        match page.headers[header::CONTENT_ENCODING].to_str().unwrap() {
            "br" => brotli::Decompressor::new(&page.bytes[..], 4096).read_to_string(&mut text).unwrap(),
            "gzip" => flate2::read::GzDecoder::new(&page.bytes[..]).read_to_string(&mut text).unwrap(),
            other => panic!("{other}"),
        };
        text
    };
    // The page state names the moment of each render (`now`); the rest is the same page.
    let timeless = |html: &str| -> String {
        let Some(at) = html.find(r#","now":"#) else { return html.to_owned() };
        let digits = html[at + 7..].bytes().take_while(u8::is_ascii_digit).count();
        format!("{}{}", &html[..at], &html[at + 7 + digits..])
    };
    let plain = timeless(&plain);
    let decode = |page: &Page| timeless(&decode(page));
    assert_eq!(decode(&home), plain);
    assert!(home.bytes.len() * 3 < plain.len(), "{} B", home.bytes.len());
    let gzip = get(&app, "/", &[("accept-encoding", "br;q=0.5, gzip")]).await;
    assert_eq!(gzip.headers[header::CONTENT_ENCODING], "gzip");
    assert_eq!(decode(&gzip), plain);
    let missing = get(&app, "/tenders/does-not-exist", &[("accept-encoding", "gzip, deflate, br")]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.headers[header::CONTENT_ENCODING], "br");
    assert_eq!(missing.headers[header::CONTENT_LENGTH], missing.bytes.len().to_string().as_str());
    assert_eq!(decode(&missing), timeless(&get(&app, "/tenders/does-not-exist", &[]).await.body));
    let entry = between(&plain, "<meta name=\"portal:entry\" content=\"", "\"").unwrap().to_owned();
    assert!(entry.starts_with("/newdzo/assets/entry-client-"), "{entry}");
    for uri in [entry.clone(), entry.replacen("/newdzo", "", 1)] {
        let asset = get(&app, &uri, &[]).await;
        assert_eq!(asset.status, StatusCode::OK, "{uri}");
        assert_eq!(asset.headers[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    }
    let uk = get(&app, "/locales/uk/dzo.json", &[]).await;
    assert_eq!(uk.status, StatusCode::OK);
    assert_eq!(uk.headers[header::CACHE_CONTROL], "public, max-age=300");
    assert!(serde_json::from_str::<serde_json::Value>(&uk.body).unwrap()["pages"].is_object());
    // Pages do not carry their translations: the head preloads the versioned file,
    // which browsers keep, and a new text gets a new version.
    assert!(!plain.contains("__i18n\" type="), "translations are not embedded");
    let uk_link = between(&plain, "<meta name=\"portal:i18n\" content=\"", "\"").unwrap();
    assert!(
        plain.find(uk_link).unwrap() < plain.find("<meta name=\"portal:entry\"").unwrap(),
        "asked for before the entry"
    );
    // Nothing but the stylesheet is fetched before the page paints: the boot script,
    // last in the body, asks for the rest.
    let markup = &plain[..plain.rfind("<script>").unwrap()];
    assert!(!markup.contains("rel=\"modulepreload\"") && !markup.contains("<script type=\"module\""));
    let boot = AppState::new(config(&[])).manifest().boot.clone();
    assert!(boot.contains("portal:") && boot.contains("first-contentful-paint"), "the web build's boot script: {boot}");
    assert!(plain.ends_with(&format!("<script>{boot}</script></body></html>")));
    let en = get(&app, "/en", &[]).await.body;
    let en_link = between(&en, "<meta name=\"portal:i18n\" content=\"", "\"").unwrap();
    for (link, language) in [(uk_link, "uk"), (en_link, "en")] {
        let (path, version) = link.split_once("?v=").unwrap();
        assert_eq!(path, format!("/locales/{language}/dzo.json"));
        assert_eq!(version.len(), 12, "{link}");
        let file = get(&app, link, &[]).await;
        assert_eq!(file.headers[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
        let on_disk = std::fs::read_to_string(format!("{}/../locales/{language}/dzo.json", env!("CARGO_MANIFEST_DIR")));
        assert_eq!(file.body, on_disk.unwrap());
    }
    assert_ne!(uk_link, en_link);
    assert_eq!(
        server::state::translation_url("/locales", "uk", "{}"),
        server::state::translation_url("/locales/", "uk", "{}"),
        "one version per text"
    );
    assert_ne!(
        server::state::translation_url("/locales", "uk", r#"{"a":"1"}"#),
        server::state::translation_url("/locales", "uk", r#"{"a":"2"}"#),
        "a new text, a new version"
    );
}

#[tokio::test]
async fn health_is_503_until_the_pool_is_ready_and_the_embedded_upstream_serves() {
    let state = AppState::new(config(&[]));
    let router = app(state.clone());
    assert_eq!(get(&router, "/healthz", &[]).await.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(get(&router, "/", &[]).await.status, StatusCode::SERVICE_UNAVAILABLE);
    state.start_renderer("", true).await.unwrap();
    assert_eq!(get(&router, "/healthz", &[]).await.status, StatusCode::OK);
    // With an embedded upstream, ready means it serves too (e2e/ready.spec.mjs: the binary).
    let state = AppState::new(config(&[("PORTAL_SERVER_EMBEDDED_UPSTREAM", "true")]));
    let router = app(state.clone());
    state.start_renderer("", true).await.unwrap();
    let starting = get(&router, "/healthz", &[]).await;
    assert_eq!(
        (starting.status, starting.body.as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, "embedded upstream starting\n")
    );
    state.mark_upstream_serving();
    assert_eq!(get(&router, "/healthz", &[]).await.status, StatusCode::OK);
}

/// Issue 42, item 6: web-vitals reports come from this site's pages only, as JSON, small,
/// and at a bounded rate.
#[tokio::test]
async fn vitals_reports_come_from_this_site_only_small_and_at_a_rate() {
    let app = portal(&[], "").await;
    let report = r#"{"name":"LCP","value":1200,"rating":"good","path":"/tenders"}"#;
    let send = |headers: &[(&str, &str)], body: String| {
        let mut r = Request::post("/__vitals");
        for (k, v) in headers {
            r = r.header(*k, *v);
        }
        app.clone().oneshot(r.body(Body::from(body)).unwrap())
    };
    let json = ("content-type", "application/json");
    let status = |r: Result<axum::response::Response, std::convert::Infallible>| r.unwrap().status();
    // Another site: by its origin, or by the browser's own word.
    assert_eq!(
        status(send(&[json, ("origin", "https://attacker.example")], report.into()).await),
        StatusCode::FORBIDDEN
    );
    assert_eq!(status(send(&[json, ("sec-fetch-site", "cross-site")], report.into()).await), StatusCode::FORBIDDEN);
    // A form's or a text beacon's type: refused.
    for other in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        assert_eq!(
            status(send(&[("content-type", other)], report.into()).await),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{other}"
        );
    }
    assert_eq!(status(send(&[], report.into()).await), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // 2 KB of caller text: too large for a report.
    let big = format!(r#"{{"name":"LCP","value":1,"path":"{}"}}"#, "a".repeat(2_000));
    assert_eq!(status(send(&[json], big).await), StatusCode::PAYLOAD_TOO_LARGE);
    // This site's page: taken, the loopback origin included.
    let own = [json, ("origin", "http://127.0.0.1:8080"), ("sec-fetch-site", "same-origin")];
    assert_eq!(status(send(&own, report.into()).await), StatusCode::NO_CONTENT);
    // A burst: past the rate, refused.
    let mut refused = 0;
    for _ in 0..120 {
        if status(send(&own, report.into()).await) == StatusCode::TOO_MANY_REQUESTS {
            refused += 1;
        }
    }
    assert!(refused > 0, "a burst of 120 in a moment meets the rate");
}

#[tokio::test]
async fn bad_input_gets_a_clear_error() {
    let app = portal(&[], "").await;
    let beacon = |body: &'static str| {
        Request::post("/__vitals").header(header::CONTENT_TYPE, "application/json").body(Body::from(body)).unwrap()
    };
    let response = app.clone().oneshot(beacon("{not json")).await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let ok = app.clone().oneshot(beacon(r#"{"name":"LCP","value":1200}"#)).await.unwrap();
    assert_eq!(ok.status(), StatusCode::NO_CONTENT);
    assert_eq!(get(&app, "/__data", &[]).await.status, StatusCode::BAD_REQUEST);
    let data = get(&app, "/__data?url=/tenders?status=complete", &[]).await;
    assert_eq!(data.status, StatusCode::OK);
    let data: serde_json::Value = serde_json::from_str(&data.body).unwrap();
    assert_eq!(data["tenders"]["ok"], true);
    assert!(data["tenders"]["body"]["hydra:member"].as_array().unwrap().iter().all(|t| t["status"] == "complete"));
    assert_eq!(get(&app, "/__data?url=/info/contacts", &[]).await.body, "{}");
    let post = app.clone().oneshot(Request::post("/tenders").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[path = "http/accounts.rs"]
mod accounts;
#[path = "http/binary.rs"]
mod binary;
#[path = "http/cart.rs"]
mod cart;
#[path = "http/faults.rs"]
mod faults;
#[path = "http/follows.rs"]
mod follows;
#[path = "http/fuzz.rs"]
mod fuzz;
#[path = "http/kill.rs"]
mod kill;
#[path = "http/limits.rs"]
mod limits;
#[path = "http/machines.rs"]
mod machines;
#[path = "http/off_the_happy_path.rs"]
mod off_the_happy_path;
#[path = "http/own_pages.rs"]
mod own_pages;
#[path = "http/replicas.rs"]
mod replicas;
#[path = "http/slow.rs"]
mod slow;
