//! The central database's feed (openprocurement.api 2.5, `GET /{tenders|plans|contracts}`)
//! as this upstream serves it: the stand-in that the sync client ([`crate::sync`]) is
//! tested against, and that `make run` can change through the development API.
//!
//! What it does, as `views/base.py` and `database.py` of the API do:
//! - rows are ordered by the server's `public_modified` (milliseconds here), not by
//!   `dateModified`; rows sharing it are ordered by id;
//! - the cursor ([`offset`]) leaves out the rows of the last page that share its
//!   timestamp, when the same rows are still there (their count and hash agree);
//! - an offset it cannot read is a 404; an empty page echoes the offset it was given;
//! - `limit` defaults to 100, is cut to 1000 and raised to 1; a `limit` that is not a
//!   number is a 400;
//! - `descending` (any non-empty value) reverses the order, and `prev_page` turns round;
//! - the watermark: rows newer than [`WATERMARK_MS`] are held back, on a forward page and
//!   on the first descending page (whose offset starts the forward crawl);
//! - only public records (not `draft`, not `deleted`); `mode=test` lists test records
//!   only, `mode=_all_` all, and no `mode` the real ones.

pub mod api;
pub mod catalogue;
pub mod faults;
pub mod offset;
pub mod patch;

use crate::records::Kind;
use crate::store::Data;
use serde_json::{json, Map, Value};
use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

/// How long a written row stays out of the feed: writes commit out of order within it.
pub const WATERMARK_MS: i64 = 1_000;
/// The page size when none is asked for.
pub const DEFAULT_LIMIT: i64 = 100;
/// The largest page.
pub const MAX_LIMIT: i64 = 1_000;

/// One record's row in the feed.
#[derive(Debug, Clone)]
struct Row {
    public_modified: i64,
    date_modified: String,
    public: bool,
    test: bool,
}

/// One register's rows, in feed order.
#[derive(Debug, Default)]
struct Register {
    order: BTreeSet<(i64, String)>,
    rows: HashMap<String, Row>,
}

impl Register {
    fn put(&mut self, id: String, row: Row) {
        if let Some(old) = self.rows.get(&id) {
            self.order.remove(&(old.public_modified, id.clone()));
        }
        self.order.insert((row.public_modified, id.clone()));
        self.rows.insert(id, row);
    }
}

/// The feed of every register, built from the data on first use and kept in step with
/// each change published through it.
#[derive(Debug, Default)]
pub struct Journal {
    registers: [Mutex<Option<Register>>; 3],
    /// The stand-in catalogue feed's objects.
    pub catalogue: catalogue::Catalogue,
    /// The last `public_modified` handed out, so that two changes never go back in time.
    last: Mutex<i64>,
    pub faults: faults::Faults,
}

fn slot(kind: Kind) -> usize {
    match kind {
        Kind::Tender => 0,
        Kind::Plan => 1,
        Kind::Contract => 2,
    }
}

/// The register names the feed serves.
pub fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "tenders" => Some(Kind::Tender),
        "plans" => Some(Kind::Plan),
        "contracts" => Some(Kind::Contract),
        _ => None,
    }
}

/// Whether a record is public in the feed's sense, and whether it is a test record.
fn visibility(doc: &Value) -> (bool, bool) {
    let status = doc["status"].as_str().unwrap_or_default();
    (!matches!(status, "draft" | "deleted"), doc["mode"].as_str() == Some("test"))
}

/// The parameters of a feed request, as given.
#[derive(Debug, Default, Clone)]
pub struct FeedQuery {
    pub offset: Option<String>,
    pub limit: Option<String>,
    pub descending: bool,
    pub opt_fields: Option<String>,
    pub mode: Option<String>,
}

/// Why a feed request was refused.
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    #[error(transparent)]
    Offset(#[from] offset::BadOffset),
    #[error("invalid literal for int() with base 10: '{0}'")]
    Limit(String),
}

