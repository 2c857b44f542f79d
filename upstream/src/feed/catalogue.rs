//! The stand-in catalogue feed: the Market catalogue served as the central catalogue API
//! (ProzorroUKR/prozorro-catalog, `src/catalog/utils.py` `pagination_params` and
//! `db.py` `paginated_result`) serves it, so the catalogue sync is tested against the
//! real protocol:
//! - `GET /catalog/api/{categories|profiles|products|offers}` lists `{id, dateModified}`
//!   rows ordered by `dateModified` alone; `offset` is a `dateModified` string and the
//!   rows after it (before it, descending) are those whose `dateModified` compares
//!   greater as a string, as the API's `$gt` does; `limit` defaults to 100 and is cut to
//!   10,000 and raised to 1; `descending` (a non-zero number) or `reverse` (any
//!   non-empty value) turns the order round;
//! - an offset that is not an ISO date and time is a 400, `{"errors": ["Invalid offset:
//!   …"]}`; an empty page's `next_page` repeats the offset given (`""` without one);
//!   `prev_page` comes only with an offset;
//! - nothing is held back: the API has no watermark;
//! - `GET /catalog/api/{resource}/{id}` answers `{"data": …}` or a 404;
//! - in development mode `POST /dev/catalog/{resource}/{id}` takes a JSON merge patch
//!   and publishes the result with a new `dateModified`.
//!
//! The objects are the generated Market's, in the central API's shapes
//! ([`crate::market::central::to_central`]), taken on first use.

use crate::market::Market;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

/// The catalogue's resources, in the order a sync follows them.
pub const RESOURCES: [&str; 4] = ["categories", "profiles", "products", "offers"];
/// The API's default page size.
pub const DEFAULT_LIMIT: i64 = 100;
/// The API's `MAX_LIST_LIMIT` default.
pub const MAX_LIMIT: i64 = 10_000;

/// Why a page was refused (both are 400s).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CatalogueError {
    #[error("Invalid offset: {0}")]
    Offset(String),
    #[error("Invalid limit: {0}")]
    Limit(String),
}

/// A page request, as the query string gives it.
#[derive(Debug, Default, Clone)]
pub struct CatalogueQuery {
    pub offset: Option<String>,
    pub limit: Option<String>,
    pub descending: Option<String>,
    pub reverse: Option<String>,
}

#[derive(Debug, Default)]
struct Resource {
    objects: HashMap<String, Value>,
    /// (dateModified, id) of every object: the feed's order.
    order: BTreeSet<(String, String)>,
}

impl Resource {
    fn put(&mut self, o: Value) {
        let Some(id) = o["id"].as_str().filter(|id| !id.is_empty()).map(str::to_string) else { return };
        if let Some(old) = self.objects.get(&id) {
            self.order.remove(&(old["dateModified"].as_str().unwrap_or_default().to_string(), id.clone()));
        }
        self.order.insert((o["dateModified"].as_str().unwrap_or_default().to_string(), id.clone()));
        self.objects.insert(id, o);
    }
}

/// The stand-in's catalogue objects, made from the Market on first use.
#[derive(Debug, Default)]
pub struct Catalogue {
    resources: Mutex<Option<HashMap<&'static str, Resource>>>,
    /// The last `dateModified` handed out (µs), so that two changes never tie.
    last_us: Mutex<i64>,
}

fn resource_name(name: &str) -> Option<&'static str> {
    RESOURCES.into_iter().find(|r| *r == name)
}

/// Whether `offset` reads as an ISO date and time (the API's `fromisoformat`, after its
/// space-to-plus repair).
fn valid_offset(offset: &str) -> bool {
    crate::dates::parse(&offset.replace(' ', "+")).is_some()
}

impl Catalogue {
    fn with<R>(&self, market: &Market, resource: &str, f: impl FnOnce(&mut Resource) -> R) -> Option<R> {
        let name = resource_name(resource)?;
        let mut all = self.resources.lock().unwrap_or_else(|e| e.into_inner());
        let all = all.get_or_insert_with(|| {
            let c = crate::market::central::to_central(market);
            let mut out: HashMap<&'static str, Resource> = HashMap::new();
            for (name, objects) in
                [("categories", c.categories), ("profiles", c.profiles), ("products", c.products), ("offers", c.offers)]
            {
                let r = out.entry(name).or_default();
                spread_ties(objects).into_iter().for_each(|o| r.put(o));
            }
            out
        });
        Some(f(all.entry(name).or_default()))
    }

