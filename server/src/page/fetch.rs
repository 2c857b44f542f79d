//! The upstream requests a page needs: fetched concurrently from the configured
//! endpoints, kept a while when their spec allows (`maxAge`), and written into the
//! render input as the raw text the upstream sent.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use axum::http::header;
use renderer::{dependent_path, Failure, FetchSpec, InputBuilder, Service};

use crate::redact::redacted;
use crate::state::AppState;

/// One upstream answer: its JSON text (checked only when kept for reuse), or why
/// there is none.
pub type Fetched = Result<Arc<str>, Failure>;

/// The base address of a service's endpoint.
fn endpoint(state: &AppState, service: Service) -> &str {
    let endpoints = &state.config().client.endpoints;
    match service {
        Service::Search => &endpoints.search,
        Service::Users => &endpoints.users,
        Service::Cdb => &endpoints.cdb,
    }
}

fn failure_of(error: &reqwest::Error) -> Failure {
    if error.is_timeout() {
        Failure::Timeout
    } else {
        Failure::Unreachable
    }
}

/// Fetches every spec concurrently; `bearer` (a logged-in visitor's access token) goes
/// with the users API's requests only. Bodies are not parsed here: V8 parses the render
/// input once, and only when that fails are they checked one by one ([`add_answers`]).
///
/// A spec that waits for another's answer (`after`) is made in a second round, its path
/// filled from that answer ([`dependent_path`]); the specs are then answered as made,
/// so the page data names the path each answer really came from.
pub async fn fetch_all<'a>(
    state: &AppState,
    fetches: &'a [FetchSpec],
    bearer: Option<&str>,
) -> (Cow<'a, [FetchSpec]>, Vec<Fetched>) {
    if fetches.iter().all(|spec| spec.after.is_none()) {
        let answers = futures_util::future::join_all(fetches.iter().map(|spec| fetch(state, spec, bearer))).await;
        return (Cow::Borrowed(fetches), answers);
    }
    let first = fetches.iter().map(|spec| async move {
        match spec.after {
            None => Some(fetch(state, spec, bearer).await),
            Some(_) => None,
        }
    });
    let first: Vec<Option<Fetched>> = futures_util::future::join_all(first).await;
    let mut made = fetches.to_vec();
    let second = made.iter_mut().zip(&first).filter(|(_, answer)| answer.is_none()).map(|(spec, _)| {
        let source = spec.after.as_deref().and_then(|key| {
            let at = fetches.iter().position(|other| other.key == key && other.after.is_none())?;
            first[at].as_ref()?.as_ref().ok().cloned()
        });
        let path = source.and_then(|body| dependent_path(&spec.path, &body));
        if let Some(path) = &path {
            spec.path.clone_from(path);
        }
        let spec = &*spec;
        async move {
            match path {
                Some(_) => fetch(state, spec, bearer).await,
                None => Err(Failure::Status(404)),
            }
        }
    });
    let second: Vec<Fetched> = futures_util::future::join_all(second).await;
    let mut second = second.into_iter();
    let answers =
        first.into_iter().map(|answer| answer.unwrap_or_else(|| second.next().unwrap_or(Err(Failure::Status(404)))));
    (Cow::Owned(made), answers.collect())
}

/// One anonymous upstream request (documents for machines: `crate::machine`).
pub async fn fetch_one(state: &AppState, spec: &FetchSpec) -> Fetched {
    fetch(state, spec, None).await
}

async fn fetch(state: &AppState, spec: &FetchSpec, bearer: Option<&str>) -> Fetched {
    let url = format!("{}{}", endpoint(state, spec.service).trim_end_matches('/'), spec.path);
    let bearer = bearer.filter(|_| spec.service == Service::Users);
    // An answer made for one user is never reused for another.
    let reusable = spec.max_age.filter(|s| *s > 0 && bearer.is_none()).map(Duration::from_secs);
    let key = match &spec.body {
        Some(body) => format!("{url}\n{body}"),
        None => url.clone(),
    };
    if reusable.is_some() {
        if let Some(body) = state.upstream_cache().get(&key) {
            return Ok(body);
        }
    }
    let mut request = match &spec.body {
        // A POST that only reads, in the platform's JSON-LD (SPEC §7).
        Some(body) => {
            state.http().post(&url).header(header::CONTENT_TYPE, "application/ld+json").body(body.to_string())
        }
        None => state.http().get(&url),
    }
    .header(header::ACCEPT, "application/json");
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = match request.send().await {
        Ok(response) => response,
        Err(e) => {
            tracing::warn!(url = %redacted(&url), error = %redacted(&e.to_string()), "upstream request failed");
            return Err(failure_of(&e));
        }
    };
    let status = response.status().as_u16();
    // Redirects are not followed (see the client): a 3xx is a failure like a 4xx.
    if status >= 300 {
        return Err(Failure::Status(status));
    }
    let body = read_capped(response, state.config().server.upstream_max_bytes)
        .await
        .inspect_err(|failure| tracing::warn!(url = %redacted(&url), ?failure, "upstream answer not read"))?;
    // The page embeds the answer as text: it must be UTF-8 (valid JSON is).
    let Ok(text) = simdutf8::basic::from_utf8(&body) else {
        tracing::warn!(url = %redacted(&url), "upstream answer is not UTF-8");
        return Err(Failure::Invalid);
    };
    let body: Arc<str> = Arc::from(text);
    if let Some(ttl) = reusable {
        // Kept for other requests: checked once now rather than trusted later.
        if !is_json(&body) {
            tracing::warn!(url = %redacted(&url), "upstream answer is not JSON");
            return Err(Failure::Invalid);
        }
        state.upstream_cache().insert(key, body.clone(), ttl);
    }
    Ok(body)
}

/// The body of an answer, at most `max` bytes: a larger one (announced or sent) is
/// [`Failure::Invalid`], read no further; a body cut short is [`Failure::Unreachable`].
async fn read_capped(mut response: reqwest::Response, max: usize) -> Result<Vec<u8>, Failure> {
    let announced = response.content_length().unwrap_or(0);
    if announced > max as u64 {
        return Err(Failure::Invalid);
    }
    let mut body = Vec::with_capacity(announced as usize);
    while let Some(chunk) = response.chunk().await.map_err(|e| failure_of(&e))? {
        if body.len() + chunk.len() > max {
            return Err(Failure::Invalid);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn is_json(text: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// How long the page data of these answers is, give or take the keys.
pub fn data_size(answers: &[Fetched]) -> usize {
    answers.iter().map(|a| a.as_ref().map_or(0, |body| body.len()) + 48).sum()
}

/// Writes each spec's answer under its key. With `check`, an answer that is not JSON
/// goes in as [`Failure::Invalid`]. Whether a failure calls for an error page is the
/// bundle's verdict (`routeOutcome`), the same on first load and after navigation.
pub fn add_answers(builder: &mut InputBuilder, fetches: &[FetchSpec], answers: &[Fetched], check: bool) {
    for (spec, answer) in fetches.iter().zip(answers) {
        let answer = match answer {
            Ok(body) if check && !is_json(body) => {
                tracing::warn!(key = %spec.key, "upstream answer is not JSON");
                Err(Failure::Invalid)
            }
            Ok(body) => Ok(&**body),
            Err(failure) => Err(*failure),
        };
        builder.answer(&spec.key, spec.source(), answer);
    }
}
