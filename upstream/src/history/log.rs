//! The history log: every change event with the record it belongs to, in the order it
//! was stored (`seq`), in SQLite. A mirror keeps it in its store and writes a record's
//! events in the transaction that writes the record ([`crate::sync::store`]), so the
//! history survives a restart and never holds an event of a version that was not stored.
//! An upstream serving the snapshot keeps it in a database of its own beside the users'
//! ([`History::own`]) with the versions the development API published, which a restart
//! applies again over the snapshot.
//!
//! The log says when it began (`begins`): a mirror whose store was deleted and synced
//! again starts a new history from that moment, under a new `epoch`, and the follows'
//! cursors (`users::follows`) see the change of epoch and start again from its start.

use super::event::Event;
use crate::error::UpstreamError;
use crate::records::Kind;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Map, Value};
use std::sync::{Arc, Mutex};

/// The log's tables: created by whoever opens a database that holds it.
pub const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS history_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, register TEXT NOT NULL,
      record TEXT NOT NULL, key TEXT NOT NULL, buyer TEXT NOT NULL, title TEXT NOT NULL, at INTEGER NOT NULL,
      type TEXT NOT NULL, body TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS history_events_record ON history_events (register, record, seq);
    CREATE INDEX IF NOT EXISTS history_events_buyer ON history_events (buyer, seq) WHERE buyer <> '';
    CREATE TABLE IF NOT EXISTS history_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);";

/// The versions published by the development API over the snapshot (a mirror's records
/// are its store's).
const VERSIONS: &str = "
    CREATE TABLE IF NOT EXISTS history_versions (register TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
      PRIMARY KEY (register, id)) WITHOUT ROWID;";

/// The event types a buyer's follow and feed carry: its new records and their awards.
pub const BUYER_TYPES: [&str; 5] = ["created", "awardPending", "awardStatus", "contractSigned", "tenderCreated"];

/// The most events one read returns.
pub const MAX_PAGE: usize = 1000;

/// Creates the log's tables and its start (now, a new epoch) when they are new.
pub fn init(db: &Connection) -> rusqlite::Result<()> {
    db.execute_batch(SCHEMA)?;
    let now = crate::dates::now_ms();
    db.execute("INSERT OR IGNORE INTO history_meta (key, value) VALUES ('begins', ?1)", params![now.to_string()])?;
    let epoch = format!("{now:x}-{:08x}", rand_u32());
    db.execute("INSERT OR IGNORE INTO history_meta (key, value) VALUES ('epoch', ?1)", params![epoch])?;
    Ok(())
}

fn rand_u32() -> u32 {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    OsRng.next_u32()
}

/// The register's name in the log (and in the API's paths).
pub fn register(kind: Kind) -> &'static str {
    match kind {
        Kind::Tender => "tenders",
        Kind::Plan => "plans",
        Kind::Contract => "contracts",
    }
}

fn kind_of(register: &str) -> Option<Kind> {
    [Kind::Tender, Kind::Plan, Kind::Contract].into_iter().find(|k| self::register(*k) == register)
}

/// A database that holds the log beside records of its own (the mirror's store): the
/// log reads through its connection.
pub trait LogStore: Send + Sync {
    fn with_log(&self, f: &mut dyn FnMut(&Connection));
}

/// What the log keeps beside a record's events: its id, its public key (`tenderID`,
/// `planID`, `contractID`), its buyer's code and its title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordRef {
    pub register: &'static str,
    pub id: String,
    pub key: String,
    pub buyer: String,
    pub title: String,
}

impl RecordRef {
    pub fn of(kind: Kind, doc: &Value) -> Self {
        let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
        let key = match kind {
            Kind::Tender => &doc["tenderID"],
            Kind::Plan => &doc["planID"],
            Kind::Contract => &doc["contractID"],
        };
        let buyer = match kind {
            Kind::Contract => {
                doc["buyer"]["identifier"]["id"].as_str().or(doc["procuringEntity"]["identifier"]["id"].as_str())
            }
            _ => doc["procuringEntity"]["identifier"]["id"].as_str(),
        };
        Self {
            register: register(kind),
            id: s(&doc["id"]).to_ascii_lowercase(),
            key: s(key),
            buyer: buyer.unwrap_or_default().to_string(),
            title: s(&doc["title"]),
        }
    }
}

/// Appends a record's events (on the transaction that stores the record, for a mirror).
pub fn append(db: &Connection, record: &RecordRef, events: &[Event]) -> rusqlite::Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let mut put = db.prepare_cached(
        "INSERT INTO history_events (register, record, key, buyer, title, at, type, body)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for e in events {
        let body = serde_json::to_string(e).unwrap_or_default();
        let at = crate::dates::parse(&e.at).unwrap_or_else(crate::dates::now_ms);
        put.execute(params![
            record.register,
            record.id,
            record.key,
            record.buyer,
            record.title,
            at,
            e.change.name(),
            body
        ])?;
    }
    Ok(())
}

