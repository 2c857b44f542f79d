//! The aggregation API (`/api/aggregate/{kind}`): counts and sums, in total and by every
//! key, checked by brute force against the documents' own JSON for several filters
//! (organisers, suppliers, statuses, method types, dates); bad parameters refused.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{enc, get, state_with_docs};
use serde_json::Value;
use std::collections::BTreeMap;
use upstream::records::Kind;
use upstream::AppState;

fn s<'a>(v: &'a Value, k: &str) -> Option<&'a str> {
    v[k].as_str().filter(|x| !x.is_empty())
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

fn id_of(org: &Value) -> Option<String> {
    org["identifier"]["id"].as_str().map(str::trim).filter(|x| !x.is_empty()).map(String::from)
}

/// What one document contributes, read from its JSON alone.
#[derive(Debug, Default)]
struct Doc {
    test: bool,
    status: String,
    method: String,
    buyer: Option<String>,
    suppliers: Vec<String>,
    year: Option<String>,
    divisions: Vec<String>,
    value: Option<(String, f64)>,
}

fn kyiv_year(iso: &str) -> String {
    upstream::dates::kyiv_year(upstream::dates::parse(iso).expect("a date")).to_string()
}

fn read(state: &AppState, kind: Kind, doc: &Value) -> Doc {
    let dg = state.data.read();
    let cls = &dg.classifiers;
    let money = |v: &Value| v["amount"].as_f64().map(|a| (s(v, "currency").unwrap_or("UAH").to_string(), a));
    let mut codes: Vec<&str> = Vec::new();
    let mut d = Doc {
        test: s(doc, "mode") == Some("test"),
        status: s(doc, "status").unwrap_or_default().into(),
        ..Default::default()
    };
    match kind {
        Kind::Tender => {
            d.method = s(doc, "procurementMethodType").unwrap_or_default().trim().into();
            d.buyer = id_of(&doc["procuringEntity"]);
            for a in arr(&doc["awards"]).iter().filter(|a| s(a, "status") == Some("active")) {
                d.suppliers.extend(arr(&a["suppliers"]).iter().filter_map(id_of));
            }
            d.year = s(doc, "dateCreated").or(s(doc, "date")).or(s(doc, "dateModified")).map(kyiv_year);
            d.value = money(&doc["value"]);
            codes.extend(arr(&doc["items"]).iter().filter_map(|i| s(&i["classification"], "id")));
        }
        Kind::Plan => {
            d.method = s(&doc["tender"], "procurementMethodType").unwrap_or_default().trim().into();
            d.buyer = id_of(&doc["procuringEntity"]);
            let start = |v: &Value| s(v, "startDate").map(kyiv_year);
            d.year = doc["budget"]["year"]
                .as_i64()
                .map(|y| y.to_string())
                .or_else(|| start(&doc["budget"]["period"]))
                .or_else(|| start(&doc["tender"]["tenderPeriod"]));
            d.value = money(&doc["budget"]);
            codes.extend(s(&doc["classification"], "id"));
            codes.extend(arr(&doc["items"]).iter().filter_map(|i| s(&i["classification"], "id")));
        }
        Kind::Contract => {
            d.method = s(doc, "procurementMethodType").unwrap_or_default().trim().into();
            d.buyer = id_of(&doc["buyer"]);
            d.suppliers.extend(arr(&doc["suppliers"]).iter().filter_map(id_of));
            d.year = s(doc, "dateSigned")
                .or(s(doc, "dateCreated"))
                .or(s(doc, "date"))
                .or(s(doc, "dateModified"))
                .map(kyiv_year);
            d.value = money(&doc["value"]);
            codes.extend(arr(&doc["items"]).iter().filter_map(|i| s(&i["classification"], "id")));
        }
    }
    d.suppliers.sort();
    d.suppliers.dedup();
    d.divisions = codes.iter().filter_map(|c| cls.cpv_division(c)).collect();
    d.divisions.sort();
    d.divisions.dedup();
    d
}

/// Count and sums per currency.
#[derive(Debug, Default, Clone, PartialEq)]
struct Tally {
    count: u64,
    value: BTreeMap<String, f64>,
}

impl Tally {
    fn add(&mut self, d: &Doc) {
        self.count += 1;
        if let Some((c, a)) = &d.value {
            *self.value.entry(c.clone()).or_default() += a;
        }
    }

    fn from_json(v: &Value) -> Self {
        Tally {
            count: v["count"].as_u64().expect("a count"),
            value: v["value"]
                .as_object()
                .expect("value sums")
                .iter()
                .map(|(k, x)| (k.clone(), x.as_f64().unwrap()))
                .collect(),
        }
    }

