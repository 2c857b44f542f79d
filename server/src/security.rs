//! Security headers on every response (pages, `/__data`, assets, errors, refusals),
//! built once from the configuration.
//!
//! The Content-Security-Policy allows scripts, styles and fonts from this origin only:
//! pages carry no inline script (their state is a JSON data block, which is not run)
//! and no style attribute. What the browser fetches elsewhere is derived from the
//! configured endpoints (the catalogue's images and pickers from the search API, the
//! old portal's session check and logout, the users API), and the tag manager's hosts
//! are allowed only when its flag is on. A response that brings its own policy (the
//! hand-over page, with a nonce) keeps it.

use axum::http::{header, HeaderMap, HeaderName, HeaderValue};
use axum::response::Response;

use crate::config::Config;

/// The headers, ready to copy into a response.
pub struct SecurityHeaders {
    headers: Vec<(HeaderName, HeaderValue)>,
}

/// `scheme://host[:port]` of an absolute URL; `None` for a relative one.
fn origin(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    Some(&url[..url.len() - rest.len() + end])
}

/// `'self'` and the origins of `urls` other than the site's own, each once. On an
/// https site an http origin is written as https: a page served over https cannot use
/// it otherwise (browsers block or upgrade mixed content, and the policy asks them to
/// upgrade), and an `http:` source would only weaken the policy.
fn sources(public_origin: &str, urls: &[&str]) -> String {
    let secure = public_origin.starts_with("https://");
    let mut list = vec!["'self'".to_owned()];
    for url in urls {
        if let Some(origin) = origin(url) {
            let origin = match origin.strip_prefix("http://") {
                Some(host) if secure => format!("https://{host}"),
                _ => origin.to_owned(),
            };
            if origin != public_origin && !list.contains(&origin) {
                list.push(origin);
            }
        }
    }
    list.join(" ")
}

/// The tag manager's hosts (its script loads the analytics script and sends beacons).
const TAG_MANAGER_SCRIPTS: &str = "https://www.googletagmanager.com";
const TAG_MANAGER_CONNECT: &str =
    "https://www.googletagmanager.com https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com";

