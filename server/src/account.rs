//! The portal's account endpoints (SPEC §4): login, the second factor, logout, and the
//! hand-over of a new login to the old portal. Each takes a plain form (JavaScript
//! off: answered with a redirect, or the form's page rendered again with what went
//! wrong) or JSON (`Accept: application/json`, the hydrated app: answered with JSON).
//! Every one checks the anti-forgery token first.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Uri};
use axum::response::{Html, IntoResponse, Response};
use serde_json::{json, Value};

use crate::error::Refusal;
use crate::form::{
    echoed, failure, fields, forbidden, form_outcome, language_of, localized, prefix, refused, safe_path, see_other,
    wants_json, with_cookies, CheckedForm, FormError, FormOutcome, Peer,
};
use crate::session::users::{self, Login};
use crate::session::{cookies, csrf, Pending, Visitor};
use crate::state::AppState;

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
    let answer = FormOutcome {
        location: Some(origin.to_owned()),
        session: Some(serde_json::to_value(session).unwrap_or(Value::Null)),
        csrf: Some(token),
        handover: Some(format!("/login/handover/{handover}")),
        ..FormOutcome::done()
    };
    with_cookies(axum::Json(answer).into_response(), &set)
}

/// `POST /login` (and `/en/login`): e-mail and password.
pub async fn login(State(state): State<AppState>, peer: Peer, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
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
        let outcome = FormOutcome { missing, values: Some(values), ..FormOutcome::refused(FormError::incomplete()) };
        return form_outcome(&state, &headers, &page, outcome).await;
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
                let answer =
                    FormOutcome { step: Some("2fa"), location: Some("/login/2fa".into()), ..FormOutcome::default() };
                return with_cookies(axum::Json(answer).into_response(), &set);
            }
            with_cookies(see_other(&format!("{}/login/2fa", prefix(&page))), &set)
        }
        Ok(login) => logged_in(&state, &headers, &login, &origin, &page).await,
        Err(error) => {
            tracing::info!(status = error.status().as_u16(), "login refused");
            let outcome = FormOutcome { values: Some(values), ..FormOutcome::refused(failure(&error)) };
            form_outcome(&state, &headers, &page, outcome).await
        }
    }
}

/// `POST /login/2fa`: the one-time code of a pending login.
pub async fn second_factor(State(state): State<AppState>, peer: Peer, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
    let sessions = state.sessions();
    let Some(pending) = sessions.pending(&headers) else {
        // No login waits for a code (it expired, or never began): start again.
        if wants_json(&headers) {
            let expired = FormError::expired();
            let answer =
                FormOutcome { step: Some("login"), location: Some("/login".into()), ..FormOutcome::refused(expired) };
            return with_cookies(axum::Json(answer).into_response(), &[]);
        }
        let login = format!("{}/login", prefix(&page));
        return with_cookies(see_other(&login), &sessions.pending_cleared());
    };
    let otp: String = fields.get("otp").map(|o| o.chars().filter(|c| !c.is_whitespace()).collect()).unwrap_or_default();
    if otp.len() != 6 || !otp.bytes().all(|b| b.is_ascii_digit()) {
        let outcome = FormOutcome { missing: vec!["otp"], ..FormOutcome::refused(FormError::incomplete()) };
        return form_outcome(&state, &headers, &page, outcome).await;
    }
    let from = sessions.forwarded(peer.visitor(&state, &headers));
    match users::second_factor(state.http(), sessions.users(), &pending.token, &otp, from).await {
        // The login's cookies end the pending one.
        Ok(login) => logged_in(&state, &headers, &login, &pending.origin, &page).await,
        Err(error) => {
            tracing::info!(status = error.status().as_u16(), "second factor refused");
            form_outcome(&state, &headers, &page, FormOutcome::refused(failure(&error))).await
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
        let answer = FormOutcome {
            location: Some("/".into()),
            old_portal_logout: Some(old_portal),
            csrf: Some(token),
            ..FormOutcome::done()
        };
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
    with_cookies(Html(html).into_response(), &set)
}

/// `POST /registration`: the fields of the three steps (SPEC §4), sent to the users API's
/// final step. Success opens the registration-success dialog (SPEC §2.3).
pub async fn register(State(state): State<AppState>, peer: Peer, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
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
            let confirm = (answer["confirmation"] == "sent").then_some(true);
            let outcome =
                FormOutcome { registered: Some(email), confirm, location: Some("/".into()), ..FormOutcome::done() };
            form_outcome(&state, &headers, &page, outcome).await
        }
        Err(refusal) => refused(&state, &headers, &page, refusal, values).await,
    }
}

