//! Fuzzing of the path a page request takes (issue 19): URL → route → filter codec →
//! upstream query, with generated URLs of every route family: real records, valid and
//! hostile filter parameters, random text, `%` escapes that decode to nothing, dot
//! segments, 8 KB values (the strategies at the bottom). Two depths:
//!
//! - [`resolve_and_upstream`]: `FUZZ_CASES` URLs (default 5,000: seconds under `make test`;
//!   `make fuzz`: a million) through the bundle's `resolve` in V8, the server's first step
//!   for every page, and each upstream request it names through the real upstream router
//!   in-process, addressed as the server's HTTP client addresses it. `resolve` never fails
//!   (the server would answer its 500 page), a redirect stays on the site, every request
//!   stays on its service's path, and the upstream answers each with 200 or 404: never a
//!   refusal of what the portal's codecs let through, never a panic or a 5xx. The URL's
//!   raw query string also goes to the upstream as a browser may send it (SPEC §7): its
//!   seven search parsers read it without a panic, and a real search answers 200 or 400.
//! - [`whole_portal`]: `FUZZ_PAGES` URLs (default 300; `make fuzz`: 100,000) through the
//!   whole portal in-process with the real upstream behind it, as pages and as
//!   `/__data?url=`: every answer is a status a page may end with (never a 500), a
//!   redirect goes to a path of the site, a page is a document whose links stay on the
//!   site or name a whole address, page data is JSON.
//!
//! Each run prints its seed and its figures (cases, the statuses seen, panics, 500s);
//! `FUZZ_SEED=<seed>` replays a run. A failure prints the shrunk URL and what broke.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use axum::http::HeaderValue;
use proptest::prelude::*;
use proptest::test_runner::{Config as RunConfig, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use renderer::{dependent_path, FetchSpec, Language, RenderInput, Service};

use super::*;

/// Statuses a page may end with (SPEC; 414: a request target over 8 KB). 502, 503 and 504
/// only when the upstream fails, and this one does not; 500 never.
const PAGE_STATUSES: &[u16] = &[200, 301, 302, 303, 307, 308, 400, 404, 414];

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.replace('_', "").parse().ok()).unwrap_or(default)
}

/// `FUZZ_SEED`, or a new one, printed with the figures so that the run can be replayed.
fn seed() -> u64 {
    std::env::var("FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        nanos.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32)
    })
}

fn runner(cases: u64, seed: u64) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = RunConfig {
        cases: u32::try_from(cases).unwrap_or(u32::MAX),
        failure_persistence: None,
        // A failure is shrunk this many steps at most, then shown as it is.
        max_shrink_iters: 4096,
        ..RunConfig::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Panics with the (shrunk) URL that broke a property, and how to replay the run.
fn report<T: std::fmt::Debug>(result: Result<(), TestError<T>>, seed: u64, what: &str) {
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, url)) => {
            panic!("{what}: {reason}\n  URL (shrunk): {url:?}\n  replay: FUZZ_SEED={seed}")
        }
        Err(TestError::Abort(reason)) => panic!("{what}: aborted: {reason} (FUZZ_SEED={seed})"),
    }
}

fn count(histogram: &mut BTreeMap<String, u64>, key: impl Into<String>) {
    *histogram.entry(key.into()).or_default() += 1;
}

fn shown(histogram: &BTreeMap<String, u64>) -> String {
    let mut entries: Vec<_> = histogram.iter().collect();
    entries.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    entries.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", ")
}

fn merge(into: &mut BTreeMap<String, u64>, from: BTreeMap<String, u64>) {
    for (k, n) in from {
        *into.entry(k).or_default() += n;
    }
}

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

/// Runs one case, a panic included: the runner (without its `std` feature) lets panics
/// through, so they are caught here and fail the case like a broken property, which
/// shrinks the URL and shows it.
fn guarded(case: impl FnOnce() -> Result<(), TestCaseError>) -> Result<(), TestCaseError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(case)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_default();
        Err(fail(format!("panic: {message}")))
    })
}

/// A location the site redirects to: one of its paths, in characters a header carries.
fn check_location(location: &str) -> Result<(), TestCaseError> {
    let on_site = location.starts_with('/') && !location.starts_with("//") && !location.starts_with("/\\");
    let printable = location.bytes().all(|b| (0x21..0x7f).contains(&b));
    if on_site && printable && HeaderValue::from_str(location).is_ok() {
        Ok(())
    } else {
        Err(fail(format!("redirect to {location:?} leaves the site or is no header value")))
    }
}

/// `.` or `..` (also escaped) as a segment: the HTTP client resolves it to another path.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| {
        let s = s.to_ascii_lowercase().replace("%2e", ".");
        s == "." || s == ".."
    })
}

/// Run in every isolate of these tests: react-router warns on the console of each path
/// segment whose `%` escapes decode to nothing (and matches it as it is), and of each
/// path its routes do not match (`*` does not match a line break), which fuzzed URLs are
/// full of.
const QUIET: &str = r#";{ const warn = console.warn; const noise = /could not be decoded|No routes matched location/;
    console.warn = (...a) => { if (!noise.test(String(a[0]))) warn(...a); }; }"#;

