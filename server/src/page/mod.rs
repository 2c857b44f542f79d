//! Server-side rendering of every page: ask the bundle to resolve the route, fetch the
//! data it names, render (the head first, the body streamed after it), and wrap the
//! result in the document. `upstream` fetches, `response` shapes the answers.

mod response;
mod upstream;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use futures_util::future;
use futures_util::{stream, StreamExt};
use renderer::{FetchSpec, Language, RenderInput, Resolution};
use serde::Deserialize;

use crate::compress::{Compressor, Encoding};
use crate::document::Document;
use crate::error::AppError;
use crate::state::{AppState, Ready};
use response::{html_headers, page_response, redirect, static_error};
use upstream::{add_answers, data_size, fetch_all, UpstreamAnswer};

/// The size of the page data (upstream answers, bytes) from which the head is sent before the
/// body renders: search pages (~30 KB) and tender pages stream, a plan (~2 KB) does not.
const HEAD_FIRST_MIN_DATA: usize = 16 * 1024;

/// How a page is asked for: when the request arrived and the encoding its answer takes.
#[derive(Clone, Copy)]
struct PageRequest {
    arrived: Instant,
    encoding: Encoding,
}

/// The render input of `url` with these answers (`check`: answers that are not JSON
/// go in as failures).
fn input_with(
    state: &AppState,
    url: &str,
    fetches: &[FetchSpec],
    answers: &[UpstreamAnswer],
    check: bool,
) -> RenderInput {
    let mut builder = RenderInput::builder(url, Language::of_url(url), state.client_json(), None, data_size(answers));
    add_answers(&mut builder, fetches, answers, check);
    builder.finish(None)
}

/// The input of an error page (`error`) or of `resolve` (`None`): no page data.
fn input_without_data(state: &AppState, url: &str, error: Option<u16>) -> RenderInput {
    RenderInput::without_data(url, Language::of_url(url), state.client_json(), None, error)
}

/// The answers a page's data was built from without checking them, to check and
/// render again with when V8 finds the data is not JSON.
type Unchecked<'a> = Option<(&'a [FetchSpec], &'a [UpstreamAnswer])>;

async fn render_document(
    state: &AppState,
    ready: &Ready,
    request: PageRequest,
    url: &str,
    input: RenderInput,
    unchecked: Unchecked<'_>,
) -> Response {
    // The head goes out before the body of pages built from large upstream answers.
    // Pages with little or no data (error and static pages, a plan or a contract)
    // render their body in a fraction of a millisecond (the 404 page: ~0.2 ms), less
    // than what a second write and a second call into V8 cost: they go out in one piece.
    let head_first = input.data().len() >= HEAD_FIRST_MIN_DATA;
    let (output, pending) = match (ready.pool.render_streamed(&input, request.arrived, head_first).await, unchecked) {
        (Ok(answer), _) => answer,
        (Err(renderer::RenderError::Input(e)), Some((fetches, answers))) => {
            tracing::warn!(%url, error = %e, "page data is not JSON: checking each upstream answer");
            let checked = input_with(state, url, fetches, answers, true);
            return Box::pin(render_document(state, ready, request, url, checked, None)).await;
        }
        (Err(e), _) if input.error().is_none() => {
            tracing::error!(%url, error = %e, "render failed");
            let failed = input_without_data(state, url, Some(500));
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
    let language = Language::of_url(url).as_str();
    let translations = ready.translation_urls.get(language).map(String::as_str).unwrap_or_default();
    let document = Document {
        language,
        head: &output.head,
        state_fields: input.state(),
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
            html.reserve(body.len() + input.state().len() + 96);
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
async fn resolution_for(state: &AppState, ready: &Ready, url: &str) -> Result<Arc<Resolution>, renderer::RenderError> {
    if let Some(resolution) = state.resolution_cache().get(url) {
        return Ok(resolution);
    }
    let resolution = Arc::new(ready.pool.resolve(&input_without_data(state, url, None)).await?);
    state.resolution_cache().insert(url.to_owned(), resolution.clone(), Duration::from_secs(3600));
    Ok(resolution)
}

/// Every GET that no other route took: a page.
pub async fn page(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let request = PageRequest { arrived: Instant::now(), encoding: Encoding::for_request(&headers) };
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let Some(ready) = state.ready() else {
        return static_error(StatusCode::SERVICE_UNAVAILABLE);
    };
    let url = uri.path_and_query().map_or("/", |p| p.as_str());
    let resolution = match resolution_for(&state, ready, url).await {
        Ok(resolution) => resolution,
        Err(e) => {
            tracing::error!(%url, error = %e, "resolve failed");
            let failed = input_without_data(&state, url, Some(500));
            return render_document(&state, ready, request, url, failed, None).await;
        }
    };
    if let Some(target) = &resolution.redirect {
        return redirect(&target.location, target.status);
    }
    let answers = fetch_all(&state, &resolution.fetches).await;
    let input = input_with(&state, url, &resolution.fetches, &answers, false);
    render_document(&state, ready, request, url, input, Some((&resolution.fetches, &answers))).await
}

#[derive(Deserialize)]
pub struct DataQuery {
    url: Option<String>,
}

/// Data of a route for client-side navigation: the same resolution and fetches as a
/// first load, answered as the page data JSON (the bundle makes the same verdict of it).
pub async fn data(State(state): State<AppState>, Query(query): Query<DataQuery>) -> Result<Response, AppError> {
    let url = query.url.filter(|u| u.starts_with('/')).ok_or(AppError::BadParameter("url"))?;
    let ready = state.ready().ok_or(AppError::NotReady)?;
    let resolution = resolution_for(&state, ready, &url).await.map_err(|_| AppError::NotReady)?;
    // Sent to the browser as it is: checked here, as no V8 parses it on the way.
    let answers = fetch_all(&state, &resolution.fetches).await;
    let data = input_with(&state, &url, &resolution.fetches, &answers, true).data().to_owned();
    let mut response = data.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}
