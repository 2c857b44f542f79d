//! Issue 19's limits, headers and caches: through the in-process app, and, for what
//! lives at the connection (time-outs, the connection cap, the render queue, the
//! drain), through the real serving loop on a socket.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use server::serve::{Connections, Shutdown};
use server::{app, AppState};
use tower::ServiceExt;

use super::{config, counting_upstream, get, portal, Page};

async fn send(app: &axum::Router, request: Request<Body>) -> Page {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Page { status, headers, body: String::from_utf8_lossy(&bytes).into_owned(), bytes }
}

fn assert_secured(page: &Page, what: &str) {
    let h = &page.headers;
    let csp = h.get(header::CONTENT_SECURITY_POLICY).unwrap_or_else(|| panic!("{what}: no CSP")).to_str().unwrap();
    assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("object-src 'none'"), "{what}: {csp}");
    assert!(csp.contains("base-uri 'none'") && !csp.contains("unsafe-"), "{what}: {csp}");
    assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{what}");
    assert_eq!(h[header::REFERRER_POLICY], "strict-origin-when-cross-origin", "{what}");
    assert_eq!(h["cross-origin-opener-policy"], "same-origin", "{what}");
    assert!(h["permissions-policy"].to_str().unwrap().contains("camera=()"), "{what}");
    // Served over http here: HSTS would be ignored by browsers and is not sent.
    assert!(!h.contains_key(header::STRICT_TRANSPORT_SECURITY), "{what}");
}

#[tokio::test]
async fn every_response_carries_the_security_headers_and_https_adds_hsts() {
    let app = portal(&[], "").await;
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{}/web/dist/client/manifest.json", super::ROOT)).unwrap(),
    )
    .unwrap();
    let entry = format!("/{}", manifest["entry"].as_str().unwrap());
    let long = format!("/tenders?keyword={}", "a".repeat(9000));
    let pages = [
        ("/", StatusCode::OK),
        ("/tenders?status[0]=active", StatusCode::OK),
        ("/__data?url=%2Finfo%2Fcontacts", StatusCode::OK),
        (entry.as_str(), StatusCode::OK),
        ("/assets/missing-ABCDEF.js", StatusCode::NOT_FOUND),
        ("/no/such/page", StatusCode::NOT_FOUND),
        ("/healthz", StatusCode::OK),
        ("/locales/uk/dzo.json", StatusCode::OK),
        ("/en//evil.com", StatusCode::MOVED_PERMANENTLY),
        (long.as_str(), StatusCode::URI_TOO_LONG),
    ];
    for (uri, status) in pages {
        let page = get(&app, uri, &[]).await;
        assert_eq!(page.status, status, "{uri}");
        assert_secured(&page, uri);
    }
    // An error page of the upstream, and a refused body.
    let down = portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", "http://127.0.0.1:9")], "").await;
    let page = get(&down, "/tenders", &[]).await;
    assert_eq!(page.status, StatusCode::BAD_GATEWAY);
    assert_secured(&page, "502");
    let big = send(&app, Request::post("/__mismatch").body(Body::from(vec![b'x'; 5000])).unwrap()).await;
    assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_secured(&big, "413");
    // Over https: HSTS, and insecure requests upgraded.
    let https = portal(
        &[("PORTAL_CLIENT_PUBLIC_ORIGIN", "https://portal.example"), ("PORTAL_SERVER_SECURE_COOKIES", "true")],
        "",
    )
    .await;
    let page = get(&https, "/", &[]).await;
    assert!(page.headers[header::STRICT_TRANSPORT_SECURITY].to_str().unwrap().starts_with("max-age=63072000"));
    assert!(page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("upgrade-insecure-requests"));
    // Pages load nothing the policy forbids: no inline script to run but the boot
    // script, whose hash the policy names; no style attribute.
    let home_page = get(&app, "/", &[]).await;
    let policy = home_page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().to_owned();
    let home = home_page.body;
    for script in home.split("<script").skip(1) {
        let tag = &script[..script.find('>').unwrap()];
        if tag.contains(" src=") || tag.contains("type=\"application/") {
            continue;
        }
        let text = &script[tag.len() + 1..script.find("</script>").unwrap()];
        use base64::Engine as _;
        use sha2::Digest as _;
        let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes()));
        assert!(policy.contains(&format!("'sha256-{hash}'")), "inline script the policy does not allow: <script{tag}>");
    }
    assert!(!home.contains(" style="), "a style attribute in the home page");
}