    /// One page of a resource's feed, its links under `base` (`http://host/catalog/api`).
    /// `None` for a resource the API does not have.
    pub fn page(
        &self,
        market: &Market,
        resource: &str,
        q: &CatalogueQuery,
        base: &str,
    ) -> Option<Result<Value, CatalogueError>> {
        let offset = q.offset.clone().unwrap_or_default();
        if !offset.is_empty() && !valid_offset(&offset) {
            return Some(Err(CatalogueError::Offset(offset)));
        }
        let limit = match q.limit.as_deref().filter(|l| !l.is_empty()) {
            None => DEFAULT_LIMIT,
            Some(l) => match l.trim().parse::<i64>() {
                Ok(n) => n,
                Err(_) => return Some(Err(CatalogueError::Limit(l.to_string()))),
            },
        }
        .clamp(1, MAX_LIMIT) as usize;
        let reverse = q.reverse.as_deref().is_some_and(|r| !r.is_empty())
            || q.descending.as_deref().and_then(|d| d.trim().parse::<i64>().ok()).is_some_and(|d| d != 0);
        self.with(market, resource, |r| {
            let rows: Vec<&(String, String)> = if reverse {
                let it = r.order.iter().rev();
                if offset.is_empty() {
                    it.take(limit).collect()
                } else {
                    it.filter(|(m, _)| m.as_str() < offset.as_str()).take(limit).collect()
                }
            } else if offset.is_empty() {
                r.order.iter().take(limit).collect()
            } else {
                // The first row whose dateModified compares greater than the offset.
                let from = (offset.clone(), String::from("\u{10FFFF}"));
                r.order.range(from..).filter(|(m, _)| m.as_str() > offset.as_str()).take(limit).collect()
            };
            let link = |off: &str, descending: bool| {
                let mut qs = form_urlencoded::Serializer::new(String::new());
                qs.append_pair("offset", off).append_pair("limit", &limit.to_string());
                if descending {
                    qs.append_pair("descending", "1");
                }
                let path = format!("{}/{resource}?{}", path_of(base), qs.finish());
                json!({"offset": off, "path": path, "uri": format!("{}{path}", origin_of(base))})
            };
            let next = rows.last().map_or(offset.clone(), |(m, _)| m.clone());
            let mut body = json!({
                "data": rows.iter().map(|(m, id)| json!({"dateModified": m, "id": id})).collect::<Vec<_>>(),
                "next_page": link(&next, reverse),
            });
            if !offset.is_empty() {
                let prev = rows.first().map_or(offset.clone(), |(m, _)| m.clone());
                body["prev_page"] = link(&prev, !reverse);
            }
            body
        })
        .map(Ok)
    }

    /// One object, `None` when the resource or the object does not exist.
    pub fn object(&self, market: &Market, resource: &str, id: &str) -> Option<Value> {
        self.with(market, resource, |r| r.objects.get(id).cloned()).flatten()
    }

    /// Publishes a new version of an object: `patch` merged in (RFC 7396), a new
    /// `dateModified`. `None` when the resource or the object does not exist.
    pub fn change(&self, market: &Market, resource: &str, id: &str, patch: &Value) -> Option<Value> {
        let us = {
            let mut last = self.last_us.lock().unwrap_or_else(|e| e.into_inner());
            *last = (*last + 1).max(crate::dates::now_ms() * 1000);
            *last
        };
        self.with(market, resource, |r| {
            let mut o = r.objects.get(id)?.clone();
            super::patch::merge_patch(&mut o, patch);
            o["id"] = json!(id);
            o["dateModified"] = json!(kyiv_micros(us));
            r.put(o.clone());
            Some(o)
        })
        .flatten()
    }
}

