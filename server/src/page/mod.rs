//! Server-side rendering of every page: ask the bundle to resolve the route, fetch the
//! data it names, render (the head first, the body streamed after it), and wrap the
//! result in the document. `fetch` asks the upstream, `response` shapes the answers.

pub mod fetch;
mod red_flags;
mod response;
mod scan;
mod validator;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use futures_util::future;
use futures_util::{stream, StreamExt};
use renderer::{FetchSpec, Language, RenderInput, Resolution, SessionSummary};
use serde::Deserialize;

use crate::compress::{Compressor, Encoding};
use crate::error::{busy, AppError, Refusal};
use crate::redact::redacted;
use crate::security::same_site_path;
use crate::session::Visitor;
use crate::shell::Shell;
use crate::state::{AppState, Ready};
use fetch::{add_answers, data_size, fetch_all, Fetched};
use response::{html_headers, page_response, redirect};

/// The size of the page data (upstream answers, bytes) from which the head is sent before the
/// body renders: search pages (~30 KB) and tender pages stream, a plan (~2 KB) does not.
const HEAD_FIRST_MIN_DATA: usize = 16 * 1024;

thread_local! {
    /// Pages in progress on this serving thread: from the request to the response's
    /// head, waiting for upstream answers or for the isolate.
    static IN_FLIGHT: Arc<AtomicUsize> = Arc::default();
}

/// A page's place among those in progress on its thread ([`IN_FLIGHT`]), given back
/// when dropped (on whichever thread that is: the count it took is the one it returns).
pub struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    /// A place, or `None` when `max` pages are in progress on this thread already: the
    /// request is then refused at once (`503`) rather than queued behind them, so an
    /// overloaded server answers fast refusals instead of ever slower pages.
    pub fn enter(max: usize) -> Option<Self> {
        let count = IN_FLIGHT.with(Arc::clone);
        if count.fetch_add(1, Ordering::Relaxed) >= max {
            count.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        Some(Self(count))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Lets the other requests of this thread that are ready go first, when it serves
/// other connections: a page yields before its render and again before its response
/// is written. Under load the thread then renders the ready pages one after another
/// and writes their answers one after another, instead of alternating V8 with hyper
/// and the socket for each page, and each phase's code and data stay in the CPU's
/// caches (ADR 0019, change 4). A lone connection does not yield, so it pays nothing.
async fn let_others_go_first() {
    if serving::open_here() > 1 {
        tokio::task::yield_now().await;
    }
}

/// How a page is asked for: when the request arrived, the encoding its answer takes,
/// and whether only its head is wanted (a HEAD request: no body is prepared).
#[derive(Clone, Copy)]
struct PageRequest {
    arrived: Instant,
    encoding: Encoding,
    head_only: bool,
}

/// The [`Visitor`] as a render sees it: the session summary and the anti-forgery token
/// of its forms (both `None` for an anonymous page without forms), and the notice.
#[derive(Clone, Copy, Default)]
pub struct VisitorView<'a> {
    pub session: Option<&'a SessionSummary>,
    pub csrf: Option<&'a str>,
    /// Whether the page shows the cookie notice (not dismissed).
    pub notice: bool,
}

impl<'a> VisitorView<'a> {
    /// The view of `visitor`, with the token of the page's forms when it has any.
    pub fn of(visitor: &'a Visitor, csrf: Option<&'a str>) -> Self {
        Self { session: visitor.session.as_ref(), csrf, notice: visitor.cookie_notice }
    }
}

/// The render input of `url` with these answers (`check`: answers that are not JSON
/// go in as failures) and, for a form's outcome, one more entry (`form`).
fn input_with(
    state: &AppState,
    url: &str,
    viewer: VisitorView<'_>,
    fetches: &[FetchSpec],
    answers: &[Fetched],
    check: bool,
    form: Option<&str>,
) -> RenderInput {
    let size = data_size(answers) + form.map_or(0, str::len);
    let mut builder = RenderInput::builder(url, Language::of_url(url), state.client_json(), viewer.session, size);
    add_answers(&mut builder, fetches, answers, check);
    if let Some(form) = form {
        builder.answer("form", "form", Ok(form));
    }
    if let Some(token) = viewer.csrf {
        builder.csrf(token);
    }
    builder.cookie_notice(viewer.notice);
    builder.finish(None)
}

/// The input of an error page (`error`) or of `resolve` (`None`): no page data.
fn input_without_data(state: &AppState, url: &str, viewer: VisitorView<'_>, error: Option<u16>) -> RenderInput {
    let mut builder = RenderInput::builder(url, Language::of_url(url), state.client_json(), viewer.session, 0);
    if let Some(token) = viewer.csrf {
        builder.csrf(token);
    }
    builder.cookie_notice(viewer.notice);
    builder.finish(error)
}

/// The answers a page's data was built from without checking them (and a form's
/// outcome), to check and render again with when V8 finds the data is not JSON.
type Unchecked<'a> = Option<(&'a [FetchSpec], &'a [Fetched], Option<&'a str>)>;

