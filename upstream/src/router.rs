//! Every route of the upstream, registered in one place, and the search API handlers.
//! GET answers are `application/json`; POST answers are `application/ld+json` (SPEC §7).

use crate::answer::{hydra, JsonAnswer};
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
use std::sync::Arc;

type Answer = Result<JsonAnswer, UpstreamError>;

/// The router: search API, users API, old portal, market, monitorings and the CDB read API.
pub fn router(state: AppState) -> Router {
    let origins = allowed_origins(&state.config);
    let hosts: Arc<[String]> = state.config.allowed_hosts.iter().cloned().collect();
    Router::new()
        .route("/health", get(health))
        .route("/api/freshness", get(freshness))
        .route("/api/tenders", get(search_tenders))
        .route("/api/tenders/{id}", get(one_tender))
        .route("/api/tenders/{id}/red-flags", get(tender_red_flags))
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
        .merge(crate::users::routes(state.config.dev))
        .merge(crate::market::routes())
        .merge(crate::listing::routes())
        .merge(crate::aggregate::routes())
        .merge(crate::prices::api::routes())
        .merge(crate::monitoring::routes())
        .merge(crate::feed::api::routes(state.config.dev))
        .merge(crate::cdb::routes())
        .merge(crate::history::api::routes())
        .fallback(|| async { UpstreamError::NotFound { kind: "path", id: "requested".into() } })
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::feed::api::with_faults))
        .layer(axum::middleware::from_fn_with_state(origins.clone(), refuse_other_origins))
        .layer(cors(origins))
        .layer(axum::middleware::from_fn_with_state(hosts, refuse_other_hosts))
        .with_state(state)
}

/// A request must name one of the allowed hosts (`Host`): a page of another site that a
/// DNS rebinding has pointed at this machine names its own, and gets a 421 before any
/// route. A request without `Host` (HTTP/1.0 from a local tool) names none and passes.
async fn refuse_other_hosts(
    State(hosts): State<Arc<[String]>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let named = request.headers().get(header::HOST).map(|h| crate::host_name(&String::from_utf8_lossy(h.as_bytes())));
    match named {
        Some(name) if !hosts.contains(&name) => {
            let body = json!({"error": format!("host `{name}` is not served here"), "status": 421});
            (axum::http::StatusCode::MISDIRECTED_REQUEST, axum::Json(body)).into_response()
        }
        _ => next.run(request).await,
    }
}

/// The allowed origins as header values; one that cannot be a header value is left out
/// with a warning (it could never match a browser's `Origin` anyway).
fn allowed_origins(config: &crate::UpstreamConfig) -> Arc<[HeaderValue]> {
    config
        .allowed_origins
        .iter()
        .filter_map(|o| {
            HeaderValue::from_str(o)
                .map_err(|_| tracing::warn!(origin = %o, "allowed origin ignored: not a header value"))
                .ok()
        })
        .collect()
}

/// The portal's pages call these APIs from the browser (SPEC §7), from another origin,
/// with a bearer token in a header. Only the configured portal origins may read the
/// answers: a page elsewhere must not drive the users API with a visitor's browser.
/// Preflights from any other origin get no `Access-Control-Allow-Origin`. The old
/// portal's session is a cookie, which the portal's pages read with credentials
/// (`checkAuth.php`), so `/old` answers allow credentials, to those origins only.
fn cors(origins: Arc<[HeaderValue]>) -> tower_http::cors::CorsLayer {
    use axum::http::{header, Method};
    use tower_http::cors::{AllowCredentials, AllowOrigin, CorsLayer};
    let allowed = origins.clone();
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins.iter().cloned()))
        .allow_credentials(AllowCredentials::predicate(move |origin, parts| {
            parts.uri.path().starts_with("/old") && allowed.contains(origin)
        }))
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
        .max_age(std::time::Duration::from_secs(600))
}

