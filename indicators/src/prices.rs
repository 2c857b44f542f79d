//! Unit prices: what a buyer paid for one unit of one item, read from one record (issue 47).
//!
//! A pure reading of one tender or one contract (the `data` object of the public API), the
//! same rules as the portal's `web/src/records/unitPrice.ts`, so that a record page and the
//! upstream's price index agree on every figure:
//!
//! - **divided**: an `active` award that covers exactly one item (the tender has one item,
//!   or the award's lot, `lotID`, has exactly one), its value divided by that item's
//!   quantity; or an `active`/`terminated` contract of exactly one item that states no price
//!   of its own, its value divided likewise. Several items cannot be divided among: their
//!   shares are not in the record, so such awards give nothing. Divided prices are rounded
//!   as a buyer writes them ([`round_unit_price`]).
//! - **stated**: a contract's item that states its unit's price (`unit.value`, which the
//!   platform's contracts carry since 2023), as stated.
//!
//! Always: a quantity above zero; a unit named by its UN/CEFACT code (`unit.code`: prices
//! are grouped by the code, never by the name, which is kept for display only; an item with
//! a name and no code gives nothing, where the portal's page still shows it); a CPV code of
//! eight digits (`classification.id`); a finite amount not below zero; and one currency (the
//! value's own; a value that names none takes the record's). The VAT flag
//! (`valueAddedTaxIncluded`) goes with the price, `None` when the value does not say.
//!
//! Currencies are never converted: no record publishes an exchange rate (the multi-currency
//! `requestForProposal` awards and contracts name only their currency), so a price in USD is
//! compared with prices in USD only. Groups of comparable prices are (code, unit code,
//! currency, VAT flag): prices with and without VAT, or whose VAT is unknown, are not
//! compared either.
//!
//! Left out as well: a cancelled tender, an award in a cancelled lot, and the methods whose
//! values are no purchase price (`esco`: the value of energy savings; `complexAsset.arma`:
//! the sale of seized assets), as the indicators' settings leave them out of price
//! comparisons.
//!
//! **One purchase, one price.** A tender's award and the contract signed on it (the
//! contract's `tender_id` and `awardID`) describe the same purchase. When the contract gives
//! a price (it is what was signed, and states per-item prices that an award of several items
//! cannot give), it stands and the award's is left out ([`without_contracted`]); otherwise
//! the award's stands. The contracts a snapshot derives from its tenders' awards are copies
//! of the awards and give no prices of their own (the upstream leaves them out).
//!
//! **Outliers** are marked against their group with the indicators' interquartile rule
//! ([`crate::Quartiles`]: type-8 quartiles, Tukey's fences at 1.5·IQR), never dropped: a price
//! strictly above the upper fence is `high`, strictly below the lower one `low`, and only in
//! groups of at least [`MIN_GROUP_FOR_OUTLIERS`] prices.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::stats::{quantile, Quartiles};

/// The fewest prices of a group whose fences mark outliers. Below ten, each price is more
/// than a tenth of its group and moving one moves a quartile by a large step; on the
/// snapshot the share of prices marked hardly depends on the minimum (6.3 % with 5, 7.4 %
/// with 10, 7.8 % with 30) while the share of prices in groups large enough falls (54 %,
/// 37 %, 12 %): `README.md`, *Unit prices*.
pub const MIN_GROUP_FOR_OUTLIERS: usize = 10;

/// How a price was told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// An award's or a contract's value divided by its one item's quantity.
    Divided,
    /// A contract's item's own `unit.value`.
    Stated,
}

/// Which record a price comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// A tender's active award.
    Award,
    /// A contract (the contracts register's record).
    Contract,
}

/// A price's place against its group's fences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outlier {
    High,
    Low,
}

/// An organisation as a price names it: its identifier (EDRPOU, trimmed) and its name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Party {
    pub id: Option<String>,
    pub name: Option<String>,
}

/// An item's unit: its UN/CEFACT code (trimmed, upper case) and the name the record gives.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub code: String,
    pub name: Option<String>,
}