async fn render_in_shell(
    state: &AppState,
    ready: &Ready,
    request: PageRequest,
    url: &str,
    viewer: VisitorView<'_>,
    input: RenderInput,
    unchecked: Unchecked<'_>,
) -> Response {
    // The head goes out before the body of pages built from large upstream answers.
    // Pages with little or no data (error and static pages, a plan or a contract)
    // render their body in less than what a second write and a second call into V8
    // cost (`bench/results/measurements.md`): they go out in one piece.
    if request.head_only {
        return head_only(state, ready, request, url, viewer, input).await;
    }
    let head_first = input.data().len() >= HEAD_FIRST_MIN_DATA;
    let_others_go_first().await;
    let (output, pending) = match (ready.pool.render_streamed(&input, request.arrived, head_first).await, unchecked) {
        (Ok(answer), _) => answer,
        (Err(renderer::RenderError::Busy), _) => return busy(),
        (Err(renderer::RenderError::Input(e)), Some((fetches, answers, form))) => {
            tracing::warn!(url = %redacted(url), error = %redacted(&e.to_string()), "page data is not JSON: checking each upstream answer");
            let checked = input_with(state, url, viewer, fetches, answers, true, form);
            return Box::pin(render_in_shell(state, ready, request, url, viewer, checked, None)).await;
        }
        (Err(e), _) if input.error().is_none() => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "render failed");
            let failed = input_without_data(state, url, viewer, Some(500));
            return Box::pin(render_in_shell(state, ready, request, url, viewer, failed, None)).await;
        }
        (Err(e), _) => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "error page render failed");
            return Refusal::of_render(&e).into_response();
        }
    };
    if let Some(location) = &output.redirect {
        return redirect(location, output.status);
    }
    let Some(pending) = pending else {
        return Refusal::Failed.into_response();
    };
    let language = Language::of_url(url).as_str();
    let translations = ready.translation_urls.get(language).map(String::as_str).unwrap_or_default();
    let document = Shell {
        language,
        head: &output.head,
        state_fields: input.state(),
        translations_url: translations,
        asset_base: &state.config().client.asset_base,
        manifest: state.manifest(),
    };
    let status = StatusCode::from_u16(output.status).unwrap_or_default();
    let level = state.config().server.compression_level as u32;
    // A page rendered whole (no upstream answers) goes out as one body with its
    // length; the others stream: the head is sent while the body renders, and the
    // state follows the body.
    let pending = match pending.into_ready() {
        Ok(body) => {
            let mut html = document.opening();
            html.reserve(body.len() + input.state().len() + 96);
            html.push_str(&body);
            html.push_str(&document.closing());
            let_others_go_first().await;
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
                tracing::error!(url = %redacted(&url), error = %redacted(&e.to_string()), "body render failed after the head was sent");
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

/// The answer to a HEAD request: the status and headers a GET would get, from the
/// head half of a render, with no body prepared. Its answers were checked beforehand.
async fn head_only(
    state: &AppState,
    ready: &Ready,
    request: PageRequest,
    url: &str,
    viewer: VisitorView<'_>,
    input: RenderInput,
) -> Response {
    match ready.pool.render_head(&input, request.arrived).await {
        Ok(output) => match &output.redirect {
            Some(location) => redirect(location, output.status),
            None => {
                // A body of unknown length, as most pages stream: no `Content-Length: 0`.
                let status = StatusCode::from_u16(output.status).unwrap_or_default();
                let none = stream::empty::<Result<Bytes, std::io::Error>>();
                let mut response = (status, Body::from_stream(none)).into_response();
                html_headers(response.headers_mut());
                request.encoding.mark(response.headers_mut());
                response
            }
        },
        Err(renderer::RenderError::Busy) => busy(),
        Err(e) if input.error().is_none() => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "head render failed");
            let failed = input_without_data(state, url, viewer, Some(500));
            Box::pin(head_only(state, ready, request, url, viewer, failed)).await
        }
        Err(e) => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "error page head render failed");
            Refusal::of_render(&e).into_response()
        }
    }
}