/// When the log began (epoch ms).
pub fn begins(db: &Connection) -> rusqlite::Result<Option<i64>> {
    let v: Option<String> =
        db.query_row("SELECT value FROM history_meta WHERE key = 'begins'", [], |r| r.get(0)).optional()?;
    Ok(v.and_then(|v| v.parse().ok()))
}

/// The log's epoch: a new one each time a log starts from nothing.
pub fn epoch(db: &Connection) -> rusqlite::Result<String> {
    Ok(db
        .query_row("SELECT value FROM history_meta WHERE key = 'epoch'", [], |r| r.get(0))
        .optional()?
        .unwrap_or_default())
}

/// The last event's number (0 when none).
pub fn last_seq(db: &Connection) -> rusqlite::Result<i64> {
    db.query_row("SELECT coalesce(max(seq), 0) FROM history_events", [], |r| r.get(0))
}

/// Whose events a read asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<'a> {
    /// One record: its register and 32-hex id (any case).
    Record(&'static str, &'a str),
    /// A buyer's records (its code), the [`BUYER_TYPES`] only.
    Buyer(&'a str),
}

impl Target<'_> {
    /// The SQL condition and its two parameters.
    fn condition(&self) -> (&'static str, String, String) {
        match self {
            Target::Record(register, id) => ("register = ?1 AND record = ?2", register.to_string(), id.to_ascii_lowercase()),
            Target::Buyer(code) => (
                "buyer = ?2 AND ?1 = 'buyer' AND type IN ('created', 'awardPending', 'awardStatus', 'contractSigned', 'tenderCreated')",
                "buyer".into(),
                code.to_string(),
            ),
        }
    }
}

impl Target<'_> {
    /// True when an event (as [`after_owned`] reads it, with its record's buyer) is one of
    /// this target's: the same test as [`Target::condition`]'s, on a row already read.
    pub fn covers(&self, event: &Value, buyer: &str) -> bool {
        match self {
            Target::Record(register, id) => {
                event["register"].as_str() == Some(*register)
                    && event["recordId"].as_str().is_some_and(|r| r.eq_ignore_ascii_case(id))
            }
            Target::Buyer(code) => buyer == *code && event["type"].as_str().is_some_and(|t| BUYER_TYPES.contains(&t)),
        }
    }
}

/// An event as the API writes it: the event with its number and its record.
fn event_json(seq: i64, register: String, record: String, key: String, title: String, body: &str) -> Value {
    let mut m: Map<String, Value> = match serde_json::from_str(body) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    m.insert("seq".into(), json!(seq));
    m.insert("register".into(), json!(register));
    m.insert("recordId".into(), json!(record));
    m.insert("recordKey".into(), json!(key));
    m.insert("recordTitle".into(), json!(title));
    Value::Object(m)
}

const COLUMNS: &str = "seq, register, record, key, title, body";

fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Value> {
    let body: String = r.get(5)?;
    Ok(event_json(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, &body))
}

/// A page of a target's events, newest first, with their total; `types` keeps only
/// those types.
pub fn page(
    db: &Connection,
    target: Target<'_>,
    types: &[String],
    offset: usize,
    limit: usize,
) -> rusqlite::Result<(Vec<Value>, usize)> {
    let (cond, a, b) = target.condition();
    let typed = if types.is_empty() {
        String::new()
    } else {
        // The types are checked against the known names before they come here.
        format!(
            " AND type IN ({})",
            types.iter().map(|t| format!("'{}'", t.replace('\'', ""))).collect::<Vec<_>>().join(", ")
        )
    };
    let total: i64 =
        db.query_row(&format!("SELECT count(*) FROM history_events WHERE {cond}{typed}"), params![a, b], |r| r.get(0))?;
    let mut st = db.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM history_events WHERE {cond}{typed} ORDER BY seq DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let rows = st
        .query_map(params![a, b, limit.min(MAX_PAGE) as i64, offset as i64], read_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rows, total as usize))
}

/// A target's events after `after` (a `seq`), oldest first, at most `limit`.
pub fn after(db: &Connection, target: Target<'_>, after: i64, limit: usize) -> rusqlite::Result<Vec<Value>> {
    let (cond, a, b) = target.condition();
    let mut st = db.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM history_events WHERE {cond} AND seq > ?3 ORDER BY seq LIMIT ?4"
    ))?;
    let rows = st.query_map(params![a, b, after, limit.min(MAX_PAGE) as i64], read_row)?.collect();
    rows
}

