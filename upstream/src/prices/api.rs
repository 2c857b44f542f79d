//! The price endpoints (`upstream/API.md`, *Unit prices*): a code's distribution per
//! (unit, currency, VAT) group, the rows behind a group, and a record's items against what
//! others paid. Every answer reads [`super::PriceIndex`] only (and the one record asked
//! about), through the gate of searches ([`crate::work`]).

use super::{code_range, Origin, PriceIndex};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::params::Params;
use crate::query::ListKey;
use crate::records::{Kind, METHOD_TYPES};
use crate::store::Data;
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use indicators::prices::{measured, round_unit_price, unit_code, Basis, Distribution, MeasuredItem, Outlier, Source};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;

type Answer = Result<JsonAnswer, UpstreamError>;

/// Rows per group a distribution answers by default, and at most.
pub const DEFAULT_RECENT: usize = 20;
pub const MAX_RECENT: usize = 100;
/// Rows of one page of a group's prices by default, and at most.
pub const DEFAULT_PER_PAGE: usize = 100;
pub const MAX_PER_PAGE: usize = 1_000;
/// Buyers named among those who paid the most and the least.
const BUYERS: usize = 5;
/// The fewest other prices an item of a record is compared with.
pub const MIN_OTHERS: usize = 3;
/// The shortest prefix an item's comparison widens to: the CPV class.
const CLASS_DIGITS: usize = 4;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/prices/tenders/{id}", get(tender))
        .route("/api/prices/plans/{id}", get(plan))
        .route("/api/prices/products/{id}", get(product))
        .route("/api/prices/{cpv}", get(distribution))
        .route("/api/prices/{cpv}/awards", get(awards))
}

/// A code asked for: its classifier id (with the check digit) when the classifier has it,
/// its eight digits and its significant prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct AskedCode {
    pub cpv: String,
    pub digits: String,
    pub prefix: String,
    pub name: Option<(String, String)>,
}

/// Reads `{cpv}`: eight digits, with or without a check digit, which must be the
/// classifier's when the classifier knows the code.
pub fn asked_code(raw: &str, data: &Data) -> Result<AskedCode, UpstreamError> {
    let bad = || {
        UpstreamError::invalid(
            "cpv",
            format!("expected a CPV code of 8 digits like 33140000 or 33140000-3, got `{raw}`"),
        )
    };
    let raw = raw.trim();
    let (digits, check) = match raw.split_once('-') {
        Some((d, c)) => (d, Some(c)),
        None => (raw, None),
    };
    if digits.len() != 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    if check.is_some_and(|c| c.len() != 1 || !c.bytes().all(|b| b.is_ascii_digit())) {
        return Err(bad());
    }
    let node = data.classifiers.cpv.by_digits(digits);
    if let (Some(n), Some(c)) = (node, check) {
        if !n.id.ends_with(&format!("-{c}")) {
            return Err(UpstreamError::invalid(
                "cpv",
                format!("the check digit of {digits} is that of {}, not {c}", n.id),
            ));
        }
    }
    let prefix = crate::classifiers::significant(digits, 2).to_string();
    Ok(AskedCode {
        cpv: node.map_or_else(|| raw.to_string(), |n| n.id.clone()),
        digits: digits.to_string(),
        prefix,
        name: node.map(|n| (n.uk.clone(), n.en.clone())),
    })
}

/// The filters of a distribution or of a group's rows, read against the index: values no
/// price names match nothing.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Groups allowed (by unit, currency, VAT), or all.
    groups: Option<Vec<bool>>,
    regions: Option<Vec<u32>>,
    methods: Option<Vec<u32>>,
    from: Option<i64>,
    to: Option<i64>,
}

fn date_bound(p: &Params, name: &str, end_of_day: bool) -> Result<Option<i64>, UpstreamError> {
    let Some(v) = p.one(name) else { return Ok(None) };
    let ms = crate::dates::parse(v)
        .ok_or_else(|| UpstreamError::invalid(name, format!("expected a date like 2026-10-08, got `{v}`")))?;
    Ok(Some(if end_of_day && crate::dates::is_date_only(v) { ms + 86_400_000 - 1 } else { ms }))
}