/// The route's decisions for a URL, asked of the bundle once per URL and kind of
/// visitor (guards send a logged-in user away from `/login`, a seller from the cart).
async fn resolution_for(
    state: &AppState,
    ready: &Ready,
    url: &str,
    visitor: &Visitor,
) -> Result<Arc<Resolution>, renderer::RenderError> {
    let key = format!("{}\n{url}", visitor.kind());
    if let Some(resolution) = state.resolution_cache().get(&key) {
        return Ok(resolution);
    }
    let viewer = VisitorView::of(visitor, None);
    let resolution = Arc::new(ready.pool.resolve(&input_without_data(state, url, viewer, None)).await?);
    state.resolution_cache().insert(key, resolution.clone(), Duration::from_secs(3600));
    Ok(resolution)
}

/// Sends the cookies the visitor's session needs, and keeps a personal response out of
/// every shared cache.
fn personal(mut response: Response, visitor: &Visitor, with_token: bool) -> Response {
    let headers = response.headers_mut();
    for cookie in &visitor.set_cookies {
        if let Ok(value) = HeaderValue::from_str(cookie) {
            headers.append(header::SET_COOKIE, value);
        }
    }
    if visitor.personal() || with_token {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding, cookie"));
    }
    response
}

/// Renders `url` for this request's visitor, with a form's outcome as the page data's
/// `form` entry (the account endpoints answer a form sent without JavaScript so).
pub async fn render_page(state: &AppState, headers: &HeaderMap, url: &str, form: Option<&str>) -> Response {
    let request = PageRequest { arrived: Instant::now(), encoding: Encoding::for_request(headers), head_only: false };
    let mut visitor = state.sessions().visitor(state.http(), headers).await;
    render_for(state, request, url, &mut visitor, form, None).await
}

/// `conditional`: the request's headers, when its validators may be answered (a GET or
/// HEAD of a page, not a form's outcome).
async fn render_for(
    state: &AppState,
    request: PageRequest,
    url: &str,
    visitor: &mut Visitor,
    form: Option<&str>,
    conditional: Option<&HeaderMap>,
) -> Response {
    let Some(ready) = state.ready() else {
        return Refusal::Starting.into_response();
    };
    let resolution = match resolution_for(state, ready, url, visitor).await {
        Ok(resolution) => resolution,
        Err(e) => {
            tracing::error!(url = %redacted(url), error = %redacted(&e.to_string()), "resolve failed");
            let viewer = VisitorView::of(visitor, None);
            let failed = input_without_data(state, url, viewer, Some(500));
            let response = render_in_shell(state, ready, request, url, viewer, failed, None).await;
            return personal(response, visitor, false);
        }
    };
    if let Some(target) = &resolution.redirect {
        return personal(redirect(&target.location, target.status), visitor, false);
    }
    // Pages with forms, and every page of a session (its header has the logout form).
    let csrf = (resolution.forms || visitor.session.is_some()).then(|| state.sessions().csrf_token(visitor));
    let (fetches, answers) = fetch_all(state, &resolution.fetches, visitor.bearer()).await;
    // A record page seen anonymously is the same for everyone: it has a validator, and
    // a request that has this version already gets a `304` without a render.
    let anonymous = visitor.session.is_none() && csrf.is_none() && form.is_none();
    // The notice is part of the page: a dismissal changes the validator.
    let validator =
        anonymous.then(|| validator::of(&ready.release, &fetches, &answers, visitor.cookie_notice)).flatten();
    if let (Some(v), Some(headers)) = (&validator, conditional) {
        // Only the tag: a page's `Last-Modified` is its record's `dateModified`, weaker than
        // its tag (the release, the cookie notice, the other answers), so an
        // `If-Modified-Since` alone could keep a stale page (issue 42, item 4).
        if crate::conditional::not_modified(headers, v.etag.to_str().unwrap_or_default(), None) {
            let cache_control = HeaderValue::from_static("no-cache");
            return personal(
                crate::conditional::not_modified_response(&v.etag, v.last_modified.as_ref(), cache_control),
                visitor,
                false,
            );
        }
    }
    let viewer = VisitorView::of(visitor, csrf.as_deref());
    // A HEAD renders no body to fall back from: its answers are checked first.
    let input = input_with(state, url, viewer, &fetches, &answers, request.head_only, form);
    let unchecked = Some((&fetches[..], &answers[..], form));
    let mut response = render_in_shell(state, ready, request, url, viewer, input, unchecked).await;
    if let Some(v) = validator.filter(|_| response.status() == StatusCode::OK) {
        response.headers_mut().insert(header::ETAG, v.etag);
        if let Some(value) = v.last_modified {
            response.headers_mut().insert(header::LAST_MODIFIED, value);
        }
    }
    personal(response, visitor, csrf.is_some())
}

