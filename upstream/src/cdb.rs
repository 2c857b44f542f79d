//! The central database's public read API (openprocurement.api 2.5) for the portal's
//! "external tender" view, under `/cdb/api/2.5`: a stored tender (real, extra folder or
//! generated) as `{"data": <tender>}` and its documents as `{"data": [...]}`. The real
//! CDB takes only the 32-hex id; the tenderID works here too. Errors use the CDB's body,
//! `{"status": "error", "errors": [{"location", "name", "description"}]}`.

use crate::params::Params;
use crate::records::Kind;
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

/// The CDB routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/cdb/api/2.5/tenders/{id}", get(tender))
        .route("/cdb/api/2.5/tenders/{id}/documents", get(documents))
        .route("/cdb/api/2.5/plans/{id}", get(|s, p| record(s, p, Kind::Plan)))
        .route("/cdb/api/2.5/contracts/{id}", get(|s, p| record(s, p, Kind::Contract)))
        .route("/cdb/{*rest}", get(|| async { error("url", "url") }))
}

/// A CDB error answer: 404 `{"status": "error", "errors": [...]}`.
fn error(location: &str, name: &str) -> Response {
    let body = json!({"status": "error", "errors": [{"location": location, "name": name, "description": "Not Found"}]});
    (StatusCode::NOT_FOUND, Json(body)).into_response()
}

fn find_of(s: &AppState, kind: Kind, id: &str) -> Option<Value> {
    let data = s.data.read();
    let c = data.collection(kind);
    c.index.lookup(id).map(|d| data.document(c, d))
}

fn find(s: &AppState, id: &str) -> Option<Value> {
    find_of(s, Kind::Tender, id)
}

/// A plan or a contract as `{"data": ...}`.
async fn record(State(s): State<AppState>, Path(id): Path<String>, kind: Kind) -> Response {
    match find_of(&s, kind, &id) {
        Some(doc) => Json(json!({ "data": doc })).into_response(),
        None => error("url", &format!("{}_id", kind.name())),
    }
}

async fn tender(State(s): State<AppState>, Path(id): Path<String>) -> Response {
    match find(&s, &id) {
        Some(t) => Json(json!({ "data": t })).into_response(),
        None => error("url", "tender_id"),
    }
}

fn ms(d: &Value) -> i64 {
    let at = d["dateModified"].as_str().or(d["datePublished"].as_str()).unwrap_or_default();
    crate::dates::parse(at).unwrap_or_default()
}

/// The tender's documents. Like the CDB: the latest version of each document id, ordered
/// by `dateModified` (else `datePublished`); `?all=true` lists every version as stored.
async fn documents(State(s): State<AppState>, Path(id): Path<String>, RawQuery(q): RawQuery) -> Response {
    let Some(t) = find(&s, &id) else {
        return error("url", "tender_id");
    };
    let docs = t["documents"].as_array().cloned().unwrap_or_default();
    let all = matches!(Params::parse(q.as_deref().unwrap_or_default()).one("all"), Some("true" | "1"));
    let data = if all {
        docs
    } else {
        let mut latest: Vec<Value> = Vec::new();
        for d in docs {
            match d["id"].as_str().and_then(|id| latest.iter().position(|x| x["id"].as_str() == Some(id))) {
                Some(i) => latest[i] = d,
                None => latest.push(d),
            }
        }
        latest.sort_by_key(ms);
        latest
    };
    Json(json!({ "data": data })).into_response()
}
