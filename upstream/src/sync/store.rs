//! The mirror's store: one SQLite file (`mirror.sqlite3` in the store folder) holding
//! every record as the feed last gave it (JSON, deflated), each register's cursors, and
//! per stored version its document number and index row (the fields the indexes read,
//! [`crate::records::Fields`]), so a start reads rows instead of records.
//! A page's records, their rows and the cursor past them are written in one transaction,
//! so a crash at any moment leaves the cursor at or before the records it covers: the
//! next start repeats at most one page, and storing a record twice is harmless.
//!
//! Document numbers only grow: a new version of a record takes the next number and its
//! old number's row goes, so the numbers without a row are the replaced versions. The
//! keyword index (a tantivy directory per register, [`Store::text_dir`]) is keyed by the
//! same numbers and says in its commit how far it has indexed; a start indexes the rest.

use crate::records::Kind;
use flate2::read::ZlibDecoder;
use flate2::write::ZlibEncoder;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A failure of the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("mirror store {path}: {source}")]
    Sql { path: String, source: rusqlite::Error },
    #[error("mirror store {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("mirror store {path}: record {id} is not JSON: {reason}")]
    Corrupt { path: String, id: String, reason: String },
    #[error("mirror store {path}: the index row of document {doc} is unreadable: {reason}")]
    Row { path: String, doc: u32, reason: String },
}

/// The version of the index rows' encoding: rows of another version are made again from
/// the records at the next start. 2: rows carry the record's unit prices (issue 47).
pub const ROWS_VERSION: i64 = 2;

/// One record's new version, ready to store: its JSON and its index row.
#[derive(Debug, Clone, Copy)]
pub struct Incoming<'a> {
    pub doc: &'a Value,
    pub row: &'a [u8],
}

/// What [`Store::save_page`] wrote for one incoming record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// Its position in the page given.
    pub at: usize,
    /// The document number the new version took.
    pub doc: u32,
    /// The number of the version it replaced.
    pub old: Option<u32>,
}

/// Which way a cursor reads the feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Newer changes, for ever.
    Forward,
    /// History, newest first, down to the back-fill date.
    Backward,
}

impl Direction {
    pub fn name(self) -> &'static str {
        match self {
            Direction::Forward => "forward",
            Direction::Backward => "backward",
        }
    }
}

/// A register's saved position.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cursors {
    pub forward: Option<String>,
    pub backward: Option<String>,
    /// The back-fill reached its end (an empty page, or the back-fill date).
    pub backward_done: bool,
}

/// The store.
pub struct Store {
    path: PathBuf,
    db: Mutex<Connection>,
    /// Held from writing a change to indexing it ([`Store::save_page_then`]).
    changing: Mutex<()>,
}

/// The history log's reads go through the store's connection.
impl crate::history::log::LogStore for Store {
    fn with_log(&self, f: &mut dyn FnMut(&Connection)) {
        f(&self.conn())
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Store({})", self.path.display())
    }
}

pub fn register(kind: Kind) -> &'static str {
    match kind {
        Kind::Tender => "tenders",
        Kind::Plan => "plans",
        Kind::Contract => "contracts",
    }
}

/// One past a register's last document number (0 for none), read on `db`: the
/// transaction about to number more, or the connection.
fn next_doc_in(db: &Connection, kind: Kind) -> rusqlite::Result<u32> {
    db.query_row("SELECT coalesce(max(doc) + 1, 0) FROM slots WHERE register = ?1", params![register(kind)], |r| {
        r.get(0)
    })
}

/// Whether a record was created (`dateCreated`, else `date`) at or after `since` (ms).
fn created_since(doc: &Value, since: i64) -> bool {
    let created = doc["dateCreated"].as_str().or(doc["date"].as_str()).and_then(crate::dates::parse);
    created.is_some_and(|c| c >= since)
}

fn deflate(text: &[u8]) -> Vec<u8> {
    let mut e = ZlibEncoder::new(Vec::with_capacity(text.len() / 4), flate2::Compression::fast());
    // Writing into a Vec cannot fail.
    let _ = e.write_all(text);
    e.finish().unwrap_or_default()
}