/// Every GET that no other route took: a page.
pub async fn page(
    State(state): State<AppState>,
    peer: crate::peer::Peer,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let head_only = method == Method::HEAD;
    let request = PageRequest { arrived: Instant::now(), encoding: Encoding::for_request(&headers), head_only };
    if method != Method::GET && !head_only {
        // A page is read only (the forms that post to one are routes of their own, which
        // answer their own `405` with their methods).
        let mut response = Refusal::MethodNotAllowed.into_response();
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET,HEAD"));
        return response;
    }
    // `/en//evil.com`: links the page writes from its own path (the language switch)
    // would leave the site. The one path it stands for is a redirect away.
    if let Some(path) = same_site_path(uri.path()) {
        let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
        return redirect(&format!("{path}{query}"), 301);
    }
    let Some(ready) = state.ready() else {
        return Refusal::Starting.into_response();
    };
    // This thread has as many pages in progress as it takes, or its isolate a full
    // queue: refuse now, before fetching for a page that would wait behind them.
    let Some(_in_flight) = InFlight::enter(state.config().server.max_waiting_renders) else {
        return busy();
    };
    if ready.pool.busy_here() {
        return busy();
    }
    let url = uri.path_and_query().map_or("/", |p| p.as_str());
    // Sitemaps, feeds and exports: the same for every visitor, no session read.
    if crate::machine::is_document_path(uri.path()) {
        let client = peer.visitor(&state, &headers);
        if let Some(response) = crate::machine::document(&state, ready, (&headers, client), url, head_only).await {
            return response;
        }
    }
    let mut visitor = state.sessions().visitor(state.http(), &headers).await;
    render_for(&state, request, url, &mut visitor, None, Some(&headers)).await
}

#[derive(Deserialize)]
pub struct DataQuery {
    url: Option<String>,
}

/// Data of a route for client-side navigation: the same resolution and fetches as a
/// first load, answered as the page data JSON (the bundle makes the same verdict of it).
pub async fn data(
    State(state): State<AppState>,
    Query(query): Query<DataQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let url = query
        .url
        .filter(|u| u.starts_with('/') && same_site_path(u.split('?').next().unwrap_or(u)).is_none())
        .ok_or(AppError::BadParameter("url"))?;
    let ready = state.ready().ok_or(AppError::NotReady)?;
    let Some(_in_flight) = InFlight::enter(state.config().server.max_waiting_renders) else {
        return Ok(busy());
    };
    let visitor = state.sessions().visitor(state.http(), &headers).await;
    let resolution = resolution_for(&state, ready, &url, &visitor).await.map_err(|_| AppError::NotReady)?;
    // Sent to the browser as it is: checked here, as no V8 parses it on the way.
    let (fetches, answers) = fetch_all(&state, &resolution.fetches, visitor.bearer()).await;
    let viewer = VisitorView::of(&visitor, None);
    let data = input_with(&state, &url, viewer, &fetches, &answers, true, None).data().to_owned();
    let mut response = data.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(personal(response, &visitor, false))
}
