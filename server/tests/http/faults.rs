//! Faults the portal survives (issue 19, item 4), against the release binary: an
//! upstream that is down, refuses, is too slow, fails, answers garbage, a cut-off, huge
//! or endless body or a redirect gets its error page (502, 503 or 504) within the
//! deadline; a render that loops or exhausts its heap gets the 500 page, its isolate is
//! replaced and the next request is served. Each test then checks that the process
//! holds no more threads, sockets, isolates or memory than before the faults.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::binary::{client, free_port, settle, Portal, TempDir, Usage};
use super::*;

/// What the stand-in search API does when asked for a tender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    /// Reads the request and closes the connection without a word.
    Close,
    /// Reads the request and never answers.
    Hang,
    /// Sends the head at once, then the body a byte at a time, for ever.
    Trickle,
    /// 500.
    ServerError,
    /// 200 with bytes that are not text.
    Garbage,
    /// Something that is not HTTP at all.
    NotHttp,
    /// The head promises the whole tender; the connection closes half-way through it.
    Truncated,
    /// The real tender, padded past `server.upstreamMaxBytes` (valid JSON).
    Huge,
    /// A chunked body that never ends.
    Endless,
    /// 302 to the real tender on the real upstream.
    Redirect,
}

const FAULTS: [Fault; 10] = [
    Fault::Close,
    Fault::Hang,
    Fault::Trickle,
    Fault::ServerError,
    Fault::Garbage,
    Fault::NotHttp,
    Fault::Truncated,
    Fault::Huge,
    Fault::Endless,
    Fault::Redirect,
];

impl Fault {
    /// The well-formed tender id whose search answer has this fault.
    fn tender(self) -> String {
        let n = FAULTS.iter().position(|f| *f == self).unwrap();
        format!("UA-2000-01-01-{:06}-a", 100 + n)
    }

    /// The page's status: the bundle's verdict (`web/src/lib/data.ts`): not reached or
    /// not JSON → 502, a 5xx → 503, too slow → 504.
    fn status(self) -> u16 {
        match self {
            Self::Hang | Self::Trickle => 504,
            Self::ServerError => 503,
            _ => 502,
        }
    }
}

/// Upstream time limit and render deadline of these tests, in milliseconds.
const UPSTREAM_TIMEOUT_MS: u64 = 400;
const DEADLINE_MS: u64 = 500;
/// The bound of an answer: the upstream's time limit and a render's deadline, and
/// slack for a loaded two-core machine.
const WITHIN: Duration = Duration::from_millis(UPSTREAM_TIMEOUT_MS + DEADLINE_MS + 1500);
/// `server.upstreamMaxBytes` of the body-size test, and the padding past it.
const MAX_BYTES: usize = 256 * 1024;
const HUGE_PADDING: usize = 4 * MAX_BYTES;

/// A real tender of the real upstream: (its `tenderID`, the search API's answer for it).
async fn real_tender() -> (String, String) {
    let list: serde_json::Value =
        reqwest::get(format!("{}/api/tenders?perPage=1", upstream_url())).await.unwrap().json().await.unwrap();
    let id = list["hydra:member"][0]["tenderID"].as_str().unwrap().to_owned();
    let body = reqwest::get(format!("{}/api/tenders/{id}", upstream_url())).await.unwrap().text().await.unwrap();
    assert!(body.starts_with('{') && body.len() > 200, "{body}");
    (id, body)
}

/// A stand-in search API on a raw socket (so that it can misbehave below HTTP): the
/// tenders of [`Fault::tender`] get their fault, everything else is the real upstream's
/// answer. Every answer closes its connection, so the portal keeps none idle here.
async fn faulty_search() -> String {
    let real = std::sync::Arc::new(real_tender().await);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(answer(socket, real.clone()));
        }
    });
    url
}

