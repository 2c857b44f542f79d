//! The shapes every API handler answers in: a JSON answer with its content type
//! ([`JsonAnswer`]) and a hydra collection ([`hydra`]).

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

/// A JSON answer with an explicit content type.
pub struct JsonAnswer {
    pub status: axum::http::StatusCode,
    pub body: Value,
    pub ld: bool,
}

impl JsonAnswer {
    /// 200 `application/json`.
    pub fn ok(body: Value) -> Self {
        Self { status: axum::http::StatusCode::OK, body, ld: false }
    }
    /// `application/ld+json` with a status.
    pub fn ld(status: axum::http::StatusCode, body: Value) -> Self {
        Self { status, body, ld: true }
    }
}

impl IntoResponse for JsonAnswer {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body)).into_response();
        if self.ld {
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/ld+json; charset=utf-8"));
        }
        r
    }
}

/// A hydra collection body.
pub fn hydra(path: &str, members: Vec<Value>, total: usize) -> Value {
    json!({
        "@context": format!("/api/contexts/{}", path.trim_start_matches("/api/")),
        "@id": path,
        "@type": "hydra:Collection",
        "hydra:member": members,
        "hydra:totalItems": total,
    })
}
