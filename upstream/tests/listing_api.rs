//! The listing API (`/api/listing`): every public record once, in its month of
//! publication, checked by brute force against the documents' own JSON; slices that
//! join up; bad parameters refused.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{get, state_with_docs};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use upstream::records::Kind;

/// `YYYY-MM` of an ISO date in Kyiv time.
fn kyiv_month(iso: &str) -> String {
    let ms = upstream::dates::parse(iso).expect("a date");
    let local = ms + upstream::dates::kyiv_offset_secs(ms) * 1000;
    let (y, m, _) = upstream::dates::civil_from_days(local.div_euclid(86_400_000));
    format!("{y:04}-{m:02}")
}

fn s<'a>(v: &'a Value, k: &str) -> Option<&'a str> {
    v[k].as_str().filter(|x| !x.is_empty())
}

/// What the listing must hold, from the documents' JSON: `"<month> <key>"` of each record.
fn expected(kind: Kind) -> BTreeSet<String> {
    let state = state_with_docs();
    let dg = state.data.read();
    let c = dg.collection(kind);
    let mut by_key: BTreeMap<String, String> = BTreeMap::new();
    for d in 0..c.len() as u32 {
        let doc = dg.document(c, d);
        if s(&doc, "mode") == Some("test") || (kind == Kind::Plan && s(&doc, "status") == Some("draft")) {
            continue;
        }
        let (human, published) = match kind {
            Kind::Tender => ("tenderID", s(&doc, "dateCreated")),
            Kind::Plan => ("planID", s(&doc, "datePublished").or(s(&doc, "dateModified"))),
            Kind::Contract => ("contractID", s(&doc, "dateSigned").or(s(&doc, "dateCreated")).or(s(&doc, "date"))),
        };
        let key = s(&doc, human).or(s(&doc, "id")).unwrap();
        let month = kyiv_month(published.or(s(&doc, "dateModified")).unwrap());
        // Of those sharing a key, the last loaded is the one its page shows.
        by_key.insert(key.to_lowercase(), format!("{month} {key}"));
    }
    by_key.into_values().collect()
}

#[tokio::test]
async fn every_public_record_is_listed_once_in_its_month() {
    let state = state_with_docs();
    let summary = get(&state, "/api/listing").await;
    assert_eq!(summary.status, 200);
    for (name, kind) in [("tenders", Kind::Tender), ("plans", Kind::Plan), ("contracts", Kind::Contract)] {
        let want = expected(kind);
        let months = summary.body[name].as_array().unwrap();
        let mut got = BTreeSet::new();
        let mut total = 0;
        for m in months {
            let month = m["month"].as_str().unwrap();
            let count = m["count"].as_u64().unwrap() as usize;
            total += count;
            // Two slices that join up.
            let half = count.div_ceil(2).max(1);
            let mut items = Vec::new();
            for offset in [0, half] {
                let slice =
                    get(&state, &format!("/api/listing/{name}?month={month}&offset={offset}&limit={half}")).await;
                assert_eq!(slice.status, 200);
                assert_eq!(slice.body["total"].as_u64().unwrap() as usize, count);
                assert_eq!(slice.body["lastModified"], m["lastModified"]);
                items.extend(slice.body["items"].as_array().unwrap().clone());
            }
            assert_eq!(items.len(), count, "{name} {month}");
            let latest =
                items.iter().filter_map(|i| i["dateModified"].as_str()).filter_map(upstream::dates::parse).max();
            assert_eq!(
                latest,
                m["lastModified"].as_str().and_then(upstream::dates::parse),
                "{name} {month}: lastModified"
            );
            for item in items {
                let key = item["key"].as_str().unwrap();
                assert!(item["id"].as_str().is_some_and(|id| id.len() == 32), "{item}");
                assert!(got.insert(format!("{month} {key}")), "{name}: {key} listed twice");
            }
        }
        assert_eq!(total, want.len(), "{name}: count");
        assert_eq!(got, want, "{name}: the records and their months");
        eprintln!("{name}: {} records in {} months", total, months.len());
    }
    // Market: the active records.
    let market = state.market.get();
    for (name, records) in [("products", &market.products), ("categories", &market.categories)] {
        let active: BTreeSet<String> =
            records.all.iter().filter(|r| r.status == "active").map(|r| r.id.clone()).collect();
        assert_eq!(summary.body[name]["count"].as_u64().unwrap() as usize, active.len());
        let slice = get(&state, &format!("/api/listing/{name}?limit=50000")).await;
        let got: BTreeSet<String> =
            slice.body["items"].as_array().unwrap().iter().map(|i| i["key"].as_str().unwrap().to_owned()).collect();
        assert_eq!(got, active, "{name}");
    }
}

#[tokio::test]
async fn bad_listing_parameters_are_refused() {
    let state = state_with_docs();
    for (uri, parameter) in [
        ("/api/listing/tenders", "month"),
        ("/api/listing/tenders?month=2026-13", "month"),
        ("/api/listing/tenders?month=26-10", "month"),
        ("/api/listing/tenders?month=2026-10&limit=50001", "limit"),
        ("/api/listing/tenders?month=2026-10&limit=0", "limit"),
        ("/api/listing/plans?month=2026-10&offset=-1", "offset"),
    ] {
        let r = get(&state, uri).await;
        assert_eq!(r.status, 400, "{uri}");
        assert_eq!(r.body["parameter"], parameter, "{uri}");
    }
    assert_eq!(get(&state, "/api/listing/vouchers").await.status, 404);
    let empty = get(&state, "/api/listing/tenders?month=1999-01").await;
    assert_eq!(empty.status, 200);
    assert_eq!(empty.body["total"], 0);
}
