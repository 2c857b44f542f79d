//! Every route of the server. Pages are not listed here: they live in
//! `web/src/routes`, and every GET that nothing else takes goes to `page`.

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::Router;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::services::ServeDir;

use crate::error::{no_content, AppError, Refusal};
use crate::state::AppState;
use crate::{account, cart, page};

/// 200 once every request can be served: the renderer started, the embedded
/// upstream (when this process runs one) serves its data, and no serving thread lost
/// its isolate without a replacement (it would answer every page with an error).
async fn healthz(State(state): State<AppState>) -> Response {
    let starting = |text: String| Refusal::Starting.with_text(text);
    match state.ready() {
        Some(ready) if ready.pool.broken() > 0 => {
            starting(format!("{} of {} serving threads cannot render\n", ready.pool.broken(), ready.pool.size()))
        }
        Some(ready) if state.serving() => {
            ([(header::CACHE_CONTROL, "no-store")], format!("ok: {} isolates\n", ready.pool.size())).into_response()
        }
        Some(_) => starting("embedded upstream starting\n".to_owned()),
        None => starting("renderer starting\n".to_owned()),
    }
}

/// Web-vitals reports from browsers, written to the log.
/// A web-vitals report of this site's own pages (`web/src/lib/afterStart.ts`): a beacon
/// of JSON, from the same origin, small, at a bounded rate. Only its known fields go to
/// the log, cut short and without control characters (issue 42, item 6: any site could
/// post 16 KB of its own text to the log, as often as it liked).
async fn vitals(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let public = state.config().client.public_origin.trim_end_matches('/').to_owned();
    let from_elsewhere = headers.get("sec-fetch-site").is_some_and(|v| v.as_bytes() != b"same-origin")
        || headers.get(header::ORIGIN).is_some_and(|o| {
            let o = o.to_str().unwrap_or_default();
            o != public && !is_loopback_origin(o)
        });
    if from_elsewhere {
        return Ok(Refusal::Forbidden.into_response());
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json")));
    if !json {
        return Ok(StatusCode::UNSUPPORTED_MEDIA_TYPE.into_response());
    }
    if body.len() > MAX_VITALS_REPORT {
        return Ok(StatusCode::PAYLOAD_TOO_LARGE.into_response());
    }
    if !state.vitals_rate().admit(VITALS_PER_SECOND) {
        return Ok(StatusCode::TOO_MANY_REQUESTS.into_response());
    }
    let report: serde_json::Value = serde_json::from_slice(&body).map_err(|e| AppError::BadJson(e.to_string()))?;
    let known =
        |v: &serde_json::Value, allowed: &[&str]| v.as_str().filter(|s| allowed.contains(s)).unwrap_or("?").to_owned();
    let name = known(&report["name"], &["CLS", "FCP", "FID", "INP", "LCP", "TTFB"]);
    let rating = known(&report["rating"], &["good", "needs-improvement", "poor"]);
    let value = report["value"].as_f64().filter(|v| v.is_finite()).unwrap_or(f64::NAN);
    let path: String =
        report["path"].as_str().unwrap_or_default().chars().filter(|c| !c.is_control()).take(MAX_VITALS_PATH).collect();
    tracing::info!(target: "web_vitals", %name, value, %path, %rating);
    Ok(no_content())
}

/// Whether an origin is this machine's (the portal reached by its loopback address).
fn is_loopback_origin(origin: &str) -> bool {
    let rest = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")).unwrap_or_default();
    let host = rest.split(':').next().unwrap_or_default();
    matches!(host, "127.0.0.1" | "localhost") || rest.starts_with("[::1]")
}

/// The handler of a form's POST.
pub type FormHandler = fn() -> MethodRouter<AppState>;

/// The pages that post a form to their own path (in either language), with the handler
/// of the POST; the page is the bundle's (`web/src/routes`, decision 0002), which a test
/// checks against this list.
pub const FORMS: [(&str, FormHandler); 12] = [
    ("/login", || post(account::login)),
    ("/login/2fa", || post(account::second_factor)),
    ("/logout", || post(account::logout)),
    ("/login/forgot", || post(account::forgot)),
    ("/login/new-password", || post(account::new_password)),
    ("/registration", || post(account::register)),
    ("/icabinet", || post(account::save_cpv)),
    ("/icabinet/searches", || post(crate::saved::change)),
    ("/alerts/unsubscribe", || post(crate::saved::unsubscribe)),
    ("/market/cart", || post(cart::change)),
    ("/icabinet/follows", || post(crate::follow::cabinet)),
    ("/follow/unsubscribe", || post(crate::follow::one_click)),
];

/// Largest web-vitals report read (a real one is about 150 bytes).
const MAX_VITALS_REPORT: usize = 1024;

/// At most this many vitals reports a second, all clients together.
const VITALS_PER_SECOND: u64 = 50;

/// Longest page path a vitals report writes to the log.
const MAX_VITALS_PATH: usize = 200;

/// Largest characteristic-mismatch report read.
const MAX_MISMATCH_REPORT: usize = 4 * 1024;

/// A product whose requirement responses do not satisfy its profile, as a browser found
/// it (`features.logCharacteristicMismatch`): `{productId, profileId, requirements:
/// [titles]}`, written to the log for the catalogue's keepers. Only ids and short
/// titles are logged, so a report cannot forge log lines or fill the disk.
async fn mismatch(body: Bytes) -> Result<Response, AppError> {
    if body.len() > MAX_MISMATCH_REPORT {
        return Err(AppError::BadParameter("body"));
    }
    let report: serde_json::Value = serde_json::from_slice(&body).map_err(|e| AppError::BadJson(e.to_string()))?;
    let id = |name: &'static str| {
        report[name]
            .as_str()
            .filter(|v| !v.is_empty() && v.len() <= 64 && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
            .ok_or(AppError::BadParameter(name))
    };
    let (product, profile) = (id("productId")?, id("profileId")?);
    let requirements: Vec<String> = report["requirements"]
        .as_array()
        .ok_or(AppError::BadParameter("requirements"))?
        .iter()
        .filter_map(serde_json::Value::as_str)
        .take(32)
        .map(|title| title.chars().filter(|c| !c.is_control()).take(120).collect())
        .collect();
    tracing::warn!(target: "characteristic_mismatch", product, profile, ?requirements, "product does not satisfy its profile");
    Ok(no_content())
}

/// A translation file asked for with its version (`?v=`, as pages link it) never
/// changes under that URL (a new text has a new version): browsers keep it for a
/// year. Unversioned reads are kept five minutes.
async fn locale_cache(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    // Versioned only when the version asked for is the text this process serves: during a
    // rolling deploy another release's version may reach this replica, and its text must
    // not be kept a year under that version.
    let asked = request.uri().query().and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("v=")));
    let versioned = asked.is_some_and(|v| {
        let this = format!("{}?v={v}", request.uri().path());
        state.ready().is_some_and(|ready| ready.translation_urls.values().any(|url| url.ends_with(&this)))
    });
    let stale = asked.is_some() && !versioned;
    let mut response = next.run(request).await;
    if stale && response.status().is_success() {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return response;
    }
    let value = match (response.status().is_success(), versioned) {
        (false, _) => "no-store",
        (true, true) => "public, max-age=31536000, immutable",
        (true, false) => "public, max-age=300",
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// Files of `dir`, and nothing else: a directory is a `404` like a missing file, never a
/// redirect to itself with a slash (`ServeDir` writes that redirect from the path after
/// the prefix, so `/locales///uk` would send the browser to `//uk/`, another host).
fn files(dir: std::path::PathBuf) -> ServeDir {
    ServeDir::new(dir).append_index_html_on_directories(false)
}

/// Files of `dir`, kept by browsers as `cache_control` says. A file that is not there
/// is a `404` kept for no time: during a rolling deploy the next replica may have it,
/// and a year-long `immutable` 404 would pin the miss in every cache on the way.
fn cached(dir: std::path::PathBuf, cache_control: &'static str) -> Router {
    let keep = HeaderValue::from_static(cache_control);
    Router::new().fallback_service(files(dir).precompressed_br().precompressed_gzip()).layer(
        axum::middleware::map_response(move |mut response: axum::response::Response| {
            let keep = keep.clone();
            async move {
                let value = if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
                    keep
                } else {
                    HeaderValue::from_static("no-store")
                };
                response.headers_mut().insert(header::CACHE_CONTROL, value);
                response
            }
        }),
    )
}