    fn assert_eq(&self, want: &Tally, what: &str) {
        assert_eq!(self.count, want.count, "{what}: count");
        let nonzero: BTreeMap<&String, &f64> = want.value.iter().filter(|(_, v)| **v != 0.0).collect();
        assert_eq!(
            self.value.keys().collect::<Vec<_>>(),
            nonzero.keys().copied().collect::<Vec<_>>(),
            "{what}: currencies"
        );
        for (c, v) in &self.value {
            let w = want.value[c];
            assert!((v - w).abs() <= 0.01 + w.abs() * 1e-12, "{what}: {c} sum {v} != {w}");
        }
    }
}

fn keys(d: &Doc, by: &str) -> Vec<String> {
    match by {
        "year" => d.year.iter().cloned().collect(),
        "procurementMethodType" => Some(d.method.clone()).filter(|m| !m.is_empty()).into_iter().collect(),
        "division" => d.divisions.clone(),
        "buyer" => d.buyer.iter().cloned().collect(),
        "supplier" => d.suppliers.clone(),
        _ => unreachable!(),
    }
}

const BYS: [&str; 5] = ["year", "procurementMethodType", "division", "buyer", "supplier"];

/// A filter as a query string and as a predicate on a document.
struct Filter {
    query: String,
    keep: Box<dyn Fn(&Doc) -> bool>,
}

fn check(state: &AppState, path: &str, docs: &[Doc], filter: &Filter) -> impl std::future::Future<Output = ()> {
    let state = state.clone();
    let path = path.to_string();
    let query = filter.query.clone();
    let mut total = Tally::default();
    let mut want: BTreeMap<&str, BTreeMap<String, Tally>> = BTreeMap::new();
    for d in docs.iter().filter(|d| !d.test && (filter.keep)(d)) {
        total.add(d);
        for by in BYS {
            for k in keys(d, by) {
                want.entry(by).or_default().entry(k).or_default().add(d);
            }
        }
    }
    async move {
        for by in BYS {
            let uri = format!("/api/aggregate/{path}?{query}&by={by}&limit=10000");
            let r = get(&state, &uri).await;
            assert_eq!(r.status, 200, "{uri}: {}", r.text);
            assert_eq!((r.body["kind"].as_str(), r.body["by"].as_str()), (Some(path.as_str()), Some(by)));
            Tally::from_json(&r.body).assert_eq(&total, &format!("{uri} total"));
            let groups = r.body["groups"].as_array().unwrap();
            let expected = want.get(by).cloned().unwrap_or_default();
            assert_eq!(r.body["totalGroups"].as_u64(), Some(expected.len() as u64), "{uri}: number of groups");
            assert_eq!(groups.len(), expected.len(), "{uri}: groups");
            for g in groups {
                let key = g["key"].as_str().unwrap();
                let w = expected.get(key).unwrap_or_else(|| panic!("{uri}: unexpected group {key}"));
                Tally::from_json(g).assert_eq(w, &format!("{uri} group {key}"));
            }
            if by == "year" {
                let ks: Vec<&str> = groups.iter().map(|g| g["key"].as_str().unwrap()).collect();
                assert!(ks.windows(2).all(|w| w[0] < w[1]), "{uri}: years ascending");
            } else {
                assert!(
                    groups.windows(2).all(|w| w[0]["count"].as_u64() >= w[1]["count"].as_u64()),
                    "{uri}: largest first"
                );
            }
        }
        // The search API counts the same documents.
        let search = get(&state, &format!("/api/{path}?{query}")).await;
        assert_eq!(search.body["hydra:totalItems"].as_u64(), Some(total.count), "{path}?{query}: search total");
    }
}

/// The most frequent value of a key among the documents (a busy organisation); plans
/// have no suppliers, so none for them.
fn busiest(docs: &[Doc], key: impl Fn(&Doc) -> Vec<String>) -> String {
    let mut n: BTreeMap<String, usize> = BTreeMap::new();
    for d in docs.iter().filter(|d| !d.test) {
        for k in key(d) {
            *n.entry(k).or_default() += 1;
        }
    }
    n.into_iter().max_by_key(|(_, c)| *c).map(|(k, _)| k).unwrap_or_else(|| "00000000".into())
}