async fn answer(mut socket: TcpStream, real: std::sync::Arc<(String, String)>) {
    let Some((method, target, body)) = read_request(&mut socket).await else { return };
    let path = target.split('?').next().unwrap_or_default();
    let fault = FAULTS.iter().copied().find(|f| path == format!("/api/tenders/{}", f.tender()));
    let head = |status: &str, extra: &str| {
        format!("HTTP/1.1 {status}\r\ncontent-type: application/json\r\nconnection: close\r\n{extra}\r\n")
    };
    let (real_id, real_body) = (&real.0, &real.1);
    let _ = match fault {
        None => {
            let http = reqwest::Client::new();
            let url = format!("{}{target}", upstream_url());
            let request = if method == "POST" {
                http.post(url).header("content-type", "application/ld+json").body(body)
            } else {
                http.get(url)
            };
            let answer = request.send().await.unwrap();
            let status = answer.status().as_u16();
            let body = answer.bytes().await.unwrap();
            let head = head(&format!("{status} X"), &format!("content-length: {}\r\n", body.len()));
            write_all(&mut socket, &[head.as_bytes(), &body].concat()).await
        }
        Some(Fault::Close) => Ok(()),
        Some(Fault::Hang) => {
            // Until the portal gives up and closes its end.
            let mut sink = [0u8; 64];
            let _ = tokio::time::timeout(Duration::from_secs(10), socket.read(&mut sink)).await;
            Ok(())
        }
        Some(Fault::Trickle) => {
            let mut sent = write_all(&mut socket, head("200 OK", "content-length: 100000\r\n").as_bytes()).await;
            let started = Instant::now();
            while sent.is_ok() && started.elapsed() < Duration::from_secs(10) {
                sent = write_all(&mut socket, b" ").await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            sent
        }
        Some(Fault::ServerError) => {
            write_all(&mut socket, (head("500 X", "content-length: 2\r\n") + "{}").as_bytes()).await
        }
        Some(Fault::Garbage) => {
            let garbage: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
            let head = head("200 OK", &format!("content-length: {}\r\n", garbage.len()));
            write_all(&mut socket, &[head.as_bytes(), &garbage].concat()).await
        }
        Some(Fault::NotHttp) => {
            write_all(&mut socket, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n").await
        }
        Some(Fault::Truncated) => {
            let head = head("200 OK", &format!("content-length: {}\r\n", real_body.len()));
            write_all(&mut socket, &[head.as_bytes(), &real_body.as_bytes()[..real_body.len() / 2]].concat()).await
        }
        Some(Fault::Huge) => {
            let body = format!("{{\"padding\":\"{}\",{}", "x".repeat(HUGE_PADDING), &real_body[1..]);
            let head = head("200 OK", &format!("content-length: {}\r\n", body.len()));
            write_all(&mut socket, &[head.as_bytes(), body.as_bytes()].concat()).await
        }
        Some(Fault::Endless) => {
            let mut sent = write_all(&mut socket, head("200 OK", "transfer-encoding: chunked\r\n").as_bytes()).await;
            let chunk = format!("{:x}\r\n{}\r\n", 64 * 1024, "x".repeat(64 * 1024));
            let started = Instant::now();
            // Until the portal stops reading (or 10 s pass: a bound of this test's own).
            while sent.is_ok() && started.elapsed() < Duration::from_secs(10) {
                sent = write_all(&mut socket, chunk.as_bytes()).await;
            }
            sent
        }
        Some(Fault::Redirect) => {
            let location = format!("location: {}/api/tenders/{real_id}\r\ncontent-length: 0\r\n", upstream_url());
            write_all(&mut socket, head("302 Found", &location).as_bytes()).await
        }
    };
}

async fn write_all(socket: &mut TcpStream, bytes: &[u8]) -> std::io::Result<()> {
    socket.write_all(bytes).await
}

/// The method, target and body of one HTTP/1.1 request.
async fn read_request(socket: &mut TcpStream) -> Option<(String, String, Vec<u8>)> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    let end = loop {
        if let Some(at) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = socket.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buffer.extend_from_slice(&chunk[..n]);
        if buffer.len() > 64 * 1024 {
            return None;
        }
    };
    let head = String::from_utf8_lossy(&buffer[..end]).into_owned();
    let mut words = head.split_whitespace();
    let (method, target) = (words.next()?.to_owned(), words.next()?.to_owned());
    let length: usize = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap_or(0)))
        .unwrap_or(0);
    let mut body = buffer[end..].to_vec();
    while body.len() < length {
        let n = socket.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        body.extend_from_slice(&chunk[..n]);
    }
    Some((method, target, body))
}

/// The portal binary with the search API at `search` and the central database at
/// `cdb`; the users API is the tests' real upstream.
async fn faulty_portal(name: &str, search: &str, cdb: &str, extra: &[(&str, String)]) -> Portal {
    let mut env = vec![
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM", "false".to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH", search.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_USERS", upstream_url().to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_CDB", cdb.to_owned()),
        ("PORTAL_SERVER_UPSTREAM_TIMEOUT_MS", UPSTREAM_TIMEOUT_MS.to_string()),
        ("PORTAL_RENDERER_DEADLINE_MS", DEADLINE_MS.to_string()),
    ];
    env.extend(extra.iter().cloned());
    Portal::start(name, &env).await
}

