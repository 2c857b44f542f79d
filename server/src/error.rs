//! The statuses the server chooses by itself, in one table: its own refusals and
//! failures ([`Refusal`]), the status of an upstream failure ([`failure_status`], the
//! same as the bundle's), and the refusals of the server's JSON endpoints for scripts
//! (`/__data`, `/__vitals`, the characteristic-mismatch report: [`AppError`]), and the
//! empty answer to a post that needs none ([`no_content`]).
//!
//! Three other modules choose statuses, each for its own kind of answer: `page` gives
//! a page the status its route decided (`routes/outcome.ts`) and its redirects, `form`
//! answers forms, and `conditional` answers `304`. Everything else names a [`Refusal`].

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use renderer::Failure;

/// A request the server refuses, or a failure on its side, by what happened. Its
/// response carries the refusal itself (an extension): on the way out, the edge makes
/// it the server's own page for a browser that accepts HTML ([`crate::own_page`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The request target is longer than `server.maxUrlBytes`.
    UriTooLong,
    /// The header lines pass `server.maxHeaderBytes`.
    HeadersTooLarge,
    /// The body passes `server.maxBodyBytes` (or the endpoint's own limit).
    BodyTooLarge,
    /// The path does not take this method.
    MethodNotAllowed,
    /// A post from another site, or without the visitor's anti-forgery token.
    Forbidden,
    /// Nothing here for this visitor (a hand-over taken, or never given).
    NotFound,
    /// A page or a document could not be made: its render failed.
    Failed,
    /// A page could not be made in time: its render passed `renderer.deadlineMs`.
    TimedOut,
    /// The upstream data a document is made of could not be read.
    Unreadable,
    /// Not ready yet: the renderer (or the embedded upstream) is starting.
    Starting,
    /// Too busy (a full queue, a request past `server.requestTimeoutMs`): come back.
    Busy,
}

impl Refusal {
    /// Every refusal, for what must have a word for each (the server's own pages).
    pub const ALL: [Self; 11] = [
        Self::UriTooLong,
        Self::HeadersTooLarge,
        Self::BodyTooLarge,
        Self::MethodNotAllowed,
        Self::Forbidden,
        Self::NotFound,
        Self::Failed,
        Self::TimedOut,
        Self::Unreadable,
        Self::Starting,
        Self::Busy,
    ];

    pub fn status(self) -> StatusCode {
        match self {
            Self::UriTooLong => StatusCode::URI_TOO_LONG,
            Self::HeadersTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Forbidden => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::Failed | Self::TimedOut => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unreadable => StatusCode::BAD_GATEWAY,
            Self::Starting | Self::Busy => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The refusal a status stands for, when the status comes from elsewhere (axum's
    /// own `405` and `413`).
    pub fn of_status(status: StatusCode) -> Option<Self> {
        match status {
            StatusCode::METHOD_NOT_ALLOWED => Some(Self::MethodNotAllowed),
            StatusCode::PAYLOAD_TOO_LARGE => Some(Self::BodyTooLarge),
            _ => None,
        }
    }

    /// The failure of a render that not even the error page survived.
    pub fn of_render(error: &renderer::RenderError) -> Self {
        match error {
            renderer::RenderError::Deadline(_) => Self::TimedOut,
            renderer::RenderError::Busy => Self::Busy,
            _ => Self::Failed,
        }
    }

    /// Seconds to wait before trying again, for the refusals that say so (`Retry-After`).
    pub fn retry_after(self) -> Option<u32> {
        match self {
            Self::Busy => Some(1),
            Self::Starting => Some(5),
            _ => None,
        }
    }

    /// The line of plain text a machine gets.
    pub fn text(self) -> &'static str {
        match self {
            Self::UriTooLong => "the address is too long\n",
            Self::HeadersTooLarge => "the request headers are too large\n",
            Self::BodyTooLarge => "the request body is too large\n",
            Self::MethodNotAllowed => "this address does not take this method\n",
            Self::Forbidden => "refused\n",
            Self::NotFound => "not found\n",
            Self::Failed => "the page could not be made\n",
            Self::TimedOut => "the page could not be made in time\n",
            Self::Unreadable => "the data of this page could not be read\n",
            Self::Starting => "the server is starting, try again in a moment\n",
            Self::Busy => "server is too busy, try again in a moment\n",
        }
    }

    /// The refusal with a line of plain text that says why, never cached.
    pub fn with_text(self, text: impl Into<String>) -> Response {
        let mut response = (self.status(), text.into()).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response.extensions_mut().insert(self);
        response
    }
}

/// An upstream failure's status ([`failure_status`]) with a line of plain text, never cached.
pub fn upstream_failure(failure: Failure, text: &'static str) -> Response {
    plain(failure_status(failure), text.to_owned())
}

fn plain(status: StatusCode, text: String) -> Response {
    let mut response = (status, text).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        self.with_text(self.text())
    }
}

/// The answer to a post that needs none: a report, or a form sent by a script.
pub fn no_content() -> Response {
    StatusCode::NO_CONTENT.into_response()
}

/// A refusal that tells the client to come back: `503` with `Retry-After`, never cached.
pub fn busy() -> Response {
    Refusal::Busy.into_response()
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
            AppError::NotReady => Refusal::Starting.status(),
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
