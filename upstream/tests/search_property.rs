//! Property test: on random filter combinations the indexed search returns exactly what a
//! brute-force reference returns. Each register (tenders, plans, contracts) is described
//! once, as a [`Register`]: the filters, ranges, sort orders and facets the portal uses, and
//! how a document's JSON answers each filter (read here, independently of `records.rs`).
//! One generic checker draws seeded random queries from the documents and compares the
//! index's total, page (order included) and facet counts with the reference over the JSON;
//! the query's own brute-force definition (`SearchQuery::matches` over the fields
//! re-extracted from the JSON) must select the same documents.
//!
//! The state holds the real data, 3000 generated tenders and, when the shared data folder
//! is there (under `CI` it must be), the API-documentation tenders, plans and contracts:
//! the statuses and shapes the snapshot lacks (terminated contracts, cancelled plans, a
//! donor-funded plan, contracts in the central database's shape, shared ids).

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use serde_json::Value;
use std::collections::BTreeMap;
use upstream::classifiers::Classifiers;
use upstream::dates;
use upstream::generate::Rng;
use upstream::params::Params;
use upstream::query::{deadline_order, is_org_code, sort_value, SearchQuery};
use upstream::records::{Kind, TAGS};
use upstream::text::reference::{analyse, matches_analysed, Analysed};
use upstream::text::{analysis, parse, Analyzer};

fn pick<'a, T>(r: &mut Rng, v: &'a [T]) -> Option<&'a T> {
    (!v.is_empty()).then(|| &v[r.below(v.len() as u64) as usize])
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

fn date(v: &Value) -> Option<i64> {
    v.as_str().and_then(dates::parse)
}

/// A `{startDate, endDate}` object as (start, end); one missing bound takes the other's value.
fn period(v: &Value) -> Option<(i64, i64)> {
    match (date(&v["startDate"]), date(&v["endDate"])) {
        (None, None) => None,
        (a, b) => Some((a.or(b)?, b.or(a)?)),
    }
}

/// A document as the reference sees it.
#[derive(Debug, Default)]
struct Doc {
    /// Array filter → the document's values (`classification`: its CPV codes).
    lists: BTreeMap<&'static str, Vec<String>>,
    /// Date range parameter → (start, end), epoch ms.
    dates: BTreeMap<&'static str, (i64, i64)>,
    value: Option<f64>,
    /// Lowercase id and human id: a keyword equal to one of them matches.
    ids: Vec<String>,
    /// The searchable texts: title, the procuring entity's names, the rest.
    texts: [String; 3],
    /// The distinct words of the texts (normalised by the analysis chain).
    words: Vec<String>,
    /// The texts analysed (by `check`, once).
    analysed: Analysed,
    /// The identifier codes of the procuring entity, buyers and suppliers.
    codes: Vec<String>,
    created: Option<i64>,
    modified: Option<i64>,
    published: Option<i64>,
    /// Tenders: `tenderPeriod.endDate`.
    deadline: Option<i64>,
    test: bool,
    monitored: bool,
}

impl Doc {
    fn new(doc: &Value, human_id: &str) -> Self {
        let mut d = Doc {
            ids: vec![s(&doc["id"]).to_lowercase(), s(&doc[human_id]).to_lowercase()],
            test: s(&doc["mode"]) == "test",
            monitored: doc["hasActiveMonitoring"] == true,
            ..Default::default()
        };
        // Every document counts in the status facet, even without a status.
        d.lists.insert("status", vec![s(&doc["status"]).to_string()]);
        d
    }

    /// Adds a value once; codes and identifiers are compared without surrounding spaces
    /// (query values are trimmed, and a few suppliers' codes carry a leading space).
    fn push(&mut self, name: &'static str, x: &str) {
        let x = x.trim();
        let l = self.lists.entry(name).or_default();
        if !x.is_empty() && !l.iter().any(|y| y == x) {
            l.push(x.to_string());
        }
    }

    fn put(&mut self, name: &'static str, v: &Value) {
        self.push(name, s(v));
    }

    fn values(&self, name: &str) -> &[String] {
        self.lists.get(name).map(Vec::as_slice).unwrap_or_default()
    }

    fn set_texts(&mut self, title: String, buyer: String, body: String) {
        let mut w: Vec<String> =
            [&title, &buyer, &body].iter().flat_map(|t| analysis::words(t)).map(|(_, w)| w).collect();
        w.sort();
        w.dedup();
        self.words = w;
        self.texts = [title, buyer, body];
    }

    fn code(&mut self, v: &Value) {
        let c = s(v).trim();
        if !c.is_empty() && !self.codes.iter().any(|x| x == c) {
            self.codes.push(c.to_string());
        }
    }
}

/// What the readers need besides the document.
struct Ctx<'a> {
    cls: &'a Classifiers,
    /// Every stored tender: (lowercase id, lowercase tenderID).
    tenders: Vec<(String, String)>,
    /// The index's analysis chain (the reference matches words with it).
    analyzer: Analyzer,
}

fn add(text: &mut String, v: &Value) {
    if let Some(t) = v.as_str() {
        text.push(' ');
        text.push_str(t);
    }
}

fn add_org(text: &mut String, org: &Value) {
    for v in [&org["name"], &org["name_en"], &org["identifier"]["legalName"], &org["identifier"]["legalName_en"]] {
        add(text, v);
    }
}

