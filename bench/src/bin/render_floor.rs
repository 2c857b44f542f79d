//! The render floor: how long one `render()` of a page takes inside one isolate,
//! measured around the pool call (the thread hop is included, a few µs).
//! `make bench-render` builds the bundle and runs it; figures only, no assertions.

use std::time::{Duration, Instant};

use renderer::{PoolOptions, RendererPool};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e} (run `make web`)"))
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

/// The prefetched data a page needs, fetched the way the server does (plan, then GET).
async fn page_data(pool: &RendererPool, base: &str, input: &str) -> serde_json::Value {
    let plan = pool.plan(input.to_owned()).await.expect("plan");
    let mut data = serde_json::Map::new();
    for fetch in plan.fetches {
        let body = reqwest_get(&format!("{base}{}", fetch.path)).await;
        data.insert(fetch.key, serde_json::json!({ "ok": true, "body": body }));
    }
    serde_json::Value::Object(data)
}

async fn reqwest_get(url: &str) -> serde_json::Value {
    reqwest::get(url).await.expect("upstream").json().await.expect("json")
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(2000);
    let config: serde_json::Value = serde_json::from_str(&read("config/portal.json")).expect("config");
    let translations = format!(r#"{{"uk":{},"en":{}}}"#, read("locales/uk/dzo.json"), read("locales/en/dzo.json"));
    let started = Instant::now();
    let pool = RendererPool::start(PoolOptions {
        bundle: read("web/dist/server/entry-server.js"),
        translations_json: translations,
        isolates: 1,
        deadline: Duration::from_secs(2),
        heap_limit_bytes: 128 << 20,
        snapshot: true,
        extra_script: String::new(),
    })
    .expect("pool");
    println!("pool start (snapshot + 1 isolate): {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
    let base = upstream().await;
    let tender = reqwest_get(&format!("{base}/api/tenders?perPage=1&procurementMethodType[0]=aboveThreshold&status[0]=complete&sortOrder=valueAmount.desc")).await;
    let tender_url = format!("/tenders/{}", tender["hydra:member"][0]["tenderID"].as_str().expect("a tender"));
    for (url, language) in
        [("/", "uk"), ("/en/tenders?status=complete", "en"), (tender_url.as_str(), "uk"), ("/no/such/page", "uk")]
    {
        let bare = |data: serde_json::Value| {
            serde_json::json!({
                "url": url, "language": language, "config": config["client"], "session": null, "data": data, "error": null
            })
            .to_string()
        };
        let input = bare(page_data(&pool, &base, &bare(serde_json::json!({}))).await);
        for _ in 0..200 {
            pool.render(input.clone()).await.expect("render");
        }
        let mut times = Vec::with_capacity(runs);
        let mut bytes = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let out = pool.render(input.clone()).await.expect("render");
            times.push(t.elapsed());
            bytes = out.html.len() + out.head.len();
        }
        times.sort();
        println!(
            "render {url:<40} runs {runs}  median {:>7.1} µs  p90 {:>7.1} µs  p99 {:>7.1} µs  html {bytes} B",
            percentile(&times, 0.5).as_secs_f64() * 1e6,
            percentile(&times, 0.9).as_secs_f64() * 1e6,
            percentile(&times, 0.99).as_secs_f64() * 1e6,
        );
    }
}
