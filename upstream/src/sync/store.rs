//! The mirror's store: one SQLite file (`mirror.sqlite3` in the store folder) holding
//! every record as the feed last gave it (JSON, deflated) and each register's cursors.
//! A page's records and the cursor past them are written in one transaction, so a crash
//! at any moment leaves the cursor at or before the records it covers: the next start
//! repeats at most one page, and storing a record twice is harmless.

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
                 PRIMARY KEY (register, direction));",
        )
        .map_err(sql)?;
        Ok(Self { path, db: Mutex::new(db) })
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

    /// Writes records (those newer than the stored copy) and a cursor, in one transaction.
    pub fn save_page(
        &self,
        kind: Kind,
        docs: &[Value],
        cursor: Option<(Direction, &str)>,
        backward_done: bool,
    ) -> Result<(), StoreError> {
        let mut db = self.conn();
        let tx = db.transaction().map_err(|e| self.sql(e))?;
        {
            let mut put = tx
                .prepare_cached(
                    "INSERT INTO records (register, id, modified, body) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (register, id) DO UPDATE SET modified = excluded.modified, body = excluded.body
                     WHERE excluded.modified >= records.modified",
                )
                .map_err(|e| self.sql(e))?;
            for doc in docs {
                let Some(id) = doc["id"].as_str() else { continue };
                let modified = crate::records::modified_of(doc).unwrap_or(0);
                let text = serde_json::to_vec(doc).unwrap_or_default();
                put.execute(params![register(kind), id, modified, deflate(&text)]).map_err(|e| self.sql(e))?;
            }
            let mut cur = tx
                .prepare_cached(
                    "INSERT INTO cursors (register, direction, offset, saved) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (register, direction) DO UPDATE SET offset = excluded.offset, saved = excluded.saved",
                )
                .map_err(|e| self.sql(e))?;
            if let Some((dir, offset)) = cursor {
                cur.execute(params![register(kind), dir.name(), offset, crate::dates::now_ms()])
                    .map_err(|e| self.sql(e))?;
            }
            if backward_done {
                cur.execute(params![register(kind), "backward_done", "1", crate::dates::now_ms()])
                    .map_err(|e| self.sql(e))?;
            }
        }
        tx.commit().map_err(|e| self.sql(e))
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

    /// Every stored record of a register, one at a time (none is kept): what a start
    /// reads its indexes from.
    pub fn for_each(&self, kind: Kind, mut f: impl FnMut(Value)) -> Result<(), StoreError> {
        let db = self.conn();
        let mut st = db.prepare("SELECT id, body FROM records WHERE register = ?1").map_err(|e| self.sql(e))?;
        let mut rows = st.query(params![register(kind)]).map_err(|e| self.sql(e))?;
        while let Some(row) = rows.next().map_err(|e| self.sql(e))? {
            let id: String = row.get(0).map_err(|e| self.sql(e))?;
            let body: Vec<u8> = row.get(1).map_err(|e| self.sql(e))?;
            f(self.decode(&id, &body)?);
        }
        Ok(())
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
