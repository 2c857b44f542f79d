//! Password recovery: a recovery code e-mailed on request (counted per recipient and
//! requester), stored hashed, and spent once to set a new password, which ends every
//! session of the user.

use super::throttle::{Key, Scope, Subject};
use super::{
    add_code, body_json, email_field, field, hash_password, new_password_field, now_secs, requester, secret_digest,
    send, Answer, CodeTable, RECOVERY_ASKS, RECOVERY_LETTERS,
};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::peer::ClientAddr;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{params, OptionalExtension, Transaction};
use serde_json::json;

/// Lifetime of a recovery code, in seconds.
const RECOVERY_TTL_SECS: i64 = 3600;
/// Recovery codes kept per user, the newest: as many as letters one address may get
/// before it must wait. An earlier code stays good while a later one is asked for.
const MAX_RECOVERY_CODES: u32 = RECOVERY_LETTERS.free;

/// The recovery letter: a link to the portal's form with the code filled in, when the
/// portal's origin is known, and the code itself last (to type it in by hand). The code
/// is base64url: it goes into the query as it is.
fn recovery_letter(portal_origin: Option<&str>, code: &str) -> String {
    match portal_origin {
        Some(origin) => format!(
            "Щоб задати новий пароль, відкрийте {origin}/login/new-password?code={code}\n\
             Або введіть код на сторінці відновлення пароля. Код відновлення: {code}"
        ),
        None => format!("Код відновлення: {code}"),
    }
}

/// A new recovery code for the user, good for [`RECOVERY_TTL_SECS`]. Earlier codes stay
/// good (a stranger's ask must not spoil the one the owner is about to use), the newest
/// [`MAX_RECOVERY_CODES`] of them.
fn add_recovery_code(tx: &Transaction<'_>, user_id: i64, now: i64) -> Result<String, UpstreamError> {
    add_code(tx, CodeTable::Recovery, user_id, now, RECOVERY_TTL_SECS, MAX_RECOVERY_CODES)
}

pub(super) async fn forgot(State(s): State<AppState>, ClientAddr(addr): ClientAddr, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let email = email_field(&v)?;
    // Letters per recipient, registered or not (the answers, 429s included, must not tell
    // which), and asks per requester; counted before the address is looked up.
    let recipient = (Key(Scope::Recovery, Subject::Account(&email)), RECOVERY_LETTERS);
    match requester(&s, addr) {
        Some(ip) => s.users.admit(&[recipient, (Key(Scope::Recovery, Subject::Addr(Some(ip))), RECOVERY_ASKS)])?,
        None => s.users.admit(&[recipient])?,
    }
    // An unconfirmed address gets no letter but its confirmation (issue 42, item 3).
    let account = s.users.account(&email)?;
    let account = match account {
        Some(a) if super::confirmation::is_confirmed(&s.users.db(), a.id)? => Some(a),
        _ => None,
    };
    if let Some(account) = account {
        s.users.write(|tx| {
            let code = add_recovery_code(tx, account.id, now_secs())?;
            send(tx, &email, "Відновлення пароля", &recovery_letter(s.config.portal_origin.as_deref(), &code))
        })?;
    }
    // Same answer for unknown addresses: no account enumeration.
    Ok(JsonAnswer::ld(
        StatusCode::OK,
        json!({"ok": true, "message": "if the address is registered, a recovery e-mail was sent"}),
    ))
}

pub(super) async fn new_password(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let code = field(&v, "recoveryCode")?;
    let pw = new_password_field(&v)?;
    let digest = secret_digest(code);
    let bad_code = || UpstreamError::invalid("recoveryCode", "unknown, used or expired recovery code");
    // A cheap look first, so that a made-up code costs no hash.
    let known: Option<i64> = s
        .users
        .db()
        .query_row("SELECT 1 FROM recovery WHERE code_hash = ?1 AND expires > ?2", params![digest, now_secs()], |r| {
            r.get(0)
        })
        .optional()?;
    known.ok_or_else(bad_code)?;
    let hash = s.users.hashing(move || hash_password(&pw)).await??;
    s.users.write(|tx| {
        // Spending the code is the one `DELETE` that decides: of two requests with the
        // same code, only the one that removed the row goes on.
        let uid: i64 = tx
            .query_row(
                "DELETE FROM recovery WHERE code_hash = ?1 AND expires > ?2 RETURNING user_id",
                params![digest, now_secs()],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(bad_code)?;
        tx.execute("UPDATE users SET password = ?1 WHERE id = ?2", params![hash, uid])?;
        tx.execute("DELETE FROM recovery WHERE user_id = ?1", [uid])?;
        // Whoever knew the old password may hold a session: every one ends.
        s.users.end_sessions_of_user(tx, uid)
    })?;
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true})))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{column, users};
    use super::*;

    #[test]
    fn recovery_codes_kept_per_user_are_the_newest_few() {
        let u = users();
        let now = now_secs();
        let codes: Vec<String> = (0..5).map(|_| u.write(|tx| add_recovery_code(tx, 2, now)).unwrap()).collect();
        u.write(|tx| add_recovery_code(tx, 1, now)).unwrap();
        let kept = column(&u, "SELECT code_hash FROM recovery WHERE user_id = 2 ORDER BY rowid");
        let newest: Vec<String> = codes[5 - MAX_RECOVERY_CODES as usize..].iter().map(|c| secret_digest(c)).collect();
        assert_eq!(kept, newest);
        assert_eq!(column(&u, "SELECT code_hash FROM recovery WHERE user_id = 1").len(), 1, "another user's are apart");
        // An expired code goes when the next one is made.
        u.db().execute("UPDATE recovery SET expires = ?1 WHERE user_id = 2", [now]).unwrap();
        u.write(|tx| add_recovery_code(tx, 2, now)).unwrap();
        assert_eq!(column(&u, "SELECT code_hash FROM recovery WHERE user_id = 2").len(), 1);
    }
}
