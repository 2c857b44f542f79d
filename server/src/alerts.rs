//! The saved-search alert job: `portal alerts` runs it once (`make alerts`), and with
//! `alerts.enabled` the portal runs it every `alerts.intervalSeconds`.
//!
//! One run asks the users API for the searches due (with the job's key, `alerts.key`), and
//! for each one has the bundle write its alert (`web/src/machine/alert.ts`: the records
//! of the search modified after the search's watermark, each as its title, page and
//! facts, in the search's language, with the links to the whole search and to
//! unsubscribe), then hands that to the users API's `deliver`, which leaves out what the
//! search already mailed, writes at most one e-mail to the outbox and moves the
//! watermark, all in one transaction. A search that fails is logged and left for the next
//! run; the others go on. Two runs at once (the timer and `make alerts`) cannot mail one
//! search twice: the second one's `deliver` finds the watermark moved and is refused.
//! With several replicas, the timer of the one holding the job's lease runs ([`Lease`]).

use std::time::Duration;

use reqwest::Method;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::session::users::{self, CallError};
use crate::state::AppState;

/// How far the new watermark stays behind the run's start: a record modified just
/// before a run but searchable only after it is still found by the next run (the users
/// API remembers what it sent, so nothing is mailed twice).
pub const LAG_MS: i64 = 10 * 60_000;
/// Searches asked for at a time.
const PAGE: usize = 200;

/// A search due, as the users API lists it.
#[derive(Debug, Deserialize)]
struct Due {
    id: i64,
    register: String,
    query: String,
    name: String,
    language: String,
    since: i64,
    token: String,
}

#[derive(Debug, Deserialize)]
struct DueList {
    data: Vec<Due>,
}

/// What one run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Searches due.
    pub due: usize,
    /// E-mails written (one per search with something new).
    pub emails: usize,
    /// Records those e-mails list.
    pub records: usize,
    /// Searches another run got to first.
    pub skipped: usize,
    /// Searches that failed (left for the next run).
    pub failed: usize,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} searches due, {} e-mails with {} records, {} done by another run, {} failed",
            self.due, self.emails, self.records, self.skipped, self.failed
        )
    }
}

/// What a search's own run came to.
enum Outcome {
    Sent(usize),
    Skipped,
}

/// One run over every search due.
pub async fn run(state: &AppState) -> Result<Summary, String> {
    let key = state.config().alerts.key.as_str();
    if key.is_empty() {
        return Err("alerts.key (PORTAL_ALERTS_KEY) is not set".into());
    }
    let ready = state.ready().ok_or("the renderer is not ready")?;
    let started = dates::now_ms();
    let mut summary = Summary::default();
    let mut after = 0;
    loop {
        let page = due(state, key, after).await?;
        let full = page.len() == PAGE;
        for search in page {
            after = after.max(search.id);
            summary.due += 1;
            match one(state, ready, key, &search, started).await {
                Ok(Outcome::Sent(0)) => {}
                Ok(Outcome::Sent(n)) => {
                    summary.emails += 1;
                    summary.records += n;
                }
                Ok(Outcome::Skipped) => summary.skipped += 1,
                Err(e) => {
                    tracing::warn!(search = search.id, error = %e, "saved-search alert failed");
                    summary.failed += 1;
                }
            }
        }
        if !full {
            return Ok(summary);
        }
    }
}

async fn due(state: &AppState, key: &str, after: i64) -> Result<Vec<Due>, String> {
    let path = format!("/api/alerts/due?after={after}&limit={PAGE}");
    let list: DueList = users::get(state.http(), state.sessions().users(), &path, key)
        .await
        .map_err(|e| format!("users API: {path} answered {} (is UPSTREAM_ALERTS_KEY the same key?)", e.status()))?;
    Ok(list.data)
}

/// The bundle's address of a search's alert, or `None` for a search it cannot be.
fn alert_url(search: &Due) -> Option<String> {
    let register = crate::saved::REGISTERS.into_iter().find(|r| *r == search.register)?;
    let prefix = if search.language == "en" { "/en" } else { "" };
    // The users API keeps only URL query characters; no fragment may end the path early.
    if search.query.contains('#') {
        return None;
    }
    Some(format!("{prefix}/{register}.alert?{}", search.query))
}

