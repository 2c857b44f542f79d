//! Server-side rendering of every page: ask the bundle for the route's plan,
//! fetch the data it names, render, and wrap the result in the document.

use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::{self, join_all};
use futures_util::{stream, StreamExt};
use renderer::{Embedded, FetchSpec};
use serde::Deserialize;

use crate::compress::{Compressor, Encoding};
use crate::document::Document;
use crate::error::AppError;
use crate::state::{AppState, Ready};

/// The language of a path: `/en` and `/en/...` are English, the rest Ukrainian.
pub fn language_of(path: &str) -> &'static str {
    if path == "/en" || path.starts_with("/en/") {
        "en"
    } else {
        "uk"
    }
}

/// The render input `{"url":…,"language":…,"config":…,"session":null,"data":…,"error":…}`,
/// written once: the members after the URL are the page state the document embeds for
/// hydration, a slice of the same text (the upstream answers are copied once, here).
/// `embedded`: where the answers are, so an isolate can reuse what it parsed of them.
struct PageInput {
    json: String,
    fields: std::ops::Range<usize>,
    embedded: Vec<Embedded>,
}

impl PageInput {
    /// `data` writes the page data and answers the error page its failures call for;
    /// `error` (a failed plan or render) goes before that. `size`: the data's length.
    fn new(
        state: &AppState,
        url: &str,
        language: &str,
        size: usize,
        error: Option<u16>,
        data: impl FnOnce(&mut String, &mut Vec<Embedded>) -> Option<u16>,
    ) -> Self {
        let url = serde_json::to_string(url).unwrap_or_else(|_| "\"/\"".into());
        let config = state.client_json();
        let mut json = String::with_capacity(url.len() + config.len() + size + 96);
        json.push_str(r#"{"url":"#);
        json.push_str(&url);
        json.push(',');
        let start = json.len();
        json.push_str(r#""language":""#);
        json.push_str(language);
        json.push_str(r#"","config":"#);
        json.push_str(config);
        json.push_str(r#","session":null,"data":"#);
        let mut embedded = Vec::new();
        let error = error.or(data(&mut json, &mut embedded));
        json.push_str(r#","error":"#);
        json.push_str(&error.map_or_else(|| "null".to_owned(), |e| e.to_string()));
        let end = json.len();
        json.push('}');
        Self { json, fields: start..end, embedded }
    }

    /// No page data: `{}`.
    fn empty(state: &AppState, url: &str, language: &str, error: Option<u16>) -> Self {
        Self::new(state, url, language, 2, error, |json, _| {
            json.push_str("{}");
            None
        })
    }

    fn fields(&self) -> &str {
        &self.json[self.fields.clone()]
    }
}

/// One upstream answer: its JSON text, or the status that stands for it.
type Answer = Result<Arc<str>, u16>;

/// Fetches every spec concurrently; an unreachable, slow or failing upstream becomes
/// 502/504 or its own status. Bodies are not parsed here: V8 parses the render
/// input once, and only when that fails are they checked one by one ([`data_json`]).
async fn fetch_all(state: &AppState, fetches: &[FetchSpec]) -> Vec<Answer> {
    let endpoints = &state.config().client.endpoints;
    join_all(fetches.iter().map(|spec| async move {
        let base = match spec.service.as_str() {
            "users" => &endpoints.users,
            "cdb" => &endpoints.cdb,
            _ => &endpoints.search,
        };
        let url = format!("{}{}", base.trim_end_matches('/'), spec.path);
        let reusable = spec.max_age.filter(|s| *s > 0).map(Duration::from_secs);
        if reusable.is_some() {
            if let Some(body) = state.upstream_cache().get(&url) {
                return Ok(body);
            }
        }
        let response = match state.http().get(&url).header(header::ACCEPT, "application/json").send().await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(%url, error = %e, "upstream request failed");
                return Err(if e.is_timeout() { 504 } else { 502 });
            }
        };
        let status = response.status().as_u16();
        match response.bytes().await {
            Ok(_) if status >= 400 => Err(status),
            Ok(body) => {
                // The page embeds the answer as text: it must be UTF-8 (valid JSON is).
                let Ok(text) = simdutf8::basic::from_utf8(&body) else {
                    tracing::warn!(%url, "upstream answer is not UTF-8");
                    return Err(502);
                };
                let body: Arc<str> = Arc::from(text);
                if let Some(ttl) = reusable {
                    // Kept for other requests: checked once now rather than trusted later.
                    if !is_json(&body) {
                        tracing::warn!(%url, "upstream answer is not JSON");
                        return Err(502);
                    }
                    state.upstream_cache().insert(url, body.clone(), ttl);
                }
                Ok(body)
            }
            Err(e) => Err(if e.is_timeout() { 504 } else { 502 }),
        }
    }))
    .await
}

fn is_json(text: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// How long the page data of these answers is, give or take the keys.
fn data_size(answers: &[Answer]) -> usize {
    answers.iter().map(|a| a.as_ref().map_or(0, |body| body.len()) + 48).sum()
}

/// Writes the page data `{"key":{"ok":true,"body":...}|{"ok":false,"status":N},...}`
/// with the answers embedded raw, and answers the error page the failures call for.
/// With `check`, an answer that is not JSON becomes a 502. Each answer's place goes
/// into `embedded`, its source being the service and path it came from.
fn push_data(
    json: &mut String,
    embedded: &mut Vec<Embedded>,
    fetches: &[FetchSpec],
    answers: &[Answer],
    check: bool,
) -> Option<u16> {
    let mut error = None;
    json.push('{');
    for (i, (spec, answer)) in fetches.iter().zip(answers).enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&serde_json::to_string(&spec.key).unwrap_or_default());
        let answer = match answer {
            Ok(body) if check && !is_json(body) => {
                tracing::warn!(key = %spec.key, "upstream answer is not JSON");
                Err(502)
            }
            answer => answer.as_ref().map_err(|status| *status),
        };
        match answer {
            Ok(body) => {
                json.push_str(r#":{"ok":true,"body":"#);
                let start = json.len();
                json.push_str(body);
                let range = start..json.len();
                embedded.push(Embedded {
                    key: spec.key.clone(),
                    source: format!("{}:{}", spec.service, spec.path),
                    range,
                });
                json.push('}');
            }
            Err(status) => {
                if status >= 500 {
                    error = Some(if status == 502 || status == 504 { status } else { 503 });
                }
                json.push_str(&format!(r#":{{"ok":false,"status":{status}}}"#));
            }
        }
    }
    json.push('}');
    error
}

fn html_response(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    html_headers(response.headers_mut());
    response
}

fn html_headers(headers: &mut HeaderMap) {
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
}

/// A whole page, compressed in one pass when the request accepts it.
fn page_response(status: StatusCode, html: String, encoding: Encoding, level: u32) -> Response {
    let compressed = Compressor::new(encoding, level, html.len()).map(|c| c.finish(&[html.as_bytes()]));
    let Some(Ok(bytes)) = compressed else {
        return html_response(status, html);
    };
    let mut response = (status, bytes).into_response();
    html_headers(response.headers_mut());
    encoding.mark(response.headers_mut());
    response
}

/// The last resort when even the error page cannot be rendered.
fn static_error(status: StatusCode) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"uk\"><head><meta charset=\"utf-8\"><title>{0}</title></head>\
         <body><h1>{0}</h1><p>Сервер має труднощі. Спробуйте пізніше.</p><p><a href=\"/\">На головну</a></p></body></html>",
        status.as_u16()
    );
    html_response(status, html)
}

fn redirect(location: &str, status: u16) -> Response {
    let status = StatusCode::from_u16(status).ok().filter(|s| s.is_redirection()).unwrap_or(StatusCode::FOUND);
    let mut response = status.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// The answers a page's data was built from without checking them, to check and
/// render again with when V8 finds the data is not JSON.
type Unchecked<'a> = Option<(&'a [FetchSpec], &'a [Answer])>;

/// How a page is asked for: when it arrived and the encoding its answer takes.
#[derive(Clone, Copy)]
struct Request {
    arrived: Instant,
    encoding: Encoding,
}

async fn render_document(
    state: &AppState,
    ready: &Ready,
    request: Request,
    url: &str,
    input: PageInput,
    unchecked: Unchecked<'_>,
) -> Response {
    let language = language_of(url.split('?').next().unwrap_or("/"));
    // The head goes out before the body of pages built from upstream answers. Pages
    // without any (error and static pages) render their body in a fraction of a
    // millisecond (the 404 page: ~0.2 ms), less than what a second write costs: they go
    // out in one piece.
    let head_first = !input.embedded.is_empty();
    let (output, pending) = match (
        ready.pool.render_streamed(&input.json, &input.embedded, request.arrived, head_first).await,
        unchecked,
    ) {
        (Ok(answer), _) => answer,
        (Err(renderer::RenderError::Input(e)), Some((fetches, answers))) => {
            tracing::warn!(%url, error = %e, "page data is not JSON: checking each upstream answer");
            let checked = PageInput::new(state, url, language, data_size(answers), None, |json, embedded| {
                push_data(json, embedded, fetches, answers, true)
            });
            return Box::pin(render_document(state, ready, request, url, checked, None)).await;
        }
        (Err(e), _) if input.fields().ends_with(r#""error":null"#) => {
            tracing::error!(%url, error = %e, "render failed");
            let failed = PageInput::empty(state, url, language, Some(500));
            return Box::pin(render_document(state, ready, request, url, failed, None)).await;
        }
        (Err(e), _) => {
            tracing::error!(%url, error = %e, "error page render failed");
            return static_error(StatusCode::INTERNAL_SERVER_ERROR);
        }
    };
    if let Some(location) = &output.redirect {
        return redirect(location, output.status);
    }
    let Some(pending) = pending else {
        return static_error(StatusCode::INTERNAL_SERVER_ERROR);
    };
    let translations = ready.translation_urls.get(language).map(String::as_str).unwrap_or_default();
    let document = Document {
        language,
        head: &output.head,
        state_fields: input.fields(),
        translations_url: translations,
        asset_base: &state.config().client.asset_base,
        manifest: state.manifest(),
    };
    let status = StatusCode::from_u16(output.status).unwrap_or(StatusCode::OK);
    let level = state.config().server.compression_level as u32;
    // A page rendered whole (no upstream answers) goes out as one body with its
    // length; the others stream: the head is sent while the body renders, and the
    // state follows the body.
    let pending = match pending.into_ready() {
        Ok(body) => {
            let mut html = document.opening();
            html.reserve(body.len() + input.fields().len() + 96);
            html.push_str(&body);
            html.push_str(&document.closing());
            return page_response(status, html, request.encoding, level);
        }
        Err(pending) => pending,
    };
    let opening = document.opening();
    let closing = document.closing();
    // Compressed, the head is flushed so that it still goes out first.
    let mut compressor = Compressor::new(request.encoding, level, 0);
    let head = match &mut compressor {
        Some(compressor) => compressor.chunk(opening.as_bytes()),
        None => Ok(Bytes::from(opening)),
    };
    let url = url.to_owned();
    let rest = async move {
        match pending.await {
            Ok(body) => match compressor {
                Some(compressor) => {
                    compressor.finish(&[body.as_bytes(), closing.as_bytes()]).map(|rest| vec![Ok(rest)])
                }
                None => Ok(vec![Ok(Bytes::from(body)), Ok(Bytes::from(closing))]),
            },
            // The status is already sent: end the response as broken rather than pass
            // a truncated page off as complete (no closing part follows).
            Err(e) => {
                tracing::error!(%url, error = %e, "body render failed after the head was sent");
                Err(std::io::Error::other(e.to_string()))
            }
        }
    };
    let rest = stream::once(rest).flat_map(|parts| stream::iter(parts.unwrap_or_else(|e| vec![Err(e)])));
    let stream = stream::once(future::ready(head)).chain(rest);
    let mut response = (status, Body::from_stream(stream)).into_response();
    html_headers(response.headers_mut());
    request.encoding.mark(response.headers_mut());
    response
}

/// The route's decisions for a URL, asked of the bundle once per URL.
async fn plan_for(
    state: &AppState,
    ready: &Ready,
    url: &str,
    language: &str,
) -> Result<Arc<renderer::PlanOutput>, renderer::RenderError> {
    if let Some(plan) = state.plan_cache().get(url) {
        return Ok(plan);
    }
    let plan = Arc::new(ready.pool.plan(PageInput::empty(state, url, language, None).json).await?);
    state.plan_cache().insert(url.to_owned(), plan.clone(), Duration::from_secs(3600));
    Ok(plan)
}

/// Every GET that no other route took: a page.
pub async fn page(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let request = Request { arrived: Instant::now(), encoding: Encoding::for_request(&headers) };
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let Some(ready) = state.ready() else {
        return static_error(StatusCode::SERVICE_UNAVAILABLE);
    };
    let url = uri.path_and_query().map_or("/", |p| p.as_str());
    let language = language_of(uri.path());
    let plan = match plan_for(&state, ready, url, language).await {
        Ok(plan) => plan,
        Err(e) => {
            tracing::error!(%url, error = %e, "plan failed");
            return render_document(
                &state,
                ready,
                request,
                url,
                PageInput::empty(&state, url, language, Some(500)),
                None,
            )
            .await;
        }
    };
    if let Some(target) = &plan.redirect {
        return redirect(&target.location, target.status);
    }
    let answers = fetch_all(&state, &plan.fetches).await;
    let input = PageInput::new(&state, url, language, data_size(&answers), None, |json, embedded| {
        push_data(json, embedded, &plan.fetches, &answers, false)
    });
    render_document(&state, ready, request, url, input, Some((&plan.fetches, &answers))).await
}

#[derive(Deserialize)]
pub struct DataQuery {
    url: Option<String>,
}

/// Data of a route for client-side navigation: the same plan and fetches as a
/// first load, answered as JSON.
pub async fn data(State(state): State<AppState>, Query(query): Query<DataQuery>) -> Result<Response, AppError> {
    let url = query.url.filter(|u| u.starts_with('/')).ok_or(AppError::BadParameter("url"))?;
    let ready = state.ready().ok_or(AppError::NotReady)?;
    let language = language_of(url.split('?').next().unwrap_or("/"));
    let plan = plan_for(&state, ready, &url, language).await.map_err(|_| AppError::NotReady)?;
    // Sent to the browser as it is: checked here, as no V8 parses it on the way.
    let answers = fetch_all(&state, &plan.fetches).await;
    let mut data = String::with_capacity(data_size(&answers));
    push_data(&mut data, &mut Vec::new(), &plan.fetches, &answers, true);
    let mut response = data.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}
