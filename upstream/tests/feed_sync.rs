//! The stand-in feed against the protocol of openprocurement.api 2.5, and the sync client
//! against the stand-in: a second upstream mirrors the first into a store of its own,
//! follows its changes, rides out its faults and starts again from its store.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{get, post_json};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use upstream::{AppState, UpstreamConfig};

/// The stand-in: the real data with the API-documentation examples (several share one
/// `dateModified`, so the feed has ties), development mode on.
fn stand_in() -> AppState {
    let mut cfg = common::config_with(0);
    cfg.extra_tenders_dir = common::api_docs("tenders");
    cfg.extra_plans_dir = common::api_docs("plans");
    cfg.extra_contracts_dir = common::api_docs("contracts");
    cfg.dev = true;
    upstream::load(cfg).expect("stand-in")
}

/// Every row of a register's feed, walked forward with `limit` (ids in order).
async fn walk(s: &AppState, register: &str, limit: usize, mode: &str) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    let mut offset = String::new();
    for _ in 0..10_000 {
        let r = get(s, &format!("/cdb/api/2.5/{register}?limit={limit}&mode={mode}&offset={offset}")).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let data = r.body["data"].as_array().unwrap().clone();
        let next = r.body["next_page"]["offset"].as_str().unwrap().to_string();
        if data.is_empty() {
            assert_eq!(next, offset, "an empty page echoes its offset");
            return rows;
        }
        for d in data {
            rows.push((d["id"].as_str().unwrap().to_string(), d["dateModified"].as_str().unwrap().to_string()));
        }
        offset = next;
    }
    panic!("the feed did not end");
}

/// The public records of a register as the stand-in holds them: id → dateModified.
fn public_records(s: &AppState, kind: upstream::records::Kind) -> BTreeMap<String, String> {
    let data = s.data.read();
    let c = data.collection(kind);
    let mut out = BTreeMap::new();
    for d in 0..c.len() as u32 {
        if c.index.is_dead(d) {
            continue;
        }
        let doc = data.document(c, d);
        let id = doc["id"].as_str().unwrap_or_default().to_string();
        if c.index.lookup(&id) != Some(d) || matches!(doc["status"].as_str(), Some("draft" | "deleted")) {
            continue;
        }
        out.insert(id, doc["dateModified"].as_str().unwrap_or_default().to_string());
    }
    out
}

#[tokio::test]
async fn the_feed_lists_every_public_record_once_in_order_across_ties() {
    let s = stand_in();
    for (register, kind) in [
        ("tenders", upstream::records::Kind::Tender),
        ("plans", upstream::records::Kind::Plan),
        ("contracts", upstream::records::Kind::Contract),
    ] {
        let want = public_records(&s, kind);
        // Pages of 7 cut through the ties of the examples' shared timestamp: as the API
        // does, a page whose tied rows outnumber the last page's repeats them (the hash
        // differs) rather than lose any. Pages larger than the ties repeat none.
        for limit in [7, 1000] {
            let rows = walk(&s, register, limit, "_all_").await;
            let ids: Vec<&String> = rows.iter().map(|(id, _)| id).collect();
            let unique: BTreeSet<&String> = ids.iter().copied().collect();
            if limit == 1000 {
                assert_eq!(unique.len(), ids.len(), "{register}: no row twice");
            }
            let got: BTreeMap<String, String> = rows.into_iter().collect();
            assert_eq!(got, want, "{register}: every public record, with its dateModified");
        }
    }
    // Descending reads the same rows the other way round.
    let forward: Vec<String> = walk(&s, "contracts", 1000, "_all_").await.into_iter().map(|r| r.0).collect();
    let mut back: Vec<String> = Vec::new();
    let mut offset = String::new();
    loop {
        let r = get(&s, &format!("/cdb/api/2.5/contracts?limit=1000&mode=_all_&descending=1&offset={offset}")).await;
        let data = r.body["data"].as_array().unwrap();
        if data.is_empty() {
            break;
        }
        back.extend(data.iter().map(|d| d["id"].as_str().unwrap().to_string()));
        offset = r.body["next_page"]["offset"].as_str().unwrap().to_string();
    }
    back.reverse();
    assert_eq!(back.len(), forward.len());
    assert_eq!(back.iter().collect::<BTreeSet<_>>(), forward.iter().collect::<BTreeSet<_>>());
}

