//! The form toolkit of the server's endpoints (the account forms, the cart, saved
//! searches, the cookie notice): a form's fields from a plain form or the app's JSON,
//! the anti-forgery check, the visitor's address, paths of this site in the page's
//! language, and the one shape every form answers with ([`FormOutcome`]): to the app as
//! JSON, and to a plain form inside its page, rendered again with what went wrong.

use std::collections::HashMap;
use std::marker::PhantomData;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;

use crate::error::failure_status;
use crate::page::render_page;
use crate::session::users::{self, CallError};
use crate::state::AppState;

/// What a form answers (`FormOutcome` in `web/src/lib/account.ts`): whether it worked,
/// and what the page or the app needs next. A field that is `None` is not written.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormOutcome {
    pub ok: bool,
    /// The next step of a login: `2fa`, or back to `login`.
    pub step: Option<&'static str>,
    /// Where to go next (an app path).
    pub location: Option<String>,
    /// The visitor's summary after a login (`null` when the users API did not say).
    pub session: Option<Value>,
    /// The token of the visitor's forms from now on (after a login or a logout).
    pub csrf: Option<String>,
    /// The one-time page that hands a new login over to the old portal.
    pub handover: Option<String>,
    /// The old portal's logout address, for the browser to call.
    pub old_portal_logout: Option<String>,
    /// Required fields that were empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<&'static str>,
    /// What the visitor typed (never a password), to fill the form again.
    pub values: Option<Value>,
    /// The field the users API's refusal names.
    pub field: Option<String>,
    /// A new account's e-mail (registration).
    pub registered: Option<String>,
    /// The new account's address must be confirmed by the link mailed to it (the users
    /// API said so: `confirmation: "sent"`).
    pub confirm: Option<bool>,
    /// A recovery e-mail was asked for (the same answer whether or not the address exists).
    pub sent: Option<bool>,
    /// The CPV codes an account now follows (the cabinet).
    pub saved: Option<Vec<String>>,
    /// The cart after a change (the cart's forms).
    pub cart: Option<Value>,
    /// The saved search after a change (`null` when the users API gave none).
    pub search: Option<Value>,
    /// A follow form's outcome: `{"state": "confirmSent" | "following" | "unfollowed"}`.
    pub follow: Option<Value>,
    /// The bound a follow reached: of the address, `follows` (as many as one may),
    /// `pending` (as many waiting for their confirmation) or `letters` (as many
    /// confirmation letters as an hour allows), `address` (one the users API did not
    /// name); or `client` (asks from the visitor's address).
    pub limit: Option<&'static str>,
    pub error: Option<FormError>,
}

impl FormOutcome {
    /// The form did what it was for.
    pub fn done() -> Self {
        Self { ok: true, ..Self::default() }
    }

    /// The form was refused for `error`.
    pub fn refused(error: FormError) -> Self {
        Self { error: Some(error), ..Self::default() }
    }

    /// The status a plain form's page answers with: the refusal's, `201` for a new
    /// account, else `200`.
    fn status(&self) -> StatusCode {
        match (&self.error, &self.registered) {
            (Some(error), _) => StatusCode::from_u16(error.status).unwrap_or(StatusCode::BAD_REQUEST),
            (None, Some(_)) => StatusCode::CREATED,
            (None, None) => StatusCode::OK,
        }
    }
}

/// Why a form was refused (`FormError` in `web/src/lib/account.ts`): an HTTP status and
/// its text, and how long to wait when the users API said.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormError {
    pub status: u16,
    pub status_text: &'static str,
    /// Seconds to wait (`Retry-After`), or `null`.
    #[serialize_always]
    pub retry_after: Option<u64>,
    /// The anti-forgery check failed.
    pub forgery: Option<bool>,
    /// The pending login this code was for is gone: start again.
    pub expired: Option<bool>,
}

impl FormError {
    /// Required fields were empty, or a field is not what it must be.
    pub fn incomplete() -> Self {
        Self::of(StatusCode::BAD_REQUEST)
    }

