//! Benchmark (not a timed test): p50/p95/p99 latency of filtered, sorted tender searches
//! over the real data plus N generated tenders, and the process memory at that size.
//! `make bench-upstream`, or `cargo run --release -p bench --bin upstream-search -- --tenders 1000000 --queries 2000`

use anyhow::Context;
use std::time::Instant;
use upstream::generate::Rng;
use upstream::params::Params;
use upstream::query::SearchQuery;
use upstream::records::Kind;

fn status_mb(key: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with(key)).map(|l| l.to_string()))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|k| k.parse::<f64>().ok()))
        .map(|kb| kb / 1024.0)
        .unwrap_or(0.0)
}

fn rss_mb() -> f64 {
    status_mb("VmRSS:")
}

fn percentiles(label: &str, times: &mut [f64], total_hits: usize) {
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "{} {label}: p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms (mean hits {})",
        times.len(),
        pct(0.50),
        pct(0.95),
        pct(0.99),
        times[times.len() - 1],
        total_hits / times.len().max(1)
    );
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn arg(args: &[String], name: &str, default: usize) -> anyhow::Result<usize> {
    match args.iter().position(|a| a == name) {
        Some(i) => args.get(i + 1).context("missing value")?.parse().context(name.to_string()),
        None => Ok(default),
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let n = arg(&args, "--tenders", 1_000_000)?;
    let queries = arg(&args, "--queries", 2000)?;
    let mut config = upstream::UpstreamConfig::from_env()?;
    config.generated_tenders = n;
    config.users_db = ":memory:".into();
    let rss0 = rss_mb();
    let t0 = Instant::now();
    let state = upstream::load(config)?;
    let load = t0.elapsed();
    let dg = state.data.read();
    let tenders = &dg.tenders;
    println!("tenders indexed: {} (real {} + generated {n})", tenders.len(), tenders.len() - n);
    println!(
        "load + index time: {:.1} s; RSS {:.0} MB, peak {:.0} MB (before load {:.0} MB)",
        load.as_secs_f64(),
        rss_mb(),
        status_mb("VmHWM:"),
        rss0
    );

    let statuses = ["active.tendering", "complete", "active.awarded", "unsuccessful", "active.qualification"];
    let methods = ["reporting", "aboveThreshold", "priceQuotation", "belowThreshold"];
    let cpv = ["45000000-7", "09100000-0", "33600000-6", "15000000-8", "44000000-2", "72000000-5", "34300000-0"];
    let words = ["послуги", "ремонт", "бензин", "продукти", "ліки", "капітальний", "fuel", "repair"];
    let sorts = ["dateCreated.desc", "dateCreated.asc", "valueAmount.desc", "dateModified.desc"];
    let regions = ["Львівська область", "Київська область", "м. Київ", "Одеська область"];
    let mut r = Rng::new(99);
    let mut times = Vec::with_capacity(queries);
    let mut total_hits = 0usize;
    for _ in 0..queries {
        let mut q = Vec::new();
        let pick = |r: &mut Rng, v: &[&str]| v[r.below(v.len() as u64) as usize].to_string();
        if r.below(2) == 0 {
            q.push(format!("status[0]={}", pick(&mut r, &statuses)));
        }
        if r.below(3) == 0 {
            q.push(format!("procurementMethodType[0]={}", pick(&mut r, &methods)));
        }
        if r.below(3) == 0 {
            q.push(format!("classification[0]={}", pick(&mut r, &cpv)));
        }
        if r.below(4) == 0 {
            q.push(format!("region[0]={}", pick(&mut r, &regions)));
        }
        if r.below(3) == 0 {
            q.push(format!("keyword={}", pick(&mut r, &words)));
        }
        if r.below(3) == 0 {
            q.push(format!("valueAmount[from]={}", r.below(100_000)));
        }
        if r.below(5) == 0 {
            q.push("publicationDate[from]=2025-01-01&publicationDate[to]=2025-12-31".into());
        }
        q.push(format!("sortOrder={}", pick(&mut r, &sorts)));
        q.push(format!("page={}", 1 + r.below(5)));
        let qs = q.join("&");
        let t = Instant::now();
        let query = SearchQuery::parse(&Params::parse(&qs), Kind::Tender)?;
        let hits = tenders.index.search(&query);
        // Include building the page's JSON, as the HTTP handler does.
        let members: Vec<_> =
            hits.page.iter().map(|&d| upstream::records::member(&dg.document(tenders, d), Kind::Tender)).collect();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        std::hint::black_box(members);
        total_hits += hits.total;
    }
    percentiles("filtered+sorted tender searches", &mut times, total_hits);

    // Keyword searches as people type them: inflected words, two-word queries, a phrase,
    // an exclusion, an OR, a typo, a code; half with a filter; the default order
    // (relevance) or a named one; facets and the page's JSON with its matched words.
    let typed = [
        "послуг",
        "ремонту",
        "капітального ремонту",
        "дизельного палива",
        "лікарні",
        "продуктів харчування",
        "бензину",
        "школи",
        "\"поточний ремонт\"",
        "паливо -дизельне",
        "бензин OR дизель",
        "капітальнго ремонту",
        "будівельних матеріалів",
        "лікарських засобів",
        "комп'ютерної техніки",
        "repair services",
        "14321498",
        // Issue 45's readings: Russian words, spellings of one word, words the dictionary
        // lacks, labelled and CPV codes, operators and a prefix, two parts in one field.
        "моющие средства",
        "ремонт крыши",
        "проєкт",
        "обєкт",
        "миючих",
        "ЄДРПОУ 14321498",
        "45230000",
        "будівел*",
        "ремонт NOT поточний",
        "комунальні послуги",
        "milk",
    ];
    let mut times = Vec::with_capacity(queries);
    let mut total_hits = 0usize;
    for _ in 0..queries {
        let mut q = Vec::new();
        let pick = |r: &mut Rng, v: &[&str]| v[r.below(v.len() as u64) as usize].to_string();
        q.push(format!("keyword={}", enc(&pick(&mut r, &typed))));
        if r.below(2) == 0 {
            q.push(format!("status[0]={}", pick(&mut r, &statuses)));
        }
        if r.below(4) == 0 {
            q.push(format!("region[0]={}", pick(&mut r, &regions)));
        }
        if r.below(4) == 0 {
            q.push(format!("sortOrder={}", pick(&mut r, &sorts)));
        }
        q.push(format!("page={}", 1 + r.below(3)));
        let qs = q.join("&");
        let t = Instant::now();
        let query = SearchQuery::parse(&Params::parse(&qs), Kind::Tender)?;
        let hits = tenders.index.search(&query);
        let members: Vec<_> = hits
            .page
            .iter()
            .map(|&d| {
                let doc = dg.document(tenders, d);
                let shown = match (tenders.index.text(), hits.keyword.as_ref()) {
                    (Some(ti), Some(c)) => {
                        let f = dg.fields(tenders, &doc);
                        ti.shown(c, &f.title, &f.organizer_text, &f.text).words.len()
                    }
                    _ => 0,
                };
                (upstream::records::member(&doc, Kind::Tender), shown)
            })
            .collect();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        std::hint::black_box(members);
        total_hits += hits.total;
    }
    percentiles("keyword tender searches", &mut times, total_hits);

    // Unit prices (issue 47): a price page's answer and a tender page's line, from the
    // price index, with the JSON the handler writes. Division, class and exact codes,
    // without and with filters, and the rows of one group as an export pages them.
    println!("unit prices indexed: {} ({} counting)", dg.prices.len(), dg.prices.live_count());
    let divisions = ["09000000", "44000000", "45000000", "33000000", "15000000", "30000000"];
    let classes = ["09130000-9", "33140000-3", "44110000-4", "30190000-7", "15810000-9", "45450000-6"];
    let exact = ["30197630-1", "39294100", "33141600-6", "44115811", "09123000-7", "45453000"];
    let filters = [
        "unit=H87",
        "region=%D0%9B%D1%8C%D0%B2%D1%96%D0%B2%D1%81%D1%8C%D0%BA%D0%B0+%D0%BE%D0%B1%D0%BB%D0%B0%D1%81%D1%82%D1%8C",
        "procurementMethodType=reporting",
        "dateFrom=2025-01-01&dateTo=2025-12-31",
        "unit=MTQ&procurementMethodType=reporting&dateFrom=2024-06-01",
    ];
    for (label, codes) in [("division", &divisions), ("class", &classes), ("exact", &exact)] {
        for filtered in [false, true] {
            let mut times = Vec::with_capacity(queries / 4);
            let mut total = 0usize;
            for _ in 0..queries / 4 {
                let code = codes[r.below(codes.len() as u64) as usize];
                let qs = if filtered { filters[r.below(filters.len() as u64) as usize] } else { "" };
                let t = Instant::now();
                // The answer as the handler writes it (JSON bytes).
                let answer = upstream::prices::api::distribution_answer(&dg, code, &Params::parse(qs))?;
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                total += answer.total;
                std::hint::black_box(answer.body);
            }
            let name = format!("price pages, {label} codes{}", if filtered { ", filtered" } else { "" });
            percentiles(&name, &mut times, total);
        }
    }
    let mut times = Vec::with_capacity(queries / 4);
    let mut total = 0usize;
    for _ in 0..queries / 4 {
        let code = divisions[r.below(divisions.len() as u64) as usize];
        let qs = format!("unit=H87&currency=UAH&valueAddedTaxIncluded=false&per_page=100&page={}", 1 + r.below(5));
        let t = Instant::now();
        let answer = upstream::prices::api::awards_answer(&dg, code, &Params::parse(&qs))?;
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        total += answer.total;
        std::hint::black_box(answer.body);
    }
    percentiles("price rows of a group (export pages of 100)", &mut times, total);
    let mut times = Vec::with_capacity(queries);
    let mut lines = 0usize;
    for _ in 0..queries {
        let d = r.below(tenders.len() as u64) as u32;
        let id = dg.tender_hex_id(d);
        let t = Instant::now();
        let body = upstream::prices::api::tender_answer(&dg, &id)?;
        let bytes = serde_json::to_vec(&body)?;
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        lines += body["items"].as_array().map_or(0, Vec::len);
        std::hint::black_box(bytes);
    }
    percentiles("tender price lines (/api/prices/tenders/{id})", &mut times, lines);
    println!("RSS after queries: {:.0} MB", rss_mb());
    Ok(())
}