/// `true`, `false` or `null` (a price whose VAT the record does not say).
fn vat_value(p: &Params) -> Result<Option<Option<bool>>, UpstreamError> {
    match p.one("valueAddedTaxIncluded") {
        None => Ok(None),
        Some("true" | "1") => Ok(Some(Some(true))),
        Some("false" | "0") => Ok(Some(Some(false))),
        Some("null") => Ok(Some(None)),
        Some(v) => {
            Err(UpstreamError::invalid("valueAddedTaxIncluded", format!("expected true, false or null, got `{v}`")))
        }
    }
}

impl Filter {
    /// Reads the filters; with `group`, also a group's `currency` and `valueAddedTaxIncluded`.
    pub fn parse(p: &Params, idx: &PriceIndex, group: bool) -> Result<Self, UpstreamError> {
        let unit = match p.one("unit") {
            None => None,
            Some(u) => Some(unit_code(u).ok_or_else(|| {
                UpstreamError::invalid("unit", format!("expected a UN/CEFACT unit code like H87 or KGM, got `{u}`"))
            })?),
        };
        let (currency, vat) = if group {
            let currency = match p.one("currency") {
                None => None,
                Some(c) if c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()) => Some(c.to_ascii_uppercase()),
                Some(c) => {
                    return Err(UpstreamError::invalid(
                        "currency",
                        format!("expected a currency code like UAH, got `{c}`"),
                    ))
                }
            };
            (currency, vat_value(p)?)
        } else {
            (None, None)
        };
        let groups = (unit.is_some() || currency.is_some() || vat.is_some()).then(|| {
            (0..idx.group_count() as u32)
                .map(|g| {
                    let k = idx.group_key(g);
                    unit.as_deref().is_none_or(|u| *k.unit == *u)
                        && currency.as_deref().is_none_or(|c| *k.currency == *c)
                        && vat.is_none_or(|v| k.vat == v)
                })
                .collect()
        });
        let names = |values: Vec<&str>| -> Option<Vec<u32>> {
            (!values.is_empty()).then(|| values.iter().filter_map(|v| idx.name_number(v)).collect())
        };
        let methods = p.list("procurementMethodType");
        if let Some(m) = methods.iter().find(|m| !METHOD_TYPES.contains(m)) {
            return Err(UpstreamError::invalid("procurementMethodType", format!("unknown value `{m}`")));
        }
        let from = date_bound(p, "dateFrom", false)?;
        let to = date_bound(p, "dateTo", true)?;
        if let (Some(f), Some(t)) = (from, to) {
            if f > t {
                return Err(UpstreamError::invalid("dateFrom", "after dateTo"));
            }
        }
        Ok(Filter { groups, regions: names(p.list("region")), methods: names(methods), from, to })
    }

    /// Whether every price passes.
    fn is_empty(&self) -> bool {
        self.groups.is_none()
            && self.regions.is_none()
            && self.methods.is_none()
            && self.from.is_none()
            && self.to.is_none()
    }

    /// Whether price `i` passes.
    pub fn keeps(&self, idx: &PriceIndex, i: u32) -> bool {
        if let Some(g) = &self.groups {
            if !g.get(idx.group(i) as usize).copied().unwrap_or(false) {
                return false;
            }
        }
        let (region, method) = idx.region_method_numbers(i);
        if self.regions.as_ref().is_some_and(|r| !r.contains(&region)) {
            return false;
        }
        if self.methods.as_ref().is_some_and(|m| !m.contains(&method)) {
            return false;
        }
        if self.from.is_some() || self.to.is_some() {
            let d = idx.date_key(i);
            if d == i64::MIN || self.from.is_some_and(|f| d < f) || self.to.is_some_and(|t| d > t) {
                return false;
            }
        }
        true
    }
}

/// The tender a price is of: (32-hex id, public id).
fn tender_of(data: &Data, idx: &PriceIndex, i: u32) -> (Option<String>, Option<String>) {
    let (origin, doc) = idx.source(i);
    let r = idx.reading(i);
    match origin {
        Origin::Tender | Origin::Generated => {
            let (hex, public) = data.keys(&data.tenders, doc);
            (Some(hex), Some(public))
        }
        Origin::Contract => {
            let public = r.tender_id.clone().or_else(|| {
                let d = data.tenders.index.lookup(r.tender.as_deref()?)?;
                Some(data.page_key(&data.tenders, d))
            });
            // A contract whose tender is not loaded has no page to link to.
            (r.tender.clone(), public)
        }
    }
}

