//! Derives monitorings for real tenders. The snapshot has none, so about one tender in
//! [`ONE_IN`] (chosen by a hash of its id, never by load order) gets one monitoring, an
//! eighth of those two, in the monitoring API's shape. Everything follows from the
//! tender's id and dates, so every start derives the same records. The texts are
//! generic Ukrainian wording; document links and regional offices' identifiers are
//! illustrative.
//!
//! Timeline (as the audit API's state machine writes it): `dateCreated` (draft) →
//! publication (`decision.datePublished` = `monitoringPeriod.startDate`, 15 working days)
//! → dialogue posts → `conclusion` (→ `addressed` with violations, 10 working days of
//! `eliminationPeriod`; → `declined` without, 3 working days) → `eliminationReport` by the
//! buyer → `eliminationResolution` → `completed` / `closed` with `endDate`. `stopped` and
//! `cancelled` carry a `cancellation`. Every event lies after the tender's `dateCreated`
//! and no later than [`HORIZON`] after the snapshot's newest `dateModified` (period ends
//! may be later).

mod wording;

use crate::dates;
use crate::generate::Rng;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashSet};
use wording::{answer, finding, party, question, reason_text, reasons, stages, violation_codes, STRINGS_ATTACHED};

/// Seed of every draw (mixed with the tender id's hash).
pub const SEED: u64 = 0x4D4F_4E49_5430_5253;
/// One tender in this many (by id hash) is monitored.
pub const ONE_IN: u64 = 25;

const H: i64 = 3_600_000;
const D: i64 = 24 * H;
/// How far past the snapshot's newest `dateModified` (or the tender's own, when later)
/// monitoring events may go: the snapshot's tenders are mostly days old, and monitorings
/// run for weeks.
pub const HORIZON: i64 = 35 * D;

/// A stable 64-bit hash of a tender id (FNV-1a of the lowercase id, then SplitMix).
pub fn tender_hash(id: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.to_ascii_lowercase().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    Rng::new(h ^ SEED).next_u64()
}

/// True when the tender with this id is one of the monitored ones.
pub fn selected(id: &str) -> bool {
    tender_hash(id).is_multiple_of(ONE_IN)
}

/// True for a tender status that can be monitored (every status but the drafts).
pub fn monitorable(status: &str) -> bool {
    !status.is_empty() && !status.starts_with("draft")
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn date(v: &Value) -> Option<i64> {
    v.as_str().and_then(dates::parse)
}

fn fmt(ms: i64) -> String {
    dates::format_kyiv(ms)
}

/// Kyiv midnight at the start of the day of `ms`.
fn midnight(ms: i64) -> i64 {
    let local = ms + dates::kyiv_offset_secs(ms) * 1000;
    let (y, m, d) = dates::civil_from_days(local.div_euclid(D));
    dates::parse(&format!("{y:04}-{m:02}-{d:02}")).unwrap_or(ms)
}

fn hex(r: &mut Rng) -> String {
    format!("{:016x}{:016x}", r.next_u64(), r.next_u64())
}

/// Uniform in `a..=b` (a when b < a).
fn between(r: &mut Rng, a: i64, b: i64) -> i64 {
    a + r.below((b - a).max(0) as u64 + 1) as i64
}

fn weighted<T: Copy>(r: &mut Rng, items: &[(T, u64)]) -> T {
    let total: u64 = items.iter().map(|x| x.1).sum();
    let mut k = r.below(total);
    for &(v, w) in items {
        if k < w {
            return v;
        }
        k -= w;
    }
    items[0].0
}

/// Status spread of a tender's only (or latest) monitoring.
const STATUS_WEIGHTS: &[(&str, u64)] = &[
    ("active", 22),
    ("addressed", 14),
    ("declined", 4),
    ("completed", 24),
    ("closed", 22),
    ("stopped", 9),
    ("cancelled", 5),
];
/// Status spread of the earlier of two monitorings (always finished).
const EARLIER_WEIGHTS: &[(&str, u64)] = &[("completed", 4), ("closed", 4), ("stopped", 2), ("cancelled", 1)];

/// The time a monitoring needs from `dateCreated` to reach `status` (the upper bounds
/// of the gaps drawn in [`build`]).
fn need(status: &str) -> i64 {
    match status {
        "active" => 30 * H,
        "addressed" | "declined" => 30 * H + 12 * D,
        "completed" => 30 * H + 24 * D,
        "closed" => 30 * H + 18 * D,
        "stopped" => 30 * H + 6 * D,
        _ => 3 * D,
    }
}

/// Everything a monitoring reads of its tender.
struct Tender<'a> {
    id: &'a str,
    tender_id: &'a str,
    status: &'a str,
    region: &'a str,
    created: i64,
}