/// The fields a register's feed may add to its rows (`opt_fields`), as the API lists them.
fn allowed_fields(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Tender => &[
            "dateCreated",
            "tenderPeriod",
            "qualificationPeriod",
            "auctionPeriod",
            "awardPeriod",
            "status",
            "tenderID",
            "lots",
            "contracts",
            "agreements",
            "procuringEntity",
            "procurementMethodType",
            "procurementMethod",
            "next_check",
            "mode",
            "stage2TenderID",
            "public_modified",
        ],
        Kind::Plan => {
            &["dateCreated", "status", "planID", "procuringEntity", "procurementMethodType", "mode", "public_modified"]
        }
        Kind::Contract => &["dateCreated", "contractID", "status", "public_modified"],
    }
}

impl Journal {
    /// A new `public_modified` for a change written now: never before the last one.
    pub fn stamp(&self) -> i64 {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        *last = (*last).max(crate::dates::now_ms());
        *last
    }

    fn with<R>(&self, data: &Data, kind: Kind, f: impl FnOnce(&mut Register) -> R) -> R {
        let mut guard = self.registers[slot(kind)].lock().unwrap_or_else(|e| e.into_inner());
        let reg = guard.get_or_insert_with(|| Self::build(data, kind));
        f(reg)
    }

    /// The rows of every stored record: its `public_modified` is its `dateModified`, but
    /// never later than now less the watermark (the shipped examples are dated ahead).
    fn build(data: &Data, kind: Kind) -> Register {
        let c = data.collection(kind);
        let cap = crate::dates::now_ms() - 2 * WATERMARK_MS;
        let mut reg = Register::default();
        for d in 0..c.len() as u32 {
            if c.index.is_dead(d) {
                continue;
            }
            let id = data.hex_id(c, d);
            if id.is_empty() || reg.rows.contains_key(&id) && c.index.lookup(&id) != Some(d) {
                continue;
            }
            let doc = data.document(c, d);
            let (public, test) = visibility(&doc);
            let date_modified = doc["dateModified"].as_str().unwrap_or_default().to_string();
            let at = crate::records::modified_of(&doc).unwrap_or(cap).min(cap);
            reg.put(id, Row { public_modified: at, date_modified, public, test });
        }
        reg
    }

    /// Records a new version of a record, written at `public_modified`.
    pub fn publish(&self, data: &Data, kind: Kind, doc: &Value, public_modified: i64) {
        let Some(id) = doc["id"].as_str() else { return };
        let (public, test) = visibility(doc);
        let row = Row {
            public_modified,
            date_modified: doc["dateModified"].as_str().unwrap_or_default().to_string(),
            public,
            test,
        };
        self.with(data, kind, |reg| reg.put(id.to_string(), row));
    }

