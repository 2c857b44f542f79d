//! Monitorings of the State Audit Service (Держаудитслужба) in the shape of the
//! platform's monitoring API (openprocurement.audit.api 2.5): derived at start-up for a
//! share of the tenders (`derive`), kept newest first with lookups by id, by
//! `monitoring_id` and by tender, and served by `api` (`/api/monitorings*` and
//! `/api/tenders/{id}/monitorings`); changed by the development API (`changes`), each
//! change making its tender's history events.

mod api;
pub mod changes;
pub mod derive;

pub use api::routes;

use serde_json::Value;
use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap};

/// Every monitoring status of the audit API (`draft` never leaves it: none is served).
pub const STATUSES: [&str; 8] =
    ["draft", "active", "addressed", "declined", "completed", "closed", "stopped", "cancelled"];

/// True for the statuses that make a tender's `hasActiveMonitoring`.
pub fn is_active(status: &str) -> bool {
    matches!(status, "active" | "addressed")
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// The loaded monitorings.
#[derive(Debug, Default, PartialEq)]
pub struct Monitorings {
    all: Vec<Value>,
    by_id: HashMap<String, usize>,
    by_tender: HashMap<String, Vec<usize>>,
}

impl Monitorings {
    /// Indexes `all`, ordered newest first (`dateCreated` descending, then id).
    pub fn new(mut all: Vec<Value>) -> Self {
        all.sort_by_cached_key(|m| {
            (Reverse(crate::dates::parse(text(&m["dateCreated"])).unwrap_or_default()), text(&m["id"]).to_string())
        });
        let mut by_id = HashMap::new();
        let mut by_tender: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, m) in all.iter().enumerate() {
            by_id.insert(text(&m["id"]).to_lowercase(), i);
            by_id.insert(text(&m["monitoring_id"]).to_lowercase(), i);
            by_tender.entry(text(&m["tender_id"]).to_lowercase()).or_default().push(i);
        }
        Self { all, by_id, by_tender }
    }

    /// Every monitoring, newest first.
    pub fn all(&self) -> &[Value] {
        &self.all
    }

    /// Number of monitorings.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// The monitoring with this 32-hex `id` or `monitoring_id` (case-insensitive).
    pub fn get(&self, id: &str) -> Option<&Value> {
        self.by_id.get(&id.to_lowercase()).map(|&i| &self.all[i])
    }

    /// The monitorings of the tender with this 32-hex id, newest first.
    pub fn of_tender(&self, tender_id: &str) -> Vec<&Value> {
        self.by_tender.get(&tender_id.to_lowercase()).into_iter().flatten().map(|&i| &self.all[i]).collect()
    }

    /// Sets the monitorings of the tender with this 32-hex id (its monitorings all, as
    /// the development API changed them); answers those it had.
    pub fn replace_tender(&mut self, tender_id: &str, monitorings: Vec<Value>) -> Vec<Value> {
        let tender = tender_id.to_lowercase();
        let (old, mut kept): (Vec<Value>, Vec<Value>) =
            std::mem::take(&mut self.all).into_iter().partition(|m| text(&m["tender_id"]).to_lowercase() == tender);
        kept.extend(monitorings);
        *self = Self::new(kept);
        old
    }

    /// Ids of the tenders with an `active` or `addressed` monitoring.
    pub fn active_tenders(&self) -> BTreeSet<String> {
        self.all
            .iter()
            .filter(|m| is_active(text(&m["status"])))
            .map(|m| text(&m["tender_id"]).to_lowercase())
            .collect()
    }
}
