//! Follows: a person who wants to know what changes in a tender, a plan, a contract or a
//! buyer's procurement, kept in the users database with the history log's events
//! ([`crate::history`]) as what is mailed.
//!
//! - **A follower** is a logged-in user (mailed at the account's address, confirmed) or an
//!   e-mail address given without a login. Each follow of an address without a login
//!   waits for its confirmation link (double opt-in) and is never mailed before it.
//! - **A follow** keeps a cursor into the history log (the log's epoch and an event's
//!   `seq`): the events after it are news. Following starts at the log's end, so what
//!   happened before is never news.
//! - **The mail job** (the portal's, with the alert job's key) asks for the followers due
//!   (`GET /api/follows/due`): each with the events of its follows after their cursors,
//!   the daily ones at most once a day. It writes one e-mail per follower and hands it to
//!   `POST /api/follows/deliver`, which in one transaction refuses (409) when a cursor is
//!   no longer the one it read, else writes the e-mail (with its `List-Unsubscribe`
//!   headers) to the outbox and moves the cursors. So a restart, a retry or two portals
//!   mail each event to each follow once; and since `due` leaves out of a follower's
//!   round the events another of its follows holds too (or mailed already), and
//!   `deliver` refuses a round read before any of the follower's follows changed, each
//!   event reaches each follower once, however its follows overlap (a tender and its
//!   buyer).
//! - **Tokens**: each follow and each follower has an unsubscribe token (256 random bits),
//!   a link with it stops that follow or every follow of the follower (those waiting
//!   for their confirmation too: the confirmation letter carries it), without a login;
//!   confirmation codes are kept as their digests. No answer ever shows an address.
//! - **Only the owner changes a follow without a login**: asking again for an address's
//!   follow mails a new code and leaves every earlier one working; a confirmed follow
//!   keeps its frequency until the letter's link asks for another.
//! - **Bounds**: [`MAX_PER_FOLLOWER`] follows per follower, [`MAX_PENDING`] unconfirmed
//!   per address, confirmation letters per address and asks per client address
//!   (`FOLLOW_LETTERS`, `FOLLOW_ASKS`). A bound reached is said: `400` naming `limit`
//!   with the bound's `reason` (`follows`, `pending`, `letters`: [`BOUND_FOLLOWS`],
//!   [`BOUND_PENDING`], [`BOUND_LETTERS`]) for the address, `429` for the client.

use super::throttle::{Key, Scope, Subject, FOLLOW_ASKS, FOLLOW_LETTERS};
use super::{body_json, email_field, random_token, requester, secret_digest, signed_in, Users};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::history::log::{self, Target};
use crate::peer::ClientAddr;
use crate::records::Kind;
use crate::{dates, AppState};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::routing::{delete, get, post};
use axum::Router;
use rusqlite::{params, OptionalExtension, Row, Transaction};
use serde::Deserialize;
use serde_json::{json, Value};

/// Follows one follower keeps (confirmed or waiting).
pub const MAX_PER_FOLLOWER: i64 = 100;
/// Follows of one address waiting for their confirmation.
pub const MAX_PENDING: i64 = 10;
/// How long a confirmation link works, and an unconfirmed follow is kept (ms).
pub const PENDING_MS: i64 = 7 * 86_400_000;
/// A daily follow is mailed again this long after its last mail (a little under a day).
pub const DAILY_MS: i64 = 86_400_000 - 15 * 60_000;
/// Events of one follow listed in one e-mail. More wait for the next of an immediate
/// follow (mailed again within a round or two); a daily follow's e-mail counts them
/// instead and moves past them, so that a busy follow never falls a day behind.
pub const MAX_EVENTS: usize = 50;
/// Follows in one e-mail; more wait for the next.
pub const MAX_ITEMS: usize = 50;
/// The largest delivery body (an e-mail of [`MAX_ITEMS`] × [`MAX_EVENTS`] lines).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// The reason of a `limit` refusal: the follower follows [`MAX_PER_FOLLOWER`] already.
pub const BOUND_FOLLOWS: &str = "follows";
/// … [`MAX_PENDING`] follows of the address wait for their confirmation.
pub const BOUND_PENDING: &str = "pending";
/// … the address was sent as many confirmation letters as an hour allows.
pub const BOUND_LETTERS: &str = "letters";
/// What may be followed.
pub const REGISTERS: [&str; 4] = ["tenders", "plans", "contracts", "buyers"];
/// How often a follow is mailed.
pub const FREQUENCIES: [&str; 2] = ["immediate", "daily"];

