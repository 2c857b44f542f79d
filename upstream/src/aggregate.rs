//! The aggregation API: counts and value sums of a filtered search, in total and by one
//! key (year, procedure type, CPV division, buyer, supplier), for pages that chart an
//! organisation's purchases (`upstream/API.md`, *Aggregation*).
//!
//! It takes the document search's filters, parsed by the same code ([`Data::query`]), and
//! reads only the index: the filter's bitset, the value column with each document's
//! currency, the facets' bitsets and the organisations' postings. No document is rebuilt,
//! so a call over 1,000,000 generated tenders costs a pass over the matching documents.
//! Sums are kept per currency: amounts in different currencies are never added up.

use crate::answer::JsonAnswer;
use crate::dates;
use crate::error::UpstreamError;
use crate::index::{Bitset, Facet, Index};
use crate::params::Params;
use crate::query::ListKey;
use crate::records::{Kind, ANY_RED_FLAG};
use crate::store::{Data, Orgs};
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Groups one call answers by default, and at most.
const DEFAULT_LIMIT: usize = 100;
const MAX_LIMIT: usize = 10_000;

/// What the documents are grouped by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// Kyiv year of the publication date (`publicationDate`'s); plans: `planYear`.
    Year,
    /// `procurementMethodType` (plans: the planned tender's).
    MethodType,
    /// CPV division of the items (a document may be in several).
    Division,
    /// The procuring entity's (contracts: the buyer's) identifier.
    Buyer,
    /// Suppliers of active awards (contracts: the suppliers).
    Supplier,
    /// Tenders: each integrity indicator the documents raise, and `any`; its groups also
    /// count the documents it could be computed for (`checked`).
    RedFlag,
}

impl By {
    fn parse(v: &str) -> Option<Self> {
        Some(match v {
            "year" => By::Year,
            "procurementMethodType" => By::MethodType,
            "division" => By::Division,
            "buyer" => By::Buyer,
            "supplier" => By::Supplier,
            "redFlag" => By::RedFlag,
            _ => return None,
        })
    }
}

/// A count and the value sums of a set of documents, one sum per currency.
#[derive(Debug, Clone, Default)]
struct Tally {
    count: usize,
    /// `by=redFlag`: the documents the indicator could be computed for.
    checked: Option<usize>,
    /// Indexed like [`Index::currencies`].
    sums: Vec<f64>,
}

impl Tally {
    fn add(&mut self, ix: &Index, d: u32) {
        self.count += 1;
        if let Some((v, cur)) = ix.value_of(d) {
            if self.sums.len() <= cur {
                self.sums.resize(cur + 1, 0.0);
            }
            self.sums[cur] += v;
        }
    }

    fn of(ix: &Index, docs: impl Iterator<Item = u32>) -> Self {
        let mut t = Tally::default();
        docs.for_each(|d| t.add(ix, d));
        t
    }

    /// `{"count": n, "value": {"UAH": sum, ...}}`; sums rounded to the cent, currencies
    /// without a valued document left out.
    fn json(&self, ix: &Index) -> Map<String, Value> {
        let value: Map<String, Value> = self
            .sums
            .iter()
            .enumerate()
            .filter(|(_, s)| **s != 0.0)
            .map(|(i, s)| (ix.currencies[i].clone(), json!((s * 100.0).round() / 100.0)))
            .collect();
        let mut m = Map::new();
        m.insert("count".into(), json!(self.count));
        if let Some(checked) = self.checked {
            m.insert("checked".into(), json!(checked));
        }
        m.insert("value".into(), Value::Object(value));
        m
    }
}

/// Each value of a facet with the tally of its documents within `set`.
fn facet_groups(ix: &Index, facet: &Facet, set: &Bitset) -> Vec<(String, Tally)> {
    facet
        .values
        .iter()
        .zip(&facet.bits)
        .map(|(v, bits)| {
            let mut within = set.clone();
            within.and(bits);
            (v.clone(), Tally::of(ix, within.iter()))
        })
        .filter(|(_, t)| t.count > 0)
        .collect()
}

/// Each indicator (and `any`) with the tally of the documents of `set` that raise it
/// and the count of those it could be computed for; indicators computed for none of
/// `set` are left out.
fn red_flag_groups(ix: &Index, set: &Bitset) -> Vec<(String, Tally)> {
    let mut any_checked = Bitset::empty(ix.n);
    let mut out = Vec::new();
    for (code, bits) in ix.flag_checked.values.iter().zip(&ix.flag_checked.bits) {
        any_checked.or(bits);
        out.push((code.clone(), set.count_and(bits)));
    }
    out.push((ANY_RED_FLAG.to_string(), set.count_and(&any_checked)));
    out.into_iter()
        .filter(|(_, checked)| *checked > 0)
        .map(|(code, checked)| {
            let mut tally = match ix.red_flag.values.iter().position(|v| *v == code) {
                Some(i) => {
                    let mut within = set.clone();
                    within.and(&ix.red_flag.bits[i]);
                    Tally::of(ix, within.iter())
                }
                None => Tally::default(),
            };
            tally.checked = Some(checked);
            (code, tally)
        })
        .collect()
}