#[tokio::test]
async fn sums_and_counts_match_the_documents_for_every_key_and_filter() {
    let state = state_with_docs();
    for (path, kind) in [("tenders", Kind::Tender), ("plans", Kind::Plan), ("contracts", Kind::Contract)] {
        let dg = state.data.read();
        let c = dg.collection(kind);
        let docs: Vec<Doc> = (0..c.len() as u32).map(|d| read(&state, kind, &dg.document(c, d))).collect();
        let buyer = busiest(&docs, |d| d.buyer.iter().cloned().collect());
        let supplier = busiest(&docs, |d| d.suppliers.clone());
        let status = busiest(&docs, |d| vec![d.status.clone()]);
        let method = busiest(&docs, |d| vec![d.method.clone()]);
        let (b1, s1, st1, m1) = (buyer.clone(), supplier.clone(), status.clone(), method.clone());
        let (b2, st2) = (buyer.clone(), status.clone());
        let filters = vec![
            Filter { query: String::new(), keep: Box::new(|_| true) },
            Filter {
                query: format!("organizer[]={}", enc(&buyer)),
                keep: Box::new(move |d| d.buyer.as_deref() == Some(b1.as_str())),
            },
            Filter {
                query: format!("supplier[]={}", enc(&supplier)),
                keep: Box::new(move |d| d.suppliers.contains(&s1)),
            },
            Filter {
                query: format!("status[]={}&procurementMethodType[]={}", enc(&status), enc(&method)),
                keep: Box::new(move |d| d.status == st1 && d.method == m1),
            },
            Filter {
                query: format!("organizer[]={}&status[]={}", enc(&buyer), enc(&status)),
                keep: Box::new(move |d| d.buyer.as_deref() == Some(b2.as_str()) && d.status == st2),
            },
            Filter { query: "organizer[]=00000000".into(), keep: Box::new(|d| d.buyer.as_deref() == Some("00000000")) },
        ];
        for f in &filters {
            check(&state, path, &docs, f).await;
        }
    }
}

#[tokio::test]
async fn a_date_filter_and_the_test_mode_work_as_in_the_search() {
    let state = state_with_docs();
    for path in ["tenders", "contracts", "plans"] {
        for q in ["publicationDate[from]=2026-10-01&publicationDate[to]=2026-10-15", "testMode=true"] {
            let agg = get(&state, &format!("/api/aggregate/{path}?{q}&by=year")).await;
            let search = get(&state, &format!("/api/{path}?{q}")).await;
            assert_eq!(agg.status, 200, "{}", agg.text);
            assert_eq!(agg.body["count"], search.body["hydra:totalItems"], "{path}?{q}");
            let by_facet = get(&state, &format!("/api/aggregate/{path}?{q}&by=procurementMethodType")).await;
            let facet = search.body["facets"]["procurementMethodType"].as_object().unwrap();
            let groups: BTreeMap<String, u64> = by_facet.body["groups"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| (g["key"].as_str().unwrap().to_string(), g["count"].as_u64().unwrap()))
                .collect();
            let facets: BTreeMap<String, u64> = facet.iter().map(|(k, v)| (k.clone(), v.as_u64().unwrap())).collect();
            assert_eq!(groups, facets, "{path}?{q}: groups are the search's facet counts");
        }
    }
}

