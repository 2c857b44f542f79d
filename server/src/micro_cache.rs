//! Micro-caching of anonymous pages: with `server.htmlMicroCacheMs` set, a page
//! response (HTML, or `/__data` JSON) is kept for that long per URL, language and
//! negotiated encoding (what [`Encoding::for_request`] makes of every
//! `Accept-Encoding` line, so no spelling of the header can file a brotli page under
//! the key of clients that take identity), already compressed, and answered from
//! memory; a HEAD is answered from a kept GET without its body. The first
//! response still streams to its client while it is copied. Requests that carry
//! credentials, responses marked private (a session's pages, pages with a form's
//! token), errors of the server and upstream (5xx), and responses that did not
//! finish are never kept.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::Response;
use futures_util::{stream, StreamExt};

use renderer::Language;

use crate::cache::CachedResponse;
use crate::compress::Encoding;
use crate::state::AppState;

/// Headers a kept response answers with; the rest (dates, connection) are per response.
const KEPT: [HeaderName; 7] = [
    header::CONTENT_TYPE,
    header::CONTENT_ENCODING,
    header::CACHE_CONTROL,
    header::LOCATION,
    header::VARY,
    header::ETAG,
    header::LAST_MODIFIED,
];

/// Largest response body kept.
const MAX_BODY: usize = 2 << 20;

/// The key of a response: the negotiated encoding, the language (the first path
/// segment decides it), whether the visitor dismissed the cookie notice (the page
/// shows it until then) and the request target.
fn key(uri: &Uri, headers: &HeaderMap) -> String {
    let encoding = match Encoding::for_request(headers) {
        Encoding::Brotli => "br",
        Encoding::Gzip => "gzip",
        Encoding::Identity => "identity",
    };
    let language = Language::of_url(uri.path()).as_str();
    let notice = if crate::session::cookies::notice_dismissed(headers) { "dismissed" } else { "notice" };
    format!("{encoding}\n{language}\n{notice}\n{uri}")
}

fn anonymous(headers: &HeaderMap) -> bool {
    if headers.contains_key(header::AUTHORIZATION) {
        return false;
    }
    headers.get_all(header::COOKIE).iter().all(|cookie| {
        let text = cookie.to_str().unwrap_or("token").to_ascii_lowercase();
        !["token", "session", "jwt", "auth"].iter().any(|name| text.contains(name))
    })
}

fn cacheable(status: StatusCode, headers: &HeaderMap, path: &str) -> bool {
    let kind = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let page = kind.starts_with("text/html") || (path == "/__data" && kind.starts_with("application/json"));
    let status_ok = status.is_success()
        || (status.is_redirection() && status != StatusCode::NOT_MODIFIED)
        || status == StatusCode::NOT_FOUND;
    let private = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("private") || v.contains("no-store"));
    page && status_ok && !private && !headers.contains_key(header::SET_COOKIE)
}

