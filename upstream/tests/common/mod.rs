//! Shared helpers: one state over the real data folder (`make test` fetches it first),
//! and a one-shot request helper driving the real router in-process.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;
use tower::ServiceExt;
use upstream::{AppState, UpstreamConfig};

pub fn data_dir() -> PathBuf {
    std::env::var("UPSTREAM_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data"))
}

/// The configuration over the real data plus `generated` tenders.
pub fn config_with(generated: usize) -> UpstreamConfig {
    let dir = data_dir();
    assert!(
        dir.join("demo.jsonl.gz").exists(),
        "real data missing in {}: run upstream/scripts/fetch-data.sh",
        dir.display()
    );
    let mut cfg = UpstreamConfig::for_data_dir(dir);
    cfg.generated_tenders = generated;
    cfg
}

/// The state over the real data plus `generated` tenders.
pub fn state_with(generated: usize) -> AppState {
    upstream::load(config_with(generated)).expect("load upstream")
}

/// One shared state: real data + 3000 generated tenders.
pub fn state() -> AppState {
    static S: OnceLock<AppState> = OnceLock::new();
    S.get_or_init(|| state_with(3000)).clone()
}

/// A folder of API-documentation examples inside the shared data
/// (`openprocurement-api/{tenders,plans,contracts}`): `None` when the shared data is
/// missing (a panic instead when `CI` is set, see [`upstream::shared_data::required`]).
pub fn api_docs(kind: &str) -> Option<PathBuf> {
    upstream::shared_data::required(&format!("openprocurement-api/{kind}"))
}

/// One shared state: real data + 3000 generated tenders + the API-documentation tenders,
/// plans and contracts (each folder when present; under `CI` they must be).
pub fn state_with_docs() -> AppState {
    static S: OnceLock<AppState> = OnceLock::new();
    S.get_or_init(|| {
        let mut cfg = config_with(3000);
        cfg.extra_tenders_dir = api_docs("tenders");
        cfg.extra_plans_dir = api_docs("plans");
        cfg.extra_contracts_dir = api_docs("contracts");
        upstream::load(cfg).expect("load upstream with the API-documentation examples")
    })
    .clone()
}

pub struct Resp {
    pub status: StatusCode,
    pub content_type: String,
    pub body: Value,
    pub text: String,
}

pub async fn call(state: &AppState, req: Request<Body>) -> Resp {
    let resp = upstream::app(state.clone()).oneshot(req).await.expect("router answers");
    let status = resp.status();
    let content_type =
        resp.headers().get("content-type").map(|v| v.to_str().unwrap_or_default().to_string()).unwrap_or_default();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Resp { status, content_type, body, text }
}

pub async fn get(state: &AppState, uri: &str) -> Resp {
    call(state, Request::get(uri).body(Body::empty()).unwrap()).await
}

pub async fn post_json(state: &AppState, uri: &str, body: &str, bearer: Option<&str>) -> Resp {
    let mut b = Request::post(uri).header("content-type", "application/ld+json");
    if let Some(t) = bearer {
        b = b.header("authorization", format!("Bearer {t}"));
    }
    call(state, b.body(Body::from(body.to_string())).unwrap()).await
}

/// Percent-encodes a query value.
pub fn enc(s: &str) -> String {
    form_urlencoded_byte_serialize(s)
}

fn form_urlencoded_byte_serialize(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// A state over the shared data with a users store of its own (fresh throttle counts,
/// fresh database) and the configuration changed by `configure`.
pub fn fresh(configure: impl FnOnce(&mut UpstreamConfig)) -> AppState {
    let base = state();
    let mut cfg = (*base.config).clone();
    configure(&mut cfg);
    AppState {
        users: std::sync::Arc::new(upstream::users::Users::open(&cfg).expect("users store")),
        config: std::sync::Arc::new(cfg),
        data: base.data.clone(),
        market: base.market.clone(),
        feed: base.feed.clone(),
        mirror: base.mirror.clone(),
        sync_status: base.sync_status.clone(),
        work: base.work.clone(),
        history: base.history.clone(),
    }
}

/// Serves `state` over real HTTP on a free port of 127.0.0.1 (peer addresses and all).
pub async fn serve(state: AppState) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(upstream::serve_on(listener, state));
    addr
}

/// An answer read off the wire.
#[derive(Debug)]
pub struct Wire {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
    pub text: String,
}

impl Wire {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request on its own connection. A few lines of client rather than a
/// client crate: the upstream answers with a length or chunks, nothing else.
pub async fn http(addr: std::net::SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Wire {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let mut req =
        format!("{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n", body.len());
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    stream.write_all(req.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("receive");
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("end of headers");
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut bytes = raw[end + 4..].to_vec();
    if headers.iter().any(|(k, v)| k == "transfer-encoding" && v.contains("chunked")) {
        let (mut out, mut rest) = (Vec::new(), &bytes[..]);
        while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..eol]).trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[eol + 2..eol + 2 + size]);
            rest = &rest[eol + 2 + size + 2..];
        }
        bytes = out;
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Wire { status, headers, body, text }
}

/// `POST` of a JSON body, optionally with a bearer token.
pub async fn http_post(addr: std::net::SocketAddr, path: &str, body: &str, bearer: Option<&str>) -> Wire {
    let auth = bearer.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("content-type", "application/ld+json")];
    if let Some(a) = &auth {
        headers.push(("authorization", a));
    }
    http(addr, "POST", path, &headers, body).await
}

/// Any request through the real router in-process: `method` on `uri`, with a JSON body
/// (`None`: empty) and a bearer token.
pub async fn send(state: &AppState, method: &str, uri: &str, body: Option<&str>, bearer: Option<&str>) -> Resp {
    let mut b = Request::builder().method(method).uri(uri);
    if body.is_some() {
        b = b.header("content-type", "application/json");
    }
    if let Some(t) = bearer {
        b = b.header("authorization", format!("Bearer {t}"));
    }
    call(state, b.body(Body::from(body.unwrap_or_default().to_string())).unwrap()).await
}

/// Logs in with a password (no second factor) and returns the access token.
pub async fn login(state: &AppState, email: &str, password: &str) -> String {
    let body = serde_json::json!({"email": email, "password": password}).to_string();
    let r = post_json(state, "/auth", &body, None).await;
    assert_eq!(r.status, StatusCode::OK, "login {email}: {}", r.text);
    r.body["token"].as_str().expect("token").to_string()
}

/// Waits until `f` holds, up to `secs` (checked every 100 ms).
pub async fn until(secs: u64, mut f: impl FnMut() -> bool) -> bool {
    for _ in 0..secs * 10 {
        if f() {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    f()
}