/// The upstream, in this process: the router the portal embeds, over the real data.
fn upstream_router() -> Router {
    let config = upstream::UpstreamConfig::for_data_dir(format!("{ROOT}/data"));
    upstream::app(upstream::load(config).expect("real data in data/ (run `make setup`)"))
}

/// What the fuzzing of `resolve` and the upstream saw: the outcomes of `resolve`, the
/// statuses of the upstream's answers to the portal's requests, what the upstream's
/// parsers made of the raw query strings, and its answers to a share of them.
#[derive(Default)]
struct Seen {
    cases: u64,
    resolve: BTreeMap<String, u64>,
    upstream: BTreeMap<String, u64>,
    parsers: BTreeMap<String, u64>,
    raw: BTreeMap<String, u64>,
}

impl Seen {
    fn add(&mut self, other: Seen) {
        self.cases += other.cases;
        merge(&mut self.resolve, other.resolve);
        merge(&mut self.upstream, other.upstream);
        merge(&mut self.parsers, other.parsers);
        merge(&mut self.raw, other.raw);
    }
}

/// The searches a browser may ask the upstream for itself (SPEC §7), one after another.
const SEARCHES: &[&str] =
    &["/api/tenders", "/api/products", "/api/plans", "/api/profiles", "/api/contracts", "/api/categories"];

/// One URL through `resolve` and each upstream request it names, addressed as
/// `page/fetch.rs` addresses it (`endpoint + path`, parsed by the HTTP client's URL
/// parser); requests whose spec allows reuse are made once per path, as the server does.
struct Resolver {
    state: AppState,
    upstream: Router,
    reused: HashMap<String, (u16, Option<String>)>,
}

impl Resolver {
    fn endpoint(&self, service: Service) -> &str {
        let endpoints = &self.state.config().client.endpoints;
        match service {
            Service::Search => &endpoints.search,
            Service::Users => &endpoints.users,
            Service::Cdb => &endpoints.cdb,
            // Never addressed: the server computes it (skipped below).
            Service::RedFlags => "",
        }
    }

    /// The status of `spec`'s answer, and its body when a later request is made from it.
    async fn answer(&mut self, spec: &FetchSpec, path: &str, keep_body: bool) -> Result<(u16, Option<String>), String> {
        let endpoint = self.endpoint(spec.service);
        let base = reqwest::Url::parse(endpoint).map_err(|e| e.to_string())?;
        let url =
            reqwest::Url::parse(&format!("{}{path}", endpoint.trim_end_matches('/'))).map_err(|e| e.to_string())?;
        if url.origin() != base.origin() || !url.path().starts_with(base.path().trim_end_matches('/')) {
            return Err(format!("{} request {path:?} is sent to {url}", spec.service));
        }
        let target = match url.query() {
            Some(query) => format!("{}?{query}", url.path()),
            None => url.path().to_owned(),
        };
        let key = spec.max_age.is_some().then(|| format!("{}\n{target}\n{:?}", spec.service, spec.body));
        if let Some(known) =
            key.as_ref().and_then(|k| self.reused.get(k)).filter(|(_, body)| body.is_some() || !keep_body)
        {
            return Ok(known.clone());
        }
        let request = match &spec.body {
            Some(body) => Request::post(target.as_str())
                .header(header::CONTENT_TYPE, "application/ld+json")
                .body(Body::from(body.to_string())),
            None => Request::get(target.as_str()).body(Body::empty()),
        };
        let mut request = request.map_err(|e| format!("{target:?} is no request: {e}"))?;
        request.extensions_mut().insert(axum::extract::ConnectInfo(std::net::SocketAddr::from(([127, 0, 0, 1], 1))));
        request.headers_mut().insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        let response = self.upstream.clone().oneshot(request).await.map_err(|e| e.to_string())?;
        let status = response.status().as_u16();
        let body = if keep_body {
            let bytes = response.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
            Some(String::from_utf8_lossy(&bytes).into_owned())
        } else {
            None
        };
        if let Some(key) = key {
            // Bounded, like the server's cache (the names of codes in URLs are many).
            if self.reused.len() >= 10_000 {
                self.reused.clear();
            }
            self.reused.insert(key, (status, body.clone()));
        }
        Ok((status, body))
    }

