//! Tokens and sessions: HS256 JWTs signed and verified, a token awaiting the second
//! factor spent by one login, login sessions and their ending (logout, a new password),
//! rotating refresh tokens with their reuse grace, and the login, second-factor,
//! refresh and revoke endpoints.

use super::{
    bearer, body_json, email_field, field, now_secs, password_field, random_token, secret_digest, user_id,
    verify_password, Answer, Users, LOGIN, SECOND_FACTOR,
};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::peer::ClientAddr;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use hmac::{Hmac, Mac};
use rusqlite::{params, OptionalExtension, Transaction};
use serde_json::{json, Value};
use std::time::Instant;

/// Lifetime of a token awaiting the second factor, in seconds.
const PENDING_TTL_SECS: i64 = 300;
/// Lifetime of a refresh token, in seconds (30 days).
const REFRESH_TTL_SECS: i64 = 30 * 86_400;
/// How long after a refresh token was rotated presenting it again still answers, with
/// the token it was rotated into (and a new access token), in seconds. Two requests of
/// one browser that both refresh at once (on two replicas of the portal, say) then both
/// get the one new pair instead of one of them being logged out. A revoked token gets
/// nothing, grace or not, and revoking a token in its grace revokes its successor too.
pub const REFRESH_REUSE_GRACE_SECS: i64 = 30;
/// Rotations followed from a token in its grace to the live one (each one in its grace).
const MAX_ROTATIONS_FOLLOWED: usize = 8;

/// The mask of a rotated refresh token's successor: HMAC-SHA256 keyed by the rotated
/// token, which the database keeps only as a digest.
fn successor_mask(rotated: &str) -> [u8; 32] {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(rotated.as_bytes()).expect("hmac takes any key length");
    mac.update(b"refresh token successor");
    mac.finalize().into_bytes().into()
}

/// The successor of a rotated refresh token as the database keeps it (32 random bytes
/// each, so the mask is used once): only the holder of the rotated token can open it.
fn seal_successor(rotated: &str, successor: &str) -> Option<String> {
    let bytes = B64.decode(successor).ok()?;
    let mask = successor_mask(rotated);
    (bytes.len() == mask.len()).then(|| B64.encode(bytes.iter().zip(mask).map(|(b, m)| b ^ m).collect::<Vec<u8>>()))
}

/// [`seal_successor`] undone (the same mask).
fn open_successor(rotated: &str, sealed: &str) -> Option<String> {
    seal_successor(rotated, sealed)
}

/// What [`Users::refresh`] and [`Users::revoke`] read of a refresh token's row.
struct RefreshRow {
    user_id: i64,
    /// The login session the token belongs to (kept through rotations).
    sid: String,
    revoked: bool,
    expires: i64,
    rotated: Option<i64>,
    successor: Option<String>,
}

impl RefreshRow {
    /// The token this one (`token`) was rotated into, while the grace lasts.
    fn successor(&self, token: &str, now: i64) -> Option<String> {
        let rotated = self.rotated?;
        if now - rotated >= REFRESH_REUSE_GRACE_SECS || self.expires <= now {
            return None;
        }
        open_successor(token, self.successor.as_deref()?)
    }
}

fn refresh_row(tx: &Transaction<'_>, token: &str) -> Result<Option<RefreshRow>, UpstreamError> {
    Ok(tx
        .query_row(
            "SELECT user_id, revoked, expires, rotated, successor, coalesce(sid, token_hash)
             FROM refresh_tokens WHERE token_hash = ?1",
            [secret_digest(token)],
            |r| {
                Ok(RefreshRow {
                    user_id: r.get(0)?,
                    revoked: r.get::<_, i64>(1)? != 0,
                    expires: r.get(2)?,
                    rotated: r.get(3)?,
                    successor: r.get(4)?,
                    sid: r.get(5)?,
                })
            },
        )
        .optional()?)
}

