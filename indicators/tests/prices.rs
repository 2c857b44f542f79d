//! Unit prices on real records: the snapshot `data/demo.jsonl.gz` (5,479 tenders of Lviv
//! oblast, 2026-10-05..12) and the API-documentation examples of the shared data
//! (`openprocurement-api/{tenders,contracts}`). Each rule is checked against the records'
//! own fields, read here independently of the library; the figures the README and the
//! closing note of issue 47 quote are pinned.

mod common;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;

use indicators::prices::{
    contract_prices, contracted, group_key, round_unit_price, tender_prices, without_contracted, Basis, Distribution,
    GroupKey, Observation, Outlier, Source, MIN_GROUP_FOR_OUTLIERS,
};
use serde_json::Value;

/// An API-documentation record of the shared data (`openprocurement-api/<kind>/<name>.json`),
/// or `None` with a note when the shared data is absent (under `CI` the test fails).
fn shared(kind: &str, name: &str) -> Option<Value> {
    let dir = match std::env::var_os("PORTAL_SHARED_DATA").filter(|v| !v.is_empty()) {
        Some(v) => PathBuf::from(v),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
    };
    let path = dir.join("openprocurement-api").join(kind).join(format!("{name}.json"));
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let v: Value = serde_json::from_str(&text).expect("a JSON example");
            Some(if v["data"].is_object() { v["data"].clone() } else { v })
        }
        Err(e) => {
            assert!(std::env::var_os("CI").is_none(), "{}: {e} (required when CI is set)", path.display());
            println!("note: {} is absent ({e}); skipping", path.display());
            None
        }
    }
}

fn s<'a>(v: &'a Value, k: &str) -> Option<&'a str> {
    v[k].as_str()
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// Every price of the snapshot: its tenders' awards (the snapshot has no contracts of its
/// own: its tenders carry none, and those the upstream derives are copies of the awards).
fn snapshot_prices(tenders: &[Value]) -> Vec<Observation> {
    tenders.iter().flat_map(tender_prices).collect()
}

#[test]
fn every_snapshot_price_is_an_active_award_of_one_item_divided() {
    let Some(tenders) = common::real_tenders() else { return };
    let by_id: HashMap<&str, &Value> = tenders.iter().map(|t| (s(t, "id").unwrap(), t)).collect();
    let prices = snapshot_prices(&tenders);
    assert!(prices.len() > 3_000, "{}", prices.len());
    for o in &prices {
        let t = by_id[o.tender.as_deref().unwrap()];
        let award = arr(&t["awards"]).iter().find(|a| s(a, "id") == o.award_id.as_deref()).expect("its award");
        assert_eq!(s(award, "status"), Some("active"));
        // The award's items, read here from `lotID` and `relatedLot`.
        let items: Vec<&Value> = arr(&t["items"])
            .iter()
            .filter(|i| s(award, "lotID").is_none() || s(i, "relatedLot") == s(award, "lotID"))
            .collect();
        assert_eq!(items.len(), 1, "{}", o.tender_id.as_deref().unwrap());
        let item = items[0];
        assert_eq!(s(item, "id"), o.item_id.as_deref());
        assert_eq!(item["quantity"].as_f64(), Some(o.quantity));
        assert!(o.quantity > 0.0);
        assert_eq!(s(&item["unit"], "code"), Some(o.unit.code.as_str()));
        assert_eq!(s(&item["classification"], "id"), Some(o.cpv.as_str()));
        assert_eq!(award["value"]["amount"].as_f64(), Some(o.total));
        assert_eq!(award["value"]["valueAddedTaxIncluded"].as_bool(), o.value_added_tax_included);
        assert_eq!(o.amount, round_unit_price(o.total / o.quantity));
        assert_eq!((o.basis, o.source, o.currency.as_str()), (Basis::Divided, Source::Award, "UAH"));
        assert_eq!(o.tender_id.as_deref(), s(t, "tenderID"));
        assert_eq!(o.buyer.id.as_deref(), s(&t["procuringEntity"]["identifier"], "id").map(str::trim));
    }
    // Each award gives one price at most.
    let awards: HashSet<(&str, &str)> =
        prices.iter().map(|o| (o.tender.as_deref().unwrap(), o.award_id.as_deref().unwrap())).collect();
    assert_eq!(awards.len(), prices.len());
}