#[tokio::test]
async fn long_urls_big_headers_and_big_bodies_are_refused_before_any_work() {
    let app = portal(&[("PORTAL_SERVER_MAX_URL_BYTES", "2048"), ("PORTAL_SERVER_MAX_HEADER_BYTES", "4096")], "").await;
    let fits = format!("/tenders?keyword={}", "a".repeat(1900));
    assert_eq!(get(&app, &fits, &[]).await.status, StatusCode::OK);
    let long = format!("/tenders?keyword={}", "a".repeat(2100));
    let browser = [("accept", "text/html,*/*;q=0.8")];
    let refused = get(&app, &long, &browser).await;
    assert_eq!(refused.status, StatusCode::URI_TOO_LONG);
    // A person sees the server's own page with the refusal's code, in the address's
    // language, not a line of plain text (more in `own_pages.rs`).
    assert!(refused.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    assert!(refused.body.contains("<p class=\"status\">414</p>"), "{}", refused.body);
    assert!(refused.body.contains("<html lang=\"uk\""));
    let en = get(&app, &format!("/en/tenders?keyword={}", "a".repeat(2100)), &browser).await;
    assert_eq!(en.status, StatusCode::URI_TOO_LONG);
    assert!(en.body.contains("<html lang=\"en\"") && en.body.contains("status\">414<"));
    let cookie = "x".repeat(5000);
    let big = get(&app, "/", &[("x-filler", &cookie), browser[0]]).await;
    assert_eq!(big.status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    assert!(big.body.contains("<p class=\"status\">431</p>"));
    assert_eq!(get(&app, "/", &[("x-filler", &cookie[..3000])]).await.status, StatusCode::OK);
    // Bodies: the forms take `maxBodyBytes`, the reports a few KB.
    let form = |size: usize| {
        Request::post("/login")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(format!("email={}", "a".repeat(size))))
            .unwrap()
    };
    assert_eq!(send(&app, form(70_000)).await.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_ne!(send(&app, form(100)).await.status, StatusCode::PAYLOAD_TOO_LARGE);
    let vitals = |size: usize| {
        Request::post("/__vitals")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(vec![b' '; size]))
            .unwrap()
    };
    assert_eq!(send(&app, vitals(20_000)).await.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(send(&app, vitals(100)).await.status, StatusCode::BAD_REQUEST, "read, and not JSON");
}

#[tokio::test]
async fn the_micro_cache_keys_on_the_negotiated_encoding_and_always_sends_vary() {
    let app = portal(&[("PORTAL_SERVER_HTML_MICRO_CACHE_MS", "60000")], super::RENDER_COUNTER).await;
    // The poisoning attempt: an empty first `Accept-Encoding` line, `br` on the second.
    let request = Request::get("/info/contacts")
        .header(header::ACCEPT_ENCODING, "")
        .header(header::ACCEPT_ENCODING, "br")
        .body(Body::empty())
        .unwrap();
    let poison = send(&app, request).await;
    assert_eq!(poison.headers[header::CONTENT_ENCODING], "br");
    // A client without the header gets HTML it can read, not the kept brotli page.
    let plain = get(&app, "/info/contacts", &[]).await;
    assert!(!plain.headers.contains_key(header::CONTENT_ENCODING));
    assert!(plain.body.starts_with("<!doctype html>"), "{}", &plain.body[..plain.body.len().min(80)]);
    for page in [&poison, &plain] {
        assert_eq!(page.headers[header::VARY], "accept-encoding");
    }
    // Another spelling of the same negotiation is the same entry.
    let br = get(&app, "/info/contacts", &[("accept-encoding", "gzip;q=0.5, br")]).await;
    assert_eq!((br.headers[header::CONTENT_ENCODING].to_str().unwrap(), br.bytes.clone()), ("br", poison.bytes));
    // The language is part of the key (and of the URL): `/en` is another page.
    let en = get(&app, "/en/info/contacts", &[]).await;
    assert!(en.body.contains("<html lang=\"en\""));
    // Data for client navigation varies too.
    let data = get(&app, "/__data?url=%2Finfo%2Fcontacts", &[]).await;
    assert_eq!(data.headers[header::VARY], "accept-encoding");
}

#[tokio::test]
async fn head_prepares_no_body_and_is_answered_from_the_micro_cache() {
    // A renderHead asked to prepare a body for a HEAD fails the page (500).
    let strict = r#";{ const head = __portal.renderHead;
        __portal.renderHead = (i, headOnly) => {
            if (i.url.includes('__head') && !headOnly) throw new Error('a body was prepared for a HEAD');
            return head(i, headOnly); }; }"#;
    let (search, counts) = counting_upstream().await;
    let app =
        portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", &search), ("PORTAL_SERVER_HTML_MICRO_CACHE_MS", "60000")], strict)
            .await;
    let head = |uri: &str| Request::head(uri).body(Body::empty()).unwrap();
    let page = send(&app, head("/tenders?keyword=__head")).await;
    assert_eq!(page.status, StatusCode::OK, "HEAD rendered without a body");
    assert!(page.bytes.is_empty());
    assert!(page.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    let missing = send(&app, head("/__head/none")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // A page the micro-cache has: HEAD reads it from there, with its length, and asks
    // the upstream nothing.
    let full = get(&app, "/tenders?classification[0]=03100000-2", &[]).await;
    assert_eq!(full.status, StatusCode::OK);
    let asked = counts.lock().unwrap().get("/api/tenders").copied();
    let cached = send(&app, head("/tenders?classification[0]=03100000-2")).await;
    assert_eq!(cached.status, StatusCode::OK);
    assert!(cached.bytes.is_empty());
    assert_eq!(cached.headers[header::CONTENT_LENGTH].to_str().unwrap(), full.bytes.len().to_string());
    assert_eq!(counts.lock().unwrap().get("/api/tenders").copied(), asked);
}

#[tokio::test]
async fn paths_with_doubled_slashes_redirect_and_no_written_link_leaves_the_site() {
    let app = portal(&[], "").await;
    for (from, to) in
        [("/en//evil.com", "/en/evil.com"), ("//evil.com/x?a=1", "/evil.com/x?a=1"), ("/en/tenders//", "/en/tenders/")]
    {
        let page = get(&app, from, &[]).await;
        assert_eq!(page.status, StatusCode::MOVED_PERMANENTLY, "{from}");
        assert_eq!(page.headers[header::LOCATION], to, "{from}");
    }
    let page = get(&app, "/en/evil.com", &[]).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    for href in page.body.split("href=\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]) {
        assert!(!href.starts_with("//") && !href.starts_with("/\\"), "a link leaves the site: {href}");
    }
    assert_eq!(get(&app, "/__data?url=%2F%2Fevil.com", &[]).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_missing_asset_is_not_cached_and_a_present_one_is_kept_a_year() {
    let app = portal(&[], "").await;
    let missing = get(&app, "/assets/entry-client-NOTTHERE.js", &[]).await;
    assert_eq!(
        (missing.status, missing.headers[header::CACHE_CONTROL].to_str().unwrap()),
        (StatusCode::NOT_FOUND, "no-store")
    );
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{}/web/dist/client/manifest.json", super::ROOT)).unwrap(),
    )
    .unwrap();
    let present = get(&app, &format!("/{}", manifest["entry"].as_str().unwrap()), &[]).await;
    assert_eq!(present.headers[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    // Another release's version of the translations (a rolling deploy) is not kept a
    // year under that version: what this replica has is another text.
    let other = get(&app, "/locales/uk/dzo.json?v=000000000000", &[]).await;
    assert_eq!((other.status, other.headers[header::CACHE_CONTROL].to_str().unwrap()), (StatusCode::OK, "no-store"));
    let locale = get(&app, "/locales/xx/dzo.json?v=1", &[]).await;
    assert_eq!(
        (locale.status, locale.headers[header::CACHE_CONTROL].to_str().unwrap()),
        (StatusCode::NOT_FOUND, "no-store")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_is_503_while_a_thread_cannot_replace_its_isolate() {
    // Isolates made after `broken_after` fail to start; `/__loop` renders forever, so its
    // isolate is replaced, and the replacement fails.
    let broken_after = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() + 4000;
    let script = format!(
        r#";if (Date.now() > {broken_after}) throw new Error('no isolate for you');
        {{ const real = __portal.render; __portal.render = (i) => {{ if (i.url === '/__loop' && !i.error) for (;;) {{}} return real(i); }}; }}"#
    );
    let state = AppState::new(config(&[]));
    state.start_renderer(&script, false).await.unwrap();
    let router = app(state.clone());
    assert_eq!(get(&router, "/healthz", &[]).await.status, StatusCode::OK);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    assert!(now < broken_after, "the renderer took too long to start for this test");
    tokio::time::sleep(Duration::from_millis((broken_after - now + 50) as u64)).await;
    assert_eq!(get(&router, "/__loop", &[]).await.status, StatusCode::INTERNAL_SERVER_ERROR);
    let health = get(&router, "/healthz", &[]).await;
    assert_eq!(
        (health.status, health.body.as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, "1 of 1 serving threads cannot render\n")
    );
}

/// The portal served the way `main` serves it: one thread, its current-thread runtime,
/// its own isolate, the real accept loop. Answers the port and the shutdown handle.
pub(super) fn serve_on_thread(
    extra: &[(&str, &str)],
    script: &'static str,
) -> (u16, Shutdown, std::thread::JoinHandle<()>) {
    let config = config(extra);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let shutdown = Shutdown::default();
    let stopping = shutdown.clone();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let state = AppState::new(config);
            state.start_renderer(script, true).await.unwrap();
            state.ready().unwrap().pool.host().unwrap();
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            ready_tx.send(()).unwrap();
            let router = app(state.clone());
            server::serve::serve(listener, state.clone(), router, Connections::default(), stopping).await.unwrap();
            state.ready().unwrap().pool.unhost();
        });
    });
    ready_rx.recv_timeout(Duration::from_secs(60)).expect("the portal started");
    (port, shutdown, thread)
}

/// One request on a fresh connection: the status line and headers, and the body.
fn raw_get(port: u16, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (head.to_owned(), body.to_owned())
}

/// Whether the server closed `stream` (read answers end of file or a reset) within `wait`.
pub(super) fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return false
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn slow_headers_and_idle_connections_are_closed_and_the_connection_cap_answers_503() {
    let (port, shutdown, thread) = serve_on_thread(
        &[
            ("PORTAL_SERVER_HEADER_READ_TIMEOUT_MS", "400"),
            ("PORTAL_SERVER_KEEP_ALIVE_IDLE_MS", "30000"),
            ("PORTAL_SERVER_MAX_CONNECTIONS", "3"),
        ],
        "",
    );
    // A head that never completes is cut off at the header time-out.
    let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHo").unwrap();
    let started = Instant::now();
    assert!(closed_within(&mut slow, Duration::from_secs(3)), "a slow head is cut off");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(300) && took < Duration::from_millis(2500), "{took:?}");
    // Three connections held open; the fourth gets a fast 503 with Retry-After.
    let held: Vec<TcpStream> = (0..3).map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    let (head, _) = raw_get(port, "/");
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    assert!(head.to_ascii_lowercase().contains("retry-after: 1"), "{head}");
    assert!(started.elapsed() < Duration::from_millis(500), "{:?}", started.elapsed());
    drop(held);
    // Every answer tells the client how long an idle connection stays open (a second
    // short of the head timer, at least 1 s), so that a client never sends its next
    // request into a connection the server is closing.
    std::thread::sleep(Duration::from_millis(200));
    let (head, _) = raw_get(port, "/robots.txt");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.to_ascii_lowercase().contains("keep-alive: timeout=1"), "{head}");
    std::thread::sleep(Duration::from_millis(100));
    assert!(raw_get(port, "/healthz").0.starts_with("HTTP/1.1 200"));
    shutdown.begin();
    thread.join().unwrap();

    // A kept-alive connection that goes quiet after its answer is closed when idle
    // (here long before the header time-out would close it).
    let (port, shutdown, thread) = serve_on_thread(
        &[("PORTAL_SERVER_HEADER_READ_TIMEOUT_MS", "30000"), ("PORTAL_SERVER_KEEP_ALIVE_IDLE_MS", "400")],
        "",
    );
    let mut idle = TcpStream::connect(("127.0.0.1", port)).unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut buf = [0u8; 1024];
    idle.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let n = idle.read(&mut buf).unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let started = Instant::now();
    assert!(closed_within(&mut idle, Duration::from_secs(3)), "an idle connection is closed");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(250) && took < Duration::from_millis(2500), "{took:?}");
    shutdown.begin();
    thread.join().unwrap();
}

#[test]
fn a_full_queue_of_pages_answers_fast_503s_and_serves_again_after() {
    // The search answers after 1.5 s: pages pile up waiting for it; two may wait.
    let search = tokio::runtime::Runtime::new().unwrap();
    let slow = search.block_on(super::faulty_upstream(vec![], vec!["/api/tenders".to_owned()]));
    let (port, shutdown, thread) =
        serve_on_thread(&[("PORTAL_SERVER_MAX_WAITING_RENDERS", "2"), ("PORTAL_CLIENT_ENDPOINTS_SEARCH", &slow)], "");
    let clients: Vec<_> = (0..8)
        .map(|n| {
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(20 * n));
                let started = Instant::now();
                let (head, _) = raw_get(port, "/tenders?status[0]=active");
                (head.lines().next().unwrap_or_default().to_owned(), head, started.elapsed())
            })
        })
        .collect();
    let answers: Vec<(String, String, Duration)> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let lines: Vec<_> = answers.iter().map(|(line, _, took)| (line, took)).collect();
    let refused: Vec<_> = answers.iter().filter(|(line, _, _)| line.starts_with("HTTP/1.1 503")).collect();
    let served = answers.iter().filter(|(line, _, _)| line.starts_with("HTTP/1.1 200")).count();
    assert_eq!((refused.len(), served), (6, 2), "{lines:?}");
    for (_, head, took) in &refused {
        assert!(head.to_ascii_lowercase().contains("retry-after: 1"), "{head}");
        assert!(*took < Duration::from_millis(400), "a refusal must be fast: {took:?}");
    }
    // Once they are answered, pages are served again.
    assert!(raw_get(port, "/info/contacts").0.starts_with("HTTP/1.1 200"));
    shutdown.begin();
    thread.join().unwrap();
    drop(search);
}