    /// The URL's own query string as a browser may send it to the search API (SPEC §7),
    /// without the portal's codecs in between: every search parser of the upstream reads
    /// it (a panic fails the case), and one in four goes through the router to a real
    /// search, answered with 200 or 400.
    async fn raw_query(&mut self, url: &str, seen: &mut Seen) -> Result<(), TestCaseError> {
        use upstream::market::query::{ListQuery, Listing};
        use upstream::query::SearchQuery;
        use upstream::records::Kind;
        let query = url.split_once('?').map_or("", |(_, q)| q);
        let params = upstream::params::Params::parse(query);
        for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
            count(&mut seen.parsers, if SearchQuery::parse(&params, kind).is_ok() { "taken" } else { "refused" });
        }
        for listing in [Listing::Categories, Listing::Profiles, Listing::Products, Listing::ProzorroProducts] {
            count(&mut seen.parsers, if ListQuery::parse(&params, listing).is_ok() { "taken" } else { "refused" });
        }
        if !seen.cases.is_multiple_of(4) {
            return Ok(());
        }
        let search = SEARCHES[(seen.cases / 4) as usize % SEARCHES.len()];
        let target = request_target(&format!("{search}?{query}"));
        if target.len() >= usize::from(u16::MAX) {
            return Ok(());
        }
        let request = Request::get(target.as_str()).body(Body::empty()).map_err(|e| fail(e.to_string()))?;
        let status = self.upstream.clone().oneshot(request).await.map_err(|e| fail(e.to_string()))?.status().as_u16();
        if status != 200 && status != 400 {
            return Err(fail(format!(
                "the upstream answers {status} to {}",
                target.chars().take(300).collect::<String>()
            )));
        }
        count(&mut seen.raw, status.to_string());
        Ok(())
    }

    async fn case(&mut self, url: &str, seen: &mut Seen) -> Result<(), TestCaseError> {
        self.raw_query(url, seen).await?;
        let input = RenderInput::without_data(url, Language::of_url(url), self.state.client_json(), None, None);
        let pool = &self.state.ready().expect("renderer started").pool;
        let resolution =
            pool.resolve(&input).await.map_err(|e| fail(format!("resolve failed (the server's 500 page): {e}")))?;
        seen.cases += 1;
        if let Some(redirect) = &resolution.redirect {
            check_location(&redirect.location)?;
            if ![301, 302].contains(&redirect.status) {
                return Err(fail(format!("redirect status {}", redirect.status)));
            }
            count(&mut seen.resolve, format!("redirect {}", redirect.status));
            return Ok(());
        }
        count(&mut seen.resolve, if resolution.fetches.is_empty() { "no data" } else { "data" });
        let sources: Vec<&str> = resolution.fetches.iter().filter_map(|s| s.after.as_deref()).collect();
        let mut bodies: HashMap<&str, String> = HashMap::new();
        // The requests a later one waits for (`after`) go first, as the server makes them.
        let (first, second): (Vec<&FetchSpec>, Vec<&FetchSpec>) =
            resolution.fetches.iter().partition(|spec| spec.after.is_none());
        for spec in first.into_iter().chain(second) {
            // Computed by the server from another answer: no request is made.
            if spec.service == Service::RedFlags {
                count(&mut seen.upstream, "computed");
                continue;
            }
            let path = match &spec.after {
                None => spec.path.clone(),
                // Filled from the answer it waits for; without one the server makes no request.
                Some(source) => match bodies.get(source.as_str()).and_then(|body| dependent_path(&spec.path, body)) {
                    Some(path) => path,
                    None => continue,
                },
            };
            let printable = path.bytes().all(|b| (0x21..0x7f).contains(&b)) && !path.contains(['#', '\\']);
            let on_path = path.starts_with('/') && !path.starts_with("//");
            let plain = !has_dot_segment(path.split('?').next().unwrap_or_default());
            if !(printable && on_path && plain) {
                return Err(fail(format!("{} request {path:?} leaves its service's path", spec.service)));
            }
            let keep = sources.contains(&spec.key.as_str());
            let (status, body) = self.answer(spec, &path, keep).await.map_err(fail)?;
            if status != 200 && status != 404 {
                return Err(fail(format!("the upstream answers {status} to {} {path:?}", spec.service)));
            }
            count(&mut seen.upstream, status.to_string());
            if let Some(body) = body.filter(|_| status == 200) {
                bodies.insert(&spec.key, body);
            }
        }
        Ok(())
    }
}