/// CORS only stops a foreign page from reading an answer; a form or a "simple" request
/// still reaches the handler. So a state-changing call whose `Origin` is not allowed is
/// refused outright: a page elsewhere cannot make visitors' browsers guess passwords,
/// register accounts or plant an old-portal session. Calls without `Origin` (servers,
/// scripts) are not affected: they carry no visitor's browser.
///
/// One exception: `Origin: null` with `Sec-Fetch-Site: same-origin` or `same-site`. A
/// page with `Referrer-Policy: no-referrer` (the portal's old-portal hand-over form) posts
/// with its origin hidden as `null`; `Sec-Fetch-Site` is set by the browser, never by the
/// page, and tells that the page belongs to this site. A sandboxed or foreign page that
/// sends `null` is cross-site, and stays refused.
async fn refuse_other_origins(
    State(origins): State<Arc<[HeaderValue]>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    use axum::http::Method;
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let headers = request.headers();
    let same_site =
        headers.get("sec-fetch-site").is_some_and(|v| v.as_bytes() == b"same-origin" || v.as_bytes() == b"same-site");
    let allowed = |origin: &HeaderValue| origins.contains(origin) || (origin.as_bytes() == b"null" && same_site);
    match headers.get(header::ORIGIN) {
        Some(origin) if !safe && !allowed(origin) => {
            let shown = String::from_utf8_lossy(origin.as_bytes()).into_owned();
            UpstreamError::Forbidden(format!("origin `{shown}` may not call this api")).into_response()
        }
        _ => next.run(request).await,
    }
}

/// `GET /health`: serving, and with a feed followed, each register's cursors and lag.
async fn health(State(s): State<AppState>) -> JsonAnswer {
    let mut body = json!({"status": "ok"});
    if s.config.sync.is_some() {
        body["sync"] = s.sync_status.json(crate::dates::now_ms());
    }
    JsonAnswer::ok(body)
}

/// `GET /api/freshness`: how current the data is, for the pages to say. A mirror:
/// `{"mode": "live", "updatedAt", "behind", "registers"}`; the snapshot: `{"mode":
/// "snapshot", "snapshotAt"}` (the latest change it holds, epoch ms). With `brief=1`
/// (record pages, whose `ETag` is made of their answers), a mirror says only what changes
/// their words: `{"mode": "live", "behind", "starting"}`, no moment.
async fn freshness(State(s): State<AppState>, RawQuery(q): RawQuery) -> JsonAnswer {
    let brief = q.as_deref().is_some_and(|q| q.split('&').any(|p| p == "brief=1" || p == "brief=true"));
    if s.config.sync.is_some() {
        let mut body = s.sync_status.json(crate::dates::now_ms());
        if brief {
            let starting = body["updatedAt"].is_null();
            return JsonAnswer::ok(json!({"mode": "live", "behind": body["behind"], "starting": starting}));
        }
        body["mode"] = json!("live");
        return JsonAnswer::ok(body);
    }
    let data = s.data.read();
    let latest = (0..data.tenders.len() as u32)
        .filter(|&d| !data.tenders.index.is_dead(d) && !data.tenders.index.is_test(d))
        .filter_map(|d| data.tenders.index.modified_ms(d))
        .filter(|&ms| ms <= crate::dates::now_ms())
        .max();
    JsonAnswer::ok(json!({"mode": "snapshot", "snapshotAt": latest}))
}

fn params(q: Option<String>) -> Params {
    Params::parse(q.as_deref().unwrap_or_default())
}