#[test]
fn shutdown_lets_the_request_in_flight_finish_and_accepts_no_more() {
    let slow = r#";{ const real = __portal.render;
        __portal.render = (i) => { if (i.url.endsWith('?slow')) { const end = Date.now() + 350; while (Date.now() < end) {} }
          return real(i); }; }"#;
    let (port, shutdown, thread) = serve_on_thread(&[("PORTAL_SERVER_SHUTDOWN_GRACE_MS", "5000")], slow);
    let in_flight = std::thread::spawn(move || raw_get(port, "/info/contacts?slow"));
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    shutdown.begin();
    let (head, body) = in_flight.join().unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(body.ends_with("</body></html>"), "the page in flight is whole");
    thread.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert!(TcpStream::connect(("127.0.0.1", port)).is_err(), "no longer listening");
}

#[test]
fn the_portal_process_drains_and_exits_on_sigterm() {
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let root = super::ROOT;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_portal"))
        .current_dir(root)
        .env("PORT", port.to_string())
        .env("PORTAL_SERVER_EMBEDDED_UPSTREAM", "false")
        .env("PORTAL_CLIENT_ENDPOINTS_SEARCH", super::upstream_url())
        .env("PORTAL_CLIENT_ENDPOINTS_USERS", super::upstream_url())
        .env("PORTAL_RENDERER_ISOLATES", "1")
        .env("PORTAL_SERVER_SESSION_SECRET", "a-test-secret-of-the-tests-own-32-chars-or-more")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !raw_get_ok(port) {
        assert!(Instant::now() < deadline, "the portal did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    // A keep-alive connection is open and idle; SIGTERM closes it and the process ends.
    let mut open = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let started = Instant::now();
    let killed = std::process::Command::new("kill").arg("-TERM").arg(child.id().to_string()).status().unwrap();
    assert!(killed.success());
    assert!(closed_within(&mut open, Duration::from_secs(5)), "the idle connection is closed");
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the portal did not exit on SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
}

fn raw_get_ok(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else { return false };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let _ = stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}
