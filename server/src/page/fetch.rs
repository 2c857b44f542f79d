//! The upstream requests a page needs: fetched concurrently from the configured
//! endpoints, kept a while when their spec allows (`maxAge`), and written into the
//! render input as the raw text the upstream sent.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use renderer::{dependent_path, Failure, FetchSpec, InputBuilder, Service};

use crate::redact::redacted;
use crate::state::AppState;
use crate::upstream_client::{exchange, request_of};

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
        Service::RedFlags => "",
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
        let computed = computed(spec, source.as_deref());
        let path = source.filter(|_| computed.is_none()).and_then(|body| dependent_path(&spec.path, &body));
        if let Some(path) = &path {
            spec.path.clone_from(path);
        }
        let spec = &*spec;
        async move {
            match (computed, path) {
                (Some(answer), _) => answer,
                (None, Some(_)) => fetch(state, spec, bearer).await,
                (None, None) => Err(Failure::Status(404)),
            }
        }
    });
    let second: Vec<Fetched> = futures_util::future::join_all(second).await;
    let mut second = second.into_iter();
    let answers =
        first.into_iter().map(|answer| answer.unwrap_or_else(|| second.next().unwrap_or(Err(Failure::Status(404)))));
    (Cow::Owned(made), answers.collect())
}

/// The server's own answer to `spec`, computed from the answer it comes after (`source`,
/// `None` when that failed), or `None` when `spec` names an upstream request. An
/// `indicators` spec is the integrity indicators of the tender answered before it.
pub fn computed(spec: &FetchSpec, source: Option<&str>) -> Option<Fetched> {
    (spec.service == Service::RedFlags).then(|| source.map_or(Err(Failure::Status(404)), super::red_flags::assess))
}

/// One anonymous upstream request (documents for machines: `crate::machine`).
pub async fn fetch_one(state: &AppState, spec: &FetchSpec) -> Fetched {
    fetch(state, spec, None).await
}

async fn fetch(state: &AppState, spec: &FetchSpec, bearer: Option<&str>) -> Fetched {
    if spec.service == Service::RedFlags {
        // Computed from another answer only ([`fetch_all`]'s second round).
        return Err(Failure::Status(404));
    }
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
    let Some(request) = request_of(&url, spec.body.as_ref(), bearer) else {
        tracing::warn!(url = %redacted(&url), "upstream request not made: not a plain http URL, or a bad token");
        return Err(Failure::Unreachable);
    };
    // One time limit for the whole exchange, as the answer is read in full.
    let deadline = Duration::from_millis(state.config().server.upstream_timeout_ms);
    let max = state.config().server.upstream_max_bytes;
    let body = match tokio::time::timeout(deadline, exchange(state.pages(), request, max)).await {
        Ok(Ok(body)) => body,
        Ok(Err(failure)) => {
            match failure {
                // A record that does not exist: the page answers 404, nothing failed.
                Failure::Status(404 | 410) => tracing::debug!(url = %redacted(&url), ?failure, "upstream: not found"),
                _ => tracing::warn!(url = %redacted(&url), ?failure, "upstream request failed"),
            }
            return Err(failure);
        }
        Err(_) => {
            tracing::warn!(url = %redacted(&url), "upstream request timed out");
            return Err(Failure::Timeout);
        }
    };
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
