//! The responses a page request ends in: a page (whole, compressed in one pass), a
//! redirect, or the static page that answers when not even the error page renders.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::compress::{Compressor, Encoding};

pub fn html_headers(headers: &mut HeaderMap) {
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
}

fn html_response(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    html_headers(response.headers_mut());
    response
}

/// A whole page, compressed in one pass when the request accepts it.
pub fn page_response(status: StatusCode, html: String, encoding: Encoding, level: u32) -> Response {
    let compressed = Compressor::new(encoding, level, html.len()).map(|c| c.finish(&[html.as_bytes()]));
    let Some(Ok(bytes)) = compressed else {
        let mut response = html_response(status, html);
        Encoding::Identity.mark(response.headers_mut());
        return response;
    };
    let mut response = (status, bytes).into_response();
    html_headers(response.headers_mut());
    encoding.mark(response.headers_mut());
    response
}

/// The last resort when even the error page cannot be rendered.
pub fn static_error(status: StatusCode) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"uk\"><head><meta charset=\"utf-8\"><title>{0}</title></head>\
         <body><h1>{0}</h1><p>Сервер має труднощі. Спробуйте пізніше.</p><p><a href=\"/\">На головну</a></p></body></html>",
        status.as_u16()
    );
    html_response(status, html)
}

pub fn redirect(location: &str, status: u16) -> Response {
    let status = StatusCode::from_u16(status).ok().filter(|s| s.is_redirection()).unwrap_or(StatusCode::FOUND);
    let mut response = status.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}
