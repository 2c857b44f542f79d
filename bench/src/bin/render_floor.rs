//! The render floor: how long one `render()` of a page takes inside one isolate,
//! measured around the pool call. The isolate is hosted on this thread, as on the
//! server's serving threads: no thread hop is timed.
//! `make bench-render` builds the bundle and runs it; figures only, no assertions.
//!
//! ```text
//! render-floor [RUNS] [--runs N] [--json] [--upstream http://127.0.0.1:PORT] [--root DIR] [URL ...]
//! ```
//! Without URLs it measures a few typical pages. `--upstream` fetches the data from a
//! running upstream instead of starting one in this process; `--root` reads
//! `config/`, `locales/` and `web/dist/` from DIR instead of this project (`make bench`
//! passes its snapshot); `--json` prints one JSON object per page (`make bench` reads them).
//! The input is written as the server writes it, and rendered the server's way (upstream
//! answers the isolate parsed before are reused); each run is followed by one with the
//! whole input parsed, timed apart (`whole_input_median_us`).

use std::time::{Duration, Instant};

use renderer::{Failure, Language, PoolOptions, RenderInput, RendererPool};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Where `config/`, `locales/` and `web/dist/` are read from: `--root`, else this project.
static FILES_ROOT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
/// The embedded upstream's address as `config/portal.json` writes it.
const EMBEDDED_UPSTREAM: &str = "http://127.0.0.1:8081";

fn read(path: &str) -> String {
    let root = FILES_ROOT.get().map_or(ROOT, String::as_str);
    std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e} (run `make web`)"))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Starts the real upstream over the real data in this process and returns its address.
async fn upstream() -> String {
    let config = upstream::UpstreamConfig::for_data_dir(format!("{ROOT}/data"));
    let state = tokio::task::spawn_blocking(move || upstream::load(config)).await.unwrap().expect("data (make setup)");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(upstream::serve_on(listener, state));
    addr
}

/// The client configuration with the embedded upstream's endpoints pointed at `base`.
fn client_config(base: &str) -> serde_json::Value {
    let mut config: serde_json::Value = serde_json::from_str(&read("config/portal.json")).expect("config");
    if let Some(endpoints) = config["client"]["endpoints"].as_object_mut() {
        for value in endpoints.values_mut() {
            if let Some(rest) = value.as_str().and_then(|v| v.strip_prefix(EMBEDDED_UPSTREAM)) {
                *value = serde_json::Value::String(format!("{base}{rest}"));
            }
        }
    }
    config["client"].take()
}

/// The render input of a page as the server writes it: the page data fetched the way
/// the server does (resolve, then GET from the service's endpoint, answers embedded as
/// their raw text, failures as failures), through the one input builder.
async fn page_input(pool: &RendererPool, config: &serde_json::Value, url: &str) -> RenderInput {
    let language = Language::of_url(url);
    let config_json = config.to_string();
    let resolution =
        pool.resolve(&RenderInput::without_data(url, language, &config_json, None, None)).await.expect("resolve");
    let mut answers: Vec<Result<String, Failure>> = Vec::new();
    let mut fetches = resolution.fetches.clone();
    // The server's order: first the fetches that wait for nothing, then the others with
    // their paths filled from the answer they wait for.
    fetches.sort_by_key(|f| f.after.is_some());
    for i in 0..fetches.len() {
        if let Some(key) = fetches[i].after.clone() {
            let answer = fetches.iter().position(|f| f.key == key).and_then(|at| answers.get(at)?.as_ref().ok());
            match answer.and_then(|body| renderer::dependent_path(&fetches[i].path, body)) {
                Some(path) => fetches[i].path = path,
                None => {
                    answers.push(Err(Failure::Status(404)));
                    continue;
                }
            }
        }
        let fetch = &fetches[i];
        if fetch.service == renderer::Service::RedFlags {
            // The server's own answer: the indicators of the tender answered before.
            let source = fetches
                .iter()
                .position(|f| Some(&f.key) == fetch.after.as_ref())
                .and_then(|at| answers[at].as_ref().ok());
            answers.push(match source.and_then(|body| serde_json::from_str::<serde_json::Value>(body).ok()) {
                Some(tender) => Ok(serde_json::to_string(&indicators::assess(&tender).evidence_of_raised_only())
                    .expect("an assessment")),
                None => Err(Failure::Status(404)),
            });
            continue;
        }
        let base = config["endpoints"][fetch.service.as_str()].as_str().expect("the service's endpoint");
        let address = format!("{}{}", base.trim_end_matches('/'), fetch.path);
        answers.push(match reqwest::get(&address).await {
            Ok(response) if response.status().as_u16() < 400 => response.text().await.map_err(|_| Failure::Invalid),
            Ok(response) => Err(Failure::Status(response.status().as_u16())),
            Err(e) if e.is_timeout() => Err(Failure::Timeout),
            Err(_) => Err(Failure::Unreachable),
        });
    }
    let mut builder = RenderInput::builder(url, language, &config_json, None, 0);
    for (fetch, answer) in fetches.iter().zip(&answers) {
        builder.answer(&fetch.key, fetch.source(), answer.as_deref().map_err(|f| *f));
    }
    builder.finish(None)
}

