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
    for (url, language) in [("/", "uk"), ("/en/tenders", "en"), ("/no/such/page", "uk")] {
        let input = serde_json::json!({
            "url": url, "language": language, "config": config["client"], "session": null, "data": {}, "error": null
        })
        .to_string();
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
            "render {url:<16} runs {runs}  median {:>7.1} µs  p90 {:>7.1} µs  p99 {:>7.1} µs  html {bytes} B",
            percentile(&times, 0.5).as_secs_f64() * 1e6,
            percentile(&times, 0.9).as_secs_f64() * 1e6,
            percentile(&times, 0.99).as_secs_f64() * 1e6,
        );
    }
}