async fn one(
    state: &AppState,
    ready: &crate::state::Ready,
    key: &str,
    search: &Due,
    started: i64,
) -> Result<Outcome, String> {
    let url = alert_url(search).ok_or_else(|| format!("not a search the portal knows: {}", search.register))?;
    let carried =
        json!({ "alert": { "id": search.id, "name": search.name, "since": search.since, "token": search.token } });
    let text = crate::machine::collect(state, ready, &url, carried).await?;
    let mut delivery: Value = serde_json::from_str(&text).map_err(|e| format!("{url}: {e}"))?;
    delivery["since"] = json!(search.since);
    delivery["until"] = json!(started - LAG_MS);
    let path = format!("/api/alerts/{}/deliver", search.id);
    match users::change(state.http(), state.sessions().users(), Method::POST, &path, key, delivery).await {
        Ok(answer) => Ok(Outcome::Sent(answer["data"]["sent"].as_array().map_or(0, Vec::len))),
        Err(refusal) if refusal.error == CallError::Refused(409) => Ok(Outcome::Skipped),
        Err(refusal) => Err(format!("users API: {path} answered {}", refusal.error.status())),
    }
}

/// The timer inside the portal: a run every `alerts.intervalSeconds` once the portal
/// serves (on the calling thread's runtime, whose isolate writes the e-mails). With
/// several replicas, only the holder of the job's lease runs ([`Lease`]); the others
/// ask again at their next turn and take over when the holder stops renewing.
pub async fn every_interval(state: AppState) {
    let interval = Duration::from_secs(state.config().alerts.interval_seconds);
    let lease = Lease::new("alerts", interval);
    while !state.serving() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    loop {
        match lease.take(&state).await {
            Ok(true) => match run(&state).await {
                Ok(summary) if summary.due > 0 => tracing::info!(%summary, "saved-search alerts"),
                Ok(_) => tracing::debug!("saved-search alerts: this replica ran the job, nothing was due"),
                Err(e) => tracing::warn!(error = %e, "saved-search alerts did not run"),
            },
            Ok(false) => tracing::debug!("saved-search alerts: another replica holds the job"),
            Err(e) => tracing::warn!(error = %e, "saved-search alerts did not run: no lease"),
        }
        tokio::time::sleep(interval).await;
    }
}

/// A periodic job's lease, held through the users API (`/api/jobs/{name}/lease`) by
/// this process under a name of its own: one replica runs the job at a time. It is
/// taken for three intervals and renewed at every turn, so a run longer than an
/// interval keeps it, and a holder that stopped frees the job three intervals after
/// its last turn at most. A run that outlives its lease is still safe: the users API
/// refuses a second delivery of one search (`409`).
pub struct Lease {
    name: &'static str,
    holder: String,
    seconds: u64,
}

impl Lease {
    pub fn new(name: &'static str, interval: Duration) -> Self {
        let holder = format!("portal-{}", &crate::session::csrf::random_id()[..16]);
        Self { name, holder, seconds: (interval.as_secs() * 3).clamp(30, 3600) }
    }

    /// True when this process holds the lease now (taken or renewed), false when
    /// another holds it.
    pub async fn take(&self, state: &AppState) -> Result<bool, String> {
        let path = format!("/api/jobs/{}/lease", self.name);
        let body = json!({ "holder": self.holder, "seconds": self.seconds });
        let key = state.config().alerts.key.as_str();
        match users::change(state.http(), state.sessions().users(), Method::POST, &path, key, body).await {
            Ok(_) => Ok(true),
            Err(refusal) if refusal.error == CallError::Refused(409) => Ok(false),
            Err(refusal) => Err(format!("users API: {path} answered {}", refusal.error.status())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn due(register: &str, query: &str, language: &str) -> Due {
        Due {
            id: 1,
            register: register.into(),
            query: query.into(),
            name: "n".into(),
            language: language.into(),
            since: 0,
            token: "t".into(),
        }
    }

    #[test]
    fn the_alert_of_a_search_is_its_register_and_query_in_its_language() {
        assert_eq!(
            alert_url(&due("tenders", "status%5B0%5D=active", "uk")).as_deref(),
            Some("/tenders.alert?status%5B0%5D=active")
        );
        assert_eq!(alert_url(&due("plans", "", "en")).as_deref(), Some("/en/plans.alert?"));
        assert_eq!(alert_url(&due("monitorings", "", "uk")), None);
        assert_eq!(alert_url(&due("tenders", "a=1#x", "uk")), None);
    }
}