/// The follow tables (schema version 7; `since` from version 8; from version 9 the
/// confirmation codes mailed, each with the frequency it confirms, `follow_codes`: a
/// follow's column `confirm_hash` is the one code of a follow of earlier versions).
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS followers (id INTEGER PRIMARY KEY, user_id INTEGER UNIQUE, email TEXT UNIQUE,
      language TEXT NOT NULL, token TEXT NOT NULL UNIQUE, created INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS follows (id INTEGER PRIMARY KEY, follower_id INTEGER NOT NULL,
      register TEXT NOT NULL, target TEXT NOT NULL, key TEXT NOT NULL, title TEXT NOT NULL,
      frequency TEXT NOT NULL CHECK (frequency IN ('immediate', 'daily')),
      token TEXT NOT NULL UNIQUE, confirm_hash TEXT, confirmed INTEGER NOT NULL, created INTEGER NOT NULL,
      epoch TEXT NOT NULL, cursor INTEGER NOT NULL, checked INTEGER NOT NULL DEFAULT 0, last_sent INTEGER,
      seen INTEGER NOT NULL DEFAULT 0, seen_at INTEGER, ended INTEGER, since INTEGER NOT NULL DEFAULT 0,
      UNIQUE (follower_id, register, target));
    CREATE INDEX IF NOT EXISTS follows_confirm ON follows (confirm_hash);
    CREATE TABLE IF NOT EXISTS follow_codes (code_hash TEXT PRIMARY KEY, follow_id INTEGER NOT NULL,
      frequency TEXT NOT NULL CHECK (frequency IN ('immediate', 'daily')), created INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS follow_codes_follow ON follow_codes (follow_id);
    CREATE INDEX IF NOT EXISTS follows_due ON follows (follower_id) WHERE confirmed = 1 AND ended IS NULL;";

/// A follow as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Follow {
    pub id: i64,
    pub follower_id: i64,
    pub register: String,
    pub target: String,
    pub key: String,
    pub title: String,
    pub frequency: String,
    pub token: String,
    pub confirmed: bool,
    pub created: i64,
    pub epoch: String,
    pub cursor: i64,
    pub checked: i64,
    pub seen: i64,
    pub seen_at: Option<i64>,
    pub ended: Option<i64>,
    /// Where its cursor started (the log's end when it was made, in its epoch): the
    /// events in `since..=cursor` of its target were mailed by it.
    pub since: i64,
}

const COLUMNS: &str = "id, follower_id, register, target, key, title, frequency, token, confirmed, created, epoch, \
                       cursor, checked, seen, seen_at, ended, since";
/// The columns after [`COLUMNS`] in a query that adds some.
const AFTER_COLUMNS: usize = 17;

fn row(r: &Row<'_>) -> rusqlite::Result<Follow> {
    Ok(Follow {
        id: r.get(0)?,
        follower_id: r.get(1)?,
        register: r.get(2)?,
        target: r.get(3)?,
        key: r.get(4)?,
        title: r.get(5)?,
        frequency: r.get(6)?,
        token: r.get(7)?,
        confirmed: r.get::<_, i64>(8)? == 1,
        created: r.get(9)?,
        epoch: r.get(10)?,
        cursor: r.get(11)?,
        checked: r.get(12)?,
        seen: r.get(13)?,
        seen_at: r.get(14)?,
        ended: r.get(15)?,
        since: r.get(16)?,
    })
}

impl Follow {
    /// The log's target of this follow.
    pub fn target(&self) -> Target<'_> {
        match self.register.as_str() {
            "buyers" => Target::Buyer(&self.target),
            "plans" => Target::Record("plans", &self.target),
            "contracts" => Target::Record("contracts", &self.target),
            _ => Target::Record("tenders", &self.target),
        }
    }

    /// Its cursor in the log of `epoch`: from the start of a log that is not the one it
    /// was made in (the store was rebuilt).
    pub fn cursor_in(&self, epoch: &str) -> i64 {
        if self.epoch == epoch {
            self.cursor
        } else {
            0
        }
    }

    /// Where its cursor started, in the log of `epoch` (as [`Follow::cursor_in`]).
    pub fn since_in(&self, epoch: &str) -> i64 {
        if self.epoch == epoch {
            self.since
        } else {
            0
        }
    }

    /// True when this follow mailed `event` already (its cursor moved past it, after the
    /// follow began): another follow of the same follower that holds it too (a tender
    /// and its buyer) must not mail it again.
    fn mailed(&self, epoch: &str, event: &Value, buyer: &str) -> bool {
        let seq = event["seq"].as_i64().unwrap_or_default();
        self.since_in(epoch) < seq && seq <= self.cursor_in(epoch) && self.target().covers(event, buyer)
    }

    /// What its owner sees (no token, no cursor).
    fn owner_json(&self) -> Value {
        json!({"id": self.id, "register": self.register, "target": self.target, "key": self.key,
               "title": self.title, "frequency": self.frequency, "confirmed": self.confirmed,
               "created": dates::format_kyiv(self.created)})
    }
}

/// What a follow is of: checked against the data, with its public key and title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    pub register: String,
    pub target: String,
    pub key: String,
    pub title: String,
}

/// The record or buyer `target` of `register` names, or 404.
pub fn subject_of(s: &AppState, register: &str, target: &str) -> Result<Followed, UpstreamError> {
    let kind = match register {
        "tenders" => Some(Kind::Tender),
        "plans" => Some(Kind::Plan),
        "contracts" => Some(Kind::Contract),
        "buyers" => None,
        _ => return Err(UpstreamError::invalid("register", format!("one of {}", REGISTERS.join(", ")))),
    };
    let data = s.data.read();
    match kind {
        Some(kind) => {
            let c = data.collection(kind);
            let d = c
                .index
                .lookup(target.trim())
                .ok_or_else(|| UpstreamError::NotFound { kind: kind.name(), id: target.to_string() })?;
            let r = log::RecordRef::of(kind, &data.document(c, d));
            Ok(Followed { register: register.into(), target: r.id, key: r.key, title: r.title })
        }
        None => {
            let code = crate::history::api::buyer_code(target.trim())?;
            let name = [&data.tender_orgs, &data.plan_orgs, &data.contract_orgs]
                .iter()
                .find_map(|o| o.0.get(code).cloned())
                .ok_or_else(|| UpstreamError::NotFound { kind: "buyer", id: code.to_string() })?;
            Ok(Followed { register: register.into(), target: code.into(), key: code.into(), title: name })
        }
    }
}

fn one_of(v: &Value, name: &str, allowed: &[&str], default: &str) -> Result<String, UpstreamError> {
    match &v[name] {
        Value::Null => Ok(default.to_string()),
        Value::String(s) if allowed.contains(&s.as_str()) => Ok(s.clone()),
        other => Err(UpstreamError::invalid(name, format!("one of {}, got {other}", allowed.join(", ")))),
    }
}

fn text<'a>(v: &'a Value, name: &str) -> Result<&'a str, UpstreamError> {
    v[name]
        .as_str()
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 64)
        .ok_or_else(|| UpstreamError::MissingParameter(name.to_string()))
}

/// A plausible address: one `@`, something either side, a dot in the domain, no spaces
/// or controls (the confirmation letter proves the rest).
fn plausible_email(email: &str) -> bool {
    let Some((local, domain)) = email.rsplit_once('@') else { return false };
    !local.is_empty()
        && !local.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';' | '"'))
}

fn unknown_follow() -> UpstreamError {
    UpstreamError::NotFound { kind: "follow", id: "requested".into() }
}

/// Who follows: a user, or an address without a login.
#[derive(Debug, Clone, Copy)]
enum Who<'a> {
    User(i64),
    Email(&'a str),
}

