//! `make bench-sync`: the mirror's figures (issue 41). A stand-in upstream serves the real
//! data plus `--tenders N` generated tenders as a feed; a mirror (this process) fills an
//! empty store from it while keyword searches run against the mirror, then follows one
//! change, then the standalone binary is started on the filled store.
//!
//! Prints: the ingest rate (records a second), keyword search p50/p95 during the ingest,
//! the delay from a change in the feed to the mirror's search, the restart time to the
//! first answered search, and the restarted process's resident memory.
//!
//! With `--restart-tenders N` (`make bench-sync` passes 1,000,000), a second store of N
//! tenders (the real ones and generated ones, with the snapshot's plans and contracts)
//! is written as the sync writes it, page by page with each version's index row, and
//! the standalone binary is started on it twice: the first start builds the keyword
//! index the seeding left out (as after losing it), the second is a restart. Both are
//! timed to the first answered search, with their resident memory, and keyword search
//! p50/p95 is measured over HTTP on the restarted process.

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
    let (restart, rss, mut child, _) = start_binary(&store, &data_dir).await?;
    child.kill().ok();
    child.wait().ok();
    let disk = du(&store);
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
    drop(source);
    drop(mirror);

    let big = arg("--restart-tenders", 0);
    if big > 0 {
        large_store(big, &data_dir).await?;
    }
    Ok(())
}

