//! The relevance set (`bench/relevance/queries.json`): real queries as people type them,
//! each with the records it must find, judged on the real data by patterns written with the
//! query (independent of the search's own analysis). Prints recall@100 and nDCG@10 of the
//! old matcher (every word a word prefix, newest first) and of the search the upstream
//! serves, and the recall@100 of each inflected query against its dictionary form.
//!
//! `make relevance`, or `cargo run --release -p bench --bin relevance [-- --update]`:
//! `--update` writes each query's judged records back into the file (after a change of the
//! patterns); without it, the records in the file must be what the patterns find.

use anyhow::{bail, Context};
use regex::RegexBuilder;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use upstream::params::Params;
use upstream::query::words;
use upstream::records::{Fields, Kind};

const FILE: &str = "bench/relevance/queries.json";

/// One judged query.
struct Case {
    query: String,
    register: Kind,
    kind: String,
    /// The query's dictionary form (inflected queries).
    base: Option<String>,
    /// Judged records: id → grade (2 when the title matches, else 1).
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

/// The records a case's patterns judge relevant: every pattern matches the record's text
/// (title, descriptions, items, CPV names, organisations), or its codes (`code`).
fn judge(case: &Value, fields: &[Fields]) -> anyhow::Result<BTreeMap<String, u32>> {
    let mut out = BTreeMap::new();
    if let Some(code) = case["code"].as_str() {
        for f in fields {
            if f.organizer.iter().chain(&f.fund_manager).chain(&f.supplier).any(|c| c == code) && !f.test {
                out.insert(f.id.clone(), 2);
            }
        }
        return Ok(out);
    }
    let patterns = case["patterns"].as_array().context("patterns")?;
    let res: Vec<regex::Regex> = patterns
        .iter()
        .map(|p| RegexBuilder::new(p.as_str().unwrap_or_default()).case_insensitive(true).build())
        .collect::<Result<_, _>>()?;
    for f in fields.iter().filter(|f| !f.test) {
        let all = format!("{}\n{}\n{}", f.title, f.text, f.organizer_text);
        if res.iter().all(|r| r.is_match(&all)) {
            let grade = if res.iter().all(|r| r.is_match(&f.title)) { 2 } else { 1 };
            out.insert(f.id.clone(), grade);
        }
    }
    Ok(out)
}

/// The old matcher: every word of the keyword begins a word of the text (or the keyword
/// is the id), newest first.
fn old_search(keyword: &str, fields: &[Fields]) -> Vec<String> {
    let k = keyword.to_lowercase();
    let want: Vec<&str> = words(&k).collect();
    let mut hits: Vec<&Fields> = fields
        .iter()
        .filter(|f| !f.test)
        .filter(|f| {
            if f.id == k || f.human_id.to_lowercase() == k {
                return true;
            }
            let text = format!("{} {} {}", f.title, f.text, f.organizer_text).to_lowercase();
            let have: Vec<&str> = words(&text).collect();
            !want.is_empty() && want.iter().all(|w| have.iter().any(|h| h.starts_with(w)))
        })
        .collect();
    hits.sort_by(|a, b| b.created.cmp(&a.created).then(a.id.cmp(&b.id)));
    hits.into_iter().take(100).map(|f| f.id.clone()).collect()
}

/// The search as the upstream serves it: its default order for a keyword, first 100.
fn new_search(data: &upstream::Data, kind: Kind, keyword: &str) -> anyhow::Result<Vec<String>> {
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

fn recall(found: &[String], relevant: &BTreeMap<String, u32>) -> f64 {
    if relevant.is_empty() {
        return 1.0;
    }
    let hit = found.iter().take(100).filter(|id| relevant.contains_key(*id)).count();
    hit as f64 / relevant.len().min(100) as f64
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

fn main() -> anyhow::Result<()> {
    let update = std::env::args().any(|a| a == "--update");
    let mut config = upstream::UpstreamConfig::from_env()?;
    config.users_db = ":memory:".into();
    let state = upstream::load(config)?;
    let data = &*state.data.read();
    let text = std::fs::read_to_string(FILE).with_context(|| FILE.to_string())?;
    let mut doc: Value = serde_json::from_str(&text)?;
    let mut fields: BTreeMap<&'static str, Vec<Fields>> = BTreeMap::new();
    for (name, kind) in [("tenders", Kind::Tender), ("plans", Kind::Plan), ("contracts", Kind::Contract)] {
        fields.insert(name, data.fields_of(data.collection(kind)));
    }
    let mut cases = Vec::new();
    let mut empty = Vec::new();
    for case in doc["queries"].as_array_mut().context("queries")? {
        let register = case["register"].as_str().unwrap_or("tenders").to_string();
        let judged = judge(case, &fields[register.as_str()])?;
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
                    "{}: the judged records changed ({} stored, {} now): run with --update",
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
            relevant: judged,
        });
    }
    if !empty.is_empty() {
        bail!("the patterns of these queries judge nothing relevant: {}", empty.join(", "));
    }
    if update {
        std::fs::write(FILE, serde_json::to_string_pretty(&doc)? + "\n")?;
        println!("wrote the judged records of {} queries to {FILE}", cases.len());
    }
    let name = |k: Kind| match k {
        Kind::Tender => "tenders",
        Kind::Plan => "plans",
        Kind::Contract => "contracts",
    };
    println!("| query | register | kind | relevant | old R@100 | new R@100 | old nDCG@10 | new nDCG@10 |");
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    let mut by_kind: BTreeMap<String, Vec<[f64; 4]>> = BTreeMap::new();
    let mut inflected: Vec<(f64, f64)> = Vec::new();
    for c in &cases {
        let f = &fields[name(c.register)];
        let old = old_search(&c.query, f);
        let new = new_search(data, c.register, &c.query)?;
        let m = [
            recall(&old, &c.relevant),
            recall(&new, &c.relevant),
            ndcg10(&old, &c.relevant),
            ndcg10(&new, &c.relevant),
        ];
        println!(
            "| {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
            c.query.replace('|', "\\|"),
            name(c.register),
            c.kind,
            c.relevant.len(),
            m[0],
            m[1],
            m[2],
            m[3]
        );
        by_kind.entry(c.kind.clone()).or_default().push(m);
        by_kind.entry("all".into()).or_default().push(m);
        if let Some(base) = &c.base {
            let o = overlap(&old, &old_search(base, f));
            let n = overlap(&new, &new_search(data, c.register, base)?);
            inflected.push((o, n));
        }
    }
    println!("\n| kind | queries | old R@100 | new R@100 | old nDCG@10 | new nDCG@10 |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (kind, ms) in &by_kind {
        let mean = |i: usize| ms.iter().map(|m| m[i]).sum::<f64>() / ms.len() as f64;
        println!("| {kind} | {} | {:.3} | {:.3} | {:.3} | {:.3} |", ms.len(), mean(0), mean(1), mean(2), mean(3));
    }
    let n = inflected.len().max(1) as f64;
    let (o, nw) = (inflected.iter().map(|x| x.0).sum::<f64>() / n, inflected.iter().map(|x| x.1).sum::<f64>() / n);
    println!(
        "\nrecall@100 of {} inflected queries against their dictionary forms: old {o:.3}, new {nw:.3} (target ≥ 0.9)",
        inflected.len()
    );
    Ok(())
}
