//! Every route of the upstream, registered in one place, and the search API handlers.
//! GET answers are `application/json`; POST answers are `application/ld+json` (SPEC §7).

use crate::error::UpstreamError;
use crate::params::Params;
use crate::records::{member, Kind, TAGS};
use crate::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};

/// A JSON answer with an explicit content type.
pub struct JsonAnswer {
    pub status: axum::http::StatusCode,
    pub body: Value,
    pub ld: bool,
}

impl JsonAnswer {
    /// 200 `application/json`.
    pub fn ok(body: Value) -> Self {
        Self { status: axum::http::StatusCode::OK, body, ld: false }
    }
    /// `application/ld+json` with a status.
    pub fn ld(status: axum::http::StatusCode, body: Value) -> Self {
        Self { status, body, ld: true }
    }
}

impl IntoResponse for JsonAnswer {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body)).into_response();
        if self.ld {
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/ld+json; charset=utf-8"));
        }
        r
    }
}

type Answer = Result<JsonAnswer, UpstreamError>;

/// The router: search API, users API, old portal, market, monitorings and the CDB read API.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/health", get(|| async { JsonAnswer::ok(json!({"status": "ok"})) }))
        .route("/api/tenders", get(search_tenders))
        .route("/api/tenders/{id}", get(one_tender))
        .route("/api/plans", get(search_plans))
        .route("/api/plans/{id}", get(one_plan))
        .route("/api/contracts", get(search_contracts))
        .route("/api/contracts/{id}", get(one_contract))
        .route("/api/classifications", get(classifications))
        .route("/api/tender_identifiers", get(|s, q| lookup(s, q, Lookup::Tender)))
        .route("/api/plan_identifiers", get(|s, q| lookup(s, q, Lookup::Plan)))
        .route("/api/contract_identifiers", get(|s, q| lookup(s, q, Lookup::Contract)))
        .route("/api/contract_suppliers", get(|s, q| lookup(s, q, Lookup::Supplier)))
        .route("/api/tags", get(tags))
        .route("/api/tender_funders", get(funders))
        .route("/api/procurement_method_types", get(method_types))
        .route("/api/regions", get(regions))
        .merge(crate::users::routes())
        .merge(crate::market::routes())
        .merge(crate::monitoring::routes())
        .merge(crate::cdb::routes())
        .fallback(|| async { UpstreamError::NotFound { kind: "path", id: "requested".into() } })
        .layer(cors())
        .with_state(state)
}

/// The portal's pages call these APIs from the browser (SPEC §7) on another origin,
/// with a bearer token in a header (never cookies), so any origin may read them.
fn cors() -> tower_http::cors::CorsLayer {
    use axum::http::{header, Method};
    tower_http::cors::CorsLayer::new()
        .allow_origin(tower_http::cors::Any)
        .allow_methods([Method::GET, Method::POST, Method::DELETE])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
        .max_age(std::time::Duration::from_secs(600))
}

/// A hydra collection body.
pub fn hydra(path: &str, members: Vec<Value>, total: usize) -> Value {
    json!({
        "@context": format!("/api/contexts/{}", path.trim_start_matches("/api/")),
        "@id": path,
        "@type": "hydra:Collection",
        "hydra:member": members,
        "hydra:totalItems": total,
    })
}

fn params(q: Option<String>) -> Params {
    Params::parse(q.as_deref().unwrap_or_default())
}

fn search(state: &AppState, kind: Kind, path: &str, q: Option<String>) -> Answer {
    let p = params(q);
    let data = &state.data;
    let query = data.query(&p, kind)?;
    let c = data.collection(kind);
    let hits = c.index.search(&query);
    let members = hits.page.iter().map(|&d| member(&data.document(c, d), kind)).collect();
    let mut body = hydra(path, members, hits.total);
    let last = hits.total.div_ceil(query.per_page).min(crate::query::RESULT_WINDOW / query.per_page).max(1);
    body["hydra:view"] = json!({
        "@id": format!("{path}?page={}", query.page),
        "@type": "hydra:PartialCollectionView",
        "hydra:first": format!("{path}?page=1"),
        "hydra:last": format!("{path}?page={last}"),
        "page": query.page, "perPage": query.per_page, "lastPage": last,
    });
    let mut facets = serde_json::Map::new();
    for (name, counts) in hits.facets {
        let m: serde_json::Map<String, Value> = counts.into_iter().map(|(k, v)| (k, json!(v))).collect();
        facets.insert(name.to_string(), Value::Object(m));
    }
    body["facets"] = Value::Object(facets);
    Ok(JsonAnswer::ok(body))
}

async fn search_tenders(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    search(&s, Kind::Tender, "/api/tenders", q)
}
async fn search_plans(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    search(&s, Kind::Plan, "/api/plans", q)
}
async fn search_contracts(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    search(&s, Kind::Contract, "/api/contracts", q)
}

fn one(state: &AppState, kind: Kind, id: &str) -> Answer {
    let c = state.data.collection(kind);
    let d = c.index.lookup(id).ok_or_else(|| UpstreamError::NotFound { kind: kind.name(), id: id.to_string() })?;
    Ok(JsonAnswer::ok(state.data.document(c, d)))
}

