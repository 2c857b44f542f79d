//! Limits checked per request, before any work: the request target's length (`414`),
//! the header lines' total size (`431`), and a time limit on the whole request
//! (`503` with `Retry-After`). The connection-level limits are in [`crate::serve`],
//! the bodies' in the router (`413`).

use std::time::Duration;

use axum::extract::Request;
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;

use axum::response::IntoResponse;

use crate::error::{busy, Refusal};
use crate::state::AppState;

/// The bytes of a request's header lines as they were sent (`name: value\r\n`).
fn header_bytes(headers: &HeaderMap) -> usize {
    headers.iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum()
}

/// Refuses a request past the limits, or runs it (through the micro-cache) within the
/// time limit; a step of [`crate::edge`].
pub async fn limits(state: &AppState, request: Request, next: Next) -> Response {
    let server = &state.config().server;
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    // A person meets these refusals too (a link pasted twice): the edge makes them the
    // server's own page (`crate::own_page`), rendered without the isolates.
    let refused = if target > server.max_url_bytes {
        Some(Refusal::UriTooLong)
    } else if header_bytes(request.headers()) > server.max_header_bytes {
        Some(Refusal::HeadersTooLarge)
    } else {
        None
    };
    if let Some(refusal) = refused {
        return refusal.into_response();
    }
    let deadline = Duration::from_millis(server.request_timeout_ms);
    match tokio::time::timeout(deadline, crate::micro_cache::micro_cache(state, request, next)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(?deadline, "request timed out");
            busy()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{header, HeaderValue};

    #[test]
    fn header_lines_are_counted_as_sent() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("a"));
        assert_eq!(header_bytes(&headers), "host: a\r\n".len());
    }
}
