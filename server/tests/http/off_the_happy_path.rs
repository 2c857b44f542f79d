//! What the portal answers off the happy path: redirects that stay on the site, the
//! methods a 405 names, tokens kept out of the log, malformed requests.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use server::AppState;
use tower::ServiceExt;

use super::limits::{closed_within, serve_on_thread};
use super::{config, get, portal, Page};

async fn send(app: &axum::Router, method: &Method, uri: &str) -> Page {
    let request = Request::builder().method(method).uri(uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Page { status, headers, body: String::from_utf8_lossy(&bytes).into_owned(), bytes }
}

/// Whether a browser that follows `location` from `public_origin` stays on it.
fn stays_on_site(location: &str, public_origin: &str) -> bool {
    let leaves_by_slashes = location.starts_with("//") || location.starts_with("/\\") || location.starts_with('\\');
    let scheme = location.find([':', '/', '?', '#']).is_some_and(|i| location.as_bytes()[i] == b':');
    let other_host = scheme && !(location == public_origin || location.starts_with(&format!("{public_origin}/")));
    !leaves_by_slashes && !other_host && !location.contains('\\') && !location.chars().any(char::is_control)
}

#[tokio::test]
async fn no_location_leaves_the_site_under_any_static_folder() {
    let app = portal(&[], "").await;
    let public_origin = config(&[]).client.public_origin.trim_end_matches('/').to_owned();
    let mut paths: Vec<String> = [
        "/locales///uk",
        "/locales//uk",
        "/locales/uk",
        "/locales/uk/",
        "/locales//uk/",
        "/locales",
        "/locales/",
        "/locales//",
        "///uk/",
        "//en/",
        "//en",
        "/newdzo//x",
        "/newdzo///uk",
        "/assets///en",
        "/%5Cevil.com",
        "/en/%2F%2Fevil.com",
    ]
    .map(str::to_owned)
    .to_vec();
    // Each static folder: itself, with slashes doubled and tripled, and a folder in it.
    for prefix in ["/assets", "/docs", "/newdzo/assets", "/newdzo/docs", "/locales"] {
        for tail in ["", "/", "//", "///uk", "//uk", "/uk", "/en", "//en/", "///evil.com", "//evil.com/x.js", "/./uk"] {
            paths.push(format!("{prefix}{tail}"));
        }
    }
    for path in &paths {
        for method in [Method::GET, Method::HEAD] {
            let page = send(&app, &method, path).await;
            if let Some(location) = page.headers.get(header::LOCATION) {
                let location = location.to_str().unwrap();
                assert!(stays_on_site(location, &public_origin), "{method} {path} → {} {location}", page.status);
            }
        }
    }
    // A folder of a static prefix is a 404 like a missing file, never a redirect.
    for path in ["/locales///uk", "/locales//uk", "/locales/uk", "/locales/uk/", "/locales/en"] {
        for method in [Method::GET, Method::HEAD] {
            let page = send(&app, &method, path).await;
            assert_eq!(page.status, StatusCode::NOT_FOUND, "{method} {path}");
            assert!(!page.headers.contains_key(header::LOCATION), "{method} {path}");
            assert_eq!(page.headers[header::CACHE_CONTROL], "no-store", "{method} {path}");
        }
    }
    // The pages' own fold of doubled slashes is unchanged.
    for (from, to) in [("///uk/", "/uk/"), ("//en/", "/en/"), ("/newdzo//x", "/newdzo/x")] {
        let page = get(&app, from, &[]).await;
        assert_eq!(
            (page.status, page.headers[header::LOCATION].to_str().unwrap()),
            (StatusCode::MOVED_PERMANENTLY, to)
        );
    }
    // A file is still served, under every prefix.
    assert_eq!(get(&app, "/locales/uk/dzo.json", &[]).await.status, StatusCode::OK);
    assert_eq!(get(&app, "/docs/agreement-uk.pdf", &[]).await.status, StatusCode::OK);
    assert_eq!(get(&app, "/newdzo/docs/agreement-en.pdf", &[]).await.status, StatusCode::OK);
}

/// The guard, outermost, over answers that would leave the site whoever wrote them;
/// same-site redirects pass as they are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_line_guard_keeps_every_location_on_the_site() {
    let state = AppState::new(config(&[]));
    let public = state.config().client.public_origin.trim_end_matches('/').to_owned();
    let answer = |location: &'static str| {
        axum::routing::get(move || async move { (StatusCode::FOUND, [(header::LOCATION, location)]) })
    };
    let app = axum::Router::new()
        .route("/slashes", answer("//uk/"))
        .route("/backslash", answer("/\\evil.com/x"))
        .route("/absolute", answer("https://evil.example/"))
        .route("/script", answer("javascript:alert(1)"))
        .route("/tab", answer("/\t/evil.example"))
        .route("/same", answer("/en/tenders?status=active"))
        .route("/login", answer("/login?back=%2Ficabinet"))
        .route("/own", answer(Box::leak(format!("{public}/en/").into_boxed_str())))
        .layer(axum::middleware::map_response_with_state(
            std::sync::Arc::<str>::from(state.config().client.public_origin.as_str()),
            |axum::extract::State(origin): axum::extract::State<std::sync::Arc<str>>,
             mut response: axum::response::Response| async move {
                server::security::keep_location_on_site(&origin, &mut response);
                response
            },
        ))
        .with_state(state);
    let own = format!("{public}/en/");
    for (path, to) in [
        ("/slashes", "/uk/"),
        ("/backslash", "/evil.com/x"),
        ("/absolute", "/"),
        ("/script", "/"),
        ("/tab", "/"),
        ("/same", "/en/tenders?status=active"),
        ("/login", "/login?back=%2Ficabinet"),
        ("/own", own.as_str()),
    ] {
        let page = get(&app, path, &[]).await;
        assert_eq!((page.status, page.headers[header::LOCATION].to_str().unwrap()), (StatusCode::FOUND, to), "{path}");
    }
}

