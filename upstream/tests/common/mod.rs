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