fn add_cpv(ctx: &Ctx, text: &mut String, code: &str) {
    if let Some(n) = ctx.cls.cpv.get(code) {
        text.push(' ');
        text.push_str(&n.uk);
        text.push(' ');
        text.push_str(&n.en);
    }
}

/// The CPV rule for documents without `mainProcurementCategory`.
fn subject(code: &str) -> &'static str {
    match code.get(..2).and_then(|d| d.parse::<u32>().ok()) {
        Some(45) => "works",
        Some(d) if d >= 50 => "services",
        _ => "goods",
    }
}

fn read_tender(t: &Value, ctx: &Ctx) -> Doc {
    let mut d = Doc::new(t, "tenderID");
    let pe = &t["procuringEntity"];
    d.put("procurementMethodType", &t["procurementMethodType"]);
    d.put("region", &pe["address"]["region"]);
    d.put("organizer", &pe["identifier"]["id"]);
    d.code(&pe["identifier"]["id"]);
    for b in arr(&t["buyers"]) {
        d.code(&b["identifier"]["id"]);
    }
    let (mut title, mut buyer) = (String::new(), String::new());
    for k in ["title", "title_en"] {
        add(&mut title, &t[k]);
    }
    let mut text = String::new();
    for k in ["description", "description_en"] {
        add(&mut text, &t[k]);
    }
    for item in arr(&t["items"]) {
        d.put("classification", &item["classification"]["id"]);
        add_cpv(ctx, &mut text, s(&item["classification"]["id"]));
        add(&mut text, &item["description"]);
        add(&mut text, &item["description_en"]);
    }
    for lot in arr(&t["lots"]) {
        add(&mut text, &lot["title"]);
        add(&mut text, &lot["title_en"]);
    }
    add_org(&mut buyer, pe);
    for a in arr(&t["awards"]).iter().filter(|a| a["status"] == "active") {
        for sup in arr(&a["suppliers"]) {
            d.put("supplier", &sup["identifier"]["id"]);
            d.code(&sup["identifier"]["id"]);
            add_org(&mut text, sup);
        }
    }
    for f in arr(&t["funders"]) {
        d.put("funder", &f["identifier"]["id"]);
    }
    for m in arr(&t["milestones"]).iter().filter(|m| m["type"] == "financing") {
        d.put("paymentType", &m["code"]);
    }
    let codes = d.values("classification").to_vec();
    let kind = t["mainProcurementCategory"].as_str().or_else(|| codes.first().map(|c| subject(c)));
    d.push("typeSubjectProcurement", kind.unwrap_or_default());
    match t["tags"].as_array() {
        Some(tags) => tags.iter().for_each(|x| d.put("tags", x)),
        None => {
            for (code, _, _, divisions) in TAGS {
                if codes.iter().any(|c| divisions.iter().any(|v| c.starts_with(v))) {
                    d.push("tags", code);
                }
            }
        }
    }
    // The integrity indicators, computed directly on the record.
    for outcome in indicators::assess(t).outcomes {
        if outcome.verdict == indicators::Verdict::Raised {
            d.push("redFlag", outcome.code.as_str());
            d.push("redFlag", "any");
        }
    }
    d.value = t["value"]["amount"].as_f64();
    d.created = date(&t["dateCreated"]).or_else(|| date(&t["date"]));
    d.modified = date(&t["dateModified"]);
    d.published = d.created;
    d.deadline = date(&t["tenderPeriod"]["endDate"]);
    for slot in ["enquiryPeriod", "auctionPeriod", "tenderPeriod", "qualificationPeriod"] {
        if let Some(p) = period(&t[slot]) {
            d.dates.insert(slot, p);
        }
    }
    if let Some(c) = d.created {
        d.dates.insert("publicationDate", (c, c));
    }
    d.set_texts(title, buyer, text);
    d
}

fn read_plan(p: &Value, ctx: &Ctx) -> Doc {
    let mut d = Doc::new(p, "planID");
    let pe = &p["procuringEntity"];
    let budget = &p["budget"];
    d.put("procurementMethodType", &p["tender"]["procurementMethodType"]);
    d.put("region", &pe["address"]["region"]);
    d.put("organizer", &pe["identifier"]["id"]);
    d.push("tender_id", &s(&p["tender_id"]).to_lowercase());
    d.code(&pe["identifier"]["id"]);
    for b in arr(&p["buyers"]) {
        d.code(&b["identifier"]["id"]);
    }
    let (mut title, mut buyer) = (String::new(), String::new());
    add(&mut title, &budget["description"]);
    let mut text = String::new();
    add(&mut text, &budget["project"]["name"]);
    d.put("classification", &p["classification"]["id"]);
    add_cpv(ctx, &mut text, s(&p["classification"]["id"]));
    for item in arr(&p["items"]) {
        d.put("classification", &item["classification"]["id"]);
        add_cpv(ctx, &mut text, s(&item["classification"]["id"]));
        add(&mut text, &item["description"]);
        add(&mut text, &item["description_en"]);
    }
    add_org(&mut buyer, pe);
    for b in arr(&budget["breakdown"]) {
        d.put("funder", &b["funder"]["id"]);
    }
    if budget["project"]["scheme"] == "funder_program" {
        for program in ctx.cls.funders.iter().filter(|x| x["programId"] == budget["project"]["id"]) {
            d.put("funder", &program["identifier"]["id"]);
        }
    }
    let start = date(&p["tender"]["tenderPeriod"]["startDate"]);
    let year = budget["year"]
        .as_i64()
        .map(|y| y as i32)
        .or_else(|| date(&budget["period"]["startDate"]).map(dates::kyiv_year))
        .or_else(|| start.map(dates::kyiv_year));
    if let Some(y) = year {
        d.push("planYear", &y.to_string());
    }
    d.value = budget["amount"].as_f64();
    d.modified = date(&p["dateModified"]);
    d.published = date(&p["datePublished"]).or(d.modified);
    d.created = date(&p["dateCreated"]).or(d.published);
    if let Some(x) = start {
        d.dates.insert("plansPeriod", (x, x));
    }
    if let Some(x) = d.published {
        d.dates.insert("plansPublished", (x, x));
        d.dates.insert("publicationDate", (x, x));
    }
    d.set_texts(title, buyer, text);
    d
}

