//! Saved searches and their e-mail alerts, kept in the users database.
//!
//! A logged-in user saves a search of tenders, plans or contracts (its register and its
//! query string as the portal writes it), names it, and chooses `instant` or `daily`
//! alerts, or `off`. The alert job (the portal's `portal alerts`, or its timer) reads the
//! searches that are due with the job's key, finds the records modified since each
//! search's watermark, and hands them back here: one transaction leaves out every record
//! this search already mailed, writes one e-mail to the outbox, remembers what it sent
//! and moves the watermark. Two jobs running at once cannot both mail one search: the
//! second one's watermark no longer matches (409). Every alert carries an unsubscribe
//! link whose token turns its search's alerts off without a login.

use super::{bearer, body_json, same_bytes, send, signed_in, Users};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::{dates, AppState};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post, put};
use axum::Router;
use rusqlite::{params, OptionalExtension, Row, Transaction};
use serde::Deserialize;
use serde_json::{json, Value};

/// Saved searches one user keeps.
pub const MAX_PER_USER: i64 = 50;
/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 120;
/// The longest query string, in bytes.
pub const MAX_QUERY_BYTES: usize = 2048;
/// Records one alert lists; more new ones wait for the next alert.
pub const MAX_PER_ALERT: usize = 50;
/// Records remembered as sent per search (the oldest are forgotten past it). At
/// [`MAX_PER_ALERT`] records an alert, that is 400 full alerts.
pub const MAX_REMEMBERED: i64 = 20_000;
/// A daily search is due again this long after its last run (a little under a day, so
/// that a job on a daily timer does not slip a day when it runs a few seconds early).
pub const DAILY_MS: i64 = 86_400_000 - 15 * 60_000;
/// The largest body of a saved-search or alert call, in bytes (an alert's records
/// included: [`MAX_PER_ALERT`] twice over, each a title, a link and a line of facts).
pub const MAX_BODY_BYTES: usize = 512 * 1024;
/// The registers a search may be of.
pub const REGISTERS: [&str; 3] = ["tenders", "plans", "contracts"];
/// Alert frequencies.
pub const FREQUENCIES: [&str; 3] = ["instant", "daily", "off"];

/// The saved-search tables (schema version 4). `since` is the watermark (epoch ms):
/// records modified after it are new to the search. `checked` is the last run.
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS saved_searches (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,
      register TEXT NOT NULL, query TEXT NOT NULL, name TEXT NOT NULL,
      frequency TEXT NOT NULL CHECK (frequency IN ('instant', 'daily', 'off')),
      language TEXT NOT NULL, token TEXT NOT NULL, created INTEGER NOT NULL,
      since INTEGER NOT NULL, checked INTEGER NOT NULL, last_alert INTEGER);
    CREATE INDEX IF NOT EXISTS saved_searches_user ON saved_searches (user_id);
    CREATE TABLE IF NOT EXISTS saved_search_sent (search_id INTEGER NOT NULL, record_id TEXT NOT NULL,
      sent INTEGER NOT NULL, PRIMARY KEY (search_id, record_id)) WITHOUT ROWID;";

/// A saved search as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedSearch {
    pub id: i64,
    pub user_id: i64,
    pub register: String,
    pub query: String,
    pub name: String,
    pub frequency: String,
    pub language: String,
    pub token: String,
    pub created: i64,
    pub since: i64,
    pub checked: i64,
    pub last_alert: Option<i64>,
}

const COLUMNS: &str =
    "id, user_id, register, query, name, frequency, language, token, created, since, checked, last_alert";

fn row(r: &Row<'_>) -> rusqlite::Result<SavedSearch> {
    Ok(SavedSearch {
        id: r.get(0)?,
        user_id: r.get(1)?,
        register: r.get(2)?,
        query: r.get(3)?,
        name: r.get(4)?,
        frequency: r.get(5)?,
        language: r.get(6)?,
        token: r.get(7)?,
        created: r.get(8)?,
        since: r.get(9)?,
        checked: r.get(10)?,
        last_alert: r.get(11)?,
    })
}

