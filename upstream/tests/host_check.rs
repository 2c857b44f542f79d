//! The upstream answers only the host names it serves (issue 42, item 7): a page of
//! another site that a DNS rebinding points at this machine names its own host, and is
//! refused before any route, `/dev/outbox` (every recovery code) above all.

mod common;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The status of a GET naming `host` (none: no `Host` line, as HTTP/1.0 allows).
async fn status(addr: std::net::SocketAddr, path: &str, host: Option<&str>) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let host = host.map(|h| format!("host: {h}\r\n")).unwrap_or_default();
    let version = if host.is_empty() { "1.0" } else { "1.1" };
    let req = format!("GET {path} HTTP/{version}\r\n{host}connection: close\r\n\r\n");
    stream.write_all(req.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("receive");
    String::from_utf8_lossy(&raw).split(' ').nth(1).and_then(|s| s.parse().ok()).expect("status line")
}

#[tokio::test]
async fn only_the_served_host_names_are_answered() {
    let s = common::fresh(|c| {
        c.dev = true;
        c.allow_host_of("https://Search.Portal.example:8443/api");
    });
    let addr = common::serve(s).await;
    let port = addr.port();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "LOCALHOST.".into(),
        "[::1]:8081".into(),
        "search.portal.example".into(),
    ] {
        assert_eq!(status(addr, "/health", Some(&host)).await, 200, "{host}");
    }
    assert_eq!(status(addr, "/dev/outbox", Some(&format!("127.0.0.1:{port}"))).await, 200);
    for host in
        ["attacker.example", "attacker.example:8081", "127.0.0.1.attacker.example", "[::2]:8081", "portal.example"]
    {
        assert_eq!(status(addr, "/dev/outbox", Some(host)).await, 421, "{host}");
        assert_eq!(status(addr, "/api/tenders", Some(host)).await, 421, "{host}");
    }
    // A request that names no host (a local HTTP/1.0 tool) is not refused for it.
    assert_eq!(status(addr, "/health", None).await, 200);
}

#[test]
fn host_names_are_read_without_port_or_case() {
    assert_eq!(upstream::host_name("LocalHost:8081"), "localhost");
    assert_eq!(upstream::host_name("[::1]:8081"), "[::1]");
    assert_eq!(upstream::host_name("example.org."), "example.org");
    let mut cfg = upstream::UpstreamConfig::for_data_dir("data");
    cfg.allow_host_of("http://user:pw@Api.Example.org:9/x?y");
    cfg.allow_host_of("/relative");
    assert!(cfg.allowed_hosts.contains(&"api.example.org".to_string()));
    assert_eq!(cfg.allowed_hosts.len(), upstream::DEFAULT_ALLOWED_HOSTS.len() + 1);
}