/// `GET /registration/confirm?code=…`: the link of the confirmation letter. The code goes
/// to the users API (`POST /api/users/confirm-email`); the visitor goes on to the login
/// page, which says whether the address is now confirmed (`?confirmed=1`) or the link
/// is spent or expired (`?confirmed=0`). Opening it twice is harmless.
pub async fn confirm_email(State(state): State<AppState>, uri: Uri) -> Response {
    let prefix = if uri.path().starts_with("/en/") { "/en" } else { "" };
    let code = uri
        .query()
        .and_then(|q| serde_urlencoded::from_str::<Vec<(String, String)>>(q).ok())
        .and_then(|pairs| pairs.into_iter().find(|(k, _)| k == "code").map(|(_, v)| v))
        .filter(|code| !code.is_empty() && code.len() <= 256);
    let confirmed = match code {
        Some(code) => {
            let path = "/api/users/confirm-email";
            users::submit(state.http(), state.sessions().users(), path, json!({ "code": code }), None).await.is_ok()
        }
        None => false,
    };
    let mut response = see_other(&format!("{prefix}/login?confirmed={}", u8::from(confirmed)));
    // The code must not go on to another site in a `Referer`.
    response.headers_mut().insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// `POST /login/forgot`: asks for a recovery code. The answer is the same whether or not
/// the address has an account.
pub async fn forgot(State(state): State<AppState>, peer: Peer, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
    let email = fields.get("email").map(|e| e.trim()).unwrap_or("");
    let values = echoed(&fields);
    let from = state.sessions().forwarded(peer.visitor(&state, &headers));
    let body = json!({ "email": email });
    match users::submit(state.http(), state.sessions().users(), "/api/users/forgot-password", body, from).await {
        Ok(_) => {
            let outcome = FormOutcome { sent: Some(true), values: Some(values), ..FormOutcome::done() };
            form_outcome(&state, &headers, &page, outcome).await
        }
        Err(refusal) => refused(&state, &headers, &page, refusal, values).await,
    }
}

/// `POST /login/new-password`: the recovery code and a new password; then to the login.
pub async fn new_password(State(state): State<AppState>, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
    let code = fields.get("recoveryCode").map(|c| c.trim()).unwrap_or("");
    let password = fields.get("password").map(String::as_str).unwrap_or("");
    let body = json!({ "recoveryCode": code, "password": password });
    match users::submit(state.http(), state.sessions().users(), "/api/users/new-password", body, None).await {
        Ok(_) if wants_json(&headers) => {
            let outcome = FormOutcome { location: Some("/login?reset=1".into()), ..FormOutcome::done() };
            with_cookies(axum::Json(outcome).into_response(), &[])
        }
        Ok(_) => with_cookies(see_other(&format!("{}/login?reset=1", prefix(&page))), &[]),
        Err(refusal) => refused(&state, &headers, &page, refusal, echoed(&fields)).await,
    }
}

/// `POST /icabinet`: the logged-in user's CPV notification list (every `cpv` field of the
/// form: the picker's kept codes and a typed one), saved through the users API.
pub async fn save_cpv(State(state): State<AppState>, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, body, .. } = form;
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
    // The cabinet's other form: the confirmation letter again.
    if crate::form::fields(&headers, &body).is_some_and(|f| f.get("form").map(String::as_str) == Some("confirm-email"))
    {
        let path = "/api/users/confirm-email/resend";
        return match users::change(
            state.http(),
            state.sessions().users(),
            reqwest::Method::POST,
            path,
            bearer,
            json!({}),
        )
        .await
        {
            Ok(_) if wants_json(&headers) => with_cookies(
                axum::Json(FormOutcome { sent: Some(true), ..FormOutcome::done() }).into_response(),
                &visitor.set_cookies,
            ),
            Ok(_) => with_cookies(see_other(&format!("{}/icabinet?sent=1", prefix(&page))), &visitor.set_cookies),
            Err(refusal) => refused(&state, &headers, &page, refusal, json!({ "form": "confirm-email" })).await,
        };
    }
    let path = "/api/users/profile/cpv-notifications";
    let answer =
        users::put(state.http(), state.sessions().users(), path, bearer, json!({ "cpvNotificationList": codes })).await;
    match answer {
        Ok(_) if wants_json(&headers) => {
            let outcome = FormOutcome { saved: Some(codes), ..FormOutcome::done() };
            with_cookies(axum::Json(outcome).into_response(), &visitor.set_cookies)
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
        return with_cookies(Refusal::NotFound.into_response(), &[]);
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
    let mut response = Html(html).into_response();
    let h = response.headers_mut();
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
        return with_cookies(Refusal::Forbidden.into_response(), &[]);
    }
    let visitor = sessions.visitor(state.http(), &headers).await;
    let Some(access) = visitor.bearer() else {
        return with_cookies(axum::Json(FormOutcome::default()).into_response(), &visitor.set_cookies);
    };
    let (id, permission) = sessions.handover(access);
    let answer = FormOutcome { handover: Some(format!("/login/handover/{id}")), ..FormOutcome::done() };
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
