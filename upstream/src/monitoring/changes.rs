//! Monitorings that change while the upstream serves them, and the change events they
//! make: a tender's monitorings before and after, compared by the history's pure function
//! ([`crate::history::diff::monitorings`]: opened, concluded, with the monitoring's
//! number and status), written to the tender's history beside the monitorings as they
//! now are ([`History::publish_monitorings`](crate::history::log::History::publish_monitorings)),
//! then served (and the tender's `hasActiveMonitoring` set again from them).
//!
//! What changes them is the development API, as `POST /dev/cdb/tenders/{id}` changes a
//! tender (`UPSTREAM_DEV` only, 404 otherwise):
//! - `POST /dev/tenders/{id}/monitorings`: a new monitoring of the tender (`{id}` its
//!   32-hex id or `tenderID`), the body merged over a published one (`active`, a
//!   decision published now, a monitoring period of 15 days); its `id`, `monitoring_id`
//!   (`UA-M-<Kyiv day>-<number that day>`) and `tender_id` are the upstream's.
//! - `POST /dev/monitorings/{id}`: a JSON merge patch (RFC 7396) of a monitoring (its
//!   `id` or `monitoring_id`), a new `dateModified`; its ids stay.
//!
//! Both answer `{"data": <the monitoring>}`. In a mirror they work too (a mirror derives
//! no monitorings and follows no audit feed): the events stay in its log, the monitorings
//! until it restarts.

use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::feed::patch::{merge_patch, merge_patch_of};
use crate::history::Event;
use crate::records::Kind;
use crate::store::Data;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde_json::{json, Value};

type Answer = Result<JsonAnswer, UpstreamError>;

const DAY: i64 = 86_400_000;

/// Sets the tender's monitorings (`all` of them) in `data`; `reflag`: index the tender
/// again so that `hasActiveMonitoring` follows them (the snapshot's data only: a
/// mirror's tenders carry no flag). Answers the monitorings it had.
pub fn apply(data: &mut Data, tender: &str, all: Vec<Value>, reflag: bool) -> Vec<Value> {
    let old = data.monitorings.replace_tender(tender, all);
    if reflag {
        let c = data.collection(Kind::Tender);
        if let Some(d) = c.index.lookup(tender) {
            let mut doc = data.document(c, d);
            if let Some(o) = doc.as_object_mut() {
                o.remove("hasActiveMonitoring");
            }
            data.upsert(Kind::Tender, vec![doc]);
        }
    }
    old
}

/// Publishes the tender's monitorings as they now are (`all`): their events in its
/// history, then the served data. Answers the events.
pub fn publish(s: &AppState, tender: &str, all: Vec<Value>) -> Result<Vec<Event>, UpstreamError> {
    let mut data = s.data.write();
    let c = data.collection(Kind::Tender);
    let d = c.index.lookup(tender).ok_or_else(|| UpstreamError::NotFound { kind: "tender", id: tender.into() })?;
    let doc = data.document(c, d);
    let old: Vec<Value> = data.monitorings.of_tender(tender).into_iter().cloned().collect();
    let events = crate::history::diff::monitorings(&old, &all);
    s.history.publish_monitorings(&doc, &all, &events)?;
    apply(&mut data, tender, all, s.mirror.is_none());
    Ok(events)
}

fn development(s: &AppState) -> Result<(), UpstreamError> {
    if s.config.dev {
        Ok(())
    } else {
        Err(UpstreamError::NotFound { kind: "route", id: "development API".into() })
    }
}

/// 32 hex digits that no other monitoring has (from the tender, the moment and a count).
fn fresh_id(data: &Data, tender: &str, now: i64) -> String {
    let hash = |n: u64| crate::monitoring::derive::tender_hash(&format!("{tender}-{now}-{n}"));
    (0u64..)
        .map(|n| format!("{:016x}{:016x}", hash(2 * n), hash(2 * n + 1)))
        .find(|id| data.monitorings.get(id).is_none())
        .unwrap_or_default()
}

/// The next public number of a monitoring made at `at`: its Kyiv day and the day's count.
fn next_number(data: &Data, at: i64) -> String {
    let local = at + dates::kyiv_offset_secs(at) * 1000;
    let (y, m, d) = dates::civil_from_days(local.div_euclid(DAY));
    let prefix = format!("UA-M-{y:04}-{m:02}-{d:02}-");
    let last = data
        .monitorings
        .all()
        .iter()
        .filter_map(|x| x["monitoring_id"].as_str()?.strip_prefix(&prefix)?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    format!("{prefix}{:06}", last + 1)
}

/// `POST /dev/tenders/{id}/monitorings`.
pub async fn open(State(s): State<AppState>, Path(id): Path<String>, body: Bytes) -> Answer {
    development(&s)?;
    let patch = if body.is_empty() { json!({}) } else { merge_patch_of(&body)? };
    let (tender, all) = {
        let data = s.data.read();
        let c = data.collection(Kind::Tender);
        let d = c.index.lookup(&id).ok_or(UpstreamError::NotFound { kind: "tender", id: id.clone() })?;
        let tender = data.tender_hex_id(d).to_lowercase();
        let doc = data.document(c, d);
        let now = dates::now_ms();
        let at = dates::format_kyiv(now);
        let mut m = json!({
            "status": "active", "reasons": ["public"], "procuringStages": ["awarding"], "restricted": false,
            "decision": {"description": "Рішення про початок моніторингу", "date": at, "dateCreated": at,
                "datePublished": at, "documents": []},
            "monitoringPeriod": {"startDate": at, "endDate": dates::format_kyiv(now + 15 * DAY)},
            "parties": [], "dateCreated": at, "dateModified": at,
        });
        merge_patch(&mut m, &patch);
        m["id"] = json!(fresh_id(&data, &tender, now));
        m["monitoring_id"] = json!(next_number(&data, now));
        m["tender_id"] = json!(tender);
        m["tenderID"] = doc["tenderID"].clone();
        let mut all: Vec<Value> = data.monitorings.of_tender(&tender).into_iter().cloned().collect();
        all.push(m);
        (tender, all)
    };
    let made = all.last().cloned().unwrap_or_default();
    publish(&s, &tender, all)?;
    Ok(JsonAnswer::ok(json!({"data": made})))
}

/// `POST /dev/monitorings/{id}`.
pub async fn change(State(s): State<AppState>, Path(id): Path<String>, body: Bytes) -> Answer {
    development(&s)?;
    let patch = merge_patch_of(&body)?;
    let (tender, all, changed) = {
        let data = s.data.read();
        let old = data.monitorings.get(&id).cloned().ok_or(UpstreamError::NotFound { kind: "monitoring", id })?;
        let tender = old["tender_id"].as_str().unwrap_or_default().to_lowercase();
        let mut m = old.clone();
        merge_patch(&mut m, &patch);
        for key in ["id", "monitoring_id", "tender_id", "tenderID"] {
            m[key] = old[key].clone();
        }
        // A new version is never older than the one it replaces.
        let before = old["dateModified"].as_str().and_then(dates::parse).unwrap_or(0);
        m["dateModified"] = json!(dates::format_kyiv(dates::now_ms().max(before + 1)));
        let all: Vec<Value> = data
            .monitorings
            .of_tender(&tender)
            .into_iter()
            .map(|x| if x["id"] == old["id"] { m.clone() } else { x.clone() })
            .collect();
        (tender, all, m)
    };
    publish(&s, &tender, all)?;
    Ok(JsonAnswer::ok(json!({"data": changed})))
}