/// An organisation as an answer names it.
#[derive(Debug, Serialize)]
pub struct PartyOut<'a> {
    pub id: Option<&'a str>,
    pub name: Option<&'a str>,
}

/// A unit as an answer names it.
#[derive(Debug, Serialize)]
pub struct UnitOut<'a> {
    pub code: &'a str,
    pub name: Option<&'a str>,
}

/// One price as the API shows it (`upstream/API.md`, *An observation*), serialised straight
/// from the index: an export writes a thousand of them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Row<'a> {
    #[serde(rename = "tenderID")]
    pub tender_id: Option<String>,
    pub tender: Option<String>,
    pub award_id: Option<&'a str>,
    pub lot_id: Option<&'a str>,
    pub contract_id: Option<&'a str>,
    pub item_id: Option<&'a str>,
    pub date: Option<std::borrow::Cow<'a, str>>,
    pub cpv: &'a str,
    pub description: Option<&'a str>,
    pub unit: UnitOut<'a>,
    pub quantity: f64,
    pub total: f64,
    pub amount: f64,
    pub currency: &'a str,
    pub value_added_tax_included: Option<bool>,
    pub basis: Basis,
    pub source: Source,
    pub buyer: PartyOut<'a>,
    pub supplier: PartyOut<'a>,
    pub region: Option<&'a str>,
    pub procurement_method_type: Option<&'a str>,
    pub outlier: Option<Outlier>,
}

/// Price `i` as the API shows it, marked `outlier`.
pub fn row<'a>(data: &Data, idx: &'a PriceIndex, i: u32, outlier: Option<Outlier>) -> Row<'a> {
    let r = idx.reading(i);
    let (origin, _) = idx.source(i);
    let (amount, quantity, total, date) = idx.figures(i);
    let (tender, tender_id) = tender_of(data, idx, i);
    let key = idx.group_key(idx.group(i));
    let (region, method) = idx.region_and_method(i);
    let buyer = idx.buyer(i);
    let date = match origin {
        // A generated tender's dates are its template's moved, written as the generator writes them.
        Origin::Generated => date.map(|ms| std::borrow::Cow::Owned(crate::dates::format_kyiv(ms))),
        _ => r.date.as_deref().map(std::borrow::Cow::Borrowed),
    };
    Row {
        tender_id,
        tender,
        award_id: r.award_id.as_deref(),
        lot_id: r.lot_id.as_deref(),
        contract_id: r.contract_id.as_deref(),
        item_id: r.item_id.as_deref(),
        date,
        cpv: &r.cpv,
        description: r.description.as_deref(),
        unit: UnitOut { code: &key.unit, name: r.unit.name.as_deref() },
        quantity,
        total,
        amount,
        currency: &key.currency,
        value_added_tax_included: key.vat,
        basis: r.basis,
        source: r.source,
        buyer: PartyOut { id: buyer.map(|b| b.0), name: buyer.map(|b| b.1) },
        supplier: PartyOut { id: r.supplier.id.as_deref(), name: r.supplier.name.as_deref() },
        region,
        procurement_method_type: method,
        outlier,
    }
}

/// The `k` newest of `ids`, newest first (then the later added first), moved to its front
/// without sorting the rest.
fn newest<'v>(idx: &PriceIndex, ids: &'v mut [u32], k: usize) -> &'v [u32] {
    let by = |a: &u32, b: &u32| idx.date_key(*b).cmp(&idx.date_key(*a)).then(b.cmp(a));
    let k = k.min(ids.len());
    if k < ids.len() {
        ids.select_nth_unstable_by(k, by);
    }
    ids[..k].sort_unstable_by(by);
    &ids[..k]
}

/// A price's sort key within a selection: (group, amount, price), packed in one number so
/// that one sort of plain integers orders a whole selection (amounts are finite and not
/// below zero, whose bits order as the numbers do).
fn pack(g: u32, amount: f64, i: u32) -> u128 {
    (u128::from(g) << 96) | (u128::from((amount + 0.0).to_bits()) << 32) | u128::from(i)
}

fn unpack(k: u128) -> (u32, f64, u32) {
    ((k >> 96) as u32, f64::from_bits((k >> 32) as u64), k as u32)
}

/// The prices of a code and its children that pass `filter`: each group's, by amount (then
/// by number), groups most prices first (then by unit, currency, VAT).
struct Selection {
    keys: Vec<u128>,
    /// (group, its keys' range).
    groups: Vec<(u32, std::ops::Range<usize>)>,
}

