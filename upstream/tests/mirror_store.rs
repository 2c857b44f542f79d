//! A mirror's store is kept, not rebuilt: a start reads each stored version's index row
//! and opens the kept keyword index, indexing only what the last run stored and did not
//! index (a crash between the two), and rebuilds only what is missing or of another
//! encoding. Each way, the searches answer as the snapshot the records came from.

mod common;

use common::get;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::Path;
use upstream::records::Kind;
use upstream::{AppState, UpstreamConfig};

/// A mirror on `store` whose feed is out of reach (nothing is followed: `serve_on` is
/// never called), so the test alone changes it.
fn mirror_config(store: &Path) -> UpstreamConfig {
    let mut cfg = common::config_with(0);
    let mut sync = upstream::sync::SyncConfig::new("http://127.0.0.1:9/cdb/api/2.5", store);
    sync.store_dir = store.to_path_buf();
    cfg.sync = Some(sync);
    cfg
}

/// The keyword index's segment files of a register: new names mean it was built again.
fn segments(store: &Path, register: &str) -> BTreeSet<String> {
    std::fs::read_dir(store.join("text").join(register))
        .map(|rd| {
            rd.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".idx") || n.ends_with(".term"))
                .collect()
        })
        .unwrap_or_default()
}

const QUERIES: [&str; 8] = [
    "keyword=ремонт&perPage=20",
    "keyword=бензин&status[]=complete&perPage=20",
    "keyword=послуги+охорони&perPage=20",
    "status[]=active.tendering&sortOrder=value.desc&perPage=20",
    "keyword=харчування&sortOrder=dateModified.desc&perPage=20",
    "classification[]=09000000-3&perPage=20",
    "keyword=Жирафоподібний&perPage=20",
    "keyword=медичних+виробів&region[]=Львівська+область&perPage=20",
];

/// Each query's total and first page of ids.
async fn answers(s: &AppState) -> Vec<(Value, Vec<String>)> {
    let mut out = Vec::new();
    for q in QUERIES {
        let r = get(s, &format!("/api/tenders?{q}")).await;
        assert_eq!(r.status, 200, "{q}: {}", r.text);
        let ids = r.body["hydra:member"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap_or_default().to_string())
            .collect();
        out.push((r.body["hydra:totalItems"].clone(), ids));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_reads_rows_and_the_kept_index_and_repairs_what_a_crash_left() {
    let snapshot = common::state_with(0);
    let docs: Vec<Value> = {
        let data = snapshot.data.read();
        let c = &data.tenders;
        (0..c.len() as u32).map(|d| data.document(c, d)).collect()
    };
    let want = answers(&snapshot).await;
    assert!(want[0].0.as_u64() > Some(20), "the first query finds enough to compare: {:?}", want[0].0);

    let dir = std::env::temp_dir().join(format!("mirror-store-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    {
        let mirror = upstream::load(mirror_config(&dir)).expect("a new mirror");
        let store = mirror.mirror.clone().expect("a store");
        for page in docs.chunks(700) {
            mirror.data.mirror_change(&store, Kind::Tender, page.to_vec(), None, false).expect("stored");
        }
        assert_eq!(answers(&mirror).await, want, "the mirror, filled, answers as the snapshot");
    }
    assert!(!segments(&dir, "tenders").is_empty(), "the keyword index is kept in the store");
    let start = |s: &AppState| s.data.read().tenders.start.expect("a mirror's start");

    // A restart: the same answers, from the rows and the kept index (not built again).
    {
        let again = upstream::load(mirror_config(&dir)).expect("restart");
        assert_eq!(answers(&again).await, want, "restarted");
        let read = start(&again);
        assert!(!read.rows_made && !read.keyword_index_built, "rows read, index opened: {read:?}");
        assert_eq!(read.caught_up, 0);

        // A change, then a change stored but never indexed (the process died between).
        let store = again.mirror.clone().expect("a store");
        let mut first = docs[0].clone();
        first["status"] = json!("cancelled");
        first["dateModified"] = json!("2030-01-01T00:00:00+02:00");
        again.data.mirror_change(&store, Kind::Tender, vec![first.clone()], None, false).expect("changed");
        let mut second = first.clone();
        second["title"] = json!("Жирафоподібний ремонт покрівлі");
        second["dateModified"] = json!("2030-01-02T00:00:00+02:00");
        let row = {
            // The row as a real change would store it.
            let data = again.data.read();
            data.prepare(Kind::Tender, vec![second.clone()]).remove(0)
        };
        let written = store.save_page(Kind::Tender, &[row.incoming()], None, false).expect("stored");
        assert_eq!(written.len(), 1);
        assert!(written[0].old.is_some(), "it replaces the stored version");
    }
    let again = upstream::load(mirror_config(&dir)).expect("restart after the crash");
    assert_eq!(start(&again).caught_up, 1, "the stored, unindexed version: {:?}", start(&again));
    let id = docs[0]["id"].as_str().unwrap();
    let found = get(&again, "/api/tenders?keyword=Жирафоподібний").await;
    assert_eq!(found.body["hydra:totalItems"], 1, "the unindexed version is indexed at the start: {}", found.text);
    assert_eq!(found.body["hydra:member"][0]["id"], id);
    let by_id = get(&again, &format!("/api/tenders?keyword={id}")).await;
    assert_eq!(by_id.body["hydra:totalItems"], 1, "one version only");
    assert_eq!(by_id.body["hydra:member"][0]["status"], "cancelled");
    let old_status = docs[0]["status"].as_str().unwrap();
    let under_old = get(&again, &format!("/api/tenders?keyword={id}&status[]={old_status}")).await;
    assert_eq!(under_old.body["hydra:totalItems"], 0, "never under its old status");
    let after_crash = answers(&again).await;
    drop(again);

    // The keyword index lost: built again from the records, with the same answers.
    std::fs::remove_dir_all(dir.join("text").join("tenders")).unwrap();
    let rebuilt = upstream::load(mirror_config(&dir)).expect("restart without the keyword index");
    assert!(start(&rebuilt).keyword_index_built && !start(&rebuilt).rows_made);
    assert_eq!(answers(&rebuilt).await, after_crash, "rebuilt keyword index");
    drop(rebuilt);

    // Rows of another encoding: numbered and made again, with the same answers.
    {
        let db = rusqlite::Connection::open(dir.join("mirror.sqlite3")).unwrap();
        db.execute("UPDATE meta SET value = 0 WHERE key = 'rows_version'", []).unwrap();
        db.execute("DELETE FROM slots WHERE doc % 3 = 0", []).unwrap();
    }
    let renumbered = upstream::load(mirror_config(&dir)).expect("restart with old rows");
    assert!(start(&renumbered).rows_made && start(&renumbered).keyword_index_built);
    let got = answers(&renumbered).await;
    // Numbers changed (relevance ties fall by number): compare what was found.
    for ((total, ids), (want_total, want_ids)) in got.iter().zip(&after_crash) {
        assert_eq!(total, want_total);
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len());
        if want_total.as_u64() <= Some(20) {
            assert_eq!(ids.iter().collect::<BTreeSet<_>>(), want_ids.iter().collect::<BTreeSet<_>>());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
