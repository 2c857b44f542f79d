//! The refusals of the server's JSON endpoints for scripts (`/__data`, `/__vitals`, the
//! characteristic-mismatch report): each error with its status and a JSON body naming
//! it. Pages, forms and documents for machines answer their failures themselves (the
//! error page, [`crate::form::FormOutcome`], `machine.rs`).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

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