/// A million URLs under `make fuzz`: `resolve` in V8 and the upstream in-process, on as
/// many threads as there are cores (each with its own runner and seed, one isolate each).
#[test]
fn resolve_and_upstream() {
    let cases = env_number("FUZZ_CASES", 5_000);
    let seed = seed();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4) as u64;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let isolates = threads.to_string();
    let state = runtime.block_on(async {
        let state = AppState::new(config(&[("PORTAL_RENDERER_ISOLATES", &isolates)]));
        state.start_renderer(QUIET, false).await.unwrap();
        state
    });
    let reals = runtime.block_on(Reals::gather());
    let upstream = upstream_router();
    let started = Instant::now();
    let seen: Vec<Seen> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|i| {
                let (state, upstream, reals) = (state.clone(), upstream.clone(), reals.clone());
                let share = cases / threads + u64::from(i < cases % threads);
                scope.spawn(move || {
                    let local = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                    let resolver = RefCell::new(Resolver { state, upstream, reused: HashMap::new() });
                    let seen = RefCell::new(Seen::default());
                    let urls = page_url(&reals);
                    let result = runner(share, seed.wrapping_add(i)).run(&urls, |url| {
                        guarded(|| local.block_on(resolver.borrow_mut().case(&url, &mut seen.borrow_mut())))
                    });
                    report(result, seed, &format!("fuzz resolve+upstream (thread {i} of {threads})"));
                    seen.into_inner()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut total = Seen::default();
    for part in seen {
        total.add(part);
    }
    let requests: u64 = total.upstream.values().sum();
    let searches: u64 = total.raw.values().sum();
    println!(
        "fuzz resolve+upstream: {} URLs (seed {seed}, {threads} threads) in {:.1} s: \
         0 panics, 0 failed resolves (500s), 0 broken properties\n  \
         resolve: {}\n  upstream answers to the portal ({requests} requests): {}\n  \
         the URLs' raw queries: upstream parsers (7 each) {}; upstream searches ({searches}) {}",
        total.cases,
        started.elapsed().as_secs_f64(),
        shown(&total.resolve),
        shown(&total.upstream),
        shown(&total.parsers),
        shown(&total.raw),
    );
    assert_eq!(total.cases, cases);
}

/// `url` as a request target: the bytes an HTTP request line cannot carry as they are
/// percent-encoded (a browser does the same), the rest, Unicode included, left as it is.
fn request_target(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        if c.is_ascii() && (c <= ' ' || c == '\x7f' || "\"#<>`".contains(c)) {
            out.push_str(&format!("%{:02X}", c as u8));
        } else {
            out.push(c);
        }
    }
    out
}

/// Every link and form of a page (`<a href>`, `<form action>`): a path of the site, a
/// fragment or a query of this page, or a whole address (external links, `mailto:`,
/// `tel:`); never `//host`, a script or a relative path.
fn check_links(html: &str) -> Result<(), String> {
    for (element, attribute) in [("<a ", " href=\""), ("<form ", " action=\"")] {
        for (at, _) in html.match_indices(element) {
            let tag = &html[at..at + html[at..].find('>').unwrap_or(html.len() - at)];
            let Some(start) = tag.find(attribute).map(|i| i + attribute.len()) else { continue };
            let value = tag[start..start + tag[start..].find('"').unwrap_or(tag.len() - start)].replace("&amp;", "&");
            let on_site = value.starts_with('/') && !value.starts_with("//") && !value.starts_with("/\\");
            let here = value.starts_with('#') || value.starts_with('?');
            let whole = ["http://", "https://", "mailto:", "tel:"].iter().any(|s| value.starts_with(s));
            if !(on_site || here || whole) {
                return Err(format!("{}{value:?}", attribute.trim_start()));
            }
        }
    }
    Ok(())
}

/// What the fuzzing of the whole portal saw.
#[derive(Default)]
struct Pages {
    cases: u64,
    pages: BTreeMap<String, u64>,
    data: BTreeMap<String, u64>,
    /// Targets past 64 KB, which no HTTP server reads (nor does `Uri`): not sent.
    too_long: u64,
}

impl Pages {
    /// One URL as a page, or (`as_data`) as the page data a client navigation reads.
    fn case(
        &mut self,
        runtime: &tokio::runtime::Runtime,
        app: &Router,
        url: &str,
        as_data: bool,
    ) -> Result<(), TestCaseError> {
        let target = if as_data { format!("/__data?url={}", component(url)) } else { request_target(url) };
        if target.len() >= usize::from(u16::MAX) {
            self.too_long += 1;
            return Ok(());
        }
        let shown = target.chars().take(300).collect::<String>();
        if axum::http::Uri::try_from(target.as_str()).is_err() {
            return Err(fail(format!("{shown:?} is no request target")));
        }
        let page = runtime.block_on(get(app, &target, &[]));
        let status = page.status.as_u16();
        self.cases += 1;
        if !PAGE_STATUSES.contains(&status) {
            return Err(fail(format!("{status} for {shown}")));
        }
        if as_data {
            let json = serde_json::from_slice::<serde_json::Value>(&page.bytes).is_ok_and(|v| v.is_object());
            if status == 200 && !json {
                return Err(fail(format!("page data of {shown} is not a JSON object")));
            }
            count(&mut self.data, status.to_string());
            return Ok(());
        }
        count(&mut self.pages, status.to_string());
        if page.status.is_redirection() {
            let location = page.headers.get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
            return check_location(location);
        }
        // 414 is answered before any page is made, in a line of text.
        if status != 414 && !page.body.starts_with("<!doctype html>") {
            return Err(fail(format!("{status} for {shown} is not a page")));
        }
        check_links(&page.body).map_err(|e| fail(format!("{e} on {shown}")))
    }
}

/// The whole portal in-process: a hundred thousand URLs under `make fuzz`, as pages and
/// (one in four) as page data.
#[test]
fn whole_portal() {
    let pages = env_number("FUZZ_PAGES", 300);
    let seed = seed();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let app = runtime.block_on(portal(&[], QUIET));
    let reals = runtime.block_on(Reals::gather());
    let started = Instant::now();
    let seen = RefCell::new(Pages::default());
    let strategy = (page_url(&reals), 0..4u8);
    let result = runner(pages, seed)
        .run(&strategy, |(url, kind)| guarded(|| seen.borrow_mut().case(&runtime, &app, &url, kind == 0)));
    report(result, seed, "fuzz portal");
    let seen = seen.into_inner();
    println!(
        "fuzz portal: {} URLs (seed {seed}) in {:.1} s: 0 panics, 0 500s, 0 broken properties\n  \
         pages: {}\n  page data (/__data): {}\n  not sent (request line over 64 KB): {}",
        seen.cases + seen.too_long,
        started.elapsed().as_secs_f64(),
        shown(&seen.pages),
        shown(&seen.data),
        seen.too_long,
    );
}

// ---------------------------------------------------------------------------------------
// What the URLs are made of.

/// Values of the real data, so that generated URLs also name real records and filters.
#[derive(Clone, Default)]
struct Reals {
    /// `tenderID`s and 32-hex ids.
    tenders: Vec<String>,
    plans: Vec<String>,
    contracts: Vec<String>,
    /// `{tenderID}/monitorings/{id}`, and with the tender's 32-hex id.
    monitorings: Vec<String>,
    categories: Vec<String>,
    profiles: Vec<String>,
    products: Vec<String>,
    prozorro_products: Vec<String>,
    /// Market classifications' CPV codes.
    classifications: Vec<String>,
    /// Buyers' identifiers.
    organizers: Vec<String>,
    /// A profile's requirement: (`text`, `number`, `boolean`), its title, values it expects.
    requirements: Vec<(String, String, Vec<String>)>,
}

impl Reals {
    async fn gather() -> Self {
        let base = upstream_url();
        let client = reqwest::Client::new();
        let json = |path: &str| {
            let request = client.get(format!("{base}{path}"));
            async move { request.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
        };
        let members = |v: &serde_json::Value| v["hydra:member"].as_array().cloned().unwrap_or_default();
        let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
        let mut reals = Reals::default();
        for sort in ["dateCreated.desc", "dateCreated.asc"] {
            for t in members(&json(&format!("/api/tenders?perPage=100&sortOrder={sort}")).await) {
                reals.tenders.extend([text(&t["tenderID"]), text(&t["id"])].into_iter().flatten());
                reals.organizers.extend(text(&t["procuringEntity"]["identifier"]["id"]));
            }
        }
        for p in members(&json("/api/plans?perPage=100").await) {
            reals.plans.extend([text(&p["planID"]), text(&p["id"])].into_iter().flatten());
        }
        for c in members(&json("/api/contracts?perPage=100").await) {
            reals.contracts.extend([text(&c["contractID"]), text(&c["id"])].into_iter().flatten());
        }
        for m in members(&json("/api/monitorings?perPage=100").await) {
            // Under its tender's tenderID, and under the tender's 32-hex id (a redirect).
            for tender in [text(&m["tenderID"]), text(&m["tender_id"])].into_iter().flatten() {
                reals.monitorings.extend(text(&m["id"]).map(|id| format!("{tender}/monitorings/{id}")));
            }
        }
        for c in members(&json("/api/categories?perPage=100").await) {
            reals.categories.extend(text(&c["id"]));
        }
        for p in members(&json("/api/profiles?perPage=100").await) {
            reals.profiles.extend(text(&p["id"]));
            for r in p["criteria"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|c| c["requirementGroups"].as_array().into_iter().flatten())
                .flat_map(|g| g["requirements"].as_array().into_iter().flatten())
            {
                let kind = match r["dataType"].as_str() {
                    Some("string") => "text",
                    Some("boolean") => "boolean",
                    Some(_) => "number",
                    None => continue,
                };
                let mut values: Vec<String> =
                    r["expectedValues"].as_array().into_iter().flatten().filter_map(text).collect();
                values.extend(
                    ["minValue", "maxValue", "expectedValue"]
                        .iter()
                        .filter_map(|k| r[k].as_f64().map(|n| n.to_string())),
                );
                if let Some(title) = text(&r["title"]) {
                    reals.requirements.push((kind.to_owned(), title, values));
                }
            }
        }
        for p in members(&json("/api/products?perPage=100").await) {
            reals.products.extend(text(&p["id"]));
        }
        for p in members(&json("/api/prozorro_products?perPage=100").await) {
            reals.prozorro_products.extend(text(&p["id"]));
        }
        let classifications = json("/api/market_classification/all").await;
        reals.classifications =
            classifications["items"].as_array().into_iter().flatten().filter_map(|c| text(&c["id"])).collect();
        reals.requirements.sort();
        reals.requirements.dedup();
        for list in [
            &mut reals.tenders,
            &mut reals.plans,
            &mut reals.contracts,
            &mut reals.monitorings,
            &mut reals.categories,
            &mut reals.profiles,
        ] {
            assert!(!list.is_empty(), "the real data has records of every kind");
        }
        reals
    }
}

type S = BoxedStrategy<String>;

fn pick(values: &[&str]) -> S {
    prop::sample::select(values.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>()).boxed()
}

/// A real value, or `otherwise` when the data has none of this kind.
fn real(values: &[String], otherwise: S) -> S {
    if values.is_empty() {
        otherwise
    } else {
        prop::sample::select(values.to_vec()).boxed()
    }
}

/// `len` characters of `alphabet`.
fn chars_of(alphabet: &str, len: std::ops::RangeInclusive<usize>) -> S {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(chars), len).prop_map(String::from_iter).boxed()
}

fn hex32() -> S {
    chars_of("0123456789abcdef", 32..=32)
}

/// A tenderID's shape (`UA-2026-10-08-011748-a`) after `prefix` (`UA-`, `UA-P-`), with `rest` after it.
fn register_id(prefix: &'static str, rest: S) -> S {
    (0..100u32, 1..13u32, 1..29u32, 0..1_000_000u32, chars_of("abc", 1..=1), rest)
        .prop_map(move |(y, m, d, n, s, rest)| format!("{prefix}20{y:02}-{m:02}-{d:02}-{n:06}-{s}{rest}"))
        .boxed()
}

fn cpv() -> S {
    (0..100_000_000u32, prop::option::of(0..10u32))
        .prop_map(|(n, check)| check.map_or(format!("{n:08}"), |c| format!("{n:08}-{c}")))
        .boxed()
}

/// JavaScript's `encodeURIComponent`.
fn component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Statuses of the three registers' filters: the upstream's own lists (SPEC §4).
fn statuses() -> S {
    use upstream::records::Kind;
    let mut all: Vec<&str> =
        [Kind::Tender, Kind::Plan, Kind::Contract].iter().flat_map(|kind| kind.statuses()).copied().collect();
    all.sort_unstable();
    all.dedup();
    pick(&all)
}

/// Procurement method types, one that is a framework's type (`electronicCatalogue`) among them.
const METHOD_TYPES: &[&str] = &[
    "belowThreshold",
    "aboveThreshold",
    "aboveThresholdUA",
    "aboveThresholdEU",
    "negotiation",
    "negotiation.quick",
    "reporting",
    "reporting.covid19",
    "priceQuotation",
    "competitiveDialogueUA",
    "competitiveDialogueEU.stage2",
    "closeFrameworkAgreementSelectionUA",
    "simple.defense",
    "esco",
    "electronicCatalogue",
    "requestForProposal",
];
/// Sort orders of the registers and the catalogue, and two that none has.
const SORTS: &[&str] = &[
    "dateCreated.desc",
    "dateCreated.asc",
    "dateModified.desc",
    "valueAmount.desc",
    "valueAmount.asc",
    "publicationDate.desc",
    "popularity.desc",
    "title.asc",
    "value.asc",
    "value.desc",
    "dateCreated",
    "x.asc",
];
/// Every parameter name a page reads, and a few it does not.
const NAMES: &[&str] = &[
    "keyword",
    "status",
    "procurementMethodType",
    "classification",
    "road",
    "gmdn",
    "inn",
    "ccce_ua",
    "organizer",
    "supplier",
    "fundManager",
    "funder",
    "region",
    "tags",
    "typeSubjectProcurement",
    "paymentType",
    "planYear",
    "tender_id",
    "valueAmount",
    "valueBudget",
    "valueSum",
    "publicationDate",
    "enquiryPeriod",
    "tenderPeriod",
    "auctionPeriod",
    "qualificationPeriod",
    "plansPeriod",
    "plansPublished",
    "dateSigned",
    "hasActiveMonitoring",
    "testMode",
    "sortOrder",
    "perPage",
    "page",
    "open",
    "userGroup",
    "countryId",
    "incorporationCountryId",
    "market_classification",
    "relatedCategoryId",
    "relatedProfileIds",
    "searchId",
    "lang",
    "v",
    "utm_source",
];
/// Text that broke, or may break, a parser or a page.
const HOSTILE: &[&str] = &[
    "",
    " ",
    "  x  ",
    ".",
    "..",
    "...",
    "/",
    "//",
    "\\",
    "//evil.example",
    "http://evil.example",
    "javascript:alert(1)",
    "</script><script>alert(1)</script>",
    "\"'><",
    "&",
    "=",
    "?",
    "#",
    "+",
    "%",
    "[]",
    "[0]",
    "]",
    "[",
    "{/x}",
    "{}",
    "\u{0}",
    "\n",
    "\r\n",
    "\t",
    "\u{2028}",
    "NaN",
    "Infinity",
    "-0",
    "1e309",
    "0x10",
    "ремонт доріг",
    "М'ясо «Сир»",
    "ünïcödé",
    "😀",
    "a\u{301}",
    "UA-2026-10-08-011748-a",
    "null",
    "__proto__",
    "constructor",
];

/// `%XX` escapes, valid or not, of ASCII, of UTF-8 bytes and of nothing at all.
fn escape() -> S {
    prop_oneof![
        any::<u8>().prop_map(|b| format!("%{b:02x}")),
        pick(&[
            "%",
            "%%",
            "%G1",
            "%2",
            "%E0%A4%A",
            "%C0%AF",
            "%EF%BF%BF",
            "%F0%9F%98%80",
            "%ED%A0%80",
            "%00",
            "%2F",
            "%2e%2e"
        ]),
    ]
    .boxed()
}

/// Any characters, controls as spaces (what a form field may hold).
fn printable() -> S {
    let char = any::<char>().prop_map(|c| if c.is_control() { ' ' } else { c });
    prop::collection::vec(char, 0..24).prop_map(String::from_iter).boxed()
}

/// `%` escapes among bits of ASCII, controls included.
fn escaped() -> S {
    let ascii = prop::collection::vec((0..0x80u8).prop_map(char::from), 0..=3).prop_map(String::from_iter);
    prop::collection::vec(prop_oneof![escape(), ascii], 0..6).prop_map(|parts| parts.concat()).boxed()
}

/// Around the lengths the codecs bound (32, 64, 100, 200 characters), in one- and
/// two-unit characters.
fn near_bounds() -> S {
    let bounds = prop::sample::select(vec![15usize, 16, 31, 32, 33, 63, 64, 65, 99, 100, 101, 199, 200, 201]);
    (
        pick(&["", "a", " "]),
        pick(&["a", "я", "😀", " ", "%F0%9F%98%80", "9"]),
        prop_oneof![0..=210usize, bounds],
        pick(&["", "b", "я", "😀", " ", "😀😀"]),
    )
        .prop_map(|(head, unit, n, tail)| format!("{head}{}{tail}", unit.repeat(n)))
        .boxed()
}

/// Now and then past the 8 KB a request target may have (up to 9,000 bytes).
fn long() -> S {
    (pick(&["a", "%41", "я", "0"]), 100..9000usize).prop_map(|(s, n)| s.repeat(n.div_ceil(s.len()))).boxed()
}

/// Text a person, a crawler or an attacker may put into a URL.
fn hostile() -> S {
    prop_oneof![
        8 => pick(HOSTILE),
        6 => prop::collection::vec(any::<char>(), 0..12).prop_map(String::from_iter),
        6 => printable(),
        6 => escaped(),
        6 => near_bounds(),
        1 => long(),
    ]
    .boxed()
}

fn date() -> S {
    prop_oneof![
        (1900..2101u32, 1..13u32, 1..29u32).prop_map(|(y, m, d)| format!("{y}-{m:02}-{d:02}")),
        pick(&[
            "2026-02-30",
            "2026-13-01",
            "0000-00-00",
            "9999-12-31",
            "2026-1-1",
            "2026-10-08T10:00:00+03:00",
            "08.10.2026"
        ]),
    ]
    .boxed()
}

fn number() -> S {
    prop_oneof![
        (-10..1_000_000_000i64).prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| n.to_string()),
        pick(&[
            "1 000,50",
            "1\u{a0}000",
            "0",
            "-1",
            "1e5",
            "1.",
            ".5",
            "00012",
            "12345678901234567890",
            "1,2,3",
            "0.0000001"
        ]),
        (1..320usize, any::<bool>()).prop_map(|(n, fraction)| if fraction {
            format!("0.{}1", "0".repeat(n))
        } else {
            format!("1{}", "0".repeat(n))
        }),
    ]
    .boxed()
}

