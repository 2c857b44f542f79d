//! The feed's routes: `GET /cdb/api/2.5/{tenders|plans|contracts}` (the real protocol,
//! [`super::Journal::page`]); in development mode `POST /dev/cdb/{register}/{id}` (a JSON
//! merge patch, RFC 7396, published as the record's next version) and
//! `POST /dev/feed/faults`. Every `/cdb` answer passes through the faults in force.

use super::faults::FaultSettings;
use super::patch::{merge_patch, merge_patch_of};
use super::{kind_of, FeedError, FeedQuery};
use crate::error::UpstreamError;
use crate::params::Params;
use crate::records::Kind;
use crate::AppState;
use axum::body::{Body, Bytes};
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

/// The feed routes, the catalogue's among them (and, with `dev`, the development API
/// that changes records).
pub fn routes(dev: bool) -> Router<AppState> {
    let r = Router::new()
        .route("/cdb/api/2.5/{register}", get(page))
        .route("/catalog/api/{resource}", get(catalogue_page))
        .route("/catalog/api/{resource}/{id}", get(catalogue_object));
    if dev {
        r.route("/dev/cdb/{register}/{id}", post(patch))
            .route("/dev/catalog/{resource}/{id}", post(catalogue_patch))
            .route("/dev/feed/faults", post(set_faults))
    } else {
        r
    }
}

/// A catalogue API error body (`{"errors": [...]}`).
fn catalogue_error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"errors": [message]}))).into_response()
}

/// The catalogue's "X not found" of a resource.
fn not_found(resource: &str) -> Response {
    let what = match resource {
        "categories" => "Category",
        "profiles" => "Profile",
        "products" => "Product",
        "offers" => "Offer",
        _ => return catalogue_error(StatusCode::NOT_FOUND, "Not Found"),
    };
    catalogue_error(StatusCode::NOT_FOUND, &format!("{what} not found"))
}

