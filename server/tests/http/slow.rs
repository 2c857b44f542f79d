//! Slow readers (issue 31, item 2), replayed against the release binary: four sockets
//! with a tiny receive buffer ask for an export each and read 64 bytes every second.
//! Each held one of the four `server.maxDocumentStreams` permits for as long as it
//! liked, and every other export got `503`. Now a connection that has an answer to send
//! must send at least `server.minSendBytesPerSec` over each `server.sendWindowMs`: the
//! slow readers are disconnected, their permits come back, and exports are served.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use super::binary::Portal;
use super::*;

/// A client that asks for `path` and reads 64 bytes a second through a receive buffer
/// of about 2 KiB; answers how long the server kept it and how much it read.
fn slow_reader(port: u16, path: &'static str) -> std::thread::JoinHandle<(Duration, usize)> {
    std::thread::spawn(move || {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
        socket.set_recv_buffer_size(1024).unwrap();
        socket.connect(&SocketAddr::from(([127, 0, 0, 1], port)).into()).unwrap();
        let mut stream: TcpStream = socket.into();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n").unwrap();
        let started = Instant::now();
        let mut read = 0;
        let mut buf = [0u8; 64];
        while started.elapsed() < Duration::from_secs(60) {
            match stream.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
            std::thread::sleep(Duration::from_secs(1));
        }
        (started.elapsed(), read)
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_readers_of_exports_and_pages_are_disconnected_and_free_their_permits() {
    let url = upstream_url();
    let env = [
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM", "false".to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH", url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_USERS", url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_CDB", format!("{url}/cdb/api/2.5")),
        ("PORTAL_SERVER_MAX_DOCUMENT_STREAMS", "4".to_owned()),
        ("PORTAL_SERVER_MIN_SEND_BYTES_PER_SEC", "1024".to_owned()),
        ("PORTAL_SERVER_SEND_WINDOW_MS", "2000".to_owned()),
        // A page the kernel took whole holds nothing of the server's but its connection,
        // closed once idle.
        ("PORTAL_SERVER_KEEP_ALIVE_IDLE_MS", "3000".to_owned()),
        ("RUST_LOG", "info".to_owned()),
    ];
    let portal = Portal::start("slow-readers", &env).await;
    let before = portal.usage().await.fds;
    let readers: Vec<_> = (0..4).map(|_| slow_reader(portal.port, "/tenders.ocds.json")).collect();
    let page_reader = slow_reader(portal.port, "/tenders?sort=dateModified");
    tokio::time::sleep(Duration::from_millis(1500)).await;

    // An export asked for while the four are held: served within a few windows.
    let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();
    let started = Instant::now();
    let mut refused = 0;
    let answer = loop {
        let answer = client.get(portal.url("/tenders.ocds.json")).send().await.unwrap();
        if answer.status() != 503 {
            break answer;
        }
        refused += 1;
        assert!(started.elapsed() < Duration::from_secs(20), "exports still refused after 20 s");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    assert_eq!(answer.status(), 200);
    let body = answer.bytes().await.unwrap();
    let package: serde_json::Value = serde_json::from_slice(&body).expect("the whole export, as JSON");
    assert!(package["releases"].as_array().is_some_and(|r| !r.is_empty()) || package.is_object());
    eprintln!("served after {:?} ({refused} refusals while the slow readers held the permits)", started.elapsed());

    // Each slow reader was cut (the server's side of it is gone at once; what the
    // client's own receive buffer held it may still read, 64 bytes a second).
    let cut = |log: &str| log.matches("a client that does not read what it asked for").count();
    let started = Instant::now();
    while cut(&portal.log_tail()) < 4 && started.elapsed() < Duration::from_secs(15) {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(cut(&portal.log_tail()) >= 4, "the four export readers were cut: {}", portal.log_tail());
    // And the process holds none of the five connections any more.
    let mut fds = portal.usage().await.fds;
    while fds > before + 1 && started.elapsed() < Duration::from_secs(20) {
        tokio::time::sleep(Duration::from_millis(250)).await;
        fds = portal.usage().await.fds;
    }
    assert!(fds <= before + 1, "open descriptors {before} before the readers, {fds} after");
    // The cut resets the connection: an export reader gets at most what its own receive
    // buffer held (about 2 KiB, 64 bytes a second), then an error. The page went whole
    // into the kernel's buffers; it trickles out of them with the server's side closed.
    for reader in readers {
        let (held, read) = reader.join().unwrap();
        assert!(held < Duration::from_secs(45), "a slow export reader was held {held:?} ({read} bytes read)");
    }
    drop(page_reader);
    assert!(portal.log_tail().is_empty() || !portal.log_tail().contains("panicked"), "{}", portal.log_tail());
}

/// A reader of `path` from `from` (named in `X-Forwarded-For`, the portal trusting
/// loopback as its proxy) with a tiny receive buffer, reading 64 bytes a second, that
/// leaves after `stay` (just before the slow-reader cut) and comes back at once, until
/// `until`; answers how many times it connected.
fn reconnecting_reader(
    port: u16,
    path: &'static str,
    from: &'static str,
    stay: Duration,
    until: Instant,
) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let mut visits = 0;
        while Instant::now() < until {
            visits += 1;
            let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
            socket.set_recv_buffer_size(1024).unwrap();
            if socket.connect(&SocketAddr::from(([127, 0, 0, 1], port)).into()).is_err() {
                continue;
            }
            let mut stream: TcpStream = socket.into();
            stream.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
            let request = format!(
                "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {from}\r\nAccept-Encoding: identity\r\n\r\n"
            );
            if stream.write_all(request.as_bytes()).is_err() {
                continue;
            }
            let started = Instant::now();
            let mut buf = [0u8; 64];
            while started.elapsed() < stay && Instant::now() < until {
                match stream.read(&mut buf) {
                    Ok(0) => break,
                    Ok(_) => std::thread::sleep(Duration::from_secs(1)),
                    Err(e)
                        if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut => {}
                    Err(_) => break,
                }
            }
        }
        visits
    })
}

/// Issue 42, item 1: four readers from one address hold exports open, leave just before
/// the slow-reader cut and reconnect at once. Every export of another client is served,
/// whole, within a bounded time: the attacker's address has one document at a time, and
/// a document holds a permit only while it is being made (the spool holds the text).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_slow_readers_from_one_address_leave_exports_to_everyone_else() {
    let url = upstream_url();
    let env = [
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM", "false".to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_SEARCH", url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_USERS", url.to_owned()),
        ("PORTAL_CLIENT_ENDPOINTS_CDB", format!("{url}/cdb/api/2.5")),
        ("PORTAL_SERVER_MAX_DOCUMENT_STREAMS", "4".to_owned()),
        ("PORTAL_SERVER_MIN_SEND_BYTES_PER_SEC", "1024".to_owned()),
        ("PORTAL_SERVER_SEND_WINDOW_MS", "4000".to_owned()),
        ("PORTAL_SERVER_TRUSTED_PROXIES", "127.0.0.1".to_owned()),
        ("RUST_LOG", "info".to_owned()),
    ];
    let portal = Portal::start("reconnecting-readers", &env).await;
    let until = Instant::now() + Duration::from_secs(40);
    // Each leaves after 3 s, before the 4 s window would cut it.
    let readers: Vec<_> = (0..4)
        .map(|_| reconnecting_reader(portal.port, "/tenders.ocds.json", "203.0.113.5", Duration::from_secs(3), until))
        .collect();
    tokio::time::sleep(Duration::from_secs(2)).await;

    // Another client's exports, one after another, while the attack goes on.
    let client = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    let (mut served, mut asked, mut slowest) = (0, 0, Duration::ZERO);
    while Instant::now() + Duration::from_secs(8) < until && asked < 6 {
        asked += 1;
        let started = Instant::now();
        let answer = client
            .get(portal.url("/tenders.ocds.json"))
            .header("x-forwarded-for", "198.51.100.7")
            .send()
            .await
            .unwrap();
        let status = answer.status();
        let body = answer.bytes().await;
        let took = started.elapsed();
        slowest = slowest.max(took);
        if status == 200 && body.as_ref().is_ok_and(|b| serde_json::from_slice::<serde_json::Value>(b).is_ok()) {
            served += 1;
        }
        assert!(took < Duration::from_secs(10), "an export took {took:?} under the attack (status {status})");
    }
    let visits: usize = readers.into_iter().map(|r| r.join().unwrap()).sum();
    eprintln!("{served} of {asked} exports served whole, the slowest in {slowest:?}, while the readers connected {visits} times");
    assert_eq!(served, asked, "every export of the other client was served whole");
    assert!(visits > 8, "the readers kept reconnecting: {visits}");
    assert!(!portal.log_tail().contains("panicked"), "{}", portal.log_tail());
}