/// Ids of every kind the routes take, real or of the right shape, and near misses.
fn ids(reals: &Reals) -> S {
    prop_oneof![
        real(&reals.tenders, register_id("UA-", Just(String::new()).boxed())),
        register_id("UA-", pick(&["", ".2", "-a1", "-x"])),
        real(&reals.plans, register_id("UA-P-", Just(String::new()).boxed())),
        real(&reals.contracts, register_id("UA-", chars_of("abc0123", 2..=2).prop_map(|s| format!("-{s}")).boxed())),
        hex32(),
        cpv(),
        chars_of("abcdefghijklmnopqrstuvwxyzABCZ0123456789_.-", 1..=24),
        real(&reals.categories, chars_of("0123456789-", 8..=24)),
    ]
    .boxed()
}

/// Values that may be right for some parameter.
fn plausible(reals: &Reals) -> S {
    prop_oneof![
        statuses(),
        pick(METHOD_TYPES),
        pick(SORTS),
        pick(&[
            "goods",
            "works",
            "services",
            "prepayment",
            "postpayment",
            "true",
            "false",
            "1",
            "0",
            "buyer",
            "seller",
            "cpe",
            "UA",
            "ua",
            "GB"
        ]),
        pick(&["10", "20", "50", "100", "25"]),
        (1..1200u32).prop_map(|n| n.to_string()),
        real(&reals.classifications, cpv()),
        real(&reals.organizers, chars_of("0123456789", 8..=8)),
        real(&reals.profiles, hex32()),
        ids(reals),
        date(),
        number(),
    ]
    .boxed()
}