fn store_refresh(tx: &Transaction<'_>, user_id: i64, refresh: &str, sid: &str) -> Result<(), UpstreamError> {
    tx.execute(
        "INSERT INTO refresh_tokens (token_hash, user_id, expires, sid) VALUES (?1, ?2, ?3, ?4)",
        params![secret_digest(refresh), user_id, now_secs() + REFRESH_TTL_SECS, sid],
    )?;
    Ok(())
}

/// Ends the login session `sid` in the caller's transaction: its refresh tokens are
/// revoked (with what they were rotated into), the old portal's sessions it opened are
/// deleted, and its access tokens, which live on until their `exp`, are refused from
/// now on ([`Users::verify`]): the id is kept until the last of them has expired.
fn end_session(tx: &Transaction<'_>, sid: &str, access_ttl: i64) -> Result<(), UpstreamError> {
    let now = now_secs();
    tx.execute("DELETE FROM ended_sessions WHERE expires <= ?1", [now])?;
    tx.execute(
        "INSERT INTO ended_sessions (sid, expires) VALUES (?1, ?2)
         ON CONFLICT (sid) DO UPDATE SET expires = max(expires, excluded.expires)",
        params![sid, now + access_ttl.max(0) + 1],
    )?;
    tx.execute(
        "UPDATE refresh_tokens SET revoked = 1, successor = NULL WHERE sid = ?1 OR (sid IS NULL AND token_hash = ?1)",
        [sid],
    )?;
    tx.execute("DELETE FROM old_sessions WHERE sid = ?1", [sid])?;
    Ok(())
}

/// The live refresh token that `token`, spent, was rotated into within the reuse grace
/// (following each rotation made within its own grace), with its row; `None` for a
/// token unknown, expired, revoked (not rotated), or rotated longer ago than the grace.
fn successor_in_grace(
    tx: &Transaction<'_>,
    token: &str,
    now: i64,
) -> Result<Option<(RefreshRow, String)>, UpstreamError> {
    let mut current = token.to_owned();
    for _ in 0..MAX_ROTATIONS_FOLLOWED {
        let Some(row) = refresh_row(tx, &current)? else { return Ok(None) };
        if row.expires <= now {
            return Ok(None);
        }
        if !row.revoked {
            return Ok((current != token).then_some((row, current)));
        }
        match row.successor(&current, now) {
            Some(next) => current = next,
            None => return Ok(None),
        }
    }
    Ok(None)
}

impl Users {
    /// Signs an HS256 JWT for a user; `pending` marks a token awaiting the second factor.
    /// A session token made here belongs to a login session of its own, which nothing
    /// else shares (tests, tools); logins use [`Users::sign_session`].
    pub fn sign(&self, user_id: i64, email: &str, ty: &str, pending: bool, ttl: i64) -> String {
        let sid = (!pending).then(random_token);
        self.signed(user_id, email, ty, sid.as_deref(), ttl)
    }

    /// Signs an access token of the login session `sid`.
    fn sign_session(&self, user_id: i64, email: &str, ty: &str, sid: &str) -> String {
        self.signed(user_id, email, ty, Some(sid), self.ttl)
    }

