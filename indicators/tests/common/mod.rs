//! Shared by the integration tests: the real snapshot and the API-documentation fixtures.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use serde_json::Value;

/// The real snapshot: `data/demo.jsonl.gz` at the workspace root (not in git: `/data/` is
/// ignored). Its 5,479 tenders (lines `{"kind":"tender","doc":{…}}`), or `None` with a note
/// when the file is absent; absent under `CI`, the test fails.
pub fn real_tenders() -> Option<Vec<Value>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/demo.jsonl.gz");
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            assert!(std::env::var_os("CI").is_none(), "{}: {e} (required when CI is set)", path.display());
            println!("note: {} is absent ({e}); skipping the real-snapshot test", path.display());
            return None;
        }
    };
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut tenders = Vec::new();
    for line in reader.lines() {
        let line = line.expect("read the snapshot");
        if line.trim().is_empty() {
            continue;
        }
        let mut record: Value = serde_json::from_str(&line).expect("a JSON line");
        if record["kind"] == "tender" {
            tenders.push(record["doc"].take());
        }
    }
    Some(tenders)
}

/// One real tender by its `id`.
pub fn real<'a>(tenders: &'a [Value], id: &str) -> &'a Value {
    tenders.iter().find(|t| t["id"] == id).unwrap_or_else(|| panic!("tender {id} is in the snapshot"))
}

/// An API-documentation tender (`tests/fixtures/api/NAME.json`).
pub fn api(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/api").join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("a JSON fixture")
}

// Hand-made records.

use serde_json::json;

/// A tenderer or supplier with an EDRPOU-like code.
pub fn org(code: &str) -> Value {
    json!({"name": format!("ТОВ «{code}»"), "identifier": {"scheme": "UA-EDR", "id": code}})
}

/// An active bid of one tenderer for a tender without lots.
pub fn bid(id: &str, tenderer: &str, amount: f64) -> Value {
    json!({"id": id, "status": "active", "tenderers": [org(tenderer)],
           "value": {"amount": amount, "currency": "UAH", "valueAddedTaxIncluded": true}})
}

/// An active bid of one tenderer with one lot value per `(lot, amount)`.
pub fn lot_bid(id: &str, tenderer: &str, lots: &[(&str, f64)]) -> Value {
    let lot_values: Vec<Value> = lots
        .iter()
        .map(|(lot, amount)| json!({"relatedLot": lot, "status": "active", "value": {"amount": amount, "currency": "UAH"}}))
        .collect();
    json!({"id": id, "status": "active", "tenderers": [org(tenderer)], "lotValues": lot_values})
}

/// An award of a bid to its tenderer.
pub fn award(id: &str, status: &str, bid_id: &str, supplier: &str) -> Value {
    json!({"id": id, "status": status, "bid_id": bid_id, "suppliers": [org(supplier)],
           "date": "2026-10-01T12:00:00+03:00"})
}

/// A complete priceQuotation tender (selective, price only) with these bids and awards.
pub fn tender(bids: Vec<Value>, awards: Vec<Value>) -> Value {
    json!({
        "id": "t1", "tenderID": "UA-2026-10-01-000001-a", "status": "complete",
        "procurementMethodType": "priceQuotation",
        "value": {"amount": 1_000_000.0, "currency": "UAH"},
        "tenderPeriod": {"startDate": "2026-09-21T10:00:00+03:00", "endDate": "2026-09-25T10:00:00+03:00"},
        "bids": bids, "awards": awards,
    })
}

/// Sets a field of an object.
pub fn with(mut v: Value, key: &str, value: Value) -> Value {
    v[key] = value;
    v
}
