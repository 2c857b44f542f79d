//! The unit-price API (`/api/prices/…`, issue 47): every figure checked against a
//! brute-force reading of all the loaded records (each document's JSON through the
//! `indicators` crate's rules, the contracts read from their own folder), for a division,
//! a class and an exact code, with and without filters; the record endpoints; refusals; and
//! the index kept right when records are replaced or added, in the snapshot and in a
//! mirror (across a restart too).

// These tests read data that nothing writes while they run, or write it between requests:
// a read guard held across a request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{enc, get, state_with_docs};
use indicators::prices::{
    contract_prices, contracted, tender_prices, without_contracted, Distribution, Observation, Outlier,
};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use upstream::records::Kind;
use upstream::AppState;

/// One price as the brute force reads it, with its place in the order of addition.
#[derive(Debug, Clone)]
struct Seen {
    o: Observation,
    order: usize,
    date_ms: i64,
}

/// Every price the loaded records give, read from their JSON: the tenders' (each id's last
/// document, no test records), the contracts of the API-documentation folder (each id's
/// last file), each contract standing for the award it was signed on.
fn brute(state: &AppState) -> Vec<Seen> {
    let data = state.data.read();
    let c = &data.tenders;
    let docs: Vec<Value> = (0..c.len() as u32).map(|d| data.document(c, d)).collect();
    let mut last: HashMap<String, usize> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        last.insert(doc["id"].as_str().unwrap().to_lowercase(), d);
    }
    let mut tenders: Vec<Observation> = Vec::new();
    for (d, doc) in docs.iter().enumerate() {
        if doc["mode"] == "test" || last[&doc["id"].as_str().unwrap().to_lowercase()] != d {
            continue;
        }
        tenders.extend(tender_prices(doc));
    }
    let mut contracts: Vec<Observation> = Vec::new();
    if let Some(dir) = common::api_docs("contracts") {
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let mut by_id: BTreeMap<String, (usize, Value)> = BTreeMap::new();
        for (n, f) in files.iter().enumerate() {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            let v = if v["data"].is_object() { v["data"].clone() } else { v };
            by_id.insert(v["id"].as_str().unwrap().to_string(), (n, v));
        }
        let mut ordered: Vec<(usize, Value)> = by_id.into_values().collect();
        ordered.sort_by_key(|(n, _)| *n);
        for (_, v) in ordered {
            for mut o in contract_prices(&v) {
                // What the contract does not say, its tender does.
                if let Some(&d) = o.tender.as_ref().and_then(|t| last.get(&t.to_lowercase())) {
                    o.procurement_method_type = o
                        .procurement_method_type
                        .or_else(|| docs[d]["procurementMethodType"].as_str().map(String::from));
                    o.tender_id = o.tender_id.or_else(|| docs[d]["tenderID"].as_str().map(String::from));
                }
                contracts.push(o);
            }
        }
    }
    let kept = without_contracted(tenders, &contracted(&contracts));
    kept.into_iter()
        .chain(contracts)
        .enumerate()
        .map(|(order, o)| {
            let date_ms = o.date.as_deref().and_then(upstream::dates::parse).unwrap_or(i64::MIN);
            Seen { o, order, date_ms }
        })
        .collect()
}

fn shared_brute() -> &'static Vec<Seen> {
    static B: std::sync::OnceLock<Vec<Seen>> = std::sync::OnceLock::new();
    B.get_or_init(|| brute(&state_with_docs()))
}

type Key = (String, String, Option<bool>);

fn key(o: &Observation) -> Key {
    (o.unit.code.clone(), o.currency.clone(), o.value_added_tax_included)
}

/// The filters a query applies, as the brute force reads them.
#[derive(Default, Clone)]
struct Q {
    unit: Option<&'static str>,
    region: Option<&'static str>,
    method: Option<&'static str>,
    from: Option<&'static str>,
    to: Option<&'static str>,
}

impl Q {
    fn query(&self) -> String {
        let mut q = Vec::new();
        if let Some(v) = self.unit {
            q.push(format!("unit={v}"));
        }
        if let Some(v) = self.region {
            q.push(format!("region={}", enc(v)));
        }
        if let Some(v) = self.method {
            q.push(format!("procurementMethodType={v}"));
        }
        if let Some(v) = self.from {
            q.push(format!("dateFrom={v}"));
        }
        if let Some(v) = self.to {
            q.push(format!("dateTo={v}"));
        }
        q.join("&")
    }

