//! Confirming an account's address (issue 42, item 3). A new account is unconfirmed: its
//! address gets a letter with a link, and nothing else (no alert, no recovery letter)
//! until the link is opened. An account left unconfirmed for
//! [`UNCONFIRMED_TTL_SECS`] is deleted, and its address is free again. The platform's own
//! users API may confirm differently: the portal shows the state only when an answer
//! says so (`confirmation`, `emailConfirmed`).

use super::throttle::{Key, Scope, Subject};
use super::{
    add_code, body_json, field, now_secs, secret_digest, send, signed_in, Answer, CodeTable, CONFIRMATION_LETTERS,
};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use rusqlite::{params, OptionalExtension, Transaction};
use serde_json::json;

/// How long an account may stay unconfirmed, in seconds (two days); a confirmation
/// code lives as long.
pub const UNCONFIRMED_TTL_SECS: i64 = 2 * 86_400;
/// Codes kept per account, the newest: as many as the letters it may get before a wait.
const MAX_CODES: u32 = CONFIRMATION_LETTERS.free;
/// The letter's subject: fixed, never anything a user typed.
pub const SUBJECT: &str = "Підтвердіть адресу електронної пошти";

/// The letter: the link to the portal that confirms, when the portal's origin is known,
/// and the code itself last. The code is base64url: it goes into the query as it is.
fn letter(portal_origin: Option<&str>, code: &str) -> String {
    let lead = "Цю адресу вказано під час реєстрації на порталі публічних закупівель. \
                Доки її не підтверджено, інших листів на неї не надсилаємо.";
    let end = "Якщо ви не реєструвалися, нічого не робіть: обліковий запис буде видалено за дві доби.";
    match portal_origin {
        Some(origin) => {
            format!("{lead}\n\nЩоб підтвердити адресу, відкрийте {origin}/registration/confirm?code={code}\n\n{end}\n\nКод підтвердження: {code}")
        }
        None => format!("{lead}\n\n{end}\n\nКод підтвердження: {code}"),
    }
}

/// Mails a new confirmation code to an unconfirmed account (the newest [`MAX_CODES`]
/// stay good).
pub(super) fn mail_code(
    tx: &Transaction<'_>,
    portal_origin: Option<&str>,
    user_id: i64,
    email: &str,
    now: i64,
) -> Result<(), UpstreamError> {
    let code = add_code(tx, CodeTable::Confirmations, user_id, now, UNCONFIRMED_TTL_SECS, MAX_CODES)?;
    send(tx, email, SUBJECT, &letter(portal_origin, &code))
}

/// Deletes the accounts left unconfirmed past [`UNCONFIRMED_TTL_SECS`], with everything
/// they hold; answers how many.
pub(super) fn forget_unconfirmed(tx: &Transaction<'_>, now: i64) -> Result<usize, UpstreamError> {
    let ids: Vec<i64> = {
        let mut st = tx.prepare_cached("SELECT id FROM users WHERE confirmed = 0 AND created <= ?1 LIMIT 1000")?;
        let rows = st.query_map([now - UNCONFIRMED_TTL_SECS], |r| r.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    for id in &ids {
        for sql in [
            "DELETE FROM saved_search_sent WHERE search_id IN (SELECT id FROM saved_searches WHERE user_id = ?1)",
            "DELETE FROM saved_searches WHERE user_id = ?1",
            "DELETE FROM cart_items WHERE user_id = ?1",
            "DELETE FROM carts WHERE user_id = ?1",
            "DELETE FROM refresh_tokens WHERE user_id = ?1",
            "DELETE FROM old_sessions WHERE user_id = ?1",
            "DELETE FROM recovery WHERE user_id = ?1",
            "DELETE FROM confirmations WHERE user_id = ?1",
            "DELETE FROM users WHERE id = ?1",
        ] {
            tx.execute(sql, [id])?;
        }
    }
    if !ids.is_empty() {
        tracing::info!(accounts = ids.len(), "unconfirmed accounts expired and deleted");
    }
    Ok(ids.len())
}

/// Whether a user's address is confirmed (`false` for a user not there).
pub(super) fn is_confirmed(tx: &rusqlite::Connection, user_id: i64) -> Result<bool, UpstreamError> {
    let confirmed: Option<i64> =
        tx.query_row("SELECT confirmed FROM users WHERE id = ?1", [user_id], |r| r.get(0)).optional()?;
    Ok(confirmed == Some(1))
}

/// `POST /api/users/confirm-email` `{"code": …}`: confirms the address the code was
/// mailed to. A code spent, expired or made up is a 400 naming `code`.
pub(super) async fn confirm(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let code = field(&v, "code")?;
    let digest = secret_digest(code.trim());
    let email = s.users.write(|tx| {
        let now = now_secs();
        let user: i64 = tx
            .query_row(
                "DELETE FROM confirmations WHERE code_hash = ?1 AND expires > ?2 RETURNING user_id",
                params![digest, now],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| UpstreamError::invalid("code", "unknown, used or expired confirmation code"))?;
        tx.execute("DELETE FROM confirmations WHERE user_id = ?1", [user])?;
        let email: String =
            tx.query_row("UPDATE users SET confirmed = 1 WHERE id = ?1 RETURNING email", [user], |r| r.get(0))?;
        Ok(email)
    })?;
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true, "email": email, "emailConfirmed": true})))
}

