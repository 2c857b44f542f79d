//! Nothing lost: the standalone upstream, mirroring a stand-in feed, is killed with
//! SIGKILL at 20 moments of its back-fill (and rides out a storm of 429s and a spell in
//! which every answer is cut off half-way) and started again each time from its store.
//! At the end its store holds exactly the feed's records (same ids, same `dateModified`),
//! and its search answers 30 queries as the stand-in's does.

mod common;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use upstream::records::Kind;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A started mirror, killed when dropped (a failing assertion leaves no process behind).
struct Mirror(Child);

impl Drop for Mirror {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(url: &str, store: &std::path::Path, port: u16, rate: &str) -> Mirror {
    Mirror(
        Command::new(env!("CARGO_BIN_EXE_upstream"))
            .env("UPSTREAM_DATA_DIR", common::data_dir())
            .env("UPSTREAM_PORT", port.to_string())
            .env("UPSTREAM_USERS_DB", ":memory:")
            .env("UPSTREAM_SYNC_URL", url)
            .env("UPSTREAM_STORE_DIR", store)
            .env("UPSTREAM_SYNC_RATE", rate)
            .env("UPSTREAM_SYNC_LIMIT", "100")
            .env("UPSTREAM_SYNC_IDLE_MS", "200")
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the upstream binary starts"),
    )
}

/// What the store holds, by register: id → `dateModified` (epoch ms). Read while the
/// mirror runs (SQLite's WAL lets a reader in beside the writer).
fn stored(dir: &std::path::Path) -> BTreeMap<&'static str, BTreeMap<String, i64>> {
    let store = upstream::sync::store::Store::open(dir).expect("store");
    [Kind::Tender, Kind::Plan, Kind::Contract]
        .into_iter()
        .map(|k| (upstream::sync::store::register(k), store.ids(k).expect("ids").into_iter().collect()))
        .collect()
}

/// The feed's records, by register: every public record, with its `dateModified`.
fn expected(s: &upstream::AppState) -> BTreeMap<&'static str, BTreeMap<String, i64>> {
    let data = s.data.read();
    [Kind::Tender, Kind::Plan, Kind::Contract]
        .into_iter()
        .map(|k| {
            let c = data.collection(k);
            let mut m = BTreeMap::new();
            for d in 0..c.len() as u32 {
                let doc = data.document(c, d);
                let id = doc["id"].as_str().unwrap_or_default().to_string();
                if c.index.is_dead(d)
                    || c.index.lookup(&id) != Some(d)
                    || matches!(doc["status"].as_str(), Some("draft" | "deleted"))
                {
                    continue;
                }
                m.insert(id, upstream::store::modified_of(&doc).unwrap_or(0));
            }
            (upstream::sync::store::register(k), m)
        })
        .collect()
}

