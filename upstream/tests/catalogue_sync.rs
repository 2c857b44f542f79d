//! The stand-in catalogue feed against the protocol of the central catalogue API
//! (ProzorroUKR/prozorro-catalog), and the catalogue sync against the stand-in: a mirror
//! makes its Market from the followed catalogue, takes a change, rides out faults, and
//! starts again from its store.

mod common;

use common::{get, post_json};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use upstream::{AppState, UpstreamConfig};

fn stand_in() -> AppState {
    let mut cfg = common::config_with(0);
    cfg.dev = true;
    upstream::load(cfg).expect("stand-in")
}

/// Every row of a resource, walked with `limit` through the API's own `next_page`.
async fn walk(s: &AppState, resource: &str, limit: usize) -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut offset = String::new();
    for _ in 0..10_000 {
        let r = get(s, &format!("/catalog/api/{resource}?limit={limit}&offset={}", common::enc(&offset))).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let data = r.body["data"].as_array().unwrap().clone();
        let next = r.body["next_page"]["offset"].as_str().unwrap().to_string();
        if data.is_empty() {
            assert_eq!(next, offset, "an empty page echoes its offset");
            return rows;
        }
        let mut last = offset.clone();
        for d in &data {
            let row = d.as_object().unwrap();
            assert_eq!(row.keys().collect::<BTreeSet<_>>(), BTreeSet::from([&"dateModified".into(), &"id".into()]));
            let m = row["dateModified"].as_str().unwrap().to_string();
            assert!(offset.is_empty() || m > offset, "rows after the offset: {m} after {offset}");
            assert!(m >= last, "ordered by dateModified");
            last = m.clone();
            rows.push((row["id"].as_str().unwrap().to_string(), m));
        }
        assert_eq!(next, last, "next_page: the last row's dateModified");
        offset = next;
    }
    panic!("the feed did not end");
}

#[tokio::test]
async fn the_catalogue_feed_keeps_the_apis_rules() {
    let s = stand_in();
    let market = s.market.get();
    let want: BTreeSet<String> = market.products.all.iter().map(|p| p.id.clone()).collect();
    let rows = walk(&s, "products", 1000).await;
    let got: BTreeSet<String> = rows.iter().map(|(id, _)| id.clone()).collect();
    assert!(want.is_subset(&got), "every product of the Market is in the feed");
    assert_eq!(got.len(), rows.len(), "none twice");
    assert!(!walk(&s, "categories", 50).await.is_empty() && !walk(&s, "offers", 500).await.is_empty());

    let r = get(&s, "/catalog/api/products?limit=20000").await;
    assert!(r.body["next_page"]["path"].as_str().unwrap().contains("limit=10000"), "limit cut to 10,000");
    assert!(r.body.get("prev_page").is_none(), "no prev_page without an offset");
    let r = get(&s, "/catalog/api/products?limit=0").await;
    assert_eq!(r.body["data"].as_array().unwrap().len(), 1, "limit raised to 1");
    assert_eq!(get(&s, "/catalog/api/products?limit=ten").await.status, 400);
    for bad in ["garbage", "1729285200.000000", "2023-13-45"] {
        let r = get(&s, &format!("/catalog/api/products?offset={bad}")).await;
        assert_eq!(r.status, 400, "{bad}");
        assert_eq!(r.body, json!({"errors": [format!("Invalid offset: {bad}")]}));
    }
    // Descending, by `descending=1` or any `reverse`: the same rows the other way round.
    let first = rows[0].1.clone();
    let last = rows.last().unwrap().1.clone();
    for flag in ["descending=1", "reverse=1", "reverse=0"] {
        let r = get(&s, &format!("/catalog/api/products?limit=3&{flag}")).await;
        assert_eq!(r.body["data"][0]["dateModified"], json!(last), "{flag}");
        assert!(r.body["next_page"]["path"].as_str().unwrap().contains("descending=1"));
    }
    let r = get(&s, "/catalog/api/products?limit=3&descending=0").await;
    assert_eq!(r.body["data"][0]["dateModified"], json!(first), "descending=0 is ascending");
    // With an offset: prev_page turns round.
    let r = get(&s, &format!("/catalog/api/products?limit=2&offset={}", common::enc(&first))).await;
    assert!(r.body["prev_page"]["path"].as_str().unwrap().contains("descending=1"), "{}", r.text);
    // One object, and a missing one.
    let id = &rows[0].0;
    let r = get(&s, &format!("/catalog/api/products/{id}")).await;
    assert_eq!(r.body["data"]["id"], json!(id));
    assert!(r.body["data"]["relatedCategory"].is_string(), "{}", r.text);
    let r = get(&s, "/catalog/api/products/0000").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.body, json!({"errors": ["Product not found"]}));
    assert_eq!(get(&s, "/catalog/api/vendors-unknown").await.status, 404);
    // A development change: a new dateModified, after every other.
    let r = post_json(&s, &format!("/dev/catalog/products/{id}"), r#"{"title": "Змінений товар"}"#, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let changed = walk(&s, "products", 1000).await;
    assert_eq!(changed.last().unwrap().0, *id, "the changed product is the newest row");
    assert_eq!(changed.len(), rows.len(), "still once");
}

