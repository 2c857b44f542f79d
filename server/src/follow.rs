//! Following a tender, a plan, a contract or a buyer (the users API's follows,
//! `upstream/src/users/follows.rs`):
//!
//! - `POST [/en]/{tenders|plans|contracts|buyers}/{key}/follow`: the record page's form.
//!   Fields: `action` (`follow` or `unfollow`), `target` (the record's id, or the buyer's
//!   code), `frequency` (`immediate` or `daily`) and, from a visitor who is not logged in,
//!   `email`. A logged-in visitor follows at once (the form carries the anti-forgery token
//!   of the session, checked like every form's); anyone else gets a confirmation letter.
//!   The answer is the record page again with the outcome (`form.follow`), or JSON.
//! - `POST [/en]/icabinet/follows`: the cabinet's list (`action` `frequency` or `unfollow`,
//!   `id`), answered by a redirect to the list.
//! - `POST [/en]/follow/unsubscribe?token=`: the e-mails' one-click unsubscribe (RFC 8058,
//!   the `List-Unsubscribe-Post` header): the token is the proof, no login, no form token.
//!
//! A form without a login changes no one's session and carries no token (the record
//! pages are shared by every anonymous visitor, cached and answered `304`): a browser
//! that says it comes from another site is refused, the letter asks the address's owner
//! to confirm, and the users API bounds the asks per client and the letters per address.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::form::{
    fields, forbidden, form_outcome, invalid, language_of, no_session, prefix, refused_with_session, see_other,
    wants_json, with_cookies, Cabinet, CheckedForm, FormError, FormOutcome, Peer,
};
use crate::session::csrf::same_site;
use crate::session::users::{self, CallError, FailedCall};
use crate::state::AppState;

/// What may be followed, as the paths name it.
pub const REGISTERS: [&str; 4] = ["tenders", "plans", "contracts", "buyers"];

/// The longest `target` read (a 32-hex id, a public id or a code).
const MAX_TARGET: usize = 64;

/// What a record page's follow form asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ask {
    register: &'static str,
    target: String,
    follow: bool,
    frequency: &'static str,
    email: Option<String>,
}

/// A field the form never sends as it is (a `target`, `action` or `frequency` changed
/// by hand): a 400 naming it, which the form says as such.
fn tampered(field: &str) -> FailedCall {
    FailedCall { error: CallError::Refused(400), field: Some(field.to_owned()), reason: None }
}

fn ask_of(register: &'static str, key: &str, fields: &HashMap<String, String>) -> Result<Ask, FailedCall> {
    let target = fields.get("target").map(|t| t.trim()).filter(|t| !t.is_empty()).unwrap_or(key).to_owned();
    if target.len() > MAX_TARGET || !target.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.') {
        return Err(tampered("target"));
    }
    let follow = match fields.get("action").map(String::as_str).unwrap_or("follow") {
        "follow" => true,
        "unfollow" => false,
        _ => return Err(tampered("action")),
    };
    let frequency = match fields.get("frequency").map(String::as_str).unwrap_or("immediate") {
        "" | "immediate" => "immediate",
        "daily" => "daily",
        _ => return Err(tampered("frequency")),
    };
    let email = fields.get("email").map(|e| e.trim().to_owned()).filter(|e| !e.is_empty());
    Ok(Ask { register, target, follow, frequency, email })
}

/// The record page a follow form came from: its path without `/follow`.
fn page_of(path: &str) -> String {
    path.strip_suffix("/follow").unwrap_or(path).to_owned()
}

/// What a refusal means for the follow form: which bound was reached, if one was (the
/// users API's `reason` of a `limit`: see [`crate::form::FormOutcome::limit`]).
fn limit_of(refusal: &FailedCall) -> Option<&'static str> {
    match (&refusal.error, refusal.field.as_deref()) {
        (CallError::Throttled(_), _) | (CallError::Refused(429), _) => Some("client"),
        (_, Some("limit")) => Some(match refusal.reason.as_deref() {
            Some("follows") => "follows",
            Some("pending") => "pending",
            Some("letters") => "letters",
            _ => "address",
        }),
        _ => None,
    }
}

async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    page: &str,
    outcome: Result<&'static str, FailedCall>,
    values: Value,
    set_cookies: &[String],
) -> Response {
    match outcome {
        Ok(done) => {
            let outcome =
                FormOutcome { follow: Some(json!({ "state": done })), values: Some(values), ..FormOutcome::done() };
            with_cookies(form_outcome(state, headers, page, outcome).await, set_cookies)
        }
        Err(refusal) => {
            let limit = limit_of(&refusal);
            if limit.is_some() {
                let error = FormError { status: 429, ..crate::form::failure(&refusal.error) };
                let outcome = FormOutcome {
                    limit,
                    field: Some("limit".into()),
                    values: Some(values),
                    ..FormOutcome::refused(FormError { status_text: "Too Many Requests", ..error })
                };
                return with_cookies(form_outcome(state, headers, page, outcome).await, set_cookies);
            }
            refused_with_session(state, headers, page, refusal, values, set_cookies).await
        }
    }
}