/// Each organisation of a postings key with the tally of its documents within `set`.
fn org_groups(ix: &Index, key: ListKey, set: &Bitset) -> Vec<(String, Tally)> {
    ix.postings(key)
        .map(|(id, docs)| (id.to_string(), Tally::of(ix, docs.iter().copied().filter(|&d| set.get(d)))))
        .filter(|(_, t)| t.count > 0)
        .collect()
}

/// The groups of `set` by `by`: years ascending, the others largest first (then by key).
fn groups(ix: &Index, kind: Kind, by: By, set: &Bitset) -> Vec<(String, Tally)> {
    let mut out = match by {
        By::Year if kind == Kind::Plan => facet_groups(ix, &ix.plan_year, set),
        By::Year => {
            let mut years: BTreeMap<i32, Tally> = BTreeMap::new();
            for d in set.iter() {
                if let Some(ms) = ix.published_ms(d) {
                    years.entry(dates::kyiv_year(ms)).or_default().add(ix, d);
                }
            }
            years.into_iter().map(|(y, t)| (y.to_string(), t)).collect()
        }
        By::MethodType => facet_groups(ix, &ix.method_type, set),
        By::Division => facet_groups(ix, &ix.division, set),
        By::Buyer => org_groups(ix, ListKey::Organizer, set),
        By::Supplier => org_groups(ix, ListKey::Supplier, set),
        By::RedFlag => red_flag_groups(ix, set),
    };
    if by == By::Year || by == By::RedFlag {
        out.sort_by(|a, b| a.0.cmp(&b.0));
    } else {
        out.sort_by(|a, b| b.1.count.cmp(&a.1.count).then_with(|| a.0.cmp(&b.0)));
    }
    out
}

/// The organisation names a group of buyers or suppliers is shown with.
fn names(data: &Data, kind: Kind, by: By) -> Option<&Orgs> {
    match (by, kind) {
        (By::Buyer, Kind::Tender) => Some(&data.tender_orgs),
        (By::Buyer, Kind::Plan) => Some(&data.plan_orgs),
        (By::Buyer, Kind::Contract) => Some(&data.contract_orgs),
        (By::Supplier, _) => Some(&data.contract_suppliers),
        _ => None,
    }
}

/// The whole answer of one aggregation.
pub fn aggregate(data: &Data, kind: Kind, p: &Params) -> Result<Value, UpstreamError> {
    let by_name = p.one("by").ok_or_else(|| UpstreamError::MissingParameter("by".into()))?;
    let by = By::parse(by_name).ok_or_else(|| {
        UpstreamError::invalid(
            "by",
            format!("expected year, procurementMethodType, division, buyer, supplier or redFlag, got `{by_name}`"),
        )
    })?;
    let limit = p.positive("limit", DEFAULT_LIMIT, MAX_LIMIT)?;
    let query = data.query(p, kind)?;
    let ix = &data.collection(kind).index;
    let set = ix.filter(&query);
    let all = groups(ix, kind, by, &set);
    let names = names(data, kind, by);
    let shown: Vec<Value> = all
        .iter()
        .take(limit)
        .map(|(key, t)| {
            let mut g = Map::new();
            g.insert("key".into(), json!(key));
            if let Some(orgs) = names {
                g.insert("name".into(), orgs.0.get(key).map_or(Value::Null, |n| json!(n)));
            }
            g.extend(t.json(ix));
            Value::Object(g)
        })
        .collect();
    let mut body = Map::new();
    body.insert("kind".into(), json!(plural(kind)));
    body.insert("by".into(), json!(by_name));
    body.extend(Tally::of(ix, set.iter()).json(ix));
    body.insert("totalGroups".into(), json!(all.len()));
    body.insert("groups".into(), Value::Array(shown));
    Ok(Value::Object(body))
}

fn plural(kind: Kind) -> &'static str {
    match kind {
        Kind::Tender => "tenders",
        Kind::Plan => "plans",
        Kind::Contract => "contracts",
    }
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/aggregate/{kind}", get(handler))
}

/// `GET /api/aggregate/{tenders|plans|contracts}?<search filters>&by=<key>[&limit=N]`.
async fn handler(
    State(s): State<AppState>,
    Path(kind): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<JsonAnswer, UpstreamError> {
    let kind = match kind.as_str() {
        "tenders" => Kind::Tender,
        "plans" => Kind::Plan,
        "contracts" => Kind::Contract,
        _ => return Err(UpstreamError::NotFound { kind: "aggregation", id: kind }),
    };
    let p = Params::parse(q.as_deref().unwrap_or_default());
    Ok(JsonAnswer::ok(aggregate(&s.data.read(), kind, &p)?))
}
