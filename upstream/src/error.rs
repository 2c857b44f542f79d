//! The crate's one error type. Every handler returns `Result<_, UpstreamError>`, and only
//! this file decides which HTTP status and JSON body a failure becomes, so clients always
//! get `{"error": ..., "parameter": ...}` instead of a plain-text or empty body.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Everything that can go wrong while loading data or answering a request.
#[derive(Debug, thiserror::Error)]
pub enum UpstreamError {
    /// A query or body parameter has an unusable value.
    #[error("invalid parameter `{name}`: {reason}")]
    InvalidParameter { name: String, reason: String },
    /// A bound of the caller's was reached (the follows of an address): `400` naming
    /// `limit` and the bound's `reason` code, so that a client can say which.
    #[error("{message}")]
    Bound { reason: &'static str, message: String },
    /// A required parameter is missing.
    #[error("missing parameter `{0}`")]
    MissingParameter(String),
    /// The requested page lies beyond the 10000-result window.
    #[error("page {page} is past the result window of {window} results (perPage {per_page})")]
    PastResultWindow { page: usize, per_page: usize, window: usize },
    /// A document or resource does not exist.
    #[error("{kind} `{id}` not found")]
    NotFound { kind: &'static str, id: String },
    /// The request body is not the JSON we expect.
    #[error("malformed json body: {0}")]
    MalformedJson(String),
    /// Missing, expired, revoked or invalid credentials.
    #[error("{0}")]
    Unauthorized(String),
    /// The caller may not do this (e.g. a page of an origin that is not allowed).
    #[error("{0}")]
    Forbidden(String),
    /// Too many attempts; retry after the given number of seconds.
    #[error("too many attempts, retry in {0} s")]
    Throttled(u64),
    /// Every password-hashing slot stayed taken for too long; retry shortly.
    #[error("busy, retry in a moment")]
    Busy,
    /// A conflict with existing state (e.g. an e-mail already registered).
    #[error("{0}")]
    Conflict(String),
    /// A data file could not be read.
    #[error("cannot read data file `{path}`: {source}")]
    DataFile {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// A data file could not be parsed.
    #[error("cannot parse data file `{path}`: {reason}")]
    DataParse { path: String, reason: String },
    /// The users database failed.
    #[error("users database: {0}")]
    Database(#[from] rusqlite::Error),
    /// Password hashing failed.
    #[error("password hashing: {0}")]
    Hash(String),
}

impl UpstreamError {
    /// Shorthand for [`UpstreamError::InvalidParameter`].
    pub fn invalid(name: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::InvalidParameter { name: name.into(), reason: reason.into() }
    }

    /// The HTTP status this error maps to.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::InvalidParameter { .. }
            | Self::Bound { .. }
            | Self::MissingParameter(_)
            | Self::PastResultWindow { .. }
            | Self::MalformedJson(_) => StatusCode::BAD_REQUEST,
            Self::NotFound { .. } => StatusCode::NOT_FOUND,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::Throttled(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Busy => StatusCode::SERVICE_UNAVAILABLE,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::DataFile { .. } | Self::DataParse { .. } | Self::Database(_) | Self::Hash(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }
}

impl IntoResponse for UpstreamError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let mut body = json!({ "error": self.to_string(), "status": status.as_u16() });
        match &self {
            Self::InvalidParameter { name, .. } | Self::MissingParameter(name) => {
                body["parameter"] = json!(name);
            }
            Self::PastResultWindow { .. } => body["parameter"] = json!("page"),
            Self::Bound { reason, .. } => {
                body["parameter"] = json!("limit");
                body["reason"] = json!(reason);
            }
            _ => {}
        }
        let mut resp = (status, axum::Json(body)).into_response();
        let retry_after = match self {
            Self::Throttled(secs) => Some(secs),
            Self::Busy => Some(1),
            _ => None,
        };
        if let Some(v) = retry_after.and_then(|secs| secs.to_string().parse().ok()) {
            resp.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
        }
        resp
    }
}