/// One unit price of one item. Serialised in camelCase with every member (`null` when
/// absent), which also suits a fixed-layout encoding (the upstream's index rows).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Observation {
    pub source: Source,
    /// The tender's 32-hex id (a contract's `tender_id`).
    pub tender: Option<String>,
    /// The tender's public id (`tenderID`; a contract's own `tenderID` when it has one).
    #[serde(rename = "tenderID")]
    pub tender_id: Option<String>,
    /// The award's id (a contract's `awardID`).
    pub award_id: Option<String>,
    /// The award's lot (`lotID`), or the contract's item's `relatedLot`.
    pub lot_id: Option<String>,
    /// The contract's id, for a price of a contract.
    pub contract_id: Option<String>,
    pub item_id: Option<String>,
    /// The award's `date` (else the tender's); a contract's `dateSigned` (else its `date`).
    pub date: Option<String>,
    /// The item's CPV code as the record writes it (`33141420-0`).
    pub cpv: String,
    pub description: Option<String>,
    pub unit: Unit,
    pub quantity: f64,
    /// The value divided (`divided`), or the stated price times the quantity (`stated`),
    /// rounded to the kopeck.
    pub total: f64,
    /// The price of one unit.
    pub amount: f64,
    pub currency: String,
    pub value_added_tax_included: Option<bool>,
    pub basis: Basis,
    /// The tender's procuring entity, the contract's buyer.
    pub buyer: Party,
    /// The award's (contract's) first supplier.
    pub supplier: Party,
    /// The buyer's `address.region`.
    pub region: Option<String>,
    /// The tender's method (a contract's own `procurementMethodType` when it has one).
    pub procurement_method_type: Option<String>,
}

impl Observation {
    /// The eight digits of the CPV code as a number (`33141420`).
    pub fn code(&self) -> u32 {
        cpv_digits(&self.cpv).unwrap_or_default()
    }

    /// The purchase this price is of: (tender id, award id), lowercase, when both are known.
    pub fn purchase(&self) -> Option<(String, String)> {
        Some((self.tender.as_deref()?.to_ascii_lowercase(), self.award_id.as_deref()?.to_ascii_lowercase()))
    }
}

/// The eight digits of a CPV code written `NNNNNNNN` or `NNNNNNNN-C`, as a number.
pub fn cpv_digits(code: &str) -> Option<u32> {
    let code = code.trim();
    let (digits, check) = match code.split_once('-') {
        Some((d, c)) => (d, Some(c)),
        None => (code, None),
    };
    let ok = digits.len() == 8
        && digits.bytes().all(|b| b.is_ascii_digit())
        && check.is_none_or(|c| c.len() == 1 && c.bytes().all(|b| b.is_ascii_digit()));
    if ok {
        digits.parse().ok()
    } else {
        None
    }
}

/// A UN/CEFACT unit code as prices group it: trimmed and upper case, one to three letters or
/// digits (`H87`, `KGM`, `E48`, `MTK`); anything else is no code.
pub fn unit_code(code: &str) -> Option<String> {
    let c = code.trim();
    ((1..=3).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| c.to_ascii_uppercase())
}

/// A divided price rounded as a buyer writes it: to the kopeck from one unit of currency
/// up, else to four significant digits (a gram's or a kilowatt-hour's price), which also
/// drops the noise of binary division (`100 / 3`). The same figure as the portal's
/// `roundUnitPrice`: JavaScript's `Math.round` (half up) and `toPrecision` (of two nearest,
/// the larger), which this reproduces on exact ties too (`0.015625` → `0.01563`).
pub fn round_unit_price(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    if x.abs() >= 1.0 {
        // `f64::round` rounds half away from zero, as `Math.round` does above zero.
        return (x * 100.0).round() / 100.0;
    }
    significant4(x)
}

/// `Number(x.toPrecision(4))` for 0 < |x| < 1.
fn significant4(x: f64) -> f64 {
    // Sixty digits of the exact decimal expansion: a double below 1 that is a tie at the
    // fourth digit has a short exact expansion, so the fifth digit decides, half up.
    let s = format!("{:.60e}", x.abs());
    let Some((mantissa, exp)) = s.split_once('e') else { return x };
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
    let mut n: u64 = digits.iter().take(4).fold(0, |n, &d| n * 10 + u64::from(d));
    if digits.get(4).is_some_and(|&d| d >= 5) {
        n += 1;
    }
    let v: f64 = format!("{n}e{}", exp - 3).parse().unwrap_or(x.abs());
    if x < 0.0 {
        -v
    } else {
        v
    }
}

