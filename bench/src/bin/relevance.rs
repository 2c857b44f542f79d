//! The relevance set (`bench/relevance/queries.json`): real queries as people type them,
//! each with the records it must find, judged on the real data by patterns or codes written
//! with the query (independent of the search's own analysis). Prints, per query and per
//! kind, recall@100, precision@10 and nDCG@10 of the search the upstream serves ("after":
//! this working tree) beside the same figures of the search before issue 45
//! (`bench/relevance/before.json`, "before"), and checks each kind against its target.
//!
//! `make relevance`, or `cargo run --release -p bench --bin relevance [-- --update]`:
//! `--update` writes each query's judged records back into the file (after a change of the
//! patterns); without it, the records in the file must be what the patterns find.
//! `--write-before` writes this build's figures to `bench/relevance/before.json`: run it
//! in a worktree of the search before issue 45 (`git worktree add /tmp/rel-before
//! 7d0a24d~1`) holding this file and queries.json, built with its own `CARGO_TARGET_DIR`
//! (its bench/Cargo.toml without the `server` and `renderer` dependencies, which only the
//! other benches use and which need V8), with `UPSTREAM_DATA_DIR` naming the same data;
//! then copy the file here. `--show QUERY` prints a query's first 20 results with their
//! judged grades and the judged records it misses.

use anyhow::{bail, Context};
use regex::{Regex, RegexBuilder};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use upstream::params::Params;
use upstream::records::{Fields, Kind};

const FILE: &str = "bench/relevance/queries.json";
const BEFORE: &str = "bench/relevance/before.json";

/// The kinds with a target (issue 45): the least mean recall@100 and precision@10.
const TARGETS: [(&str, f64); 5] =
    [("spelling", 0.9), ("code", 0.9), ("operators", 0.9), ("russian", 0.85), ("english", 0.85)];

fn target(kind: &str) -> Option<f64> {
    TARGETS.iter().find(|(k, _)| *k == kind).map(|&(_, t)| t)
}

/// One judged query.
struct Case {
    query: String,
    register: Kind,
    kind: String,
    /// The query's dictionary form (inflected queries).
    base: Option<String>,
    /// Added by issue 45 (not part of the set its "no kind may lose" compares).
    added: bool,
    /// Judged records: id → grade (2 when the title matches, or a code judges it; else 1).
    relevant: BTreeMap<String, u32>,
}

fn kind_of(name: &str) -> anyhow::Result<Kind> {
    Ok(match name {
        "tenders" => Kind::Tender,
        "plans" => Kind::Plan,
        "contracts" => Kind::Contract,
        other => bail!("unknown register `{other}`"),
    })
}

fn name_of(k: Kind) -> &'static str {
    match k {
        Kind::Tender => "tenders",
        Kind::Plan => "plans",
        Kind::Contract => "contracts",
    }
}

fn regexes(v: &Value) -> anyhow::Result<Vec<Regex>> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let p = p.as_str().context("a pattern is a string")?;
            Ok(RegexBuilder::new(p).case_insensitive(true).build()?)
        })
        .collect()
}

/// The digits of a CPV code before its trailing zeros (at least the division's two):
/// `45230000-8` → `4523`, `03000000` → `03`. Its children are the codes beginning so.
fn cpv_prefix(code: &str) -> anyhow::Result<String> {
    let digits = code.split('-').next().unwrap_or_default();
    if digits.len() != 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        bail!("`{code}` is not a CPV code");
    }
    let kept = digits.trim_end_matches('0');
    Ok(digits[..kept.len().max(2)].to_string())
}

