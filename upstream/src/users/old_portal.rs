//! The old portal's auth endpoints: a session of its own (an opaque cookie token kept
//! as its digest) opened with a session token, bound to that login session and ended
//! with it.

use super::{now_secs, random_token, secret_digest, user_id, Answer};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use rusqlite::{params, OptionalExtension};
use serde_json::{json, Value};

/// How long the old portal's own session lasts at most (12 hours); it ends sooner with
/// the login session that opened it.
const OLD_SESSION_SECS: i64 = 12 * 3600;
/// The old portal's session cookie.
const OLD_COOKIE: &str = "old_session";

/// The old portal's session token sent with these headers.
fn old_cookie(h: &HeaderMap) -> Option<&str> {
    h.get_all("cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|line| line.split(';'))
        .find_map(|c| c.trim().strip_prefix(OLD_COOKIE)?.strip_prefix('='))
        .filter(|t| !t.is_empty())
}

/// Old portal: the user whose session these headers' cookie holds. The session is an
/// opaque random token of its own (kept as its digest), good for the old portal only,
/// for at most [`OLD_SESSION_SECS`] and never longer than the login session that opened
/// it: logout and a new password end it.
fn old_session(s: &AppState, h: &HeaderMap) -> Result<Option<i64>, UpstreamError> {
    let Some(token) = old_cookie(h) else { return Ok(None) };
    Ok(s.users
        .db()
        .query_row(
            "SELECT o.user_id FROM old_sessions o WHERE o.token_hash = ?1 AND o.expires > ?2
             AND NOT EXISTS (SELECT 1 FROM ended_sessions e WHERE e.sid = o.sid AND e.expires > ?2)",
            params![secret_digest(token), now_secs()],
            |r| r.get(0),
        )
        .optional()?)
}

pub(super) async fn old_check(State(s): State<AppState>, h: HeaderMap) -> Answer {
    Ok(JsonAnswer::ok(json!({"isGuest": old_session(&s, &h)?.is_none()})))
}

pub(super) async fn old_login(State(s): State<AppState>, b: Bytes) -> Result<axum::response::Response, UpstreamError> {
    use axum::response::IntoResponse;
    let jwt = form_urlencoded::parse(&b)
        .find(|(k, _)| k == "jwt")
        .map(|(_, v)| v.into_owned())
        .or_else(|| serde_json::from_slice::<Value>(&b).ok().and_then(|v| v["jwt"].as_str().map(String::from)))
        .ok_or_else(|| UpstreamError::MissingParameter("jwt".into()))?;
    // `verify` refuses a token awaiting the second factor and one of an ended session.
    let claims = s.users.verify(&jwt)?;
    let (user, sid) = (user_id(&claims), claims["sid"].as_str().unwrap_or_default().to_owned());
    // The old portal keeps a session of its own, as a PHP session would: it outlives the
    // access token that opened it (the portal refreshes its tokens without telling it),
    // but not the login session, and it opens nothing but the old portal.
    let token = random_token();
    s.users.write(|tx| {
        tx.execute("DELETE FROM old_sessions WHERE expires <= ?1", [now_secs()])?;
        tx.execute(
            "INSERT INTO old_sessions (token_hash, user_id, sid, expires) VALUES (?1, ?2, ?3, ?4)",
            params![secret_digest(&token), user, sid, now_secs() + OLD_SESSION_SECS],
        )?;
        Ok(())
    })?;
    let mut r = JsonAnswer::ld(StatusCode::OK, json!({"ok": true})).into_response();
    if let Ok(v) =
        format!("{OLD_COOKIE}={token}; Path=/old; HttpOnly; SameSite=Lax; Max-Age={OLD_SESSION_SECS}").parse()
    {
        r.headers_mut().insert("set-cookie", v);
    }
    Ok(r)
}

pub(super) async fn old_logout(
    State(s): State<AppState>,
    h: HeaderMap,
) -> Result<axum::response::Response, UpstreamError> {
    use axum::response::IntoResponse;
    if let Some(token) = old_cookie(&h) {
        let digest = secret_digest(token);
        s.users.write(|tx| {
            tx.execute("DELETE FROM old_sessions WHERE token_hash = ?1", [digest])?;
            Ok(())
        })?;
    }
    let mut r = JsonAnswer::ok(json!({"ok": true})).into_response();
    if let Ok(v) = format!("{OLD_COOKIE}=; Path=/old; Max-Age=0").parse() {
        r.headers_mut().insert("set-cookie", v);
    }
    Ok(r)
}