    /// The pending login this code was for is gone: start again.
    pub fn expired() -> Self {
        Self { expired: Some(true), ..Self::of(StatusCode::UNAUTHORIZED) }
    }

    /// A refusal with `status` and its reason phrase.
    fn of(status: StatusCode) -> Self {
        Self {
            expired: None,
            forgery: None,
            retry_after: None,
            status: status.as_u16(),
            status_text: status.canonical_reason().unwrap_or(""),
        }
    }
}

pub use crate::peer::Peer;

/// Largest form body read.
const MAX_BODY: usize = 16 * 1024;

/// The fields of a form or of a JSON object of strings.
pub(crate) fn fields(headers: &HeaderMap, body: &Bytes) -> Option<HashMap<String, String>> {
    if body.len() > MAX_BODY {
        return None;
    }
    let kind = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if kind.starts_with("application/json") || kind.starts_with("application/ld+json") {
        let value: serde_json::Map<String, Value> = serde_json::from_slice(body).ok()?;
        Some(value.into_iter().filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_owned()))).collect())
    } else {
        serde_urlencoded::from_bytes(body).ok()
    }
}

/// True when the hydrated app sent the request and reads JSON back.
pub(crate) fn wants_json(headers: &HeaderMap) -> bool {
    headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("application/json"))
}

/// `/en` for a path in English, `` otherwise.
pub(crate) fn prefix(path: &str) -> &'static str {
    if path == "/en" || path.starts_with("/en/") {
        "/en"
    } else {
        ""
    }
}

/// An app path (no language base, as the app's router and the login link know it) as
/// the URL of the page's language: `/tenders` → `/en/tenders`, `/` → `/en`.
pub(crate) fn localized(prefix: &str, path: &str) -> String {
    match (prefix, path) {
        ("", _) => path.to_owned(),
        (_, "/") => prefix.to_owned(),
        _ => format!("{prefix}{path}"),
    }
}

/// A path on this site to go to after login, or `None`: only `/…`, never `//host`,
/// `/\host`, an absolute URL, or anything with a backslash or a control character
/// (browsers drop tabs and newlines, which turns `/\t/host` into `//host`).
pub fn safe_path(path: &str) -> Option<&str> {
    let ok = path.starts_with('/')
        && !path.starts_with("//")
        && path.len() <= 2048
        && !path.bytes().any(|b| b == b'\\' || b.is_ascii_control() || b == b' ');
    ok.then_some(path)
}

impl CallError {
    /// The HTTP status the portal answers a form with for it: the users API's own 4xx,
    /// 429 when it throttles, and an upstream failure's ([`failure_status`]) otherwise.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Refused(status) => StatusCode::from_u16(*status).unwrap_or(StatusCode::BAD_REQUEST),
            Self::Throttled(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(failure) => failure_status(*failure),
        }
    }
}

/// A refusal of a field before the users API is asked (422, naming the field).
pub(crate) fn invalid(field: &str) -> users::FailedCall {
    users::FailedCall { error: CallError::Refused(422), field: Some(field.to_owned()), reason: None }
}

/// What the users API's refusal means for the form: the status and its text (SPEC §8:
/// failed login, second factor or refresh is reported by the status text alone).
pub(crate) fn failure(error: &CallError) -> FormError {
    let retry_after = match error {
        CallError::Throttled(seconds) => *seconds,
        _ => None,
    };
    FormError { retry_after, ..FormError::of(error.status()) }
}