/// The follower of a user or an address, made on first use (its language the latest).
fn follower_of(tx: &Transaction<'_>, who: Who<'_>, language: &str, now: i64) -> Result<i64, UpstreamError> {
    // The column is the code's own, never input.
    let (column, value): (&str, rusqlite::types::Value) = match who {
        Who::User(id) => ("user_id", id.into()),
        Who::Email(email) => ("email", email.to_string().into()),
    };
    tx.execute(
        &format!(
            "INSERT INTO followers ({column}, language, token, created) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT ({column}) DO UPDATE SET language = excluded.language"
        ),
        params![value, language, random_token(), now],
    )?;
    Ok(tx.query_row(&format!("SELECT id FROM followers WHERE {column} = ?1"), [value], |r| r.get(0))?)
}

/// Where the log is now: its epoch and its last event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEnd {
    pub epoch: String,
    pub last: i64,
}

impl LogEnd {
    pub fn of(s: &AppState) -> Result<Self, UpstreamError> {
        s.history.read(|db| Ok(LogEnd { epoch: log::epoch(db)?, last: log::last_seq(db)? }))
    }
}

/// Makes (or starts again) a follow of `subject` for `follower`: confirmed, or waiting
/// for a code of [`follow_codes`](SCHEMA) (`waiting`). A follow already there takes the
/// new frequency (the logged-in owner's call only). Refused past [`MAX_PER_FOLLOWER`].
fn put_follow(
    tx: &Transaction<'_>,
    follower: i64,
    subject: &Followed,
    frequency: &str,
    waiting: bool,
    end: &LogEnd,
    now: i64,
) -> Result<Follow, UpstreamError> {
    let existing: Option<Follow> = tx
        .query_row(
            &format!("SELECT {COLUMNS} FROM follows WHERE follower_id = ?1 AND register = ?2 AND target = ?3"),
            params![follower, subject.register, subject.target],
            row,
        )
        .optional()?;
    match existing {
        Some(f) if f.ended.is_none() => {
            // Already followed: the frequency changes.
            tx.execute(
                "UPDATE follows SET frequency = ?2, title = ?3 WHERE id = ?1",
                params![f.id, frequency, subject.title],
            )?;
        }
        _ => {
            let n: i64 = tx.query_row(
                "SELECT count(*) FROM follows WHERE follower_id = ?1 AND ended IS NULL",
                [follower],
                |r| r.get(0),
            )?;
            if n >= MAX_PER_FOLLOWER {
                return Err(UpstreamError::Bound {
                    reason: BOUND_FOLLOWS,
                    message: format!("one follows at most {MAX_PER_FOLLOWER} tenders, plans, contracts and buyers"),
                });
            }
            tx.execute(
                "INSERT INTO follows (follower_id, register, target, key, title, frequency, token, confirm_hash,
                   confirmed, created, epoch, cursor, checked, seen, seen_at, since)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 0, ?12, ?10, ?12)
                 ON CONFLICT (follower_id, register, target) DO UPDATE SET
                   key = excluded.key, title = excluded.title, frequency = excluded.frequency, token = excluded.token,
                   confirm_hash = excluded.confirm_hash, confirmed = excluded.confirmed, created = excluded.created,
                   epoch = excluded.epoch, cursor = excluded.cursor, checked = 0, last_sent = NULL,
                   seen = excluded.seen, seen_at = excluded.seen_at, ended = NULL, since = excluded.since",
                params![
                    follower,
                    subject.register,
                    subject.target,
                    subject.key,
                    subject.title,
                    frequency,
                    random_token(),
                    None::<String>,
                    i64::from(!waiting),
                    now,
                    end.epoch,
                    end.last
                ],
            )?;
        }
    }
    Ok(tx.query_row(
        &format!("SELECT {COLUMNS} FROM follows WHERE follower_id = ?1 AND register = ?2 AND target = ?3"),
        params![follower, subject.register, subject.target],
        row,
    )?)
}

/// The address that stops every follow of a follower (its token), in its language: the
/// one-click unsubscribe of every mail it gets, the confirmation letter's too.
fn unsubscribe_link(origin: &str, language: &str, token: &str) -> String {
    let prefix = if language == "en" { "/en" } else { "" };
    format!("{origin}{prefix}/follow/unsubscribe?token={token}")
}

/// What a confirmation letter asks to confirm: a follow of `subject` mailed at
/// `frequency`, or (`change`) a follow confirmed already to be mailed at `frequency`.
struct Letter<'a> {
    language: &'a str,
    subject: &'a Followed,
    frequency: &'a str,
    change: bool,
}

/// The confirmation letter of a follow without a login, in its language; `stop`: the
/// address that refuses it (and every other follow of the address), when the portal's
/// origin is known.
fn confirmation_letter(origin: Option<&str>, letter: &Letter<'_>, code: &str, stop: Option<&str>) -> (String, String) {
    let Letter { language, subject, frequency, change } = *letter;
    let daily = frequency == "daily";
    let prefix = if language == "en" { "/en" } else { "" };
    let link = origin.map(|o| format!("{o}{prefix}/follow/confirm?token={code}"));
    let what = if subject.key.is_empty() || subject.key == subject.title {
        format!("«{}»", subject.title)
    } else {
        format!("«{}» ({})", subject.title, subject.key)
    };
    if language == "en" {
        let action = link.map_or(format!("Your confirmation code: {code}"), |l| format!("Confirm: {l}"));
        let stop = stop.map_or(String::new(), |l| {
            format!("\nTo refuse it now, and every e-mail about changes to this address: {l}\n")
        });
        let when = if daily { "once a day" } else { "as soon as it changes" };
        let (asked, until) = if change {
            (format!("the e-mails about changes of {what} to come {when} from now on"), "nothing changes")
        } else {
            (format!("us to e-mail this address when {what} changes ({when})"), "nothing is sent")
        };
        (
            "Confirm that you want e-mails about changes".into(),
            format!(
                "Someone, probably you, asked for {asked}.\n\n{action}\n\n\
                 Until you confirm, {until}. If you did not ask, ignore this letter: the request is \
                 forgotten in 7 days.\n{stop}"
            ),
        )
    } else {
        let action =
            link.map_or(format!("Ваш код підтвердження: {code}"), |l| format!("Підтвердити: {l}"));
        let stop = stop.map_or(String::new(), |l| {
            format!("\nЩоб відмовитися від цього запиту й від усіх листів про зміни на цю адресу: {l}\n")
        });
        let when = if daily { "раз на день" } else { "одразу після змін" };
        let (asked, until) = if change {
            (format!("надалі надсилати листи про зміни {what} {when}"), "усе лишиться як було")
        } else {
            (format!("надсилати на цю адресу листи, коли змінюється {what} ({when})"), "листів не буде")
        };
        (
            "Підтвердіть, що хочете отримувати листи про зміни".into(),
            format!(
                "Хтось, імовірно ви, попросив {asked}.\n\n{action}\n\n\
                 Доки ви не підтвердите, {until}. Якщо ви нічого не просили, просто проігноруйте цей лист: \
                 запит забудеться за 7 днів.\n{stop}"
            ),
        )
    }
}