async fn reqwest_get(url: &str) -> serde_json::Value {
    reqwest::get(url).await.expect("upstream").json().await.expect("json")
}

struct Args {
    runs: usize,
    json: bool,
    upstream: Option<String>,
    root: Option<String>,
    urls: Vec<String>,
}

fn args() -> Args {
    let mut out = Args { runs: 2000, json: false, upstream: None, root: None, urls: Vec::new() };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => out.json = true,
            "--runs" => out.runs = args.next().and_then(|n| n.parse().ok()).expect("--runs N"),
            "--upstream" => out.upstream = Some(args.next().expect("--upstream URL")),
            "--root" => out.root = Some(args.next().expect("--root DIR")),
            url if url.starts_with('/') => out.urls.push(url.to_owned()),
            n => out.runs = n.parse().unwrap_or_else(|_| panic!("unknown argument `{n}`")),
        }
    }
    out
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args = args();
    let runs = args.runs.max(1);
    let translations = format!(r#"{{"uk":{},"en":{}}}"#, read("locales/uk/dzo.json"), read("locales/en/dzo.json"));
    if let Some(root) = &args.root {
        let _ = FILES_ROOT.set(root.clone());
    }
    let bundle = read("web/dist/server/entry-server.js");
    let started = Instant::now();
    let pool = RendererPool::start(PoolOptions {
        bundle,
        translations_json: translations,
        isolates: 1,
        hosted: true,
        deadline: Duration::from_secs(2),
        heap_limit_bytes: 128 << 20,
        snapshot: true,
        extra_script: String::new(),
        max_waiting: 0,
    })
    .expect("pool");
    pool.host().expect("an isolate on this thread");
    let pool_ms = started.elapsed().as_secs_f64() * 1e3;
    if !args.json {
        println!("pool start (snapshot + 1 isolate): {pool_ms:.1} ms");
    }
    let base = match args.upstream {
        Some(base) => base.trim_end_matches('/').to_owned(),
        None => upstream().await,
    };
    let config = client_config(&base);
    let urls = if args.urls.is_empty() {
        let tender = reqwest_get(&format!("{base}/api/tenders?perPage=1&procurementMethodType[0]=aboveThreshold&status[0]=complete&sortOrder=valueAmount.desc")).await;
        let id = tender["hydra:member"][0]["tenderID"].as_str().expect("a tender");
        vec![
            "/".to_owned(),
            "/en/tenders?status=complete".to_owned(),
            format!("/tenders/{id}"),
            "/no/such/page".to_owned(),
        ]
    } else {
        args.urls
    };
    for url in &urls {
        let url = url.as_str();
        let input = page_input(&pool, &config, url).await;
        for _ in 0..(runs / 10).clamp(20, 200) {
            pool.render(&input).await.expect("render");
        }
        // The server's way (answers parsed once per isolate while they stay the same)
        // and, interleaved, with the whole input parsed on every render.
        let mut times = Vec::with_capacity(runs);
        let mut whole = Vec::with_capacity(runs);
        let mut bytes = 0;
        let mut status = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let out = pool.render(&input).await.expect("render");
            times.push(t.elapsed());
            bytes = out.html.len() + out.head.len();
            status = out.status;
            let t = Instant::now();
            pool.render_parsed(&input).await.expect("render");
            whole.push(t.elapsed());
        }
        whole.sort();
        times.sort();
        let us = |p: f64| percentile(&times, p).as_secs_f64() * 1e6;
        if args.json {
            println!(
                "{}",
                serde_json::json!({
                    "url": url, "runs": runs, "status": status, "median_us": us(0.5), "p90_us": us(0.9),
                    "p99_us": us(0.99), "html_bytes": bytes, "pool_start_ms": pool_ms,
                    "whole_input_median_us": percentile(&whole, 0.5).as_secs_f64() * 1e6
                })
            );
        } else {
            println!(
                "render {url:<40} runs {runs}  median {:>7.1} µs  p90 {:>7.1} µs  p99 {:>7.1} µs  html {bytes} B  \
                 (whole input parsed: median {:>7.1} µs)",
                us(0.5),
                us(0.9),
                us(0.99),
                percentile(&whole, 0.5).as_secs_f64() * 1e6,
            );
        }
    }
    // V8 goes before this thread's other thread-locals do.
    pool.unhost();
}