#[tokio::test]
async fn every_405_names_the_methods_its_route_takes() {
    let app = portal(&[], "").await;
    for (method, path, allowed) in [
        (Method::DELETE, "/", "GET,HEAD"),
        (Method::POST, "/", "GET,HEAD"),
        (Method::PUT, "/tenders", "GET,HEAD"),
        (Method::POST, "/en/tenders?status=active", "GET,HEAD"),
        (Method::OPTIONS, "/info/contacts", "GET,HEAD"),
        (Method::POST, "/healthz", "GET,HEAD"),
        (Method::POST, "/robots.txt", "GET,HEAD"),
        (Method::POST, "/__data?url=%2F", "GET,HEAD"),
        (Method::PATCH, "/logout", "GET,HEAD,POST"),
        (Method::DELETE, "/en/login", "GET,HEAD,POST"),
        (Method::PUT, "/alerts/unsubscribe", "GET,HEAD,POST"),
        (Method::GET, "/__vitals", "POST"),
        (Method::PUT, "/cookie-notice", "POST"),
        (Method::DELETE, "/assets/missing.js", "GET,HEAD"),
        (Method::POST, "/newdzo/docs/agreement-uk.pdf", "GET,HEAD"),
        (Method::POST, "/locales/uk/dzo.json", "GET,HEAD"),
    ] {
        let page = send(&app, &method, path).await;
        assert_eq!(page.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        let allow = page.headers.get(header::ALLOW).unwrap_or_else(|| panic!("{method} {path}: no Allow"));
        let mut got: Vec<&str> = allow.to_str().unwrap().split(',').map(str::trim).collect();
        got.sort_unstable();
        let mut want: Vec<&str> = allowed.split(',').collect();
        want.sort_unstable();
        assert_eq!(got, want, "{method} {path}");
        assert!(!got.contains(&method.as_str()), "{method} {path}");
    }
}

/// A `tracing` writer into a shared buffer.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The page of an unsubscribe link in either language and its data for navigation,
/// with the users API down: each logs a warning that names the address it failed on.
/// This test's thread logs into a buffer, which must not hold the token.
#[tokio::test(flavor = "current_thread")]
async fn an_unsubscribe_token_never_reaches_the_log() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let down = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let app = portal(&[("PORTAL_CLIENT_ENDPOINTS_USERS", &down)], "").await;
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _log = tracing::subscriber::set_default(subscriber);
    const TOKEN: &str = "s3cret-Unsubscribe_Token";
    let page = get(&app, &format!("/alerts/unsubscribe?id=7&token={TOKEN}"), &[]).await;
    assert_eq!(page.status, StatusCode::BAD_GATEWAY);
    let en = get(&app, &format!("/en/alerts/unsubscribe?token={TOKEN}&id=7"), &[]).await;
    assert_eq!(en.status, StatusCode::BAD_GATEWAY);
    let data = get(&app, &format!("/__data?url=%2Falerts%2Funsubscribe%3Fid%3D7%26token%3D{TOKEN}"), &[]).await;
    assert_eq!(data.status, StatusCode::OK);
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(log.contains("upstream request failed"), "the failures were logged here: {log}");
    assert!(log.contains("/unsubscribe?token=…"), "{log}");
    assert!(!log.contains(TOKEN) && !log.contains("s3cret"), "{log}");
}

/// A request hyper cannot parse is answered by hyper itself, before any service runs:
/// a bare `400` with no body, and the connection closed (decision 0012).
#[test]
fn a_malformed_request_gets_hypers_bare_400_and_the_connection_is_closed() {
    let (port, shutdown, thread) = serve_on_thread(&[], "");
    for request in [
        &b"GET / HTTP/1.1\r\nHost: x\r\nno colon in this line\r\n\r\n"[..],
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n",
        b"GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
        b"G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    ] {
        let what = String::from_utf8_lossy(request).escape_debug().to_string();
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream.write_all(request).unwrap();
        let mut answer = Vec::new();
        let mut buf = [0u8; 4096];
        // Read up to the end of the head; the rest must be nothing, then the end of file.
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = stream.read(&mut buf).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(n > 0, "{what}: closed before a whole head: {:?}", String::from_utf8_lossy(&answer));
            answer.extend_from_slice(&buf[..n]);
        }
        let answer = String::from_utf8(answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        let head = head.to_ascii_lowercase();
        assert!(head.starts_with("http/1.1 400 bad request\r\n"), "{what}: {head}");
        assert!(head.contains("\r\ncontent-length: 0"), "{what}: {head}");
        assert!(head.contains("\r\nconnection: close"), "{what}: {head}");
        // What hyper writes is the status line, its length, the date and the close: no
        // document, so nothing a browser could render or sniff.
        assert!(!head.contains("content-type") && !head.contains("content-security-policy"), "{what}: {head}");
        assert_eq!(body, "", "{what}");
        assert!(closed_within(&mut stream, Duration::from_secs(5)), "{what}: the connection stays open");
    }
    // The portal serves on.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(stream, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    shutdown.begin();
    thread.join().unwrap();
}