async fn catalogue_page(
    State(s): State<AppState>,
    Path(resource): Path<String>,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
) -> Response {
    let p = Params::parse(q.as_deref().unwrap_or_default());
    let one = |k: &str| p.one(k).map(str::to_string);
    let query = super::catalogue::CatalogueQuery {
        offset: one("offset"),
        limit: one("limit"),
        descending: one("descending"),
        reverse: one("reverse"),
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1");
    let base = format!("http://{host}/catalog/api");
    match s.feed.catalogue.page(&s.market.get(), &resource, &query, &base) {
        None => not_found(&resource),
        Some(Ok(body)) => Json(body).into_response(),
        Some(Err(e)) => catalogue_error(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

async fn catalogue_object(State(s): State<AppState>, Path((resource, id)): Path<(String, String)>) -> Response {
    match s.feed.catalogue.object(&s.market.get(), &resource, &id) {
        Some(o) => Json(json!({"data": o})).into_response(),
        None => not_found(&resource),
    }
}

/// Publishes a new version of a catalogue object: the patch applied, a new `dateModified`.
async fn catalogue_patch(
    State(s): State<AppState>,
    Path((resource, id)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let patch = match merge_patch_of(&body) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    match s.feed.catalogue.change(&s.market.get(), &resource, &id, &patch) {
        Some(o) => Json(json!({"data": o})).into_response(),
        None => not_found(&resource),
    }
}

/// A CDB error body.
pub fn cdb_error(status: StatusCode, location: &str, name: &str, description: &str) -> Response {
    let body = json!({"status": "error", "errors": [{"location": location, "name": name, "description": description}]});
    (status, Json(body)).into_response()
}

async fn page(
    State(s): State<AppState>,
    Path(register): Path<String>,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
) -> Response {
    let Some(kind) = kind_of(&register) else { return cdb_error(StatusCode::NOT_FOUND, "url", "url", "Not Found") };
    let p = Params::parse(q.as_deref().unwrap_or_default());
    let one = |k: &str| p.one(k).map(str::to_string);
    let query = FeedQuery {
        offset: one("offset"),
        limit: one("limit"),
        descending: p.one("descending").is_some_and(|v| !v.is_empty()),
        opt_fields: one("opt_fields"),
        mode: one("mode"),
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1");
    let base = format!("http://{host}/cdb/api/2.5/{register}");
    let answer = s.feed.page(&s.data.read(), kind, &query, &base, crate::dates::now_ms());
    match answer {
        Ok(body) => Json(body).into_response(),
        Err(e @ FeedError::Offset(_)) => cdb_error(StatusCode::NOT_FOUND, "querystring", "offset", &e.to_string()),
        Err(e @ FeedError::Limit(_)) => cdb_error(StatusCode::BAD_REQUEST, "querystring", "limit", &e.to_string()),
    }
}

/// Publishes a new version of a stored record: the patch applied, a new `dateModified`,
/// a new row in the feed, and the upstream's own indexes changed. With the `late` fault
/// the write commits that many milliseconds after its `public_modified` was taken.
async fn patch(State(s): State<AppState>, Path((register, id)): Path<(String, String)>, body: Bytes) -> Response {
    let Some(kind) = kind_of(&register) else { return cdb_error(StatusCode::NOT_FOUND, "url", "url", "Not Found") };
    if s.mirror.is_some() {
        // A mirror's records are its feed's: a change here would be lost at the next one.
        return cdb_error(StatusCode::CONFLICT, "url", "mirror", "A mirror's records change only through its feed");
    }
    let patch = match merge_patch_of(&body) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let current = {
        let data = s.data.read();
        let c = data.collection(kind);
        c.index.lookup(&id).map(|d| data.document(c, d))
    };
    let Some(mut doc) = current else {
        return cdb_error(StatusCode::NOT_FOUND, "url", &format!("{}_id", kind.name()), "Not Found");
    };
    let at = s.feed.stamp();
    // A new version is never older than the one it replaces (the shipped examples are
    // dated ahead of today).
    let modified = crate::records::modified_of(&doc).map_or(at, |old| at.max(old + 1));
    merge_patch(&mut doc, &patch);
    doc["dateModified"] = json!(crate::dates::format_kyiv(modified));
    let late = s.feed.faults.get().late;
    if late > 0 {
        let (s, doc2) = (s.clone(), doc.clone());
        tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(late)).await;
            if let Err(e) = publish(&s, kind, doc2, at) {
                tracing::error!(error = %e, "a late development change was not published");
            }
        });
        return (StatusCode::ACCEPTED, Json(json!({"data": doc}))).into_response();
    }
    if let Err(e) = publish(&s, kind, doc.clone(), at) {
        return e.into_response();
    }
    Json(json!({"data": doc})).into_response()
}

/// Writes one record's new version: its change events and the version in the history
/// log (one transaction: nothing is changed when it fails), then the indexes and the
/// feed row.
pub fn publish(s: &AppState, kind: Kind, doc: Value, public_modified: i64) -> Result<(), UpstreamError> {
    let mut data = s.data.write();
    let old = {
        let c = data.collection(kind);
        doc["id"].as_str().and_then(|id| c.index.lookup(id)).map(|d| data.document(c, d))
    };
    let events = match &old {
        Some(old) => crate::history::diff::changes(kind, old, &doc),
        None => vec![crate::history::diff::created(kind, &doc)],
    };
    s.history.publish(kind, &doc, &events)?;
    s.feed.publish(&data, kind, &doc, public_modified);
    data.upsert(kind, vec![doc]);
    Ok(())
}

async fn set_faults(State(s): State<AppState>, body: Bytes) -> Response {
    match serde_json::from_slice::<FaultSettings>(&body) {
        Ok(f) if f.late as i64 >= super::WATERMARK_MS => {
            UpstreamError::invalid("late", format!("under the watermark, {} ms", super::WATERMARK_MS)).into_response()
        }
        Ok(f) => {
            s.feed.faults.set(f);
            Json(json!({"data": f})).into_response()
        }
        Err(e) => UpstreamError::MalformedJson(e.to_string()).into_response(),
    }
}

/// The faults of every `/cdb` answer: a wait, a 429, or a body cut half-way and its
/// connection reset.
pub async fn with_faults(
    State(s): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let path = request.uri().path();
    if !path.starts_with("/cdb/") && !path.starts_with("/catalog/") {
        return next.run(request).await;
    }
    let d = s.feed.faults.decide();
    if d.delay_ms > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(d.delay_ms)).await;
    }
    if d.too_many {
        return cdb_error(StatusCode::TOO_MANY_REQUESTS, "body", "data", "Too Many Requests");
    }
    let response = next.run(request).await;
    if !d.reset {
        return response;
    }
    let (parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap_or_default();
    let half = bytes.slice(..bytes.len() / 2);
    let chunks: Vec<Result<Bytes, std::io::Error>> =
        vec![Ok(half), Err(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "fault: reset"))];
    let mut parts = parts;
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from_stream(futures_util_stream(chunks)))
}

fn futures_util_stream(
    chunks: Vec<Result<Bytes, std::io::Error>>,
) -> impl futures_core::Stream<Item = Result<Bytes, std::io::Error>> {
    struct It(std::vec::IntoIter<Result<Bytes, std::io::Error>>);
    impl futures_core::Stream for It {
        type Item = Result<Bytes, std::io::Error>;
        fn poll_next(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Self::Item>> {
            std::task::Poll::Ready(self.0.next())
        }
    }
    It(chunks.into_iter())
}