async fn one_tender(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s, Kind::Tender, &id)
}
async fn one_plan(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s, Kind::Plan, &id)
}
async fn one_contract(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s, Kind::Contract, &id)
}

/// `page`/`perPage` for reference lists (default perPage 24, up to 10000).
fn window(p: &Params) -> Result<(usize, usize), UpstreamError> {
    let per_page = p.positive("perPage", 24, 10_000)?;
    let page = p.positive("page", 1, 1_000_000)?;
    Ok((page, per_page))
}

fn paged<T>(items: Vec<T>, page: usize, per_page: usize) -> (Vec<T>, usize) {
    let total = items.len();
    (items.into_iter().skip((page - 1).saturating_mul(per_page)).take(per_page).collect(), total)
}

async fn classifications(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    let p = params(q);
    let scheme_name = p.one("scheme").unwrap_or("classification");
    let cls = &s.data.classifiers;
    let scheme = cls
        .scheme(scheme_name)
        .ok_or_else(|| UpstreamError::invalid("scheme", format!("unknown scheme `{scheme_name}`")))?;
    let en = match p.one("lang") {
        None | Some("uk") => false,
        Some("en") => true,
        Some(v) => return Err(UpstreamError::invalid("lang", format!("expected uk or en, got `{v}`"))),
    };
    let (page, per_page) = window(&p)?;
    let ids = p.list("searchId");
    let nodes: Vec<&crate::classifiers::Node> = if let Some(k) = p.one("keyword") {
        scheme.search(k).collect()
    } else if !ids.is_empty() {
        ids.iter().filter_map(|id| scheme.get(id)).collect()
    } else if let Some(parent) = p.one("parentId") {
        if scheme.get(parent).is_none() {
            return Err(UpstreamError::NotFound { kind: "classification", id: parent.to_string() });
        }
        scheme.children_of(parent).collect()
    } else {
        scheme.roots().collect()
    };
    let (nodes, total) = paged(nodes, page, per_page);
    let members = nodes
        .into_iter()
        .map(|n| {
            let name = if en { &n.en } else { &n.uk };
            json!({
                "id": n.id, "scheme": scheme_name, "name": if *name == n.id { "" } else { name.as_str() },
                "name_en": n.en, "description": n.uk, "parentId": n.parent,
                "selectable": true, "children": n.has_children, "treeLevel": n.level,
            })
        })
        .collect();
    Ok(JsonAnswer::ok(hydra("/api/classifications", members, total)))
}

#[derive(Clone, Copy)]
enum Lookup {
    Tender,
    Plan,
    Contract,
    Supplier,
}

async fn lookup(State(s): State<AppState>, RawQuery(q): RawQuery, which: Lookup) -> Answer {
    let p = params(q);
    let (orgs, path) = match which {
        Lookup::Tender => (&s.data.tender_orgs, "/api/tender_identifiers"),
        Lookup::Plan => (&s.data.plan_orgs, "/api/plan_identifiers"),
        Lookup::Contract => (&s.data.contract_orgs, "/api/contract_identifiers"),
        Lookup::Supplier => (&s.data.contract_suppliers, "/api/contract_suppliers"),
    };
    let (page, per_page) = window(&p)?;
    let ids = p.list("id");
    let found: Vec<(&String, &String)> = if !ids.is_empty() {
        ids.iter().filter_map(|id| orgs.0.get_key_value(*id)).collect()
    } else if let Some(k) = p.one("keyword") {
        orgs.search(k).collect()
    } else {
        return Err(UpstreamError::MissingParameter("keyword".into()));
    };
    let (found, total) = paged(found, page, per_page);
    let members = found.into_iter().map(|(id, name)| json!({"id": id, "legalName": name})).collect();
    Ok(JsonAnswer::ok(hydra(path, members, total)))
}

async fn tags(RawQuery(q): RawQuery) -> Answer {
    let p = params(q);
    let (page, per_page) = window(&p)?;
    let all: Vec<Value> =
        TAGS.iter().map(|(code, name, en, _)| json!({"code": code, "name": name, "name_en": en})).collect();
    let (m, total) = paged(all, page, per_page);
    Ok(JsonAnswer::ok(hydra("/api/tags", m, total)))
}

async fn funders(State(s): State<AppState>) -> Answer {
    let f = s.data.classifiers.funders.clone();
    let n = f.len();
    Ok(JsonAnswer::ok(hydra("/api/tender_funders", f, n)))
}

async fn method_types(State(s): State<AppState>) -> Answer {
    let m: Vec<Value> = s.data.classifiers.method_types.iter().map(|n| json!(n)).collect();
    let n = m.len();
    Ok(JsonAnswer::ok(hydra("/api/procurement_method_types", m, n)))
}

async fn regions(State(s): State<AppState>) -> Answer {
    let m: Vec<Value> = s.data.classifiers.regions.iter().map(|r| json!({"name": r})).collect();
    let n = m.len();
    Ok(JsonAnswer::ok(hydra("/api/regions", m, n)))
}