fn text(v: &Value) -> Option<&str> {
    v.as_str().map(str::trim).filter(|s| !s.is_empty())
}

fn owned(v: &Value) -> Option<String> {
    text(v).map(String::from)
}

fn objects(v: &Value) -> impl Iterator<Item = &Value> {
    v.as_array().into_iter().flatten().filter(|x| x.is_object())
}

fn finite(v: &Value) -> Option<f64> {
    v.as_f64().filter(|x| x.is_finite())
}

/// An organisation's identifier and name (its `name`, else its identifier's `legalName`).
pub fn party(org: &Value) -> Party {
    Party {
        id: owned(&org["identifier"]["id"]),
        name: owned(&org["name"]).or_else(|| owned(&org["identifier"]["legalName"])),
    }
}

/// A value that can be divided or stated.
#[derive(Debug, Clone, PartialEq)]
struct Money {
    amount: f64,
    currency: String,
    vat: Option<bool>,
}

/// A money value's parts when it has a finite amount not below zero and a currency (its own,
/// else `fallback`).
fn money(v: &Value, fallback: Option<&str>) -> Option<Money> {
    if !v.is_object() {
        return None;
    }
    let amount = finite(&v["amount"]).filter(|a| *a >= 0.0)?;
    let currency = text(&v["currency"]).or(fallback)?.to_string();
    Some(Money { amount, currency, vat: v["valueAddedTaxIncluded"].as_bool() })
}

/// An item as a price reads it: one that has a CPV code, a unit code and a quantity above
/// zero. Record pages ask the index about these items.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredItem {
    pub item_id: Option<String>,
    /// The CPV code as written (`33141420-0`).
    pub cpv: String,
    /// Its eight digits.
    pub code: u32,
    pub unit: Unit,
    pub quantity: f64,
    pub description: Option<String>,
}

/// The item's code, unit and quantity when a price per unit can be told of it.
pub fn measured(item: &Value) -> Option<MeasuredItem> {
    let quantity = finite(&item["quantity"]).filter(|q| *q > 0.0)?;
    let cpv = text(&item["classification"]["id"])?;
    let code = cpv_digits(cpv)?;
    let unit = Unit { code: unit_code(text(&item["unit"]["code"])?)?, name: owned(&item["unit"]["name"]) };
    Some(MeasuredItem {
        item_id: owned(&item["id"]),
        cpv: cpv.to_string(),
        code,
        unit,
        quantity,
        description: owned(&item["description"]),
    })
}

/// The items an award covers: its lot's (`lotID`, the items whose `relatedLot` it is), or
/// the tender's all when it names no lot.
pub fn award_items<'a>(tender: &'a Value, award: &Value) -> Vec<&'a Value> {
    let items = objects(&tender["items"]);
    match text(&award["lotID"]) {
        Some(lot) => items.filter(|i| text(&i["relatedLot"]) == Some(lot)).collect(),
        None => items.collect(),
    }
}

/// Methods whose values are no purchase price (see the module's notes).
const NOT_A_PURCHASE: &[&str] = &["esco", "complexAsset.arma"];