/// As [`after`], each event with its record's buyer (which the JSON does not carry): what
/// [`Target::covers`] needs to tell whether another follow holds the same event.
pub fn after_owned(
    db: &Connection,
    target: Target<'_>,
    after: i64,
    limit: usize,
) -> rusqlite::Result<Vec<(Value, String)>> {
    let (cond, a, b) = target.condition();
    let mut st = db.prepare_cached(&format!(
        "SELECT {COLUMNS}, buyer FROM history_events WHERE {cond} AND seq > ?3 ORDER BY seq LIMIT ?4"
    ))?;
    let rows = st
        .query_map(params![a, b, after, limit.min(MAX_PAGE) as i64], |r| Ok((read_row(r)?, r.get::<_, String>(6)?)))?
        .collect();
    rows
}

/// A target's last event and the number of events after `after`.
pub fn count_after(db: &Connection, target: Target<'_>, after: i64) -> rusqlite::Result<usize> {
    let (cond, a, b) = target.condition();
    let n: i64 = db.query_row(
        &format!("SELECT count(*) FROM history_events WHERE {cond} AND seq > ?3"),
        params![a, b, after],
        |r| r.get(0),
    )?;
    Ok(n as usize)
}

/// How many events of a target come after `after`, and the last one's number (`after`
/// when none), read at once.
pub fn rest_after(db: &Connection, target: Target<'_>, after: i64) -> rusqlite::Result<(usize, i64)> {
    let (cond, a, b) = target.condition();
    db.query_row(
        &format!("SELECT count(*), coalesce(max(seq), ?3) FROM history_events WHERE {cond} AND seq > ?3"),
        params![a, b, after],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?)),
    )
}

/// The newest event's number of a target (0 when none).
pub fn last_of(db: &Connection, target: Target<'_>) -> rusqlite::Result<i64> {
    let (cond, a, b) = target.condition();
    db.query_row(&format!("SELECT coalesce(max(seq), 0) FROM history_events WHERE {cond}"), params![a, b], |r| r.get(0))
}

/// Where the log lives: in a mirror's store, or in a database of its own.
pub enum History {
    Mirror(Arc<dyn LogStore>),
    Own(Mutex<Connection>),
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            History::Mirror(_) => write!(f, "History::Mirror"),
            History::Own(_) => write!(f, "History::Own"),
        }
    }
}

fn failed(e: rusqlite::Error) -> UpstreamError {
    UpstreamError::Database(e)
}

impl History {
    /// A log of its own, for an upstream serving the snapshot: in `path` (`:memory:`
    /// for one that dies with the process).
    pub fn own(path: &std::path::Path) -> Result<Self, UpstreamError> {
        let db = if path.as_os_str() == ":memory:" { Connection::open_in_memory() } else { Connection::open(path) }
            .map_err(failed)?;
        db.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;").map_err(failed)?;
        init(&db).map_err(failed)?;
        db.execute_batch(VERSIONS).map_err(failed)?;
        Ok(History::Own(Mutex::new(db)))
    }