/// The policy of every answer; `boot_hash`: the source that allows the boot script
/// (`shell::Manifest::boot_hash`), none without a bundle.
pub fn content_security_policy(config: &Config, boot_hash: Option<&str>) -> String {
    let client = &config.client;
    let e = &client.endpoints;
    let public = origin(&client.public_origin).unwrap_or_default();
    let tag_manager = client.features.tag_manager && !client.tag_manager_id.is_empty();
    // The boot script at the end of every page, by its hash.
    let mut script = match boot_hash {
        Some(hash) => format!("'self' {hash}"),
        None => "'self'".to_owned(),
    };
    // The stylesheet of the server's own pages (`own_page`), inline, by its hash.
    let style = format!("'self' {}", crate::own_page::style_hash());
    // What the browser calls with `fetch`: translations (when not served here), the
    // search API (classifier pickers, the catalogue), the users API, the central
    // database (the external tender view), the old portal's session check.
    let mut connect = sources(public, &[&e.translations, &e.search, &e.users, &e.cdb, &e.old_site]);
    // Catalogue images come from the search API; the logout page pings the old portal.
    let mut img = format!("{} data:", sources(public, &[&e.search, &e.files, &e.old_site]));
    if tag_manager {
        script.push(' ');
        script.push_str(TAG_MANAGER_SCRIPTS);
        for list in [&mut connect, &mut img] {
            list.push(' ');
            list.push_str(TAG_MANAGER_CONNECT);
        }
    }
    // The hand-over to the old portal: a same-site frame whose form posts there.
    let old_site = sources(public, &[&e.old_site]);
    let mut policy = format!(
        "default-src 'none'; script-src {script}; style-src {style}; img-src {img}; font-src 'self'; \
         connect-src {connect}; manifest-src 'self'; frame-src {old_site}; form-action {old_site}; \
         frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    );
    if client.public_origin.starts_with("https://") {
        policy.push_str("; upgrade-insecure-requests");
    }
    policy
}

impl SecurityHeaders {
    pub fn new(config: &Config, boot_hash: Option<&str>) -> Self {
        // Only features Chromium knows: an unknown one is a console warning on every page.
        let mut headers = vec![
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
            (
                HeaderName::from_static("permissions-policy"),
                HeaderValue::from_static(
                    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
                ),
            ),
            (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
            (HeaderName::from_static("cross-origin-resource-policy"), HeaderValue::from_static("same-origin")),
        ];
        match HeaderValue::from_str(&content_security_policy(config, boot_hash)) {
            Ok(csp) => headers.push((header::CONTENT_SECURITY_POLICY, csp)),
            Err(e) => tracing::error!(error = %e, "the content security policy is not a header value"),
        }
        // Only over https: browsers ignore it on http, and a local http run must not
        // teach a browser to refuse http for the host.
        if config.client.public_origin.starts_with("https://") {
            headers.push((
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=63072000; includeSubDomains"),
            ));
        }
        Self { headers }
    }

    /// Adds each header the response does not set itself.
    pub fn apply(&self, headers: &mut HeaderMap) {
        for (name, value) in &self.headers {
            if !headers.contains_key(name) {
                headers.insert(name.clone(), value.clone());
            }
        }
    }
}

/// Whether `path` (a `Location` without its scheme and host) starts with a scheme of its
/// own: `javascript:`, `https:` (the letters, digits, `+`, `-`, `.` before a `:` that
/// comes before any `/`, `?` or `#`).
fn has_scheme(location: &str) -> bool {
    let end = location.find([':', '/', '?', '#']);
    end.is_some_and(|end| {
        location.as_bytes()[end] == b':'
            && location.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
            && location[..end].bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    })
}

/// A `Location` a browser follows to this site only, or `None` when `location` is one
/// already. Same-site paths (`/en/tenders?x=1`), relative references and absolute URLs
/// on `public_origin` are kept. Replaced:
/// - a control character or a space anywhere (browsers drop tabs and newlines inside a
///   URL and spaces around it, so `/\t/evil.com` is `//evil.com`) or bytes that are not
///   text: the whole value becomes `/`;
/// - another scheme or host (`https://evil.com`, `javascript:…`): `/`;
/// - a path that starts with `//` or `/\` (a protocol-relative URL: the browser goes
///   to the host after the slashes) or has a backslash: its slashes and backslashes
///   folded to one slash each (`//uk/` → `/uk/`), as pages fold them
///   ([`crate::limits::same_site_path`]);
/// - a backslash in the query or fragment: written `%5C` (the same text to whoever
///   reads it, and nothing a browser reads as a slash).
pub fn location_on_site(location: &[u8], public_origin: &str) -> Option<String> {
    let Ok(text) = std::str::from_utf8(location) else { return Some("/".to_owned()) };
    if text.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Some("/".to_owned());
    }
    let public_origin = public_origin.trim_end_matches('/');
    let (origin, rest) = if has_scheme(text) {
        let on_site = text.len() >= public_origin.len()
            && text.is_char_boundary(public_origin.len())
            && text[..public_origin.len()].eq_ignore_ascii_case(public_origin)
            && matches!(text.as_bytes().get(public_origin.len()), None | Some(b'/' | b'?' | b'#'));
        if !on_site {
            return Some("/".to_owned());
        }
        text.split_at(public_origin.len())
    } else {
        ("", text)
    };
    let split = rest.find(['?', '#']).unwrap_or(rest.len());
    let (path, tail) = rest.split_at(split);
    let path = if path.starts_with("//") || path.contains('\\') { same_site_path(path) } else { None };
    let tail = tail.contains('\\').then(|| tail.replace('\\', "%5C"));
    if path.is_none() && tail.is_none() {
        return None;
    }
    let (path, tail) = (path.as_deref().unwrap_or(&rest[..split]), tail.as_deref().unwrap_or(&rest[split..]));
    Some(format!("{origin}{path}{tail}"))
}

/// The last line before an answer leaves: a `Location` that would take the browser off
/// the site (whatever wrote it: a page, a form's outcome, a static folder) is made one
/// that stays, and logged.
/// `public_origin`: the site's (`client.publicOrigin`).
pub fn keep_location_on_site(public_origin: &str, response: &mut Response) {
    let Some(location) = response.headers().get(header::LOCATION) else { return };
    let Some(safe) = location_on_site(location.as_bytes(), public_origin) else {
        return;
    };
    let was = String::from_utf8_lossy(location.as_bytes()).into_owned();
    tracing::warn!(
        location = %crate::redact::redacted(&was).escape_debug(),
        to = %crate::redact::redacted(&safe),
        "a Location that leaves the site was replaced"
    );
    match HeaderValue::from_str(&safe) {
        Ok(value) => response.headers_mut().insert(header::LOCATION, value),
        Err(_) => response.headers_mut().insert(header::LOCATION, HeaderValue::from_static("/")),
    };
}

/// A path no link written from it can leave the site by: repeated slashes and
/// backslashes become one slash (`/en//evil.com` → `/en/evil.com`, `/\evil.com` →
/// `/evil.com`); `None` when the path is already so.
pub fn same_site_path(path: &str) -> Option<String> {
    let odd = path.as_bytes().windows(2).any(|w| w == b"//") || path.contains('\\');
    if !odd {
        return None;
    }
    let mut out = String::with_capacity(path.len());
    for ch in path.chars() {
        let ch = if ch == '\\' { '/' } else { ch };
        if ch == '/' && out.ends_with('/') {
            continue;
        }
        out.push(ch);
    }
    if !out.starts_with('/') {
        out.insert(0, '/');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_could_leave_the_site_are_folded() {
        assert_eq!(same_site_path("/tenders"), None);
        assert_eq!(same_site_path("/en/tenders/UA-1"), None);
        assert_eq!(same_site_path("/en//evil.com").as_deref(), Some("/en/evil.com"));
        assert_eq!(same_site_path("//evil.com").as_deref(), Some("/evil.com"));
        assert_eq!(same_site_path("/\\evil.com").as_deref(), Some("/evil.com"));
        assert_eq!(same_site_path("/en/\\\\evil.com/").as_deref(), Some("/en/evil.com/"));
        assert_eq!(same_site_path("///").as_deref(), Some("/"));
    }

    const FILE: &str = include_str!("../../config/portal.json");

    #[test]
    fn every_location_is_kept_on_the_site() {
        let public = "http://portal.example";
        let on_site = |location: &str| location_on_site(location.as_bytes(), public);
        for kept in [
            "/",
            "/uk/",
            "/en/tenders?keyword=a//b&x=http://evil.com",
            "/icabinet?searches=saved#saved-searches",
            "/alerts/unsubscribe?id=7&token=abc",
            "tenders/",
            "?page=2",
            "http://portal.example",
            "http://portal.example/en/",
            "HTTP://PORTAL.EXAMPLE/?a=1",
        ] {
            assert_eq!(on_site(kept), None, "{kept}");
        }
        for (from, to) in [
            ("//uk/", "/uk/"),
            ("///uk/", "/uk/"),
            ("//evil.com/x?a=1", "/evil.com/x?a=1"),
            ("/\\evil.com", "/evil.com"),
            ("\\\\evil.com", "/evil.com"),
            ("/en\\..\\x", "/en/../x"),
            ("/x?a=\\b", "/x?a=%5Cb"),
            ("http://portal.example//evil.com/", "http://portal.example/evil.com/"),
            ("https://evil.com/", "/"),
            ("http://portal.example.evil.com/", "/"),
            ("http://portal.example@evil.com/", "/"),
            ("javascript:alert(1)", "/"),
            ("/\t/evil.com", "/"),
            (" //evil.com", "/"),
            ("/x\u{7f}", "/"),
        ] {
            assert_eq!(on_site(from).as_deref(), Some(to), "{from}");
        }
        assert_eq!(location_on_site(b"/caf\xe9", public).as_deref(), Some("/"));
    }

    #[test]
    fn origins_of_urls() {
        assert_eq!(origin("http://127.0.0.1:8081/old"), Some("http://127.0.0.1:8081"));
        assert_eq!(origin("https://search.example"), Some("https://search.example"));
        assert_eq!(origin("https://a.example?x=1"), Some("https://a.example"));
        assert_eq!(origin("/locales"), None);
    }

    #[test]
    fn the_policy_allows_nothing_inline_and_follows_the_endpoints() {
        let config = Config::parse(FILE, []).unwrap();
        let boot = crate::shell::sha256_source("go()");
        let policy = content_security_policy(&config, Some(&boot));
        assert!(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "{policy}");
        let style = crate::own_page::style_hash();
        assert!(policy.contains(&format!("style-src 'self' {style};")), "{policy}");
        assert!(policy.starts_with(&format!("default-src 'none'; script-src 'self' {boot};")), "{policy}");
        assert!(policy.contains("connect-src 'self' http://127.0.0.1:8081;"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"));
        assert!(!policy.contains("googletagmanager") && !policy.contains("upgrade-insecure-requests"));
        let env = [
            ("PORTAL_CLIENT_PUBLIC_ORIGIN", "https://portal.example"),
            ("PORTAL_SERVER_SECURE_COOKIES", "true"),
            ("PORTAL_CLIENT_ENDPOINTS_SEARCH", "https://search.example/api"),
            ("PORTAL_CLIENT_FEATURES_TAG_MANAGER", "true"),
            ("PORTAL_CLIENT_TAG_MANAGER_ID", "GTM-X"),
        ];
        let config = Config::parse(FILE, env.map(|(k, v)| (k.to_owned(), v.to_owned()))).unwrap();
        let policy = content_security_policy(&config, Some(&boot));
        assert!(policy.contains(&format!("script-src 'self' {boot} https://www.googletagmanager.com;")), "{policy}");
        assert!(policy.contains("connect-src 'self' https://search.example https://127.0.0.1:8081 "), "{policy}");
        assert!(!policy.contains("http:"), "no insecure source on an https site: {policy}");
        assert!(policy.ends_with("upgrade-insecure-requests"));
        let mut headers = HeaderMap::new();
        SecurityHeaders::new(&config, None).apply(&mut headers);
        assert!(headers[header::STRICT_TRANSPORT_SECURITY].to_str().unwrap().starts_with("max-age=63072000"));
    }
}