/// A delivery's part: one follow's cursor moved from `from` to `to`.
#[derive(Debug, Clone, Deserialize)]
pub struct DeliveredItem {
    pub follow: i64,
    pub from: i64,
    pub to: i64,
}

/// What the mail job hands back for one follower.
#[derive(Debug, Clone, Deserialize)]
pub struct Delivery {
    pub follower: i64,
    pub epoch: String,
    pub items: Vec<DeliveredItem>,
    /// The follower's follows as `due` read them ([`state_of`]): when given, the
    /// delivery is refused if any of them changed since, so that what `due` left out
    /// as mailed under another follow still is.
    #[serde(default)]
    pub state: Option<String>,
    /// Empty (with `text`) when every event of the round was mailed under another of
    /// the follower's follows: the cursors move, no e-mail is written.
    #[serde(default)]
    pub subject: String,
    #[serde(default)]
    pub text: String,
    /// The one-click unsubscribe address (`List-Unsubscribe`): it must carry the
    /// follower's own token.
    #[serde(default)]
    pub unsubscribe: String,
}

/// What a follower's follows are now, in a few bytes: each follow's id, cursor, epoch,
/// confirmation and end. Any delivery, (un)follow or confirmation changes it.
pub fn state_of(follows: &[Follow]) -> String {
    let mut all: Vec<&Follow> = follows.iter().collect();
    all.sort_by_key(|f| f.id);
    let text: String = all
        .iter()
        .map(|f| format!("{}:{}:{}:{}:{};", f.id, f.epoch, f.cursor, f.confirmed, f.ended.is_some()))
        .collect();
    secret_digest(&text)
}

/// Every follow of a follower (ended and waiting ones too), by id.
fn follows_of(tx: &rusqlite::Connection, follower: i64) -> rusqlite::Result<Vec<Follow>> {
    let mut st = tx.prepare_cached(&format!("SELECT {COLUMNS} FROM follows WHERE follower_id = ?1 ORDER BY id"))?;
    let rows = st.query_map([follower], row)?.collect();
    rows
}

impl Users {
    /// A logged-in user's follow: confirmed at once.
    pub fn follow_as_user(
        &self,
        user: i64,
        subject: &Followed,
        frequency: &str,
        language: &str,
        end: &LogEnd,
    ) -> Result<Follow, UpstreamError> {
        let now = dates::now_ms();
        self.write(|tx| {
            let follower = follower_of(tx, Who::User(user), language, now)?;
            put_follow(tx, follower, subject, frequency, false, end, now)
        })
    }

    /// A follow without a login: waiting for the link mailed to `email` (in the same
    /// transaction). Past [`MAX_PENDING`] waiting follows of the address: 400 `limit`.
    /// Asked again, nothing changes but by a new letter's link: a waiting follow gets a
    /// new code beside its earlier ones (each still confirms it), a confirmed one asked
    /// for another frequency a letter whose link makes the change (the same frequency:
    /// no letter). Every answer is the same, so none tells whether the address follows.
    pub fn follow_by_email(
        &self,
        email: &str,
        subject: &Followed,
        frequency: &str,
        language: &str,
        end: &LogEnd,
        origin: Option<&str>,
    ) -> Result<(), UpstreamError> {
        let now = dates::now_ms();
        self.write(|tx| {
            // Codes past their week, and waiting follows without a code younger.
            tx.execute("DELETE FROM follow_codes WHERE created <= ?1", [now - PENDING_MS])?;
            tx.execute(
                "DELETE FROM follows WHERE confirmed = 0 AND ended IS NULL AND created <= ?1
                   AND NOT EXISTS (SELECT 1 FROM follow_codes c WHERE c.follow_id = follows.id)",
                [now - PENDING_MS],
            )?;
            let follower = follower_of(tx, Who::Email(email), language, now)?;
            let pending: i64 = tx.query_row(
                "SELECT count(*) FROM follows WHERE follower_id = ?1 AND confirmed = 0 AND ended IS NULL",
                [follower],
                |r| r.get(0),
            )?;
            let known: Option<Follow> = tx
                .query_row(
                    &format!(
                        "SELECT {COLUMNS} FROM follows WHERE follower_id = ?1 AND register = ?2 AND target = ?3
                           AND ended IS NULL"
                    ),
                    params![follower, subject.register, subject.target],
                    row,
                )
                .optional()?;
            let (f, change) = match known {
                // Nothing to confirm.
                Some(f) if f.confirmed && f.frequency == frequency => return Ok(()),
                Some(f) => {
                    let change = f.confirmed;
                    (f, change)
                }
                None if pending >= MAX_PENDING => {
                    return Err(UpstreamError::Bound {
                        reason: BOUND_PENDING,
                        message: format!("{MAX_PENDING} follows of this address wait for their confirmation already"),
                    })
                }
                None => {
                    let f = put_follow(tx, follower, subject, frequency, true, end, now)?;
                    // Codes of an earlier follow of the same, ended, confirm nothing now.
                    tx.execute("DELETE FROM follow_codes WHERE follow_id = ?1", [f.id])?;
                    (f, false)
                }
            };
            let code = random_token();
            tx.execute(
                "INSERT INTO follow_codes (code_hash, follow_id, frequency, created) VALUES (?1, ?2, ?3, ?4)",
                params![secret_digest(&code), f.id, frequency, now],
            )?;
            // Like every mail about follows, the letter can be refused in one click.
            let token: String = tx.query_row("SELECT token FROM followers WHERE id = ?1", [follower], |r| r.get(0))?;
            let stop = origin.map(|o| unsubscribe_link(o, language, &token));
            let letter = Letter { language, subject, frequency, change };
            let (title, body) = confirmation_letter(origin, &letter, &code, stop.as_deref());
            let headers = match &stop {
                Some(l) => json!({"List-Unsubscribe": format!("<{l}>"),
                                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}),
                None => json!({}),
            };
            super::send_with_headers(tx, email, &title, &body, &headers)?;
            Ok(())
        })
    }

