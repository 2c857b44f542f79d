//! The cookie notice's button (`POST /cookie-notice`): it sets the `cookie_notice` cookie,
//! which every later request carries, so the server renders pages without the notice
//! (SPEC §2.2; issue 30). Without JavaScript the button is a form post that comes back
//! to the page it was on (`back`, a path of this site) with `303`; with JavaScript the
//! bundle posts it asking for JSON and gets `204`, and hides the notice without a reload.
//!
//! No anti-forgery token: the form is on every page, and a token would make every
//! page personal (no micro-cache, no shared `304`). What a forged post can do is hide
//! a notice in the visitor's own browser; a post another site's page makes is still
//! refused by the browser's own word (`Sec-Fetch-Site`, `Origin`).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;

use crate::error::{no_content, Refusal};
use crate::form::{safe_path, see_other};
use crate::session::cookies;
use crate::session::csrf::same_site;
use crate::state::AppState;

/// The largest form the button sends (a `back` path).
pub const MAX_BODY: usize = 4096;

/// Where the form comes back to: `back` when it is a path of this site, else the home page.
fn back(body: &[u8]) -> String {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
        .ok()
        .and_then(|fields| fields.into_iter().find(|(name, _)| name == "back"))
        .and_then(|(_, value)| safe_path(&value).map(str::to_owned))
        .unwrap_or_else(|| "/".to_owned())
}

pub async fn dismiss(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if !same_site(&headers, &state.config().client.public_origin) {
        return Refusal::Forbidden.with_text("this form may be sent from this site only\n");
    }
    let wants_json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("application/json"));
    let mut response = if wants_json { no_content() } else { see_other(&back(&body)) };
    let secure = state.sessions().secure();
    if let Some(cookie) = cookies::set(cookies::NOTICE, "dismissed", Some(cookies::NOTICE_MAX_AGE), secure) {
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            response.headers_mut().insert(header::SET_COOKIE, value);
        }
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::back;

    #[test]
    fn the_form_comes_back_to_a_path_of_this_site_only() {
        assert_eq!(back(b"back=%2Fen%2Ftenders%3Fstatus%5B0%5D%3Dcomplete"), "/en/tenders?status[0]=complete");
        for evil in [
            &b"back=%2F%2Fevil.com"[..],
            b"back=https%3A%2F%2Fevil.com",
            b"back=%2F%5Cevil.com",
            b"",
            b"back=%2F%09%2Fevil",
        ] {
            assert_eq!(back(evil), "/", "{}", String::from_utf8_lossy(evil));
        }
    }
}