fn rounded_total(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn divided(m: Money, item: MeasuredItem) -> (MeasuredItem, Money, f64) {
    let amount = round_unit_price(m.amount / item.quantity);
    (item, m, amount)
}

/// The unit prices of one tender's active awards, in award order: one for each award that
/// covers exactly one measured item.
pub fn tender_prices(tender: &Value) -> Vec<Observation> {
    if !tender.is_object() || text(&tender["status"]) == Some("cancelled") {
        return Vec::new();
    }
    let method = text(&tender["procurementMethodType"]);
    if method.is_some_and(|m| NOT_A_PURCHASE.contains(&m)) {
        return Vec::new();
    }
    let cancelled_lots: Vec<&str> = objects(&tender["lots"])
        .filter(|l| text(&l["status"]) == Some("cancelled"))
        .filter_map(|l| text(&l["id"]))
        .collect();
    let fallback = text(&tender["value"]["currency"]);
    let buyer = &tender["procuringEntity"];
    let mut out = Vec::new();
    for award in objects(&tender["awards"]).filter(|a| text(&a["status"]) == Some("active")) {
        if text(&award["lotID"]).is_some_and(|l| cancelled_lots.contains(&l)) {
            continue;
        }
        let items = award_items(tender, award);
        let [item] = items.as_slice() else { continue };
        let (Some(m), Some(item)) = (money(&award["value"], fallback), measured(item)) else { continue };
        let (item, m, amount) = divided(m, item);
        out.push(Observation {
            source: Source::Award,
            tender: owned(&tender["id"]),
            tender_id: owned(&tender["tenderID"]),
            award_id: owned(&award["id"]),
            lot_id: owned(&award["lotID"]),
            contract_id: None,
            item_id: item.item_id,
            date: owned(&award["date"]).or_else(|| owned(&tender["date"])),
            cpv: item.cpv,
            description: item.description,
            unit: item.unit,
            quantity: item.quantity,
            total: m.amount,
            amount,
            currency: m.currency,
            value_added_tax_included: m.vat,
            basis: Basis::Divided,
            buyer: party(buyer),
            supplier: objects(&award["suppliers"]).next().map(party).unwrap_or_default(),
            region: owned(&buyer["address"]["region"]),
            procurement_method_type: method.map(String::from),
        });
    }
    out
}

/// The unit prices of one contract (`active` or `terminated`: signed, whether or not it has
/// ended), in its items' order: each item that states its unit's price (`unit.value`;
/// without a currency, the contract's); and for a contract of exactly one item that states
/// none, the contract's value divided by its quantity.
pub fn contract_prices(contract: &Value) -> Vec<Observation> {
    if !matches!(text(&contract["status"]), Some("active" | "terminated")) {
        return Vec::new();
    }
    let method = text(&contract["procurementMethodType"]);
    if method.is_some_and(|m| NOT_A_PURCHASE.contains(&m)) {
        return Vec::new();
    }
    let items: Vec<&Value> = objects(&contract["items"]).collect();
    let fallback = text(&contract["value"]["currency"]);
    let mut priced: Vec<(MeasuredItem, Money, f64, Basis)> = Vec::new();
    for item in &items {
        let Some(m) = measured(item) else { continue };
        if let Some(stated) = money(&item["unit"]["value"], fallback) {
            let amount = stated.amount;
            priced.push((m, stated, amount, Basis::Stated));
        }
    }
    if let ([item], true) = (items.as_slice(), priced.is_empty()) {
        if let (Some(m), Some(value)) = (measured(item), money(&contract["value"], None)) {
            let (m, value, amount) = divided(value, m);
            priced.push((m, value, amount, Basis::Divided));
        }
    }
    let buyer = &contract["buyer"];
    let lot_of = |item_id: &Option<String>| {
        items.iter().find(|i| owned(&i["id"]) == *item_id).and_then(|i| owned(&i["relatedLot"]))
    };
    priced
        .into_iter()
        .map(|(item, m, amount, basis)| Observation {
            source: Source::Contract,
            tender: owned(&contract["tender_id"]),
            tender_id: owned(&contract["tenderID"]),
            award_id: owned(&contract["awardID"]),
            lot_id: lot_of(&item.item_id),
            contract_id: owned(&contract["id"]),
            date: owned(&contract["dateSigned"]).or_else(|| owned(&contract["date"])),
            cpv: item.cpv,
            description: item.description,
            unit: item.unit,
            total: match basis {
                Basis::Divided => m.amount,
                Basis::Stated => rounded_total(m.amount * item.quantity),
            },
            quantity: item.quantity,
            item_id: item.item_id,
            amount,
            currency: m.currency,
            value_added_tax_included: m.vat,
            basis,
            buyer: party(buyer),
            supplier: objects(&contract["suppliers"]).next().map(party).unwrap_or_default(),
            region: owned(&buyer["address"]["region"]),
            procurement_method_type: method.map(String::from),
        })
        .collect()
}

/// The purchases the contracts give prices of: (tender id, award id), lowercase.
pub fn contracted<'a>(contract_prices: impl IntoIterator<Item = &'a Observation>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = contract_prices.into_iter().filter_map(Observation::purchase).collect();
    out.sort();
    out.dedup();
    out
}

/// The awards' prices without those of purchases a contract gives a price of (one purchase,
/// one price: the contract's stands). `contracted` is [`contracted`]'s list.
pub fn without_contracted(award_prices: Vec<Observation>, contracted: &[(String, String)]) -> Vec<Observation> {
    award_prices.into_iter().filter(|o| o.purchase().is_none_or(|p| contracted.binary_search(&p).is_err())).collect()
}