/// A `dateModified` in microseconds (the catalogue writes six digits).
fn micros_of(at: &str) -> Option<i64> {
    let ms = crate::dates::parse(at)?;
    let frac: String =
        at.split_once('.').map(|(_, f)| f).unwrap_or_default().chars().take_while(char::is_ascii_digit).collect();
    let micro: String = frac.chars().skip(3).take(3).collect();
    let extra: i64 = micro.parse().unwrap_or(0);
    let digits = micro.len() as u32;
    Some(ms * 1000 + extra * 10i64.pow(3 - digits))
}

/// Objects with their `dateModified` made distinct, a microsecond apart where they tie, in
/// their order: the real catalogue writes each change at its own moment (and spread the
/// ties older data had, `cs_20892_update_duplicate_dateModified`), while the generated
/// one dates many objects alike.
fn spread_ties(mut objects: Vec<Value>) -> Vec<Value> {
    let key = |o: &Value| {
        (
            micros_of(o["dateModified"].as_str().unwrap_or_default()).unwrap_or(0),
            o["id"].as_str().unwrap_or_default().to_string(),
        )
    };
    objects.sort_by_cached_key(key);
    let mut last = i64::MIN;
    for o in &mut objects {
        let us = micros_of(o["dateModified"].as_str().unwrap_or_default()).unwrap_or(0).max(last.saturating_add(1));
        o["dateModified"] = json!(kyiv_micros(us));
        last = us;
    }
    objects
}

/// A moment (µs) as the catalogue writes it: Kyiv time with microseconds.
fn kyiv_micros(us: i64) -> String {
    let ms = us.div_euclid(1000);
    let base = crate::dates::format_kyiv(ms);
    // `format_kyiv` writes milliseconds (`….123+02:00`) or none: give six digits.
    let (stamp, zone) = base.split_at(base.len() - 6);
    let seconds = stamp.split('.').next().unwrap_or(stamp);
    format!("{seconds}.{:06}{zone}", us.rem_euclid(1_000_000))
}

/// `http://host/catalog/api` → `/catalog/api`.
fn path_of(base: &str) -> &str {
    base.find("://").and_then(|i| base[i + 3..].find('/').map(|j| &base[i + 3 + j..])).unwrap_or("")
}

/// `http://host/catalog/api` → `http://host`.
fn origin_of(base: &str) -> &str {
    &base[..base.len() - path_of(base).len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kyiv_micros_keep_the_second_and_six_digits() {
        let s = kyiv_micros(1_700_000_000_123_456);
        assert!(s.ends_with(".123456+02:00"), "{s}");
        assert_eq!(crate::dates::parse(&s), Some(1_700_000_000_123));
        assert!(kyiv_micros(1_700_000_000_123_457) > s, "later moments compare greater as text");
    }

    #[test]
    fn ties_spread_a_microsecond_apart_in_order() {
        let at = "2026-10-01T10:00:00.123000+03:00";
        let objects = vec![
            json!({"id": "b", "dateModified": at}),
            json!({"id": "a", "dateModified": at}),
            json!({"id": "c", "dateModified": "2026-10-01T10:00:00.123001+03:00"}),
        ];
        let out = spread_ties(objects);
        let got: Vec<(&str, &str)> =
            out.iter().map(|o| (o["id"].as_str().unwrap(), o["dateModified"].as_str().unwrap())).collect();
        assert_eq!(
            got,
            [
                ("a", "2026-10-01T10:00:00.123000+03:00"),
                ("b", "2026-10-01T10:00:00.123001+03:00"),
                ("c", "2026-10-01T10:00:00.123002+03:00")
            ]
        );
        assert_eq!(micros_of("2026-10-01T10:00:00.5+03:00").map(|u| u % 1_000_000), Some(500_000));
    }

    #[test]
    fn links_split_the_base() {
        assert_eq!(path_of("http://127.0.0.1:8081/catalog/api"), "/catalog/api");
        assert_eq!(origin_of("http://127.0.0.1:8081/catalog/api"), "http://127.0.0.1:8081");
    }

    #[test]
    fn offsets_are_iso_dates() {
        for ok in ["2023-03-09T17:19:45.908462+02:00", "2023-03-09T17:19:45.908462 02:00", "2026-01-01"] {
            assert!(valid_offset(ok), "{ok}");
        }
        for bad in ["1729285200.000000", "yesterday", "2023-13-45"] {
            assert!(!valid_offset(bad), "{bad}");
        }
    }
}