impl SavedSearch {
    /// What its owner sees (no token, no watermark).
    fn owner_json(&self) -> Value {
        json!({"id": self.id, "register": self.register, "query": self.query, "name": self.name,
               "frequency": self.frequency, "language": self.language,
               "created": dates::format_kyiv(self.created), "lastAlert": self.last_alert.map(dates::format_kyiv)})
    }
}

/// A new saved search, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSearch {
    pub register: String,
    pub query: String,
    pub name: String,
    pub frequency: String,
    pub language: String,
}

fn text_field<'a>(v: &'a Value, name: &str) -> Result<Option<&'a str>, UpstreamError> {
    match &v[name] {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        other => Err(UpstreamError::invalid(name, format!("expected a string, got {other}"))),
    }
}

fn one_of(v: &Value, name: &str, allowed: &[&str]) -> Result<Option<String>, UpstreamError> {
    match text_field(v, name)? {
        None => Ok(None),
        Some(s) if allowed.contains(&s) => Ok(Some(s.to_owned())),
        Some(s) => Err(UpstreamError::invalid(name, format!("expected one of {}, got `{s}`", allowed.join(", ")))),
    }
}

/// A name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control characters (it
/// goes into an e-mail's subject).
pub fn name_field(v: &Value) -> Result<Option<String>, UpstreamError> {
    let Some(name) = text_field(v, "name")? else { return Ok(None) };
    let name = name.trim();
    if name.is_empty() {
        return Err(UpstreamError::MissingParameter("name".into()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(UpstreamError::invalid("name", format!("at most {MAX_NAME_CHARS} characters")));
    }
    if name.chars().any(char::is_control) {
        return Err(UpstreamError::invalid("name", "no control characters"));
    }
    Ok(Some(name.to_owned()))
}

/// A query string as the portal writes it: no `?`, at most [`MAX_QUERY_BYTES`], only
/// the characters of a URL's query (percent-encoded otherwise).
fn query_field(v: &Value) -> Result<String, UpstreamError> {
    let query = text_field(v, "query")?.unwrap_or("").trim_start_matches('?');
    if query.len() > MAX_QUERY_BYTES {
        return Err(UpstreamError::invalid("query", format!("at most {MAX_QUERY_BYTES} bytes")));
    }
    let allowed = |b: u8| b.is_ascii_alphanumeric() || b"-._~%!$&'()*+,;=:@/?".contains(&b);
    if !query.bytes().all(allowed) {
        return Err(UpstreamError::invalid("query", "expected a percent-encoded query string"));
    }
    Ok(query.to_owned())
}

impl NewSearch {
    /// The fields of a `POST /api/users/saved-searches` body.
    pub fn from_json(v: &Value) -> Result<Self, UpstreamError> {
        let register =
            one_of(v, "register", &REGISTERS)?.ok_or_else(|| UpstreamError::MissingParameter("register".into()))?;
        let query = query_field(v)?;
        let name = name_field(v)?.ok_or_else(|| UpstreamError::MissingParameter("name".into()))?;
        let frequency = one_of(v, "frequency", &FREQUENCIES)?.unwrap_or_else(|| "daily".into());
        let language = one_of(v, "language", &["uk", "en"])?.unwrap_or_else(|| "uk".into());
        Ok(Self { register, query, name, frequency, language })
    }
}

/// A search due for an alert, as the job gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub search: SavedSearch,
    pub email: String,
}

/// What the job hands back for one search: the records modified since `since` that
/// match it (newest first), each with its text in the e-mail, and the e-mail's frame.
#[derive(Debug, Clone, Deserialize)]
pub struct Delivery {
    /// The watermark the job read (it must still be the search's).
    pub since: i64,
    /// The new watermark.
    pub until: i64,
    /// `{count}` stands for the number of records the e-mail lists.
    pub subject: String,
    pub intro: String,
    pub outro: String,
    pub records: Vec<DeliveredRecord>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DeliveredRecord {
    pub id: String,
    pub text: String,
}

/// What a delivery did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    /// The records the e-mail lists (none: no e-mail).
    pub sent: Vec<String>,
}

fn unknown(id: i64) -> UpstreamError {
    UpstreamError::NotFound { kind: "saved search", id: id.to_string() }
}

fn read(tx: &rusqlite::Connection, id: i64) -> Result<Option<SavedSearch>, UpstreamError> {
    Ok(tx.query_row(&format!("SELECT {COLUMNS} FROM saved_searches WHERE id = ?1"), [id], row).optional()?)
}

/// The search `id` when `token` is its unsubscribe token (compared in constant time);
/// an unknown search and a wrong token are the same 404.
fn read_by_token(db: &rusqlite::Connection, id: i64, token: &str) -> Result<SavedSearch, UpstreamError> {
    read(db, id)?.filter(|s| same_bytes(s.token.as_bytes(), token.as_bytes())).ok_or_else(|| unknown(id))
}

impl Users {
    /// The user's saved searches, oldest first.
    pub fn saved_searches(&self, user: i64) -> Result<Vec<SavedSearch>, UpstreamError> {
        let db = self.db();
        let mut st =
            db.prepare_cached(&format!("SELECT {COLUMNS} FROM saved_searches WHERE user_id = ?1 ORDER BY id"))?;
        let rows = st.query_map([user], row)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Saves a search; its watermark is now (what exists now is not news).
    pub fn save_search(&self, user: i64, new: &NewSearch) -> Result<SavedSearch, UpstreamError> {
        self.write(|tx| {
            let count: i64 = tx.query_row("SELECT count(*) FROM saved_searches WHERE user_id = ?1", [user], |r| r.get(0))?;
            if count >= MAX_PER_USER {
                return Err(UpstreamError::Conflict(format!("a user keeps at most {MAX_PER_USER} saved searches")));
            }
            let now = dates::now_ms();
            tx.execute(
                "INSERT INTO saved_searches (user_id, register, query, name, frequency, language, token, created, since, checked)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?8)",
                params![user, new.register, new.query, new.name, new.frequency, new.language, super::random_token(), now],
            )?;
            read(tx, tx.last_insert_rowid())?.ok_or_else(|| unknown(tx.last_insert_rowid()))
        })
    }

    /// Renames a saved search or changes its alerts (404 unless it is the user's). Turning
    /// alerts back on starts from now: what changed while they were off is not sent.
    pub fn update_search(
        &self,
        user: i64,
        id: i64,
        name: Option<&str>,
        frequency: Option<&str>,
    ) -> Result<SavedSearch, UpstreamError> {
        self.write(|tx| {
            let search = read(tx, id)?.filter(|s| s.user_id == user).ok_or_else(|| unknown(id))?;
            if let Some(name) = name {
                tx.execute("UPDATE saved_searches SET name = ?2 WHERE id = ?1", params![id, name])?;
            }
            if let Some(frequency) = frequency.filter(|f| *f != search.frequency) {
                let now = dates::now_ms();
                if search.frequency == "off" {
                    tx.execute(
                        "UPDATE saved_searches SET since = max(since, ?2), checked = ?2 WHERE id = ?1",
                        params![id, now],
                    )?;
                }
                tx.execute("UPDATE saved_searches SET frequency = ?2 WHERE id = ?1", params![id, frequency])?;
            }
            read(tx, id)?.ok_or_else(|| unknown(id))
        })
    }

    /// Deletes a saved search and what it remembers (404 unless it is the user's).
    pub fn delete_search(&self, user: i64, id: i64) -> Result<(), UpstreamError> {
        self.write(|tx| {
            if tx.execute("DELETE FROM saved_searches WHERE id = ?1 AND user_id = ?2", params![id, user])? == 0 {
                return Err(unknown(id));
            }
            tx.execute("DELETE FROM saved_search_sent WHERE search_id = ?1", [id])?;
            Ok(())
        })
    }

    /// The search an unsubscribe link names, when its token is right (404 otherwise,
    /// the same for an unknown id and a wrong token).
    pub fn search_by_token(&self, id: i64, token: &str) -> Result<SavedSearch, UpstreamError> {
        read_by_token(&self.db(), id, token)
    }

    /// Turns a search's alerts off by its unsubscribe token (no login).
    pub fn unsubscribe(&self, id: i64, token: &str) -> Result<SavedSearch, UpstreamError> {
        self.write(|tx| {
            read_by_token(tx, id, token)?;
            tx.execute("UPDATE saved_searches SET frequency = 'off' WHERE id = ?1", [id])?;
            read(tx, id)?.ok_or_else(|| unknown(id))
        })
    }

    /// Searches due at `now`, by id after `after`: every `instant` one, and a `daily` one
    /// [`DAILY_MS`] after its last run; only those of users whose address is confirmed.
    pub fn due_searches(&self, now: i64, after: i64, limit: i64) -> Result<Vec<Due>, UpstreamError> {
        let db = self.db();
        let columns = COLUMNS.split(", ").map(|c| format!("s.{c}")).collect::<Vec<_>>().join(", ");
        let mut st = db.prepare_cached(&format!(
            "SELECT {columns}, u.email FROM saved_searches s JOIN users u ON u.id = s.user_id
             WHERE s.id > ?1 AND u.confirmed = 1
               AND (s.frequency = 'instant' OR (s.frequency = 'daily' AND s.checked <= ?2))
             ORDER BY s.id LIMIT ?3"
        ))?;
        let rows = st
            .query_map(params![after, now - DAILY_MS, limit], |r| Ok(Due { search: row(r)?, email: r.get(12)? }))?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// One alert run of one search, in one transaction: refused (409) when another run
    /// moved the watermark first or the alerts were turned off meanwhile; otherwise the
    /// records this search never sent (at most [`MAX_PER_ALERT`]) go into one e-mail,
    /// they are remembered, and the watermark moves to `until` (never back).
    pub fn deliver(&self, id: i64, d: &Delivery) -> Result<Delivered, UpstreamError> {
        self.write(|tx| {
            let search = read(tx, id)?.ok_or_else(|| unknown(id))?;
            if search.since != d.since {
                return Err(UpstreamError::Conflict(format!("saved search {id} was run since {}", d.since)));
            }
            if search.frequency == "off" {
                return Err(UpstreamError::Conflict(format!("saved search {id} has its alerts off")));
            }
            // No mail but the confirmation letter goes to an address not confirmed.
            if !super::confirmation::is_confirmed(tx, search.user_id)? {
                return Err(UpstreamError::Conflict(format!("saved search {id}: its owner's address is not confirmed")));
            }
            let now = dates::now_ms();
            let sent = new_records(tx, id, &d.records)?;
            if !sent.is_empty() {
                let email: String = tx.query_row("SELECT email FROM users WHERE id = ?1", [search.user_id], |r| r.get(0))?;
                let count = sent.len().to_string();
                let texts: Vec<&str> = sent.iter().map(|r| r.text.trim_end()).collect();
                let body = format!(
                    "{}\n\n{}\n\n{}\n",
                    d.intro.replace("{count}", &count).trim_end(),
                    texts.join("\n\n"),
                    d.outro.replace("{count}", &count).trim_end()
                );
                let subject: String = d.subject.replace("{count}", &count).chars().filter(|c| !c.is_control()).collect();
                send(tx, &email, &subject, &body)?;
                let mut remember =
                    tx.prepare_cached("INSERT OR IGNORE INTO saved_search_sent (search_id, record_id, sent) VALUES (?1, ?2, ?3)")?;
                for record in &sent {
                    remember.execute(params![id, record.id, now])?;
                }
                tx.execute(
                    "DELETE FROM saved_search_sent WHERE search_id = ?1 AND record_id NOT IN
                       (SELECT record_id FROM saved_search_sent WHERE search_id = ?1 ORDER BY sent DESC, record_id LIMIT ?2)",
                    params![id, MAX_REMEMBERED],
                )?;
                tx.execute("UPDATE saved_searches SET last_alert = ?2 WHERE id = ?1", params![id, now])?;
            }
            tx.execute(
                "UPDATE saved_searches SET since = max(since, ?2), checked = ?3 WHERE id = ?1",
                params![id, d.until, now],
            )?;
            Ok(Delivered { sent: sent.into_iter().map(|r| r.id.clone()).collect() })
        })
    }
}

/// The records of a delivery this search never sent, once each, at most [`MAX_PER_ALERT`].
fn new_records<'a>(
    tx: &Transaction<'_>,
    id: i64,
    records: &'a [DeliveredRecord],
) -> Result<Vec<&'a DeliveredRecord>, UpstreamError> {
    let mut was_sent = tx.prepare_cached("SELECT 1 FROM saved_search_sent WHERE search_id = ?1 AND record_id = ?2")?;
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for record in records {
        if out.len() == MAX_PER_ALERT {
            break;
        }
        if record.id.is_empty() || !seen.insert(record.id.as_str()) {
            continue;
        }
        if was_sent.query_row(params![id, record.id], |_| Ok(())).optional()?.is_none() {
            out.push(record);
        }
    }
    Ok(out)
}

/// The user of a saved-search call: any type of user.
fn owner(s: &AppState, h: &HeaderMap) -> Result<i64, UpstreamError> {
    Ok(signed_in(s, h)?.0)
}

/// The alert job: its key, compared in constant time. No key configured: the calls do
/// not exist (404).
pub(super) fn job(s: &AppState, h: &HeaderMap) -> Result<(), UpstreamError> {
    let Some(key) = s.config.alerts_key.as_deref() else {
        return Err(UpstreamError::NotFound { kind: "path", id: "requested".into() });
    };
    if same_bytes(bearer(h)?.as_bytes(), key.as_bytes()) {
        Ok(())
    } else {
        Err(UpstreamError::Unauthorized("wrong alert-job key".into()))
    }
}

type Answer = Result<JsonAnswer, UpstreamError>;

async fn list(State(s): State<AppState>, h: HeaderMap) -> Answer {
    let user = owner(&s, &h)?;
    let items: Vec<Value> = s.users.saved_searches(user)?.iter().map(SavedSearch::owner_json).collect();
    Ok(JsonAnswer::ok(json!({ "data": items })))
}

async fn create(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    let user = owner(&s, &h)?;
    let new = NewSearch::from_json(&body_json(&b)?)?;
    let saved = s.users.save_search(user, &new)?;
    Ok(JsonAnswer::ld(StatusCode::CREATED, json!({ "data": saved.owner_json() })))
}

async fn update(State(s): State<AppState>, h: HeaderMap, Path(id): Path<i64>, b: Bytes) -> Answer {
    let user = owner(&s, &h)?;
    let v = body_json(&b)?;
    let name = name_field(&v)?;
    let frequency = one_of(&v, "frequency", &FREQUENCIES)?;
    let saved = s.users.update_search(user, id, name.as_deref(), frequency.as_deref())?;
    Ok(JsonAnswer::ok(json!({ "data": saved.owner_json() })))
}

async fn delete(State(s): State<AppState>, h: HeaderMap, Path(id): Path<i64>) -> Answer {
    let user = owner(&s, &h)?;
    s.users.delete_search(user, id)?;
    Ok(JsonAnswer::ok(json!({ "data": { "deleted": id } })))
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// What an unsubscribe page shows of the search.
fn public_json(search: &SavedSearch) -> Value {
    json!({"id": search.id, "register": search.register, "name": search.name, "frequency": search.frequency,
           "language": search.language})
}

async fn unsubscribe_show(State(s): State<AppState>, Path(id): Path<i64>, Query(q): Query<TokenQuery>) -> Answer {
    let token = q.token.unwrap_or_default();
    Ok(JsonAnswer::ok(json!({ "data": public_json(&s.users.search_by_token(id, &token)?) })))
}

async fn unsubscribe(State(s): State<AppState>, Path(id): Path<i64>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let token = text_field(&v, "token")?.unwrap_or("");
    Ok(JsonAnswer::ok(json!({ "data": public_json(&s.users.unsubscribe(id, token)?) })))
}

#[derive(Deserialize)]
struct DueQuery {
    after: Option<i64>,
    limit: Option<i64>,
}

async fn due(State(s): State<AppState>, h: HeaderMap, Query(q): Query<DueQuery>) -> Answer {
    job(&s, &h)?;
    let limit = q.limit.unwrap_or(200).clamp(1, 1000);
    let items: Vec<Value> = s
        .users
        .due_searches(dates::now_ms(), q.after.unwrap_or(0), limit)?
        .into_iter()
        .map(|d| {
            let x = d.search;
            json!({"id": x.id, "register": x.register, "query": x.query, "name": x.name, "frequency": x.frequency,
                   "language": x.language, "email": d.email, "since": x.since, "token": x.token})
        })
        .collect();
    Ok(JsonAnswer::ok(json!({ "data": items })))
}

async fn deliver(State(s): State<AppState>, h: HeaderMap, Path(id): Path<i64>, b: Bytes) -> Answer {
    job(&s, &h)?;
    let d: Delivery = serde_json::from_slice(&b).map_err(|e| UpstreamError::MalformedJson(e.to_string()))?;
    let done = s.users.deliver(id, &d)?;
    Ok(JsonAnswer::ok(json!({ "data": { "sent": done.sent } })))
}

/// Saved-search routes, bodies bounded to [`MAX_BODY_BYTES`].
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/saved-searches", get(list).post(create))
        .route("/api/users/saved-searches/{id}", put(update).delete(delete))
        .route("/api/saved-searches/{id}/unsubscribe", get(unsubscribe_show).post(unsubscribe))
        .route("/api/alerts/due", get(due))
        .route("/api/alerts/{id}/deliver", post(deliver))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UpstreamConfig;

    fn users() -> Users {
        Users::open(&UpstreamConfig::for_data_dir("unused")).unwrap()
    }

    fn new(name: &str, frequency: &str) -> NewSearch {
        NewSearch::from_json(&json!({"register": "tenders", "query": "status%5B0%5D=active", "name": name,
            "frequency": frequency, "language": "en"}))
        .unwrap()
    }

    fn delivery(since: i64, until: i64, ids: &[&str]) -> Delivery {
        Delivery {
            since,
            until,
            subject: "{count} new".into(),
            intro: "New for you ({count}):".into(),
            outro: "Unsubscribe: link".into(),
            records: ids.iter().map(|id| DeliveredRecord { id: (*id).into(), text: format!("record {id}") }).collect(),
        }
    }

    fn outbox(u: &Users) -> Vec<(String, String, String)> {
        let db = u.db();
        let mut st = db.prepare("SELECT recipient, subject, body FROM outbox ORDER BY id").unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn bad_fields_are_named() {
        let field = |v: Value| match NewSearch::from_json(&v).unwrap_err() {
            UpstreamError::InvalidParameter { name, .. } | UpstreamError::MissingParameter(name) => name,
            e => panic!("{e}"),
        };
        let ok = json!({"register": "tenders", "query": "", "name": "n"});
        assert!(NewSearch::from_json(&ok).is_ok());
        let with = |k: &str, v: Value| {
            let mut o = ok.clone();
            o[k] = v;
            o
        };
        assert_eq!(field(with("register", json!("monitorings"))), "register");
        assert_eq!(field(with("register", Value::Null)), "register");
        assert_eq!(field(with("name", json!("  "))), "name");
        assert_eq!(field(with("name", json!("x".repeat(121)))), "name");
        assert_eq!(field(with("name", json!("a\nb"))), "name");
        assert_eq!(field(with("name", json!(5))), "name");
        assert_eq!(field(with("query", json!("keyword=a b"))), "query");
        assert_eq!(field(with("query", json!("a=".to_owned() + &"x".repeat(2048)))), "query");
        assert_eq!(field(with("frequency", json!("weekly"))), "frequency");
        assert_eq!(field(with("language", json!("de"))), "language");
    }

    #[test]
    fn a_record_is_mailed_once_and_a_stale_run_is_refused() {
        let u = users();
        let s = u.save_search(1, &new("Roads", "instant")).unwrap();
        // Nothing new: no e-mail, the watermark moves.
        assert!(u.deliver(s.id, &delivery(s.since, s.since + 10, &[])).unwrap().sent.is_empty());
        assert!(outbox(&u).is_empty());
        // A run that read the old watermark is refused, and changes nothing.
        assert!(matches!(u.deliver(s.id, &delivery(s.since, s.since + 20, &["a"])), Err(UpstreamError::Conflict(_))));
        let since = s.since + 10;
        let done = u.deliver(s.id, &delivery(since, since + 10, &["a", "b", "a"])).unwrap();
        assert_eq!(done.sent, ["a", "b"]);
        let mails = outbox(&u);
        assert_eq!(mails.len(), 1);
        assert_eq!(mails[0].0, "buyer@example.com");
        assert_eq!(mails[0].1, "2 new");
        assert_eq!(mails[0].2, "New for you (2):\n\nrecord a\n\nrecord b\n\nUnsubscribe: link\n");
        // `a` again, modified since: not mailed twice; `c` is.
        let since = since + 10;
        assert_eq!(u.deliver(s.id, &delivery(since, since + 10, &["a", "c"])).unwrap().sent, ["c"]);
        let since = since + 10;
        assert!(u.deliver(s.id, &delivery(since, since + 10, &["a", "b", "c"])).unwrap().sent.is_empty());
        assert_eq!(outbox(&u).len(), 2);
        // The watermark never goes back.
        let since = since + 10;
        u.deliver(s.id, &delivery(since, since - 1000, &[])).unwrap();
        assert_eq!(u.saved_searches(1).unwrap()[0].since, since);
    }

    #[test]
    fn an_alert_lists_at_most_its_share() {
        let u = users();
        let s = u.save_search(1, &new("Many", "instant")).unwrap();
        let ids: Vec<String> = (0..(MAX_PER_ALERT + 5)).map(|i| format!("r{i}")).collect();
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        let done = u.deliver(s.id, &delivery(s.since, s.since + 1, &refs)).unwrap();
        assert_eq!(done.sent.len(), MAX_PER_ALERT);
        let done = u.deliver(s.id, &delivery(s.since + 1, s.since + 2, &refs)).unwrap();
        assert_eq!(done.sent, ids[MAX_PER_ALERT..]);
    }

    #[test]
    fn due_unsubscribe_and_ownership() {
        let u = users();
        let instant = u.save_search(1, &new("Instant", "instant")).unwrap();
        let daily = u.save_search(1, &new("Daily", "daily")).unwrap();
        let off = u.save_search(2, &new("Off", "off")).unwrap();
        let now = dates::now_ms();
        let ids = |at: i64| u.due_searches(at, 0, 100).unwrap().iter().map(|d| d.search.id).collect::<Vec<_>>();
        assert_eq!(ids(now), [instant.id]);
        assert_eq!(ids(now + DAILY_MS), [instant.id, daily.id]);
        assert_eq!(u.due_searches(now, instant.id, 100).unwrap().len(), 0);
        assert_eq!(u.due_searches(now, 0, 100).unwrap()[0].email, "buyer@example.com");
        // Another user's search is unknown to this one.
        assert!(matches!(u.update_search(2, instant.id, Some("x"), None), Err(UpstreamError::NotFound { .. })));
        assert!(matches!(u.delete_search(2, instant.id), Err(UpstreamError::NotFound { .. })));
        assert_eq!(u.update_search(1, instant.id, Some("Renamed"), Some("daily")).unwrap().name, "Renamed");
        // A wrong token is the same 404 as an unknown search.
        assert!(matches!(u.unsubscribe(daily.id, "wrong"), Err(UpstreamError::NotFound { .. })));
        assert!(matches!(u.unsubscribe(999, &daily.token), Err(UpstreamError::NotFound { .. })));
        assert_eq!(u.unsubscribe(daily.id, &daily.token).unwrap().frequency, "off");
        assert!(matches!(u.deliver(daily.id, &delivery(daily.since, now, &["a"])), Err(UpstreamError::Conflict(_))));
        assert_eq!(ids(now + DAILY_MS), [instant.id]);
        // On again: from now, not from when it went off.
        let on = u.update_search(2, off.id, None, Some("instant")).unwrap();
        assert!(on.since >= now);
        u.delete_search(1, daily.id).unwrap();
        assert_eq!(u.saved_searches(1).unwrap().len(), 1);
    }

    #[test]
    fn a_user_keeps_a_bounded_number() {
        let u = users();
        for i in 0..MAX_PER_USER {
            u.save_search(3, &new(&format!("s{i}"), "off")).unwrap();
        }
        assert!(matches!(u.save_search(3, &new("one more", "off")), Err(UpstreamError::Conflict(_))));
        assert!(u.save_search(1, &new("another user's", "off")).is_ok());
    }
}