impl Selection {
    fn of(idx: &PriceIndex, prefix: &str, filter: &Filter) -> Self {
        let (lo, hi) = code_range(prefix);
        let mut keys = Vec::new();
        let all = filter.is_empty();
        idx.for_each_live(lo, hi, |i| {
            if all || filter.keeps(idx, i) {
                keys.push(pack(idx.group(i), idx.amount(i), i));
            }
        });
        keys.sort_unstable();
        let mut groups = Vec::new();
        let mut start = 0;
        while start < keys.len() {
            let g = unpack(keys[start]).0;
            let end = start + keys[start..].partition_point(|&k| unpack(k).0 == g);
            groups.push((g, start..end));
            start = end;
        }
        groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| idx.group_key(a.0).cmp(idx.group_key(b.0))));
        Selection { keys, groups }
    }

    fn total(&self) -> usize {
        self.keys.len()
    }
}

/// A buyer's prices in a group.
struct BuyerPrices {
    buyer: u32,
    d: Distribution,
}

/// A group's buyers with the distribution of each one's prices; `keys` are the group's,
/// by amount.
fn buyers_of(idx: &PriceIndex, keys: &[u128], scratch: &mut Scratch) -> Vec<BuyerPrices> {
    // (buyer, rank by amount): one sort puts each buyer's prices together, still by amount.
    let by = &mut scratch.by_buyer;
    by.clear();
    by.extend(keys.iter().enumerate().filter_map(|(rank, &k)| {
        let b = idx.buyer_number(unpack(k).2);
        (b != u32::MAX).then_some((u64::from(b) << 32) | rank as u64)
    }));
    by.sort_unstable();
    let mut out = Vec::new();
    let mut amounts: Vec<f64> = Vec::new();
    let mut start = 0;
    while start < by.len() {
        let b = (by[start] >> 32) as u32;
        let end = start + by[start..].partition_point(|&x| (x >> 32) as u32 == b);
        amounts.clear();
        amounts.extend(by[start..end].iter().map(|&x| unpack(keys[x as u32 as usize]).1));
        if let Some(d) = Distribution::of_sorted(&amounts) {
            out.push(BuyerPrices { buyer: b, d });
        }
        start = end;
    }
    out
}

/// A buyer among those who paid the most or the least.
#[derive(Debug, Serialize)]
pub struct BuyerOut<'a> {
    pub buyer: PartyOut<'a>,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub count: usize,
}

/// A group of comparable prices summed up (`upstream/API.md`, *Unit prices*).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Group<'a> {
    pub unit: UnitOut<'a>,
    pub currency: &'a str,
    pub value_added_tax_included: Option<bool>,
    pub count: usize,
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
    pub lower_fence: f64,
    pub upper_fence: f64,
    pub outliers_high: usize,
    pub outliers_low: usize,
    pub outliers_marked: bool,
    pub buyers: usize,
    pub recent: Vec<Row<'a>>,
    pub highest: Vec<BuyerOut<'a>>,
    pub lowest: Vec<BuyerOut<'a>>,
}

/// Buffers one answer reuses from group to group.
#[derive(Default)]
struct Scratch {
    amounts: Vec<f64>,
    by_buyer: Vec<u64>,
    ids: Vec<u32>,
}

