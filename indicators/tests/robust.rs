//! Bad input never panics. Records (the API fixtures and, when present, a sample of real
//! tenders) are mutated at random places: values replaced by other types, keys removed,
//! lists emptied, numbers made extreme. Every result has nine outcomes in order, a reason
//! exactly when not applicable, evidence when raised, and serialises. `ROBUST_CASES` sets
//! the number of mutated records per source record (default 60), `ROBUST_SEED` the seed.

mod common;

use indicators::{assess, measures, Code, Verdict};
use serde_json::{json, Value};

/// xorshift64*: small, deterministic, enough to pick places and values.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn paths(v: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match v {
        Value::Object(o) => {
            for (k, child) in o {
                here.push(Step::Key(k.clone()));
                paths(child, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                here.push(Step::Index(i));
                paths(child, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

fn replacement(rng: &mut Rng) -> Value {
    match rng.below(14) {
        0 => Value::Null,
        1 => json!(""),
        2 => json!("2026-13-45T99:99:99+03:00"),
        3 => json!("not a date"),
        4 => json!(-1),
        5 => json!(0),
        6 => json!(1e308),
        7 => json!(-1e308),
        8 => json!(true),
        9 => json!([]),
        10 => json!({}),
        11 => json!([null, 1, "x"]),
        12 => json!({"amount": "100", "currency": 980}),
        _ => json!("2026-10-01T10:00:00+03:00"),
    }
}

fn mutate(v: &mut Value, rng: &mut Rng) {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let path = all[rng.below(all.len())].clone();
    if rng.below(4) == 0 && !path.is_empty() {
        // Remove the key or element.
        let (last, parent) = path.split_last().unwrap();
        match (at(v, parent), last) {
            (Value::Object(o), Step::Key(k)) => {
                o.remove(k);
            }
            (Value::Array(a), Step::Index(i)) if *i < a.len() => {
                a.remove(*i);
            }
            _ => {}
        }
    } else {
        *at(v, &path) = replacement(rng);
    }
}

#[track_caller]
fn check(t: &Value) {
    let a = assess(t);
    assert_eq!(a.outcomes.iter().map(|o| o.code).collect::<Vec<_>>(), Code::ALL);
    for o in &a.outcomes {
        assert_eq!(o.reason.is_some(), o.verdict == Verdict::NotApplicable, "{t}");
        if o.verdict == Verdict::Raised {
            assert!(o.evidence.is_some(), "{t}");
        }
    }
    serde_json::to_string(&a).expect("serialisable");
    let m = measures(t);
    assert!(m.disqualified <= m.submitted);
    assert!(m.differences.iter().all(|d| d.difference.is_finite()));
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn mutated_records_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/api");
    let mut sources: Vec<Value> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension() == Some("json".as_ref()))
        .map(|p| serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect();
    sources.sort_by_key(|v| v["id"].as_str().unwrap_or("").to_owned());
    if let Some(real) = common::real_tenders() {
        // Tenders with bids and awards, where most of the reading happens.
        sources.extend(real.into_iter().filter(|t| t.get("bids").is_some()).step_by(25));
    }
    let cases = env("ROBUST_CASES", 60);
    let seed = env("ROBUST_SEED", 0x5eed_1234_abcd_0001);
    let mut rng = Rng(seed | 1);
    println!("seed {seed}, {} source records, {cases} mutants each", sources.len());
    for source in &sources {
        check(source);
        for _ in 0..cases {
            let mut t = source.clone();
            for _ in 0..=rng.below(4) {
                mutate(&mut t, &mut rng);
            }
            check(&t);
        }
    }
}

#[test]
fn hostile_shapes() {
    for t in [
        json!({}),
        json!({"status": 5, "procurementMethodType": ["x"], "bids": [], "awards": [], "lots": []}),
        json!({"procurementMethodType": "priceQuotation", "status": "complete", "bids": [null, 1, "b", []]}),
        json!({"procurementMethodType": "aboveThreshold", "status": "complete", "lots": [{"id": 1}, {}, {"id": "L"}],
               "bids": [{"id": "b", "lotValues": [{"relatedLot": "L", "value": {"amount": 0.0}}]}],
               "awards": [{"status": "active", "bid_id": "b", "lotID": "L"}]}),
        json!({"procurementMethodType": "priceQuotation", "status": "complete",
               "bids": [{"id": "b", "value": {"amount": 0.0, "currency": "UAH"}, "tenderers": [{}]}],
               "awards": [{"status": "active", "bid_id": "b", "suppliers": [{"identifier": {"id": 7}}]}]}),
        json!({"procurementMethodType": "priceQuotation", "status": "complete",
               "tenderPeriod": {"startDate": "9223372036854775807-01-01", "endDate": "2026-01-01T00:00:00+99:99"},
               "bids": [{"id": "b", "date": "-9223372036854775807-01-01", "value": {"amount": 1.0}}],
               "awards": [{"status": "active", "bid_id": "b"}]}),
        json!({"procurementMethodType": "priceQuotation", "status": "complete",
               "tenderPeriod": {"startDate": "9999-12-31T23:59:59Z", "endDate": "0001-01-01"},
               "bids": [{"id": "b", "date": "0001-01-01", "value": {"amount": -5.0}}],
               "awards": [{"status": "active", "suppliers": []}]}),
        json!({"procurementMethodType": "priceQuotation", "status": "complete",
               "bids": [{"id": "w", "status": "active", "tenderers": [{"identifier": {"scheme": "UA-EDR", "id": "1"}}],
                         "value": {"amount": 0.5, "currency": "UAH"}},
                        {"id": "s", "status": "active", "tenderers": [{"identifier": {"scheme": "UA-EDR", "id": "2"}}],
                         "value": {"amount": 1.7e308, "currency": "UAH"}}],
               "awards": [{"status": "active", "bid_id": "w"}]}),
    ] {
        check(&t);
    }
    // Lots that cannot be told apart (no ids) are malformed, not cancelled.
    let no_ids =
        json!({"status": "complete", "procurementMethodType": "aboveThreshold", "lots": [{"status": "active"}]});
    assert!(assess(&no_ids).outcomes.iter().all(|o| o.reason == Some(indicators::Reason::Malformed)));
    let cancelled = json!({"status": "active", "lots": [{"id": "L", "status": "cancelled"}, {"status": "cancelled"}]});
    assert!(assess(&cancelled).outcomes.iter().all(|o| o.reason == Some(indicators::Reason::TenderCancelled)));
}