/// A document in the audit API's shape, published at `at`.
fn document(r: &mut Rng, title: &str, at: i64, author: &str) -> Value {
    let format = if title.ends_with(".p7s") { "application/pkcs7-signature" } else { "application/pdf" };
    json!({
        "id": hex(r),
        "hash": format!("md5:{}", hex(r)),
        "title": title,
        "format": format,
        "url": format!("https://public-docs.prozorro.gov.ua/get/{}", hex(r)),
        "datePublished": fmt(at),
        "dateModified": fmt(at),
        "author": author,
    })
}

/// Collects posts and the latest event time while a monitoring is built.
struct Builder<'a> {
    r: &'a mut Rng,
    party: String,
    last: i64,
    posts: Vec<Value>,
}

impl Builder<'_> {
    fn at(&mut self, t: i64) -> i64 {
        self.last = self.last.max(t);
        t
    }

    fn post(&mut self, t: i64, sas: bool, of: &str, title: &str, text: &str, reply_to: Option<&str>) -> String {
        let t = self.at(t);
        let author = if sas { "monitoring_owner" } else { "tender_owner" };
        let file = if sas { "Запит.pdf" } else { "Пояснення.pdf" };
        let mut docs = vec![document(self.r, file, t, author)];
        if !sas && self.r.below(2) == 0 {
            docs.push(document(self.r, "Підтвердні документи.pdf", t, author));
        }
        let id = hex(self.r);
        let mut p = json!({
            "id": id, "title": title, "description": text, "documents": docs,
            "author": author, "postOf": of, "datePublished": fmt(t),
        });
        if sas {
            p["relatedParty"] = json!(self.party);
            p["dateOverdue"] = json!(fmt(midnight(t + 5 * D)));
        }
        if let Some(to) = reply_to {
            p["relatedPost"] = json!(to);
        }
        self.posts.push(p);
        id
    }

    /// A question of the auditor and, sometimes, the buyer's answer.
    fn dialogue(&mut self, q: i64, a: Option<i64>, stage: &str) {
        let qid = self.post(q, true, "decision", "Запит на отримання пояснень", question(stage), None);
        if let Some(a) = a {
            self.post(a, false, "decision", "Пояснення замовника", answer(stage), Some(&qid));
        }
    }
}

/// Where a monitoring's `dateCreated` goes.
#[derive(Clone, Copy)]
enum Placement {
    /// Exactly here.
    At(i64),
    /// No earlier than this (and early enough to reach its status by `now`).
    After(i64),
}