/// `POST [/en]/{register}/{key}/follow`.
pub async fn follow(
    State(state): State<AppState>,
    Path(key): Path<String>,
    peer: Peer,
    request: axum::extract::Request,
) -> Response {
    let path = request.uri().path().to_owned();
    let headers = request.headers().clone();
    let page = page_of(&path);
    let register = REGISTERS.into_iter().find(|r| path.trim_start_matches("/en").starts_with(&format!("/{r}/")));
    let Some(register) = register else { return StatusCode::NOT_FOUND.into_response() };
    let body = match axum::body::to_bytes(request.into_body(), 16 * 1024).await {
        Ok(b) => b,
        Err(_) => return StatusCode::PAYLOAD_TOO_LARGE.into_response(),
    };
    let Some(fields) = fields(&headers, &body) else {
        return form_outcome(&state, &headers, &page, FormOutcome::refused(FormError::incomplete())).await;
    };
    let visitor = state.sessions().visitor(state.http(), &headers).await;
    // A session's form carries its token; any form must come from this site.
    let allowed = match visitor.bearer() {
        Some(_) => state.sessions().allowed(&headers, fields.get("_csrf").map(String::as_str)),
        None => same_site(&headers, &state.config().client.public_origin),
    };
    if !allowed {
        return with_cookies(forbidden(&state, &headers, &page).await, &visitor.set_cookies);
    }
    let lang = prefix(&page);
    let values = json!({ "form": "follow", "email": fields.get("email").map(|e| e.chars().take(254).collect::<String>()),
        "frequency": fields.get("frequency") });
    let ask = match ask_of(register, &key, &fields) {
        Ok(ask) => ask,
        Err(refusal) => {
            return refused_with_session(&state, &headers, &page, refusal, values, &visitor.set_cookies).await
        }
    };
    let (http, base) = (state.http(), state.sessions().users());
    let outcome = match (visitor.bearer(), ask.follow) {
        (Some(bearer), true) => {
            let body = json!({ "register": ask.register, "target": ask.target, "frequency": ask.frequency,
                "language": language_of(lang) });
            users::change(http, base, Method::POST, "/api/users/follows", bearer, body).await.map(|_| "following")
        }
        (Some(bearer), false) => {
            let path = format!("/api/users/follows/{}/{}", ask.register, ask.target);
            users::change(http, base, Method::DELETE, &path, bearer, json!({})).await.map(|_| "unfollowed")
        }
        (None, false) => {
            // Without a login a follow ends by its e-mails' link; the form cannot.
            return no_session(&headers, &page, &page, &visitor.set_cookies);
        }
        (None, true) => match ask.email.as_deref() {
            None => Err(invalid("email")),
            Some(email) => {
                let body = json!({ "register": ask.register, "target": ask.target, "frequency": ask.frequency,
                    "email": email, "language": language_of(lang) });
                let from = state.sessions().forwarded(peer.visitor(&state, &headers));
                users::submit(http, base, "/api/follows", body, from).await.map(|_| "confirmSent")
            }
        },
    };
    if wants_json(&headers) {
        let outcome = match outcome {
            Ok(done) => FormOutcome { follow: Some(json!({ "state": done })), ..FormOutcome::done() },
            Err(refusal) => FormOutcome {
                limit: limit_of(&refusal),
                field: refusal.field.clone(),
                ..FormOutcome::refused(crate::form::failure(&refusal.error))
            },
        };
        return with_cookies(axum::Json(outcome).into_response(), &visitor.set_cookies);
    }
    answer(&state, &headers, &page, outcome, values, &visitor.set_cookies).await
}