    /// Confirms the follow of a code, with the frequency the code was mailed for; a code
    /// works for a week (again: the same answer). A code of a follow of schema version 8
    /// or earlier (its `confirm_hash`) confirms it as it is.
    pub fn confirm_follow(&self, code: &str) -> Result<Follow, UpstreamError> {
        let now = dates::now_ms();
        let digest = secret_digest(code);
        self.write(|tx| {
            let mailed: Option<(i64, String, i64)> = tx
                .query_row(
                    "SELECT follow_id, frequency, created FROM follow_codes WHERE code_hash = ?1",
                    [&digest],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?;
            let (f, frequency) = match mailed {
                Some((_, _, created)) if created <= now - PENDING_MS => return Err(unknown_follow()),
                Some((id, frequency, _)) => {
                    let f = tx
                        .query_row(&format!("SELECT {COLUMNS} FROM follows WHERE id = ?1 AND ended IS NULL"), [id], row)
                        .optional()?
                        .ok_or_else(unknown_follow)?;
                    (f, Some(frequency))
                }
                None => {
                    let f: Follow = tx
                        .query_row(
                            &format!("SELECT {COLUMNS} FROM follows WHERE confirm_hash = ?1 AND ended IS NULL"),
                            [&digest],
                            row,
                        )
                        .optional()?
                        .ok_or_else(unknown_follow)?;
                    if !f.confirmed && f.created <= now - PENDING_MS {
                        return Err(unknown_follow());
                    }
                    (f, None)
                }
            };
            let frequency = frequency.unwrap_or(f.frequency.clone());
            tx.execute("UPDATE follows SET confirmed = 1, frequency = ?2 WHERE id = ?1", params![f.id, frequency])?;
            Ok(Follow { confirmed: true, frequency, ..f })
        })
    }

    /// Ends the follow of a token, or every follow of the follower of a token (those
    /// waiting for their confirmation too: the confirmation letter carries it); says
    /// which. A token already used answers the same again.
    pub fn unsubscribe_follows(&self, token: &str) -> Result<Vec<Follow>, UpstreamError> {
        let now = dates::now_ms();
        self.write(|tx| {
            let one: Option<Follow> =
                tx.query_row(&format!("SELECT {COLUMNS} FROM follows WHERE token = ?1"), [token], row).optional()?;
            let ended: Vec<Follow> = match one {
                Some(f) => vec![f],
                None => {
                    let follower: i64 = tx
                        .query_row("SELECT id FROM followers WHERE token = ?1", [token], |r| r.get(0))
                        .optional()?
                        .ok_or_else(unknown_follow)?;
                    let mut st = tx
                        .prepare_cached(&format!("SELECT {COLUMNS} FROM follows WHERE follower_id = ?1 ORDER BY id"))?;
                    let all = st.query_map([follower], row)?.collect::<Result<Vec<_>, _>>()?;
                    all
                }
            };
            for f in &ended {
                tx.execute("UPDATE follows SET ended = coalesce(ended, ?2) WHERE id = ?1", params![f.id, now])?;
            }
            Ok(ended)
        })
    }

    /// A user's follows (ended ones left out).
    pub fn follows_of_user(&self, user: i64) -> Result<Vec<Follow>, UpstreamError> {
        let db = self.db();
        let mut st = db.prepare_cached(&format!(
            "SELECT {} FROM follows f JOIN followers r ON r.id = f.follower_id
             WHERE r.user_id = ?1 AND f.ended IS NULL ORDER BY f.id DESC",
            COLUMNS.split(", ").map(|c| format!("f.{c}")).collect::<Vec<_>>().join(", ")
        ))?;
        let rows = st.query_map([user], row)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// A user's follow of a subject, and marks it seen up to `seen` (the target's last
    /// event): the follow as it was before.
    pub fn look(&self, user: i64, register: &str, target: &str, seen: i64) -> Result<Option<Follow>, UpstreamError> {
        let now = dates::now_ms();
        self.write(|tx| {
            let f: Option<Follow> = tx
                .query_row(
                    &format!(
                        "SELECT {} FROM follows f JOIN followers r ON r.id = f.follower_id
                         WHERE r.user_id = ?1 AND f.register = ?2 AND f.target = ?3 AND f.ended IS NULL",
                        COLUMNS.split(", ").map(|c| format!("f.{c}")).collect::<Vec<_>>().join(", ")
                    ),
                    params![user, register, target],
                    row,
                )
                .optional()?;
            if let Some(f) = &f {
                tx.execute(
                    "UPDATE follows SET seen = max(seen, ?2), seen_at = ?3 WHERE id = ?1",
                    params![f.id, seen, now],
                )?;
            }
            Ok(f)
        })
    }

    /// Changes (`frequency`) or ends (`None`) a user's follow, by its id or its subject.
    pub fn change_follow(&self, user: i64, which: FollowRef<'_>, frequency: Option<&str>) -> Result<(), UpstreamError> {
        let now = dates::now_ms();
        self.write(|tx| {
            let (cond, a, b): (&str, String, String) = match which {
                FollowRef::Id(id) => ("f.id = ?2 AND ?3 = ''", id.to_string(), String::new()),
                FollowRef::Subject(register, target) => {
                    ("f.register = ?2 AND f.target = ?3", register.to_string(), target.to_string())
                }
            };
            let id: i64 = tx
                .query_row(
                    &format!(
                        "SELECT f.id FROM follows f JOIN followers r ON r.id = f.follower_id
                         WHERE r.user_id = ?1 AND f.ended IS NULL AND {cond}"
                    ),
                    params![user, a, b],
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(unknown_follow)?;
            match frequency {
                Some(freq) => tx.execute("UPDATE follows SET frequency = ?2 WHERE id = ?1", params![id, freq])?,
                None => tx.execute("UPDATE follows SET ended = ?2 WHERE id = ?1", params![id, now])?,
            };
            Ok(())
        })
    }

    /// Every follow of a follower (ended and waiting ones too), by id.
    pub fn follows_of_follower(&self, follower: i64) -> Result<Vec<Follow>, UpstreamError> {
        Ok(follows_of(&self.db(), follower)?)
    }

    /// The follows due at `now` of followers after `after`, for at most `limit`
    /// followers: confirmed, not ended, immediate or daily and not mailed for
    /// [`DAILY_MS`], of a follower whose address is confirmed. With each follower's
    /// id, language, token and address.
    pub fn due_follows(
        &self,
        now: i64,
        after: i64,
        limit: usize,
    ) -> Result<Vec<(Follower, Vec<Follow>)>, UpstreamError> {
        let db = self.db();
        let mut st = db.prepare_cached(&format!(
            "SELECT {}, r.language, r.token, coalesce(r.email, u.email) FROM follows f
               JOIN followers r ON r.id = f.follower_id LEFT JOIN users u ON u.id = r.user_id
             WHERE f.follower_id > ?1 AND f.confirmed = 1 AND f.ended IS NULL
               AND (r.user_id IS NULL OR u.confirmed = 1) AND coalesce(r.email, u.email) IS NOT NULL
               AND (f.frequency = 'immediate' OR f.checked <= ?2)
             ORDER BY f.follower_id, f.id",
            COLUMNS.split(", ").map(|c| format!("f.{c}")).collect::<Vec<_>>().join(", ")
        ))?;
        let mut rows = st.query(params![after, now - DAILY_MS])?;
        let mut out: Vec<(Follower, Vec<Follow>)> = Vec::new();
        while let Some(r) = rows.next()? {
            let f = row(r)?;
            match out.last_mut() {
                Some((who, follows)) if who.id == f.follower_id => follows.push(f),
                _ => {
                    if out.len() == limit {
                        break;
                    }
                    let who = Follower {
                        id: f.follower_id,
                        language: r.get(AFTER_COLUMNS)?,
                        token: r.get(AFTER_COLUMNS + 1)?,
                        email: r.get(AFTER_COLUMNS + 2)?,
                    };
                    out.push((who, vec![f]));
                }
            }
        }
        Ok(out)
    }

    /// One follower's e-mail of a sending round, in one transaction: refused (409) when a
    /// cursor is not the one the job read (another run mailed it, or it was changed);
    /// otherwise the e-mail goes to the outbox with its unsubscribe headers and the
    /// cursors move.
    pub fn deliver_follows(&self, d: &Delivery) -> Result<usize, UpstreamError> {
        if d.items.is_empty() || d.items.len() > MAX_ITEMS {
            return Err(UpstreamError::invalid("items", format!("1 to {MAX_ITEMS} follows")));
        }
        let now = dates::now_ms();
        self.write(|tx| {
            let (token, email): (String, Option<String>) = tx
                .query_row(
                    "SELECT r.token, CASE WHEN r.user_id IS NULL THEN r.email
                       ELSE (SELECT email FROM users WHERE id = r.user_id AND confirmed = 1) END
                     FROM followers r WHERE r.id = ?1",
                    [d.follower],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?
                .ok_or_else(unknown_follow)?;
            let email =
                email.ok_or_else(|| UpstreamError::Conflict("the follower's address is not confirmed".into()))?;
            let mails = !d.text.trim().is_empty();
            if mails && (!d.unsubscribe.ends_with(&format!("token={token}")) || !d.unsubscribe.starts_with("http")) {
                return Err(UpstreamError::invalid("unsubscribe", "the follower's own unsubscribe address"));
            }
            if let Some(state) = &d.state {
                if *state != state_of(&follows_of(tx, d.follower)?) {
                    return Err(UpstreamError::Conflict("the follower's follows changed since they were read".into()));
                }
            }
            for item in &d.items {
                let f: Follow = tx
                    .query_row(
                        &format!("SELECT {COLUMNS} FROM follows WHERE id = ?1 AND follower_id = ?2"),
                        params![item.follow, d.follower],
                        row,
                    )
                    .optional()?
                    .ok_or_else(unknown_follow)?;
                if !f.confirmed || f.ended.is_some() {
                    return Err(UpstreamError::Conflict(format!("follow {} is no longer followed", f.id)));
                }
                if f.cursor_in(&d.epoch) != item.from || item.to < item.from {
                    return Err(UpstreamError::Conflict(format!("follow {} was mailed since {}", f.id, item.from)));
                }
                // A follow of an older log starts again in this one, from its start.
                tx.execute(
                    "UPDATE follows SET since = CASE WHEN epoch = ?2 THEN since ELSE 0 END, epoch = ?2, cursor = ?3,
                       checked = ?4, last_sent = ?4 WHERE id = ?1",
                    params![f.id, d.epoch, item.to, now],
                )?;
            }
            if !mails {
                return Ok(d.items.len());
            }
            let subject: String = d.subject.chars().filter(|c| !c.is_control()).take(250).collect();
            let headers = json!({
                "List-Unsubscribe": format!("<{}>", d.unsubscribe),
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            });
            super::send_with_headers(tx, &email, &subject, &d.text, &headers)?;
            Ok(d.items.len())
        })
    }
}

/// Which follow of a user: by id, or by its subject.
#[derive(Debug, Clone, Copy)]
pub enum FollowRef<'a> {
    Id(i64),
    Subject(&'a str, &'a str),
}

/// A follower as the mail job needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Follower {
    pub id: i64,
    pub language: String,
    pub token: String,
    pub email: String,
}

type Answer = Result<JsonAnswer, UpstreamError>;

fn language_of(v: &Value) -> String {
    if v["language"].as_str() == Some("en") { "en" } else { "uk" }.to_string()
}

fn query(q: Option<&str>) -> crate::params::Params {
    crate::params::Params::parse(q.unwrap_or_default())
}

/// `POST /api/users/follows` (logged in): `{register, target, frequency, language}`.
async fn create(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    let v = body_json(&b)?;
    let register = one_of(&v, "register", &REGISTERS, "")?;
    let subject = subject_of(&s, &register, text(&v, "target")?)?;
    let frequency = one_of(&v, "frequency", &FREQUENCIES, "immediate")?;
    let end = LogEnd::of(&s)?;
    let f = s.users.follow_as_user(user, &subject, &frequency, &language_of(&v), &end)?;
    Ok(JsonAnswer::ok(json!({"data": f.owner_json()})))
}

/// `POST /api/follows` (no login): `{register, target, email, frequency, language}`. The
/// answer is the same whether or not the address follows it already.
async fn create_by_email(State(s): State<AppState>, ClientAddr(addr): ClientAddr, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let email = email_field(&v)?;
    if !plausible_email(&email) {
        return Err(UpstreamError::invalid("email", "an e-mail address like name@example.com"));
    }
    let register = one_of(&v, "register", &REGISTERS, "")?;
    let subject = subject_of(&s, &register, text(&v, "target")?)?;
    let frequency = one_of(&v, "frequency", &FREQUENCIES, "immediate")?;
    // Asks per client (429), then letters per address (the address's bound: 400 `limit`).
    if let Some(ip) = requester(&s, addr) {
        s.users.admit(&[(Key(Scope::Follow, Subject::Addr(Some(ip))), FOLLOW_ASKS)])?;
    }
    s.users.admit(&[(Key(Scope::Follow, Subject::Account(&email)), FOLLOW_LETTERS)]).map_err(|_| {
        UpstreamError::Bound {
            reason: BOUND_LETTERS,
            message: "this address was sent several confirmations lately: try again in an hour".into(),
        }
    })?;
    let end = LogEnd::of(&s)?;
    s.users.follow_by_email(&email, &subject, &frequency, &language_of(&v), &end, s.config.portal_origin.as_deref())?;
    Ok(JsonAnswer::ok(json!({"data": {"state": "confirmSent", "register": subject.register, "key": subject.key}})))
}

fn items_json(follows: &[Follow]) -> Value {
    json!(follows
        .iter()
        .map(|f| json!({"register": f.register, "target": f.target, "key": f.key, "title": f.title}))
        .collect::<Vec<_>>())
}

fn token_of(q: Option<&str>) -> Result<String, UpstreamError> {
    let p = query(q);
    let t = p.one("token").unwrap_or_default().trim();
    if t.is_empty() || t.len() > 128 {
        return Err(unknown_follow());
    }
    Ok(t.to_string())
}

/// `GET|POST /api/follows/confirm?token=`.
async fn confirm(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let f = s.users.confirm_follow(&token_of(q.as_deref())?)?;
    Ok(JsonAnswer::ok(json!({"data": {"state": "confirmed", "frequency": f.frequency, "items": items_json(&[f])}})))
}

/// `GET|POST /api/follows/unsubscribe?token=` (the e-mails' link and one-click header).
async fn unsubscribe(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let ended = s.users.unsubscribe_follows(&token_of(q.as_deref())?)?;
    Ok(JsonAnswer::ok(json!({"data": {"state": "unsubscribed", "items": items_json(&ended)}})))
}

/// `GET /api/users/follows`: the user's follows, each with its last change.
async fn list(State(s): State<AppState>, h: HeaderMap) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    let follows = s.users.follows_of_user(user)?;
    let mut last: Vec<Value> = s.history.read(|db| {
        follows
            .iter()
            .map(|f| Ok(log::page(db, f.target(), &[], 0, 1)?.0.into_iter().next().unwrap_or(Value::Null)))
            .collect::<rusqlite::Result<Vec<_>>>()
    })?;
    // Outside the log's lock: a change takes the log's while it holds the data's.
    crate::history::api::name_tenders(&s, &mut last);
    let items: Vec<Value> = follows
        .iter()
        .zip(last)
        .map(|(f, last)| {
            let mut v = f.owner_json();
            v["lastChange"] = last;
            v
        })
        .collect();
    Ok(JsonAnswer::ok(json!({"data": items})))
}

/// `GET /api/users/follows/status?register=&id=`: whether the user follows it, and what
/// changed since the last look (which this marks).
async fn status(State(s): State<AppState>, h: HeaderMap, RawQuery(q): RawQuery) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    let p = query(q.as_deref());
    let register = p.one("register").unwrap_or("tenders");
    if !REGISTERS.contains(&register) {
        return Err(UpstreamError::invalid("register", format!("one of {}", REGISTERS.join(", "))));
    }
    let id =
        p.one("id").map(str::trim).filter(|t| !t.is_empty()).ok_or(UpstreamError::MissingParameter("id".into()))?;
    let subject = subject_of(&s, register, id)?;
    let target = match register {
        "buyers" => Target::Buyer(&subject.target),
        _ => Target::Record(REGISTERS.iter().copied().find(|r| *r == register).unwrap_or("tenders"), &subject.target),
    };
    let (end, last) = s.history.read(|db| Ok((log::epoch(db)?, log::last_of(db, target)?)))?;
    let Some(f) = s.users.look(user, &subject.register, &subject.target, last)? else {
        return Ok(JsonAnswer::ok(json!({"data": {"following": false}})));
    };
    let seen = if f.epoch == end { f.seen } else { 0 };
    let (changes, total) = s.history.read(|db| {
        let mut rows = log::after(db, target, seen, log::MAX_PAGE)?;
        let total = rows.len();
        rows.reverse();
        rows.truncate(20);
        Ok((rows, total))
    })?;
    let mut changes = changes;
    crate::history::api::name_tenders(&s, &mut changes);
    Ok(JsonAnswer::ok(json!({"data": {
        "following": true, "id": f.id, "frequency": f.frequency,
        "since": f.seen_at.map(dates::format_kyiv), "changes": changes, "total": total,
    }})))
}