async fn get(port: u16, path: &str) -> Option<Value> {
    let url = format!("http://127.0.0.1:{port}{path}");
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().ok()?;
    let w = tokio::time::timeout(Duration::from_secs(5), common::http(addr, "GET", path, &[], "")).await.ok()?;
    (w.status == 200).then_some(w.body).or_else(|| {
        eprintln!("{url}: {}", w.status);
        None
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mirror_killed_twenty_times_in_its_back_fill_loses_nothing() {
    let mut cfg = common::config_with(0);
    cfg.extra_tenders_dir = common::api_docs("tenders");
    cfg.extra_plans_dir = common::api_docs("plans");
    cfg.extra_contracts_dir = common::api_docs("contracts");
    cfg.dev = true;
    let source = upstream::load(cfg).expect("stand-in");
    let addr = common::serve(source.clone()).await;
    let url = format!("http://{addr}/cdb/api/2.5");
    let want = expected(&source);
    let total: usize = want.values().map(BTreeMap::len).sum();
    let dir = std::env::temp_dir().join(format!("mirror-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let port = free_port();

    // Twenty kills at moments drawn from a fixed sequence, 0.3 to 2.3 s after each start,
    // while the back-fill is under way (a paced one: 400 requests a second).
    let mut seed: u64 = 0x5EED;
    let mut kills = 0;
    let mut progress = Vec::new();
    while kills < 20 {
        let mut child = start(&url, &dir, port, "400");
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let wait = 300 + (seed >> 33) % 2000;
        tokio::time::sleep(Duration::from_millis(wait)).await;
        child.0.kill().expect("SIGKILL");
        child.0.wait().expect("reaped");
        kills += 1;
        let held: usize = stored(&dir).values().map(BTreeMap::len).sum();
        progress.push(held);
        if kills == 8 {
            // A storm of 429s for the next three seconds of the feed.
            common::post_json(&source, "/dev/feed/faults", r#"{"storm": 3}"#, None).await;
        }
        if kills == 14 {
            // Every answer cut off half-way: a network that drops.
            common::post_json(&source, "/dev/feed/faults", r#"{"reset": 1.0}"#, None).await;
        }
        if kills == 16 {
            common::post_json(&source, "/dev/feed/faults", "{}", None).await;
        }
    }
    assert!(
        progress.iter().any(|&n| n > 0 && n < total),
        "the kills fell inside the back-fill: {progress:?} of {total}"
    );

    // Started once more, it completes: the store equals the feed.
    let child = start(&url, &dir, port, "1000");
    let started = Instant::now();
    let mut last = BTreeMap::new();
    while started.elapsed() < Duration::from_secs(180) {
        last = stored(&dir);
        if last == want {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    for (register, ids) in &want {
        let got = &last[register];
        let missing: Vec<&String> = ids.keys().filter(|k| !got.contains_key(*k)).take(5).collect();
        let extra: Vec<&String> = got.keys().filter(|k| !ids.contains_key(*k)).take(5).collect();
        assert_eq!(got, ids, "{register}: {} stored of {}, missing {missing:?}, extra {extra:?}", got.len(), ids.len());
    }

    // Its search answers as the stand-in's: 30 queries, totals and (when they fit on a
    // page) the same records. The stand-in keeps every shipped state of an API example
    // as a document of its own (several share an id), while a feed carries the last one:
    // the queries leave the examples out by their date (the sandbox's 2027).
    let words: Vec<String> = {
        let data = source.data.read();
        let c = &data.tenders;
        let mut seen = BTreeSet::new();
        (0..c.len() as u32)
            .step_by(97)
            .filter_map(|d| {
                let title = data.document(c, d)["title"].as_str().unwrap_or_default().to_lowercase();
                title.split(|ch: char| !ch.is_alphabetic()).find(|w| w.chars().count() >= 6).map(str::to_string)
            })
            .filter(|w| seen.insert(w.clone()))
            .take(24)
            .collect()
    };
    let mut queries: Vec<String> =
        words.iter().map(|w| format!("/api/tenders?keyword={}&perPage=100", common::enc(w))).collect();
    queries.extend([
        "/api/tenders?status[]=complete&perPage=100".to_string(),
        "/api/tenders?status[]=active.tendering&perPage=100".to_string(),
        "/api/plans?perPage=100".to_string(),
        "/api/contracts?status[]=active&perPage=100".to_string(),
        "/api/tenders?procurementMethodType[]=aboveThreshold&perPage=100".to_string(),
        format!("/api/contracts?keyword={}&perPage=100", common::enc(&words[0])),
    ]);
    assert_eq!(queries.len(), 30);
    let queries: Vec<String> = queries.into_iter().map(|q| format!("{q}&publicationDate%5Bto%5D=2026-12-31")).collect();
    // The mirror serves once its listener is up.
    let mut ready = false;
    for _ in 0..100 {
        if get(port, "/health").await.is_some() {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ready, "the mirror serves");
    for q in &queries {
        let a = common::get(&source, q).await.body;
        let b = get(port, q).await.unwrap_or_else(|| panic!("{q}: the mirror answers"));
        assert_eq!(a["hydra:totalItems"], b["hydra:totalItems"], "{q}");
        let ids = |v: &Value| -> BTreeSet<String> {
            v["hydra:member"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|m| m["id"].as_str().unwrap_or_default().to_string())
                .collect()
        };
        if a["hydra:totalItems"].as_u64().unwrap_or(0) <= 100 {
            assert_eq!(ids(&a), ids(&b), "{q}");
        }
    }
    drop(child);
    let _ = std::fs::remove_dir_all(&dir);
}