#[tokio::test]
async fn groups_are_cut_at_the_limit_and_name_organisations() {
    let state = state_with_docs();
    let r = get(&state, "/api/aggregate/contracts?by=supplier&limit=3").await;
    assert_eq!(r.status, 200);
    let groups = r.body["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 3);
    assert!(r.body["totalGroups"].as_u64().unwrap() > 3);
    assert!(groups.iter().all(|g| g["name"].as_str().is_some_and(|n| !n.is_empty())), "{groups:?}");
    let year = get(&state, "/api/aggregate/tenders?by=year").await;
    assert!(year.body["groups"][0].get("name").is_none(), "only organisations have names");
}

#[tokio::test]
async fn bad_parameters_are_refused() {
    let state = state_with_docs();
    for (uri, parameter) in [
        ("/api/aggregate/tenders", "by"),
        ("/api/aggregate/tenders?by=region", "by"),
        ("/api/aggregate/tenders?by=year&limit=0", "limit"),
        ("/api/aggregate/tenders?by=year&limit=10001", "limit"),
        ("/api/aggregate/tenders?by=year&status[]=nope", "status"),
        ("/api/aggregate/plans?by=year&procurementMethodType[]=nope", "procurementMethodType"),
        ("/api/aggregate/contracts?by=year&publicationDate[from]=yesterday", "publicationDate"),
        ("/api/aggregate/tenders?by=year&valueAmount[from]=x", "valueAmount"),
    ] {
        let r = get(&state, uri).await;
        assert_eq!(r.status, 400, "{uri}: {}", r.text);
        assert_eq!(r.body["parameter"], parameter, "{uri}: {}", r.text);
    }
    let r = get(&state, "/api/aggregate/bids?by=year").await;
    assert_eq!(r.status, 404, "{}", r.text);
}

/// `by=redFlag`: per indicator, the tenders that raise it and those it could be computed
/// for, computed directly on each document's JSON, for all tenders, a busy buyer and a
/// method; the search's `redFlag[]` filter and facet count the same tenders.
#[tokio::test]
async fn red_flag_groups_count_what_the_indicators_say_of_each_tender() {
    let state = state_with_docs();
    let dg = state.data.read();
    let c = dg.collection(Kind::Tender);
    let plain: Vec<Doc> = (0..c.len() as u32).map(|d| read(&state, Kind::Tender, &dg.document(c, d))).collect();
    let assessed: Vec<indicators::Assessment> =
        (0..c.len() as u32).map(|d| indicators::assess(&dg.document(c, d))).collect();
    let buyer = busiest(&plain, |d| d.buyer.iter().cloned().collect());
    let docs: Vec<(&Doc, &indicators::Assessment)> = plain.iter().zip(&assessed).collect();
    let filters = vec![
        Filter { query: String::new(), keep: Box::new(|_| true) },
        Filter {
            query: format!("organizer[]={}", enc(&buyer)),
            keep: Box::new(move |d| d.buyer.as_deref() == Some(buyer.as_str())),
        },
        Filter {
            query: "procurementMethodType[]=aboveThreshold".into(),
            keep: Box::new(|d| d.method == "aboveThreshold"),
        },
    ];
    let mut raised_somewhere = 0;
    for Filter { query, keep } in &filters {
        let answer = get(&state, &format!("/api/aggregate/tenders?{query}&by=redFlag")).await;
        assert_eq!(answer.status, 200, "{query}");
        let kept: Vec<&indicators::Assessment> =
            docs.iter().filter(|(d, _)| !d.test && keep(d)).map(|(_, a)| *a).collect();
        let mut expected = BTreeMap::new();
        for code in indicators::Code::ALL {
            let raised = kept.iter().filter(|a| a.get(code).verdict == indicators::Verdict::Raised).count() as u64;
            let checked =
                kept.iter().filter(|a| a.get(code).verdict != indicators::Verdict::NotApplicable).count() as u64;
            if checked > 0 {
                expected.insert(code.as_str().to_string(), (raised, checked));
            }
            raised_somewhere += raised;
        }
        let any = kept.iter().filter(|a| a.raised() != 0).count() as u64;
        let any_checked =
            kept.iter().filter(|a| a.outcomes.iter().any(|o| o.verdict != indicators::Verdict::NotApplicable)).count()
                as u64;
        if any_checked > 0 {
            expected.insert("any".into(), (any, any_checked));
        }
        let got: BTreeMap<String, (u64, u64)> = arr(&answer.body["groups"])
            .iter()
            .map(|g| {
                (g["key"].as_str().unwrap().to_string(), (g["count"].as_u64().unwrap(), g["checked"].as_u64().unwrap()))
            })
            .collect();
        assert_eq!(got, expected, "{query}");
        let keys: Vec<&String> = got.keys().collect();
        let order: Vec<String> =
            arr(&answer.body["groups"]).iter().map(|g| g["key"].as_str().unwrap().to_string()).collect();
        assert_eq!(order.iter().collect::<Vec<_>>(), keys, "code order, any last: {query}");
        // The search's filter and facet agree.
        for (code, (raised, _)) in &expected {
            let sep = if query.is_empty() { "" } else { "&" };
            let search = get(&state, &format!("/api/tenders?{query}{sep}redFlag[]={code}")).await;
            assert_eq!(search.body["hydra:totalItems"].as_u64(), Some(*raised), "{query} redFlag[]={code}");
            if *raised > 0 {
                assert_eq!(search.body["facets"]["redFlag"][code].as_u64(), Some(*raised), "{query} facet {code}");
            }
        }
    }
    assert!(raised_somewhere > 0, "the data raises some indicator");
    // Each tender member names the indicators its whole record raises.
    let mut by_id: BTreeMap<String, Vec<&indicators::Assessment>> = BTreeMap::new();
    for (d, a) in assessed.iter().enumerate() {
        let id = dg.document(c, d as u32)["id"].as_str().unwrap_or_default().to_string();
        by_id.entry(id).or_default().push(a);
    }
    for query in ["redFlag[]=any&perPage=100", "perPage=100", "redFlag[]=R036&perPage=100&page=1"] {
        for m in arr(&get(&state, &format!("/api/tenders?{query}")).await.body["hydra:member"]) {
            let Some([a]) = by_id.get(m["id"].as_str().unwrap()).map(Vec::as_slice) else { continue };
            let raised: Vec<&str> = a
                .outcomes
                .iter()
                .filter(|o| o.verdict == indicators::Verdict::Raised)
                .map(|o| o.code.as_str())
                .collect();
            assert_eq!(m["redFlags"], serde_json::json!(raised), "{query}: {}", m["tenderID"]);
        }
    }
    assert_eq!(get(&state, "/api/tenders?redFlag[]=R999").await.status, 400);
    assert_eq!(get(&state, "/api/plans?redFlag[]=R999").await.status, 200, "other registers ignore it");
}