/// Builds one monitoring; returns it and its latest event time.
fn build(r: &mut Rng, t: &Tender, status: &'static str, place: Placement, now: i64, rich: bool) -> (Value, i64) {
    let mut status = status;
    let t0 = match place {
        Placement::At(x) => x,
        Placement::After(lo) => {
            let mut hi = now - need(status);
            if hi < lo {
                status = "active";
                hi = now - need(status);
            }
            let lo = lo.min(hi).max(t.created + H);
            let hi = hi.max(lo);
            // Ongoing monitorings started recently; finished ones any time before.
            let recent = match status {
                "active" => 18 * D,
                "addressed" => 10 * D,
                "declined" => 3 * D,
                _ => i64::MAX / 4,
            };
            (hi - between(r, 0, recent.min(hi - lo))).max(lo)
        }
    };
    let stages = stages(r, t.status);
    let reasons = reasons(r);
    let party = party(r, t.region, t0);
    let party_id = s(&party["id"]).to_string();
    let mut m = json!({
        "id": hex(r),
        "tender_id": t.id,
        "tenderID": t.tender_id,
        "status": status,
        "reasons": reasons,
        "procuringStages": stages,
        "parties": [party],
        "dateCreated": fmt(t0),
        "restricted": false,
    });
    let mut b = Builder { r, party: party_id.clone(), last: t0, posts: Vec::new() };
    if status == "cancelled" {
        let k = t0 + between(b.r, 2 * H, 3 * D);
        let k = b.at(k);
        m["cancellation"] = json!({
            "description": "Рішення про початок моніторингу скасовано.",
            "dateCreated": fmt(k), "datePublished": fmt(k), "relatedParty": party_id,
        });
        m["dateModified"] = json!(fmt(b.last));
        return (m, b.last);
    }

    // Publication: the decision and the monitoring period.
    let p = t0 + between(b.r, 2 * H, 30 * H);
    let p = b.at(p);
    let decided = if midnight(t0) >= t.created { midnight(t0) } else { t0 };
    let (dd, mm, yy) = {
        let local = decided + dates::kyiv_offset_secs(decided) * 1000;
        let (y, m, d) = dates::civil_from_days(local.div_euclid(D));
        (d, m, y)
    };
    let order = 100 + b.r.below(900);
    let decision_docs = vec![
        document(b.r, "Рішення про початок моніторингу.pdf", t0 + 10 * 60_000, "monitoring_owner"),
        document(b.r, "sign.p7s", t0 + 11 * 60_000, "monitoring_owner"),
    ];
    let reason_list: Vec<&str> = reasons.iter().map(|x| reason_text(x)).collect();
    m["decision"] = json!({
        "description": format!(
            "Наказ від {dd:02}.{mm:02}.{yy} № {order} «Про початок моніторингу процедур закупівель». Моніторинг \
             процедури закупівлі {} розпочато на підставі {}.",
            t.tender_id, reason_list.join(" та ")
        ),
        "date": fmt(decided),
        "dateCreated": fmt(t0),
        "datePublished": fmt(p),
        "documents": decision_docs,
        "relatedParty": party_id,
    });
    m["monitoringPeriod"] = json!({"startDate": fmt(p), "endDate": fmt(midnight(p + 22 * D))});
    let stage = stages[b.r.below(stages.len() as u64) as usize];

    match status {
        "active" => {
            let q = p + between(b.r, D, 4 * D);
            if b.r.below(3) != 0 && q <= now {
                let a = q + between(b.r, 3 * H, 2 * D);
                let a = (b.r.below(3) != 0 && a <= now).then_some(a);
                b.dialogue(q, a, stage);
            }
        }
        "stopped" => {
            let k = p + between(b.r, 3 * D, 6 * D);
            if b.r.below(2) == 0 {
                let q = p + between(b.r, 6 * H, 2 * D);
                let a = q + between(b.r, 2 * H, 12 * H);
                b.dialogue(q, Some(a), stage);
            }
            let k = b.at(k);
            m["cancellation"] = json!({
                "description": "Моніторинг зупинено у зв'язку з розглядом скарги органом оскарження.",
                "dateCreated": fmt(k), "datePublished": fmt(k), "relatedParty": party_id,
            });
        }
        _ => conclude(&mut b, &mut m, t, status, stage, p, now, rich),
    }
    if !b.posts.is_empty() {
        m["posts"] = Value::Array(std::mem::take(&mut b.posts));
    }
    m["dateModified"] = json!(fmt(b.last));
    (m, b.last)
}