#[test]
fn snapshot_awards_of_several_items_or_no_quantity_give_no_price() {
    let Some(tenders) = common::real_tenders() else { return };
    let (mut several, mut priced) = (0, 0);
    for t in &tenders {
        let prices = tender_prices(t);
        for a in arr(&t["awards"]).iter().filter(|a| s(a, "status") == Some("active")) {
            let items: Vec<&Value> = arr(&t["items"])
                .iter()
                .filter(|i| s(a, "lotID").is_none() || s(i, "relatedLot") == s(a, "lotID"))
                .collect();
            let has = prices.iter().any(|o| o.award_id.as_deref() == s(a, "id"));
            if items.len() > 1 {
                several += 1;
                assert!(!has, "an award of {} items has no price", items.len());
            } else if has {
                priced += 1;
            }
        }
    }
    assert_eq!((priced, several), (3_360, 1_106));
    // The snapshot's eight items of quantity 0 are none of an active award's only item, so
    // real priced records are made to have one: its price goes, and so does a negative one's.
    let t = tenders.iter().find(|t| tender_prices(t).len() == 1 && arr(&t["items"]).len() == 1).unwrap();
    for quantity in [0.0, -2.0] {
        let mut zero = t.clone();
        zero["items"][0]["quantity"] = Value::from(quantity);
        assert!(tender_prices(&zero).is_empty(), "quantity {quantity}");
    }
    let mut no_unit = t.clone();
    no_unit["items"][0]["unit"]["code"] = Value::Null;
    assert!(tender_prices(&no_unit).is_empty(), "a unit named without its code");
}

#[test]
fn units_group_by_code_and_vat_apart() {
    let Some(tenders) = common::real_tenders() else { return };
    let prices = snapshot_prices(&tenders);
    // Both VAT flags occur, and a code's prices with and without VAT are separate groups.
    let vat: HashSet<Option<bool>> = prices.iter().map(|o| o.value_added_tax_included).collect();
    assert!(vat.contains(&Some(true)) && vat.contains(&Some(false)));
    let mut groups: BTreeMap<GroupKey, usize> = BTreeMap::new();
    for o in &prices {
        *groups.entry(group_key(o)).or_default() += 1;
    }
    let split = groups
        .keys()
        .filter(|(c, u, cur, v)| *v == Some(true) && groups.contains_key(&(*c, u.clone(), cur.clone(), Some(false))))
        .count();
    assert!(split > 10, "codes priced both with and without VAT: {split}");
    // Several units for one code are several groups (e.g. kilograms and pieces).
    let mut units: HashMap<u32, HashSet<&str>> = HashMap::new();
    for o in &prices {
        units.entry(o.code()).or_default().insert(&o.unit.code);
    }
    assert!(units.values().any(|u| u.len() >= 3));
    // The unit's name plays no part: a record that renames the unit stays in its group.
    let t = tenders.iter().find(|t| !tender_prices(t).is_empty()).unwrap();
    let mut renamed = t.clone();
    for i in renamed["items"].as_array_mut().unwrap() {
        i["unit"]["name"] = Value::from("шт.");
    }
    assert_eq!(
        tender_prices(t).iter().map(group_key).collect::<Vec<_>>(),
        tender_prices(&renamed).iter().map(group_key).collect::<Vec<_>>()
    );
}