/// `PUT /api/users/follows/{id}` `{frequency}` and `DELETE /api/users/follows/{id}`.
async fn update(State(s): State<AppState>, h: HeaderMap, Path(id): Path<i64>, b: Bytes) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    let v = body_json(&b)?;
    let frequency = one_of(&v, "frequency", &FREQUENCIES, "")?;
    s.users.change_follow(user, FollowRef::Id(id), Some(&frequency))?;
    Ok(JsonAnswer::ok(json!({"data": {"id": id, "frequency": frequency}})))
}

async fn remove(State(s): State<AppState>, h: HeaderMap, Path(id): Path<i64>) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    s.users.change_follow(user, FollowRef::Id(id), None)?;
    Ok(JsonAnswer::ok(json!({"data": {"id": id, "state": "unfollowed"}})))
}

/// `DELETE /api/users/follows/{register}/{target}`: the record page's "stop following".
async fn remove_subject(
    State(s): State<AppState>,
    h: HeaderMap,
    Path((register, target)): Path<(String, String)>,
) -> Answer {
    let (user, _) = signed_in(&s, &h)?;
    let subject = subject_of(&s, &register, &target)?;
    s.users.change_follow(user, FollowRef::Subject(&subject.register, &subject.target), None)?;
    Ok(JsonAnswer::ok(json!({"data": {"state": "unfollowed", "register": subject.register, "key": subject.key}})))
}