    /// One page of a register's feed at `now_ms`, with its `next_page` and `prev_page`
    /// links under `base` (`http://host/cdb/api/2.5/tenders`).
    pub fn page(&self, data: &Data, kind: Kind, q: &FeedQuery, base: &str, now_ms: i64) -> Result<Value, FeedError> {
        // Parameters, in the API's order and with its defaults.
        let given = q.offset.as_deref().filter(|o| !o.is_empty());
        let parsed = given.map(offset::parse).transpose()?;
        let mut params: Vec<(&str, String)> = Vec::new();
        if let Some(m) = q.mode.as_deref().filter(|m| !m.is_empty()) {
            params.push(("mode", m.to_string()));
        }
        let mut limit = DEFAULT_LIMIT;
        if let Some(l) = q.limit.as_deref().filter(|l| !l.is_empty()) {
            let n: i64 = l.trim().parse().map_err(|_| FeedError::Limit(l.to_string()))?;
            limit = n.min(MAX_LIMIT);
            params.push(("limit", limit.to_string()));
        }
        let limit = limit.max(1) as usize;
        if q.descending {
            params.push(("descending", "1".into()));
        }
        let allowed = allowed_fields(kind);
        let wanted: Vec<&str> = q
            .opt_fields
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .filter(|f| allowed.contains(f))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if !wanted.is_empty() {
            params.push(("opt_fields", wanted.join(",")));
        }
        let mut prev_params = params.clone();
        if q.descending {
            prev_params.retain(|(k, _)| *k != "descending");
        } else {
            prev_params.push(("descending", "1".into()));
        }

        // The query: public rows of the mode, past the offset, under the watermark.
        let mode = q.mode.as_deref().unwrap_or_default();
        let skip_len = parsed.as_ref().map_or(0, |o| o.skip_len);
        let watermark = (!q.descending || parsed.is_none()).then_some(now_ms - WATERMARK_MS);
        let rows: Vec<(String, Row)> = self.with(data, kind, |reg| {
            let keep = |(at, id): &&(i64, String)| {
                let row = &reg.rows[id];
                let mode_ok = match mode {
                    "test" => row.test,
                    "_all_" => true,
                    _ => !row.test,
                };
                row.public && mode_ok && watermark.is_none_or(|w| *at <= w)
            };
            let take = limit + skip_len;
            let pick = |it: &mut dyn Iterator<Item = &(i64, String)>| -> Vec<(String, Row)> {
                it.filter(keep).take(take).map(|(_, id)| (id.clone(), reg.rows[id].clone())).collect()
            };
            match (&parsed, q.descending) {
                (None, false) => pick(&mut reg.order.iter()),
                (None, true) => pick(&mut reg.order.iter().rev()),
                (Some(o), false) => {
                    let from = if skip_len > 0 { o.at_ms } else { o.at_ms + 1 };
                    pick(&mut reg.order.range((from, String::new())..))
                }
                (Some(o), true) => {
                    let to = if skip_len > 0 { o.at_ms + 1 } else { o.at_ms };
                    pick(&mut reg.order.range(..(to, String::new())).rev())
                }
            }
        });
        let mut rows = rows;
        if let (Some(o), false) = (&parsed, rows.is_empty()) {
            if skip_len > 0 {
                let (n, hash) = offset::skip_hash(
                    rows.iter().filter(|(_, r)| r.public_modified == o.at_ms).map(|(id, _)| id.as_str()),
                );
                if n == skip_len && hash == o.skip_hash {
                    rows.retain(|(_, r)| r.public_modified != o.at_ms);
                }
            }
        }
        let at_of = |i: usize| rows[i].1.public_modified;
        let ids_at = |at: i64| rows.iter().filter(move |(_, r)| r.public_modified == at).map(|(id, _)| id.as_str());
        if !rows.is_empty() {
            let (last, first) = (at_of(rows.len() - 1), at_of(0));
            params.push(("offset", offset::compose(last, ids_at(last))));
            prev_params.push(("offset", offset::compose(first, ids_at(first))));
        } else if let Some(o) = given {
            params.push(("offset", o.to_string()));
        }

        let c = data.collection(kind);
        let items: Vec<Value> = rows
            .iter()
            .map(|(id, row)| {
                let mut m = Map::new();
                m.insert("id".into(), json!(id));
                m.insert("dateModified".into(), json!(row.date_modified));
                let extra: Vec<&str> = wanted.iter().copied().filter(|f| *f != "public_modified").collect();
                if !extra.is_empty() {
                    if let Some(doc) = c.index.lookup(id).map(|d| data.document(c, d)) {
                        for f in extra {
                            if let Some(v) = doc.get(f) {
                                m.insert(f.to_string(), v.clone());
                            }
                        }
                    }
                }
                if wanted.contains(&"public_modified") {
                    m.insert("public_modified".into(), json!(row.public_modified as f64 / 1000.0));
                }
                Value::Object(m)
            })
            .collect();
        let link = |p: &[(&str, String)]| {
            let query: String = form_urlencoded::Serializer::new(String::new())
                .extend_pairs(p.iter().map(|(k, v)| (*k, v.as_str())))
                .finish();
            let path_only =
                base.find("://").and_then(|i| base[i + 3..].find('/').map(|j| &base[i + 3 + j..])).unwrap_or(base);
            let sep = if query.is_empty() { "" } else { "?" };
            json!({
                "offset": p.iter().find(|(k, _)| *k == "offset").map(|(_, v)| v.as_str()).unwrap_or(""),
                "path": format!("{path_only}{sep}{query}"),
                "uri": format!("{base}{sep}{query}"),
            })
        };
        let mut body = json!({"data": items, "next_page": link(&params)});
        if q.descending || given.is_some() {
            body["prev_page"] = link(&prev_params);
        }
        Ok(body)
    }
}