    fn keeps(&self, s: &Seen) -> bool {
        let day = |d: &str, end: bool| upstream::dates::parse(d).unwrap() + if end { 86_400_000 - 1 } else { 0 };
        self.unit.is_none_or(|u| s.o.unit.code == u)
            && self.region.is_none_or(|r| s.o.region.as_deref() == Some(r))
            && self.method.is_none_or(|m| s.o.procurement_method_type.as_deref() == Some(m))
            && self.from.is_none_or(|f| s.date_ms != i64::MIN && s.date_ms >= day(f, false))
            && self.to.is_none_or(|t| s.date_ms != i64::MIN && s.date_ms <= day(t, true))
    }
}

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0))
}

/// The brute force's groups of a prefix under a query: (key, prices), most prices first.
fn groups<'a>(all: &'a [Seen], prefix: &str, q: &Q) -> Vec<(Key, Vec<&'a Seen>)> {
    let mut by: BTreeMap<Key, Vec<&Seen>> = BTreeMap::new();
    for s in all.iter().filter(|s| format!("{:08}", s.o.code()).starts_with(prefix) && q.keeps(s)) {
        by.entry(key(&s.o)).or_default().push(s);
    }
    let mut v: Vec<(Key, Vec<&Seen>)> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    v
}

fn newest_first(v: &mut [&Seen]) {
    v.sort_by(|a, b| b.date_ms.cmp(&a.date_ms).then(b.order.cmp(&a.order)));
}

