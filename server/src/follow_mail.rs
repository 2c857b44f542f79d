//! The follows' mail job: every `follows.intervalSeconds` (whenever the job key,
//! `alerts.key`, is set) the portal holding the job's lease asks the users API for the
//! followers with news (`GET /api/follows/due`: each with its follows' change events
//! after their cursors), has the bundle write each follower's one e-mail of the round
//! (`web/src/machine/follows.ts` at `[/en]/follows.mail`: what changed, grouped by
//! record, each line with the link straight to it, in the follower's language), and hands
//! it to `POST /api/follows/deliver`. The users API writes the e-mail and moves the
//! cursors in one transaction, and refuses (409) a cursor that moved since the job read
//! it: a retry, a restart or a second replica never mails an event to a follower twice.

use std::time::Duration;

use reqwest::Method;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::alerts::Lease;
use crate::session::users::{self, CallError};
use crate::state::AppState;

/// Followers asked for at a time.
const PAGE: usize = 100;

#[derive(Debug, Deserialize)]
struct DueFollower {
    follower: i64,
    language: String,
    unsubscribe: String,
    epoch: String,
    /// The follower's follows as the users API read them (handed back to `deliver`).
    #[serde(default)]
    state: Option<String>,
    items: Vec<Value>,
}

#[derive(Debug, Deserialize)]
struct DueList {
    data: Vec<DueFollower>,
    next: Option<i64>,
}

/// What one round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Followers with news.
    pub due: usize,
    /// E-mails written.
    pub emails: usize,
    /// Changes those e-mails tell (listed, or counted past a daily follow's list).
    pub events: usize,
    /// Followers another run mailed first.
    pub skipped: usize,
    /// Followers whose news another of their follows had told already: their cursors
    /// moved, no e-mail.
    pub moved: usize,
    /// Followers whose e-mail failed (left for the next round).
    pub failed: usize,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} followers with news, {} e-mails naming {} changes, {} told already, {} done by another run, {} failed",
            self.due, self.emails, self.events, self.moved, self.skipped, self.failed
        )
    }
}

/// The bundle's address of a follower's e-mail.
fn mail_url(language: &str) -> &'static str {
    if language == "en" {
        "/en/follows.mail"
    } else {
        "/follows.mail"
    }
}

/// One round over every follower with news.
pub async fn run(state: &AppState) -> Result<Summary, String> {
    let key = state.config().alerts.key.clone();
    if key.is_empty() {
        return Err("alerts.key (PORTAL_ALERTS_KEY) is not set".into());
    }
    let ready = state.ready().ok_or("the renderer is not ready")?;
    let mut summary = Summary::default();
    let mut after = 0;
    loop {
        let path = format!("/api/follows/due?after={after}&limit={PAGE}");
        let list: DueList = users::get(state.http(), state.sessions().users(), &path, &key)
            .await
            .map_err(|e| format!("users API: {path} answered {}", e.status()))?;
        for follower in &list.data {
            summary.due += 1;
            match one(state, ready, &key, follower).await {
                Ok(Some(0)) => summary.moved += 1,
                Ok(Some(n)) => {
                    summary.emails += 1;
                    summary.events += n;
                }
                Ok(None) => summary.skipped += 1,
                Err(e) => {
                    tracing::warn!(follower = follower.follower, error = %e, "a follower's e-mail failed");
                    summary.failed += 1;
                }
            }
        }
        match list.next {
            Some(next) if next > after => after = next,
            _ => return Ok(summary),
        }
    }
}

/// One follower's e-mail: `Some(changes told)`, listed or counted (`Some(0)`: nothing
/// left to tell, the cursors moved without an e-mail), or `None` when another run mailed
/// it.
async fn one(
    state: &AppState,
    ready: &crate::state::Ready,
    key: &str,
    f: &DueFollower,
) -> Result<Option<usize>, String> {
    let events: usize = f.items.iter().map(|i| i["events"].as_array().map_or(0, Vec::len)).sum();
    // A daily follow's changes past those listed: counted in the e-mail.
    let more: u64 = f.items.iter().map(|i| i["more"].as_u64().unwrap_or(0)).sum();
    let items: Vec<Value> =
        f.items.iter().map(|i| json!({ "follow": i["follow"], "from": i["from"], "to": i["to"] })).collect();
    let mut delivery = json!({ "follower": f.follower, "epoch": f.epoch, "items": items, "state": f.state });
    // Every event of the round was told under another follow: no e-mail, the cursors move.
    if events > 0 || more > 0 {
        let carried = json!({ "follows": { "unsubscribe": f.unsubscribe, "items": f.items } });
        let url = mail_url(&f.language);
        let text = crate::machine::collect(state, ready, url, carried).await?;
        let mail: Value = serde_json::from_str(&text).map_err(|e| format!("{url}: {e}"))?;
        delivery["subject"] = mail["subject"].clone();
        delivery["text"] = mail["text"].clone();
        delivery["unsubscribe"] = mail["unsubscribe"].clone();
    }
    let path = "/api/follows/deliver";
    match users::change(state.http(), state.sessions().users(), Method::POST, path, key, delivery).await {
        Ok(_) => Ok(Some(events + usize::try_from(more).unwrap_or(usize::MAX))),
        Err(refusal) if refusal.error == CallError::Refused(409) => Ok(None),
        Err(refusal) => Err(format!("users API: {path} answered {}", refusal.error.status())),
    }
}

/// The timer: a round every `follows.intervalSeconds` once the portal serves, by the
/// replica holding the job's lease.
pub async fn every_interval(state: AppState) {
    let interval = Duration::from_secs(state.config().follows.interval_seconds);
    let lease = Lease::new("follows", interval);
    while !state.serving() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    loop {
        match lease.take(&state).await {
            Ok(true) => match run(&state).await {
                Ok(summary) if summary.due > 0 => tracing::info!(%summary, "follows' e-mails"),
                Ok(_) => tracing::debug!("follows' e-mails: nothing new"),
                Err(e) => tracing::warn!(error = %e, "follows' e-mails did not run"),
            },
            Ok(false) => tracing::debug!("follows' e-mails: another replica holds the job"),
            Err(e) => tracing::warn!(error = %e, "follows' e-mails did not run: no lease"),
        }
        tokio::time::sleep(interval).await;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_mail_is_written_in_the_followers_language() {
        assert_eq!(super::mail_url("en"), "/en/follows.mail");
        assert_eq!(super::mail_url("uk"), "/follows.mail");
        assert_eq!(super::mail_url("de"), "/follows.mail");
    }
}