pub(crate) fn with_cookies(mut response: Response, set: &[String]) -> Response {
    for cookie in set {
        if let Ok(value) = HeaderValue::from_str(cookie) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The answer to a form of a logged-in user's when there is no session (it ended): 401
/// for the app, and for a plain form the login page, which comes back to `origin` (an
/// app path) afterwards.
pub(crate) fn no_session(headers: &HeaderMap, page: &str, origin: &str, set_cookies: &[String]) -> Response {
    if wants_json(headers) {
        let outcome = FormOutcome::refused(FormError::of(StatusCode::UNAUTHORIZED));
        return with_cookies(axum::Json(outcome).into_response(), set_cookies);
    }
    let query = serde_urlencoded::to_string([("origin", origin)]).unwrap_or_default();
    with_cookies(see_other(&format!("{}?{query}", localized(prefix(page), "/login"))), set_cookies)
}

pub(crate) fn see_other(location: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// The answer to a form: for a plain form, its page again with the outcome (`form` in
/// the page data), at the status the outcome has; for the app, the outcome as JSON with
/// 200 (its `error.status` says what happened: a 4xx answer would be logged by the
/// browser as a failed resource on every wrong password).
pub(crate) async fn form_outcome(state: &AppState, headers: &HeaderMap, page: &str, outcome: FormOutcome) -> Response {
    if wants_json(headers) {
        return with_cookies(axum::Json(outcome).into_response(), &[]);
    }
    let status = outcome.status();
    let text = serde_json::to_string(&outcome).unwrap_or_default();
    let mut response = render_page(state, headers, page, Some(&text)).await;
    if response.status().is_success() {
        *response.status_mut() = status;
    }
    response
}

/// A request without a valid anti-forgery token, or from another site.
pub(crate) async fn forbidden(state: &AppState, headers: &HeaderMap, page: &str) -> Response {
    let outcome = FormOutcome::refused(FormError { forgery: Some(true), ..FormError::of(StatusCode::FORBIDDEN) });
    form_outcome(state, headers, page, outcome).await
}

/// The fields a form echoes back when it is shown again: never a password or the token.
pub(crate) fn echoed(fields: &HashMap<String, String>) -> Value {
    let kept = fields
        .iter()
        .filter(|(k, _)| !k.starts_with('_') && !k.to_ascii_lowercase().contains("password"))
        .map(|(k, v)| (k.clone(), Value::String(v.clone())));
    Value::Object(kept.collect())
}

/// A form post whose anti-forgery token was checked, with its fields read: the opening
/// every form handler shares, as an extractor (the last argument of a handler). When the
/// fields cannot be read or the token is wrong, the handler is not called: the answer is
/// the form's outcome, shown on [`CheckedForm::page`] (`P` says which page that is).
pub struct CheckedForm<P = ThisPage> {
    /// The page the form's outcomes are shown on.
    pub page: String,
    pub headers: HeaderMap,
    /// The body as sent (a form that reads repeated fields parses it again).
    pub body: Bytes,
    pub fields: HashMap<String, String>,
    shown_on: PhantomData<P>,
}

/// Which page shows a form's outcomes, from the path it was posted to.
pub trait OutcomePage {
    fn of(path: &str) -> String;
}

/// The page the form was posted to (most forms post to their own page).
pub struct ThisPage;

impl OutcomePage for ThisPage {
    fn of(path: &str) -> String {
        path.to_owned()
    }
}

/// The cabinet, in the posted path's language (its sections post to paths of their own).
pub struct Cabinet;

impl OutcomePage for Cabinet {
    fn of(path: &str) -> String {
        localized(prefix(path), "/icabinet")
    }
}

impl<P: OutcomePage> FromRequest<AppState> for CheckedForm<P> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let page = P::of(request.uri().path());
        let headers = request.headers().clone();
        // The body within the router's limit; past it, the refusal (`413`).
        let body = Bytes::from_request(request, state).await.map_err(IntoResponse::into_response)?;
        let fields = checked_fields(state, &headers, &body, &page).await?;
        Ok(Self { page, headers, body, fields, shown_on: PhantomData })
    }
}

/// Checks a form's token and reads its fields; `Err` is the answer to send instead.
async fn checked_fields(
    state: &AppState,
    headers: &HeaderMap,
    body: &Bytes,
    page: &str,
) -> Result<HashMap<String, String>, Response> {
    let Some(fields) = fields(headers, body) else {
        let outcome = FormOutcome::refused(FormError::incomplete());
        return Err(form_outcome(state, headers, page, outcome).await);
    };
    if !state.sessions().allowed(headers, fields.get("_csrf").map(String::as_str)) {
        return Err(forbidden(state, headers, page).await);
    }
    Ok(fields)
}

/// A refused form: the status text, the field the users API named, what was typed.
pub(crate) async fn refused(
    state: &AppState,
    headers: &HeaderMap,
    page: &str,
    refusal: users::FailedCall,
    values: Value,
) -> Response {
    tracing::info!(status = refusal.error.status().as_u16(), field = ?refusal.field, "form refused");
    let outcome =
        FormOutcome { field: refusal.field, values: Some(values), ..FormOutcome::refused(failure(&refusal.error)) };
    form_outcome(state, headers, page, outcome).await
}

/// A refused form of a logged-in user's (the cart, saved searches): as [`refused`], and
/// when the users API no longer knows the session (401) its cookies go too.
pub(crate) async fn refused_with_session(
    state: &AppState,
    headers: &HeaderMap,
    page: &str,
    refusal: users::FailedCall,
    values: Value,
    visitor_cookies: &[String],
) -> Response {
    let ended = refusal.error.status() == StatusCode::UNAUTHORIZED;
    let answer = refused(state, headers, page, refusal, values).await;
    if ended {
        return with_cookies(answer, &state.sessions().cleared());
    }
    with_cookies(answer, visitor_cookies)
}

/// The language of a page whose path has this prefix (`prefix`): what the users API is
/// told a user's e-mails are to be written in.
pub(crate) fn language_of(prefix: &str) -> &'static str {
    if prefix.is_empty() {
        "uk"
    } else {
        "en"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome of `web/src/contract.fixture.json`, which `tsc` checks against
    /// `FormOutcome` in `web/src/lib/account.ts`: every field, written as Rust writes it.
    #[test]
    fn a_form_outcome_is_written_as_the_contract_fixture() {
        let fixture: Value = serde_json::from_str(include_str!("../../web/src/contract.fixture.json")).unwrap();
        let expected = &fixture["formOutcome"];
        let session = renderer::SessionSummary {
            email: "buyer@portal.example".into(),
            name: "Buyer Example".into(),
            user_type: renderer::UserType::Buyer,
            cart_count: Some(2),
        };
        let outcome = FormOutcome {
            cart: Some(Value::Null),
            confirm: Some(true),
            csrf: Some("q1w2e3r4t5y6u7i8o9p0".into()),
            error: Some(FormError {
                expired: Some(true),
                forgery: Some(true),
                retry_after: Some(30),
                ..FormError::of(StatusCode::TOO_MANY_REQUESTS)
            }),
            field: Some("email".into()),
            follow: Some(serde_json::json!({ "state": "confirmSent" })),
            limit: Some("address"),
            handover: Some("/login/handover/abc".into()),
            location: Some("/tenders".into()),
            missing: vec!["email", "password"],
            ok: false,
            old_portal_logout: Some("http://127.0.0.1:8081/old/cabinet/logout?noRedirect=1&rand=1".into()),
            registered: Some("new@portal.example".into()),
            saved: Some(vec!["45000000-7".into()]),
            search: Some(Value::Null),
            sent: Some(true),
            session: Some(serde_json::to_value(Some(session)).unwrap()),
            step: Some("2fa"),
            values: Some(serde_json::json!({ "email": "buyer@portal.example" })),
        };
        let written: Value = serde_json::from_str(&serde_json::to_string(&outcome).unwrap()).unwrap();
        assert_eq!(&written, expected, "Rust differs from the fixture");
        // A field that is not set is not written; `retryAfter` is, as null.
        let refused = serde_json::to_string(&FormOutcome::refused(FormError::incomplete())).unwrap();
        assert_eq!(refused, r#"{"ok":false,"error":{"status":400,"statusText":"Bad Request","retryAfter":null}}"#);
    }
}