fn read_contract(c: &Value, ctx: &Ctx) -> Doc {
    let mut d = Doc::new(c, "contractID");
    let buyer = &c["buyer"];
    d.put("procurementMethodType", &c["procurementMethodType"]);
    d.put("region", &buyer["address"]["region"]);
    d.put("organizer", &buyer["identifier"]["id"]);
    d.push("tender_id", &s(&c["tender_id"]).to_lowercase());
    d.code(&buyer["identifier"]["id"]);
    let (mut title, mut buyer_text) = (String::new(), String::new());
    for k in ["title", "title_en"] {
        add(&mut title, &c[k]);
    }
    let mut text = String::new();
    for k in ["description", "description_en", "tenderID"] {
        add(&mut text, &c[k]);
    }
    for item in arr(&c["items"]) {
        d.put("classification", &item["classification"]["id"]);
        add_cpv(ctx, &mut text, s(&item["classification"]["id"]));
        add(&mut text, &item["description"]);
        add(&mut text, &item["description_en"]);
    }
    for sup in arr(&c["suppliers"]) {
        d.put("supplier", &sup["identifier"]["id"]);
        d.code(&sup["identifier"]["id"]);
        add_org(&mut text, sup);
    }
    add_org(&mut buyer_text, buyer);
    d.value = c["value"]["amount"].as_f64();
    d.created = date(&c["dateCreated"]).or_else(|| date(&c["date"]));
    d.modified = date(&c["dateModified"]).or(d.created);
    d.published = date(&c["dateSigned"]).or(d.created);
    if let Some(x) = d.published {
        d.dates.insert("dateSigned", (x, x));
        d.dates.insert("publicationDate", (x, x));
    }
    d.set_texts(title, buyer_text, text);
    d
}

/// One register as the portal searches it.
struct Register {
    kind: Kind,
    /// Array filters, each with the share of rounds (percent) it is drawn in.
    lists: &'static [(&'static str, u64)],
    /// The amount range parameter.
    value: &'static str,
    /// Date range parameters.
    dates: &'static [&'static str],
    /// The answer's facets, in order.
    facets: &'static [&'static str],
    /// Whether `hasActiveMonitoring` and `testMode` are drawn.
    flags: bool,
    sorts: &'static [&'static str],
    read: fn(&Value, &Ctx) -> Doc,
}

const FACETS: &[&str] = &["status", "procurementMethodType", "region", "classification"];

const TENDERS: Register = Register {
    kind: Kind::Tender,
    lists: &[
        ("status", 35),
        ("procurementMethodType", 25),
        ("region", 15),
        ("classification", 30),
        ("organizer", 10),
        ("supplier", 10),
        ("tags", 10),
        ("typeSubjectProcurement", 10),
        ("paymentType", 8),
        ("funder", 5),
        ("redFlag", 15),
    ],
    value: "valueAmount",
    dates: &["enquiryPeriod", "auctionPeriod", "tenderPeriod", "qualificationPeriod", "publicationDate"],
    facets: &["status", "procurementMethodType", "region", "classification", "redFlag"],
    flags: true,
    sorts: &[
        "dateCreated.desc",
        "dateCreated.asc",
        "dateModified.desc",
        "valueAmount.asc",
        "valueAmount.desc",
        "publicationDate.desc",
        "tenderPeriodEnd.asc",
        "tenderPeriodEnd.desc",
    ],
    read: read_tender,
};

const PLANS: Register = Register {
    kind: Kind::Plan,
    lists: &[
        ("status", 35),
        ("procurementMethodType", 20),
        ("region", 15),
        ("classification", 30),
        ("organizer", 15),
        ("planYear", 20),
        ("funder", 5),
        ("tender_id", 5),
    ],
    value: "valueBudget",
    dates: &["plansPeriod", "plansPublished"],
    facets: &["status", "procurementMethodType", "region", "classification", "planYear"],
    flags: false,
    sorts: &[
        "dateCreated.desc",
        "dateModified.desc",
        "valueBudget.asc",
        "valueBudget.desc",
        "publicationDate.asc",
        "publicationDate.desc",
    ],
    read: read_plan,
};

const CONTRACTS: Register = Register {
    kind: Kind::Contract,
    lists: &[
        ("status", 35),
        ("procurementMethodType", 10),
        ("region", 15),
        ("classification", 30),
        ("organizer", 15),
        ("supplier", 15),
        ("tender_id", 10),
    ],
    value: "valueSum",
    dates: &["dateSigned", "publicationDate"],
    facets: FACETS,
    flags: false,
    sorts: &[
        "dateCreated.desc",
        "dateCreated.asc",
        "dateModified.desc",
        "valueSum.asc",
        "valueSum.desc",
        "publicationDate.desc",
    ],
    read: read_contract,
};

