//! The listing API: every public record of a register, month by month of publication, and
//! of the Market catalogue, as ids and `dateModified` only, with no result window, for
//! whoever must enumerate them all (the portal's sitemaps). `GET /api/listing` counts them;
//! `GET /api/listing/{kind}` lists them in slices (`upstream/API.md`, *Listing*).
//!
//! A register's listing is built on first use from the index (`store::months`, no
//! document is rebuilt): each record's month is the Kyiv month of its publication date (the `publicationDate`
//! filter's date), records appear once per page they have (of several documents sharing
//! an id, the one `GET /api/{kind}/{id}` answers), and test records and draft plans,
//! which are not public, are left out.

use crate::answer::JsonAnswer;
use crate::dates;
use crate::error::UpstreamError;
use crate::market::Records;
use crate::params::Params;
use crate::records::Kind;
use crate::store::Listing;
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};

/// Largest slice one call answers (a sitemap's limit is 50,000 URLs).
pub const MAX_LIMIT: usize = 50_000;
const DEFAULT_LIMIT: usize = 1_000;

fn register_kind(name: &str) -> Option<Kind> {
    match name {
        "tenders" => Some(Kind::Tender),
        "plans" => Some(Kind::Plan),
        "contracts" => Some(Kind::Contract),
        _ => None,
    }
}

/// The catalogue lists the listing covers, by their API names.
fn market_records<'a>(m: &'a crate::market::Market, name: &str) -> Option<&'a Records> {
    match name {
        "market_classifications" => Some(&m.classifications),
        "categories" => Some(&m.categories),
        "profiles" => Some(&m.profiles),
        "products" => Some(&m.products),
        "prozorro_products" => Some(&m.prozorro_products),
        _ => None,
    }
}

const MARKET: [&str; 5] = ["market_classifications", "categories", "profiles", "products", "prozorro_products"];
const REGISTERS: [&str; 3] = ["tenders", "plans", "contracts"];

/// Active catalogue records (the only ones with a public page), in the list's order.
fn active(records: &Records) -> impl Iterator<Item = &crate::market::Record> {
    records.all.iter().filter(|r| r.status == "active")
}

fn iso(ms: i64) -> Value {
    if ms == i64::MIN {
        Value::Null
    } else {
        json!(dates::format_kyiv(ms))
    }
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/listing", get(summary)).route("/api/listing/{kind}", get(slice))
}

/// `GET /api/listing`: per register, its months with their counts and latest change; per
/// catalogue list, its count and latest change.
async fn summary(State(s): State<AppState>) -> JsonAnswer {
    let mut body = serde_json::Map::new();
    for name in REGISTERS {
        let Some(kind) = register_kind(name) else { continue };
        let data = s.data.read();
        let c = data.collection(kind);
        let listing = c.listing(|| Listing::build(&data, c));
        let months: Vec<Value> = listing
            .months
            .iter()
            .map(|m| json!({"month": m.name, "count": m.end - m.start, "lastModified": iso(m.last_modified)}))
            .collect();
        body.insert(name.to_owned(), Value::Array(months));
    }
    let market = s.market.get();
    for name in MARKET {
        let Some(records) = market_records(&market, name) else { continue };
        let (count, last) = active(records).fold((0usize, i64::MIN), |(n, last), r| (n + 1, last.max(r.modified)));
        body.insert(name.to_owned(), json!({"count": count, "lastModified": iso(last)}));
    }
    JsonAnswer::ok(Value::Object(body))
}

/// `GET /api/listing/{kind}?month=YYYY-MM&offset=N&limit=M`.
async fn slice(
    State(s): State<AppState>,
    Path(kind): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<JsonAnswer, UpstreamError> {
    let p = Params::parse(q.as_deref().unwrap_or_default());
    let offset = match p.one("offset") {
        None => 0,
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| UpstreamError::invalid("offset", format!("expected a whole number, got `{v}`")))?,
    };
    let limit = p.positive("limit", DEFAULT_LIMIT, MAX_LIMIT)?;
    if let Some(register) = register_kind(&kind) {
        let month = p.one("month").ok_or_else(|| UpstreamError::MissingParameter("month".into()))?;
        let valid = month.len() == 7
            && month.as_bytes()[4] == b'-'
            && month[..4].bytes().all(|b| b.is_ascii_digit())
            && matches!(month[5..].parse::<u32>(), Ok(1..=12));
        if !valid {
            return Err(UpstreamError::invalid("month", format!("expected YYYY-MM, got `{month}`")));
        }
        let data = &*s.data.read();
        let c = data.collection(register);
        let listing = c.listing(|| Listing::build(data, c));
        let found = listing.months.iter().find(|m| m.name == month);
        let (docs, last) = found.map_or((&[][..], i64::MIN), |m| (&listing.docs[m.start..m.end], m.last_modified));
        let items: Vec<Value> = docs
            .iter()
            .skip(offset)
            .take(limit)
            .map(|&d| {
                json!({
                    "id": data.hex_id(c, d),
                    "key": data.page_key(c, d),
                    "dateModified": iso(c.index.modified_ms(d).unwrap_or(i64::MIN)),
                })
            })
            .collect();
        return Ok(JsonAnswer::ok(json!({
            "kind": kind, "month": month, "total": docs.len(), "lastModified": iso(last),
            "offset": offset, "limit": limit, "items": items,
        })));
    }
    let market = s.market.get();
    let records =
        market_records(&market, &kind).ok_or(UpstreamError::NotFound { kind: "listing", id: kind.clone() })?;
    let (total, last) = active(records).fold((0usize, i64::MIN), |(n, last), r| (n + 1, last.max(r.modified)));
    let items: Vec<Value> = active(records)
        .skip(offset)
        .take(limit)
        .map(|r| json!({"id": r.id, "key": r.id, "dateModified": iso(r.modified)}))
        .collect();
    Ok(JsonAnswer::ok(json!({
        "kind": kind, "total": total, "lastModified": iso(last), "offset": offset, "limit": limit, "items": items,
    })))
}