/// A group's prices summed up: its distribution, outliers, newest rows and the buyers who
/// paid the most and the least. `keys` are the group's, by amount.
fn group<'a>(
    data: &Data,
    idx: &'a PriceIndex,
    g: u32,
    keys: &[u128],
    recent: usize,
    scratch: &mut Scratch,
) -> Option<Group<'a>> {
    scratch.amounts.clear();
    scratch.amounts.extend(keys.iter().map(|&k| unpack(k).1));
    let amounts = &scratch.amounts;
    let d = Distribution::of_sorted(amounts)?;
    let (mut high, mut low) = (0, 0);
    if d.marks_outliers() {
        high = amounts.len() - amounts.partition_point(|&a| a <= d.upper_fence);
        low = amounts.partition_point(|&a| a < d.lower_fence);
    }
    let mut buyers = buyers_of(idx, keys, scratch);
    let buyer_out = |b: &BuyerPrices| {
        let (id, name) = idx.buyer_by_number(b.buyer).unwrap_or_default();
        BuyerOut {
            buyer: PartyOut { id: Some(id), name: Some(name) },
            median: b.d.median,
            min: b.d.min,
            max: b.d.max,
            count: b.d.count,
        }
    };
    let id_of = |b: u32| idx.buyer_by_number(b).map(|x| x.0).unwrap_or_default();
    let mut top = |high: bool| -> Vec<BuyerOut<'a>> {
        let by = |a: &BuyerPrices, b: &BuyerPrices| {
            let m = if high { b.d.median.total_cmp(&a.d.median) } else { a.d.median.total_cmp(&b.d.median) };
            m.then(b.d.count.cmp(&a.d.count)).then_with(|| id_of(a.buyer).cmp(id_of(b.buyer)))
        };
        if buyers.len() > BUYERS {
            buyers.select_nth_unstable_by(BUYERS, by);
        }
        let mut first: Vec<&BuyerPrices> = buyers.iter().take(BUYERS).collect();
        first.sort_by(|a, b| by(a, b));
        first.into_iter().map(buyer_out).collect()
    };
    let highest = top(true);
    let lowest = top(false);
    let count = buyers.len();
    scratch.ids.clear();
    scratch.ids.extend(keys.iter().map(|&k| unpack(k).2));
    let rows =
        newest(idx, &mut scratch.ids, recent).iter().map(|&i| row(data, idx, i, d.outlier(idx.amount(i)))).collect();
    let key = idx.group_key(g);
    Some(Group {
        unit: UnitOut { code: &key.unit, name: idx.unit_name(g) },
        currency: &key.currency,
        value_added_tax_included: key.vat,
        count: d.count,
        min: d.min,
        q1: d.q1,
        median: d.median,
        q3: d.q3,
        max: d.max,
        lower_fence: d.lower_fence,
        upper_fence: d.upper_fence,
        outliers_high: high,
        outliers_low: low,
        outliers_marked: d.marks_outliers(),
        buyers: count,
        recent: rows,
        highest,
        lowest,
    })
}

/// A price answer written out, with the number of prices it covers.
pub struct Answered {
    pub body: Vec<u8>,
    pub total: usize,
}

impl IntoResponse for Answered {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.body).into_response()
    }
}

fn written(body: &impl Serialize, total: usize) -> Result<Answered, UpstreamError> {
    // Writing numbers and strings into a Vec cannot fail.
    Ok(Answered { body: serde_json::to_vec(body).unwrap_or_default(), total })
}

/// The answer of `GET /api/prices/{cpv}`.
#[derive(Serialize)]
struct DistributionOut<'a> {
    cpv: &'a str,
    prefix: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name_en: Option<&'a str>,
    total: usize,
    groups: Vec<Group<'a>>,
}

/// `GET /api/prices/{cpv}`.
pub fn distribution_answer(data: &Data, raw: &str, p: &Params) -> Result<Answered, UpstreamError> {
    let code = asked_code(raw, data)?;
    let idx = &data.prices;
    let filter = Filter::parse(p, idx, false)?;
    let recent = match p.one("recent") {
        None => DEFAULT_RECENT,
        Some(v) => v.parse::<usize>().ok().filter(|n| *n <= MAX_RECENT).ok_or_else(|| {
            UpstreamError::invalid("recent", format!("expected an integer from 0 to {MAX_RECENT}, got `{v}`"))
        })?,
    };
    let sel = Selection::of(idx, &code.prefix, &filter);
    let mut scratch = Scratch::default();
    let groups: Vec<Group<'_>> = sel
        .groups
        .iter()
        .filter_map(|(g, r)| group(data, idx, *g, &sel.keys[r.clone()], recent, &mut scratch))
        .collect();
    let body = DistributionOut {
        cpv: &code.cpv,
        prefix: &code.prefix,
        name: code.name.as_ref().map(|n| n.0.as_str()),
        name_en: code.name.as_ref().map(|n| n.1.as_str()),
        total: sel.total(),
        groups,
    };
    written(&body, sel.total())
}

/// The answer of `GET /api/prices/{cpv}/awards`.
#[derive(Serialize)]
struct AwardsOut<'a> {
    cpv: &'a str,
    prefix: &'a str,
    data: Vec<Row<'a>>,
    total: usize,
    page: usize,
    per_page: usize,
}