    /// Runs `f` on the log's connection.
    pub fn read<R>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<R>) -> Result<R, UpstreamError> {
        match self {
            History::Mirror(store) => {
                let mut f = Some(f);
                let mut out = None;
                store.with_log(&mut |db| out = f.take().map(|f| f(db)));
                out.unwrap_or(Err(rusqlite::Error::InvalidQuery)).map_err(failed)
            }
            History::Own(db) => f(&db.lock().unwrap_or_else(|e| e.into_inner())).map_err(failed),
        }
    }

    /// Keeps a version the development API published over the snapshot, with its events,
    /// in one transaction. A mirror's versions are stored by its sync: an error here.
    pub fn publish(&self, kind: Kind, doc: &Value, events: &[Event]) -> Result<(), UpstreamError> {
        let History::Own(db) = self else {
            return Err(UpstreamError::Conflict("a mirror's records change only through its feed".into()));
        };
        let mut db = db.lock().unwrap_or_else(|e| e.into_inner());
        let tx = db.transaction().map_err(failed)?;
        let record = RecordRef::of(kind, doc);
        append(&tx, &record, events).map_err(failed)?;
        tx.execute(
            "INSERT INTO history_versions (register, id, body) VALUES (?1, ?2, ?3)
             ON CONFLICT (register, id) DO UPDATE SET body = excluded.body",
            params![record.register, record.id, doc.to_string()],
        )
        .map_err(failed)?;
        tx.commit().map_err(failed)
    }

    /// Keeps a tender's monitorings as they are now, with the events of their change, in
    /// one transaction: in a log of its own beside them (register `monitorings`, applied
    /// again at start by [`History::monitorings`]); in a mirror's store the events only
    /// (a mirror derives no monitorings, and nothing but the development API brings it
    /// any: they last until it restarts).
    pub fn publish_monitorings(&self, tender: &Value, all: &[Value], events: &[Event]) -> Result<(), UpstreamError> {
        let record = RecordRef::of(Kind::Tender, tender);
        match self {
            History::Own(db) => {
                let mut db = db.lock().unwrap_or_else(|e| e.into_inner());
                let tx = db.transaction().map_err(failed)?;
                append(&tx, &record, events).map_err(failed)?;
                tx.execute(
                    "INSERT INTO history_versions (register, id, body) VALUES ('monitorings', ?1, ?2)
                     ON CONFLICT (register, id) DO UPDATE SET body = excluded.body",
                    params![record.id, Value::from(all.to_vec()).to_string()],
                )
                .map_err(failed)?;
                tx.commit().map_err(failed)
            }
            History::Mirror(store) => {
                let mut out = Ok(());
                store.with_log(&mut |db| {
                    out = db.unchecked_transaction().and_then(|tx| {
                        append(&tx, &record, events)?;
                        tx.commit()
                    });
                });
                out.map_err(failed)
            }
        }
    }

    /// The monitorings the development API set, by tender (32-hex id), to apply again
    /// over those derived at start.
    pub fn monitorings(&self) -> Result<Vec<(String, Vec<Value>)>, UpstreamError> {
        let History::Own(db) = self else { return Ok(Vec::new()) };
        let db = db.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = db
            .prepare("SELECT id, body FROM history_versions WHERE register = 'monitorings' ORDER BY id")
            .map_err(failed)?;
        let rows = st
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(failed)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, body)| match serde_json::from_str(&body) {
                Ok(Value::Array(all)) => Some((id, all)),
                _ => None,
            })
            .collect())
    }

    /// The versions published over the snapshot, by register and id.
    pub fn versions(&self) -> Result<Vec<(Kind, Value)>, UpstreamError> {
        let History::Own(db) = self else { return Ok(Vec::new()) };
        let db = db.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = db.prepare("SELECT register, body FROM history_versions ORDER BY register, id").map_err(failed)?;
        let rows = st
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(failed)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        Ok(rows
            .into_iter()
            .filter_map(|(reg, body)| Some((kind_of(&reg)?, serde_json::from_str(&body).ok()?)))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::event::Change;

    fn event(at: &str, to: &str) -> Event {
        Event {
            at: at.into(),
            change: Change::Status { from: Some("active.tendering".into()), to: Some(to.into()), lot: None },
        }
    }

    #[test]
    fn events_are_read_back_newest_first_with_their_record() {
        let h = History::own(std::path::Path::new(":memory:")).unwrap();
        let doc = json!({"id": "ABCDEF0123456789abcdef0123456789", "tenderID": "UA-2026-01-01-000001-a", "title": "Папір <офісний>",
            "procuringEntity": {"identifier": {"id": "01234567"}}});
        h.publish(Kind::Tender, &doc, &[event("2026-11-29T10:00:00+02:00", "active.auction")]).unwrap();
        h.publish(Kind::Tender, &doc, &[event("2026-11-29T11:00:00+02:00", "active.qualification")]).unwrap();
        let (rows, total) =
            h.read(|db| page(db, Target::Record("tenders", "abcdef0123456789ABCDEF0123456789"), &[], 0, 10)).unwrap();
        assert_eq!(total, 2);
        assert_eq!(rows[0]["to"], "active.qualification");
        assert_eq!(rows[0]["type"], "status");
        assert_eq!(rows[0]["recordKey"], "UA-2026-01-01-000001-a");
        assert_eq!(rows[0]["recordTitle"], "Папір <офісний>");
        assert!(rows[0]["seq"].as_i64().unwrap() > rows[1]["seq"].as_i64().unwrap());
        let later =
            h.read(|db| after(db, Target::Record("tenders", "abcdef0123456789abcdef0123456789"), 1, 10)).unwrap();
        assert_eq!(later.len(), 1);
        // A buyer's follow carries its new records and awards, not every status.
        assert_eq!(h.read(|db| page(db, Target::Buyer("01234567"), &[], 0, 10)).unwrap().1, 0);
        assert_eq!(h.versions().unwrap().len(), 1, "one version per record is kept");
        assert!(h.read(begins).unwrap().is_some());
        assert!(!h.read(epoch).unwrap().is_empty());
        let typed = h.read(|db| {
            page(db, Target::Record("tenders", &doc["id"].as_str().unwrap().to_lowercase()), &["period".into()], 0, 10)
        });
        assert_eq!(typed.unwrap().1, 0);
    }
}
