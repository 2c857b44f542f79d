//! Derived monitorings (determinism, share, shapes, chronology, the `hasActiveMonitoring`
//! flag and filter, every monitoring endpoint) and the CDB read API, through the
//! in-process router over the real data (plus the API-documentation tenders when the
//! shared folder is present).

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{data_dir, enc, get, state, state_with};
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;
use std::sync::OnceLock;
use upstream::monitoring::derive::{derive, monitorable, selected};
use upstream::monitoring::{is_active, STATUSES};
use upstream::{AppState, UpstreamConfig};

/// The monitoring of the `REAL_` API-documentation tender (documented in API.md).
const REAL_TENDER: &str = "UA-2022-07-23-000100-a";
const REAL_MONITORING: &str = "UA-M-2022-07-31-000001";
/// The real tender the portal's e2e uses (one lot, four awards, a completed monitoring).
const SAMPLE_TENDER: &str = "UA-2026-08-17-010778-a";
const SAMPLE_MONITORING: &str = "UA-M-2026-09-18-000001";
/// A real tender under active monitoring (documented in API.md).
const ACTIVE_TENDER: &str = "UA-2026-09-15-005918-a";
const ACTIVE_MONITORING: &str = "UA-M-2026-10-26-000003";

/// Real data only, no generated tenders.
fn real() -> AppState {
    static S: OnceLock<AppState> = OnceLock::new();
    S.get_or_init(|| state_with(0)).clone()
}

/// The API-documentation tenders inside the shared data folder.
const EXTRA: &str = "openprocurement-api/tenders";

/// The API-documentation tenders' folder when it exists (a panic when it does not and `CI`
/// is set: see [`upstream::shared_data::required`]).
fn extra_dir() -> Option<PathBuf> {
    upstream::shared_data::required(EXTRA)
}

/// Real data plus the API-documentation tenders, when the shared folder exists (under `CI`
/// it must).
fn with_extra() -> Option<AppState> {
    static S: OnceLock<Option<AppState>> = OnceLock::new();
    S.get_or_init(|| {
        let dir = extra_dir()?;
        let mut cfg = UpstreamConfig::for_data_dir(data_dir());
        cfg.extra_tenders_dir = Some(dir);
        Some(upstream::load(cfg).expect("load with extra tenders"))
    })
    .clone()
}

fn members(v: &Value) -> &Vec<Value> {
    v["hydra:member"].as_array().expect("hydra:member")
}

fn ms(v: &Value) -> i64 {
    upstream::dates::parse(v.as_str().unwrap_or_else(|| panic!("not a date: {v}"))).expect("date")
}

fn tender(s: &AppState, id: &str) -> Value {
    let dg = s.data.read();
    let c = &dg.tenders;
    dg.document(c, c.index.lookup(id).expect("tender"))
}

#[test]
fn derivation_is_deterministic_and_picks_one_tender_in_25_by_id_hash() {
    let (a, b) = (real(), state_with(0));
    assert_eq!(a.data.read().monitorings, b.data.read().monitorings, "two loads derive the same monitorings");
    assert!(a.data.read().monitorings.len() > 100);
    let dg = a.data.read();
    let c = &dg.tenders;
    let (mut eligible, mut monitored) = (0usize, 0usize);
    for d in 0..c.len() as u32 {
        let t = dg.document(c, d);
        let id = t["id"].as_str().unwrap();
        let n = a.data.read().monitorings.of_tender(id).len();
        if !monitorable(t["status"].as_str().unwrap_or_default()) {
            assert_eq!(n, 0);
            continue;
        }
        eligible += 1;
        assert_eq!(n > 0, selected(id), "{id}: chosen by the id's hash");
        assert!(n <= 2);
        monitored += usize::from(n > 0);
    }
    let share = monitored as f64 / eligible as f64;
    assert!((0.03..0.05).contains(&share), "share {share}");
    // Load order does not matter.
    let snap = upstream::records::read_snapshot(&data_dir().join("demo.jsonl.gz")).unwrap();
    let now = 1_790_000_000_000;
    let mut reversed = snap.tenders.clone();
    reversed.reverse();
    let key = |v: Vec<Value>| -> BTreeSet<String> { v.iter().map(|m| m.to_string()).collect() };
    assert_eq!(key(derive(&snap.tenders, &[], usize::MAX, now)), key(derive(&reversed, &[], usize::MAX, now)));
    // A realistic spread of statuses, never a draft.
    let ag = a.data.read();
    let statuses: BTreeSet<&str> = ag.monitorings.all().iter().map(|m| m["status"].as_str().unwrap()).collect();
    assert_eq!(statuses.len(), 7, "{statuses:?}");
    assert!(!statuses.contains("draft"));
}