/// A drawn query: its query string and what the reference needs of it.
#[derive(Debug, Default)]
struct Drawn {
    parts: Vec<String>,
    lists: Vec<(&'static str, Vec<String>)>,
    value: Option<(Option<f64>, Option<f64>)>,
    dates: Vec<(&'static str, Option<i64>, Option<i64>)>,
    keyword: Option<String>,
    monitored: Option<bool>,
    /// `acceptingBids`, answered at `now`.
    accepting: Option<bool>,
    test: bool,
    sort: (String, bool),
    /// The moment the query is answered at (acceptingBids, the nearest-deadline order).
    now: i64,
}

impl Drawn {
    /// Adds an array filter, in one of the accepted spellings.
    fn list(&mut self, r: &mut Rng, name: &'static str, values: Vec<String>) {
        for (i, v) in values.iter().enumerate() {
            let key = match r.below(3) {
                0 if values.len() == 1 => name.to_string(),
                1 => format!("{name}[]"),
                _ => format!("{name}[{i}]"),
            };
            self.parts.push(format!("{key}={}", common::enc(v)));
        }
        self.lists.push((name, values));
    }
}

const UNKNOWN_TENDERS: [&str; 2] = ["UA-1999-01-01-999999-z", "ffffffffffffffffffffffffffffffff"];

/// Random upper/lower case.
fn recase(r: &mut Rng, v: &str) -> String {
    match r.below(3) {
        0 => v.to_uppercase(),
        1 => v.to_lowercase(),
        _ => v.to_string(),
    }
}

/// Draws the values of array filter `name` from `doc` (`other`: a second document).
fn draw_values(r: &mut Rng, reg: &Register, ctx: &Ctx, name: &str, doc: &Doc, other: &Doc) -> Option<Vec<String>> {
    let p = |r: &mut Rng, pct: u64| r.below(100) < pct;
    let v = pick(r, doc.values(name))?.clone();
    let v = match name {
        "status" if !reg.kind.statuses().contains(&v.as_str()) => pick(r, reg.kind.statuses()).unwrap().to_string(),
        _ => v,
    };
    let mut out = match name {
        "classification" => {
            let digits = v.get(..8).filter(|d| d.bytes().all(|b| b.is_ascii_digit()))?;
            let keep = 2 + r.below(5) as usize;
            vec![format!("{}{}", &digits[..keep], "0".repeat(8 - keep))]
        }
        "tender_id" => {
            let named: Vec<&String> = ctx.tenders.iter().filter(|(id, _)| *id == v).map(|(_, h)| h).collect();
            match r.below(6) {
                0 => vec![v.to_uppercase()],
                1 | 2 if !named.is_empty() => {
                    let human = pick(r, &named).unwrap().to_string();
                    vec![recase(r, &human)]
                }
                3 => vec![v, UNKNOWN_TENDERS[r.below(2) as usize].to_string()],
                _ => vec![v],
            }
        }
        _ => vec![v],
    };
    if name == "status" && p(r, 50) {
        let second = if p(r, 50) { other.values("status").first().cloned() } else { None };
        out.push(second.unwrap_or_else(|| pick(r, reg.kind.statuses()).unwrap().to_string()));
    } else if !["classification", "tender_id"].contains(&name) && p(r, 15) {
        if let Some(x) = pick(r, other.values(name)) {
            out.push(x.clone());
        }
    }
    out.dedup();
    Some(out)
}

fn draw(r: &mut Rng, reg: &Register, ctx: &Ctx, doc: &Doc, other: &Doc, focus: Option<&str>) -> Drawn {
    let p = |r: &mut Rng, pct: u64| r.below(100) < pct;
    let mut q = Drawn::default();
    for &(name, pct) in reg.lists {
        if focus == Some(name) || p(r, pct) {
            if let Some(values) = draw_values(r, reg, ctx, name, doc, other) {
                q.list(r, name, values);
            }
        }
    }
    if reg.lists.iter().any(|(n, _)| *n == "tender_id") && !q.lists.iter().any(|(n, _)| *n == "tender_id") && p(r, 2) {
        let unknown = UNKNOWN_TENDERS[r.below(2) as usize].to_string();
        q.list(r, "tender_id", vec![unknown]);
    }
    if focus == Some("keyword") || p(r, 30) {
        if let Some(w) = pick(r, &doc.words) {
            let w = recase(r, w);
            let second = pick(r, &other.words).or(pick(r, &doc.words)).cloned().unwrap_or_default();
            let k = match r.below(10) {
                0 | 1 => format!("{w} {}", pick(r, &doc.words).unwrap()),
                2 => format!("{w} OR {second}"),
                3 => format!("{w} -{second}"),
                4 => {
                    // Two words one after another in one of the texts, quoted.
                    let t = &doc.texts[r.below(3) as usize];
                    let ws = analysis::words(t);
                    match ws.len() {
                        0 | 1 => w.clone(),
                        n => {
                            let i = r.below(n as u64 - 1) as usize;
                            format!("\"{}\"", &t[ws[i].0.start..ws[i + 1].0.end])
                        }
                    }
                }
                5 => format!("\"{w}"),
                _ => w.clone(),
            };
            q.parts.push(format!("keyword={}", common::enc(&k)));
            q.keyword = Some(k);
        }
    } else if p(r, 6) {
        let id = doc.ids[r.below(2) as usize].clone();
        if !id.is_empty() {
            q.parts.push(format!("keyword={}", common::enc(&recase(r, &id))));
            q.keyword = Some(id);
        }
    } else if p(r, 4) {
        if let Some(c) = pick(r, &doc.codes).filter(|c| is_org_code(c)) {
            q.parts.push(format!("keyword={}", common::enc(c)));
            q.keyword = Some(c.clone());
        }
    }
    if q.keyword.is_some() {
        // As typed: the typo fallback (a search that found nothing) is tested on its own.
        q.parts.push("exact=true".into());
    }
    if focus == Some(reg.value) || p(r, 25) {
        if let Some(v) = doc.value {
            let lo = format!("{:.2}", v * (0.2 + r.unit()));
            let hi = format!("{:.2}", v * (1.0 + 3.0 * r.unit()));
            let (from, to) = match r.below(4) {
                0 => (None, Some(hi)),
                1 => (Some(lo), None),
                _ => (Some(lo), Some(hi)),
            };
            for (bound, x) in [("from", &from), ("to", &to)] {
                if let Some(x) = x {
                    q.parts.push(format!("{}[{bound}]={x}", reg.value));
                }
            }
            let num = |x: &Option<String>| x.as_ref().map(|x| x.parse::<f64>().unwrap());
            q.value = Some((num(&from), num(&to)));
        }
    }
    let dated: Vec<&&str> = reg.dates.iter().filter(|n| doc.dates.contains_key(**n)).collect();
    if focus.is_some_and(|f| reg.dates.contains(&f)) || p(r, 20) {
        let name = match focus.filter(|f| doc.dates.contains_key(f)) {
            Some(f) => reg.dates.iter().find(|n| **n == f),
            None => pick(r, &dated).copied(),
        };
        if let Some(&name) = name {
            let (start, end) = doc.dates[name];
            let from_ms = start - r.below(20 * 86_400_000) as i64;
            let (from, from_str) = if p(r, 30) {
                let day = dates::format_kyiv(from_ms)[..10].to_string();
                (dates::parse(&day).unwrap(), day)
            } else {
                let full = dates::format_kyiv(from_ms);
                (dates::parse(&full).unwrap(), full)
            };
            q.parts.push(format!("{name}[from]={}", common::enc(&from_str)));
            let mut to = None;
            if p(r, 50) {
                let day = dates::format_kyiv(end + r.below(20 * 86_400_000) as i64)[..10].to_string();
                to = Some(dates::parse(&day).unwrap() + 86_400_000 - 1);
                q.parts.push(format!("{name}[to]={day}"));
            }
            q.dates.push((name, Some(from), to));
        }
    }
    if reg.flags && p(r, 8) {
        let m = p(r, 50);
        q.parts.push(format!("hasActiveMonitoring={m}"));
        q.monitored = Some(m);
    }
    if reg.flags && p(r, 5) {
        q.parts.push("testMode=true".into());
        q.test = true;
    }
    // "Now" around the document's deadline (a day before to a day after), else the
    // snapshot's days: the open tenders and the order both depend on it.
    q.now = match doc.deadline {
        Some(d) => d - 86_400_000 + r.below(2 * 86_400_000) as i64,
        None => dates::parse("2026-10-12T12:00:00+03:00").unwrap(),
    };
    if reg.flags && (focus == Some("acceptingBids") || p(r, 8)) {
        let open = p(r, 70);
        q.parts.push(format!("acceptingBids={open}"));
        q.accepting = Some(open);
    }
    q.sort = ("dateCreated".into(), true);
    // A keyword's default order is relevance, tested on its own: here an order is named.
    if p(r, 60) || q.keyword.is_some() {
        let sort = pick(r, reg.sorts).unwrap();
        q.parts.push(format!("sortOrder={sort}"));
        let (key, dir) = sort.rsplit_once('.').unwrap();
        q.sort = (key.to_string(), dir == "desc");
    }
    let per_page = [10, 24, 100][r.below(3) as usize];
    q.parts.push(format!("perPage={per_page}"));
    q.parts.push(format!("page={}", 1 + r.below(3)));
    q
}

/// The significant digits of a CPV code: trailing zeros dropped, at least the division.
fn cpv_prefix(code: &str) -> String {
    let digits = &code[..8];
    let t = digits.trim_end_matches('0');
    digits[..t.len().max(2)].to_string()
}

/// Whether eight digits typed alone are a CPV code of `doc`'s or an ancestor of one
/// (the keyword reads them as an ЄДРПОУ and as a CPV code without its check digit).
fn under_cpv(k: &str, doc: &Doc) -> bool {
    k.len() == 8
        && k.bytes().all(|b| b.is_ascii_digit())
        && doc.values("classification").iter().any(|c| c.len() >= 8 && c.starts_with(&cpv_prefix(k)))
}

/// The reference: does `doc` answer the drawn query?
fn reference(q: &Drawn, ctx: &Ctx, doc: &Doc) -> bool {
    if doc.test != q.test || q.monitored.is_some_and(|m| m != doc.monitored) {
        return false;
    }
    if let Some(want) = q.accepting {
        let status = doc.values("status")[0].as_str();
        let last = ["complete", "cancelled", "unsuccessful", "draft.unsuccessful"].contains(&status);
        if (doc.deadline.is_some_and(|d| d > q.now) && !last) != want {
            return false;
        }
    }
    for (name, values) in &q.lists {
        let have = doc.values(name);
        let ok = match *name {
            "classification" => values.iter().any(|v| {
                let pre = cpv_prefix(v);
                have.iter().any(|c| c.starts_with(&pre))
            }),
            "tender_id" => values.iter().any(|v| {
                let v = v.to_lowercase();
                have.iter()
                    .any(|t| *t == v || ctx.tenders.iter().any(|(id, human)| id == t && (*id == v || *human == v)))
            }),
            _ => values.iter().any(|v| have.contains(v)),
        };
        if !ok {
            return false;
        }
    }
    if let Some((from, to)) = q.value {
        if !doc.value.is_some_and(|v| from.is_none_or(|a| v >= a) && to.is_none_or(|b| v <= b)) {
            return false;
        }
    }
    for (name, from, to) in &q.dates {
        let Some(&(start, end)) = doc.dates.get(name) else { return false };
        if from.is_some_and(|a| start < a) || to.is_some_and(|b| end > b) {
            return false;
        }
    }
    if let Some(k) = &q.keyword {
        let k = k.trim();
        let is_id = doc.ids.iter().any(|id| *id == k.to_lowercase());
        let is_code = is_org_code(k) && doc.codes.iter().any(|c| c == k);
        if !(is_id || is_code || under_cpv(k, doc) || matches_analysed(&parse(k), &ctx.analyzer, &doc.analysed)) {
            return false;
        }
    }
    true
}

fn sort_key(q: &Drawn, doc: &Doc) -> f64 {
    let v = match q.sort.0.as_str() {
        "dateCreated" => doc.created.map(|x| x as f64),
        "dateModified" => doc.modified.map(|x| x as f64),
        "publicationDate" => doc.published.map(|x| x as f64),
        "tenderPeriodEnd" => doc.deadline.map(|x| x as f64),
        _ => doc.value,
    };
    v.unwrap_or(f64::NEG_INFINITY)
}

/// The reference facet counts of `facet` over the documents `hits`.
fn facet_counts(ctx: &Ctx, docs: &[Doc], hits: &[u32], facet: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for &i in hits {
        let doc = &docs[i as usize];
        let mut keys: Vec<String> = if facet == "classification" {
            doc.values("classification").iter().filter_map(|c| ctx.cls.cpv_division(c)).collect()
        } else {
            doc.values(facet).to_vec()
        };
        keys.sort();
        keys.dedup();
        for k in keys {
            *out.entry(k).or_insert(0) += 1;
        }
    }
    out
}

/// Every word of every document, as the keyword, selects exactly the documents with one
/// of its forms (a word with a term of its terms, or whose id or human id it is), test
/// documents aside: the random rounds cannot draw each word, this checks them all.
fn check_every_word(data: &upstream::Data, c: &upstream::store::Collection, ctx: &Ctx, docs: &[Doc]) {
    let mut by_term: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    let mut by_id: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    let mut all_words: Vec<&str> = Vec::new();
    for (i, d) in docs.iter().enumerate() {
        for t in &d.texts {
            for (_, terms) in ctx.analyzer.analyze(t) {
                for term in terms {
                    let e = by_term.entry(term).or_default();
                    if e.last() != Some(&(i as u32)) {
                        e.push(i as u32);
                    }
                }
            }
        }
        for id in &d.ids {
            by_id.entry(id.as_str()).or_default().push(i as u32);
        }
        all_words.extend(d.words.iter().map(String::as_str));
    }
    all_words.sort_unstable();
    all_words.dedup();
    for w in all_words {
        if parse(w).required.is_empty() {
            continue; // `or`, `або`: an operator, not a word
        }
        let mut terms = Vec::new();
        ctx.analyzer.terms(w, &mut terms);
        let by_code = if is_org_code(w) {
            docs_with(docs, |d| d.codes.iter().any(|c| c == w) || under_cpv(w, d))
        } else {
            Vec::new()
        };
        let mut expected: Vec<u32> = terms
            .iter()
            .flat_map(|t| by_term.get(t).into_iter().flatten().copied())
            .chain(by_id.get(w).into_iter().flatten().copied())
            .chain(by_code)
            .filter(|&i| !docs[i as usize].test)
            .collect();
        expected.sort();
        expected.dedup();
        let qs = format!("keyword={}&exact=true", common::enc(w));
        let q = data.query(&Params::parse(&qs), c.kind).unwrap();
        let got: Vec<u32> = c.index.filter(&q).iter().collect();
        if got != expected {
            let missing: Vec<&u32> = expected.iter().filter(|i| !got.contains(i)).collect();
            let extra: Vec<&u32> = got.iter().filter(|i| !expected.contains(i)).collect();
            panic!("{:?}: {qs} misses documents {missing:?} and finds {extra:?} too", c.kind);
        }
    }
}

/// The documents (numbers) for which `has` holds.
fn docs_with(docs: &[Doc], has: impl Fn(&Doc) -> bool) -> Vec<u32> {
    (0..docs.len() as u32).filter(|&i| has(&docs[i as usize])).collect()
}

/// Per parameter (and per status value): rounds it was drawn in, and of those the rounds
/// whose reference result was not empty.
#[derive(Default)]
struct Coverage(BTreeMap<String, (usize, usize)>);

impl Coverage {
    fn add(&mut self, key: String, nonempty: bool) {
        let e = self.0.entry(key).or_default();
        e.0 += 1;
        e.1 += usize::from(nonempty);
    }
    fn hit(&self, key: &str) -> usize {
        self.0.get(key).map_or(0, |e| e.1)
    }
}

fn check(reg: &Register, rounds: u64, seed: u64) {
    let state = common::state_with_docs();
    let data = &*state.data.read();
    let c = data.collection(reg.kind);
    let tenders = &data.tenders;
    let ctx = Ctx {
        cls: &data.classifiers,
        tenders: (0..tenders.len() as u32)
            .map(|d| {
                let t = data.document(tenders, d);
                (s(&t["id"]).to_lowercase(), s(&t["tenderID"]).to_lowercase())
            })
            .collect(),
        analyzer: c.index.text().expect("the keyword index is built").analyzer().clone(),
    };
    if std::env::var_os("CI").is_some() {
        assert!(ctx.analyzer.has_lexicon(), "CI: the Ukrainian word-form table (make setup) is there");
    }
    let fields = data.fields_of(c);
    assert_eq!(fields.len(), c.len());
    let mut docs: Vec<Doc> = (0..c.len() as u32).map(|d| (reg.read)(&data.document(c, d), &ctx)).collect();
    for d in &mut docs {
        let [title, buyer, body] = &d.texts;
        d.analysed = analyse(&ctx.analyzer, title, buyer, body);
    }
    let fields_analysed: Vec<Analysed> =
        fields.iter().map(|f| analyse(&ctx.analyzer, &f.title, &f.organizer_text, &f.text)).collect();
    // Per filter, value → documents with it: a focused round draws a value first, so rare
    // values (a status a single example has) get drawn as often as common ones.
    let strata: Vec<(&str, Vec<Vec<u32>>)> = reg
        .lists
        .iter()
        .map(|&(name, _)| {
            let mut by: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
            for (i, d) in docs.iter().enumerate() {
                for v in d.values(name) {
                    // A status the search does not offer (an API-documentation tender's
                    // `draft`) is never drawn.
                    if name != "status" || reg.kind.statuses().contains(&v.as_str()) {
                        by.entry(v.as_str()).or_default().push(i as u32);
                    }
                }
            }
            (name, by.into_values().collect::<Vec<Vec<u32>>>())
        })
        .chain(std::iter::once((reg.value, vec![docs_with(&docs, |d| d.value.is_some())])))
        .chain(reg.dates.iter().map(|&name| (name, vec![docs_with(&docs, |d| d.dates.contains_key(name))])))
        .filter(|(_, by)| by.iter().any(|docs| !docs.is_empty()))
        .collect();
    let mut focuses: Vec<&str> = strata.iter().map(|(n, _)| *n).collect();
    focuses.push("keyword");
    if reg.flags {
        focuses.push("acceptingBids");
    }
    check_every_word(data, c, &ctx, &docs);
    let mut r = Rng::new(seed);
    let mut nonempty = 0;
    let mut cover = Coverage::default();
    let mut turns: BTreeMap<&str, usize> = BTreeMap::new();
    for round in 0..rounds {
        // Two rounds in three focus on one filter, each in turn: it is always drawn, from a
        // document that has it (a filter with up to 32 values visits them in turn); the
        // others draw around a random document.
        let focus = (round % 3 != 2).then(|| focuses[(round - round / 3) as usize % focuses.len()]);
        let anchor = match strata.iter().find(|(n, _)| Some(*n) == focus) {
            Some((name, by)) => {
                let turn = turns.entry(name).or_default();
                *turn += 1;
                let i = if by.len() <= 32 { *turn % by.len() } else { r.below(by.len() as u64) as usize };
                *pick(&mut r, &by[i]).unwrap()
            }
            None => r.below(docs.len() as u64) as u32,
        };
        let other = r.below(docs.len() as u64) as usize;
        let drawn = draw(&mut r, reg, &ctx, &docs[anchor as usize], &docs[other], focus);
        let qs = drawn.parts.join("&");
        let mut q: SearchQuery = data.query(&Params::parse(&qs), reg.kind).unwrap_or_else(|e| panic!("{qs}: {e}"));
        q.now = drawn.now;
        let hits = c.index.search(&q);

        let mut expected: Vec<u32> =
            (0..docs.len() as u32).filter(|&i| reference(&drawn, &ctx, &docs[i as usize])).collect();
        let brute: Vec<u32> = (0..fields.len() as u32)
            .filter(|&i| {
                let i = i as usize;
                q.matches_by(&fields[i], |syntax| matches_analysed(syntax, &ctx.analyzer, &fields_analysed[i]))
            })
            .collect();
        assert_eq!(brute, expected, "round {round}: SearchQuery::matches disagrees with the JSON reference for {qs}");
        let nearest = drawn.sort == ("tenderPeriodEnd".to_string(), false);
        if nearest {
            // The nearest deadline first: not the order of one key (`deadline_order`).
            let at = |d: u32| docs[d as usize].deadline;
            expected.sort_by(|&a, &b| deadline_order(drawn.now, (at(a), a), (at(b), b)));
        } else {
            expected.sort_by(|&a, &b| {
                sort_key(&drawn, &docs[a as usize]).total_cmp(&sort_key(&drawn, &docs[b as usize])).then(a.cmp(&b))
            });
            if drawn.sort.1 {
                expected.reverse();
            }
        }
        let mut by_fields = brute.clone();
        if nearest {
            let at = |d: u32| fields[d as usize].deadline;
            by_fields.sort_by(|&a, &b| deadline_order(q.now, (at(a), a), (at(b), b)));
        } else {
            by_fields.sort_by(|&a, &b| {
                sort_value(q.sort, &fields[a as usize])
                    .total_cmp(&sort_value(q.sort, &fields[b as usize]))
                    .then(a.cmp(&b))
            });
            if q.desc {
                by_fields.reverse();
            }
        }
        assert_eq!(by_fields, expected, "round {round}: sort keys of the fields and the JSON differ for {qs}");

        assert_eq!(hits.total, expected.len(), "round {round} total for {qs}");
        let page: Vec<u32> = expected.iter().copied().skip((q.page - 1) * q.per_page).take(q.per_page).collect();
        assert_eq!(hits.page, page, "round {round} page for {qs}");
        let status_sum: usize = hits.facets[0].1.iter().map(|x| x.1).sum();
        assert_eq!(status_sum, expected.len(), "status facet sums to total for {qs}");
        let names: Vec<&str> = hits.facets.iter().map(|f| f.0).collect();
        assert_eq!(names, reg.facets, "facets of {qs}");
        for (name, counts) in &hits.facets {
            assert!(counts.windows(2).all(|w| w[0].1 >= w[1].1), "{name} facet largest first for {qs}");
            let got: BTreeMap<String, usize> = counts.iter().cloned().collect();
            assert_eq!(got, facet_counts(&ctx, &docs, &expected, name), "round {round} {name} facet for {qs}");
        }

        let found = !expected.is_empty();
        if found {
            nonempty += 1;
        }
        for (name, values) in &drawn.lists {
            cover.add(name.to_string(), found);
            if *name == "status" {
                for v in values {
                    let with = expected.iter().any(|&i| docs[i as usize].values("status")[0] == *v);
                    cover.add(format!("status={v}"), with);
                }
            }
        }
        if drawn.keyword.is_some() {
            cover.add("keyword".into(), found);
        }
        if let Some(open) = drawn.accepting {
            cover.add("acceptingBids".into(), found);
            cover.add(format!("acceptingBids={open}"), found);
        }
        if drawn.value.is_some() {
            cover.add(reg.value.into(), found);
        }
        for (name, _, _) in &drawn.dates {
            cover.add(name.to_string(), found);
        }
        if drawn.parts.iter().any(|p| p.starts_with("sortOrder=")) {
            cover.add(format!("sortOrder={}.{}", drawn.sort.0, if drawn.sort.1 { "desc" } else { "asc" }), found);
        }
    }
    assert!(nonempty * 3 > rounds as usize, "too few queries with results: {nonempty}/{rounds}");
    // Every filter that some document can answer was drawn with results; so was every
    // status some document has, and every sort order.
    let mut want: Vec<String> = focuses.iter().map(|f| f.to_string()).collect();
    let mut statuses: Vec<&str> =
        docs.iter().map(|d| d.values("status")[0].as_str()).filter(|x| reg.kind.statuses().contains(x)).collect();
    statuses.sort();
    statuses.dedup();
    want.extend(statuses.iter().map(|x| format!("status={x}")));
    want.extend(reg.sorts.iter().map(|x| format!("sortOrder={x}")));
    if reg.flags {
        want.extend(["acceptingBids=true".to_string(), "acceptingBids=false".to_string()]);
    }
    for key in want {
        assert!(cover.hit(&key) > 0, "{:?}: `{key}` never drawn with results: {:?}", reg.kind, cover.0);
    }
}

#[test]
fn tenders_match_brute_force() {
    check(&TENDERS, 600, 1);
}

#[test]
fn plans_match_brute_force() {
    check(&PLANS, 300, 2);
}

#[test]
fn contracts_match_brute_force() {
    check(&CONTRACTS, 300, 3);
}

#[test]
fn the_registers_hold_what_the_portal_filters_on() {
    // With the API-documentation examples, every status the portal offers for plans and
    // contracts is there to be drawn (the snapshot alone has only scheduled plans and no
    // terminated contract).
    if common::api_docs("plans").is_none() || common::api_docs("contracts").is_none() {
        eprintln!("skipped: no API-documentation plans and contracts in the shared data");
        return;
    }
    let state = common::state_with_docs();
    for (kind, wanted) in [
        (Kind::Plan, &["scheduled", "complete", "cancelled"][..]),
        (Kind::Contract, &["active", "terminated", "cancelled", "pending"][..]),
    ] {
        let dg = state.data.read();
        let c = dg.collection(kind);
        let statuses: Vec<String> = dg.fields_of(c).into_iter().map(|f| f.status).collect();
        for w in wanted {
            assert!(statuses.iter().any(|s| s == w), "{kind:?}: no `{w}` document");
        }
    }
}

#[test]
fn generated_tenders_index_the_same_fields_as_their_json() {
    let state = common::state_with_docs();
    let dg = state.data.read();
    let c = &dg.tenders;
    let docs = dg.fields_of(c);
    // Every generated tender is findable by its own tenderID and id.
    for (i, f) in docs.iter().enumerate().skip(c.len() - 50) {
        assert_eq!(c.index.lookup(&f.human_id), Some(i as u32));
        assert_eq!(c.index.lookup(&f.id), Some(i as u32));
    }
}