#[tokio::test]
async fn the_feed_keeps_the_apis_rules_for_limit_offset_and_fields() {
    let s = stand_in();
    let r = get(&s, "/cdb/api/2.5/tenders?limit=5000").await;
    assert_eq!(r.body["data"].as_array().unwrap().len(), 1000, "limit is cut to 1000");
    assert!(r.body["next_page"]["path"].as_str().unwrap().contains("limit=1000"));
    assert!(r.body.get("prev_page").is_none(), "no prev_page on a first ascending page");
    let r = get(&s, "/cdb/api/2.5/tenders?limit=0").await;
    assert_eq!(r.body["data"].as_array().unwrap().len(), 1, "limit is raised to 1");
    let r = get(&s, "/cdb/api/2.5/tenders?limit=ten").await;
    assert_eq!(r.status, 400);
    assert_eq!(r.body["errors"][0]["name"], "limit");
    for bad in ["garbage", "1.2.x.y", "abc.def"] {
        let r = get(&s, &format!("/cdb/api/2.5/tenders?offset={bad}")).await;
        assert_eq!(r.status, 404, "{bad}");
        assert_eq!(r.body["errors"][0]["location"], "querystring");
        assert_eq!(r.body["errors"][0]["name"], "offset");
    }
    let r = get(&s, "/cdb/api/2.5/tenders?limit=1").await;
    let row = &r.body["data"][0];
    assert_eq!(
        row.as_object().unwrap().keys().collect::<BTreeSet<_>>(),
        BTreeSet::from([&"dateModified".to_string(), &"id".to_string()]),
        "id and dateModified only"
    );
    let r = get(&s, "/cdb/api/2.5/tenders?limit=1&opt_fields=status,public_modified,nonsense,title").await;
    let row = r.body["data"][0].as_object().unwrap();
    assert!(row.contains_key("status") && row.contains_key("public_modified"));
    assert!(!row.contains_key("title") && !row.contains_key("nonsense"), "only the allowed fields");
    assert!(r.body["next_page"]["path"].as_str().unwrap().contains("opt_fields=public_modified%2Cstatus"));
    // The offset of the last row: its public_modified, the count and hash of its ties.
    let pm = row["public_modified"].as_f64().unwrap();
    let offset = r.body["next_page"]["offset"].as_str().unwrap();
    assert!(offset.starts_with(&format!("{}.", upstream::feed::offset::seconds((pm * 1000.0).round() as i64))));
    // Test records only with mode=test; none by default.
    let all = walk(&s, "tenders", 1000, "_all_").await.len();
    let real = walk(&s, "tenders", 1000, "").await.len();
    let test = walk(&s, "tenders", 1000, "test").await.len();
    assert_eq!(all, real + test);
    // prev_page of a descending page turns round: ascending from its first row.
    let r = get(&s, "/cdb/api/2.5/tenders?descending=1&limit=1000").await;
    let prev = r.body["prev_page"]["path"].as_str().unwrap();
    assert!(!prev.contains("descending"), "{prev}");
    let turned = get(&s, prev).await;
    assert_eq!(turned.body["data"].as_array().unwrap().len(), 0, "nothing newer than the head");
}