    /// The JWT: a session token (`sid`, the login session it belongs to, which logout
    /// ends) or, without one, a token awaiting the second factor (`jti`, which one
    /// second factor spends).
    fn signed(&self, user_id: i64, email: &str, ty: &str, sid: Option<&str>, ttl: i64) -> String {
        let now = now_secs();
        let header = B64.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
        let pending = sid.is_none();
        let mut claims = json!({"sub": user_id, "username": email, "type": ty, "2fa_pending": pending, "iat": now, "exp": now + ttl});
        match sid {
            Some(sid) => claims["sid"] = json!(sid),
            // Its id: a pending token completes one login only (`spent_pending`).
            None => claims["jti"] = json!(random_token()),
        }
        let payload = B64.encode(claims.to_string());
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.secret).expect("hmac takes any key length");
        mac.update(format!("{header}.{payload}").as_bytes());
        format!("{header}.{payload}.{}", B64.encode(mac.finalize().into_bytes()))
    }

    /// Checks signature and expiry; returns the claims, pending or not.
    fn decode(&self, token: &str) -> Result<Value, UpstreamError> {
        let bad = || UpstreamError::Unauthorized("invalid token".into());
        let mut parts = token.split('.');
        let (h, p, s) = (parts.next().ok_or_else(bad)?, parts.next().ok_or_else(bad)?, parts.next().ok_or_else(bad)?);
        if parts.next().is_some() {
            return Err(bad());
        }
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.secret).map_err(|_| bad())?;
        mac.update(format!("{h}.{p}").as_bytes());
        mac.verify_slice(&B64.decode(s).map_err(|_| bad())?).map_err(|_| bad())?;
        let claims: Value = serde_json::from_slice(&B64.decode(p).map_err(|_| bad())?).map_err(|_| bad())?;
        if claims["exp"].as_i64().unwrap_or(0) <= now_secs() {
            return Err(UpstreamError::Unauthorized("token expired".into()));
        }
        if claims["sub"].as_i64().is_none() {
            return Err(bad());
        }
        Ok(claims)
    }

    /// Verifies a session token and returns its claims. A token awaiting the second
    /// factor is refused: it proves the password only, and is good for
    /// `/api/auth/2fa` alone ([`Users::verify_pending`]). So is a token of a login
    /// session that has ended (logout, a new password), though it has not expired,
    /// and one without a session (made before sessions had ids: its holder refreshes).
    pub fn verify(&self, token: &str) -> Result<Value, UpstreamError> {
        let claims = self.decode(token)?;
        if claims["2fa_pending"] != false {
            return Err(UpstreamError::Unauthorized("second factor pending".into()));
        }
        let sid =
            claims["sid"].as_str().ok_or_else(|| UpstreamError::Unauthorized("token without a session".into()))?;
        if self.session_ended(sid)? {
            return Err(UpstreamError::Unauthorized("session ended".into()));
        }
        Ok(claims)
    }

    /// True when the login session `sid` was ended (its access tokens open nothing).
    fn session_ended(&self, sid: &str) -> Result<bool, UpstreamError> {
        let ended = self
            .db()
            .query_row("SELECT 1 FROM ended_sessions WHERE sid = ?1 AND expires > ?2", params![sid, now_secs()], |_| {
                Ok(())
            })
            .optional()?;
        Ok(ended.is_some())
    }

    /// Verifies a token awaiting the second factor.
    pub fn verify_pending(&self, token: &str) -> Result<Value, UpstreamError> {
        let claims = self.decode(token)?;
        if claims["2fa_pending"] != true {
            return Err(UpstreamError::Unauthorized("token is not awaiting a second factor".into()));
        }
        Ok(claims)
    }

    /// A full login answer: a new login session, its access token and a fresh refresh
    /// token, stored hashed in the caller's transaction.
    fn issue(&self, tx: &Transaction<'_>, user_id: i64, email: &str, ty: &str) -> Result<Value, UpstreamError> {
        let (refresh, sid) = (random_token(), random_token());
        store_refresh(tx, user_id, &refresh, &sid)?;
        Ok(self.login_answer(user_id, email, ty, &refresh, &sid))
    }

    /// A login answer with a new access token of session `sid` and the refresh token
    /// `refresh`.
    fn login_answer(&self, user_id: i64, email: &str, ty: &str, refresh: &str, sid: &str) -> Value {
        let token = self.sign_session(user_id, email, ty, sid);
        json!({"token": token, "refresh_token": refresh, "user": {"email": email, "type": ty, "2fa_complete": true}})
    }

    pub(super) fn issue_now(&self, user_id: i64, email: &str, ty: &str) -> Result<Value, UpstreamError> {
        self.write(|tx| self.issue(tx, user_id, email, ty))
    }

    /// Spends a refresh token and issues the next one. The spend is one conditional
    /// `UPDATE`: of two requests presenting the same token, exactly one changes the row
    /// and makes the new refresh token; the others, within [`REFRESH_REUSE_GRACE_SECS`]
    /// of it, are answered with that same refresh token (and an access token of their
    /// own), as long as it is live. Presented again after the grace, it ends its whole
    /// login session: every token rotated from the same login, and the access tokens
    /// of that session (refresh token rotation's reuse detection, OAuth 2.0 Security BCP).
    pub fn refresh(&self, token: &str) -> Result<Value, UpstreamError> {
        self.write(|tx| {
            let now = now_secs();
            let successor = random_token();
            let sealed = seal_successor(token, &successor).unwrap_or_default();
            let spent: Option<(i64, String)> = tx
                .query_row(
                    "UPDATE refresh_tokens SET revoked = 1, rotated = ?2, successor = ?3
                     WHERE token_hash = ?1 AND revoked = 0 AND expires > ?2
                     RETURNING user_id, coalesce(sid, token_hash)",
                    params![secret_digest(token), now, sealed],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let (uid, sid, refresh) = match spent {
                Some((uid, sid)) => {
                    store_refresh(tx, uid, &successor, &sid)?;
                    (uid, sid, successor)
                }
                None => match successor_in_grace(tx, token, now)? {
                    Some((row, live)) => (row.user_id, row.sid, live),
                    None => {
                        // A token rotated longer ago than the grace, presented again: it
                        // was copied, and whoever holds its successor may be the thief.
                        // The whole login session ends (the refusal still commits).
                        let replayed = refresh_row(tx, token)?.filter(|row| row.rotated.is_some() && row.expires > now);
                        if let Some(row) = replayed {
                            end_session(tx, &row.sid, self.ttl)?;
                            tracing::warn!(
                                user = row.user_id,
                                "a rotated refresh token was replayed: its session is ended"
                            );
                            return Ok(Err(UpstreamError::Unauthorized(
                                "refresh token already used: its login session is ended".into(),
                            )));
                        }
                        return Ok(Err(UpstreamError::Unauthorized(
                            "refresh token unknown, spent, revoked or expired".into(),
                        )));
                    }
                },
            };
            let (email, ty): (String, String) =
                tx.query_row("SELECT email, type FROM users WHERE id = ?1", [uid], |r| Ok((r.get(0)?, r.get(1)?)))?;
            Ok(Ok(self.login_answer(uid, &email, &ty, &refresh, &sid)))
        })?
    }

    /// Revokes a refresh token, and with it the tokens it was rotated into while its
    /// reuse grace lasts (whoever holds it could get them); returns how many of them
    /// were live. A token not spent longer ago than the grace (one its holder may still
    /// use) ends its whole login session ([`end_session`]): logout.
    pub fn revoke(&self, token: &str) -> Result<usize, UpstreamError> {
        self.write(|tx| {
            let now = now_secs();
            let mut current = token.to_owned();
            let mut revoked = 0;
            let mut ends = None;
            for _ in 0..MAX_ROTATIONS_FOLLOWED {
                let Some(row) = refresh_row(tx, &current)? else { break };
                tx.execute(
                    "UPDATE refresh_tokens SET revoked = 1, successor = NULL WHERE token_hash = ?1",
                    [secret_digest(&current)],
                )?;
                if !row.revoked {
                    revoked += 1;
                    ends = Some(row.sid.clone());
                }
                match row.successor(&current, now) {
                    Some(next) => current = next,
                    None => break,
                }
            }
            if let Some(sid) = ends {
                end_session(tx, &sid, self.ttl)?;
            }
            Ok(revoked)
        })
    }

    /// Ends the login session of a session token (logout with the access token alone):
    /// its signature must be good; one that has expired ended anyway.
    pub fn end_session_of(&self, access: &str) -> Result<bool, UpstreamError> {
        let claims = match self.decode(access) {
            Ok(claims) => claims,
            Err(_) => return Ok(false),
        };
        let Some(sid) = claims["sid"].as_str().filter(|_| claims["2fa_pending"] == false) else { return Ok(false) };
        self.write(|tx| end_session(tx, sid, self.ttl))?;
        Ok(true)
    }

    /// Ends every login session of a user (a new password), old portal sessions included.
    pub(super) fn end_sessions_of_user(&self, tx: &Transaction<'_>, user_id: i64) -> Result<(), UpstreamError> {
        let sids: Vec<String> = {
            let mut st = tx.prepare(
                "SELECT DISTINCT coalesce(sid, token_hash) FROM refresh_tokens WHERE user_id = ?1 AND expires > ?2",
            )?;
            let rows = st.query_map(params![user_id, now_secs()], |r| r.get(0))?;
            rows.collect::<Result<_, _>>()?
        };
        for sid in sids {
            end_session(tx, &sid, self.ttl)?;
        }
        tx.execute("UPDATE refresh_tokens SET revoked = 1, successor = NULL WHERE user_id = ?1", [user_id])?;
        tx.execute("DELETE FROM old_sessions WHERE user_id = ?1", [user_id])?;
        Ok(())
    }

    /// The login a pending token (its `jti`, good until `expires`) completes: once.
    /// Recording the id is the one `INSERT` that decides, so of two requests with one
    /// pending token (and two good codes) only one logs in.
    fn complete_pending(
        &self,
        jti: &str,
        expires: i64,
        id: i64,
        email: &str,
        ty: &str,
    ) -> Result<Value, UpstreamError> {
        self.write(|tx| {
            let recorded = tx
                .execute("INSERT OR IGNORE INTO spent_pending (jti, expires) VALUES (?1, ?2)", params![jti, expires])?;
            if recorded == 0 {
                return Err(UpstreamError::Unauthorized("pending token already used".into()));
            }
            self.issue(tx, id, email, ty)
        })
    }
}