/// `POST /api/users/confirm-email/resend` with the user's token: a new letter, as many as
/// recovery letters an hour; for a confirmed address, nothing (and says so).
pub(super) async fn resend(State(s): State<AppState>, h: HeaderMap) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    let email: String = s.users.db().query_row("SELECT email FROM users WHERE id = ?1", [user], |r| r.get(0))?;
    if is_confirmed(&s.users.db(), user)? {
        return Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true, "emailConfirmed": true, "sent": false})));
    }
    s.users.admit(&[(Key(Scope::Confirmation, Subject::Account(&email)), CONFIRMATION_LETTERS)])?;
    s.users.write(|tx| mail_code(tx, s.config.portal_origin.as_deref(), user, &email, now_secs()))?;
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true, "emailConfirmed": false, "sent": true})))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{column, users};
    use super::*;

    #[test]
    fn an_account_left_unconfirmed_is_deleted_with_what_it_holds_and_a_confirmed_one_stays() {
        let u = users();
        let now = now_secs();
        u.write(|tx| {
            tx.execute(
                "INSERT INTO users (id, email, password, type, confirmed, created) VALUES
                   (100, 'late@example.com', 'x', 'buyer', 0, ?1), (101, 'fresh@example.com', 'x', 'buyer', 0, ?2)",
                params![now - UNCONFIRMED_TTL_SECS - 1, now],
            )?;
            tx.execute("INSERT INTO refresh_tokens (token_hash, user_id, expires) VALUES ('t', 100, ?1)", [now + 60])?;
            mail_code(tx, None, 100, "late@example.com", now)
        })
        .unwrap();
        assert!(u.account("late@example.com").unwrap().is_none(), "expired: no account, before any sweep");
        assert!(u.account("fresh@example.com").unwrap().is_some());
        assert_eq!(u.write(|tx| forget_unconfirmed(tx, now)).unwrap(), 1);
        assert!(column(&u, "SELECT email FROM users WHERE id >= 100") == ["fresh@example.com"]);
        assert!(column(&u, "SELECT token_hash FROM refresh_tokens WHERE user_id = 100").is_empty());
        assert!(column(&u, "SELECT code_hash FROM confirmations WHERE user_id = 100").is_empty());
        assert!(u.account("buyer@example.com").unwrap().is_some(), "seed accounts are confirmed");
    }

    #[test]
    fn the_letter_names_the_link_and_nothing_a_user_typed() {
        let text = letter(Some("https://portal.example"), "abc_-1");
        assert!(text.contains("https://portal.example/registration/confirm?code=abc_-1"), "{text}");
        assert!(text.ends_with("Код підтвердження: abc_-1"));
        assert!(!SUBJECT.contains('{'));
    }
}
