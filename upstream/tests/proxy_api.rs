//! The embedded upstream as an outsider on the same machine meets it (issue 31, item
//! 8): it believes `X-Forwarded-For` only from its configured proxies, the portal among
//! them known by its key rather than by its loopback address, and it holds a client no
//! longer than the portal would (slow headers, idle connections).

mod common;

use common::{fresh, http, serve};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const KEY: &str = "the-portal-s-proxy-key-0123456789abcdef";

/// An upstream configured as the portal embeds it: no trusted addresses, a proxy key,
/// and short limits for the test.
fn embedded() -> upstream::AppState {
    fresh(|c| {
        c.trusted_proxies.clear();
        c.proxy_key = Some(KEY.to_owned());
        c.limits.header_read = Duration::from_millis(500);
        c.limits.idle = Duration::from_millis(800);
    })
}

async fn wrong_password(addr: std::net::SocketAddr, n: usize, extra: &[(&str, &str)]) -> u16 {
    let body = format!(r#"{{"email":"nobody{n}@example.com","password":"wrong-password-{n}"}}"#);
    let mut headers = vec![("content-type", "application/json")];
    headers.extend_from_slice(extra);
    http(addr, "POST", "/auth", &headers, &body).await.status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loopback_client_naming_a_fresh_address_each_time_is_still_throttled() {
    let addr = serve(embedded()).await;
    let mut statuses = Vec::new();
    // The attack: thirty guesses from loopback, each claiming another client address.
    for n in 0..30 {
        let forwarded = format!("198.51.100.{n}");
        statuses.push(wrong_password(addr, n, &[("x-forwarded-for", &forwarded)]).await);
    }
    let throttled = statuses.iter().filter(|s| **s == 429).count();
    assert!(throttled >= 20, "the header is not believed from loopback: {statuses:?}");
    // A wrong key is no key.
    let wrong = wrong_password(addr, 99, &[("x-forwarded-for", "198.51.100.99"), ("x-proxy-key", "guess")]).await;
    assert_eq!(wrong, 429);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyed_portal_names_each_visitor_s_address() {
    let addr = serve(embedded()).await;
    let mut statuses = Vec::new();
    for n in 0..30 {
        let forwarded = format!("203.0.113.{n}");
        statuses.push(wrong_password(addr, n, &[("x-forwarded-for", &forwarded), ("x-proxy-key", KEY)]).await);
    }
    assert!(statuses.iter().all(|s| *s == 401), "each visitor counted on its own: {statuses:?}");
    // The same visitor through the portal is slowed down as itself.
    let mut one = Vec::new();
    for n in 100..110 {
        one.push(wrong_password(addr, n, &[("x-forwarded-for", "203.0.113.200"), ("x-proxy-key", KEY)]).await);
    }
    assert!(one.contains(&429), "{one:?}");
}

/// True when the server closes `stream` within `wait` (a read gives 0 or an error).
async fn closed_within(stream: &mut tokio::net::TcpStream, wait: Duration) -> bool {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    while started.elapsed() < wait {
        match tokio::time::timeout(wait - started.elapsed(), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_header_and_idle_connections_are_closed() {
    let addr = serve(embedded()).await;
    // A head that never ends.
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /lists/countries.json HTTP/1.1\r\nhost: x\r\n").await.unwrap();
    assert!(closed_within(&mut slow, Duration::from_secs(3)).await, "a slow head is closed");
    // A kept-alive connection that goes quiet after its answer.
    let mut idle = tokio::net::TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /lists/countries.json HTTP/1.1\r\nhost: x\r\n\r\n").await.unwrap();
    assert!(closed_within(&mut idle, Duration::from_secs(4)).await, "an idle connection is closed");
    // Nothing is held: a new connection is served.
    assert_eq!(http(addr, "GET", "/lists/countries.json", &[], "").await.status, 200);
}