fn mirror_config(url: &str, store: &std::path::Path) -> UpstreamConfig {
    let mut cfg = common::config_with(0);
    let mut sync = upstream::sync::SyncConfig::new(&format!("{url}/cdb/api/2.5"), store);
    sync.market_url = Some(format!("{url}/catalog/api"));
    sync.registers = Vec::new();
    sync.store_dir = store.to_path_buf();
    sync.rate = 1000.0;
    sync.concurrency = 8;
    sync.limit = 40;
    sync.idle_ms = 200;
    cfg.sync = Some(sync);
    cfg
}

/// What the portal reads of a Market: each list's ids with status and title, and the
/// products' prices.
fn served(s: &AppState) -> BTreeMap<String, (String, String, Option<String>)> {
    let m = s.market.get();
    let mut out = BTreeMap::new();
    for (list, records) in [("category", &m.categories), ("profile", &m.profiles), ("product", &m.products)] {
        for r in &records.all {
            out.insert(
                format!("{list}/{}", r.id),
                (r.status.to_string(), r.title.clone(), r.price.map(|p| format!("{p:.2}"))),
            );
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mirror_follows_the_catalogue_through_faults_and_restarts_from_its_store() {
    let source = stand_in();
    let addr = common::serve(source.clone()).await;
    let url = format!("http://{addr}");
    let dir = std::env::temp_dir().join(format!("catalogue-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mirror = upstream::load(mirror_config(&url, &dir)).expect("mirror");
    assert!(mirror.market.get().products.is_empty(), "a new catalogue mirror starts empty, not generated");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    tokio::spawn(upstream::serve_on(listener, mirror.clone()));
    let want = served(&source);
    let same = common::until(120, || served(&mirror) == want).await;
    if !same {
        let got = served(&mirror);
        let missing: Vec<_> = want.iter().filter(|(k, v)| got.get(*k) != Some(v)).take(3).collect();
        let extra: Vec<_> = got.iter().filter(|(k, v)| want.get(*k) != Some(v)).take(3).collect();
        panic!(
            "the mirror's Market serves the catalogue's: {} of {}; missing {missing:?}; other {extra:?}; {}",
            got.len(),
            want.len(),
            get(&mirror, "/health").await.text
        );
    }

    // A change of a product reaches the mirror's Market search.
    let product = source.market.get().products.all.iter().find(|p| p.status == "active").unwrap().id.clone();
    let patch = json!({"title": "Жирафоподібний степлер"});
    let r = post_json(&source, &format!("/dev/catalog/products/{product}"), &patch.to_string(), None).await;
    assert_eq!(r.status, 200);
    let found = common::until(10, || {
        mirror.market.get().products.get(&product).is_some_and(|p| p.title == "Жирафоподібний степлер")
    })
    .await;
    assert!(found, "the change arrives: {}", get(&mirror, "/health").await.text);
    let r = get(&mirror, "/api/products?keyword=Жирафоподібний").await;
    assert_eq!(r.body["hydra:member"][0]["id"], json!(product), "{}", r.text);

    // Faults: 429s and cut answers; more changes, which arrive.
    let faults = json!({"429": 0.3, "reset": 0.2});
    assert_eq!(post_json(&source, "/dev/feed/faults", &faults.to_string(), None).await.status, 200);
    let others: Vec<String> = source.market.get().categories.all.iter().take(3).map(|c| c.id.clone()).collect();
    for (i, id) in others.iter().enumerate() {
        let patch = json!({"title": format!("Категорія після збою {i}")});
        let r = post_json(&source, &format!("/dev/catalog/categories/{id}"), &patch.to_string(), None).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    assert!(
        common::until(120, || others.iter().enumerate().all(|(i, id)| mirror
            .market
            .get()
            .categories
            .get(id)
            .is_some_and(|c| c.title == format!("Категорія після збою {i}"))))
        .await,
        "the mirror rides out the faults"
    );
    let status = get(&mirror, "/health").await;
    assert!(status.text.contains("market/categories"), "{}", status.text);
    assert_eq!(post_json(&source, "/dev/feed/faults", "{}", None).await.status, 200);

    // A restart starts from the store, the catalogue out of reach.
    let before = served(&mirror);
    let again = upstream::load(mirror_config("http://127.0.0.1:9", &dir)).expect("restart");
    assert_eq!(served(&again), before, "the Market from the store");
    let _ = std::fs::remove_dir_all(&dir);
}