pub fn app(state: AppState) -> Router {
    let config = state.config();
    let client_dir = config.server.web_dist.join("client");
    // Content-hashed names never change meaning: cache them for a year.
    let assets = || cached(client_dir.join("assets"), "public, max-age=31536000, immutable");
    let docs = || cached(client_dir.join("docs"), "public, max-age=86400");
    let mut router = Router::new()
        .route("/healthz", get(healthz))
        .route("/__vitals", post(vitals).layer(DefaultBodyLimit::max(16 * MAX_VITALS_REPORT)))
        .route("/__mismatch", post(mismatch).layer(DefaultBodyLimit::max(MAX_MISMATCH_REPORT)))
        .route("/__data", get(page::data))
        .route("/__csrf", get(account::csrf_token))
        .route("/__handover", post(account::handover_for_session))
        .route("/login/handover/{id}", get(account::handover))
        .route("/registration/confirm", get(account::confirm_email))
        .route("/en/registration/confirm", get(account::confirm_email))
        .route("/cookie-notice", post(crate::notice::dismiss).layer(DefaultBodyLimit::max(crate::notice::MAX_BODY)));
    // The forms post to their own page's path, in either language.
    for prefix in ["", "/en"] {
        for (path, handler) in FORMS {
            router = router.route(&format!("{prefix}{path}"), get(page::page).merge(handler()));
        }
    }
    // A record page's follow form posts below the page's own path (a GET there is
    // whatever page the bundle makes of it: the tender's, or the 404 page).
    for prefix in ["", "/en"] {
        for register in crate::follow::REGISTERS {
            let path = format!("{prefix}/{register}/{{key}}/follow");
            router = router.route(&path, get(page::page).merge(post(crate::follow::follow)));
        }
    }
    router = router
        .nest_service("/assets", assets())
        .nest_service("/docs", docs())
        .route("/robots.txt", get(crate::machine::robots));
    let base = config.client.asset_base.trim_end_matches('/');
    if !base.is_empty() {
        router = router.nest_service(&format!("{base}/assets"), assets()).nest_service(&format!("{base}/docs"), docs());
    }
    if config.serves_locales() {
        let path = config.client.endpoints.translations.trim_end_matches('/').to_owned();
        let locales = Router::new()
            .fallback_service(files(config.server.locales_dir.clone()))
            .layer(axum::middleware::from_fn_with_state(state.clone(), locale_cache));
        router = router.nest_service(&path, locales);
    }
    // The edge (limits, micro-cache, security headers, the `Location` guard) sits
    // outside compression, so the micro-cache keeps each encoding already compressed,
    // and every answer (refusals included) leaves through it.
    let level = config.server.compression_level;
    router
        .fallback(page::page)
        .layer(DefaultBodyLimit::max(config.server.max_body_bytes))
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(level)))
        .layer(axum::middleware::from_fn_with_state(crate::edge::Edge::new(&state), crate::edge::edge))
        .with_state(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a route pattern of `web/src/routes/index.tsx` (`login/*`, `plans/:id`)
    /// takes `path` (`/login/2fa`), as react-router matches it.
    fn takes(pattern: &str, path: &str) -> bool {
        let (mut pattern, mut path) = (pattern.split('/'), path.trim_start_matches('/').split('/'));
        loop {
            match (pattern.next(), path.next()) {
                (Some("*"), _) => return true,
                (Some(p), Some(s)) if p.starts_with(':') && !s.is_empty() => {}
                (Some(p), Some(s)) if p == s => {}
                (None, None) => return true,
                _ => return false,
            }
        }
    }

    #[test]
    fn every_form_path_is_a_page_of_the_bundle() {
        let table = include_str!("../../web/src/routes/index.tsx");
        let patterns: Vec<&str> = table
            .lines()
            .filter_map(|line| line.trim().strip_prefix("['")?.split('\'').next())
            .filter(|pattern| *pattern != "*")
            .collect();
        assert!(patterns.len() > 20, "the route table was read: {patterns:?}");
        for (path, _) in FORMS {
            assert!(patterns.iter().any(|p| takes(p, path)), "{path} is no page of web/src/routes");
        }
        assert!(!patterns.iter().any(|p| takes(p, "/no-such-form")));
        assert!(takes("market/cart/*", "/market/cart") && !takes("plans/:id", "/plans"));
    }
}
