//! Limits checked per request, before any work: the request target's length (`414`),
//! the header lines' total size (`431`), and a time limit on the whole request
//! (`503` with `Retry-After`). The connection-level limits are in [`crate::serve`],
//! the bodies' in the router (`413`).

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::state::AppState;

/// A refusal that tells the client to come back: `503` with `Retry-After`, never cached.
pub fn busy() -> Response {
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, "server is too busy, try again in a moment\n").into_response();
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The bytes of a request's header lines as they were sent (`name: value\r\n`).
fn header_bytes(headers: &HeaderMap) -> usize {
    headers.iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum()
}

pub async fn limits(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let server = &state.config().server;
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    // A person meets these refusals too (a link pasted twice): they get the error page.
    let refused = if target > server.max_url_bytes {
        Some(StatusCode::URI_TOO_LONG)
    } else if header_bytes(request.headers()) > server.max_header_bytes {
        Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
    } else {
        None
    };
    if let Some(status) = refused {
        return crate::page::refusal(&state, status, request.method(), request.uri(), request.headers()).await;
    }
    let deadline = Duration::from_millis(server.request_timeout_ms);
    match tokio::time::timeout(deadline, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(?deadline, "request timed out");
            busy()
        }
    }
}

/// A path no link written from it can leave the site by: repeated slashes and
/// backslashes become one slash (`/en//evil.com` → `/en/evil.com`, `/\evil.com` →
/// `/evil.com`); `None` when the path is already so.
pub fn same_site_path(path: &str) -> Option<String> {
    let odd = path.as_bytes().windows(2).any(|w| w == b"//") || path.contains('\\');
    if !odd {
        return None;
    }
    let mut out = String::with_capacity(path.len());
    for ch in path.chars() {
        let ch = if ch == '\\' { '/' } else { ch };
        if ch == '/' && out.ends_with('/') {
            continue;
        }
        out.push(ch);
    }
    if !out.starts_with('/') {
        out.insert(0, '/');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_could_leave_the_site_are_folded() {
        assert_eq!(same_site_path("/tenders"), None);
        assert_eq!(same_site_path("/en/tenders/UA-1"), None);
        assert_eq!(same_site_path("/en//evil.com").as_deref(), Some("/en/evil.com"));
        assert_eq!(same_site_path("//evil.com").as_deref(), Some("/evil.com"));
        assert_eq!(same_site_path("/\\evil.com").as_deref(), Some("/evil.com"));
        assert_eq!(same_site_path("/en/\\\\evil.com/").as_deref(), Some("/en/evil.com/"));
        assert_eq!(same_site_path("///").as_deref(), Some("/"));
    }

    #[test]
    fn header_lines_are_counted_as_sent() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("a"));
        assert_eq!(header_bytes(&headers), "host: a\r\n".len());
    }
}