/// A group's distribution: its count, range, quartiles (type 8, as the indicators') and
/// Tukey's fences.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Distribution {
    pub count: usize,
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
    pub lower_fence: f64,
    pub upper_fence: f64,
}

impl Distribution {
    /// The distribution of prices sorted ascending (`None` when there are none).
    pub fn of_sorted(sorted: &[f64]) -> Option<Self> {
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let q = Quartiles { count: sorted.len(), q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75) };
        Some(Distribution {
            count: sorted.len(),
            min,
            q1: q.q1,
            median: quantile(sorted, 0.5),
            q3: q.q3,
            max,
            lower_fence: q.lower_fence(),
            upper_fence: q.upper_fence(),
        })
    }

    /// The distribution of prices in any order.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Self> {
        let mut v: Vec<f64> = values.into_iter().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        Self::of_sorted(&v)
    }

    /// Whether the group is large enough for its fences to mark outliers.
    pub fn marks_outliers(&self) -> bool {
        self.count >= MIN_GROUP_FOR_OUTLIERS
    }

    /// A price's place against the fences: above the upper one `High`, below the lower one
    /// `Low`; `None` inside them, or in a group too small to mark outliers.
    pub fn outlier(&self, amount: f64) -> Option<Outlier> {
        if !self.marks_outliers() {
            None
        } else if amount > self.upper_fence {
            Some(Outlier::High)
        } else if amount < self.lower_fence {
            Some(Outlier::Low)
        } else {
            None
        }
    }
}

/// What makes prices comparable: (CPV code's eight digits, unit code, currency, VAT flag).
pub type GroupKey = (u32, String, String, Option<bool>);

