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
use serde_json::{json, Value};

/// How long an account may stay unconfirmed, in seconds (two days); a confirmation
/// code lives as long.
pub const UNCONFIRMED_TTL_SECS: i64 = 2 * 86_400;
/// Codes kept per account, the newest: as many as the letters it may get before a wait.
const MAX_CODES: u32 = CONFIRMATION_LETTERS.free;
/// The letter's subject in Ukrainian: fixed, never anything a user typed.
pub const SUBJECT: &str = "Підтвердіть адресу електронної пошти";
/// The letter's subject in English.
pub const SUBJECT_EN: &str = "Confirm your e-mail address";

/// The language of an account's letters: the interface language it registered in
/// (issue 46, item 19), Ukrainian unless it was English. Kept in the profile as
/// `language`, so that the letter asked for again is in it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Uk,
    En,
}

impl Language {
    /// The first of a request body's `languages` (an array, or one string), as the
    /// portal sends the page's language.
    pub fn of_request(v: &Value) -> Self {
        let first = match &v["languages"] {
            Value::Array(a) => a.first().and_then(Value::as_str),
            Value::String(s) => Some(s.as_str()),
            _ => None,
        };
        Self::of_code(first.unwrap_or_default())
    }

    /// `en` (any case, surrounding spaces ignored) is English; anything else Ukrainian.
    pub fn of_code(code: &str) -> Self {
        if code.trim().eq_ignore_ascii_case("en") {
            Self::En
        } else {
            Self::Uk
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Uk => "uk",
            Self::En => "en",
        }
    }

    /// The portal's path prefix of the language: its pages answer in it.
    fn prefix(self) -> &'static str {
        match self {
            Self::Uk => "",
            Self::En => "/en",
        }
    }
}

/// The letter, subject and body. It holds what the portal's dialog after registration
/// promises: the link that confirms (to the portal, when its origin is known), the login
/// (the address itself) and how to log in, each in the registrant's language. Never the
/// password: it is stored only as a hash, and a letter is no place for one. The code
/// stands last, alone: it is base64url and goes into the query as it is.
fn letter(portal_origin: Option<&str>, email: &str, code: &str, language: Language) -> (&'static str, String) {
    let pages = portal_origin.map(|origin| format!("{}{}", origin.trim_end_matches('/'), language.prefix()));
    match language {
        Language::Uk => {
            let lead = "Цю адресу вказано під час реєстрації на порталі публічних закупівель. \
                        Доки її не підтверджено, інших листів на неї не надсилаємо.";
            let confirm = match &pages {
                Some(p) => format!("\n\nЩоб підтвердити адресу, відкрийте {p}/registration/confirm?code={code}"),
                None => String::new(),
            };
            let login = match &pages {
                Some(p) => format!("Щоб увійти, відкрийте {p}/login"),
                None => "Увійти можна на сторінці входу порталу.".to_owned(),
            };
            let body = format!(
                "{lead}{confirm}\n\nВаш логін — ця адреса: {email}. Пароль — той, що ви вказали під час реєстрації: \
                 поштою ми його не надсилаємо. {login}\n\nЯкщо ви не реєструвалися, нічого не робіть: обліковий запис \
                 буде видалено за дві доби.\n\nКод підтвердження: {code}"
            );
            (SUBJECT, body)
        }
        Language::En => {
            let lead = "This address was given when registering on the public procurement portal. \
                        Until it is confirmed, no other letters are sent to it.";
            let confirm = match &pages {
                Some(p) => format!("\n\nTo confirm the address, open {p}/registration/confirm?code={code}"),
                None => String::new(),
            };
            let login = match &pages {
                Some(p) => format!("To log in, open {p}/login"),
                None => "Log in on the portal's login page.".to_owned(),
            };
            let body = format!(
                "{lead}{confirm}\n\nYour login is this address: {email}. Your password is the one you chose when \
                 registering: it is never sent by e-mail. {login}\n\nIf you did not register, do nothing: the account \
                 will be deleted in two days.\n\nConfirmation code: {code}"
            );
            (SUBJECT_EN, body)
        }
    }
}