/// `POST [/en]/icabinet/follows`.
pub async fn cabinet(State(state): State<AppState>, form: CheckedForm<Cabinet>) -> Response {
    let CheckedForm { page: cabinet, headers, fields, .. } = form;
    let visitor = state.sessions().visitor(state.http(), &headers).await;
    let Some(bearer) = visitor.bearer() else {
        return no_session(&headers, &cabinet, "/icabinet", &visitor.set_cookies);
    };
    let values = json!({ "form": "follows" });
    let id = fields.get("id").map(|v| v.trim()).unwrap_or("");
    let id = match id.parse::<u64>() {
        Ok(n) if n > 0 && id.len() <= 18 && id.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => {
            return refused_with_session(&state, &headers, &cabinet, invalid("id"), values, &visitor.set_cookies).await
        }
    };
    let path = format!("/api/users/follows/{id}");
    let call = match fields.get("action").map(String::as_str).unwrap_or("") {
        "unfollow" => Ok((Method::DELETE, json!({}))),
        "frequency" => match fields.get("frequency").map(String::as_str) {
            Some(f @ ("immediate" | "daily")) => Ok((Method::PUT, json!({ "frequency": f }))),
            _ => Err(invalid("frequency")),
        },
        _ => Err(invalid("action")),
    };
    let result = match call {
        Ok((method, body)) => users::change(state.http(), state.sessions().users(), method, &path, bearer, body).await,
        Err(refusal) => Err(refusal),
    };
    match result {
        Ok(_) if wants_json(&headers) => {
            with_cookies(axum::Json(FormOutcome::done()).into_response(), &visitor.set_cookies)
        }
        Ok(_) => with_cookies(see_other(&format!("{cabinet}?follows=updated#follows")), &visitor.set_cookies),
        Err(refusal) => refused_with_session(&state, &headers, &cabinet, refusal, values, &visitor.set_cookies).await,
    }
}

/// `POST [/en]/follow/unsubscribe?token=`: a mail program's one-click unsubscribe, or
/// the page's button.
pub async fn one_click(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let from_query = serde_urlencoded::from_str::<Vec<(String, String)>>(query.as_deref().unwrap_or(""))
        .ok()
        .and_then(|pairs| pairs.into_iter().find(|(k, _)| k == "token"))
        .map(|(_, v)| v);
    let from_body = fields(&headers, &body).and_then(|f| f.get("token").cloned());
    let token = from_query.or(from_body).unwrap_or_default();
    if token.is_empty()
        || token.len() > 128
        || !token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return (StatusCode::NOT_FOUND, "no such subscription\n").into_response();
    }
    let path = format!("/api/follows/unsubscribe?token={token}");
    match users::submit(state.http(), state.sessions().users(), &path, json!({}), None).await {
        Ok(_) if wants_json(&headers) => axum::Json(FormOutcome::done()).into_response(),
        Ok(_) => {
            let mut response = (StatusCode::OK, "unsubscribed\n").into_response();
            response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
            response
        }
        Err(refusal) => {
            let status = refusal.error.status();
            let text = if status == StatusCode::NOT_FOUND { "no such subscription\n" } else { "try again later\n" };
            (status, text).into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn a_follow_form_is_read_into_one_ask() {
        let ask =
            ask_of("tenders", "UA-2026-01-01-000001-a", &form(&[("target", "abc123"), ("email", " a@b.ua ")])).unwrap();
        assert_eq!(
            ask,
            Ask {
                register: "tenders",
                target: "abc123".into(),
                follow: true,
                frequency: "immediate",
                email: Some("a@b.ua".into())
            }
        );
        let ask = ask_of("buyers", "01234567", &form(&[("action", "unfollow"), ("frequency", "daily")])).unwrap();
        assert_eq!((ask.target.as_str(), ask.follow, ask.frequency), ("01234567", false, "daily"));
        let refused = |pairs: &[(&str, &str)]| ask_of("tenders", "UA-1", &form(pairs)).unwrap_err();
        for (name, value) in [("target", "../users"), ("action", "delete"), ("frequency", "hourly")] {
            let refusal = refused(&[(name, value)]);
            assert_eq!((refusal.error, refusal.field.as_deref()), (CallError::Refused(400), Some(name)));
        }
        assert_eq!(page_of("/en/tenders/UA-1/follow"), "/en/tenders/UA-1");
    }

    #[test]
    fn a_bound_reached_is_named() {
        let throttled = FailedCall { error: CallError::Throttled(Some(60)), field: None, reason: None };
        assert_eq!(limit_of(&throttled), Some("client"));
        let bound = |reason: Option<&str>| FailedCall {
            error: CallError::Refused(400),
            field: Some("limit".into()),
            reason: reason.map(str::to_owned),
        };
        for reason in ["follows", "pending", "letters"] {
            assert_eq!(limit_of(&bound(Some(reason))), Some(reason));
        }
        assert_eq!(limit_of(&bound(None)), Some("address"));
        assert_eq!(limit_of(&bound(Some("<script>"))), Some("address"));
        let email = FailedCall { error: CallError::Refused(422), field: Some("email".into()), reason: None };
        assert_eq!(limit_of(&email), None);
    }
}