pub(super) async fn login(State(s): State<AppState>, ClientAddr(addr): ClientAddr, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let (email, pw) = (email_field(&v)?, password_field(&v)?);
    let u = &s.users;
    // Counted before the password is checked: parallel guesses are all counted.
    u.admit_guess(&LOGIN, &email, addr)?;
    let account = u.account(&email)?;
    let hash = account.as_ref().map_or_else(|| u.dummy_hash.clone(), |a| a.hash.clone());
    let matches = u.hashing(move || verify_password(&pw, &hash)).await?;
    let Some(account) = account.filter(|_| matches) else {
        return Err(UpstreamError::Unauthorized("invalid credentials".into()));
    };
    // The failures of this address on this account were the owner's. The second factor
    // has counts of its own: a right password leaves no wait for it.
    u.throttle.proven(&LOGIN, &email, addr, Instant::now());
    let has_second_factor: bool =
        u.db().query_row("SELECT totp_secret != '' FROM users WHERE id = ?1", [account.id], |r| r.get(0))?;
    if has_second_factor {
        let token = u.sign(account.id, &email, &account.ty, true, PENDING_TTL_SECS);
        return Ok(JsonAnswer::ok(
            json!({"token": token, "refresh_token": null, "user": {"email": email, "type": account.ty, "2fa_complete": false}}),
        ));
    }
    Ok(JsonAnswer::ok(u.issue_now(account.id, &email, &account.ty)?))
}