#[tokio::test]
async fn has_active_monitoring_marks_exactly_the_tenders_under_active_monitoring() {
    let s = real();
    let active = s.data.read().monitorings.active_tenders();
    assert!(active.len() > 20);
    let mut found = BTreeSet::new();
    for page in 1.. {
        let r = get(&s, &format!("/api/tenders?hasActiveMonitoring=true&perPage=100&page={page}")).await;
        assert_eq!(r.body["hydra:totalItems"], active.len(), "the filter counts the monitored tenders");
        if members(&r.body).is_empty() {
            break;
        }
        for m in members(&r.body) {
            assert_eq!(m["hasActiveMonitoring"], true);
            found.insert(m["id"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(found, active);
    let all = get(&s, "/api/tenders").await.body["hydra:totalItems"].as_u64().unwrap();
    let off = get(&s, "/api/tenders?hasActiveMonitoring=false").await.body["hydra:totalItems"].as_u64().unwrap();
    assert_eq!(off + active.len() as u64, all);
    // The flag follows the monitoring's status: finished monitorings leave it off.
    for m in s.data.read().monitorings.all() {
        let t = get(&s, &format!("/api/tenders/{}", m["tender_id"].as_str().unwrap())).await;
        let flagged = t.body["hasActiveMonitoring"] == true;
        assert_eq!(flagged, active.contains(m["tender_id"].as_str().unwrap()));
        if is_active(m["status"].as_str().unwrap()) {
            assert!(flagged);
        }
    }
    // Generated tenders keep their own flag; their monitoring list is empty.
    let g = state();
    let dg = g.data.read();
    let c = &dg.tenders;
    let generated = (0..c.len() as u32)
        .rev()
        .map(|d| dg.document(c, d))
        .find(|t| t["hasActiveMonitoring"] == true && !active.contains(t["id"].as_str().unwrap()))
        .expect("a flagged generated tender");
    let list = get(&g, &format!("/api/tenders/{}/monitorings", generated["tenderID"].as_str().unwrap())).await;
    assert_eq!((list.status.as_u16(), list.body["hydra:totalItems"].as_u64()), (200, Some(0)));
}

#[tokio::test]
async fn monitorings_by_either_id_and_by_tender() {
    let s = real();
    let dg = s.data.read();
    let m = &dg.monitorings.all()[0];
    let (id, mid) = (m["id"].as_str().unwrap(), m["monitoring_id"].as_str().unwrap());
    let a = get(&s, &format!("/api/monitorings/{id}")).await;
    assert_eq!((a.status.as_u16(), &a.body), (200, m));
    assert!(a.content_type.starts_with("application/json"));
    let b = get(&s, &format!("/api/monitorings/{}", mid.to_lowercase())).await;
    assert_eq!(&b.body, m);
    let missing = get(&s, "/api/monitorings/UA-M-1999-01-01-000001").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.body["status"], 404);
    assert!(missing.body["error"].as_str().unwrap().contains("monitoring `UA-M-1999-01-01-000001` not found"));

    // A tender with two monitorings: newest first, by tenderID or hex id.
    let sg = s.data.read();
    let two = sg
        .monitorings
        .all()
        .iter()
        .map(|m| m["tender_id"].as_str().unwrap())
        .find(|t| sg.monitorings.of_tender(t).len() == 2)
        .expect("a tender with two monitorings")
        .to_string();
    drop(sg);
    let two = two.as_str();
    let human = tender(&s, two)["tenderID"].as_str().unwrap().to_string();
    for key in [two.to_string(), human.clone(), human.to_lowercase()] {
        let r = get(&s, &format!("/api/tenders/{key}/monitorings")).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.body["hydra:totalItems"], 2);
        assert_eq!(r.body["@context"], "/api/contexts/monitorings");
        let list = members(&r.body);
        assert!(ms(&list[0]["dateCreated"]) > ms(&list[1]["dateCreated"]));
        assert!(list.iter().all(|m| m["tender_id"] == two && m["tenderID"] == human.as_str()));
        assert!(
            list[0]["conclusion"].is_object() || list[0]["decision"].is_object() || list[0]["cancellation"].is_object()
        );
    }
    let unknown = get(&s, "/api/tenders/UA-0000/monitorings").await;
    assert_eq!(unknown.status, 404);
    assert!(unknown.body["error"].as_str().unwrap().contains("tender `UA-0000` not found"));
    let quiet = get(&s, "/api/tenders/UA-2026-10-08-011748-a/monitorings").await;
    assert!(s.data.read().monitorings.of_tender("00099ec17718414a90b638730cb31d94").is_empty());
    assert_eq!((quiet.status.as_u16(), quiet.body["hydra:totalItems"].as_u64()), (200, Some(0)));
    assert!(members(&quiet.body).is_empty());

    // The sample the portal's e2e uses.
    let sample = get(&s, &format!("/api/tenders/{SAMPLE_TENDER}/monitorings")).await;
    assert_eq!(members(&sample.body)[0]["monitoring_id"], SAMPLE_MONITORING);
    assert_eq!(members(&sample.body)[0]["status"], "completed");
    let watched = get(&s, &format!("/api/tenders/{ACTIVE_TENDER}/monitorings")).await;
    assert_eq!(members(&watched.body)[0]["monitoring_id"], ACTIVE_MONITORING);
    assert_eq!(members(&watched.body)[0]["status"], "addressed");
    assert_eq!(get(&s, &format!("/api/tenders/{ACTIVE_TENDER}")).await.body["hasActiveMonitoring"], true);
}

/// Every date a monitoring publishes (not deadlines: period ends, `dateOverdue`,
/// `date`, `dateProceedings`).
fn event_dates(v: &Value, key: &str, out: &mut Vec<(String, i64)>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                if matches!(k.as_str(), "dateCreated" | "datePublished" | "dateModified" | "startDate")
                    || (k == "endDate" && key.is_empty())
                {
                    out.push((k.clone(), ms(x)));
                } else if k != "endDate" {
                    event_dates(x, k, out);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| event_dates(x, key, out)),
        _ => {}
    }
}

fn check_monitoring(s: &AppState, m: &Value) {
    let status = m["status"].as_str().unwrap();
    assert!(STATUSES.contains(&status) && status != "draft");
    let id = m["id"].as_str().unwrap();
    assert!(id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()));
    let mid = m["monitoring_id"].as_str().unwrap();
    assert!(mid.starts_with("UA-M-") && mid.len() == 22, "{mid}");
    assert_eq!(&mid[5..15], &m["dateCreated"].as_str().unwrap()[..10], "numbered by its Kyiv creation day");
    let t = tender(s, m["tender_id"].as_str().unwrap());
    assert_eq!(m["tenderID"], t["tenderID"]);
    let tender_created = ms(&t["dateCreated"]);
    let (created, modified) = (ms(&m["dateCreated"]), ms(&m["dateModified"]));
    let mut dates = Vec::new();
    event_dates(m, "", &mut dates);
    for (k, d) in &dates {
        assert!(*d > tender_created, "{mid} {k} before the tender");
        assert!(*d >= created && *d <= modified, "{mid} {k} outside dateCreated..dateModified");
    }
    let party = &m["parties"][0];
    assert_eq!(party["roles"][0], "sas");
    assert!(
        party["name"].as_str().unwrap().contains("Держаудитслужб")
            || party["name"].as_str().unwrap().contains("аудиторська")
    );
    let has = |k: &str| m.get(k).is_some();
    assert_eq!(has("decision"), status != "cancelled", "{mid}");
    assert_eq!(has("monitoringPeriod"), status != "cancelled");
    assert_eq!(has("cancellation"), matches!(status, "stopped" | "cancelled"));
    let concluded = matches!(status, "addressed" | "declined" | "completed" | "closed");
    assert_eq!(has("conclusion"), concluded);
    assert_eq!(has("eliminationPeriod"), concluded);
    assert_eq!(has("eliminationResolution"), status == "completed");
    assert_eq!(has("endDate"), matches!(status, "completed" | "closed"));
    if has("eliminationReport") {
        assert!(matches!(status, "addressed" | "completed"));
    }
    // The chain of events.
    let mut chain = vec![created];
    if has("decision") {
        let published = ms(&m["decision"]["datePublished"]);
        assert_eq!(published, ms(&m["monitoringPeriod"]["startDate"]));
        assert!(ms(&m["monitoringPeriod"]["endDate"]) > published);
        chain.push(published);
    }
    let posts = m["posts"].as_array().cloned().unwrap_or_default();
    let mut seen = HashSet::new();
    for p in &posts {
        chain.push(ms(&p["datePublished"]));
        if let Some(r) = p["relatedPost"].as_str() {
            assert!(seen.contains(r), "{mid}: a reply follows its post");
        }
        seen.insert(p["id"].as_str().unwrap().to_string());
        assert!(matches!(p["author"].as_str(), Some("monitoring_owner" | "tender_owner")));
    }
    if concluded {
        let c = &m["conclusion"];
        let published = ms(&c["datePublished"]);
        assert_eq!(published, ms(&m["eliminationPeriod"]["startDate"]));
        assert_eq!(c["violationOccurred"], matches!(status, "addressed" | "completed"));
        assert_eq!(c["violationType"].as_array().unwrap().is_empty(), c["violationOccurred"] == false);
        for p in &posts {
            let before = p["postOf"] == "decision";
            assert_eq!(ms(&p["datePublished"]) < published, before, "{mid}: decision posts precede the conclusion");
        }
        chain.retain(|&d| d < published);
        chain.push(published);
        for k in ["eliminationReport", "eliminationResolution"] {
            if has(k) {
                chain.push(ms(&m[k]["datePublished"]));
            }
        }
        if status == "completed" {
            let by_type = m["eliminationResolution"]["resultByType"].as_object().unwrap();
            assert_eq!(by_type.len(), c["violationType"].as_array().unwrap().len());
        }
    }
    if let Some(c) = m.get("cancellation") {
        chain.push(ms(&c["datePublished"]));
    }
    if has("endDate") {
        chain.push(ms(&m["endDate"]));
    }
    assert!(chain.windows(2).all(|w| w[0] <= w[1]), "{mid}: events out of order {chain:?}");
}

