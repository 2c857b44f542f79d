//! Leases of the portal's periodic jobs (the saved-search alerts, and the mails of
//! followed tenders after them): with several portal replicas, the one holding a job's
//! lease runs it and the others skip their turn. A lease is taken for a time and renewed
//! by its holder at each of its runs; a holder that stops (a crash, a scale-down) lets it
//! lapse, and the next replica to ask gets it. The job's key authenticates the calls.
//!
//! `POST /api/jobs/{name}/lease` with `{"holder": "...", "seconds": N}`: `200` with the
//! lease (`holder`, `until` in milliseconds) when it is free, lapsed or already the
//! holder's (then renewed); `409` with the current holder's `until` otherwise.

use super::saved::job;
use super::Users;
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::{dates, AppState};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use rusqlite::{params, OptionalExtension};
use serde::Deserialize;
use serde_json::json;

pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS job_leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL,
      until INTEGER NOT NULL) WITHOUT ROWID;";

/// The longest lease one call takes: a holder that stopped frees its job within this.
pub const MAX_LEASE_SECONDS: u64 = 3600;

/// A job's lease as granted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub holder: String,
    /// Milliseconds since the epoch.
    pub until: i64,
}

impl Users {
    /// Gives `name`'s lease to `holder` until `now + seconds` when it is free, lapsed
    /// or `holder`'s own; otherwise [`UpstreamError::Conflict`] naming when it lapses.
    pub fn take_lease(&self, name: &str, holder: &str, seconds: u64, now: i64) -> Result<Lease, UpstreamError> {
        check_name("name", name, 32)?;
        check_name("holder", holder, 64)?;
        if !(1..=MAX_LEASE_SECONDS).contains(&seconds) {
            return Err(UpstreamError::invalid("seconds", format!("between 1 and {MAX_LEASE_SECONDS}")));
        }
        self.write(|tx| {
            let current: Option<(String, i64)> = tx
                .query_row("SELECT holder, until FROM job_leases WHERE name = ?1", [name], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?;
            if let Some((other, until)) = current.filter(|(other, until)| other != holder && *until > now) {
                return Err(UpstreamError::Conflict(format!("the {name} job is held by {other} until {until}")));
            }
            let until = now + (seconds as i64) * 1000;
            tx.execute(
                "INSERT INTO job_leases (name, holder, until) VALUES (?1, ?2, ?3)
                 ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until",
                params![name, holder, until],
            )?;
            Ok(Lease { holder: holder.to_owned(), until })
        })
    }
}

/// Job and holder names: short, of letters, digits, `-` and `_` (they go into logs).
fn check_name(field: &str, value: &str, max: usize) -> Result<(), UpstreamError> {
    let fine = !value.is_empty()
        && value.len() <= max
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(())
    } else {
        Err(UpstreamError::invalid(field, format!("1 to {max} letters, digits, '-' or '_'")))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaseAsk {
    holder: String,
    seconds: u64,
}

pub(super) async fn take(
    State(s): State<AppState>,
    h: HeaderMap,
    Path(name): Path<String>,
    b: Bytes,
) -> Result<JsonAnswer, UpstreamError> {
    job(&s, &h)?;
    let ask: LeaseAsk = serde_json::from_slice(&b).map_err(|e| UpstreamError::MalformedJson(e.to_string()))?;
    let lease = s.users.take_lease(&name, &ask.holder, ask.seconds, dates::now_ms())?;
    Ok(JsonAnswer::ok(json!({ "data": { "name": name, "holder": lease.holder, "until": lease.until } })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_at_a_time_until_the_lease_lapses() {
        let users = Users::open(&crate::UpstreamConfig::for_data_dir("unused")).unwrap();
        let a = users.take_lease("alerts", "replica-a", 30, 1_000).unwrap();
        assert_eq!(a, Lease { holder: "replica-a".into(), until: 31_000 });
        // Another replica is refused while it runs, the holder renews.
        assert!(matches!(users.take_lease("alerts", "replica-b", 30, 20_000), Err(UpstreamError::Conflict(_))));
        assert_eq!(users.take_lease("alerts", "replica-a", 30, 20_000).unwrap().until, 50_000);
        // Another job is its own lease.
        assert!(users.take_lease("follows", "replica-b", 30, 20_000).is_ok());
        // Lapsed: the next to ask has it, and the old holder is then refused.
        assert_eq!(users.take_lease("alerts", "replica-b", 30, 50_001).unwrap().holder, "replica-b");
        assert!(matches!(users.take_lease("alerts", "replica-a", 30, 50_002), Err(UpstreamError::Conflict(_))));
    }

    #[test]
    fn names_and_times_are_checked() {
        let users = Users::open(&crate::UpstreamConfig::for_data_dir("unused")).unwrap();
        for (name, holder, seconds) in
            [("", "a", 10), ("alerts", "", 10), ("al erts", "a", 10), ("alerts", "a\n", 10), ("alerts", "a", 0)]
        {
            assert!(matches!(users.take_lease(name, holder, seconds, 0), Err(UpstreamError::InvalidParameter { .. })));
        }
        assert!(users.take_lease("alerts", "a", MAX_LEASE_SECONDS + 1, 0).is_err());
    }
}