/// `GET /api/prices/{cpv}/awards`.
pub fn awards_answer(data: &Data, raw: &str, p: &Params) -> Result<Answered, UpstreamError> {
    let code = asked_code(raw, data)?;
    let idx = &data.prices;
    let filter = Filter::parse(p, idx, true)?;
    let per_page = match (p.one("per_page"), p.one("perPage")) {
        (Some(_), _) => p.positive("per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE)?,
        (None, Some(_)) => p.positive("perPage", DEFAULT_PER_PAGE, MAX_PER_PAGE)?,
        (None, None) => DEFAULT_PER_PAGE,
    };
    let page = p.positive("page", 1, 1_000_000)?;
    let sel = Selection::of(idx, &code.prefix, &filter);
    // Each row is marked against its own group's fences (within the same filters).
    let mut fences: HashMap<u32, Distribution> = HashMap::new();
    let mut amounts: Vec<f64> = Vec::new();
    for (g, r) in &sel.groups {
        amounts.clear();
        amounts.extend(sel.keys[r.clone()].iter().map(|&k| unpack(k).1));
        if let Some(d) = Distribution::of_sorted(&amounts) {
            fences.insert(*g, d);
        }
    }
    let mut all: Vec<u32> = sel.keys.iter().map(|&k| unpack(k).2).collect();
    let total = all.len();
    let skip = (page - 1).saturating_mul(per_page);
    let shown: &[u32] = if skip >= total {
        &[]
    } else {
        let upto = skip.saturating_add(per_page).min(total);
        &newest(idx, &mut all, upto)[skip..]
    };
    let rows: Vec<Row<'_>> = shown
        .iter()
        .map(|&i| row(data, idx, i, fences.get(&idx.group(i)).and_then(|d| d.outlier(idx.amount(i)))))
        .collect();
    let body = AwardsOut { cpv: &code.cpv, prefix: &code.prefix, data: rows, total, page, per_page };
    written(&body, total)
}

/// One item of a record, asked about: its reading, its record's price for one unit and the
/// currency the comparison is in.
#[derive(Debug, Clone)]
pub struct Asked {
    pub item: MeasuredItem,
    /// (amount, VAT flag) of the record's own price for one unit.
    pub own: Option<(f64, Option<bool>)>,
    pub currency: String,
}

/// The levels an item is compared at: its exact code, then each parent prefix down to the
/// class (4 significant digits), as (prefix, code range).
fn levels(code: u32) -> Vec<(String, (u32, u32))> {
    let digits = format!("{code:08}");
    let sig = crate::classifiers::significant(&digits, 2).len();
    let mut out = vec![(digits.clone(), (code, code + 1))];
    // The code's own prefix (its children too) when it ends in zeros, then its parents.
    for l in (CLASS_DIGITS..=sig.min(7)).rev() {
        out.push((digits[..l].to_string(), code_range(&digits[..l])));
    }
    if sig < CLASS_DIGITS {
        out.push((digits[..CLASS_DIGITS].to_string(), code_range(&digits[..CLASS_DIGITS])));
    }
    out
}

/// The others an item is compared with: the level that answered, its group, and their
/// prices ascending with their distribution.
struct Company {
    prefix: String,
    group: u32,
    amounts: Vec<f64>,
    d: Distribution,
}

/// The company of an item of `code` in `unit` and `currency` (of VAT flag `vat` when the
/// record's own price states one), without `own(i)`'s prices; `None` below [`MIN_OTHERS`]
/// at every level.
fn company(
    idx: &PriceIndex,
    code: u32,
    unit: &str,
    currency: &str,
    vat: Option<bool>,
    own: &impl Fn(u32) -> bool,
) -> Option<Company> {
    let (prefix, lo, hi, g) = levels(code).into_iter().find_map(|(prefix, (lo, hi))| {
        let counts = idx.count_groups(lo, hi, own);
        let mut candidates: Vec<(u32, usize)> = counts
            .into_iter()
            .filter(|(g, _)| {
                let k = idx.group_key(*g);
                *k.unit == *unit && *k.currency == *currency && vat.is_none_or(|v| k.vat == Some(v))
            })
            .collect();
        // The largest group (of equal ones: with VAT, without, unknown).
        candidates.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| idx.group_key(y.0).vat.cmp(&idx.group_key(x.0).vat)));
        let (g, n) = candidates.first().copied()?;
        (n >= MIN_OTHERS).then_some((prefix, lo, hi, g))
    })?;
    let mut amounts: Vec<f64> =
        idx.select(lo, hi, |i| idx.group(i) == g && !own(i)).into_iter().map(|i| idx.amount(i)).collect();
    amounts.sort_unstable_by(f64::total_cmp);
    let d = Distribution::of_sorted(&amounts)?;
    Some(Company { prefix, group: g, amounts, d })
}