#[test]
fn dates_follow_the_tender_and_each_other() {
    let s = real();
    let mut ids = HashSet::new();
    for m in s.data.read().monitorings.all() {
        check_monitoring(&s, m);
        assert!(ids.insert(m["monitoring_id"].as_str().unwrap().to_string()), "monitoring_id unique");
    }
    if let Some(x) = with_extra() {
        for m in x.data.read().monitorings.all() {
            check_monitoring(&x, m);
        }
    }
}

#[tokio::test]
async fn monitoring_list_filters_and_pages() {
    let s = real();
    let dg = s.data.read();
    let all = dg.monitorings.all();
    let r = get(&s, "/api/monitorings").await;
    assert_eq!(r.body["hydra:totalItems"], all.len());
    assert_eq!(r.body["hydra:view"]["perPage"], 10);
    assert_eq!(members(&r.body), &all[..10].to_vec());
    let mut sum = 0;
    for st in STATUSES {
        let r = get(&s, &format!("/api/monitorings?status[]={st}&perPage=100")).await;
        assert_eq!(r.status, 200);
        let n = r.body["hydra:totalItems"].as_u64().unwrap();
        assert_eq!(n as usize, all.iter().filter(|m| m["status"] == st).count());
        assert!(members(&r.body).iter().all(|m| m["status"] == st));
        sum += n;
    }
    assert_eq!(sum as usize, all.len());
    let both = get(&s, "/api/monitorings?status[0]=active&status[1]=addressed").await;
    let n = all.iter().filter(|m| is_active(m["status"].as_str().unwrap())).count();
    assert_eq!(both.body["hydra:totalItems"], n);
    let bad = get(&s, "/api/monitorings?status[]=finished").await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["parameter"], "status");
    let bad_page = get(&s, "/api/monitorings?perPage=0").await;
    assert_eq!(bad_page.body["parameter"], "perPage");
    let past = get(&s, "/api/monitorings?perPage=100&page=101").await;
    assert_eq!((past.status.as_u16(), past.body["parameter"].as_str()), (400, Some("page")));
    let paged = get(&s, "/api/monitorings?perPage=5&page=2").await;
    assert_eq!(members(&paged.body), &all[5..10].to_vec());
    assert_eq!(paged.body["hydra:view"]["lastPage"], all.len().div_ceil(5));
    // By tender (hex id or tenderID), combined with a status.
    let m = &all[3];
    let human = m["tenderID"].as_str().unwrap();
    for key in [m["tender_id"].as_str().unwrap(), human] {
        let r = get(&s, &format!("/api/monitorings?tender_id={}", enc(key))).await;
        let n = s.data.read().monitorings.of_tender(m["tender_id"].as_str().unwrap()).len();
        assert_eq!(r.body["hydra:totalItems"], n);
        let st = m["status"].as_str().unwrap();
        let r = get(&s, &format!("/api/monitorings?tender_id={}&status[]={st}", enc(key))).await;
        assert!(members(&r.body).iter().any(|x| x == m));
    }
    let none = get(&s, "/api/monitorings?tender_id=UA-0000").await;
    assert_eq!((none.status.as_u16(), none.body["hydra:totalItems"].as_u64()), (200, Some(0)));
}