/// The records a case judges relevant (test records never):
/// - `code`: the records whose procuring entity, buyer or supplier has that code;
/// - `cpv`: the records with an item (or, plans, a classification) of that CPV code or a
///   child of it;
/// - `id`: the record of that human id (`UA-…-a`, `UA-P-…-a`); in the contracts, the
///   contracts of the tender of that id too;
/// - `patterns`: every pattern matches the record's text (title, descriptions, items, CPV
///   names, suppliers, organisations) and no pattern of `not` does; grade 2 when every
///   pattern matches the title.
fn judge(case: &Value, fields: &[Fields]) -> anyhow::Result<BTreeMap<String, u32>> {
    let live = fields.iter().filter(|f| !f.test);
    let mut out = BTreeMap::new();
    if let Some(code) = case["code"].as_str() {
        for f in live {
            if f.organizer.iter().chain(&f.fund_manager).chain(&f.supplier).any(|c| c == code) {
                out.insert(f.id.clone(), 2);
            }
        }
        return Ok(out);
    }
    if let Some(cpv) = case["cpv"].as_str() {
        let prefix = cpv_prefix(cpv)?;
        for f in live {
            if f.cpv.iter().any(|c| c.starts_with(&prefix)) {
                out.insert(f.id.clone(), 2);
            }
        }
        return Ok(out);
    }
    if let Some(id) = case["id"].as_str() {
        for f in live {
            if f.human_id.eq_ignore_ascii_case(id) || f.human_id.starts_with(&format!("{id}-c")) {
                out.insert(f.id.clone(), 2);
            }
        }
        return Ok(out);
    }
    let res = regexes(&case["patterns"])?;
    if res.is_empty() {
        bail!("{}: no `patterns`, `code`, `cpv` nor `id`", case["query"]);
    }
    let not = regexes(&case["not"])?;
    for f in live {
        let all = format!("{}\n{}\n{}", f.title, f.text, f.organizer_text);
        if res.iter().all(|r| r.is_match(&all)) && !not.iter().any(|r| r.is_match(&all)) {
            let grade = if res.iter().all(|r| r.is_match(&f.title)) { 2 } else { 1 };
            out.insert(f.id.clone(), grade);
        }
    }
    Ok(out)
}