pub(super) async fn second_factor(
    State(s): State<AppState>,
    ClientAddr(addr): ClientAddr,
    h: HeaderMap,
    b: Bytes,
) -> Answer {
    let claims = s.users.verify_pending(bearer(&h)?)?;
    let v = body_json(&b)?;
    let otp = v["otp"].as_str().map(|o| o.trim().to_string()).or_else(|| v["otp"].as_u64().map(|n| format!("{n:06}")));
    let otp = otp.filter(|o| !o.is_empty()).ok_or_else(|| UpstreamError::MissingParameter("otp".into()))?;
    let (id, email) = (user_id(&claims), claims["username"].as_str().unwrap_or_default().to_string());
    let used = || UpstreamError::Unauthorized("pending token already used".into());
    let jti = claims["jti"].as_str().filter(|j| !j.is_empty()).ok_or_else(used)?.to_owned();
    s.users.admit_guess(&SECOND_FACTOR, &email, addr)?;
    // A used pending token is refused before its code is looked at (it burns no code).
    let spent = s.users.db().query_row("SELECT 1 FROM spent_pending WHERE jti = ?1", [&jti], |_| Ok(())).optional()?;
    if spent.is_some() {
        return Err(used());
    }
    if !s.users.spend_otp(id, &otp)? {
        return Err(UpstreamError::Unauthorized("invalid or already used one-time password".into()));
    }
    s.users.throttle.proven(&SECOND_FACTOR, &email, addr, Instant::now());
    let ty: String = s.users.db().query_row("SELECT type FROM users WHERE id = ?1", [id], |r| r.get(0))?;
    let expires = claims["exp"].as_i64().unwrap_or_default();
    Ok(JsonAnswer::ld(StatusCode::CREATED, s.users.complete_pending(&jti, expires, id, &email, &ty)?))
}