fn search(state: &AppState, kind: Kind, path: &str, q: Option<String>) -> Answer {
    let p = params(q);
    let data = &*state.data.read();
    let query = data.query(&p, kind)?;
    let c = data.collection(kind);
    let hits = c.index.search(&query);
    let shown = |doc: &Value| -> Option<Value> {
        let (ti, compiled) = (c.index.text()?, hits.keyword.as_ref()?);
        let f = data.fields(c, doc);
        ti.shown(compiled, &f.title, &f.organizer_text, &f.text).json()
    };
    let members = hits
        .page
        .iter()
        .map(|&d| {
            let doc = data.document(c, d);
            let mut m = member(&doc, kind);
            // The indicators computed when the tender was loaded (its bids are left out here).
            if kind == Kind::Tender {
                m["redFlags"] = serde_json::json!(c.index.red_flags_of(d));
            }
            if let Some(s) = shown(&doc) {
                m["searchMatch"] = s;
            }
            m
        })
        .collect();
    let mut body = hydra(path, members, hits.total);
    if query.keyword.is_some() {
        let mut search = json!({"sortOrder": hits.sort.name(query.desc)});
        if let Some(fixed) = hits.keyword.as_ref().and_then(|k| k.corrected.as_ref()) {
            search["corrected"] = json!(fixed);
        }
        if let Some(ukrainian) = hits.keyword.as_ref().and_then(|k| k.translated.as_ref()) {
            search["translated"] = json!(ukrainian);
        }
        body["search"] = search;
    }
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

/// A register's search, through the gate of searches ([`crate::work`]).
async fn gated(s: AppState, kind: Kind, path: &'static str, q: Option<String>) -> Answer {
    let work = s.work.clone();
    work.run(move || search(&s, kind, path, q)).await
}

async fn search_tenders(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    gated(s, Kind::Tender, "/api/tenders", q).await
}
async fn search_plans(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    gated(s, Kind::Plan, "/api/plans", q).await
}
async fn search_contracts(State(s): State<AppState>, RawQuery(q): RawQuery) -> Answer {
    gated(s, Kind::Contract, "/api/contracts", q).await
}

fn one(state: &AppState, kind: Kind, id: &str) -> Answer {
    let data = state.data.read();
    let c = data.collection(kind);
    let d = c.index.lookup(id).ok_or_else(|| UpstreamError::NotFound { kind: kind.name(), id: id.to_string() })?;
    Ok(JsonAnswer::ok(data.document(c, d)))
}

async fn one_tender(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    one(&s, Kind::Tender, &id)
}
/// A tender's integrity indicators, whole (the `indicators` crate's assessment, evidence
/// included): for clients that do not compute them, such as `make bench`'s baselines.
async fn tender_red_flags(State(s): State<AppState>, Path(id): Path<String>) -> Answer {
    let doc = {
        let data = s.data.read();
        let c = data.collection(Kind::Tender);
        let d =
            c.index.lookup(&id).ok_or_else(|| UpstreamError::NotFound { kind: Kind::Tender.name(), id: id.clone() })?;
        data.document(c, d)
    };
    let assessment = indicators::assess(&doc);
    Ok(JsonAnswer::ok(serde_json::to_value(&assessment).unwrap_or_default()))
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
    let data = s.data.read();
    let cls = &data.classifiers;
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
    let data = s.data.read();
    let (orgs, path) = match which {
        Lookup::Tender => (&data.tender_orgs, "/api/tender_identifiers"),
        Lookup::Plan => (&data.plan_orgs, "/api/plan_identifiers"),
        Lookup::Contract => (&data.contract_orgs, "/api/contract_identifiers"),
        Lookup::Supplier => (&data.contract_suppliers, "/api/contract_suppliers"),
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
    let f = s.data.read().classifiers.funders.clone();
    let n = f.len();
    Ok(JsonAnswer::ok(hydra("/api/tender_funders", f, n)))
}

async fn method_types(State(s): State<AppState>) -> Answer {
    let m: Vec<Value> = s.data.read().classifiers.method_types.iter().map(|n| json!(n)).collect();
    let n = m.len();
    Ok(JsonAnswer::ok(hydra("/api/procurement_method_types", m, n)))
}

async fn regions(State(s): State<AppState>) -> Answer {
    let m: Vec<Value> = s.data.read().classifiers.regions.iter().map(|r| json!({"name": r})).collect();
    let n = m.len();
    Ok(JsonAnswer::ok(hydra("/api/regions", m, n)))
}