/// The search as the upstream serves it: its default order for a keyword, first 100.
fn search(data: &upstream::Data, kind: Kind, keyword: &str) -> anyhow::Result<Vec<String>> {
    let c = data.collection(kind);
    let qs = format!("keyword={}&perPage=100", urlencode(keyword));
    let q = data.query(&Params::parse(&qs), kind).map_err(|e| anyhow::anyhow!("{keyword}: {e}"))?;
    Ok(c.index.search(&q).page.into_iter().map(|d| data.hex_id(c, d)).collect())
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Share of the judged records (at most 100) among the first 100 results.
fn recall(found: &[String], relevant: &BTreeMap<String, u32>) -> f64 {
    if relevant.is_empty() {
        return 1.0;
    }
    let hit = found.iter().take(100).filter(|id| relevant.contains_key(*id)).count();
    hit as f64 / relevant.len().min(100) as f64
}

/// Share of the first 10 results judged relevant; out of min(10, judged records) when
/// fewer than 10 are judged.
fn precision10(found: &[String], relevant: &BTreeMap<String, u32>) -> f64 {
    if relevant.is_empty() {
        return 1.0;
    }
    let hit = found.iter().take(10).filter(|id| relevant.contains_key(*id)).count();
    hit as f64 / relevant.len().min(10) as f64
}

fn ndcg10(found: &[String], relevant: &BTreeMap<String, u32>) -> f64 {
    let gain = |g: u32| 2f64.powi(g as i32) - 1.0;
    let dcg: f64 = found
        .iter()
        .take(10)
        .enumerate()
        .map(|(i, id)| relevant.get(id).map_or(0.0, |&g| gain(g) / (i as f64 + 2.0).log2()))
        .sum();
    let mut ideal: Vec<u32> = relevant.values().copied().collect();
    ideal.sort_unstable_by(|a, b| b.cmp(a));
    let idcg: f64 = ideal.iter().take(10).enumerate().map(|(i, &g)| gain(g) / (i as f64 + 2.0).log2()).sum();
    if idcg == 0.0 {
        1.0
    } else {
        dcg / idcg + 0.0
    }
}

/// Share of the dictionary form's first 100 results that the inflected query also returns.
fn overlap(found: &[String], base: &[String]) -> f64 {
    if base.is_empty() {
        return 1.0;
    }
    let f: BTreeSet<&String> = found.iter().take(100).collect();
    base.iter().take(100).filter(|id| f.contains(id)).count() as f64 / base.len().min(100) as f64
}

/// `git` in the current folder, its output trimmed (empty when it fails).
fn git(args: &[&str]) -> String {
    std::process::Command::new("git")
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// Today's date (UTC), `YYYY-MM-DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    // Days to civil date (H. Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// R@100, P@10, nDCG@10.
type Figures = [f64; 3];

fn mean(ms: &[Figures], i: usize) -> f64 {
    ms.iter().map(|m| m[i]).sum::<f64>() / ms.len().max(1) as f64
}

fn main() -> anyhow::Result<()> {
    let update = std::env::args().any(|a| a == "--update");
    let write_before = std::env::args().any(|a| a == "--write-before");
    let args: Vec<String> = std::env::args().collect();
    let show = args.iter().position(|a| a == "--show").and_then(|i| args.get(i + 1)).cloned();
    let mut config = upstream::UpstreamConfig::from_env()?;
    config.users_db = ":memory:".into();
    let state = upstream::load(config)?;
    let data = &*state.data.read();
    let text = std::fs::read_to_string(FILE).with_context(|| FILE.to_string())?;
    let mut doc: Value = serde_json::from_str(&text)?;
    let mut fields: BTreeMap<&'static str, Vec<Fields>> = BTreeMap::new();
    for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
        fields.insert(name_of(kind), data.fields_of(data.collection(kind)));
    }
    let mut cases = Vec::new();
    let mut empty = Vec::new();
    for case in doc["queries"].as_array_mut().context("queries")? {
        let register = case["register"].as_str().unwrap_or("tenders").to_string();
        let judged = judge(case, fields.get(register.as_str()).context("register")?)?;
        if update {
            case["relevant"] = json!(judged.keys().collect::<Vec<_>>());
        } else {
            let stored: BTreeSet<String> = case["relevant"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(String::from))
                .collect();
            let now: BTreeSet<String> = judged.keys().cloned().collect();
            if stored != now {
                bail!(
                    "{} ({register}): the judged records changed ({} stored, {} now): run with --update",
                    case["query"],
                    stored.len(),
                    now.len()
                );
            }
        }
        if judged.is_empty() {
            empty.push(case["query"].to_string());
            continue;
        }
        cases.push(Case {
            query: case["query"].as_str().context("query")?.to_string(),
            register: kind_of(&register)?,
            kind: case["kind"].as_str().unwrap_or("word").to_string(),
            base: case["base"].as_str().map(String::from),
            added: case["issue"].as_u64() == Some(45),
            relevant: judged,
        });
    }
    if !empty.is_empty() {
        bail!("the patterns of these queries judge nothing relevant: {}", empty.join(", "));
    }
    let mut seen = BTreeSet::new();
    for c in &cases {
        if !seen.insert((c.query.as_str(), name_of(c.register))) {
            bail!("{} ({}) is in the set twice", c.query, name_of(c.register));
        }
    }
    if update {
        std::fs::write(FILE, serde_json::to_string_pretty(&doc)? + "\n")?;
        eprintln!("wrote the judged records of {} queries to {FILE}", cases.len());
    }
    if let Some(query) = show {
        // The first 20 results of a query of the set, each with its judged grade (0: not
        // relevant), then the judged records it misses.
        for c in cases.iter().filter(|c| c.query == query) {
            let f = &fields[name_of(c.register)];
            let title =
                |id: &str| f.iter().find(|x| x.id == id).map(|x| x.title.replace('\n', " | ")).unwrap_or_default();
            let found = search(data, c.register, &c.query)?;
            println!("{} ({}): {} judged, {} found", c.query, name_of(c.register), c.relevant.len(), found.len());
            for (i, id) in found.iter().take(20).enumerate() {
                println!("{:3} {} {id} {}", i + 1, c.relevant.get(id).copied().unwrap_or(0), title(id));
            }
            let got: BTreeSet<&String> = found.iter().collect();
            for id in c.relevant.keys().filter(|id| !got.contains(id)).take(20) {
                println!("  missed {id} {}", title(id));
            }
        }
        return Ok(());
    }

    // This build's figures, and the inflected queries' overlap with their dictionary forms.
    let mut after: Vec<Figures> = Vec::new();
    let mut inflected: Vec<f64> = Vec::new();
    for c in &cases {
        let found = search(data, c.register, &c.query)?;
        after.push([recall(&found, &c.relevant), precision10(&found, &c.relevant), ndcg10(&found, &c.relevant)]);
        if let Some(base) = &c.base {
            inflected.push(overlap(&found, &search(data, c.register, base)?));
        }
    }
    let overlap_mean = inflected.iter().sum::<f64>() / inflected.len().max(1) as f64;

    if write_before {
        let commit = git(&["rev-parse", "HEAD"]);
        let out = json!({
            "about": "The relevance set's figures for the search before issue 45 (the search of `commit`, judged by this working tree's relevance.rs and queries.json): per query and register, R@100, P@10 and nDCG@10; `inflected`: the mean recall@100 of the inflected queries against their dictionary forms. Written by `relevance --write-before` in a checkout of that commit.",
            "commit": commit,
            "date": today(),
            "inflected": (overlap_mean * 1000.0).round() / 1000.0,
            "queries": cases.iter().zip(&after).map(|(c, m)| json!({
                "query": c.query,
                "register": name_of(c.register),
                "kind": c.kind,
                "relevant": c.relevant.len(),
                "r100": (m[0] * 10_000.0).round() / 10_000.0,
                "p10": (m[1] * 10_000.0).round() / 10_000.0,
                "ndcg10": (m[2] * 10_000.0).round() / 10_000.0,
            })).collect::<Vec<_>>(),
        });
        std::fs::write(BEFORE, serde_json::to_string_pretty(&out)? + "\n")?;
        eprintln!("wrote the figures of {} queries to {BEFORE} (commit {commit})", cases.len());
        return Ok(());
    }

    let before_doc: Value = match std::fs::read_to_string(BEFORE) {
        Ok(t) => serde_json::from_str(&t).with_context(|| BEFORE.to_string())?,
        Err(_) => Value::Null,
    };
    let mut before: BTreeMap<(String, String), Figures> = BTreeMap::new();
    for q in before_doc["queries"].as_array().into_iter().flatten() {
        let key = (
            q["query"].as_str().unwrap_or_default().to_string(),
            q["register"].as_str().unwrap_or_default().to_string(),
        );
        let f = |k: &str| q[k].as_f64().unwrap_or(f64::NAN);
        before.insert(key, [f("r100"), f("p10"), f("ndcg10")]);
    }
    let before_commit = before_doc["commit"].as_str().unwrap_or("none");
    let short = |c: &str| c.chars().take(7).collect::<String>();
    let head = git(&["rev-parse", "--short", "HEAD"]);
    let dirty = !git(&["status", "--porcelain", "--", "upstream/src"]).is_empty();

    println!("# Relevance set: the search before and after issue 45\n");
    println!(
        "`make relevance` on the real snapshot ({head}{}, {}): {} queries, judged on the records by patterns or codes written with each query (`bench/relevance/queries.json`). \
         Before: the search of {} (the commit before issue 45's work; `bench/relevance/before.json`, same judge). After: the search of this working tree.\n",
        if dirty { " + working tree" } else { "" },
        today(),
        cases.len(),
        short(before_commit),
    );
    println!(
        "R@100: share of the judged records (at most 100) in the first 100 results. P@10: share of the first 10 results judged relevant (out of the judged count when fewer than 10 are judged). \
         nDCG@10: graded 2 (the title matches, or a code judges) / 1 (elsewhere). `+`: added by issue 45.\n"
    );
    let fmt = |x: f64| if x.is_nan() { "–".to_string() } else { format!("{x:.2}") };
    println!("| query | register | kind | relevant | before R@100 | after R@100 | before P@10 | after P@10 | before nDCG@10 | after nDCG@10 |");
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
    let nan = [f64::NAN; 3];
    let mut rows: Vec<(&Case, Figures, Figures)> = Vec::new();
    for (c, a) in cases.iter().zip(&after) {
        let b = before.get(&(c.query.clone(), name_of(c.register).to_string())).copied().unwrap_or(nan);
        println!(
            "| {}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.query.replace('|', "\\|"),
            if c.added { " +" } else { "" },
            name_of(c.register),
            c.kind,
            c.relevant.len(),
            fmt(b[0]),
            fmt(a[0]),
            fmt(b[1]),
            fmt(a[1]),
            fmt(b[2]),
            fmt(a[2]),
        );
        rows.push((c, b, *a));
    }

    let summary = |title: &str, pick: &dyn Fn(&Case) -> bool, targets: bool| {
        let mut by_kind: BTreeMap<String, (Vec<Figures>, Vec<Figures>)> = BTreeMap::new();
        for (c, b, a) in rows.iter().filter(|(c, _, _)| pick(c)) {
            for k in [c.kind.clone(), "all".to_string()] {
                let e = by_kind.entry(k).or_default();
                e.0.push(*b);
                e.1.push(*a);
            }
        }
        println!("\n{title}\n");
        println!("| kind | queries | before R@100 | after R@100 | before P@10 | after P@10 | before nDCG@10 | after nDCG@10 | target | met |");
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
        for kind in by_kind.keys().filter(|k| *k != "all").chain(by_kind.keys().filter(|k| *k == "all")) {
            let (b, a) = &by_kind[kind];
            let (tgt, met) = match (targets, target(kind)) {
                (true, Some(t)) => (
                    format!("R@100, P@10 ≥ {t}"),
                    if mean(a, 0) >= t && mean(a, 1) >= t { "yes" } else { "**no**" }.to_string(),
                ),
                (false, _) if kind != "all" => (
                    "no loss".to_string(),
                    if (0..3).any(|i| mean(b, i).is_nan()) {
                        "–"
                    } else if (0..3).all(|i| mean(a, i) + 5e-4 >= mean(b, i)) {
                        "yes"
                    } else {
                        "**no**"
                    }
                    .to_string(),
                ),
                _ => (String::new(), String::new()),
            };
            println!(
                "| {kind} | {} | {} | {} | {} | {} | {} | {} | {tgt} | {met} |",
                a.len(),
                fmt3(mean(b, 0)),
                fmt3(mean(a, 0)),
                fmt3(mean(b, 1)),
                fmt3(mean(a, 1)),
                fmt3(mean(b, 2)),
                fmt3(mean(a, 2)),
            );
        }
    };
    summary("## Per kind, every query", &|_| true, true);
    summary("## Per kind, the set before issue 45 (no kind may lose on it)", &|c| !c.added, false);

    println!("\n## Queries below their kind's target\n");
    let mut below = 0;
    for (c, _, a) in &rows {
        if let Some(t) = target(&c.kind) {
            if a[0] < t || a[1] < t {
                below += 1;
                println!(
                    "- {} ({}, {}): R@100 {}, P@10 {} (target {t})",
                    c.query,
                    name_of(c.register),
                    c.kind,
                    fmt(a[0]),
                    fmt(a[1])
                );
            }
        }
    }
    if below == 0 {
        println!("none");
    }
    println!("\n## Queries of the set before issue 45 that lose\n");
    let mut lost = 0;
    for (c, b, a) in rows.iter().filter(|(c, _, _)| !c.added) {
        let names = ["R@100", "P@10", "nDCG@10"];
        let losses: Vec<String> = (0..3)
            .filter(|&i| a[i] + 5e-4 < b[i])
            .map(|i| format!("{} {} → {}", names[i], fmt(b[i]), fmt(a[i])))
            .collect();
        if !losses.is_empty() {
            lost += 1;
            println!("- {} ({}, {}): {}", c.query, name_of(c.register), c.kind, losses.join(", "));
        }
    }
    if lost == 0 {
        println!("none");
    }
    let before_overlap = before_doc["inflected"].as_f64().unwrap_or(f64::NAN);
    println!(
        "\nrecall@100 of {} inflected queries against their dictionary forms: before {}, after {overlap_mean:.3} (target ≥ 0.9)",
        inflected.len(),
        if before_overlap.is_nan() { "–".to_string() } else { format!("{before_overlap:.3}") }
    );
    Ok(())
}

fn fmt3(x: f64) -> String {
    if x.is_nan() {
        "–".to_string()
    } else {
        format!("{x:.3}")
    }
}
