//! The portal's own cookies: read from a request, written as `Set-Cookie` values. Every
//! one is `HttpOnly` (no script reads a token) and `SameSite=Lax`, `Secure` when the
//! portal is served over https.

use axum::http::{header, HeaderMap};

/// The access token (a JWT of the users API).
pub const ACCESS: &str = "portal_token";
/// The refresh token; spent by each refresh (rotation).
pub const REFRESH: &str = "portal_refresh_token";
/// A login waiting for its second factor: the pending token, where to go after, and
/// until when, signed with the session secret for this visitor's anti-forgery id
/// (`Sessions::pending_cookie`). Sent only to the second-factor form's path.
pub const PENDING: &str = "portal_pending";
/// Allows one hand-over of the session to the old portal: sent only to that hand-over's
/// own `/login/handover/{id}`, for a minute, signed for the access token it hands over.
pub const HANDOVER: &str = "portal_handover";
/// The visitor's random anti-forgery id; forms carry a token derived from it. Over
/// https its name is [`CSRF_HOST`] (`Sessions::csrf_cookie`).
pub const CSRF: &str = "portal_csrf";
/// [`CSRF`] with the `__Host-` prefix: a browser takes it only when it is `Secure`, for
/// `/`, without a `Domain` (set by this host itself, never by a neighbouring subdomain).
pub const CSRF_HOST: &str = "__Host-portal_csrf";
/// The cookie notice was dismissed (`dismissed`): pages are rendered without it.
pub const NOTICE: &str = "cookie_notice";
/// How long a dismissal is remembered: a year.
pub const NOTICE_MAX_AGE: u64 = 365 * 86_400;

/// Whether the request's visitor dismissed the cookie notice.
pub fn notice_dismissed(headers: &HeaderMap) -> bool {
    get(headers, NOTICE) == Some("dismissed")
}

/// How long the session cookies live: as long as the refresh token (30 days).
pub const SESSION_MAX_AGE: u64 = 30 * 86_400;

/// The value of cookie `name` in the request, if one is sent and looks like a value
/// the portal writes (token characters only).
pub fn get<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim_matches('"'))
        .filter(|value| is_token_text(value))
}

/// Characters of JWTs, base64url and hex: nothing that could break a header or a cookie.
pub fn is_token_text(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 4096
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// `Set-Cookie` for `name`; `max_age` None lives as long as the browser session.
/// `None` when the value is not token text (it is then not written at all).
pub fn set(name: &str, value: &str, max_age: Option<u64>, secure: bool) -> Option<String> {
    set_at(name, value, "/", max_age, secure)
}

/// [`set`] for the requests to `path` (and below) only.
pub fn set_at(name: &str, value: &str, path: &str, max_age: Option<u64>, secure: bool) -> Option<String> {
    if !is_token_text(value) || !is_path_text(path) {
        return None;
    }
    let mut cookie = format!("{name}={value}; Path={path}; HttpOnly; SameSite=Lax");
    if let Some(seconds) = max_age {
        cookie.push_str(&format!("; Max-Age={seconds}"));
    }
    if secure {
        cookie.push_str("; Secure");
    }
    Some(cookie)
}

/// `Set-Cookie` that removes `name`.
pub fn clear(name: &str, secure: bool) -> String {
    clear_at(name, "/", secure)
}

/// `Set-Cookie` that removes `name` set for `path` (a browser keeps one per path).
pub fn clear_at(name: &str, path: &str, secure: bool) -> String {
    let path = if is_path_text(path) { path } else { "/" };
    let mut cookie = format!("{name}=; Path={path}; HttpOnly; SameSite=Lax; Max-Age=0");
    if secure {
        cookie.push_str("; Secure");
    }
    cookie
}

/// A cookie path the portal writes: `/` and token characters only.
fn is_path_text(path: &str) -> bool {
    path.starts_with('/')
        && path.len() <= 256
        && path.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn reads_only_its_own_cookie_with_token_text() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("a=1; portal_token=eyJ.abc-_9; portal_csrf=x y"));
        headers.append(header::COOKIE, HeaderValue::from_static("portal_refresh_token=\"f00d\""));
        assert_eq!(get(&headers, ACCESS), Some("eyJ.abc-_9"));
        assert_eq!(get(&headers, REFRESH), Some("f00d"));
        assert_eq!(get(&headers, CSRF), None, "a value with a space is not the portal's");
        assert_eq!(get(&headers, PENDING), None);
        assert_eq!(get(&headers, "token"), None, "names match whole");
    }

    #[test]
    fn cookies_are_http_only_lax_and_secure_when_asked() {
        let plain = set(ACCESS, "abc", Some(60), false).unwrap();
        assert_eq!(plain, "portal_token=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60");
        assert!(set(ACCESS, "abc", None, true).unwrap().ends_with("; Secure"));
        assert_eq!(set(ACCESS, "a;b", None, false), None, "no header injection through a value");
        assert!(clear(REFRESH, false).contains("Max-Age=0"));
        assert_eq!(
            set_at(PENDING, "p", "/en/login/2fa", Some(300), true).unwrap(),
            "portal_pending=p; Path=/en/login/2fa; HttpOnly; SameSite=Lax; Max-Age=300; Secure"
        );
        assert_eq!(set_at(PENDING, "p", "/a;b", None, false), None, "no header injection through a path");
        assert!(clear_at(HANDOVER, "/login/handover/x", false).starts_with("portal_handover=; Path=/login/handover/x;"));
    }
}