#[test]
fn api_examples() {
    // Two lots of one item each, two active awards: two prices, 500 UAH for 1 kg, without VAT.
    if let Some(t) = shared("tenders", "aboveThreshold__complete") {
        let p = tender_prices(&t);
        assert_eq!(p.len(), 2);
        for o in &p {
            assert_eq!(
                (o.amount, o.quantity, o.unit.code.as_str(), o.value_added_tax_included),
                (500.0, 1.0, "KGM", Some(false))
            );
            assert_eq!(o.cpv, "55523100-3");
            assert!(o.lot_id.is_some());
        }
    }
    // A framework agreement's lot of two items (kg and g): three active awards, no price.
    if let Some(t) = shared("tenders", "closeFrameworkAgreementUA__complete") {
        assert_eq!(arr(&t["awards"]).iter().filter(|a| s(a, "status") == Some("active")).count(), 3);
        assert!(tender_prices(&t).is_empty());
    }
    // Two items without lots: the award covers both.
    if let Some(t) = shared("tenders", "priceQuotation__complete") {
        assert!(tender_prices(&t).is_empty());
    }
    // Energy savings (and a cancelled tender): no purchase price.
    if let Some(t) = shared("tenders", "esco__cancelled") {
        assert!(tender_prices(&t).is_empty());
    }
    // Multi-currency awards of a lot of two items and of a lot without items: none.
    if let Some(t) = shared("tenders", "requestForProposal__complete") {
        assert!(tender_prices(&t).is_empty());
    }
    // A signed contract states each item's price: 9, 20 and 4.5 UAH per kg, without VAT.
    for name in ["contract__active", "contract__terminated"] {
        if let Some(c) = shared("contracts", name) {
            let p = contract_prices(&c);
            let got: Vec<(f64, f64, f64)> = p.iter().map(|o| (o.amount, o.quantity, o.total)).collect();
            assert_eq!(got, [(9.0, 10.0, 90.0), (20.0, 5.0, 100.0), (4.5, 20.0, 90.0)], "{name}");
            assert!(p
                .iter()
                .all(|o| o.basis == Basis::Stated && o.currency == "UAH" && o.value_added_tax_included == Some(false)));
            assert_eq!(
                p[0].purchase(),
                Some(("f2a340122e754b528c3f516d8e34de7a".into(), "765d1e83c038413ab7717ec5e820fdfd".into()))
            );
            assert_eq!(p[0].date.as_deref(), s(&c, "dateSigned"));
        }
    }
    for name in ["contract__pending", "contract__cancelled"] {
        if let Some(c) = shared("contracts", name) {
            assert!(contract_prices(&c).is_empty(), "{name}");
        }
    }
    // A contract in dollars: its own group, never converted.
    if let Some(c) = shared("contracts", "contract__active-multicurrency") {
        let p = contract_prices(&c);
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].amount, p[0].currency.as_str(), p[0].unit.code.as_str()), (5000.0, "USD", "KGM"));
    }
    // The contract signed on the priceQuotation tender's award stands for that purchase.
    if let (Some(t), Some(c)) = (shared("tenders", "priceQuotation__complete"), shared("contracts", "contract__active"))
    {
        let mut one = t.clone();
        // The tender with one item, so that its award gives a price too.
        one["items"] = Value::Array(arr(&t["items"])[..1].to_vec());
        assert_eq!(tender_prices(&one).len(), 1);
        let kept = without_contracted(tender_prices(&one), &contracted(&contract_prices(&c)));
        assert!(kept.is_empty(), "the award's price gives way to the contract's");
    }
}

/// The groups of (code, unit, currency, VAT) with their distributions.
fn distributions(prices: &[Observation]) -> HashMap<GroupKey, Distribution> {
    let mut amounts: HashMap<GroupKey, Vec<f64>> = HashMap::new();
    for o in prices {
        amounts.entry(group_key(o)).or_default().push(o.amount);
    }
    amounts.into_iter().map(|(k, v)| (k, Distribution::of(v).unwrap())).collect()
}