fn index() -> S {
    prop_oneof![(0..40u32).prop_map(|n| n.to_string()), pick(&["", "-1", "01", "99999", "x", "1.5"])].boxed()
}

/// A parameter name with what may follow it: `[]`, `[3]`, `[from]`, escaped brackets, junk.
fn key() -> S {
    let suffix = prop_oneof![
        Just(String::new()),
        index().prop_map(|i| format!("[{i}]")),
        pick(&["[from]", "[to]", "%5B%5D", "%5B0%5D", "[", "]", "[][]", "[from][to]", "[0]x"]),
    ];
    let requirement = (
        pick(&["text", "number", "boolean"]),
        index(),
        pick(&["requirement", "values", "value", "minValue", "maxValue", "x"]),
        prop_oneof![Just(String::new()), index().prop_map(|i| format!("[{i}]"))],
    )
        .prop_map(|(kind, i, field, j)| format!("{kind}Requirements[{i}][{field}]{j}"));
    prop_oneof![
        6 => (pick(NAMES), suffix).prop_map(|(name, suffix)| name + &suffix),
        2 => requirement,
        1 => hostile(),
    ]
    .boxed()
}

/// The requirement filters of a real profile, as the page's form writes them.
fn requirement_filters(reals: &Reals) -> S {
    if reals.requirements.is_empty() {
        return Just(String::new()).boxed();
    }
    let one = (prop::sample::select(reals.requirements.clone()), any::<prop::sample::Index>(), number());
    prop::collection::vec(one, 1..4)
        .prop_map(|filters| {
            let mut pairs = Vec::new();
            for (i, ((kind, title, values), at, n)) in filters.into_iter().enumerate() {
                pairs.push(format!("{kind}Requirements[{i}][requirement]={}", component(&title)));
                let value = if values.is_empty() { n } else { values[at.index(values.len())].clone() };
                pairs.push(match kind.as_str() {
                    "text" => format!("textRequirements[{i}][values][0]={}", component(&value)),
                    "boolean" => format!("booleanRequirements[{i}][value]=true"),
                    _ => format!("numberRequirements[{i}][minValue]={}", component(&value)),
                });
            }
            pairs.join("&")
        })
        .boxed()
}

