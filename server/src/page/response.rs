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

/// A redirect to `location`, whose bytes outside visible ASCII (a keyword in Cyrillic,
/// a control character) are percent-encoded, so that every location is a header value.
pub fn redirect(location: &str, status: u16) -> Response {
    let status = StatusCode::from_u16(status).ok().filter(|s| s.is_redirection()).unwrap_or(StatusCode::FOUND);
    let mut response = status.into_response();
    let plain = location.bytes().all(|b| (0x21..0x7f).contains(&b));
    let value = if plain { HeaderValue::from_str(location) } else { HeaderValue::from_str(&percent_encoded(location)) };
    if let Ok(value) = value {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

fn percent_encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if (0x21..0x7f).contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_location_is_a_header_value() {
        let location = |to: &str| redirect(to, 301).headers()[header::LOCATION].to_str().unwrap().to_owned();
        assert_eq!(location("/tenders?status=active"), "/tenders?status=active");
        assert_eq!(location("/?keyword=\u{2028}"), "/?keyword=%E2%80%A8");
        assert_eq!(location("/tenders?keyword=ліки 1"), "/tenders?keyword=%D0%BB%D1%96%D0%BA%D0%B8%201");
    }
}
