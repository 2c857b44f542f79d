//! What writing the document shell costs (issue 43): the askama templates the server
//! uses (`server::shell::Shell`) against the hand-written `push_str` code they replaced,
//! kept here as the yardstick, on the same inputs in the same run. Page states of three
//! sizes, made of real tender records (`../shared/data/openprocurement-api`): a small
//! page, a tender page, a page of five tenders.
//!
//!   cargo run --release -p bench --bin shell-cost [-- ROUNDS]

use std::hint::black_box;
use std::time::Instant;

use server::shell::{escape_json_into, Manifest, Shell};

/// The shell as the server wrote it before the templates (its code at `51dd42d`).
fn by_hand(shell: &Shell<'_>) -> (String, String) {
    let base = shell.asset_base;
    let attribute = |text: &str| -> String {
        if !text.contains(['&', '"', '<']) {
            return text.to_owned();
        }
        text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
    };
    let mut html = String::with_capacity(shell.head.len() + 1024);
    html.push_str("<!doctype html><html lang=\"");
    html.push_str(shell.language);
    html.push_str(
        "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">",
    );
    html.push_str(shell.head);
    html.push_str("<link rel=\"icon\" href=\"data:,\">");
    for css in &shell.manifest.css {
        html.push_str(&format!("<link rel=\"stylesheet\" href=\"{base}{css}\">"));
    }
    if !shell.translations_url.is_empty() {
        html.push_str("<meta name=\"portal:i18n\" content=\"");
        html.push_str(&attribute(shell.translations_url));
        html.push_str("\">");
    }
    for chunk in &shell.manifest.preload {
        html.push_str(&format!("<meta name=\"portal:preload\" content=\"{base}{chunk}\">"));
    }
    html.push_str(&format!("<meta name=\"portal:entry\" content=\"{base}{}\">", shell.manifest.entry));
    html.push_str("</head><body><div id=\"root\">");
    let mut closing = String::with_capacity(shell.state_fields.len() + 64);
    closing.push_str("</div><script id=\"__state\" type=\"application/json\">");
    closing.push('{');
    escape_json_into(&mut closing, shell.state_fields);
    closing.push('}');
    closing.push_str("</script><script>");
    closing.push_str(&shell.manifest.boot);
    closing.push_str("</script></body></html>");
    (html, closing)
}

fn templated(shell: &Shell<'_>) -> (String, String) {
    (shell.opening(), shell.closing())
}

/// Median nanoseconds of one shell, over `rounds` rounds of `batch` shells.
fn median_ns(rounds: usize, batch: usize, f: impl Fn() -> (String, String)) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let started = Instant::now();
            for _ in 0..batch {
                black_box(f());
            }
            started.elapsed().as_nanos() as f64 / batch as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(41);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let manifest: Manifest = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/web/dist/client/manifest.json")).expect("make web first"),
    )
    .expect("the client manifest");
    // Real records, as the page state carries upstream answers: the first tenders of the data.
    let tenders: Vec<String> = std::fs::read_dir(format!("{root}/../shared/data/openprocurement-api/tenders"))
        .ok()
        .into_iter()
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .filter(|t| t.starts_with('{'))
        .take(40)
        .collect();
    assert!(!tenders.is_empty(), "no tender examples in ../shared/data/openprocurement-api/tenders");
    let head = format!(
        "<title>{}</title><meta name=\"description\" content=\"{}\"><link rel=\"canonical\" href=\"https://example.org/tenders\">",
        "Тендери: пошук закупівель".repeat(2),
        "Закупівля: опис, вартість, замовник. ".repeat(12)
    );
    println!("{:>10} {:>14} {:>14} {:>8}", "state", "by hand (ns)", "askama (ns)", "ratio");
    for (label, count) in [("small", 0usize), ("tender", 1), ("5 tenders", 5)] {
        let answers: Vec<&str> = tenders.iter().cycle().take(count).map(String::as_str).collect();
        let state = format!(
            "\"url\":\"/tenders\",\"language\":\"uk\",\"now\":1764400000000,\"session\":null,\"data\":{{\"answers\":[{}]}}",
            answers.join(",")
        );
        let shell = Shell {
            language: "uk",
            head: &head,
            state_fields: &state,
            translations_url: "/locales/uk/dzo.json?v=3a9f0c12",
            asset_base: "/",
            manifest: &manifest,
        };
        assert_eq!(by_hand(&shell), templated(&shell), "the same bytes");
        let batch = (2_000_000 / state.len().max(1)).clamp(20, 20_000);
        // Alternate the two, so a drift of the machine's speed touches both alike.
        let (mut hand, mut askama) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            hand.push(median_ns(rounds / 5 + 1, batch, || by_hand(&shell)));
            askama.push(median_ns(rounds / 5 + 1, batch, || templated(&shell)));
        }
        hand.sort_by(f64::total_cmp);
        askama.sort_by(f64::total_cmp);
        let (h, a) = (hand[2], askama[2]);
        println!("{:>10} {:>14.0} {:>14.0} {:>8.3}   ({} KB of state)", label, h, a, a / h, state.len() / 1024);
    }
}
