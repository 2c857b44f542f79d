//! Protection of every state-changing request against cross-site forgery: the form
//! carries a token derived from the visitor's own random cookie with the server's
//! secret (HMAC-SHA256), and a browser that says the request comes from another site
//! (`Origin`, `Sec-Fetch-Site`) is refused even with a token.

use axum::http::{header, HeaderMap};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// A new random id (32 bytes, base64url): the anti-forgery cookie, a pending login, a
/// hand-over.
pub fn random_id() -> String {
    let mut bytes = [0u8; 32];
    // The operating system's generator; without it no id can be trusted, so no id is made.
    getrandom::getrandom(&mut bytes).expect("the operating system's random source");
    URL_SAFE_NO_PAD.encode(bytes)
}

fn mac(secret: &[u8], id: &str, session: &str) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(b"portal csrf\0");
    // Each part with its length: no split of one pair of values fits another.
    for part in [id, session] {
        mac.update(&(part.len() as u64).to_be_bytes());
        mac.update(part.as_bytes());
    }
    mac
}

/// The token forms send for the visitor whose anti-forgery cookie is `id`, in the login
/// session `session` (`""`: none).
pub fn token(secret: &[u8], id: &str, session: &str) -> String {
    URL_SAFE_NO_PAD.encode(mac(secret, id, session).finalize().into_bytes())
}

/// True when `token` was made for `id` and `session` (compared in constant time).
pub fn verify(secret: &[u8], id: &str, session: &str, token: &str) -> bool {
    let Ok(bytes) = URL_SAFE_NO_PAD.decode(token) else { return false };
    mac(secret, id, session).verify_slice(&bytes).is_ok()
}

fn signature(secret: &[u8], purpose: &str, parts: &[&str]) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
    // Its own purpose (never `portal csrf`), and each part with its length: no value
    // signed for one use or one split of the parts fits another.
    mac.update(b"portal signed\0");
    for part in std::iter::once(purpose).chain(parts.iter().copied()) {
        mac.update(&(part.len() as u64).to_be_bytes());
        mac.update(part.as_bytes());
    }
    mac
}

/// A signature (HMAC-SHA256 with the session secret, base64url) of `parts` for
/// `purpose`: what the portal hands a visitor in a cookie instead of keeping it
/// (a pending login, a hand-over), so any replica with the same secret can check it.
pub fn sign(secret: &[u8], purpose: &str, parts: &[&str]) -> String {
    URL_SAFE_NO_PAD.encode(signature(secret, purpose, parts).finalize().into_bytes())
}

/// True when `signed` is [`sign`]`(secret, purpose, parts)` (compared in constant time).
pub fn verify_signed(secret: &[u8], purpose: &str, parts: &[&str], signed: &str) -> bool {
    let Ok(bytes) = URL_SAFE_NO_PAD.decode(signed) else { return false };
    signature(secret, purpose, parts).verify_slice(&bytes).is_ok()
}

/// False when the browser says the request comes from another site: `Sec-Fetch-Site:
/// cross-site`, or an `Origin` that is neither the public origin nor this request's
/// own host. Clients that send neither (JavaScript-off forms in old browsers, tools)
/// rely on the token alone.
pub fn same_site(headers: &HeaderMap, public_origin: &str) -> bool {
    if headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) == Some("cross-site") {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    if origin.eq_ignore_ascii_case(public_origin.trim_end_matches('/')) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
    let own = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://"));
    !host.is_empty() && own.is_some_and(|own| own.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn a_token_fits_only_its_own_id_session_and_secret() {
        let id = random_id();
        let t = token(b"secret", &id, "");
        assert!(verify(b"secret", &id, "", &t));
        assert!(!verify(b"other", &id, "", &t));
        assert!(!verify(b"secret", &random_id(), "", &t));
        assert!(!verify(b"secret", &id, "", ""));
        assert!(!verify(b"secret", &id, "", "!!"));
        assert_ne!(random_id(), random_id());
        // Bound to a session, it fits that session only, and an anonymous token fits none.
        let bound = token(b"secret", &id, "sid-1");
        assert!(verify(b"secret", &id, "sid-1", &bound));
        assert!(!verify(b"secret", &id, "sid-2", &bound));
        assert!(!verify(b"secret", &id, "", &bound));
        assert!(!verify(b"secret", &id, "sid-1", &t));
        assert!(!verify(b"secret", "ab", "c", &token(b"secret", "a", "bc")), "parts are not merely glued");
    }

    #[test]
    fn a_signature_fits_only_its_purpose_parts_and_secret() {
        let s = sign(b"secret", "pending", &["id", "payload"]);
        assert!(verify_signed(b"secret", "pending", &["id", "payload"], &s));
        assert!(!verify_signed(b"other", "pending", &["id", "payload"], &s));
        assert!(!verify_signed(b"secret", "handover", &["id", "payload"], &s));
        assert!(!verify_signed(b"secret", "pending", &["idp", "ayload"], &s), "parts are not merely glued");
        assert!(!verify_signed(b"secret", "pending", &["id", "payload"], "!!"));
        assert!(!verify(b"secret", "id", "", &sign(b"secret", "csrf", &[])), "never an anti-forgery token");
    }

    #[test]
    fn requests_from_other_sites_are_refused() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut h = HeaderMap::new();
            for (k, v) in pairs {
                h.insert(*k, HeaderValue::from_static(v));
            }
            h
        };
        let public = "https://portal.example";
        assert!(same_site(&headers(&[]), public));
        assert!(same_site(&headers(&[("origin", "https://portal.example")]), public));
        assert!(same_site(&headers(&[("origin", "http://127.0.0.1:18080"), ("host", "127.0.0.1:18080")]), public));
        assert!(!same_site(&headers(&[("origin", "https://evil.example"), ("host", "portal.example")]), public));
        assert!(!same_site(&headers(&[("origin", "null"), ("host", "portal.example")]), public));
        assert!(!same_site(&headers(&[("sec-fetch-site", "cross-site")]), public));
        assert!(same_site(&headers(&[("sec-fetch-site", "same-origin")]), public));
    }
}