/// One follower's follows due in a round, each with its events after its cursor (oldest
/// first, at most [`MAX_EVENTS`]; a daily follow's `more` past them, its `to` their last;
/// at most [`MAX_ITEMS`] follows), in the order of the follows. An event is told once in a follower's round however many of its follows
/// hold it (a tender and its buyer, a contract and its buyer): under its record rather
/// than its buyer, and not at all when another follow (`all`: every follow of the
/// follower) mailed it in an earlier round. Each item's `to` is still the last event it
/// read, so every cursor moves past what it held.
fn round_items(db: &rusqlite::Connection, epoch: &str, due: &[Follow], all: &[Follow]) -> rusqlite::Result<Vec<Value>> {
    let mut order: Vec<&Follow> = due.iter().collect();
    order.sort_by_key(|f| (f.register == "buyers", f.id));
    let mut told: std::collections::HashSet<i64> = std::collections::HashSet::new();
    let mut items = Vec::new();
    for f in order {
        if items.len() == MAX_ITEMS {
            break;
        }
        let from = f.cursor_in(epoch);
        let read = log::after_owned(db, f.target(), from, MAX_EVENTS)?;
        let Some(mut to) = read.last().and_then(|(e, _)| e["seq"].as_i64()) else { continue };
        // A daily follow's events past the listed ones: counted, and passed.
        let mut more = 0;
        if f.frequency == "daily" && read.len() == MAX_EVENTS {
            (more, to) = log::rest_after(db, f.target(), to)?;
        }
        let events: Vec<Value> = read
            .into_iter()
            .filter(|(e, buyer)| {
                let mailed = all.iter().any(|g| g.id != f.id && g.mailed(epoch, e, buyer));
                !mailed && told.insert(e["seq"].as_i64().unwrap_or_default())
            })
            .map(|(e, _)| e)
            .collect();
        items.push((
            f.id,
            json!({"follow": f.id, "register": f.register, "target": f.target, "key": f.key,
            "title": f.title, "unsubscribe": f.token, "from": from, "to": to, "events": events, "more": more}),
        ));
    }
    items.sort_by_key(|(id, _)| *id);
    Ok(items.into_iter().map(|(_, item)| item).collect())
}