/// A record's items against the others' prices: `own(i)` says which prices are the
/// record's own (left out of the comparison). Items that share a code, a unit, a currency
/// and a VAT flag (a large tender's often do) share one look-up.
pub fn items_answer(data: &Data, asked: &[Asked], own: impl Fn(u32) -> bool) -> Value {
    let idx = &data.prices;
    let mut out = Vec::new();
    let mut found: HashMap<(u32, &str, &str, Option<bool>), Option<Company>> = HashMap::new();
    for a in asked {
        let unit = a.item.unit.code.as_str();
        let vat = a.own.and_then(|o| o.1);
        let Some(c) = found
            .entry((a.item.code, unit, a.currency.as_str(), vat))
            .or_insert_with(|| company(idx, a.item.code, unit, &a.currency, vat, &own))
        else {
            continue;
        };
        let (d, key) = (&c.d, idx.group_key(c.group));
        // Only what the record page's line shows: the answer travels into the page's
        // hydration state, item by item (a large tender has dozens), so every field the
        // line does not read is paid for three times (parse, render, state). The whole
        // distribution is the price page's (`GET /api/prices/{cpv}`).
        let mut entry = json!({
            "itemId": a.item.item_id,
            "cpv": a.item.cpv,
            "prefix": c.prefix,
            "unit": {"code": unit, "name": a.item.unit.name.clone().or_else(|| idx.unit_name(c.group).map(String::from))},
            "currency": &*key.currency,
            "valueAddedTaxIncluded": key.vat,
            "count": d.count, "median": d.median,
        });
        // The record's own price, where it stands (how many others paid less and more: their
        // prices are ascending) and whether it is an outlier: absent without one.
        if let Some(x) = a.own.map(|o| o.0) {
            let below = c.amounts.partition_point(|&p| p < x);
            let above = c.amounts.len() - c.amounts.partition_point(|&p| p <= x);
            entry["own"] = json!(x);
            entry["position"] = json!({"below": below, "above": above});
            if let Some(o) = d.outlier(x) {
                entry["outlier"] = json!(o);
            }
        }
        out.push(entry);
    }
    json!({"items": out})
}

fn text(v: &Value) -> Option<&str> {
    v.as_str().map(str::trim).filter(|s| !s.is_empty())
}

