//! The events of a record or of a buyer as JSON: `GET /api/{tenders|plans|contracts}/{id}/events`
//! (the 32-hex id or the public one, `UA-…`) and `GET /api/buyers/{code}/events`, newest
//! first, `page` and `perPage` (at most 1000), `type` (repeated or comma-separated) to keep
//! some types. `{"data": [...], "total": n, "historyBegins": "<when the log began>"}`.

use super::log::{self, Target};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::params::Params;
use crate::records::Kind;
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};

/// Every event type's name (the `type` filter is checked against them).
pub const TYPES: [&str; 22] = [
    "created",
    "status",
    "period",
    "questionAsked",
    "questionAnswered",
    "documentAdded",
    "documentReplaced",
    "complaintFiled",
    "complaintStatus",
    "awardPending",
    "awardStatus",
    "contractSigned",
    "contractChanged",
    "contractTerminated",
    "cancellationStarted",
    "cancellationCompleted",
    "monitoringOpened",
    "monitoringConcluded",
    "lotAdded",
    "lotCancelled",
    "lotValue",
    "tenderCreated",
];

type Answer = Result<JsonAnswer, UpstreamError>;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tenders/{id}/events", get(|s, p, q| record(s, p, q, Kind::Tender)))
        .route("/api/plans/{id}/events", get(|s, p, q| record(s, p, q, Kind::Plan)))
        .route("/api/contracts/{id}/events", get(|s, p, q| record(s, p, q, Kind::Contract)))
        .route("/api/buyers/{code}/events", get(buyer))
}

/// The 32-hex id of a record named by either of its ids, or 404.
pub fn record_id(s: &AppState, kind: Kind, id: &str) -> Result<String, UpstreamError> {
    let data = s.data.read();
    let c = data.collection(kind);
    c.index
        .lookup(id)
        .map(|d| data.hex_id(c, d).to_ascii_lowercase())
        .ok_or_else(|| UpstreamError::NotFound { kind: kind.name(), id: id.to_string() })
}

/// A buyer's code as records write it: letters, digits, `.` and `-`, 3 to 40 of them.
pub fn buyer_code(code: &str) -> Result<&str, UpstreamError> {
    let ok =
        (3..=40).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if ok {
        Ok(code)
    } else {
        Err(UpstreamError::NotFound { kind: "buyer", id: code.to_string() })
    }
}

/// Names the tender of each plan's `tenderCreated` event by what the data holds of it:
/// its public id (`tenderKey`) and, when the event has none, its title (`tenderTitle`).
/// A plan's version names its tender by the 32-hex `tender_id` alone, which is what the
/// log keeps; the tender is looked up when the event is read, so an event written before
/// its tender reached the data is named once it has. Every answer that carries events
/// passes them through here.
pub fn name_tenders(s: &AppState, events: &mut [Value]) {
    if !events.iter().any(|e| e["type"] == "tenderCreated") {
        return;
    }
    let data = s.data.read();
    let c = data.collection(Kind::Tender);
    for e in events.iter_mut().filter(|e| e["type"] == "tenderCreated") {
        let Some(d) = e["tenderId"].as_str().and_then(|id| c.index.lookup(id)) else { continue };
        let doc = data.document(c, d);
        if let Some(key) = doc["tenderID"].as_str().filter(|k| !k.is_empty()) {
            e["tenderKey"] = json!(key);
        }
        if e["tenderTitle"].as_str().is_none_or(str::is_empty) {
            if let Some(title) = doc["title"].as_str().filter(|t| !t.is_empty()) {
                e["tenderTitle"] = json!(title);
            }
        }
    }
}

fn types_of(p: &Params) -> Result<Vec<String>, UpstreamError> {
    let mut out = Vec::new();
    for v in p.list("type").into_iter().flat_map(|v| v.split(',')).map(str::trim).filter(|v| !v.is_empty()) {
        if !TYPES.contains(&v) {
            return Err(UpstreamError::invalid("type", format!("unknown event type `{v}`")));
        }
        out.push(v.to_string());
    }
    Ok(out)
}

fn answer(s: &AppState, target: Target<'_>, q: Option<&str>) -> Answer {
    let p = Params::parse(q.unwrap_or_default());
    let per_page = p.positive("perPage", 50, log::MAX_PAGE)?;
    let page = p.positive("page", 1, 100_000)?;
    let types = types_of(&p)?;
    let (mut rows, total, begins) = s.history.read(|db| {
        let (rows, total) = log::page(db, target, &types, (page - 1) * per_page, per_page)?;
        Ok((rows, total, log::begins(db)?))
    })?;
    name_tenders(s, &mut rows);
    Ok(JsonAnswer::ok(json!({
        "data": rows,
        "total": total,
        "page": page,
        "perPage": per_page,
        "historyBegins": begins.map(crate::dates::format_kyiv),
    })))
}

async fn record(State(s): State<AppState>, Path(id): Path<String>, RawQuery(q): RawQuery, kind: Kind) -> Answer {
    let hex = record_id(&s, kind, &id)?;
    answer(&s, Target::Record(log::register(kind), &hex), q.as_deref())
}

async fn buyer(State(s): State<AppState>, Path(code): Path<String>, RawQuery(q): RawQuery) -> Answer {
    answer(&s, Target::Buyer(buyer_code(&code)?), q.as_deref())
}
