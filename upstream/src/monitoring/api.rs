//! `GET /api/monitorings`, `GET /api/monitorings/{id}` and
//! `GET /api/tenders/{id}/monitorings`: hydra collections and objects over the derived
//! monitorings; and the development API that changes them (`super::changes`).

use super::STATUSES;
use crate::answer::{hydra, JsonAnswer};
use crate::error::UpstreamError;
use crate::params::Params;
use crate::query::{MAX_PER_PAGE, RESULT_WINDOW};
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};

type Answer = Result<JsonAnswer, UpstreamError>;

/// The monitoring routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/monitorings", get(list))
        .route("/api/monitorings/{id}", get(one))
        .route("/api/tenders/{id}/monitorings", get(of_tender))
        .route("/dev/tenders/{id}/monitorings", post(super::changes::open))
        .route("/dev/monitorings/{id}", post(super::changes::change))
}

/// The 32-hex id of the tender with this id or tenderID, if it exists.
fn tender_hex_id(s: &AppState, id: &str) -> Option<String> {
    let data = s.data.read();
    let d = data.tenders.index.lookup(id)?;
    Some(data.tender_hex_id(d))
}

/// `page` and `perPage` (1..100, default 10) inside the 10000-result window.
fn window(p: &Params) -> Result<(usize, usize), UpstreamError> {
    let per_page = p.positive("perPage", 10, MAX_PER_PAGE)?;
    let page = p.positive("page", 1, RESULT_WINDOW)?;
    if page > (RESULT_WINDOW / per_page).max(1) {
        return Err(UpstreamError::PastResultWindow { page, per_page, window: RESULT_WINDOW });
    }
    Ok((page, per_page))
}

/// A paged hydra collection with its `hydra:view`.
fn collection(path: &str, hits: Vec<&Value>, page: usize, per_page: usize) -> Value {
    let total = hits.len();
    let members = hits.into_iter().skip((page - 1) * per_page).take(per_page).cloned().collect();
    let mut body = hydra(path, members, total);
    body["@context"] = json!("/api/contexts/monitorings");
    let last = total.div_ceil(per_page).min(RESULT_WINDOW / per_page).max(1);
    body["hydra:view"] = json!({
        "@id": format!("{path}?page={page}"),
        "@type": "hydra:PartialCollectionView",
        "hydra:first": format!("{path}?page=1"),
        "hydra:last": format!("{path}?page={last}"),
        "page": page, "perPage": per_page, "lastPage": last,
    });
    body
}

async fn list(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let p = Params::parse(q.as_deref().unwrap_or_default());
    let (page, per_page) = window(&p)?;
    let statuses = p.list("status");
    if let Some(bad) = statuses.iter().find(|v| !STATUSES.contains(v)) {
        return Err(UpstreamError::invalid("status", format!("unknown monitoring status `{bad}`")));
    }
    let hex = p.one("tender_id").map(|t| tender_hex_id(&s, t));
    let data = s.data.read();
    let hits: Vec<&Value> = match hex {
        Some(id) => id.map(|id| data.monitorings.of_tender(&id)).unwrap_or_default(),
        None => data.monitorings.all().iter().collect(),
    };
    let hits = hits
        .into_iter()
        .filter(|m| statuses.is_empty() || statuses.contains(&m["status"].as_str().unwrap_or_default()))
        .collect();
    Ok(JsonAnswer::ok(collection("/api/monitorings", hits, page, per_page)))
}

async fn one(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    match s.data.read().monitorings.get(&id) {
        Some(m) => Ok(JsonAnswer::ok(m.clone())),
        None => Err(UpstreamError::NotFound { kind: "monitoring", id }),
    }
}

async fn of_tender(State(s): State<AppState>, Path(id): Path<String>, RawQuery(q): RawQuery) -> Answer {
    let p = Params::parse(q.as_deref().unwrap_or_default());
    let (page, per_page) = window(&p)?;
    let Some(hex) = tender_hex_id(&s, &id) else {
        return Err(UpstreamError::NotFound { kind: "tender", id });
    };
    let data = s.data.read();
    let hits = data.monitorings.of_tender(&hex);
    Ok(JsonAnswer::ok(collection(&format!("/api/tenders/{id}/monitorings"), hits, page, per_page)))
}