/// An observation's group.
pub fn group_key(o: &Observation) -> GroupKey {
    (o.code(), o.unit.code.clone(), o.currency.clone(), o.value_added_tax_included)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rounding_follows_the_portal() {
        // Expected values printed by node: `Number(x.toPrecision(4))`, `Math.round(x*100)/100`.
        assert_eq!(round_unit_price(0.015625), 0.01563);
        assert_eq!(round_unit_price(0.0001220703125), 0.0001221);
        assert_eq!(round_unit_price(100.0 / 3.0 / 1000.0), 0.03333);
        assert_eq!(round_unit_price(0.12345), 0.1235);
        assert_eq!(round_unit_price(0.00048828125), 0.0004883);
        assert_eq!(round_unit_price(0.9999), 0.9999);
        assert_eq!(round_unit_price(0.99996), 1.0);
        assert_eq!(round_unit_price(100.0 / 3.0), 33.33);
        assert_eq!(round_unit_price(2.005), 2.01);
        assert_eq!(round_unit_price(1.005), 1.0);
        assert_eq!(round_unit_price(1234.5678), 1234.57);
        assert_eq!(round_unit_price(0.0), 0.0);
    }

    #[test]
    fn codes_and_units_are_read_strictly() {
        assert_eq!(cpv_digits("33141420-0"), Some(33141420));
        assert_eq!(cpv_digits("03000000"), Some(3000000));
        assert_eq!(cpv_digits("3314142-0"), None);
        assert_eq!(cpv_digits("33141420-10"), None);
        assert_eq!(cpv_digits("ab141420"), None);
        assert_eq!(unit_code(" kgm "), Some("KGM".into()));
        assert_eq!(unit_code("H87"), Some("H87".into()));
        assert_eq!(unit_code("штука"), None);
        assert_eq!(unit_code("KGMS"), None);
        assert_eq!(unit_code(""), None);
    }

    fn tender(items: Value, awards: Value) -> Value {
        json!({"id": "t1", "tenderID": "UA-2026-01-01-000001-a", "status": "complete",
               "procurementMethodType": "belowThreshold", "value": {"amount": 100.0, "currency": "UAH"},
               "procuringEntity": {"name": "Школа", "identifier": {"id": " 01234567 "}, "address": {"region": "Львівська область"}},
               "items": items, "awards": awards})
    }

    fn item(id: &str, lot: Option<&str>, quantity: Value, unit: Value) -> Value {
        let mut i = json!({"id": id, "description": "Папір", "quantity": quantity, "unit": unit,
                           "classification": {"scheme": "ДК021", "id": "30197630-1"}});
        if let Some(l) = lot {
            i["relatedLot"] = json!(l);
        }
        i
    }

    fn award(id: &str, lot: Option<&str>, status: &str, value: Value) -> Value {
        let mut a = json!({"id": id, "status": status, "value": value, "date": "2026-01-02T10:00:00+02:00",
                           "suppliers": [{"name": "ФОП", "identifier": {"id": "1234567890"}}]});
        if let Some(l) = lot {
            a["lotID"] = json!(l);
        }
        a
    }

    #[test]
    fn an_award_of_one_item_is_divided() {
        let t = tender(
            json!([item("i1", None, json!(3), json!({"code": "pk", "name": "пачка"}))]),
            json!([award("a1", None, "active", json!({"amount": 100.0, "valueAddedTaxIncluded": true}))]),
        );
        let p = tender_prices(&t);
        assert_eq!(p.len(), 1);
        let o = &p[0];
        assert_eq!((o.amount, o.total, o.quantity), (33.33, 100.0, 3.0));
        assert_eq!(o.currency, "UAH", "a value without a currency takes the tender's");
        assert_eq!(o.value_added_tax_included, Some(true));
        assert_eq!(o.unit, Unit { code: "PK".into(), name: Some("пачка".into()) });
        assert_eq!((o.code(), o.basis, o.source), (30197630, Basis::Divided, Source::Award));
        assert_eq!(o.buyer.id.as_deref(), Some("01234567"));
        assert_eq!(o.supplier.id.as_deref(), Some("1234567890"));
        assert_eq!(o.date.as_deref(), Some("2026-01-02T10:00:00+02:00"));
        assert_eq!(o.purchase(), Some(("t1".into(), "a1".into())));
    }

    #[test]
    fn several_items_zero_quantities_and_missing_codes_give_nothing() {
        let unit = json!({"code": "H87", "name": "штука"});
        let value = json!({"amount": 50.0, "currency": "UAH"});
        // Two items in one lot: no share of the award is in the record.
        let two = tender(
            json!([item("i1", Some("l1"), json!(1), unit.clone()), item("i2", Some("l1"), json!(1), unit.clone())]),
            json!([award("a1", Some("l1"), "active", value.clone())]),
        );
        assert!(tender_prices(&two).is_empty());
        // One lot of one item and one of two: only the first.
        let lots = tender(
            json!([
                item("i1", Some("l1"), json!(2), unit.clone()),
                item("i2", Some("l2"), json!(1), unit.clone()),
                item("i3", Some("l2"), json!(1), unit.clone())
            ]),
            json!([award("a1", Some("l1"), "active", value.clone()), award("a2", Some("l2"), "active", value.clone())]),
        );
        let p = tender_prices(&lots);
        assert_eq!(p.iter().map(|o| (o.award_id.as_deref(), o.amount)).collect::<Vec<_>>(), [(Some("a1"), 25.0)]);
        for (quantity, unit) in [
            (json!(0), unit.clone()),
            (json!(-1), unit.clone()),
            (json!("2"), unit.clone()),
            (json!(2), json!({"name": "штука"})),
            (json!(2), json!({"code": "", "name": "штука"})),
        ] {
            let t = tender(
                json!([item("i1", None, quantity.clone(), unit.clone())]),
                json!([award("a1", None, "active", value.clone())]),
            );
            assert!(tender_prices(&t).is_empty(), "{quantity} {unit}");
        }
        for value in [json!({"amount": -1.0}), json!({"amount": "5"}), json!(null), json!({"currency": "UAH"})] {
            let t = tender(
                json!([item("i1", None, json!(1), unit.clone())]),
                json!([award("a1", None, "active", value.clone())]),
            );
            assert!(tender_prices(&t).is_empty(), "{value}");
        }
        // Only active awards, and nothing of a cancelled tender or lot.
        let t = tender(
            json!([item("i1", None, json!(1), unit.clone())]),
            json!([award("a1", None, "pending", value.clone())]),
        );
        assert!(tender_prices(&t).is_empty());
        let mut t = tender(
            json!([item("i1", None, json!(1), unit.clone())]),
            json!([award("a1", None, "active", value.clone())]),
        );
        assert_eq!(tender_prices(&t).len(), 1);
        t["status"] = json!("cancelled");
        assert!(tender_prices(&t).is_empty());
        let mut t = tender(
            json!([item("i1", Some("l1"), json!(1), unit.clone())]),
            json!([award("a1", Some("l1"), "active", value)]),
        );
        t["lots"] = json!([{"id": "l1", "status": "cancelled"}]);
        assert!(tender_prices(&t).is_empty());
    }

    #[test]
    fn contracts_state_or_divide() {
        let c = json!({"id": "c1", "status": "active", "tender_id": "T1", "awardID": "A1",
        "value": {"amount": 100.0, "currency": "USD", "valueAddedTaxIncluded": false},
        "dateSigned": "2026-02-01T00:00:00+02:00",
        "items": [
          {"id": "i1", "quantity": 4, "unit": {"code": "KGM", "value": {"amount": 2.5}}, "classification": {"id": "15800000-6"}},
          {"id": "i2", "quantity": 4, "unit": {"code": "KGM"}, "classification": {"id": "15800000-6"}}
        ]});
        let p = contract_prices(&c);
        assert_eq!(p.len(), 1, "the item without a stated price is not divided: the contract has two");
        assert_eq!((p[0].amount, p[0].total, p[0].basis), (2.5, 10.0, Basis::Stated));
        assert_eq!(p[0].currency, "USD", "a stated price without a currency takes the contract's");
        assert_eq!(p[0].value_added_tax_included, None, "the stated value does not say");
        assert_eq!(p[0].purchase(), Some(("t1".into(), "a1".into())));
        let mut one = c.clone();
        one["items"] =
            json!([{"id": "i2", "quantity": 8, "unit": {"code": "KGM"}, "classification": {"id": "15800000-6"}}]);
        let p = contract_prices(&one);
        assert_eq!((p[0].amount, p[0].basis, p[0].value_added_tax_included), (12.5, Basis::Divided, Some(false)));
        for status in ["pending", "cancelled"] {
            one["status"] = json!(status);
            assert!(contract_prices(&one).is_empty());
        }
        one["status"] = json!("terminated");
        assert_eq!(contract_prices(&one).len(), 1);
    }

    #[test]
    fn a_contract_replaces_the_award_it_was_signed_on() {
        let t = tender(
            json!([
                item("i1", Some("l1"), json!(2), json!({"code": "H87"})),
                item("i2", Some("l2"), json!(2), json!({"code": "H87"}))
            ]),
            json!([
                award("a1", Some("l1"), "active", json!({"amount": 10.0})),
                award("a2", Some("l2"), "active", json!({"amount": 30.0}))
            ]),
        );
        let c = json!({"id": "c1", "status": "active", "tender_id": "t1", "awardID": "A1", "value": {"amount": 9.0, "currency": "UAH"},
                       "items": [{"id": "i1", "quantity": 2, "unit": {"code": "H87"}, "classification": {"id": "30197630-1"}}]});
        let contracts = contract_prices(&c);
        let kept = without_contracted(tender_prices(&t), &contracted(&contracts));
        assert_eq!(kept.iter().map(|o| o.award_id.as_deref()).collect::<Vec<_>>(), [Some("a2")]);
        assert_eq!(contracts[0].amount, 4.5);
    }

    #[test]
    fn outliers_are_marked_only_past_a_fence_in_a_large_enough_group() {
        let d = Distribution::of((1..=10).map(f64::from).chain([100.0])).unwrap();
        assert_eq!((d.count, d.min, d.max, d.median), (11, 1.0, 100.0, 6.0));
        assert_eq!(d.outlier(100.0), Some(Outlier::High));
        assert_eq!(d.outlier(d.upper_fence), None, "at the fence is inside");
        assert_eq!(d.outlier(5.0), None);
        let small = Distribution::of([1.0, 2.0, 3.0, 100.0]).unwrap();
        assert!(!small.marks_outliers());
        assert_eq!(small.outlier(100.0), None);
        assert!(Distribution::of([]).is_none());
        // Equal prices: the fences close on them, and any other price is outside.
        let same = Distribution::of(std::iter::repeat_n(5.0, 12).chain([5.5, 4.0])).unwrap();
        assert_eq!((same.q1, same.q3, same.upper_fence), (5.0, 5.0, 5.0));
        assert_eq!((same.outlier(5.5), same.outlier(4.0)), (Some(Outlier::High), Some(Outlier::Low)));
    }
}