/// Mails a new confirmation code to an unconfirmed account (the newest [`MAX_CODES`]
/// stay good), in its language.
pub(super) fn mail_code(
    tx: &Transaction<'_>,
    portal_origin: Option<&str>,
    user_id: i64,
    email: &str,
    language: Language,
    now: i64,
) -> Result<(), UpstreamError> {
    let code = add_code(tx, CodeTable::Confirmations, user_id, now, UNCONFIRMED_TTL_SECS, MAX_CODES)?;
    let (subject, body) = letter(portal_origin, email, &code, language);
    send(tx, email, subject, &body)
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
    let (email, profile): (String, Option<String>) =
        s.users
            .db()
            .query_row("SELECT email, profile FROM users WHERE id = ?1", [user], |r| Ok((r.get(0)?, r.get(1)?)))?;
    if is_confirmed(&s.users.db(), user)? {
        return Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true, "emailConfirmed": true, "sent": false})));
    }
    s.users.admit(&[(Key(Scope::Confirmation, Subject::Account(&email)), CONFIRMATION_LETTERS)])?;
    // The language the account registered in (none kept: Ukrainian).
    let profile: Value = profile.and_then(|p| serde_json::from_str(&p).ok()).unwrap_or_default();
    let language = Language::of_code(profile["language"].as_str().unwrap_or_default());
    s.users.write(|tx| mail_code(tx, s.config.portal_origin.as_deref(), user, &email, language, now_secs()))?;
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
            mail_code(tx, None, 100, "late@example.com", Language::Uk, now)
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
        let (subject, text) = letter(Some("https://portal.example"), "new@example.com", "abc_-1", Language::Uk);
        assert!(text.contains("https://portal.example/registration/confirm?code=abc_-1"), "{text}");
        assert!(text.ends_with("Код підтвердження: abc_-1"));
        assert_eq!(subject, SUBJECT);
        assert!(!SUBJECT.contains('{') && !SUBJECT_EN.contains('{'));
    }

    /// Issue 46, item 19: the letter is in the registrant's language and holds what the
    /// dialog says it does: the login and the way to log in, never a password.
    #[test]
    fn the_letter_is_in_the_registrant_s_language_with_the_login_and_the_login_page() {
        let origin = Some("https://portal.example/");
        let (subject, en) = letter(origin, "new@example.com", "abc_-1", Language::En);
        assert_eq!(subject, "Confirm your e-mail address");
        assert!(en.contains("Your login is this address: new@example.com."), "{en}");
        assert!(en.contains("To log in, open https://portal.example/en/login\n"), "{en}");
        assert!(en.contains("https://portal.example/en/registration/confirm?code=abc_-1"), "{en}");
        assert!(en.ends_with("Confirmation code: abc_-1"), "{en}");
        assert!(!en.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)), "no Cyrillic letter: {en}");
        let (subject, uk) = letter(origin, "new@example.com", "abc_-1", Language::Uk);
        assert_eq!(subject, SUBJECT);
        assert!(uk.contains("Ваш логін — ця адреса: new@example.com."), "{uk}");
        assert!(uk.contains("Щоб увійти, відкрийте https://portal.example/login\n"), "{uk}");
        assert!(!uk.contains("/en/"), "{uk}");
        // Without the portal's origin there is no link, and still the way in.
        let (_, bare) = letter(None, "new@example.com", "abc_-1", Language::En);
        assert!(!bare.contains("http") && bare.contains("Log in on the portal's login page."), "{bare}");
    }

    #[test]
    fn the_language_is_the_first_the_request_names_and_ukrainian_by_default() {
        assert_eq!(Language::of_request(&json!({"languages": ["en"]})), Language::En);
        assert_eq!(Language::of_request(&json!({"languages": "EN"})), Language::En);
        assert_eq!(Language::of_request(&json!({"languages": ["uk", "en"]})), Language::Uk);
        assert_eq!(Language::of_request(&json!({"languages": [1]})), Language::Uk);
        assert_eq!(Language::of_request(&json!({})), Language::Uk);
        assert_eq!(Language::of_code("de"), Language::Uk);
    }
}