#[tokio::test]
async fn a_development_change_is_held_back_by_the_watermark_then_found_once() {
    let s = stand_in();
    let head = get(&s, "/cdb/api/2.5/tenders?descending=1&limit=1000").await;
    let forward = head.body["prev_page"]["offset"].as_str().unwrap().to_string();
    // A tender that is not cancelled.
    let listed = get(&s, "/api/tenders?status[]=active.tendering&perPage=1").await;
    let id = listed.body["hydra:member"][0]["id"].as_str().unwrap().to_string();
    let r =
        post_json(&s, &format!("/dev/cdb/tenders/{id}"), r#"{"status": "cancelled", "title": "Змінена назва"}"#, None)
            .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let date = r.body["data"]["dateModified"].as_str().unwrap().to_string();
    let page = get(&s, &format!("/cdb/api/2.5/tenders?offset={forward}")).await;
    let has = |page: &common::Resp| {
        page.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == id.as_str() && r["dateModified"] == date.as_str())
    };
    assert!(!has(&page), "within the watermark: not yet");
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let page = get(&s, &format!("/cdb/api/2.5/tenders?offset={forward}")).await;
    assert!(has(&page), "{}", page.text);
    // The upstream's own search: under the new status only, once.
    let old = get(&s, &format!("/api/tenders?keyword={id}&status[]=active.tendering")).await;
    assert_eq!(old.body["hydra:totalItems"], 0);
    let new = get(&s, &format!("/api/tenders?keyword={id}")).await;
    assert_eq!(new.body["hydra:totalItems"], 1);
    assert_eq!(new.body["hydra:member"][0]["status"], "cancelled");
    let words = get(&s, &format!("/api/tenders?keyword={}", common::enc("змінена назва"))).await;
    assert!(
        words.body["hydra:member"].as_array().unwrap().iter().any(|m| m["id"] == id.as_str()),
        "the new title is searchable"
    );
    let one = get(&s, &format!("/cdb/api/2.5/tenders/{id}")).await;
    assert_eq!(one.body["data"]["status"], "cancelled");
    // A patch cannot change the id, and must be an object.
    assert_eq!(post_json(&s, &format!("/dev/cdb/tenders/{id}"), r#"{"id": "x"}"#, None).await.status, 400);
    assert_eq!(post_json(&s, &format!("/dev/cdb/tenders/{id}"), "[1]", None).await.status, 400);
    assert_eq!(post_json(&s, "/dev/cdb/tenders/nope", "{}", None).await.status, 404);
}

#[test]
fn merge_patch_follows_rfc_7396() {
    // The examples of RFC 7396, appendix A.
    let cases = [
        (json!({"a": "b"}), json!({"a": "c"}), json!({"a": "c"})),
        (json!({"a": "b"}), json!({"b": "c"}), json!({"a": "b", "b": "c"})),
        (json!({"a": "b"}), json!({"a": null}), json!({})),
        (json!({"a": "b", "b": "c"}), json!({"a": null}), json!({"b": "c"})),
        (json!({"a": ["b"]}), json!({"a": "c"}), json!({"a": "c"})),
        (json!({"a": {"b": "c"}}), json!({"a": {"b": "d", "c": null}}), json!({"a": {"b": "d"}})),
        (json!({"a": [{"b": "c"}]}), json!({"a": [1]}), json!({"a": [1]})),
        (json!({"e": null}), json!({"a": 1}), json!({"e": null, "a": 1})),
        (json!([1, 2]), json!({"a": "b", "c": null}), json!({"a": "b"})),
        (json!({}), json!({"a": {"bb": {"ccc": null}}}), json!({"a": {"bb": {}}})),
    ];
    for (mut target, patch, want) in cases {
        upstream::feed::patch::merge_patch(&mut target, &patch);
        assert_eq!(target, want);
    }
}

fn mirror_config(url: &str, store: &std::path::Path) -> UpstreamConfig {
    let mut cfg = common::config_with(0);
    let mut sync = upstream::sync::SyncConfig::new(url, store);
    sync.store_dir = store.to_path_buf();
    sync.rate = 1000.0;
    sync.concurrency = 8;
    sync.limit = 50;
    sync.idle_ms = 200;
    cfg.sync = Some(sync);
    cfg
}

fn stored(s: &AppState, kind: upstream::records::Kind) -> BTreeMap<String, String> {
    public_records(s, kind)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mirror_follows_the_feed_through_faults_and_restarts_from_its_store() {
    use upstream::records::Kind;
    let source = stand_in();
    let addr = common::serve(source.clone()).await;
    let url = format!("http://{addr}/cdb/api/2.5");
    let dir = std::env::temp_dir().join(format!("mirror-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mirror = upstream::load(mirror_config(&url, &dir)).expect("mirror");
    assert_eq!(mirror.data.read().tenders.len(), 0, "a new mirror starts empty, not from the snapshot");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    tokio::spawn(upstream::serve_on(listener, mirror.clone()));
    for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
        let want = public_records(&source, kind);
        assert!(
            common::until(120, || stored(&mirror, kind) == want).await,
            "{kind:?}: the mirror holds every public record"
        );
    }
    // A change in the feed reaches the mirror's search and record within 5 s.
    let listed = get(&mirror, "/api/tenders?status[]=active.tendering&perPage=1").await;
    let id = listed.body["hydra:member"][0]["id"].as_str().expect("an open tender").to_string();
    let r = post_json(&source, &format!("/dev/cdb/tenders/{id}"), r#"{"status": "cancelled"}"#, None).await;
    assert_eq!(r.status, 200);
    let changed = common::until(5, || {
        let data = mirror.data.read();
        let c = &data.tenders;
        c.index.lookup(&id).is_some_and(|d| data.document(c, d)["status"] == "cancelled")
    })
    .await;
    assert!(changed, "the change shows within 5 s: {}", get(&mirror, "/health").await.text);
    let found = get(&mirror, &format!("/api/tenders?keyword={id}")).await;
    assert_eq!(found.body["hydra:totalItems"], 1);
    assert_eq!(found.body["hydra:member"][0]["status"], "cancelled");
    // The change is an event of the mirror's history; the back-fill made none.
    let events = get(&mirror, &format!("/api/tenders/{id}/events")).await;
    let data = events.body["data"].as_array().expect("events").clone();
    assert!(
        data.iter().any(|e| e["type"] == "status" && e["from"] == "active.tendering" && e["to"] == "cancelled"),
        "{}",
        events.text
    );
    assert!(events.body["historyBegins"].is_string());
    let quiet = get(&mirror, "/api/tenders?perPage=20&sortOrder=dateCreated.asc").await;
    for t in quiet.body["hydra:member"].as_array().unwrap().iter().filter(|t| t["id"] != id.as_str()) {
        let e = get(&mirror, &format!("/api/tenders/{}/events", t["id"].as_str().unwrap())).await;
        assert_eq!(e.body["total"], 0, "a record stored by the back-fill has no history: {}", e.text);
    }
    // How current it is: the search pages get the moment, record pages only whether
    // the mirror is behind (their ETag is made of it); the snapshot names its day.
    let full = get(&mirror, "/api/freshness").await;
    assert_eq!((&full.body["mode"], &full.body["behind"]), (&json!("live"), &json!(false)), "{}", full.text);
    assert!(full.body["updatedAt"].as_i64().is_some(), "{}", full.text);
    let brief = get(&mirror, "/api/freshness?brief=1").await;
    assert_eq!(brief.body, json!({"mode": "live", "behind": false, "starting": false}));
    let snapshot = get(&source, "/api/freshness?brief=1").await;
    assert_eq!(snapshot.body["mode"], "snapshot");
    assert!(snapshot.body["snapshotAt"].as_i64().is_some(), "{}", snapshot.text);

    // Faults: 429s, resets and slow pages; changes keep coming, and arrive.
    let faults = json!({"429": 0.3, "reset": 0.2, "slow": 20});
    assert_eq!(post_json(&source, "/dev/feed/faults", &faults.to_string(), None).await.status, 200);
    let ids: Vec<String> = {
        let r = get(&source, "/api/plans?perPage=5").await;
        r.body["hydra:member"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect()
    };
    for (i, id) in ids.iter().enumerate() {
        let patch = json!({"budget": {"description": format!("Змінений план {i}")}});
        assert_eq!(post_json(&source, &format!("/dev/cdb/plans/{id}"), &patch.to_string(), None).await.status, 200);
    }
    let want = public_records(&source, Kind::Plan);
    assert!(common::until(120, || stored(&mirror, Kind::Plan) == want).await, "the mirror rides out the faults");
    let status = get(&mirror, "/health").await;
    assert!(
        status.body["sync"]["registers"].as_array().unwrap().iter().any(|r| r["errors"].as_u64() > Some(0)),
        "{}",
        status.text
    );
    assert_eq!(post_json(&source, "/dev/feed/faults", "{}", None).await.status, 200);

    // A restart starts from the store, with the feed out of reach.
    let mut offline = mirror_config("http://127.0.0.1:9/cdb/api/2.5", &dir);
    offline.sync.as_mut().unwrap().idle_ms = 60_000;
    let again = upstream::load(offline).expect("restart");
    for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
        assert_eq!(stored(&again, kind), public_records(&source, kind), "{kind:?} from the store");
    }
    let found = get(&again, &format!("/api/tenders?keyword={id}")).await;
    assert_eq!(found.body["hydra:member"][0]["status"], "cancelled");
    // The history is kept with the records: the same events, the same beginning.
    let kept = get(&again, &format!("/api/tenders/{id}/events")).await;
    assert_eq!(kept.body["data"], events.body["data"], "the history survives a restart");
    assert_eq!(kept.body["historyBegins"], events.body["historyBegins"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fault_settings_read_their_text_form_and_refuse_the_rest() {
    use upstream::feed::faults::FaultSettings;
    let f = FaultSettings::parse("429=0.2, reset=0.1,slow=300,late=400,storm=10").unwrap();
    assert_eq!((f.too_many, f.reset, f.slow, f.late, f.storm), (0.2, 0.1, 300, 400, 10));
    for bad in ["429=2", "reset", "late=5000", "boom=1", "slow=x"] {
        assert!(FaultSettings::parse(bad).is_err(), "{bad}");
    }
    let _: Value = json!(f);
}