/// A query string: pairs as a form sends them, with raw or escaped values, or noise.
fn query(reals: &Reals) -> S {
    let value = prop_oneof![3 => plausible(reals), 2 => hostile()];
    let pairs = prop::collection::vec((key(), value, any::<bool>()), 0..14).prop_map(|pairs| {
        pairs
            .iter()
            .map(|(k, v, encoded)| if *encoded { format!("{k}={}", component(v)) } else { format!("{k}={v}") })
            .collect::<Vec<_>>()
            .join("&")
    });
    prop_oneof![
        8 => pairs,
        2 => requirement_filters(reals),
        1 => hostile(),
        1 => prop::collection::vec(prop_oneof![key(), pick(&["&", "=", "&&", "=="])], 0..6).prop_map(|p| p.concat()),
    ]
    .boxed()
}

/// A path segment: an id of some kind, or anything, as it is or escaped.
fn segment(reals: &Reals) -> S {
    prop_oneof![3 => ids(reals), 2 => hostile(), 1 => hostile().prop_map(|s| component(&s))].boxed()
}

/// `prefix` and then a value of `values`.
fn under(prefix: &'static str, values: S) -> S {
    values.prop_map(move |v| format!("{prefix}{v}")).boxed()
}

/// A path of every family of the route table, and paths no route takes. The searches and
/// the catalogue's lists, whose query strings the codecs read, come up most.
fn page_path(reals: &Reals) -> S {
    let seg = || segment(reals);
    // A real id of this kind, or any segment.
    let id = |values: &[String]| prop_oneof![real(values, seg()), seg()].boxed();
    let tail = || prop_oneof![Just(String::new()), under("/", seg())];
    let others = pick(&[
        "",
        "/market",
        "/market/cart",
        "/market/category",
        "/market/profile",
        "/info/tariffs",
        "/info/contacts",
        "/info/regulations",
        "/icabinet",
        "/login",
        "/login/2fa",
        "/login/forgot",
        "/registration",
        "/logout",
        "/js/sign",
        "/tenders/",
        "/TENDERS",
        "/en",
        "/en/",
        "/enx",
    ]);
    let sections = pick(&["", "", "/awards", "/documents", "/monitorings", "/bids"]);
    prop_oneof![
        8 => pick(&["/", "/tenders", "/plans", "/contracts"]),
        4 => pick(&["/market/categories", "/market/profiles", "/market/products"]),
        2 => under("/market/category/", id(&reals.categories)),
        2 => under("/market/profile/", id(&reals.profiles)),
        2 => others,
        2 => (real(&reals.tenders, seg()), sections).prop_map(|(id, section)| format!("/tenders/{id}{section}")),
        1 => (seg(), tail()).prop_map(|(id, sub)| format!("/tenders/{id}{sub}")),
        1 => under("/tenders/", real(&reals.monitorings, seg())),
        1 => (seg(), seg(), tail()).prop_map(|(t, m, sub)| format!("/tenders/{t}/monitorings/{m}{sub}")),
        1 => under("/tenders/external/", id(&reals.tenders)),
        1 => under("/plans/", id(&reals.plans)),
        1 => under("/contracts/", id(&reals.contracts)),
        1 => under("/market/", id(&reals.classifications)),
        1 => under("/market/products/", id(&reals.products)),
        1 => under("/market/prozorro-products/", id(&reals.prozorro_products)),
        2 => (seg(), tail()).prop_map(|(a, b)| format!("/{a}{b}")),
    ]
    .boxed()
}

/// A URL as the server passes it on: the language prefix or not, a path, and a query
/// (sometimes an empty `?`); now and then doubled or trailing slashes.
fn page_url(reals: &Reals) -> S {
    (any::<bool>(), page_path(reals), prop::option::weighted(0.8, query(reals)), pick(&["", "", "", "/", "//"]))
        .prop_map(|(en, path, query, slash)| {
            let path = if path.is_empty() || path.starts_with('/') { path } else { format!("/{path}") };
            let path = if slash == "//" { path.replacen('/', "//", 1) } else { path + &slash };
            let full = match (en, path.as_str()) {
                (true, "/") => "/en".to_owned(),
                (true, _) => format!("/en{path}"),
                (false, "") => "/".to_owned(),
                (false, _) => path,
            };
            match query {
                Some(query) => format!("{full}?{query}"),
                None => full,
            }
        })
        .boxed()
}