/// One round: every page at once; each must answer its status within [`WITHIN`].
async fn round(portal: &Portal, pages: &[(String, u16)]) {
    let http = client();
    let answers = pages.iter().map(|(path, status)| {
        let (http, url) = (http.clone(), portal.url(path));
        async move {
            let started = Instant::now();
            let answer = http.get(&url).send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
            let got = answer.status().as_u16();
            let body = answer.text().await.unwrap_or_else(|e| panic!("{path}: the page's body: {e}"));
            let took = started.elapsed();
            assert_eq!(got, *status, "{path}: {}", &body[..body.len().min(300)]);
            assert!(body.contains("<title>") && body.contains("noindex"), "{path}: the bundle's error page");
            assert!(took < WITHIN, "{path}: answered in {took:?}, past {WITHIN:?}");
            took
        }
    });
    futures_util::future::join_all(answers).await;
}

/// Faults each page in `pages` `rounds` times after `warm` rounds, then checks that the
/// portal is back to the threads, descriptors and isolates it had after the warm-up,
/// its memory within `rss_slack_mib` of it, and that it serves a good page.
async fn survives(portal: &Portal, pages: &[(String, u16)], (warm, rounds): (usize, usize), rss_slack_mib: u64) {
    // The warm-up makes what is made once (connection pools, the error pages' code
    // paths) and lets the allocator and V8's heap reach the size this load keeps them
    // at; what is left over after that is what the faults leave.
    for _ in 0..warm {
        round(portal, pages).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = portal.usage().await;
    for _ in 0..rounds {
        round(portal, pages).await;
    }
    let after =
        settle(portal, Duration::from_secs(12), |now| now.threads <= before.threads && now.fds <= before.fds + 2).await;
    println!("{} faulted requests: {}", rounds * pages.len(), before.change_to(&after));
    assert!(after.threads <= before.threads, "threads leaked: {before:?} → {after:?}\n{}", portal.log_tail());
    // Two for a connection the test's own client may still be closing.
    assert!(after.fds <= before.fds + 2, "descriptors leaked: {before:?} → {after:?}");
    assert_eq!((before.isolates, after.isolates), (2, 2), "one isolate per serving thread, before and after");
    assert!(
        after.rss_kib <= before.rss_kib + rss_slack_mib * 1024,
        "memory grew by {} MiB: {before:?} → {after:?}",
        (after.rss_kib.saturating_sub(before.rss_kib)) / 1024
    );
    let home = client().get(portal.url("/info/contacts")).send().await.unwrap();
    assert_eq!(home.status(), 200, "a good page after the faults");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_that_is_down_slow_failing_or_garbled_gets_its_error_page_in_time_and_leaks_nothing() {
    let search = faulty_search().await;
    // Nothing listens there: connections are refused.
    let refusing = format!("http://127.0.0.1:{}", free_port());
    let portal = faulty_portal("faults", &search, &refusing, &[]).await;
    let (tender, _) = real_tender().await;
    let mut pages: Vec<(String, u16)> = [
        Fault::Close,
        Fault::Hang,
        Fault::Trickle,
        Fault::ServerError,
        Fault::Garbage,
        Fault::NotHttp,
        Fault::Truncated,
    ]
    .iter()
    .map(|f| (format!("/tenders/{}", f.tender()), f.status()))
    .collect();
    pages.push((format!("/tenders/external/{tender}"), 502));
    survives(&portal, &pages, (3, 8), 16).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_endless_or_redirected_upstream_answer_gets_the_502_page_in_time_and_leaks_nothing() {
    let search = faulty_search().await;
    let extra = [("PORTAL_SERVER_UPSTREAM_MAX_BYTES", MAX_BYTES.to_string())];
    let portal = faulty_portal("limits", &search, &format!("{}/cdb/api/2.5", upstream_url()), &extra).await;
    // The real tender, small enough, is served through the same stand-in.
    let (tender, _) = real_tender().await;
    assert_eq!(client().get(portal.url(&format!("/tenders/{tender}"))).send().await.unwrap().status(), 200);
    let pages: Vec<(String, u16)> = [Fault::Huge, Fault::Endless, Fault::Redirect]
        .iter()
        .map(|f| (format!("/tenders/{}", f.tender()), f.status()))
        .collect();
    // Each huge answer is a megabyte, of which the portal reads no more than the bound:
    // the forty rounds' hundred and twenty answers kept would pass the memory bound.
    survives(&portal, &pages, (40, 40), 16).await;
}

/// The real bundle with its render entry points wrapped: `/tenders/loop` never returns,
/// `/tenders/heap` allocates until the isolate's heap is exhausted. The binary renders
/// whatever `server.webDist` holds, so the test gives it a folder of its own.
fn faulty_bundle() -> TempDir {
    let dir = TempDir::new("bundle");
    std::fs::create_dir_all(dir.0.join("server")).unwrap();
    let real = std::fs::read_to_string(format!("{ROOT}/web/dist/server/entry-server.js")).unwrap();
    let hooks = r#";for (const name of ['renderHead', 'render']) { const real = __portal[name];
        __portal[name] = (i) => {
            if (i.url === '/tenders/loop' && !i.error) { for (;;) {} }
            if (i.url === '/tenders/heap' && !i.error) { const junk = []; for (;;) junk.push(new Array(1 << 16).fill(junk.length)); }
            return real(i); }; }"#;
    std::fs::write(dir.0.join("server/entry-server.js"), real + hooks).unwrap();
    std::os::unix::fs::symlink(format!("{ROOT}/web/dist/client"), dir.0.join("client")).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_that_loops_or_exhausts_its_heap_is_replaced_and_the_process_keeps_nothing_of_it() {
    let bundle = faulty_bundle();
    let env = [
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM", "false".to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH", upstream_url().to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_USERS", upstream_url().to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_CDB", format!("{}/cdb/api/2.5", upstream_url())),
        ("PORTAL_SERVER_WEB_DIST", bundle.0.display().to_string()),
        ("PORTAL_RENDERER_DEADLINE_MS", DEADLINE_MS.to_string()),
        ("PORTAL_RENDERER_HEAP_LIMIT_MB", "64".to_owned()),
    ];
    let portal = Portal::start("renders", &env).await;
    let http = client();
    let page = |path: &'static str| {
        let (http, url) = (http.clone(), portal.url(path));
        async move {
            let started = Instant::now();
            let answer = http.get(&url).send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
            let status = answer.status().as_u16();
            let body = answer.text().await.unwrap_or_else(|e| panic!("{path}: {e}"));
            (status, body, started.elapsed())
        }
    };
    let mut before: Option<Usage> = None;
    for n in 0..7 {
        for path in ["/tenders/loop", "/tenders/heap"] {
            let (status, body, took) = page(path).await;
            assert_eq!(status, 500, "{path}: {}", &body[..body.len().min(300)]);
            assert!(body.contains("<title>"), "{path}: the 500 page is rendered by the bundle");
            assert!(took < Duration::from_millis(DEADLINE_MS + 2000), "{path}: answered in {took:?}");
            // The next request is served, by a fresh isolate where this one was.
            let (status, _, _) = page("/info/contacts").await;
            assert_eq!(status, 200, "after {path}\n{}", portal.log_tail());
        }
        if n == 0 {
            // After one of each: what replacing an isolate makes once is made.
            tokio::time::sleep(Duration::from_millis(300)).await;
            before = Some(portal.usage().await);
        }
    }
    let before = before.unwrap();
    let after = settle(&portal, Duration::from_secs(12), |now| now.threads <= before.threads).await;
    println!("12 terminated renders: {}", before.change_to(&after));
    assert!(after.threads <= before.threads, "threads leaked: {before:?} → {after:?}");
    assert!(after.fds <= before.fds + 2, "descriptors leaked: {before:?} → {after:?}");
    assert_eq!((before.isolates, after.isolates), (2, 2), "one isolate per serving thread, before and after");
    // Six isolates filled to their 64 MiB heap limit: one of them kept would pass this.
    assert!(
        after.rss_kib <= before.rss_kib + 32 * 1024,
        "memory grew by {} MiB: {before:?} → {after:?}",
        after.rss_kib.saturating_sub(before.rss_kib) / 1024
    );
}

#[tokio::test]
async fn a_render_that_exhausts_its_heap_gets_the_500_page_and_the_next_request_is_served() {
    let hog = r#";for (const name of ['renderHead', 'render']) { const real = __portal[name];
        __portal[name] = (i) => { if (i.url === '/tenders/heap' && !i.error) {
            const junk = []; for (;;) junk.push(new Array(1 << 16).fill(junk.length)); } return real(i); }; }"#;
    let app = portal(&[("PORTAL_RENDERER_HEAP_LIMIT_MB", "32")], hog).await;
    for _ in 0..3 {
        let started = Instant::now();
        let page = get(&app, "/tenders/heap", &[]).await;
        assert_eq!(page.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(page.body.contains("<title>"), "the 500 page is rendered by the bundle");
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(get(&app, "/", &[]).await.status, StatusCode::OK);
    }
}