pub(super) async fn refresh(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    Ok(JsonAnswer::ok(s.users.refresh(field(&v, "refresh_token")?)?))
}

/// Logout: revokes the refresh token and ends its login session; an access token sent
/// as the bearer ends its own session too (a client holding only that one logs out).
pub(super) async fn revoke(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let access = bearer(&h).ok().map(str::to_owned);
    let refresh = v["refresh_token"].as_str().filter(|t| !t.trim().is_empty());
    if refresh.is_none() && access.is_none() {
        return Err(UpstreamError::MissingParameter("refresh_token".into()));
    }
    let n = match refresh {
        Some(token) => s.users.revoke(token)?,
        None => 0,
    };
    let ended = match access {
        Some(token) => s.users.end_session_of(&token)?,
        None => false,
    };
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"revoked": n, "sessionEnded": ended || n > 0})))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{column, refresh_token, users};
    use super::*;
    use std::sync::Arc;

    #[test]
    fn concurrent_refreshes_with_one_token_rotate_it_once_and_share_its_successor() {
        let u = Arc::new(users());
        let token = refresh_token(u.issue_now(1, "buyer@example.com", "buyer"));
        let start = Arc::new(std::sync::Barrier::new(8));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (u, token, start) = (u.clone(), token.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    refresh_token(u.refresh(&token))
                })
            })
            .collect();
        let got: std::collections::BTreeSet<String> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(got.len(), 1, "one new refresh token for all: {got:?}");
        assert!(!got.contains(&token));
        assert_eq!(column(&u, "SELECT token_hash FROM refresh_tokens WHERE revoked = 0").len(), 1, "one rotation");
    }

    #[test]
    fn a_rotated_token_answers_only_within_its_grace() {
        let u = users();
        let first = refresh_token(u.issue_now(1, "buyer@example.com", "buyer"));
        let second = refresh_token(u.refresh(&first));
        assert_ne!(first, second);
        assert_eq!(refresh_token(u.refresh(&first)), second, "presented again at once: the same successor");
        let third = refresh_token(u.refresh(&second));
        assert_eq!(refresh_token(u.refresh(&first)), third, "rotations within the grace are followed");
        let kept = column(&u, "SELECT coalesce(successor, '') FROM refresh_tokens");
        assert!(!kept.iter().any(|s| s.contains(&second) || s.contains(&third)), "the database gives no live token");
        u.db().execute("UPDATE refresh_tokens SET rotated = rotated - ?1", [REFRESH_REUSE_GRACE_SECS]).unwrap();
        assert!(u.refresh("made-up").is_err());
        let other = refresh_token(u.issue_now(1, "buyer@example.com", "buyer"));
        assert!(u.refresh(&first).is_err(), "past the grace: spent");
        assert!(u.refresh(&third).is_err(), "and its replay ended the session: the live token is refused too");
        assert_ne!(refresh_token(u.refresh(&other)), other, "another login of the same user goes on");
    }

    #[test]
    fn a_token_replayed_after_its_grace_ends_the_session_of_the_thief_too() {
        let u = users();
        let login = u.issue_now(1, "buyer@example.com", "buyer").unwrap();
        let stolen = refresh_token(Ok(login));
        // The thief refreshes first and keeps the successor going.
        let thief = u.refresh(&stolen).unwrap();
        let thief_access = thief["token"].as_str().unwrap().to_owned();
        let thief_refresh = refresh_token(u.refresh(&refresh_token(Ok(thief))));
        assert!(u.verify(&thief_access).is_ok());
        // The owner presents the old token after the grace: the reuse is noticed.
        u.db().execute("UPDATE refresh_tokens SET rotated = rotated - ?1", [REFRESH_REUSE_GRACE_SECS]).unwrap();
        let refused = u.refresh(&stolen).unwrap_err();
        assert!(refused.to_string().contains("session is ended"), "{refused}");
        assert!(u.refresh(&thief_refresh).is_err(), "the thief's refresh token is dead");
        assert!(u.verify(&thief_access).is_err(), "and so is the thief's access token");
        assert_eq!(column(&u, "SELECT token_hash FROM refresh_tokens WHERE revoked = 0").len(), 0);
    }

    #[test]
    fn revoking_a_token_in_its_grace_revokes_what_it_was_rotated_into() {
        let u = users();
        let first = refresh_token(u.issue_now(1, "buyer@example.com", "buyer"));
        let second = refresh_token(u.refresh(&first));
        assert_eq!(u.revoke(&first).unwrap(), 1, "its successor was live");
        assert!(u.refresh(&second).is_err(), "the successor is revoked");
        assert!(u.refresh(&first).is_err(), "and no grace is left");
        let live = refresh_token(u.issue_now(1, "buyer@example.com", "buyer"));
        assert_eq!(u.revoke(&live).unwrap(), 1);
        assert!(u.refresh(&live).is_err(), "a revoked token has no grace");
        assert_eq!(u.revoke(&live).unwrap(), 0);
    }

    #[test]
    fn a_pending_token_completes_one_login() {
        let u = users();
        let pending = u.sign(4, "twofa@example.com", "buyer", true, 60);
        let claims = u.verify_pending(&pending).unwrap();
        let jti = claims["jti"].as_str().unwrap();
        assert_ne!(u.verify_pending(&u.sign(4, "twofa@example.com", "buyer", true, 60)).unwrap()["jti"], jti);
        let exp = claims["exp"].as_i64().unwrap();
        assert!(u.complete_pending(jti, exp, 4, "twofa@example.com", "buyer").is_ok());
        assert!(u.complete_pending(jti, exp, 4, "twofa@example.com", "buyer").is_err(), "used");
    }

    #[test]
    fn a_pending_token_is_a_session_nowhere() {
        let u = users();
        let pending = u.sign(4, "twofa@example.com", "buyer", true, 60);
        assert!(u.verify(&pending).is_err());
        assert_eq!(u.verify_pending(&pending).unwrap()["sub"], 4);
        let full = u.sign(4, "twofa@example.com", "buyer", false, 60);
        assert!(u.verify(&full).is_ok());
        assert!(u.verify_pending(&full).is_err());
        // Another start's random secret does not accept this one's tokens.
        assert!(users().verify(&full).is_err());
    }
}