/// The API's answer for `code` under `q` against the brute force.
async fn check_code(state: &AppState, code: &str, prefix: &str, q: &Q) -> usize {
    let all = shared_brute();
    let want = groups(all, prefix, q);
    let r = get(state, &format!("/api/prices/{code}?{}&recent=7", q.query())).await;
    assert_eq!(r.status, 200, "{code}: {}", r.text);
    assert_eq!(r.body["prefix"], prefix);
    let total: usize = want.iter().map(|g| g.1.len()).sum();
    assert_eq!(r.body["total"], total, "{code} {}", q.query());
    let got = r.body["groups"].as_array().unwrap();
    assert_eq!(got.len(), want.len(), "{code} {}", q.query());
    for (g, (k, prices)) in got.iter().zip(&want) {
        let ctx = format!("{code} {} {k:?}", q.query());
        assert_eq!(
            (g["unit"]["code"].as_str().unwrap(), g["currency"].as_str().unwrap()),
            (k.0.as_str(), k.1.as_str()),
            "{ctx}"
        );
        assert_eq!(g["valueAddedTaxIncluded"].as_bool(), k.2, "{ctx}");
        let d = Distribution::of(prices.iter().map(|s| s.o.amount)).unwrap();
        assert_eq!(g["count"], d.count, "{ctx}");
        for (name, v) in [
            ("min", d.min),
            ("q1", d.q1),
            ("median", d.median),
            ("q3", d.q3),
            ("max", d.max),
            ("lowerFence", d.lower_fence),
            ("upperFence", d.upper_fence),
        ] {
            assert!(close(&g[name], v), "{ctx} {name}: {} vs {v}", g[name]);
        }
        let high = prices.iter().filter(|s| d.outlier(s.o.amount) == Some(Outlier::High)).count();
        let low = prices.iter().filter(|s| d.outlier(s.o.amount) == Some(Outlier::Low)).count();
        assert_eq!(
            (g["outliersHigh"].as_u64(), g["outliersLow"].as_u64()),
            (Some(high as u64), Some(low as u64)),
            "{ctx}"
        );
        // The newest rows, with each one's mark.
        let mut newest: Vec<&Seen> = prices.clone();
        newest_first(&mut newest);
        let rows = g["recent"].as_array().unwrap();
        assert_eq!(rows.len(), newest.len().min(7), "{ctx}");
        for (row, s) in rows.iter().zip(&newest) {
            assert_eq!(row["tenderID"].as_str(), s.o.tender_id.as_deref(), "{ctx}");
            assert_eq!(row["awardId"].as_str(), s.o.award_id.as_deref(), "{ctx}");
            assert_eq!(row["itemId"].as_str(), s.o.item_id.as_deref(), "{ctx}");
            assert_eq!(row["date"].as_str(), s.o.date.as_deref(), "{ctx}");
            assert!(close(&row["amount"], s.o.amount) && close(&row["total"], s.o.total), "{ctx}: {row}");
            assert!(close(&row["quantity"], s.o.quantity), "{ctx}");
            assert_eq!(row["buyer"]["id"].as_str(), s.o.buyer.id.as_deref(), "{ctx}");
            assert_eq!(row["supplier"]["id"].as_str(), s.o.supplier.id.as_deref(), "{ctx}");
            assert_eq!(row["region"].as_str(), s.o.region.as_deref(), "{ctx}");
            assert_eq!(row["procurementMethodType"].as_str(), s.o.procurement_method_type.as_deref(), "{ctx}");
            let mark = match d.outlier(s.o.amount) {
                Some(Outlier::High) => json!("high"),
                Some(Outlier::Low) => json!("low"),
                None => Value::Null,
            };
            assert_eq!(row["outlier"], mark, "{ctx}");
        }
        // Buyers who paid the most and the least: by median, then count, then id.
        let mut buyers: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
        for s in prices {
            if let Some(b) = s.o.buyer.id.as_deref() {
                buyers.entry(b).or_default().push(s.o.amount);
            }
        }
        let mut ranked: Vec<(&str, Distribution)> =
            buyers.into_iter().map(|(b, v)| (b, Distribution::of(v).unwrap())).collect();
        ranked.sort_by(|a, b| b.1.median.total_cmp(&a.1.median).then(b.1.count.cmp(&a.1.count)).then(a.0.cmp(b.0)));
        let ids = |v: &Value| -> Vec<String> {
            v.as_array().unwrap().iter().map(|b| b["buyer"]["id"].as_str().unwrap().to_string()).collect()
        };
        let highest: Vec<String> = ranked.iter().take(5).map(|b| b.0.to_string()).collect();
        assert_eq!(ids(&g["highest"]), highest, "{ctx}");
        ranked.sort_by(|a, b| a.1.median.total_cmp(&b.1.median).then(b.1.count.cmp(&a.1.count)).then(a.0.cmp(b.0)));
        let lowest: Vec<String> = ranked.iter().take(5).map(|b| b.0.to_string()).collect();
        assert_eq!(ids(&g["lowest"]), lowest, "{ctx}");
        assert!(close(&g["highest"][0]["median"], ranked.last().unwrap().1.median), "{ctx}");
    }
    total
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn distributions_agree_with_a_scan_of_every_record() {
    let state = state_with_docs();
    let all = shared_brute();
    assert!(all.len() > 4_000, "snapshot, generated and documentation prices: {}", all.len());
    assert!(all.iter().any(|s| s.o.source == indicators::prices::Source::Contract));
    // The most priced exact code (eight significant digits), for the exact level.
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for s in all.iter().filter(|s| s.o.code() % 10 != 0) {
        *counts.entry(s.o.code()).or_default() += 1;
    }
    let exact =
        counts.iter().max_by_key(|(c, n)| (**n, std::cmp::Reverse(**c))).map(|(c, _)| format!("{c:08}")).unwrap();
    assert!(counts[&exact.parse::<u32>().unwrap()] >= 3, "{exact}");
    let none = Q::default();
    let cases: Vec<(String, String, Q)> = vec![
        // A division, a class, a category-level code with its check digit, an exact code.
        ("09000000".into(), "09".into(), none.clone()),
        ("09000000-3".into(), "09".into(), none.clone()),
        ("45000000".into(), "45".into(), none.clone()),
        ("30190000-7".into(), "3019".into(), none.clone()),
        ("09120000-6".into(), "0912".into(), none.clone()),
        ("33000000".into(), "33".into(), none.clone()),
        (exact.clone(), exact.clone(), none.clone()),
        // Filters.
        ("09000000".into(), "09".into(), Q { unit: Some("MTQ"), ..Default::default() }),
        ("45000000".into(), "45".into(), Q { method: Some("reporting"), ..Default::default() }),
        ("33000000".into(), "33".into(), Q { region: Some("Львівська область"), ..Default::default() }),
        ("33000000".into(), "33".into(), Q { region: Some("Київська область"), ..Default::default() }),
        ("09000000".into(), "09".into(), Q { from: Some("2026-10-06"), to: Some("2026-10-08"), ..Default::default() }),
        (
            "44000000".into(),
            "44".into(),
            Q { unit: Some("H87"), method: Some("reporting"), from: Some("2024-01-01"), ..Default::default() },
        ),
        // The documentation contracts (sandbox dates) and a dollar contract.
        ("44617100-9".into(), "446171".into(), none.clone()),
        ("55523100-3".into(), "555231".into(), none.clone()),
    ];
    let mut nonempty = 0;
    for (code, prefix, q) in &cases {
        if check_code(&state, code, prefix, q).await > 0 {
            nonempty += 1;
        }
    }
    assert!(nonempty >= cases.len() - 1, "the cases find prices");
    // A well-formed code no record has (nor the classifier): no groups.
    let r = get(&state, "/api/prices/98765432").await;
    assert_eq!(
        (r.status.as_u16(), r.body["total"].as_u64(), r.body["groups"].as_array().map(Vec::len)),
        (200, Some(0), Some(0))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_groups_rows_page_newest_first() {
    let state = state_with_docs();
    let all = shared_brute();
    let q = Q::default();
    let (k, prices) = groups(all, "09", &q).into_iter().next().unwrap();
    let mut want: Vec<&Seen> = prices;
    newest_first(&mut want);
    let vat = match k.2 {
        Some(true) => "true",
        Some(false) => "false",
        None => "null",
    };
    let mut got: Vec<Value> = Vec::new();
    for page in 1.. {
        let r = get(
            &state,
            &format!(
                "/api/prices/09000000/awards?unit={}&currency={}&valueAddedTaxIncluded={vat}&per_page=40&page={page}",
                k.0, k.1
            ),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["total"], want.len());
        assert_eq!((r.body["page"].as_u64(), r.body["per_page"].as_u64()), (Some(page), Some(40)));
        let rows = r.body["data"].as_array().unwrap().clone();
        if rows.is_empty() {
            break;
        }
        got.extend(rows);
    }
    assert_eq!(got.len(), want.len());
    let d = Distribution::of(want.iter().map(|s| s.o.amount)).unwrap();
    for (row, s) in got.iter().zip(&want) {
        assert_eq!((row["tender"].as_str(), row["awardId"].as_str()), (s.o.tender.as_deref(), s.o.award_id.as_deref()));
        assert!(close(&row["amount"], s.o.amount));
        assert_eq!(row["outlier"].is_null(), d.outlier(s.o.amount).is_none());
    }
    // Without a group: every group's rows, newest first, each marked against its own group.
    let r = get(&state, "/api/prices/0912/awards").await;
    assert_eq!(r.status, 400, "four digits are not a code");
    let r = get(&state, "/api/prices/09120000/awards?per_page=1000").await;
    let want_total: usize = groups(all, "0912", &q).iter().map(|g| g.1.len()).sum();
    assert_eq!(r.body["total"], want_total);
    assert_eq!(r.body["data"].as_array().unwrap().len(), want_total.min(1000));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_typed() {
    let state = state_with_docs();
    for (path, parameter) in [
        ("/api/prices/3314", "cpv"),
        ("/api/prices/331400000", "cpv"),
        ("/api/prices/3314000a", "cpv"),
        ("/api/prices/33140000-33", "cpv"),
        ("/api/prices/33140000-9", "cpv"),
        ("/api/prices/33140000?unit=%D1%88%D1%82%D1%83%D0%BA%D0%B0", "unit"),
        ("/api/prices/33140000?procurementMethodType=auction", "procurementMethodType"),
        ("/api/prices/33140000?dateFrom=yesterday", "dateFrom"),
        ("/api/prices/33140000?dateFrom=2026-10-09&dateTo=2026-10-01", "dateFrom"),
        ("/api/prices/33140000?recent=101", "recent"),
        ("/api/prices/33140000?recent=-1", "recent"),
        ("/api/prices/33140000/awards?per_page=1001", "per_page"),
        ("/api/prices/33140000/awards?page=0", "page"),
        ("/api/prices/33140000/awards?valueAddedTaxIncluded=maybe", "valueAddedTaxIncluded"),
        ("/api/prices/33140000/awards?currency=UAHX", "currency"),
    ] {
        let r = get(&state, path).await;
        assert_eq!(r.status, 400, "{path}: {}", r.text);
        assert_eq!(r.body["parameter"], parameter, "{path}: {}", r.text);
        assert!(r.body["error"].as_str().is_some_and(|e| e.contains(parameter)), "{path}: {}", r.text);
    }
    let r = get(&state, "/api/prices/33140000-3?recent=0").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["cpv"], "33140000-3");
    assert!(r.body["groups"].as_array().unwrap().iter().all(|g| g["recent"].as_array().unwrap().is_empty()));
    for path in ["/api/prices/tenders/nope", "/api/prices/plans/nope", "/api/prices/products/nope"] {
        let r = get(&state, path).await;
        assert_eq!(r.status, 404, "{path}");
    }
}

/// The prices the brute force compares an item of a record with: the exact code, else its
/// parents up to the class, with at least three others in one group.
fn company<'a>(
    all: &'a [Seen],
    code: u32,
    unit: &str,
    currency: &str,
    vat: Option<bool>,
    mine: &dyn Fn(&Seen) -> bool,
) -> Option<(String, Vec<&'a Seen>)> {
    let digits = format!("{code:08}");
    let sig = digits.trim_end_matches('0').len().max(2);
    let mut prefixes = vec![digits.clone()];
    prefixes.extend((4..=sig.min(7)).rev().map(|l| digits[..l].to_string()));
    if sig < 4 {
        prefixes.push(digits[..4].to_string());
    }
    for p in prefixes {
        let exact = p.len() == 8;
        let of = |s: &&Seen| {
            let c = format!("{:08}", s.o.code());
            (if exact { c == p } else { c.starts_with(&p) })
                && s.o.unit.code == unit
                && s.o.currency == currency
                && !mine(s)
        };
        let mut by_vat: BTreeMap<Option<bool>, Vec<&Seen>> = BTreeMap::new();
        for s in all.iter().filter(of) {
            by_vat.entry(s.o.value_added_tax_included).or_default().push(s);
        }
        let chosen = match vat {
            Some(v) => by_vat.remove(&Some(v)),
            None => by_vat.into_iter().max_by(|a, b| a.1.len().cmp(&b.1.len()).then(a.0.cmp(&b.0))).map(|x| x.1),
        };
        if let Some(v) = chosen.filter(|v| v.len() >= 3) {
            return Some((p, v));
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenders_items_against_what_others_paid() {
    let state = state_with_docs();
    let all = shared_brute();
    // Snapshot tenders with a price of their own, of groups large enough.
    let mut checked = 0;
    for s in all
        .iter()
        .filter(|s| {
            s.o.tender_id.as_deref().is_some_and(|t| t.ends_with("-a"))
                && s.o.source == indicators::prices::Source::Award
        })
        .step_by(97)
        .take(25)
    {
        let tender = s.o.tender.clone().unwrap();
        let r = get(&state, &format!("/api/prices/tenders/{}", s.o.tender_id.as_deref().unwrap())).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let mine = |x: &Seen| x.o.tender.as_deref() == Some(tender.as_str());
        let want = company(all, s.o.code(), &s.o.unit.code, &s.o.currency, s.o.value_added_tax_included, &mine);
        let item = r.body["items"].as_array().unwrap().iter().find(|i| i["itemId"].as_str() == s.o.item_id.as_deref());
        match (want, item) {
            (None, None) => {}
            (Some((prefix, others)), Some(item)) => {
                let d = Distribution::of(others.iter().map(|x| x.o.amount)).unwrap();
                assert_eq!(item["prefix"], prefix);
                assert_eq!(item["count"], d.count);
                assert!(close(&item["median"], d.median));
                // Only what the line shows: the distribution's other figures are the price page's.
                for gone in ["q1", "q3", "min", "max", "lowerFence", "upperFence", "description", "quantity"] {
                    assert!(item.get(gone).is_none(), "{gone} in {item}");
                }
                assert!(close(&item["own"], s.o.amount));
                let below = others.iter().filter(|x| x.o.amount < s.o.amount).count();
                let above = others.iter().filter(|x| x.o.amount > s.o.amount).count();
                assert_eq!(item["position"], json!({"below": below, "above": above}));
                assert_eq!(item["valueAddedTaxIncluded"].as_bool(), s.o.value_added_tax_included);
                let mark = d.outlier(s.o.amount).map(|m| if m == Outlier::High { "high" } else { "low" });
                assert_eq!(item["outlier"].as_str(), mark);
                checked += 1;
            }
            (want, item) => panic!("{tender}: brute force {:?}, answer {item:?}", want.map(|w| w.1.len())),
        }
    }
    assert!(checked >= 5, "{checked} items compared");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plans_and_products_against_what_others_paid() {
    let state = state_with_docs();
    let all = shared_brute();
    // Every plan with items (the snapshot's have none; the documentation's have): each
    // item with company is compared, the others left out; one item's expected value per unit.
    let plans: Vec<Value> = {
        let data = state.data.read();
        (0..data.plans.len() as u32).map(|d| data.document(&data.plans, d)).collect()
    };
    let mut checked = 0;
    for p in plans.iter().filter(|p| p["items"].as_array().is_some_and(|i| !i.is_empty())) {
        let items = p["items"].as_array().unwrap();
        let r = get(&state, &format!("/api/prices/plans/{}", p["id"].as_str().unwrap())).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let currency = p["budget"]["currency"].as_str().unwrap_or("UAH");
        let mut got = r.body["items"].as_array().unwrap().iter();
        for m in items.iter().filter_map(indicators::prices::measured) {
            let Some((prefix, others)) = company(all, m.code, &m.unit.code, currency, None, &|_| false) else {
                continue;
            };
            let item = got.next().expect("an item with company is answered");
            assert_eq!(item["prefix"], prefix, "{}", r.text);
            assert_eq!(item["count"], others.len());
            let own = (items.len() == 1)
                .then(|| indicators::prices::round_unit_price(p["budget"]["amount"].as_f64().unwrap() / m.quantity));
            assert_eq!(item["own"].as_f64(), own, "{}", r.text);
        }
        assert!(got.next().is_none(), "items without company are left out: {}", r.text);
        checked += 1;
    }
    assert!(checked >= 6, "{checked} plans compared");
    // Every Market product answers; one whose code and unit have company is compared.
    let market = state.market.get();
    let mut compared = 0;
    for product in market.products.all.iter().step_by(53) {
        let r = get(&state, &format!("/api/prices/products/{}", product.id)).await;
        assert_eq!(r.status, 200, "{}", r.text);
        if let Some(item) = r.body["items"].as_array().unwrap().first() {
            assert!(close(&item["own"], product.price.unwrap()));
            assert!(item["count"].as_u64() >= Some(3));
            compared += 1;
        }
    }
    eprintln!("{compared} products compared");
    let prozorro = &market.prozorro_products.all[0];
    let r = get(&state, &format!("/api/prices/products/{}", prozorro.id)).await;
    assert_eq!(r.status, 200);
    // No price of its own: nothing of it in the entry.
    let items = r.body["items"].as_array().unwrap();
    assert!(items.iter().all(|i| ["own", "position", "outlier"].iter().all(|k| i.get(k).is_none())), "{items:?}");
}

/// One group's prices of `code` as the API tells them: (count, rows).
async fn group_of(state: &AppState, code: &str, o: &Observation) -> (u64, Vec<Value>) {
    let vat = o.value_added_tax_included.map_or("null".to_string(), |v| v.to_string());
    let q = format!("unit={}&currency={}&valueAddedTaxIncluded={vat}&per_page=1000", o.unit.code, o.currency);
    let r = get(state, &format!("/api/prices/{code}/awards?{q}")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    (r.body["total"].as_u64().unwrap(), r.body["data"].as_array().cloned().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replaced_and_added_records_change_the_prices() {
    let state = common::state_with(0);
    // A snapshot tender with one price, of an exact code.
    let (doc, price) = {
        let data = state.data.read();
        let c = &data.tenders;
        (0..c.len() as u32)
            .map(|d| data.document(c, d))
            .find_map(|t| {
                let p = tender_prices(&t);
                (p.len() == 1 && p[0].unit.code == "H87" && p[0].quantity >= 2.0).then(|| (t, p[0].clone()))
            })
            .unwrap()
    };
    let code = price.cpv.clone();
    let tender = doc["id"].as_str().unwrap().to_string();
    let (count, rows) = group_of(&state, &code, &price).await;
    assert!(rows.iter().any(|r| r["tender"] == tender.as_str() && close(&r["amount"], price.amount)));

    // A new version with another award value: its old price goes, the new one comes.
    let mut v2 = doc.clone();
    v2["dateModified"] = json!("2030-01-01T00:00:00+02:00");
    let awards = v2["awards"].as_array_mut().unwrap();
    let a = awards.iter_mut().find(|a| a["id"].as_str() == price.award_id.as_deref()).unwrap();
    a["value"]["amount"] = json!(price.total * 10.0);
    state.data.write().upsert(Kind::Tender, vec![v2.clone()]);
    let (count2, rows) = group_of(&state, &code, &price).await;
    assert_eq!(count2, count, "replaced, not added");
    let mine: Vec<&Value> = rows.iter().filter(|r| r["tender"] == tender.as_str()).collect();
    assert_eq!(mine.len(), 1);
    assert!(close(&mine[0]["amount"], indicators::prices::round_unit_price(price.total * 10.0 / price.quantity)));

    // A new tender (another id): one more price.
    let mut other = v2.clone();
    other["id"] = json!("0123456789abcdef0123456789abcdef");
    other["tenderID"] = json!("UA-2030-01-01-000001-a");
    state.data.write().upsert(Kind::Tender, vec![other]);
    assert_eq!(group_of(&state, &code, &price).await.0, count + 1);

    // A contract signed on the award, stating the unit's price: it stands for the award.
    let item = v2["items"].as_array().unwrap().iter().find(|i| i["id"].as_str() == price.item_id.as_deref()).unwrap();
    let mut stated = item.clone();
    stated["unit"]["value"] =
        json!({"amount": 7.77, "currency": "UAH", "valueAddedTaxIncluded": price.value_added_tax_included});
    let contract = json!({
        "id": "c0ffee0000000000000000000000c0de", "contractID": "UA-2030-01-01-000001-a-c1", "status": "active",
        "tender_id": tender, "awardID": price.award_id, "dateSigned": "2030-01-02T10:00:00+02:00",
        "dateModified": "2030-01-02T10:00:00+02:00", "value": {"amount": 1.0, "currency": "UAH"},
        "buyer": doc["procuringEntity"], "suppliers": [], "items": [stated],
    });
    state.data.write().upsert(Kind::Contract, vec![contract.clone()]);
    let (count3, rows) = group_of(&state, &code, &price).await;
    assert_eq!(count3, count + 1, "the contract's price stands for the award's");
    let mine: Vec<&Value> = rows.iter().filter(|r| r["tender"] == tender.as_str()).collect();
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!((mine[0]["basis"].as_str(), mine[0]["contractId"].as_str()), (Some("stated"), contract["id"].as_str()));
    assert_eq!(mine[0]["tenderID"], doc["tenderID"], "the contract's tender names it");
    assert_eq!(mine[0]["procurementMethodType"], doc["procurementMethodType"]);
    // The tender's own line: the contract's price.
    let r = get(&state, &format!("/api/prices/tenders/{tender}")).await;
    if let Some(it) =
        r.body["items"].as_array().unwrap().iter().find(|i| i["itemId"].as_str() == price.item_id.as_deref())
    {
        assert!(close(&it["own"], 7.77), "{it}");
    }

    // A plan of one item of the same code and unit: its expected value per unit against
    // the prices of its group.
    let plan = {
        let data = state.data.read();
        let mut p = data.document(&data.plans, 0);
        p["id"] = json!("9abc0000000000000000000000000001");
        p["planID"] = json!("UA-P-2030-01-01-000001-a");
        p["dateModified"] = json!("2030-01-01T00:00:00+02:00");
        p["budget"] = json!({"amount": 1000.0, "currency": "UAH"});
        p["items"] = json!([item]);
        p
    };
    state.data.write().upsert(Kind::Plan, vec![plan.clone()]);
    let r = get(&state, "/api/prices/plans/UA-P-2030-01-01-000001-a").await;
    assert_eq!(r.status, 200, "{}", r.text);
    let it = &r.body["items"][0];
    assert!(close(&it["own"], indicators::prices::round_unit_price(1000.0 / price.quantity)), "{}", r.text);
    assert_eq!(it["prefix"], code.split('-').next().unwrap(), "{}", r.text);
    // The group of most prices of the code, unit and currency (a plan does not say VAT).
    let mut counts = Vec::new();
    for vat in [Some(true), Some(false), None] {
        let mut o = price.clone();
        o.value_added_tax_included = vat;
        counts.push((group_of(&state, &code, &o).await.0, vat));
    }
    counts.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    assert_eq!(
        (it["count"].as_u64(), it["valueAddedTaxIncluded"].as_bool()),
        (Some(counts[0].0), counts[0].1),
        "{}",
        r.text
    );

    // The contract cancelled: the award's price comes back.
    let mut cancelled = contract.clone();
    cancelled["status"] = json!("cancelled");
    cancelled["dateModified"] = json!("2030-01-03T10:00:00+02:00");
    state.data.write().upsert(Kind::Contract, vec![cancelled]);
    let (count4, rows) = group_of(&state, &code, &price).await;
    assert_eq!(count4, count + 1);
    let mine: Vec<&Value> = rows.iter().filter(|r| r["tender"] == tender.as_str()).collect();
    assert_eq!((mine.len(), mine[0]["basis"].as_str()), (1, Some("divided")));

    // The tender cancelled: its price goes.
    let mut gone = v2.clone();
    gone["status"] = json!("cancelled");
    gone["dateModified"] = json!("2030-02-01T00:00:00+02:00");
    state.data.write().upsert(Kind::Tender, vec![gone]);
    assert_eq!(group_of(&state, &code, &price).await.0, count);
}

fn mirror_config(store: &std::path::Path) -> upstream::UpstreamConfig {
    let mut cfg = common::config_with(0);
    let mut sync = upstream::sync::SyncConfig::new("http://127.0.0.1:9/cdb/api/2.5", store);
    sync.store_dir = store.to_path_buf();
    cfg.sync = Some(sync);
    cfg
}

const CODES: [&str; 5] = ["09000000", "09120000-6", "45000000", "30190000-7", "33000000"];

/// Each code's distribution and its first thousand rows.
async fn answers(state: &AppState) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    for code in CODES {
        let r = get(state, &format!("/api/prices/{code}?recent=100")).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let rows = get(state, &format!("/api/prices/{code}/awards?per_page=1000")).await;
        assert_eq!(rows.status, 200, "{}", rows.text);
        out.push((r.body, rows.body));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mirror_keeps_its_prices_across_changes_and_restarts() {
    let snapshot = common::state_with(0);
    let docs: Vec<Value> = {
        let data = snapshot.data.read();
        let c = &data.tenders;
        (0..c.len() as u32).map(|d| data.document(c, d)).collect()
    };
    let want = answers(&snapshot).await;
    let dir = std::env::temp_dir().join(format!("prices-mirror-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let changed = {
        let mirror = upstream::load(mirror_config(&dir)).expect("a new mirror");
        let store = mirror.mirror.clone().expect("a store");
        for page in docs.chunks(900) {
            mirror.data.mirror_change(&store, Kind::Tender, page.to_vec(), None, false).expect("stored");
        }
        assert_eq!(answers(&mirror).await, want, "the mirror, filled, prices as the snapshot");
        // A tender's award changes: its old price goes.
        let (doc, price) = docs
            .iter()
            .find_map(|t| tender_prices(t).into_iter().find(|p| p.cpv.starts_with("0912")).map(|p| (t.clone(), p)))
            .unwrap();
        let mut v2 = doc.clone();
        v2["dateModified"] = json!("2030-01-01T00:00:00+02:00");
        for a in v2["awards"].as_array_mut().unwrap() {
            if a["id"].as_str() == price.award_id.as_deref() {
                a["value"]["amount"] = json!(price.total * 3.0);
            }
        }
        mirror.data.mirror_change(&store, Kind::Tender, vec![v2], None, false).expect("changed");
        let after = answers(&mirror).await;
        assert_ne!(after[1], want[1]);
        assert_eq!(after[1].0["total"], want[1].0["total"], "replaced, not added");
        let tripled = indicators::prices::round_unit_price(price.total * 3.0 / price.quantity);
        let rows: Vec<&Value> =
            after[1].1["data"].as_array().unwrap().iter().filter(|r| r["tender"] == doc["id"]).collect();
        assert!(rows.iter().all(|r| close(&r["amount"], tripled)) && !rows.is_empty(), "{rows:?}");
        // A contract of the register signed on that award, stating the unit's price: it
        // stands for the award, with the tender's method and public id.
        let item =
            doc["items"].as_array().unwrap().iter().find(|i| i["id"].as_str() == price.item_id.as_deref()).unwrap();
        let mut stated = item.clone();
        stated["unit"]["value"] =
            json!({"amount": 1.23, "currency": "UAH", "valueAddedTaxIncluded": price.value_added_tax_included});
        let contract = json!({
            "id": "c0ffee0000000000000000000000c0de", "contractID": "UA-2030-01-01-000001-a-c1", "status": "active",
            "tender_id": doc["id"], "awardID": price.award_id, "dateSigned": "2030-01-02T10:00:00+02:00",
            "dateModified": "2030-01-02T10:00:00+02:00", "value": {"amount": 1.0, "currency": "UAH"},
            "buyer": doc["procuringEntity"], "suppliers": [], "items": [stated],
        });
        mirror.data.mirror_change(&store, Kind::Contract, vec![contract], None, false).expect("stored");
        let with_contract = answers(&mirror).await;
        assert_eq!(with_contract[1].0["total"], want[1].0["total"], "the contract stands for the award");
        let rows: Vec<&Value> =
            with_contract[1].1["data"].as_array().unwrap().iter().filter(|r| r["tender"] == doc["id"]).collect();
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!((rows[0]["basis"].as_str(), rows[0]["amount"].as_f64()), (Some("stated"), Some(1.23)));
        assert_eq!(
            (&rows[0]["tenderID"], &rows[0]["procurementMethodType"]),
            (&doc["tenderID"], &doc["procurementMethodType"])
        );
        with_contract
    };
    // A restart reads the prices from the stored rows.
    let again = upstream::load(mirror_config(&dir)).expect("restart");
    assert!(!again.data.read().tenders.start.unwrap().rows_made);
    assert_eq!(answers(&again).await, changed, "restarted");
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}
