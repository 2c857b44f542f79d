//! Handlers of the market endpoints (SPEC §7): market classifications, categories,
//! profiles, suppliers' products and national-catalogue products.

use super::query::{ListQuery, Listing, Sort};
use super::{Record, Records};
use crate::answer::{hydra, JsonAnswer};
use crate::error::UpstreamError;
use crate::index::Bitset;
use crate::params::Params;
use crate::query::RESULT_WINDOW;
use crate::text::{Compiled, Reading};
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

type Answer = Result<JsonAnswer, UpstreamError>;

/// Market routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/market_classification/all", get(classifications))
        .route("/api/market_classifications", get(classifications))
        .route("/api/market_classifications/{id}", get(one_classification))
        .route("/api/categories", get(categories))
        .route("/api/categories/{id}", get(one_category))
        .route("/api/categories/{id}/profiles", get(category_profiles))
        .route("/api/profiles", get(profiles))
        .route("/api/profiles/{id}", get(one_profile))
        .route("/api/products", get(products))
        .route("/api/products/{id}", get(one_product))
        .route("/api/prozorro_products", get(prozorro_products))
        .route("/api/prozorro_products/{id}", get(one_prozorro_product))
        .route("/static/images/market/{*path}", get(image))
}

/// The generated catalogue has no photographs: every image it names
/// (`/static/images/market/…`) is this drawing of a box, so pages that show them load
/// real images instead of failing ones.
const PLACEHOLDER_IMAGE: &str = concat!(
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"200\" viewBox=\"0 0 200 200\">",
    "<rect width=\"200\" height=\"200\" fill=\"#eef2f7\"/>",
    "<path d=\"M60 80l40-20 40 20v50l-40 20-40-20z M60 80l40 20 40-20 M100 100v50\" fill=\"none\" stroke=\"#8a97ab\" stroke-width=\"5\" stroke-linejoin=\"round\"/>",
    "</svg>"
);

async fn image() -> impl axum::response::IntoResponse {
    (
        [
            (axum::http::header::CONTENT_TYPE, "image/svg+xml"),
            (axum::http::header::CACHE_CONTROL, "public, max-age=86400"),
            (axum::http::header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        PLACEHOLDER_IMAGE,
    )
}

fn params(q: Option<String>) -> Params {
    Params::parse(q.as_deref().unwrap_or_default())
}

/// `{"items": [...], "total": N}`: every market classification, by id.
async fn classifications(State(s): State<AppState>) -> Answer {
    let items: Vec<Value> = s.market.get().classifications.all.iter().map(|r| r.json.clone()).collect();
    Ok(JsonAnswer::ok(json!({"total": items.len(), "items": items})))
}

async fn one_classification(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    let m = s.market.get();
    let mc = m.classification(&id).ok_or(UpstreamError::NotFound { kind: "market classification", id })?;
    let mut body = mc.json.clone();
    body["categories"] = m
        .categories
        .all
        .iter()
        .filter(|c| c.market_classification == mc.id)
        .map(|c| {
            let j = &c.json;
            json!({"id": c.id, "title": j["title"], "title_en": j["title_en"], "status": c.status,
                   "classification": j["classification"], "productsCount": j["productsCount"]})
        })
        .collect();
    Ok(JsonAnswer::ok(body))
}

fn one(list: &Records, kind: &'static str, id: String) -> Answer {
    list.get(&id).map(|r| JsonAnswer::ok(r.json.clone())).ok_or(UpstreamError::NotFound { kind, id })
}

async fn one_category(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s.market.get().categories, "category", id)
}
async fn one_profile(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s.market.get().profiles, "profile", id)
}
async fn one_product(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s.market.get().products, "product", id)
}
async fn one_prozorro_product(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s.market.get().prozorro_products, "prozorro product", id)
}

/// The records of `list` the keyword finds among `base` (indexes into `list.all`), in
/// relevance order when the query asks for it (codes first), and the compiled keyword.
/// The keyword is read as the registers' search reads it (`Index::search`): Russian words
/// as the Ukrainian they mean and English ones through the classifier, unless `exact`.
/// Nothing found as typed: the typo fallback, unless `exact`; its correction stands only
/// when it finds something, so the answer never names a correction it did not show.
fn keyword_hits(list: &Records, q: &ListQuery, keyword: &str, base: &[usize]) -> (Vec<usize>, Option<Compiled>) {
    let mut within = Bitset::empty(list.len());
    base.iter().for_each(|&i| within.set(i as u32));
    let codes: Vec<usize> = base.iter().copied().filter(|&i| q.is_code(&list.all[i])).collect();
    let relevance = q.sort == Sort::Relevance;
    let run = |fuzzy: bool| -> (Vec<usize>, Option<Compiled>) {
        let Some(ti) = list.text() else { return (codes.clone(), None) };
        let reading = Reading { fuzzy, russian: !q.exact, english: !q.exact };
        let c = ti.compile_with(&q.syntax, keyword, reading);
        let hits = ti.run(&c, relevance, &within, base.len());
        let mut found = codes.clone();
        if relevance {
            found.extend(hits.top.iter().map(|&(d, _)| d as usize).filter(|d| !codes.contains(d)));
        } else {
            found.extend(base.iter().copied().filter(|&i| hits.matched.get(i as u32) && !codes.contains(&i)));
        }
        (found, Some(c))
    };
    let (found, compiled) = run(false);
    if found.is_empty() && !q.exact {
        let (again, fixed) = run(true);
        if !again.is_empty() && fixed.as_ref().is_some_and(|c| c.corrected.is_some()) {
            return (again, fixed);
        }
    }
    (found, compiled)
}

