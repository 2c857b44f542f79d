//! `make bench-sync`: the mirror's figures (issue 41). A stand-in upstream serves the real
//! data plus `--tenders N` generated tenders as a feed; a mirror (this process) fills an
//! empty store from it while keyword searches run against the mirror, then follows one
//! change, then the standalone binary is started on the filled store.
//!
//! Prints: the ingest rate (records a second), keyword search p50/p95 during the ingest,
//! the delay from a change in the feed to the mirror's search, the restart time to the
//! first answered search, and the restarted process's resident memory.

use anyhow::Context;
use std::time::{Duration, Instant};
use upstream::records::Kind;

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn quantile(mut v: Vec<f64>, q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn public_count(s: &upstream::AppState) -> usize {
    let data = s.data.read();
    [Kind::Tender, Kind::Plan, Kind::Contract]
        .into_iter()
        .map(|k| {
            let c = data.collection(k);
            (0..c.len() as u32).filter(|&d| !c.index.is_dead(d) && !c.index.has_status(d, "draft")).count()
        })
        .sum()
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let generated = arg("--tenders", 100_000);
    let data_dir = std::env::var("UPSTREAM_DATA_DIR").unwrap_or_else(|_| "data".into());
    let mut source_cfg = upstream::UpstreamConfig::for_data_dir(&data_dir);
    source_cfg.generated_tenders = generated;
    source_cfg.dev = true;
    let source = tokio::task::spawn_blocking(move || upstream::load(source_cfg)).await??;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(upstream::serve_on(listener, source.clone()));
    let url = format!("http://{addr}/cdb/api/2.5");
    // The feed's rows are built on its first page: before the clock starts.
    reqwest::get(format!("{url}/tenders?limit=1")).await?.error_for_status()?;
    reqwest::get(format!("{url}/plans?limit=1")).await?.error_for_status()?;
    reqwest::get(format!("{url}/contracts?limit=1")).await?.error_for_status()?;
    let want = public_count(&source);

    let store = std::env::temp_dir().join(format!("bench-sync-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&store);
    let mut cfg = upstream::UpstreamConfig::for_data_dir(&data_dir);
    let mut sync = upstream::sync::SyncConfig::new(&url, &store);
    sync.store_dir = store.clone();
    sync.rate = 1000.0;
    sync.concurrency = 16;
    sync.limit = 1000;
    sync.idle_ms = 200;
    cfg.sync = Some(sync.clone());
    let mirror = tokio::task::spawn_blocking(move || upstream::load(cfg)).await??;
    let mlistener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let started = Instant::now();
    tokio::spawn(upstream::serve_on(mlistener, mirror.clone()));

    // Keyword searches against the mirror while it fills.
    let words =
        ["послуги", "ремонт", "бензин", "продукти", "медичних", "електричної енергії", "канцелярські", "будівництво"];
    let mut latencies = Vec::new();
    let mut i = 0;
    loop {
        let have = public_count(&mirror);
        if have >= want {
            break;
        }
        if started.elapsed() > Duration::from_secs(3600) {
            anyhow::bail!("the mirror holds {have} of {want} records after an hour");
        }
        let q = upstream::params::Params::parse(&format!("keyword={}&perPage=10", words[i % words.len()]));
        i += 1;
        let t = Instant::now();
        {
            let data = mirror.data.read();
            let query = data.query(&q, Kind::Tender)?;
            std::hint::black_box(data.tenders.index.search(&query).total);
        }
        latencies.push(t.elapsed().as_secs_f64() * 1000.0);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ingest = started.elapsed().as_secs_f64();

    // A change in the feed, until the mirror's search finds it under its new status.
    let id = {
        let data = source.data.read();
        let q = data.query(&upstream::params::Params::parse("status[]=active.tendering&perPage=1"), Kind::Tender)?;
        let hits = data.tenders.index.search(&q);
        data.tender_hex_id(*hits.page.first().context("an open tender")?)
    };
    let patched = Instant::now();
    let client = reqwest::Client::new();
    client
        .post(format!("http://{addr}/dev/cdb/tenders/{id}"))
        .body(r#"{"status": "cancelled"}"#)
        .send()
        .await?
        .error_for_status()?;
    let visible = loop {
        {
            let data = mirror.data.read();
            let q = data
                .query(&upstream::params::Params::parse(&format!("keyword={id}&status[]=cancelled")), Kind::Tender)?;
            if data.tenders.index.search(&q).total == 1 {
                break patched.elapsed().as_secs_f64();
            }
        }
        if patched.elapsed() > Duration::from_secs(60) {
            anyhow::bail!("the change did not arrive in a minute");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };

    // Restart: the standalone binary on the filled store, offline, to its first search.
    let exe = std::env::current_exe()?.with_file_name("upstream");
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let t = Instant::now();
    let mut child = std::process::Command::new(&exe)
        .env("UPSTREAM_DATA_DIR", &data_dir)
        .env("UPSTREAM_PORT", port.to_string())
        .env("UPSTREAM_USERS_DB", ":memory:")
        .env("UPSTREAM_SYNC_URL", "http://127.0.0.1:9/cdb/api/2.5")
        .env("UPSTREAM_STORE_DIR", &store)
        .env("RUST_LOG", "error")
        .spawn()
        .with_context(|| format!("{} (cargo build --release -p upstream)", exe.display()))?;
    let restart = loop {
        if let Ok(r) =
            client.get(format!("http://127.0.0.1:{port}/api/tenders?keyword=послуги&perPage=10")).send().await
        {
            if r.status().is_success() {
                break t.elapsed().as_secs_f64();
            }
        }
        if t.elapsed() > Duration::from_secs(600) {
            anyhow::bail!("the restarted mirror did not answer in 10 minutes");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let rss = rss_kib(child.id()).unwrap_or(0);
    child.kill().ok();
    child.wait().ok();
    let disk: u64 = std::fs::read_dir(&store)?.filter_map(|e| e.ok()?.metadata().ok()).map(|m| m.len()).sum();
    let _ = std::fs::remove_dir_all(&store);

    println!("bench-sync: {want} public records ({generated} generated tenders), store {:.1} MB", disk as f64 / 1e6);
    println!(
        "  ingest: {:.1} s, {:.0} records/s (rate 1000/s, concurrency 16, pages of 1000)",
        ingest,
        want as f64 / ingest
    );
    println!(
        "  keyword search during ingest: {} searches, p50 {:.2} ms, p95 {:.2} ms",
        latencies.len(),
        quantile(latencies.clone(), 0.5),
        quantile(latencies, 0.95)
    );
    println!("  a change in the feed to the mirror's search: {:.2} s", visible);
    println!("  restart from the store to the first search: {:.1} s, resident {:.0} MB", restart, rss as f64 / 1024.0);
    Ok(())
}