/// Answers from memory or runs `next` and keeps its answer; a step of [`crate::edge`].
pub async fn micro_cache(state: &AppState, request: Request, next: Next) -> Response {
    let ttl = Duration::from_millis(state.config().server.html_micro_cache_ms);
    let head_only = request.method() == Method::HEAD;
    if ttl.is_zero() || !(request.method() == Method::GET || head_only) || !anonymous(request.headers()) {
        return next.run(request).await;
    }
    let path = request.uri().path().to_owned();
    let key = key(request.uri(), request.headers());
    if let Some(hit) = state.html_cache().get(&key) {
        return hit.respond(head_only, request.headers());
    }
    let response = next.run(request).await;
    // A HEAD's answer has no body to keep.
    if head_only || !cacheable(response.status(), response.headers(), &path) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let mut kept = HeaderMap::new();
    for name in KEPT {
        for value in parts.headers.get_all(&name) {
            kept.append(name.clone(), value.clone());
        }
    }
    let status = parts.status;
    // Copy the body as it streams; keep it only when it ended well and stayed small.
    let copy = Arc::new(Mutex::new(Some(Vec::new())));
    let tee = {
        let copy = copy.clone();
        body.into_data_stream().map(move |chunk| {
            let mut copy = copy.lock().unwrap_or_else(|e| e.into_inner());
            match &chunk {
                Ok(bytes) if copy.as_ref().is_some_and(|c| c.len() + bytes.len() <= MAX_BODY) => {
                    if let Some(c) = copy.as_mut() {
                        c.extend_from_slice(bytes);
                    }
                }
                _ => *copy = None,
            }
            chunk
        })
    };
    let state = state.clone();
    let finish = stream::once(async move {
        let whole = copy.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(whole) = whole {
            let entry = CachedResponse(Arc::new((status, kept, Bytes::from(whole))));
            state.html_cache().insert(key, entry, ttl);
        }
        Ok(Bytes::new())
    })
    .filter(|_: &Result<Bytes, axum::Error>| futures_util::future::ready(false));
    Response::from_parts(parts, Body::from_stream(tee.chain(finish)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_key_is_the_negotiated_encoding_however_the_header_is_spelled() {
        let uri: Uri = "/tenders?status=active".parse().unwrap();
        let with = |lines: &[&'static str]| {
            let mut headers = HeaderMap::new();
            for line in lines {
                headers.append(header::ACCEPT_ENCODING, HeaderValue::from_static(line));
            }
            key(&uri, &headers)
        };
        // An empty first line and `br` on the second is a brotli request, not one
        // without the header.
        assert_eq!(with(&["", "br"]), with(&["gzip, br"]));
        assert_ne!(with(&["", "br"]), with(&[]));
        assert_eq!(with(&[]), with(&["identity"]));
        assert_eq!(with(&["br;q=0"]), with(&[]));
        let en: Uri = "/en/tenders?status=active".parse().unwrap();
        assert!(key(&en, &HeaderMap::new()).contains("\nen\n"));
        assert!(key(&uri, &HeaderMap::new()).contains("\nuk\n"));
        // The page shows the cookie notice until it is dismissed: two pages, two keys.
        let mut dismissed = HeaderMap::new();
        dismissed.insert(header::COOKIE, HeaderValue::from_static("a=b; cookie_notice=dismissed"));
        assert_ne!(key(&uri, &dismissed), key(&uri, &HeaderMap::new()));
        assert!(anonymous(&dismissed), "a dismissal is no credential");
    }

    #[test]
    fn requests_with_credentials_are_not_anonymous() {
        let mut headers = HeaderMap::new();
        assert!(anonymous(&headers));
        headers.insert(header::COOKIE, HeaderValue::from_static("cookieNotice=1; lang=uk"));
        assert!(anonymous(&headers));
        headers.insert(header::COOKIE, HeaderValue::from_static("cookieNotice=1; refresh_token=abc"));
        assert!(!anonymous(&headers));
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Bearer x"));
        assert!(!anonymous(&headers));
    }

    #[test]
    fn only_finished_pages_and_their_data_are_kept() {
        let html = {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            h
        };
        let json = {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            h
        };
        assert!(cacheable(StatusCode::OK, &html, "/tenders"));
        assert!(cacheable(StatusCode::NOT_FOUND, &html, "/tenders/x"));
        assert!(cacheable(StatusCode::MOVED_PERMANENTLY, &html, "/tenders/x"));
        assert!(!cacheable(StatusCode::BAD_GATEWAY, &html, "/tenders"));
        assert!(!cacheable(StatusCode::SERVICE_UNAVAILABLE, &html, "/tenders"));
        assert!(cacheable(StatusCode::OK, &json, "/__data"));
        assert!(!cacheable(StatusCode::OK, &json, "/api/anything"));
        let mut cookie = html.clone();
        cookie.insert(header::SET_COOKIE, HeaderValue::from_static("a=b"));
        assert!(!cacheable(StatusCode::OK, &cookie, "/tenders"));
        // A page rendered for one visitor (a session, a form's token) is never kept.
        let mut own = html.clone();
        own.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
        assert!(!cacheable(StatusCode::OK, &own, "/login"));
    }
}
