//! The status of an upstream failure ([`failure_status`], the same as the bundle's), and
//! the refusals of the server's JSON endpoints for scripts (`/__data`, `/__vitals`, the
//! characteristic-mismatch report): each error with its status and a JSON body naming
//! it. Pages, forms and documents for machines answer their failures themselves (the
//! error page, [`crate::form::FormOutcome`], `machine.rs`).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use renderer::Failure;

/// A refusal that tells the client to come back: `503` with `Retry-After`, never cached.
pub fn busy() -> Response {
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, "server is too busy, try again in a moment\n").into_response();
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The portal's status for an upstream answer that failed, as `failureStatus` in
/// `web/src/lib/data.ts` gives a page's: the upstream's own 400, 403 or 404; 503 for its
/// 5xx; 504 when it was too slow; 502 when it could not be reached, answered something
/// that is not JSON, or another status. Documents for machines answer with it too.
pub fn failure_status(failure: Failure) -> StatusCode {
    match failure {
        Failure::Status(status @ (400 | 403 | 404)) => StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY),
        Failure::Status(status) if status >= 500 => StatusCode::SERVICE_UNAVAILABLE,
        Failure::Timeout => StatusCode::GATEWAY_TIMEOUT,
        Failure::Status(_) | Failure::Unreachable | Failure::Invalid => StatusCode::BAD_GATEWAY,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("renderer is starting")]
    NotReady,
    #[error("query parameter `{0}` is missing or invalid")]
    BadParameter(&'static str),
    #[error("request body is not valid json: {0}")]
    BadJson(String),
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = match self {
            AppError::NotReady => StatusCode::SERVICE_UNAVAILABLE,
            AppError::BadParameter(_) | AppError::BadJson(_) => StatusCode::BAD_REQUEST,
        };
        (status, axum::Json(serde_json::json!({ "error": self.to_string() }))).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same table as `failureStatus` in `web/src/lib/data.ts` (and its test on the
    /// contract fixture): a page and a document answer one failure alike.
    #[test]
    fn an_upstream_failure_has_one_status_for_pages_and_documents() {
        let cases = [
            (Failure::Status(404), 404),
            (Failure::Status(400), 400),
            (Failure::Status(403), 403),
            (Failure::Status(500), 503),
            (Failure::Status(503), 503),
            (Failure::Status(429), 502),
            (Failure::Timeout, 504),
            (Failure::Unreachable, 502),
            (Failure::Invalid, 502),
        ];
        for (failure, status) in cases {
            assert_eq!(failure_status(failure).as_u16(), status, "{failure:?}");
        }
    }
}