/// Filters, sorts and pages `list`; products also get facet counts.
fn list(list: &Records, listing: Listing, path: &str, q: &ListQuery) -> Value {
    let base: Vec<usize> = (0..list.len()).filter(|&i| q.matches_but_keyword(&list.all[i])).collect();
    let (hits, compiled): (Vec<&Record>, Option<Compiled>) = match &q.keyword {
        Some(k) => {
            let (found, c) = keyword_hits(list, q, k, &base);
            let mut hits: Vec<&Record> = found.into_iter().map(|i| &list.all[i]).collect();
            if q.sort != Sort::Relevance {
                q.sort(&mut hits);
            }
            (hits, c)
        }
        None => {
            let mut hits: Vec<&Record> = base.into_iter().map(|i| &list.all[i]).collect();
            q.sort(&mut hits);
            (hits, None)
        }
    };
    let total = hits.len();
    let (page, per_page) = if q.unpaged { (1, total.max(1)) } else { (q.page, q.per_page) };
    let shown = |r: &Record| -> Option<Value> { list.text()?.shown(compiled.as_ref()?, &r.title, "", &r.text).json() };
    let members: Vec<Value> = hits
        .iter()
        .skip((page - 1) * per_page)
        .take(per_page)
        .map(|r| {
            let mut m = r.json.clone();
            if let Some(s) = shown(r) {
                m["searchMatch"] = s;
            }
            m
        })
        .collect();
    let mut body = hydra(path, members, total);
    if q.keyword.is_some() {
        let order = match q.sort {
            Sort::Relevance => "relevance",
            Sort::Popularity => "popularity",
            Sort::DateModified => "dateModified",
            Sort::Title => "title",
            Sort::Value => "value",
        };
        let mut search = json!({"sortOrder": format!("{order}{}", match (q.sort, q.desc) {
            (Sort::Relevance, _) => "",
            (_, true) => ".desc",
            (_, false) => ".asc",
        })});
        if let Some(fixed) = compiled.as_ref().and_then(|c| c.corrected.as_ref()) {
            search["corrected"] = json!(fixed);
        }
        if let Some(ukrainian) = compiled.as_ref().and_then(|c| c.translated.as_ref()) {
            search["translated"] = json!(ukrainian);
        }
        body["search"] = search;
    }
    let last = if q.unpaged { 1 } else { total.div_ceil(per_page).min(RESULT_WINDOW / per_page).max(1) };
    body["hydra:view"] = json!({
        "@id": format!("{path}?page={page}"),
        "@type": "hydra:PartialCollectionView",
        "hydra:first": format!("{path}?page=1"),
        "hydra:last": format!("{path}?page={last}"),
        "page": page, "perPage": per_page, "lastPage": last,
    });
    if matches!(listing, Listing::Products | Listing::ProzorroProducts) {
        let mut facets = Map::new();
        for (name, key) in [
            ("relatedCategory", (|r: &Record| r.category.clone()) as fn(&Record) -> String),
            ("market_classification", |r| r.market_classification.clone()),
            ("status", |r| r.status.to_string()),
        ] {
            let mut counts: BTreeMap<String, usize> = BTreeMap::new();
            for r in &hits {
                *counts.entry(key(r)).or_default() += 1;
            }
            facets.insert(name.into(), counts.into_iter().map(|(k, v)| (k, json!(v))).collect::<Map<_, _>>().into());
        }
        body["facets"] = Value::Object(facets);
    }
    body
}

async fn categories(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let q = ListQuery::parse(&params(q), Listing::Categories)?;
    Ok(JsonAnswer::ok(list(&s.market.get().categories, Listing::Categories, "/api/categories", &q)))
}

async fn category_profiles(State(s): State<AppState>, Path(id): Path<String>, RawQuery(q): RawQuery) -> Answer {
    if s.market.get().categories.get(&id).is_none() {
        return Err(UpstreamError::NotFound { kind: "category", id });
    }
    let mut q = ListQuery::parse(&params(q), Listing::Profiles)?;
    q.categories = vec![id.clone()];
    Ok(JsonAnswer::ok(list(&s.market.get().profiles, Listing::Profiles, &format!("/api/categories/{id}/profiles"), &q)))
}

async fn profiles(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let q = ListQuery::parse(&params(q), Listing::Profiles)?;
    let work = s.work.clone();
    work.run(move || Ok(JsonAnswer::ok(list(&s.market.get().profiles, Listing::Profiles, "/api/profiles", &q)))).await
}

/// The product lists search through the gate of searches ([`crate::work`]).
async fn products(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let q = ListQuery::parse(&params(q), Listing::Products)?;
    let work = s.work.clone();
    work.run(move || Ok(JsonAnswer::ok(list(&s.market.get().products, Listing::Products, "/api/products", &q)))).await
}

async fn prozorro_products(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let q = ListQuery::parse(&params(q), Listing::ProzorroProducts)?;
    let work = s.work.clone();
    work.run(move || {
        Ok(JsonAnswer::ok(list(
            &s.market.get().prozorro_products,
            Listing::ProzorroProducts,
            "/api/prozorro_products",
            &q,
        )))
    })
    .await
}