impl Store {
    /// Opens (or makes) the store in `dir`.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let io = |e| StoreError::Io { path: dir.display().to_string(), source: e };
        std::fs::create_dir_all(dir).map_err(io)?;
        let path = dir.join("mirror.sqlite3");
        let sql = |e| StoreError::Sql { path: path.display().to_string(), source: e };
        let db = Connection::open(&path).map_err(sql)?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS records (
                 register TEXT NOT NULL, id TEXT NOT NULL, modified INTEGER NOT NULL, body BLOB NOT NULL,
                 PRIMARY KEY (register, id)) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS cursors (
                 register TEXT NOT NULL, direction TEXT NOT NULL, offset TEXT NOT NULL, saved INTEGER NOT NULL,
                 PRIMARY KEY (register, direction));
             CREATE TABLE IF NOT EXISTS slots (
                 register TEXT NOT NULL, doc INTEGER NOT NULL, fields BLOB NOT NULL,
                 PRIMARY KEY (register, doc)) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS catalogue (
                 resource TEXT NOT NULL, id TEXT NOT NULL, modified TEXT NOT NULL, body BLOB NOT NULL,
                 PRIMARY KEY (resource, id)) WITHOUT ROWID;",
        )
        .map_err(sql)?;
        db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('rows_version', ?1)", params![ROWS_VERSION])
            .map_err(sql)?;
        // Stores from before the rows: each record gains its document number.
        let has_doc = db
            .prepare("SELECT 1 FROM pragma_table_info('records') WHERE name = 'doc'")
            .and_then(|mut st| st.exists([]))
            .map_err(sql)?;
        if !has_doc {
            db.execute_batch("ALTER TABLE records ADD COLUMN doc INTEGER").map_err(sql)?;
        }
        db.execute_batch("CREATE INDEX IF NOT EXISTS records_doc ON records (register, doc)").map_err(sql)?;
        // The history log: each replaced version's events, written with the new one.
        crate::history::log::init(&db).map_err(sql)?;
        Ok(Self { path, db: Mutex::new(db), changing: Mutex::new(()) })
    }

    /// The folder of a register's keyword index.
    pub fn text_dir(&self, kind: Kind) -> PathBuf {
        self.path.with_file_name("text").join(register(kind))
    }

    fn sql(&self, e: rusqlite::Error) -> StoreError {
        StoreError::Sql { path: self.path.display().to_string(), source: e }
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the store holds any record or cursor (a mirror to start from).
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        let db = self.conn();
        let n: i64 = db
            .query_row("SELECT (SELECT count(*) FROM records) + (SELECT count(*) FROM cursors)", [], |r| r.get(0))
            .map_err(|e| self.sql(e))?;
        Ok(n == 0)
    }

    /// The stored `dateModified` (epoch ms) of each of `ids`, where stored.
    pub fn modified(&self, kind: Kind, ids: &[String]) -> Result<Vec<Option<i64>>, StoreError> {
        let db = self.conn();
        let mut st = db
            .prepare_cached("SELECT modified FROM records WHERE register = ?1 AND id = ?2")
            .map_err(|e| self.sql(e))?;
        ids.iter()
            .map(|id| st.query_row(params![register(kind), id], |r| r.get(0)).optional().map_err(|e| self.sql(e)))
            .collect()
    }

    /// Writes records (those not older than the stored copy) with their index rows, and
    /// a cursor, in one transaction. Each record written takes the next document number;
    /// the row of the version it replaces goes. Of several versions of one id in the
    /// page, the last is taken. Says what it wrote. A running mirror saves through
    /// [`Self::save_page_then`], which indexes in the same turn; this alone is for a
    /// store nothing serves yet (its next start indexes what it lacks).
    pub fn save_page(
        &self,
        kind: Kind,
        page: &[Incoming<'_>],
        cursor: Option<(Direction, &str)>,
        backward_done: bool,
    ) -> Result<Vec<Written>, StoreError> {
        let _one = self.changing.lock().unwrap_or_else(|e| e.into_inner());
        self.write_page(kind, page, cursor, backward_done)
    }

    /// [`Self::save_page`], then `then` with what was written, before any other change
    /// is stored: the indexes take the store's numbers in the store's order. Says how
    /// many versions were written.
    pub fn save_page_then(
        &self,
        kind: Kind,
        page: &[Incoming<'_>],
        cursor: Option<(Direction, &str)>,
        backward_done: bool,
        then: impl FnOnce(&[Written]),
    ) -> Result<usize, StoreError> {
        let _one = self.changing.lock().unwrap_or_else(|e| e.into_inner());
        let written = self.write_page(kind, page, cursor, backward_done)?;
        then(&written);
        Ok(written.len())
    }

    fn write_page(
        &self,
        kind: Kind,
        page: &[Incoming<'_>],
        cursor: Option<(Direction, &str)>,
        backward_done: bool,
    ) -> Result<Vec<Written>, StoreError> {
        let reg = register(kind);
        let mut written = Vec::new();
        let mut db = self.conn();
        let tx = db.transaction().map_err(|e| self.sql(e))?;
        {
            let mut next = next_doc_in(&tx, kind).map_err(|e| self.sql(e))?;
            let mut old_of = tx
                .prepare_cached("SELECT doc, modified, body FROM records WHERE register = ?1 AND id = ?2")
                .map_err(|e| self.sql(e))?;
            // A record first seen while following the feed forwards, created since the
            // history began, is news (a buyer's new tender); the back-fill's are not.
            let begins = crate::history::log::begins(&tx).map_err(|e| self.sql(e))?.unwrap_or(i64::MAX);
            let forward = matches!(cursor, Some((Direction::Forward, _)));
            let mut put = tx
                .prepare_cached(
                    "INSERT INTO records (register, id, modified, body, doc) VALUES (?1, ?2, ?3, ?4, ?5)
                     ON CONFLICT (register, id) DO UPDATE
                     SET modified = excluded.modified, body = excluded.body, doc = excluded.doc",
                )
                .map_err(|e| self.sql(e))?;
            let mut put_row = tx
                .prepare_cached("INSERT OR REPLACE INTO slots (register, doc, fields) VALUES (?1, ?2, ?3)")
                .map_err(|e| self.sql(e))?;
            let mut drop_row =
                tx.prepare_cached("DELETE FROM slots WHERE register = ?1 AND doc = ?2").map_err(|e| self.sql(e))?;
            for (at, incoming) in page.iter().enumerate() {
                let Some(id) = incoming.doc["id"].as_str().filter(|id| !id.is_empty()) else { continue };
                if page[at + 1..].iter().any(|later| later.doc["id"].as_str() == Some(id)) {
                    continue;
                }
                let modified = crate::records::modified_of(incoming.doc).unwrap_or(0);
                let old: Option<(Option<u32>, i64, Vec<u8>)> = old_of
                    .query_row(params![reg, id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                    .optional()
                    .map_err(|e| self.sql(e))?;
                if old.as_ref().is_some_and(|(_, stored, _)| modified < *stored) {
                    continue;
                }
                let events = match &old {
                    Some((_, _, body)) => match self.decode(id, body) {
                        Ok(before) => crate::history::diff::changes(kind, &before, incoming.doc),
                        Err(e) => {
                            tracing::warn!(register = reg, id, error = %e, "the stored version is unreadable: no events");
                            Vec::new()
                        }
                    },
                    None if forward && created_since(incoming.doc, begins) => {
                        vec![crate::history::diff::created(kind, incoming.doc)]
                    }
                    None => Vec::new(),
                };
                crate::history::log::append(&tx, &crate::history::log::RecordRef::of(kind, incoming.doc), &events)
                    .map_err(|e| self.sql(e))?;
                let old = old.and_then(|(doc, _, _)| doc);
                if let Some(d) = old {
                    drop_row.execute(params![reg, d]).map_err(|e| self.sql(e))?;
                }
                let text = serde_json::to_vec(&incoming.doc).unwrap_or_default();
                put.execute(params![reg, id, modified, deflate(&text), next]).map_err(|e| self.sql(e))?;
                put_row.execute(params![reg, next, incoming.row]).map_err(|e| self.sql(e))?;
                written.push(Written { at, doc: next, old });
                next += 1;
            }
            let mut cur = tx
                .prepare_cached(
                    "INSERT INTO cursors (register, direction, offset, saved) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (register, direction) DO UPDATE SET offset = excluded.offset, saved = excluded.saved",
                )
                .map_err(|e| self.sql(e))?;
            if let Some((dir, offset)) = cursor {
                cur.execute(params![reg, dir.name(), offset, crate::dates::now_ms()]).map_err(|e| self.sql(e))?;
            }
            if backward_done {
                cur.execute(params![reg, "backward_done", "1", crate::dates::now_ms()]).map_err(|e| self.sql(e))?;
            }
        }
        tx.commit().map_err(|e| self.sql(e))?;
        Ok(written)
    }

    /// The number the next stored version of a register will take: one past the last.
    pub fn next_doc(&self, kind: Kind) -> Result<u32, StoreError> {
        next_doc_in(&self.conn(), kind).map_err(|e| self.sql(e))
    }

    /// Whether every record of a register has its row in the current encoding (a store
    /// written by an older version may not).
    pub fn rows_whole(&self, kind: Kind) -> Result<bool, StoreError> {
        let db = self.conn();
        let version: Option<i64> = db
            .query_row("SELECT value FROM meta WHERE key = 'rows_version'", [], |r| r.get(0))
            .optional()
            .map_err(|e| self.sql(e))?;
        if version.is_some_and(|v| v != ROWS_VERSION) {
            return Ok(false);
        }
        let (records, rows): (i64, i64) = db
            .query_row(
                "SELECT (SELECT count(*) FROM records WHERE register = ?1),
                        (SELECT count(*) FROM slots WHERE register = ?1)",
                params![register(kind)],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(|e| self.sql(e))?;
        Ok(records == rows)
    }

    /// Numbers every record of a register again (0, 1, … in id order) and makes its row
    /// with `row_of`, in one transaction: the repair of a store whose rows are missing or
    /// of another encoding. Its keyword index must then be built again.
    pub fn renumber(&self, kind: Kind, mut row_of: impl FnMut(&Value) -> Vec<u8>) -> Result<u32, StoreError> {
        let reg = register(kind);
        let mut db = self.conn();
        let tx = db.transaction().map_err(|e| self.sql(e))?;
        let mut n: u32 = 0;
        {
            tx.execute("DELETE FROM slots WHERE register = ?1", params![reg]).map_err(|e| self.sql(e))?;
            let mut read =
                tx.prepare("SELECT id, body FROM records WHERE register = ?1 ORDER BY id").map_err(|e| self.sql(e))?;
            let mut number =
                tx.prepare("UPDATE records SET doc = ?3 WHERE register = ?1 AND id = ?2").map_err(|e| self.sql(e))?;
            let mut put_row =
                tx.prepare("INSERT INTO slots (register, doc, fields) VALUES (?1, ?2, ?3)").map_err(|e| self.sql(e))?;
            let mut rows = read.query(params![reg]).map_err(|e| self.sql(e))?;
            while let Some(r) = rows.next().map_err(|e| self.sql(e))? {
                let id: String = r.get(0).map_err(|e| self.sql(e))?;
                let body: Vec<u8> = r.get(1).map_err(|e| self.sql(e))?;
                let doc = self.decode(&id, &body)?;
                number.execute(params![reg, id, n]).map_err(|e| self.sql(e))?;
                put_row.execute(params![reg, n, row_of(&doc)]).map_err(|e| self.sql(e))?;
                n += 1;
            }
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('rows_version', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![ROWS_VERSION],
        )
        .map_err(|e| self.sql(e))?;
        tx.commit().map_err(|e| self.sql(e))?;
        Ok(n)
    }

    /// Every index row of a register, by document number.
    pub fn rows(&self, kind: Kind, mut f: impl FnMut(u32, &[u8]) -> Result<(), StoreError>) -> Result<(), StoreError> {
        let db = self.conn();
        let mut st =
            db.prepare("SELECT doc, fields FROM slots WHERE register = ?1 ORDER BY doc").map_err(|e| self.sql(e))?;
        let mut rows = st.query(params![register(kind)]).map_err(|e| self.sql(e))?;
        while let Some(row) = rows.next().map_err(|e| self.sql(e))? {
            let doc: u32 = row.get(0).map_err(|e| self.sql(e))?;
            let bytes = row.get_ref(1).map_err(|e| self.sql(e))?.as_blob().map_err(|e| self.sql(e.into()))?;
            f(doc, bytes)?;
        }
        Ok(())
    }

    /// Every current record of a register from document number `from` on, by number.
    pub fn records_from(
        &self,
        kind: Kind,
        from: u32,
        mut f: impl FnMut(u32, Value) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let db = self.conn();
        let mut st = db
            .prepare("SELECT doc, id, body FROM records WHERE register = ?1 AND doc >= ?2 ORDER BY doc")
            .map_err(|e| self.sql(e))?;
        let mut rows = st.query(params![register(kind), from]).map_err(|e| self.sql(e))?;
        while let Some(row) = rows.next().map_err(|e| self.sql(e))? {
            let doc: u32 = row.get(0).map_err(|e| self.sql(e))?;
            let id: String = row.get(1).map_err(|e| self.sql(e))?;
            let body = row.get_ref(2).map_err(|e| self.sql(e))?.as_blob().map_err(|e| self.sql(e.into()))?;
            f(doc, self.decode(&id, body)?)?;
        }
        Ok(())
    }

    /// The error of an unreadable row.
    pub fn bad_row(&self, doc: u32, reason: impl std::fmt::Display) -> StoreError {
        StoreError::Row { path: self.path.display().to_string(), doc, reason: reason.to_string() }
    }

    /// A register's cursors.
    pub fn cursors(&self, kind: Kind) -> Result<Cursors, StoreError> {
        let db = self.conn();
        let mut st =
            db.prepare_cached("SELECT direction, offset FROM cursors WHERE register = ?1").map_err(|e| self.sql(e))?;
        let rows = st
            .query_map(params![register(kind)], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| self.sql(e))?;
        let mut c = Cursors::default();
        for row in rows {
            let (dir, offset) = row.map_err(|e| self.sql(e))?;
            match dir.as_str() {
                "forward" => c.forward = Some(offset),
                "backward" => c.backward = Some(offset),
                "backward_done" => c.backward_done = true,
                _ => {}
            }
        }
        Ok(c)
    }

    /// Forgets a register's cursors (the feed refused them): the next start reads from
    /// the head again. Its records stay.
    pub fn drop_cursors(&self, kind: Kind) -> Result<(), StoreError> {
        self.conn()
            .execute("DELETE FROM cursors WHERE register = ?1", params![register(kind)])
            .map_err(|e| self.sql(e))?;
        Ok(())
    }

    /// Number of stored records of a register.
    pub fn count(&self, kind: Kind) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn()
            .query_row("SELECT count(*) FROM records WHERE register = ?1", params![register(kind)], |r| r.get(0))
            .map_err(|e| self.sql(e))?;
        Ok(n as usize)
    }

    fn decode(&self, id: &str, body: &[u8]) -> Result<Value, StoreError> {
        let mut text = Vec::with_capacity(body.len() * 4);
        let corrupt =
            |reason: String| StoreError::Corrupt { path: self.path.display().to_string(), id: id.to_string(), reason };
        ZlibDecoder::new(body).read_to_end(&mut text).map_err(|e| corrupt(e.to_string()))?;
        serde_json::from_slice(&text).map_err(|e| corrupt(e.to_string()))
    }

    /// One stored record.
    pub fn get(&self, kind: Kind, id: &str) -> Result<Option<Value>, StoreError> {
        let db = self.conn();
        let mut st =
            db.prepare_cached("SELECT body FROM records WHERE register = ?1 AND id = ?2").map_err(|e| self.sql(e))?;
        let body: Option<Vec<u8>> =
            st.query_row(params![register(kind), id], |r| r.get(0)).optional().map_err(|e| self.sql(e))?;
        body.map(|b| self.decode(id, &b)).transpose()
    }

    /// The stored `dateModified` (as the catalogue wrote it) of each of `ids` of a
    /// catalogue resource, where stored.
    pub fn catalogue_modified(&self, resource: &str, ids: &[String]) -> Result<Vec<Option<String>>, StoreError> {
        let db = self.conn();
        let mut st = db
            .prepare_cached("SELECT modified FROM catalogue WHERE resource = ?1 AND id = ?2")
            .map_err(|e| self.sql(e))?;
        ids.iter()
            .map(|id| st.query_row(params![resource, id], |r| r.get(0)).optional().map_err(|e| self.sql(e)))
            .collect()
    }

    /// Writes catalogue objects of a resource and its cursor (the offset of the next
    /// page) in one transaction.
    pub fn save_catalogue(&self, resource: &str, objects: &[Value], cursor: &str) -> Result<(), StoreError> {
        let mut db = self.conn();
        let tx = db.transaction().map_err(|e| self.sql(e))?;
        {
            let mut put = tx
                .prepare_cached(
                    "INSERT INTO catalogue (resource, id, modified, body) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (resource, id) DO UPDATE SET modified = excluded.modified, body = excluded.body",
                )
                .map_err(|e| self.sql(e))?;
            for o in objects {
                let Some(id) = o["id"].as_str().filter(|id| !id.is_empty()) else { continue };
                let modified = o["dateModified"].as_str().unwrap_or_default();
                let text = serde_json::to_vec(o).unwrap_or_default();
                put.execute(params![resource, id, modified, deflate(&text)]).map_err(|e| self.sql(e))?;
            }
            tx.execute(
                "INSERT INTO cursors (register, direction, offset, saved) VALUES (?1, 'forward', ?2, ?3)
                 ON CONFLICT (register, direction) DO UPDATE SET offset = excluded.offset, saved = excluded.saved",
                params![format!("catalogue/{resource}"), cursor, crate::dates::now_ms()],
            )
            .map_err(|e| self.sql(e))?;
        }
        tx.commit().map_err(|e| self.sql(e))
    }

    /// A catalogue resource's saved offset (empty: from the start).
    pub fn catalogue_cursor(&self, resource: &str) -> Result<String, StoreError> {
        let db = self.conn();
        db.query_row(
            "SELECT offset FROM cursors WHERE register = ?1 AND direction = 'forward'",
            params![format!("catalogue/{resource}")],
            |r| r.get(0),
        )
        .optional()
        .map(Option::unwrap_or_default)
        .map_err(|e| self.sql(e))
    }

    /// Every stored object of a catalogue resource.
    pub fn catalogue(&self, resource: &str) -> Result<Vec<Value>, StoreError> {
        let db = self.conn();
        let mut st =
            db.prepare("SELECT id, body FROM catalogue WHERE resource = ?1 ORDER BY id").map_err(|e| self.sql(e))?;
        let mut rows = st.query(params![resource]).map_err(|e| self.sql(e))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().map_err(|e| self.sql(e))? {
            let id: String = row.get(0).map_err(|e| self.sql(e))?;
            let body = row.get_ref(1).map_err(|e| self.sql(e))?.as_blob().map_err(|e| self.sql(e.into()))?;
            out.push(self.decode(&id, body)?);
        }
        Ok(out)
    }

    /// Whether the store holds any catalogue object.
    pub fn has_catalogue(&self) -> Result<bool, StoreError> {
        self.conn().query_row("SELECT EXISTS (SELECT 1 FROM catalogue)", [], |r| r.get(0)).map_err(|e| self.sql(e))
    }

    /// (id, `dateModified` ms) of every stored record of a register, by id.
    pub fn ids(&self, kind: Kind) -> Result<Vec<(String, i64)>, StoreError> {
        let db = self.conn();
        let mut st =
            db.prepare("SELECT id, modified FROM records WHERE register = ?1 ORDER BY id").map_err(|e| self.sql(e))?;
        let rows = st.query_map(params![register(kind)], |r| Ok((r.get(0)?, r.get(1)?))).map_err(|e| self.sql(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.sql(e))
    }
}
