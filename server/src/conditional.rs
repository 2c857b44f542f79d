//! Conditional requests (RFC 9110 §13): whether a request's validators say the client
//! has the version at hand, and the `304` that answers it. Pages (`page/validator.rs`),
//! the micro-cache and documents for machines use it; it uses nothing of theirs.

use std::time::{Duration, SystemTime};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// `ISO 8601` → an HTTP date, when it is one.
pub fn http_date(iso: &str) -> Option<String> {
    let ms = dates::parse(iso)?;
    let at = SystemTime::UNIX_EPOCH.checked_add(Duration::from_millis(u64::try_from(ms).ok()?))?;
    Some(httpdate::fmt_http_date(at))
}

/// Whether a conditional request's validators say the client has this version: its
/// `If-None-Match` lists `etag` (or `*`), or, without one, its `If-Modified-Since` is
/// no earlier than `last_modified`. Pass no `last_modified` where the date is weaker than
/// the tag (pages: RFC 9110 lets a server ignore `If-Modified-Since`).
pub fn not_modified(headers: &HeaderMap, etag: &str, last_modified: Option<&str>) -> bool {
    if let Some(tags) = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) {
        // Weak comparison (RFC 9110 §8.8.3.2): `W/` does not matter.
        let bare = |t: &str| t.trim().trim_start_matches("W/").to_owned();
        return tags.split(',').any(|t| t.trim() == "*" || bare(t) == bare(etag));
    }
    let since = headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| httpdate::parse_http_date(v).ok());
    let modified = last_modified.and_then(|v| httpdate::parse_http_date(v).ok());
    matches!((since, modified), (Some(since), Some(modified)) if modified <= since)
}

/// The `304` of a document or page: its validators and caching, no body.
pub fn not_modified_response(
    etag: &HeaderValue,
    last_modified: Option<&HeaderValue>,
    cache_control: HeaderValue,
) -> Response {
    let mut response = StatusCode::NOT_MODIFIED.into_response();
    let headers = response.headers_mut();
    headers.insert(header::ETAG, etag.clone());
    if let Some(value) = last_modified {
        headers.insert(header::LAST_MODIFIED, value.clone());
    }
    headers.insert(header::CACHE_CONTROL, cache_control);
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}
