//! The portal's account endpoints (SPEC §4): login, the second factor, logout, and the
//! hand-over of a new login to the old portal. Each takes a plain form (JavaScript
//! off: answered with a redirect, or the form's page rendered again with what went
//! wrong) or JSON (`Accept: application/json`, the hydrated app: answered with JSON).
//! Every one checks the anti-forgery token first.

use std::collections::HashMap;

use axum::body::Bytes;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::page::render_page;
use crate::session::users::{self, CallError, Login};
use crate::session::{cookies, csrf, Pending, Visitor};
use crate::state::AppState;

/// The address of the visitor a request comes for: the peer, or, when the peer is a
/// configured reverse proxy, the last address its `X-Forwarded-For` names.
pub struct Peer(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip())))
    }
}

impl Peer {
    fn visitor(&self, state: &AppState, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = self.0?;
        if !state.config().server.trusted_proxies.contains(&peer) {
            return Some(peer);
        }
        let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).next_back();
        forwarded.and_then(|list| list.rsplit(',').next()?.trim().parse().ok()).or(Some(peer))
    }
}

/// Largest form body read.
const MAX_BODY: usize = 16 * 1024;

/// The fields of a form or of a JSON object of strings.
fn fields(headers: &HeaderMap, body: &Bytes) -> Option<HashMap<String, String>> {
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

/// What the users API's refusal means for the form: the status and its text (SPEC §8:
/// failed login, second factor or refresh is reported by the status text alone).
fn failure(error: &CallError) -> Value {
    let status = error.status();
    let retry = match error {
        CallError::Throttled(seconds) => json!(seconds),
        _ => Value::Null,
    };
    json!({ "status": status.as_u16(), "statusText": status.canonical_reason().unwrap_or(""), "retryAfter": retry })
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
        let outcome =
            json!({ "ok": false, "error": { "status": 401, "statusText": "Unauthorized", "retryAfter": null } });
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
pub(crate) async fn form_outcome(
    state: &AppState,
    headers: &HeaderMap,
    page: &str,
    status: StatusCode,
    outcome: Value,
) -> Response {
    if wants_json(headers) {
        return with_cookies(axum::Json(outcome).into_response(), &[]);
    }
    let mut response = render_page(state, headers, page, Some(&outcome.to_string())).await;
    if response.status().is_success() {
        *response.status_mut() = status;
    }
    response
}

/// A request without a valid anti-forgery token, or from another site.
async fn forbidden(state: &AppState, headers: &HeaderMap, page: &str) -> Response {
    let outcome = json!({ "ok": false, "error": { "status": 403, "statusText": "Forbidden", "retryAfter": null, "forgery": true } });
    form_outcome(state, headers, page, StatusCode::FORBIDDEN, outcome).await
}

/// A login that is complete: cookies set, the visitor's summary for the app, and the
/// hand-over to the old portal.
/// `origin` is an app path; `page` the path the form was posted to (its language).
async fn logged_in(state: &AppState, headers: &HeaderMap, login: &Login, origin: &str, page: &str) -> Response {
    let sessions = state.sessions();
    let mut set = sessions.login_cookies(login);
    // A new anti-forgery cookie, its token bound to the new session: a cookie and token
    // planted before the login fit nothing after it.
    let (token, csrf_cookie) = sessions.rotated_csrf(Some(&login.token));
    set.extend(csrf_cookie);
    if !wants_json(headers) {
        // Without JavaScript nothing can post to the old portal: that login waits for
        // the next one with JavaScript (SPEC §8: its failure is ignored anyway).
        return with_cookies(see_other(&localized(prefix(page), origin)), &set);
    }
    let session = sessions.summary_for(state.http(), &login.token).await.ok();
    let (handover, permission) = sessions.handover(&login.token);
    set.extend(permission);
    let answer = json!({
        "ok": true,
        "location": origin,
        "session": session,
        "csrf": token,
        "handover": format!("/login/handover/{handover}"),
    });
    with_cookies(axum::Json(answer).into_response(), &set)
}

/// `POST /login` (and `/en/login`): e-mail and password.
pub async fn login(State(state): State<AppState>, peer: Peer, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let page = uri.path().to_owned();
    let fields = match checked_fields(&state, &headers, &body, &page).await {
        Ok(fields) => fields,
        Err(answer) => return answer,
    };
    let sessions = state.sessions();
    // An app path (the login link's `from`): the language is the page's.
    let origin = fields.get("origin").and_then(|o| safe_path(o)).unwrap_or("/").to_owned();
    let email = fields.get("email").map(|e| e.trim()).unwrap_or("");
    let password = fields.get("password").map(String::as_str).unwrap_or("");
    let mut missing = Vec::new();
    if email.is_empty() {
        missing.push("email");
    }
    if password.is_empty() {
        missing.push("password");
    }
    let values = json!({ "email": email, "origin": origin });
    if !missing.is_empty() {
        let outcome = json!({ "ok": false, "missing": missing, "values": values,
            "error": { "status": 400, "statusText": "Bad Request", "retryAfter": null } });
        return form_outcome(&state, &headers, &page, StatusCode::BAD_REQUEST, outcome).await;
    }
    let from = sessions.forwarded(peer.visitor(&state, &headers));
    match users::login(state.http(), sessions.users(), email, password, from).await {
        Ok(login) if !login.user.two_factor_complete || login.refresh_token.is_none() => {
            // The pending token goes into the visitor's own cookie, signed for the
            // visitor's anti-forgery id (checked above), so any replica takes the code.
            let csrf_id = sessions.csrf_id(&headers).unwrap_or_default();
            let pending = Pending { token: login.token, origin };
            let set: Vec<String> = sessions.pending_cookie(&pending, csrf_id, prefix(&page)).into_iter().collect();
            if wants_json(&headers) {
                let answer = json!({ "ok": false, "step": "2fa", "location": "/login/2fa" });
                return with_cookies(axum::Json(answer).into_response(), &set);
            }
            with_cookies(see_other(&format!("{}/login/2fa", prefix(&page))), &set)
        }
        Ok(login) => logged_in(&state, &headers, &login, &origin, &page).await,
        Err(error) => {
            tracing::info!(status = error.status().as_u16(), "login refused");
            let outcome = json!({ "ok": false, "values": values, "error": failure(&error) });
            form_outcome(&state, &headers, &page, error.status(), outcome).await
        }
    }
}

/// `POST /login/2fa`: the one-time code of a pending login.
pub async fn second_factor(
    State(state): State<AppState>,
    peer: Peer,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let page = uri.path().to_owned();
    let fields = match checked_fields(&state, &headers, &body, &page).await {
        Ok(fields) => fields,
        Err(answer) => return answer,
    };
    let sessions = state.sessions();
    let Some(pending) = sessions.pending(&headers) else {
        // No login waits for a code (it expired, or never began): start again.
        if wants_json(&headers) {
            let answer = json!({ "ok": false, "step": "login", "location": "/login",
                "error": { "status": 401, "statusText": "Unauthorized", "retryAfter": null, "expired": true } });
            return with_cookies(axum::Json(answer).into_response(), &[]);
        }
        let login = format!("{}/login", prefix(&page));
        return with_cookies(see_other(&login), &sessions.pending_cleared());
    };
    let otp: String = fields.get("otp").map(|o| o.chars().filter(|c| !c.is_whitespace()).collect()).unwrap_or_default();
    if otp.len() != 6 || !otp.bytes().all(|b| b.is_ascii_digit()) {
        let outcome = json!({ "ok": false, "missing": ["otp"],
            "error": { "status": 400, "statusText": "Bad Request", "retryAfter": null } });
        return form_outcome(&state, &headers, &page, StatusCode::BAD_REQUEST, outcome).await;
    }
    let from = sessions.forwarded(peer.visitor(&state, &headers));
    match users::second_factor(state.http(), sessions.users(), &pending.token, &otp, from).await {
        // The login's cookies end the pending one.
        Ok(login) => logged_in(&state, &headers, &login, &pending.origin, &page).await,
        Err(error) => {
            tracing::info!(status = error.status().as_u16(), "second factor refused");
            let outcome = json!({ "ok": false, "error": failure(&error) });
            form_outcome(&state, &headers, &page, error.status(), outcome).await
        }
    }
}

/// `POST /logout`: revokes the refresh token, forgets the session, clears the cookies;
/// the browser then logs out of the old portal (its session is the browser's).
pub async fn logout(State(state): State<AppState>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let page = uri.path().to_owned();
    let sessions = state.sessions();
    let token = fields(&headers, &body).and_then(|mut f| f.remove("_csrf"));
    if !sessions.allowed(&headers, token.as_deref()) {
        return forbidden(&state, &headers, &page).await;
    }
    let access = cookies::get(&headers, cookies::ACCESS);
    users::revoke(state.http(), sessions.users(), cookies::get(&headers, cookies::REFRESH), access).await;
    let home = localized(prefix(&page), "/");
    let old_portal = format!(
        "{}/cabinet/logout?noRedirect=1&rand={}",
        state.config().client.endpoints.old_site.trim_end_matches('/'),
        &csrf::random_id()[..12]
    );
    let mut set = sessions.cleared();
    // A new anti-forgery cookie for the visitor the browser now is.
    let (token, csrf_cookie) = sessions.rotated_csrf(None);
    set.extend(csrf_cookie);
    if wants_json(&headers) {
        let answer = json!({ "ok": true, "location": "/", "oldPortalLogout": old_portal, "csrf": token });
        return with_cookies(axum::Json(answer).into_response(), &set);
    }
    // Without JavaScript: a page that asks the old portal to log out (an image request
    // carries the browser's session there) and then goes home.
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">\
         <meta http-equiv=\"refresh\" content=\"1; url={home}\"><title>{title}</title></head>\
         <body><p>{title}</p><p><a href=\"{home}\">{link}</a></p><img src=\"{img}\" alt=\"\" width=\"1\" height=\"1\"></body></html>",
        lang = if home == "/" { "uk" } else { "en" },
        title = if home == "/" { "Ви вийшли з кабінету" } else { "You have logged out" },
        link = if home == "/" { "На головну" } else { "To the home page" },
        img = old_portal.replace('&', "&amp;").replace('"', "&quot;"),
    );
    let mut response = (StatusCode::OK, html).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    with_cookies(response, &set)
}

/// The fields a form echoes back when it is shown again: never a password or the token.
fn echoed(fields: &HashMap<String, String>) -> Value {
    let kept = fields
        .iter()
        .filter(|(k, _)| !k.starts_with('_') && !k.to_ascii_lowercase().contains("password"))
        .map(|(k, v)| (k.clone(), Value::String(v.clone())));
    Value::Object(kept.collect())
}

/// Checks a form's token and reads its fields; `Err` is the answer to send instead.
pub(crate) async fn checked_fields(
    state: &AppState,
    headers: &HeaderMap,
    body: &Bytes,
    page: &str,
) -> Result<HashMap<String, String>, Response> {
    let Some(fields) = fields(headers, body) else {
        let outcome =
            json!({ "ok": false, "error": { "status": 400, "statusText": "Bad Request", "retryAfter": null } });
        return Err(form_outcome(state, headers, page, StatusCode::BAD_REQUEST, outcome).await);
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
    refusal: users::Refusal,
    values: Value,
) -> Response {
    tracing::info!(status = refusal.error.status().as_u16(), field = ?refusal.field, "form refused");
    let mut outcome = json!({ "ok": false, "error": failure(&refusal.error), "values": values });
    if let Some(field) = refusal.field {
        outcome["field"] = json!(field);
    }
    form_outcome(state, headers, page, refusal.error.status(), outcome).await
}

/// A refused form of a logged-in user's (the cart, saved searches): as [`refused`], and
/// when the users API no longer knows the session (401) its cookies go too.
pub(crate) async fn refused_with_session(
    state: &AppState,
    headers: &HeaderMap,
    page: &str,
    refusal: users::Refusal,
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

/// `POST /registration`: the fields of the three steps (SPEC §4), sent to the users API's
/// final step. Success opens the registration-success dialog (SPEC §2.3).
pub async fn register(
    State(state): State<AppState>,
    peer: Peer,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let page = uri.path().to_owned();
    let fields = match checked_fields(&state, &headers, &body, &page).await {
        Ok(fields) => fields,
        Err(answer) => return answer,
    };
    let language = language_of(prefix(&page));
    let mut body: serde_json::Map<String, Value> =
        fields.iter().filter(|(k, _)| !k.starts_with('_')).map(|(k, v)| (k.clone(), json!(v.trim()))).collect();
    if let Some(password) = fields.get("password") {
        body.insert("password".into(), json!(password));
    }
    body.insert("languages".into(), json!([language]));
    let values = echoed(&fields);
    let from = state.sessions().forwarded(peer.visitor(&state, &headers));
    let path = "/api/users/registration/finish";
    match users::submit(state.http(), state.sessions().users(), path, Value::Object(body), from).await {
        Ok(answer) => {
            let email = answer["email"].as_str().or(fields.get("email").map(String::as_str)).unwrap_or("").to_owned();
            let outcome = json!({ "ok": true, "registered": email, "location": "/" });
            form_outcome(&state, &headers, &page, StatusCode::CREATED, outcome).await
        }
        Err(refusal) => refused(&state, &headers, &page, refusal, values).await,
    }
}

/// `POST /login/forgot`: asks for a recovery code. The answer is the same whether or not
/// the address has an account.
pub async fn forgot(State(state): State<AppState>, peer: Peer, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let page = uri.path().to_owned();
    let fields = match checked_fields(&state, &headers, &body, &page).await {
        Ok(fields) => fields,
        Err(answer) => return answer,
    };
    let email = fields.get("email").map(|e| e.trim()).unwrap_or("");
    let values = echoed(&fields);
    let from = state.sessions().forwarded(peer.visitor(&state, &headers));
    let body = json!({ "email": email });
    match users::submit(state.http(), state.sessions().users(), "/api/users/forgot-password", body, from).await {
        Ok(_) => {
            let outcome = json!({ "ok": true, "sent": true, "values": values });
            form_outcome(&state, &headers, &page, StatusCode::OK, outcome).await
        }
        Err(refusal) => refused(&state, &headers, &page, refusal, values).await,
    }
}

/// `POST /login/new-password`: the recovery code and a new password; then to the login.
pub async fn new_password(State(state): State<AppState>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let page = uri.path().to_owned();
    let fields = match checked_fields(&state, &headers, &body, &page).await {
        Ok(fields) => fields,
        Err(answer) => return answer,
    };
    let code = fields.get("recoveryCode").map(|c| c.trim()).unwrap_or("");
    let password = fields.get("password").map(String::as_str).unwrap_or("");
    let body = json!({ "recoveryCode": code, "password": password });
    match users::submit(state.http(), state.sessions().users(), "/api/users/new-password", body, None).await {
        Ok(_) if wants_json(&headers) => {
            with_cookies(axum::Json(json!({ "ok": true, "location": "/login?reset=1" })).into_response(), &[])
        }
        Ok(_) => with_cookies(see_other(&format!("{}/login?reset=1", prefix(&page))), &[]),
        Err(refusal) => refused(&state, &headers, &page, refusal, echoed(&fields)).await,
    }
}

/// `POST /icabinet`: the logged-in user's CPV notification list (every `cpv` field of the
/// form: the picker's kept codes and a typed one), saved through the users API.
pub async fn save_cpv(State(state): State<AppState>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let page = uri.path().to_owned();
    if let Err(answer) = checked_fields(&state, &headers, &body, &page).await {
        return answer;
    }
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let json_codes = serde_json::from_slice::<Value>(&body).ok().and_then(|v| v.get("cpv").cloned());
    let codes: Vec<String> = match json_codes {
        Some(Value::Array(list)) => list.iter().filter_map(|c| c.as_str().map(|c| c.trim().to_owned())).collect(),
        _ => pairs.into_iter().filter(|(k, _)| k == "cpv").map(|(_, v)| v.trim().to_owned()).collect(),
    };
    let codes: Vec<String> = codes.into_iter().filter(|c| !c.is_empty()).collect();
    let visitor = state.sessions().visitor(state.http(), &headers).await;
    let Some(bearer) = visitor.bearer() else {
        return with_cookies(see_other(&localized(prefix(&page), "/")), &visitor.set_cookies);
    };
    let path = "/api/users/profile/cpv-notifications";
    let answer =
        users::put(state.http(), state.sessions().users(), path, bearer, json!({ "cpvNotificationList": codes })).await;
    match answer {
        Ok(_) if wants_json(&headers) => {
            with_cookies(axum::Json(json!({ "ok": true, "saved": codes })).into_response(), &visitor.set_cookies)
        }
        Ok(_) => with_cookies(see_other(&format!("{}/icabinet?saved=1", prefix(&page))), &visitor.set_cookies),
        Err(refusal) => refused(&state, &headers, &page, refusal, json!({ "cpv": codes.join(" ") })).await,
    }
}

/// `GET /login/handover/{id}`: the one response that carries a new login's token, to
/// the old portal only (SPEC §7: the jwt is posted to it, errors ignored). Opened once,
/// within a minute of the login, by the browser that logged in: the token is its own
/// access cookie, and only the hand-over's own cookie (signed for this id and that
/// token, removed by this answer) lets the page show it. Never cached; never framed
/// or opened from another site; its policy lets the form go nowhere but the old
/// portal's origin.
pub async fn handover(State(state): State<AppState>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let cross_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) == Some("cross-site");
    let taken = if cross_site { None } else { state.sessions().take_handover(&headers, &id) };
    let Some((token, used)) = taken else {
        return with_cookies(StatusCode::NOT_FOUND.into_response(), &[]);
    };
    let target = &state.config().client.endpoints.old_site;
    let origin = origin_of(target);
    let nonce = &csrf::random_id()[..22];
    let html = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\"><title>…</title></head>\
         <body><form id=\"h\" method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"jwt\" value=\"{token}\"></form>\
         <script nonce=\"{nonce}\">document.getElementById('h').submit()</script></body></html>",
        action = target.replace('&', "&amp;").replace('"', "&quot;"),
    );
    let mut response = (StatusCode::OK, html).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    if let Ok(policy) = HeaderValue::from_str(&format!(
        "default-src 'none'; script-src 'nonce-{nonce}'; form-action {origin}; frame-ancestors 'self'; base-uri 'none'"
    )) {
        h.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    // Only the origin goes with the form (the old portal checks it), never this URL.
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin"));
    with_cookies(response, &[used])
}

/// `scheme://host[:port]` of an absolute URL.
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url[after_scheme..].find('/').map_or(url.len(), |i| after_scheme + i);
    &url[..end]
}

/// `POST /__handover`: a hand-over to the old portal for the current session, for a
/// login the app did not make (JavaScript was off): the app opens it once when the old
/// portal does not know the user yet, rather than logging the user out.
pub async fn handover_for_session(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let sessions = state.sessions();
    let token = fields(&headers, &body).and_then(|mut f| f.remove("_csrf"));
    if !sessions.allowed(&headers, token.as_deref()) {
        return with_cookies(StatusCode::FORBIDDEN.into_response(), &[]);
    }
    let visitor = sessions.visitor(state.http(), &headers).await;
    let Some(access) = visitor.bearer() else {
        return with_cookies(axum::Json(json!({ "ok": false })).into_response(), &visitor.set_cookies);
    };
    let (id, permission) = sessions.handover(access);
    let answer = json!({ "ok": true, "handover": format!("/login/handover/{id}") });
    let mut set = visitor.set_cookies.clone();
    set.extend(permission);
    with_cookies(axum::Json(answer).into_response(), &set)
}

/// `GET /__csrf`: the anti-forgery token for a page with forms reached by navigation
/// in the app (its first page may have had none). Another site cannot read it.
pub async fn csrf_token(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let mut visitor = Visitor::default();
    let token = state.sessions().csrf_token_for(&headers, &mut visitor);
    with_cookies(axum::Json(json!({ "csrf": token })).into_response(), &visitor.set_cookies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_on_this_site_are_followed() {
        for good in ["/", "/tenders?status[0]=complete", "/en/plans/UA-P-2026-10-12-017053-a", "/a//b"] {
            assert_eq!(safe_path(good), Some(good));
        }
        for bad in [
            "//evil.example",
            "/\\evil.example",
            "https://evil.example",
            "evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "",
            "\\\\evil.example",
            "/%0a",
        ] {
            if bad == "/%0a" {
                // Encoded, it stays a path on this site.
                assert_eq!(safe_path(bad), Some(bad));
            } else {
                assert_eq!(safe_path(bad), None, "{bad:?}");
            }
        }
    }

    #[test]
    fn app_paths_take_the_page_s_language() {
        assert_eq!(localized("", "/tenders?page=2"), "/tenders?page=2");
        assert_eq!(localized("/en", "/tenders?page=2"), "/en/tenders?page=2");
        assert_eq!(localized("/en", "/"), "/en");
    }

    #[test]
    fn the_origin_of_the_old_portal() {
        assert_eq!(origin_of("http://127.0.0.1:8081/old"), "http://127.0.0.1:8081");
        assert_eq!(origin_of("https://old.example"), "https://old.example");
    }
}