/// The conclusion and what follows it (addressed, declined, completed, closed).
#[allow(clippy::too_many_arguments)]
fn conclude(b: &mut Builder, m: &mut Value, t: &Tender, status: &str, stage: &str, p: i64, now: i64, rich: bool) {
    let c = p + between(b.r, if rich { 9 * D } else { 6 * D }, 12 * D);
    if rich || b.r.below(10) < 7 {
        let q = p + between(b.r, D, 3 * D);
        let a = q + between(b.r, 3 * H, 2 * D);
        let answered = rich || b.r.below(5) != 0;
        b.dialogue(q, answered.then_some(a), stage);
        if rich {
            let q2 = a + between(b.r, 6 * H, D);
            let a2 = q2 + between(b.r, 2 * H, 12 * H);
            let qid = b.post(
                q2,
                true,
                "decision",
                "Додатковий запит",
                "Просимо додатково надати копії протоколів уповноваженої особи та листування з учасниками.",
                None,
            );
            b.post(
                a2,
                false,
                "decision",
                "Додаткові пояснення замовника",
                "Надаємо копії протоколів уповноваженої особи та листування з учасниками процедури.",
                Some(&qid),
            );
        }
    }
    let violation = matches!(status, "addressed" | "completed");
    let mut codes: Vec<&str> = Vec::new();
    if violation {
        let mut pool: Vec<&str> = Vec::new();
        for st in m["procuringStages"].as_array().into_iter().flatten() {
            for code in violation_codes(s(st), t.status) {
                if !pool.contains(code) {
                    pool.push(code);
                }
            }
        }
        let want = if rich || b.r.below(3) == 0 { 2 } else { 1 };
        while codes.len() < want.min(pool.len()) {
            let code = pool[b.r.below(pool.len() as u64) as usize];
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
    }
    let created = c - between(b.r, H, 5 * H);
    let c = b.at(c);
    let mut conclusion = json!({
        "violationOccurred": violation,
        "violationType": codes,
        "description": format!("Висновок про результати моніторингу процедури закупівлі {}.", t.tender_id),
        "date": fmt(midnight(c)),
        "dateCreated": fmt(created),
        "datePublished": fmt(c),
        "documents": [
            document(b.r, "Висновок про результати моніторингу.pdf", created, "monitoring_owner"),
            document(b.r, "sign.p7s", created + 60_000, "monitoring_owner"),
        ],
        "relatedParty": b.party,
    });
    if violation {
        let found: Vec<&str> = codes.iter().map(|c| finding(c)).collect();
        conclusion["auditFinding"] = json!(format!("За результатами моніторингу встановлено: {}.", found.join("; ")));
        conclusion["stringsAttached"] = json!(STRINGS_ATTACHED);
    } else {
        conclusion["auditFinding"] =
            json!("За результатами моніторингу порушень законодавства у сфері публічних закупівель не встановлено.");
    }
    m["conclusion"] = conclusion;
    let elimination_end = midnight(c + if violation { 15 * D } else { 5 * D });
    m["eliminationPeriod"] = json!({"startDate": fmt(c), "endDate": fmt(elimination_end)});
    let cp = c + between(b.r, D, 3 * D);
    if (rich || b.r.below(10) < 3) && cp <= now {
        b.post(
            cp,
            false,
            "conclusion",
            "Пояснення щодо висновку",
            "Замовник ознайомився з висновком і надає пояснення щодо зазначених у ньому обставин.",
            None,
        );
    }
    let report = c + between(b.r, 2 * D, 7 * D);
    let with_report = match status {
        "completed" => true,
        "addressed" => rich || b.r.below(2) == 0,
        _ => false,
    };
    if with_report && report <= now {
        let report = b.at(report);
        m["eliminationReport"] = json!({
            "description": "Замовник повідомляє про вжиті заходи щодо усунення порушень, зазначених у висновку. \
                            Підтвердні документи додаються.",
            "documents": [document(b.r, "Звіт про усунення порушень.pdf", report, "tender_owner")],
            "dateCreated": fmt(report),
            "datePublished": fmt(report),
        });
    }
    if violation && !rich && b.r.below(10) == 0 {
        let ap = c + between(b.r, 2 * D, 8 * D);
        if ap <= now {
            let ap = b.at(ap);
            let (y, _, _) = dates::civil_from_days(ap.div_euclid(D));
            m["appeal"] = json!({
                "description": "Висновок оскаржено до окружного адміністративного суду.",
                "documents": [document(b.r, "Позовна заява.pdf", ap, "tender_owner")],
                "dateCreated": fmt(ap),
                "datePublished": fmt(ap),
                "proceeding": {
                    "dateProceedings": fmt(midnight(ap + 7 * D)),
                    "proceedingNumber": format!("{}/{}/{}", 300 + b.r.below(700), 1000 + b.r.below(9000), y % 100),
                },
            });
        }
    }
    match status {
        "completed" => {
            let resolved = report + between(b.r, D, 3 * D);
            let resolved = b.at(resolved);
            let mut by_type = Map::new();
            let mut eliminated = 0;
            for code in &codes {
                let v = match b.r.below(10) {
                    0..=5 => "eliminated",
                    6..=8 => "not_eliminated",
                    _ => "no_mechanism",
                };
                eliminated += usize::from(v == "eliminated");
                by_type.insert((*code).to_string(), json!(v));
            }
            let (result, text) = if eliminated == codes.len() {
                ("completely", "Порушення, зазначені у висновку, усунуто в повному обсязі.")
            } else if eliminated > 0 {
                ("partly", "Порушення, зазначені у висновку, усунуто частково.")
            } else {
                ("none", "Порушення, зазначені у висновку, не усунуто.")
            };
            m["eliminationResolution"] = json!({
                "result": result, "resultByType": by_type, "description": text,
                "documents": [document(b.r, "Рішення щодо усунення порушень.pdf", resolved, "monitoring_owner")],
                "dateCreated": fmt(resolved), "datePublished": fmt(resolved), "relatedParty": b.party,
            });
            let end = resolved + between(b.r, 2 * H, 2 * D);
            let end = b.at(end);
            m["endDate"] = json!(fmt(end));
        }
        "closed" => {
            let end = elimination_end + between(b.r, 2 * H, D);
            let end = b.at(end);
            m["endDate"] = json!(fmt(end));
        }
        _ => {}
    }
}

/// The monitorings of one tender (`rich`: exactly one, `addressed`, with every part).
fn for_tender(t: &Tender, rich: bool, snapshot_now: i64, last: i64) -> Vec<Value> {
    let mut r = Rng::new(tender_hash(t.id));
    let now = snapshot_now.max(last) + HORIZON;
    if rich {
        let start = t.created + between(&mut r, 2 * D, 10 * D);
        return vec![build(&mut r, t, "addressed", Placement::At(start), now, true).0];
    }
    let lo = t.created + D;
    let mid = lo + (now - lo) / 2;
    let earlier: Vec<(&str, u64)> = EARLIER_WEIGHTS.iter().copied().filter(|e| lo + need(e.0) + D <= mid).collect();
    if r.below(8) == 0 && !earlier.is_empty() {
        let first = weighted(&mut r, &earlier);
        let (a, end) = build(&mut r, t, first, Placement::After(lo), mid, false);
        let second = weighted(&mut r, STATUS_WEIGHTS);
        let (b, _) = build(&mut r, t, second, Placement::After(end + D), now, false);
        vec![a, b]
    } else {
        let status = weighted(&mut r, STATUS_WEIGHTS);
        vec![build(&mut r, t, status, Placement::After(lo), now, false).0]
    }
}

/// Derives the monitorings of `tenders`. `rich[i]` marks a tender saved from the central
/// database (a `REAL_` file): it always gets exactly one rich `addressed` monitoring.
/// Tenders from `first_extra` on come from the extra folder. `snapshot_now` is the newest
/// `dateModified` of the snapshot; events end by [`HORIZON`] after it (or after the
/// tender's `dateModified`, when later). Tenders sharing an id are derived once (from the
/// first monitorable one). `monitoring_id`s number the monitorings of each day (Kyiv time
/// of `dateCreated`) in creation order, the snapshot's first, so extra tenders never
/// renumber the snapshot's monitorings.
pub fn derive(tenders: &[Value], rich: &[bool], first_extra: usize, snapshot_now: i64) -> Vec<Value> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut extra = Vec::new();
    for (i, doc) in tenders.iter().enumerate() {
        let id = s(&doc["id"]);
        let status = s(&doc["status"]);
        let is_rich = rich.get(i).copied().unwrap_or(false);
        if id.is_empty() || !monitorable(status) || !(is_rich || selected(id)) || !seen.insert(id.to_lowercase()) {
            continue;
        }
        let created = date(&doc["dateCreated"]).or_else(|| date(&doc["date"])).unwrap_or(snapshot_now - 30 * D);
        let last = date(&doc["dateModified"]).unwrap_or(created).max(created);
        let t = Tender {
            id,
            tender_id: s(&doc["tenderID"]),
            status,
            region: s(&doc["procuringEntity"]["address"]["region"]),
            created,
        };
        for m in for_tender(&t, is_rich, snapshot_now, last) {
            out.push(m);
            extra.push(i >= first_extra);
        }
    }
    // Number per day in creation order.
    let mut order: Vec<(bool, i64, String, usize)> = out
        .iter()
        .enumerate()
        .map(|(i, m)| (extra[i], date(&m["dateCreated"]).unwrap_or_default(), s(&m["id"]).to_string(), i))
        .collect();
    order.sort();
    let mut per_day: BTreeMap<(i64, u32, u32), u32> = BTreeMap::new();
    for (_, created, _, i) in order {
        let local = created + dates::kyiv_offset_secs(created) * 1000;
        let day = dates::civil_from_days(local.div_euclid(D));
        let n = per_day.entry(day).or_default();
        *n += 1;
        out[i]["monitoring_id"] = json!(format!("UA-M-{:04}-{:02}-{:02}-{:06}", day.0, day.1, day.2, n));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_and_selection_are_stable() {
        assert_eq!(tender_hash("ABC"), tender_hash("abc"));
        let n = (0..20_000u32).filter(|i| selected(&format!("{i:032x}"))).count();
        assert!((600..1000).contains(&n), "{n}");
    }

    #[test]
    fn midnight_is_kyiv_local() {
        let ms = dates::parse("2026-07-15T01:30:00+03:00").unwrap();
        assert_eq!(fmt(midnight(ms)), "2026-07-15T00:00:00.000000+03:00");
    }

    #[test]
    fn a_rich_monitoring_has_every_part() {
        let t = json!({"id": "520d3c3a9a9f47b9bec63eb6d86610eb", "tenderID": "UA-2022-07-23-000100-a",
            "status": "active.tendering", "dateCreated": "2022-07-23T14:57:54.128761+03:00",
            "dateModified": "2022-07-23T15:03:24.832657+03:00",
            "procuringEntity": {"address": {"region": "Львівська область"}}});
        let now = dates::parse("2026-10-12T00:00:00+03:00").unwrap();
        let ms = derive(std::slice::from_ref(&t), &[true], 0, now);
        assert_eq!(ms.len(), 1);
        let m = &ms[0];
        assert_eq!(m["status"], "addressed");
        assert_eq!(m["conclusion"]["violationOccurred"], true);
        assert_eq!(m["conclusion"]["violationType"].as_array().unwrap().len(), 2);
        assert!(m["eliminationReport"].is_object() && m["eliminationPeriod"].is_object());
        let authors: HashSet<&str> = m["posts"].as_array().unwrap().iter().map(|p| s(&p["author"])).collect();
        assert_eq!(authors.len(), 2);
        assert_eq!(m["parties"][0]["name"], "Західний офіс Держаудитслужби");
        assert!(s(&m["monitoring_id"]).starts_with("UA-M-2022-0"));
        assert_eq!(derive(&[t], &[true], 0, now), ms);
    }
}
