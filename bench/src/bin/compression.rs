//! What compressing a page costs: median time and bytes of brotli and gzip at a few
//! settings, over pages fetched (identity) from a running portal. Figures only.
//!
//! ```text
//! compression [--runs N] BASE_URL PATH...
//! ```
//! e.g. `compression http://127.0.0.1:8080 / /tenders /tenders/does-not-exist`.

use std::io::Write;
use std::time::{Duration, Instant};

use brotli::enc::BrotliEncoderParams;

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e6
}

/// Median µs and output bytes of `compress` over `runs` runs.
fn measure(runs: usize, mut compress: impl FnMut() -> Vec<u8>) -> (f64, usize) {
    let mut bytes = 0;
    for _ in 0..runs / 10 + 1 {
        bytes = compress().len();
    }
    let times = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let out = compress();
            let elapsed = t.elapsed();
            std::hint::black_box(out);
            elapsed
        })
        .collect();
    (median(times), bytes)
}

fn brotli(html: &[u8], quality: i32, lgwin: i32, hint: bool) -> Vec<u8> {
    let params =
        BrotliEncoderParams { quality, lgwin, size_hint: if hint { html.len() } else { 0 }, ..Default::default() };
    let mut out = Vec::with_capacity(html.len() / 3);
    {
        let mut writer = brotli::CompressorWriter::with_params(&mut out, 4096, &params);
        writer.write_all(html).unwrap();
    }
    out
}

fn gzip(html: &[u8], level: u32) -> Vec<u8> {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(html.len() / 3), flate2::Compression::new(level));
    encoder.write_all(html).unwrap();
    encoder.finish().unwrap()
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 300;
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(runs);
        args.drain(i..(i + 2).min(args.len()));
    }
    let Some((base, paths)) = args.split_first() else {
        anyhow::bail!("usage: compression [--runs N] BASE_URL PATH...");
    };
    let client = reqwest::Client::new();
    for path in paths {
        let html = client.get(format!("{base}{path}")).send().await?.bytes().await?;
        println!("{path}: {} B identity", html.len());
        for (quality, lgwin, hint) in
            [(4, 22, false), (4, 18, false), (4, 18, true), (3, 18, true), (2, 18, true), (1, 18, true), (5, 18, true)]
        {
            let (us, bytes) = measure(runs, || brotli(&html, quality, lgwin, hint));
            println!(
                "  brotli q{quality} lgwin {lgwin}{}  {us:>8.1} µs  {bytes:>7} B",
                if hint { " size hint" } else { "          " }
            );
        }
        for level in [1, 2, 4, 6] {
            let (us, bytes) = measure(runs, || gzip(&html, level));
            println!("  gzip {level}                       {us:>8.1} µs  {bytes:>7} B");
        }
    }
    Ok(())
}