#[tokio::test]
async fn the_real_api_documentation_tender_has_one_rich_addressed_monitoring() {
    let Some(s) = with_extra() else {
        eprintln!("skipped: no {}", upstream::shared_data::dir().join(EXTRA).display());
        return;
    };
    let r = get(&s, &format!("/api/tenders/{REAL_TENDER}/monitorings")).await;
    assert_eq!(r.body["hydra:totalItems"], 1);
    let m = &members(&r.body)[0];
    assert_eq!(m["monitoring_id"], REAL_MONITORING);
    assert_eq!(m["status"], "addressed");
    assert_eq!(m["conclusion"]["violationOccurred"], true);
    assert!(m["conclusion"]["violationType"].as_array().unwrap().len() >= 2);
    assert!(!m["conclusion"]["documents"].as_array().unwrap().is_empty());
    assert!(!m["decision"]["documents"].as_array().unwrap().is_empty());
    assert!(!m["eliminationReport"]["documents"].as_array().unwrap().is_empty());
    let posts = m["posts"].as_array().unwrap();
    let authors: BTreeSet<&str> = posts.iter().map(|p| p["author"].as_str().unwrap()).collect();
    assert_eq!(authors.len(), 2, "posts in both directions");
    assert!(posts.iter().all(|p| !p["documents"].as_array().unwrap().is_empty()));
    assert!(posts.iter().any(|p| p["relatedPost"].is_string()));
    let again = get(&s, &format!("/api/monitorings/{REAL_MONITORING}")).await;
    assert_eq!(&again.body, m);
    let t = get(&s, &format!("/api/tenders/{REAL_TENDER}")).await;
    assert_eq!(t.body["hasActiveMonitoring"], true);
    let found = get(&s, &format!("/api/tenders?hasActiveMonitoring=true&keyword={REAL_TENDER}")).await;
    assert_eq!(found.body["hydra:totalItems"], 1);
    // The extra folder renumbers none of the snapshot's monitorings.
    let (r, rg) = (real(), s.data.read());
    let rd = r.data.read();
    let real_ids: BTreeSet<String> =
        rd.monitorings.all().iter().map(|m| m["monitoring_id"].as_str().unwrap().to_string()).collect();
    let extra_ids: BTreeSet<String> = rg
        .monitorings
        .all()
        .iter()
        .filter(|m| rd.monitorings.get(m["id"].as_str().unwrap()).is_some())
        .map(|m| m["monitoring_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(real_ids, extra_ids);
}

#[tokio::test]
async fn cdb_reads_tenders_and_documents_by_either_id() {
    let s = state();
    let hex = "00099ec17718414a90b638730cb31d94";
    let stored = tender(&s, hex);
    for key in [hex, "UA-2026-10-08-011748-a"] {
        let r = get(&s, &format!("/cdb/api/2.5/tenders/{key}")).await;
        assert_eq!(r.status, 200);
        assert!(r.content_type.starts_with("application/json"));
        assert_eq!(r.body["data"], stored);
        let d = get(&s, &format!("/cdb/api/2.5/tenders/{key}/documents")).await;
        assert_eq!(d.status, 200);
        assert_eq!(d.body["data"].as_array().unwrap().len(), stored["documents"].as_array().unwrap().len());
    }
    // Generated tenders too.
    let dg = s.data.read();
    let c = &dg.tenders;
    let g = dg.document(c, (c.len() - 1) as u32);
    let r = get(&s, &format!("/cdb/api/2.5/tenders/{}", g["id"].as_str().unwrap())).await;
    assert_eq!(r.body["data"]["tenderID"], g["tenderID"]);
    let not_found = serde_json::json!({"status": "error", "errors": [
        {"location": "url", "name": "tender_id", "description": "Not Found"}]});
    for path in ["/cdb/api/2.5/tenders/ffffffffffffffffffffffffffffffff", "/cdb/api/2.5/tenders/UA-0000/documents"] {
        let r = get(&s, path).await;
        assert_eq!((r.status.as_u16(), &r.body), (404, &not_found), "{path}");
    }
    let other = get(&s, "/cdb/api/2.5/frameworks").await;
    assert_eq!(other.status, 404);
    assert_eq!(other.body["errors"][0]["name"], "url");
    // Browsers on the portal's origin may call it.
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let answer = upstream::app(s.clone())
        .oneshot(
            Request::get(format!("/cdb/api/2.5/tenders/{hex}"))
                .header("origin", "http://127.0.0.1:8080")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(answer.headers()["access-control-allow-origin"], "http://127.0.0.1:8080");
}

#[tokio::test]
async fn cdb_documents_keep_the_latest_version_of_each_id() {
    let Some(s) = with_extra() else { return };
    let dg = s.data.read();
    let c = &dg.tenders;
    for d in 0..c.len() as u32 {
        let t = dg.document(c, d);
        let docs = t["documents"].as_array().cloned().unwrap_or_default();
        let ids: Vec<&str> = docs.iter().filter_map(|x| x["id"].as_str()).collect();
        let distinct: BTreeSet<&str> = ids.iter().copied().collect();
        if ids.len() == docs.len() && distinct.len() < ids.len() {
            let id = t["id"].as_str().unwrap();
            let latest = get(&s, &format!("/cdb/api/2.5/tenders/{id}/documents")).await;
            assert_eq!(latest.body["data"].as_array().unwrap().len(), distinct.len());
            let every = get(&s, &format!("/cdb/api/2.5/tenders/{id}/documents?all=true")).await;
            assert_eq!(every.body["data"].as_array().unwrap().len(), docs.len());
            return;
        }
    }
    panic!("no extra tender lists two versions of a document");
}