/// `GET /api/prices/tenders/{id}`.
pub fn tender_answer(data: &Data, id: &str) -> Result<Value, UpstreamError> {
    let c = &data.tenders;
    let d = c.index.lookup(id).ok_or_else(|| UpstreamError::NotFound { kind: "tender", id: id.to_string() })?;
    let doc = data.document_ref(c, d);
    let hex = data.tender_hex_id(d).to_ascii_lowercase();
    let idx = &data.prices;
    // This tender's prices: its awards', and those of the contracts signed on them.
    let contracts: Vec<u32> = data
        .contracts
        .index
        .docs_with(ListKey::TenderId, &hex)
        .iter()
        .copied()
        .filter(|&k| !data.contracts.index.is_dead(k))
        .flat_map(|k| idx.prices_of(Kind::Contract, k))
        .filter(|&i| idx.is_live(i))
        .collect();
    let awards: Vec<u32> = idx.prices_of(Kind::Tender, d).into_iter().filter(|&i| idx.is_live(i)).collect();
    let currency = text(&doc["value"]["currency"]).unwrap_or("UAH").to_string();
    let asked: Vec<Asked> = doc["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(measured)
        .map(|item| {
            let mine = contracts.iter().chain(&awards).copied().find(|&i| {
                item.item_id.is_some() && idx.reading(i).item_id == item.item_id && idx.code(i) == item.code
            });
            let own = mine.map(|i| (idx.amount(i), idx.group_key(idx.group(i)).vat));
            let currency = mine.map_or(currency.clone(), |i| idx.group_key(idx.group(i)).currency.to_string());
            Asked { item, own, currency }
        })
        .collect();
    let own = |i: u32| {
        let (origin, doc) = idx.source(i);
        match origin {
            Origin::Tender | Origin::Generated => doc == d,
            Origin::Contract => idx.reading(i).tender.as_deref().is_some_and(|t| t.eq_ignore_ascii_case(&hex)),
        }
    };
    Ok(items_answer(data, &asked, own))
}

/// `GET /api/prices/plans/{id}`: a plan's items, its expected value divided by the
/// quantity when it has one item.
pub fn plan_answer(data: &Data, id: &str) -> Result<Value, UpstreamError> {
    let c = &data.plans;
    let d = c.index.lookup(id).ok_or_else(|| UpstreamError::NotFound { kind: "plan", id: id.to_string() })?;
    let doc = data.document_ref(c, d);
    let items: Vec<&Value> = doc["items"].as_array().into_iter().flatten().filter(|i| i.is_object()).collect();
    let budget = &doc["budget"];
    let currency = text(&budget["currency"]).unwrap_or("UAH").to_string();
    let amount = budget["amount"].as_f64().filter(|a| a.is_finite() && *a >= 0.0);
    let one = items.len() == 1;
    let asked: Vec<Asked> = items
        .into_iter()
        .filter_map(measured)
        .map(|item| {
            let own = amount
                .filter(|_| one)
                .map(|a| (round_unit_price(a / item.quantity), budget["valueAddedTaxIncluded"].as_bool()));
            Asked { item, own, currency: currency.clone() }
        })
        .collect();
    Ok(items_answer(data, &asked, |_| false))
}

/// `GET /api/prices/products/{id}`: a Market product's category code and unit, its
/// catalogue price per unit against awarded prices (a national-catalogue product has no
/// price).
pub fn product_answer(data: &Data, market: &crate::market::Market, id: &str) -> Result<Value, UpstreamError> {
    let r = market
        .products
        .get(id)
        .or_else(|| market.prozorro_products.get(id))
        .ok_or_else(|| UpstreamError::NotFound { kind: "product", id: id.to_string() })?;
    let j = &r.json;
    let mut item = j.clone();
    item["quantity"] = json!(1);
    let value = &j["value"];
    let asked: Vec<Asked> = measured(&item)
        .map(|m| {
            let own = value["amount"]
                .as_f64()
                .filter(|a| a.is_finite() && *a >= 0.0)
                .map(|a| (a, value["valueAddedTaxIncluded"].as_bool()));
            Asked { item: m, own, currency: text(&value["currency"]).unwrap_or("UAH").to_string() }
        })
        .into_iter()
        .collect();
    Ok(items_answer(data, &asked, |_| false))
}

fn params(q: Option<String>) -> Params {
    Params::parse(q.as_deref().unwrap_or_default())
}

async fn distribution(
    State(s): State<AppState>,
    Path(cpv): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<Answered, UpstreamError> {
    let work = s.work.clone();
    work.run(move || distribution_answer(&s.data.read(), &cpv, &params(q))).await
}

async fn awards(
    State(s): State<AppState>,
    Path(cpv): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<Answered, UpstreamError> {
    let work = s.work.clone();
    work.run(move || awards_answer(&s.data.read(), &cpv, &params(q))).await
}

async fn tender(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    let work = s.work.clone();
    work.run(move || Ok(JsonAnswer::ok(tender_answer(&s.data.read(), &id)?))).await
}

async fn plan(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    let work = s.work.clone();
    work.run(move || Ok(JsonAnswer::ok(plan_answer(&s.data.read(), &id)?))).await
}

async fn product(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    let work = s.work.clone();
    work.run(move || {
        let market = s.market.get();
        Ok(JsonAnswer::ok(product_answer(&s.data.read(), &market, &id)?))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_widen_to_the_class() {
        let l: Vec<String> = levels(33141420).into_iter().map(|(p, _)| p).collect();
        assert_eq!(l, ["33141420", "3314142", "331414", "33141", "3314"]);
        let l: Vec<String> = levels(33140000).into_iter().map(|(p, _)| p).collect();
        assert_eq!(l, ["33140000", "3314"]);
        let l: Vec<String> = levels(33100000).into_iter().map(|(p, _)| p).collect();
        assert_eq!(l, ["33100000", "3310"]);
        let l: Vec<String> = levels(9120000).into_iter().map(|(p, _)| p).collect();
        assert_eq!(l, ["09120000", "0912"]);
    }
}