/// Bytes under a folder.
fn du(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => du(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

/// Starts the standalone binary on a store, offline, and waits for its first answered
/// keyword search: (seconds, resident KiB then, the process, its port).
async fn start_binary(store: &std::path::Path, data_dir: &str) -> anyhow::Result<(f64, u64, std::process::Child, u16)> {
    let exe = std::env::current_exe()?.with_file_name("upstream");
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let client = reqwest::Client::new();
    let t = Instant::now();
    let mut child = std::process::Command::new(&exe)
        .env("UPSTREAM_DATA_DIR", data_dir)
        .env("UPSTREAM_PORT", port.to_string())
        .env("UPSTREAM_USERS_DB", ":memory:")
        .env("UPSTREAM_SYNC_URL", "http://127.0.0.1:9/cdb/api/2.5")
        .env("UPSTREAM_STORE_DIR", store)
        .env("RUST_LOG", "error")
        .spawn()
        .with_context(|| format!("{} (cargo build --release -p upstream)", exe.display()))?;
    loop {
        if let Ok(r) =
            client.get(format!("http://127.0.0.1:{port}/api/tenders?keyword=послуги&perPage=10")).send().await
        {
            if r.status().is_success() {
                let secs = t.elapsed().as_secs_f64();
                return Ok((secs, rss_kib(child.id()).unwrap_or(0), child, port));
            }
        }
        if t.elapsed() > Duration::from_secs(1800) {
            child.kill().ok();
            anyhow::bail!("the mirror on {} did not answer in 30 minutes", store.display());
        }
        if let Ok(Some(status)) = child.try_wait() {
            anyhow::bail!("the mirror on {} stopped: {status}", store.display());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A store of `n` tenders written as the sync writes one, then two starts on it.
async fn large_store(n: usize, data_dir: &str) -> anyhow::Result<()> {
    let store_dir = std::env::temp_dir().join(format!("bench-sync-large-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&store_dir);
    let t = Instant::now();
    let written = {
        let mut cfg = upstream::UpstreamConfig::for_data_dir(data_dir);
        let real = {
            let probe = upstream::UpstreamConfig::for_data_dir(data_dir);
            let s = tokio::task::spawn_blocking(move || upstream::load(probe)).await??;
            let real = s.data.read().tenders.len();
            real
        };
        cfg.generated_tenders = n.saturating_sub(real);
        let source = tokio::task::spawn_blocking(move || upstream::load(cfg)).await??;
        let dir = store_dir.clone();
        tokio::task::spawn_blocking(move || -> anyhow::Result<usize> {
            let store = upstream::sync::store::Store::open(&dir)?;
            let data = source.data.read();
            let mut written = 0;
            for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
                let c = data.collection(kind);
                let all: Vec<u32> = (0..c.len() as u32).collect();
                for page in all.chunks(1000) {
                    let docs = page.iter().map(|&d| data.document(c, d)).collect();
                    let prepared = data.prepare(kind, docs);
                    let incoming: Vec<_> = prepared.iter().map(|p| p.incoming()).collect();
                    written += store.save_page(kind, &incoming, None, false)?.len();
                }
            }
            Ok(written)
        })
        .await??
    };
    let seeded = t.elapsed().as_secs_f64();
    let disk_rows = du(&store_dir);

    let (first, first_rss, mut child, _) = start_binary(&store_dir, data_dir).await?;
    child.kill().ok();
    child.wait().ok();
    let disk = du(&store_dir);
    let (restart, rss, mut child, port) = start_binary(&store_dir, data_dir).await?;
    let client = reqwest::Client::new();
    let words = [
        "послуги",
        "ремонт",
        "бензин",
        "продукти",
        "медичних",
        "електричної енергії",
        "канцелярські",
        "будівництво",
        "ремонт доріг",
        "послуги охорони",
    ];
    let mut latencies = Vec::new();
    for i in 0..200 {
        let q = format!("http://127.0.0.1:{port}/api/tenders?keyword={}&perPage=10", words[i % words.len()]);
        let t = Instant::now();
        client.get(q).send().await?.error_for_status()?.bytes().await?;
        latencies.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let after = rss_kib(child.id()).unwrap_or(0);
    child.kill().ok();
    child.wait().ok();
    let (most, _) = ingest_at_size(&store_dir, data_dir, &words, None, 30).await?;
    let (paced, during) = ingest_at_size(&store_dir, data_dir, &words, Some(1000.0), 60).await?;
    let _ = std::fs::remove_dir_all(&store_dir);

    println!("bench-sync, a store of {n} tenders: {written} records written in {seeded:.0} s (rows and records {:.1} GB, with the keyword index {:.1} GB)", disk_rows as f64 / 1e9, disk as f64 / 1e9);
    println!("  first start (builds the keyword index): {first:.1} s, resident {:.0} MB", first_rss as f64 / 1024.0);
    println!("  restart to the first search: {restart:.1} s, resident {:.0} MB", rss as f64 / 1024.0);
    println!(
        "  keyword search over HTTP after the restart: p50 {:.2} ms, p95 {:.2} ms; resident then {:.0} MB",
        quantile(latencies.clone(), 0.5),
        quantile(latencies, 0.95),
        after as f64 / 1024.0
    );
    println!("  ingest at this size (in process, no feed), as fast as it goes: {most:.0} records/s");
    println!(
        "  ingest paced at 1,000 records/s ({paced:.0} reached); keyword search meanwhile: {} searches, p50 {:.2} ms, p95 {:.2} ms",
        during.len(),
        quantile(during.clone(), 0.5),
        quantile(during, 0.95)
    );
    Ok(())
}

/// The mirror on a large store, in this process: new versions of its tenders stored and
/// indexed page after page (1,000 a page, as the sync takes a feed page) for `secs`, at
/// most `rate` records a second, while keyword searches run: (records a second, search
/// latencies in ms).
async fn ingest_at_size(
    store: &std::path::Path,
    data_dir: &str,
    words: &[&str],
    rate: Option<f64>,
    secs: u64,
) -> anyhow::Result<(f64, Vec<f64>)> {
    let mut cfg = upstream::UpstreamConfig::for_data_dir(data_dir);
    let mut sync = upstream::sync::SyncConfig::new("http://127.0.0.1:9/cdb/api/2.5", store);
    sync.store_dir = store.to_path_buf();
    cfg.sync = Some(sync);
    let mirror = tokio::task::spawn_blocking(move || upstream::load(cfg)).await??;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (mirror, stop) = (mirror.clone(), stop.clone());
        std::thread::spawn(move || -> anyhow::Result<(usize, f64)> {
            let store = mirror.mirror.clone().context("a store")?;
            let t = Instant::now();
            let mut written = 0;
            let mut d = 0u32;
            let stamp = upstream::dates::format_kyiv(upstream::dates::now_ms() + 86_400_000);
            while !stop.load(std::sync::atomic::Ordering::Relaxed) && t.elapsed() < Duration::from_secs(secs) {
                if let Some(rate) = rate {
                    // The next page waits until the pace allows it.
                    let due = Duration::from_secs_f64(written as f64 / rate);
                    if let Some(wait) = due.checked_sub(t.elapsed()) {
                        std::thread::sleep(wait);
                    }
                }
                let docs: Vec<serde_json::Value> = {
                    let data = mirror.data.read();
                    let c = &data.tenders;
                    let mut page = Vec::with_capacity(1000);
                    while page.len() < 1000 && (d as usize) < c.len() {
                        if !c.index.is_dead(d) {
                            let mut doc = data.document(c, d);
                            doc["dateModified"] = serde_json::json!(stamp);
                            page.push(doc);
                        }
                        d += 1;
                    }
                    page
                };
                if docs.is_empty() {
                    break;
                }
                written += mirror.data.mirror_change(&store, Kind::Tender, docs, None, false)?;
            }
            Ok((written, t.elapsed().as_secs_f64()))
        })
    };
    let mut latencies = Vec::new();
    let mut i = 0;
    while !writer.is_finished() {
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
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (written, secs) = writer.join().map_err(|_| anyhow::anyhow!("the writer panicked"))??;
    Ok((written as f64 / secs, latencies))
}