/// `GET /api/follows/due?after=&limit=` (the job's key): followers with news, each with
/// its follows' events after their cursors ([`round_items`]: an item's `events` may be
/// empty when another of its follows tells them) and the `state` of its follows that
/// `deliver` checks. `next`: the follower to ask after, when more may be due.
async fn due(State(s): State<AppState>, h: HeaderMap, RawQuery(q): RawQuery) -> Answer {
    super::saved::job(&s, &h)?;
    let p = query(q.as_deref());
    let after: i64 = p.one("after").and_then(|a| a.parse().ok()).unwrap_or(0);
    let limit = p.positive("limit", 100, 500)?;
    let now = dates::now_ms();
    let followers = s.users.due_follows(now, after, limit)?;
    let more = followers.len() == limit;
    let next = followers.last().map(|(f, _)| f.id);
    let epoch = s.history.read(log::epoch)?;
    let mut out = Vec::new();
    for (who, follows) in &followers {
        let all = s.users.follows_of_follower(who.id)?;
        let mut items = s.history.read(|db| round_items(db, &epoch, follows, &all))?;
        for item in &mut items {
            if let Some(events) = item["events"].as_array_mut() {
                crate::history::api::name_tenders(&s, events);
            }
        }
        if !items.is_empty() {
            out.push(json!({"follower": who.id, "language": who.language, "unsubscribe": who.token,
                "epoch": epoch, "state": state_of(&all), "items": items}));
        }
    }
    Ok(JsonAnswer::ok(json!({"data": out, "next": if more { next } else { None }})))
}

/// `POST /api/follows/deliver` (the job's key): [`Delivery`].
async fn deliver(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    super::saved::job(&s, &h)?;
    let d: Delivery = serde_json::from_slice(&b).map_err(|e| UpstreamError::MalformedJson(e.to_string()))?;
    let n = s.users.deliver_follows(&d)?;
    Ok(JsonAnswer::ok(json!({"data": {"delivered": n}})))
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/follows", get(list).post(create))
        .route("/api/users/follows/status", get(status))
        .route("/api/users/follows/{id}", delete(remove).put(update))
        .route("/api/users/follows/{register}/{target}", delete(remove_subject))
        .route("/api/follows", post(create_by_email))
        .route("/api/follows/confirm", get(confirm).post(confirm))
        .route("/api/follows/unsubscribe", get(unsubscribe).post(unsubscribe))
        .route("/api/follows/due", get(due))
        .route("/api/follows/deliver", post(deliver))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}