#[test]
fn outliers_on_the_snapshot() {
    let Some(tenders) = common::real_tenders() else { return };
    let prices = snapshot_prices(&tenders);
    let groups = distributions(&prices);
    let marked: Vec<(&Observation, Outlier)> =
        prices.iter().filter_map(|o| groups[&group_key(o)].outlier(o.amount).map(|m| (o, m))).collect();
    assert!(marked.iter().any(|(_, m)| *m == Outlier::High));
    for (o, m) in &marked {
        let d = &groups[&group_key(o)];
        assert!(d.count >= MIN_GROUP_FOR_OUTLIERS);
        match m {
            Outlier::High => assert!(o.amount > d.upper_fence),
            Outlier::Low => assert!(o.amount < d.lower_fence),
        }
    }
    // Inside the fences, nothing is marked.
    for o in &prices {
        let d = &groups[&group_key(o)];
        if (d.lower_fence..=d.upper_fence).contains(&o.amount) {
            assert_eq!(d.outlier(o.amount), None);
        }
    }
}

/// The figures of `README.md` (*Unit prices*) and of issue 47's closing note; `--nocapture` prints
/// them.
#[test]
fn snapshot_figures() {
    let Some(tenders) = common::real_tenders() else { return };
    let prices = snapshot_prices(&tenders);
    let mut by_method: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for t in &tenders {
        let m = s(t, "procurementMethodType").unwrap_or("");
        let e = by_method.entry(m).or_default();
        e.0 += arr(&t["awards"]).iter().filter(|a| s(a, "status") == Some("active")).count();
        e.1 += tender_prices(t).len();
    }
    println!("prices: {} of {} active awards", prices.len(), by_method.values().map(|v| v.0).sum::<usize>());
    for (m, (awards, priced)) in &by_method {
        println!("  {m}: {priced} of {awards}");
    }
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for o in &prices {
        *by_code.entry(o.cpv.as_str()).or_default() += 1;
    }
    let mut top: Vec<(&str, usize)> = by_code.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    println!("top codes: {:?}", &top[..10]);
    assert_eq!(prices.len(), 3_360);
    assert_eq!(by_method["reporting"], (3_462, 2_705));
    assert_eq!(by_method["priceQuotation"], (440, 237));
    assert_eq!(by_method["aboveThreshold"], (397, 276));
    assert_eq!(&top[..3], [("09120000-6", 193), ("71310000-4", 67), ("09130000-9", 63)]);
    let groups = distributions(&prices);
    for n in [5, 10, 20, 30] {
        let big: Vec<&Distribution> = groups.values().filter(|d| d.count >= n).collect();
        let inside: Vec<&Observation> = prices.iter().filter(|o| groups[&group_key(o)].count >= n).collect();
        let high: Vec<&&Observation> = inside.iter().filter(|o| o.amount > groups[&group_key(o)].upper_fence).collect();
        let tenders_with: HashSet<&str> = inside.iter().filter_map(|o| o.tender.as_deref()).collect();
        let tenders_high: HashSet<&str> = high.iter().filter_map(|o| o.tender.as_deref()).collect();
        if n == MIN_GROUP_FOR_OUTLIERS {
            assert_eq!(
                (big.len(), inside.len(), high.len(), tenders_high.len(), tenders_with.len()),
                (64, 1_234, 91, 91, 1_229)
            );
        }
        println!(
            "N={n}: {} groups, {} prices in them ({:.1} % of all), {} above the upper fence ({:.1} %); tenders: {} of {} ({:.1} %)",
            big.len(),
            inside.len(),
            100.0 * inside.len() as f64 / prices.len() as f64,
            high.len(),
            100.0 * high.len() as f64 / inside.len().max(1) as f64,
            tenders_high.len(),
            tenders_with.len(),
            100.0 * tenders_high.len() as f64 / tenders_with.len().max(1) as f64,
        );
    }
}
