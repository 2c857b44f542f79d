//! The events between two versions of a record: a pure function of the two.
//!
//! Records are the central database's objects (openprocurement.api 2.5): tenders, plans,
//! contracts. Each part with an `id` (question, document, award, complaint, contract,
//! cancellation, lot, change) is indexed by it in both versions and compared; what is
//! new or changed becomes an [`Event`]. Nothing is cloned but the texts an event keeps,
//! and no input, however malformed, makes it panic: a missing or mistyped field is
//! absent, an array's non-objects are skipped.
//!
//! What is read, by kind:
//! - tenders: `status` (+ `date`), `enquiryPeriod.endDate`,
//!   `tenderPeriod.endDate`, `auctionPeriod.startDate` (also per lot), `lots[]`,
//!   `questions[]`, documents (`documents[]` and those of awards, contracts,
//!   cancellations, qualifications and complaints; never bids'), complaints (the
//!   tender's and those of awards, qualifications and cancellations), `awards[]`,
//!   `contracts[]`, `cancellations[]`;
//! - plans: `status`, `tender_id`, `cancellation`, `documents[]`;
//! - contracts: `status` (+ `dateSigned`, `date`, `amountPaid`), `changes[]`, documents
//!   (`documents[]` and the changes');
//! - a tender's monitorings (the State Audit Service's records, which the tender itself
//!   does not carry: [`monitorings`]): `id`, `monitoring_id`, `status`, and the dates
//!   `decision.datePublished`, `monitoringPeriod.startDate`, `endDate`,
//!   `cancellation.datePublished`, `dateModified`.
//!
//! When: the part's own date where the record gives one, else the new version's
//! `dateModified` (see [`Event::at`]); a status change takes the part's `date` only when
//! that date moved with it. The events are sorted by that instant (stable: at one instant
//! a cause comes before its effect, e.g. an award before the tender's new status).

use super::event::{Change, Event, LotRef, Money, Period};
use crate::records::Kind;
use serde_json::Value;
use std::collections::HashMap;

/// The events that lead from `old` to `new` (two versions of one record of `kind`), in
/// the order they happened.
pub fn changes(kind: Kind, old: &Value, new: &Value) -> Vec<Event> {
    if old == new {
        return Vec::new();
    }
    let mut d = Diff::new(old, new);
    match kind {
        Kind::Tender => d.tender(),
        Kind::Plan => d.plan(),
        Kind::Contract => d.contract(),
    }
    let mut out = d.out;
    // Undated events (no date the record gives, no `dateModified`) go last.
    out.sort_by_cached_key(|e| instant(&e.at).unwrap_or(i64::MAX));
    out
}

/// The event of a record first seen: [`Change::Created`], with the title and the value
/// (a tender's `value`, a plan's `budget` and `budget.description`, a contract's
/// `value`).
pub fn created(kind: Kind, new: &Value) -> Event {
    let (title, value) = match kind {
        Kind::Plan => (owned(&new["budget"]["description"]).or_else(|| owned(&new["title"])), money(&new["budget"])),
        Kind::Tender => (owned(&new["title"]), money(&new["value"]).or_else(|| money(&new["minValue"]))),
        Kind::Contract => (owned(&new["title"]), money(&new["value"])),
    };
    let at = ["dateCreated", "datePublished", "date", "dateModified"].iter().find_map(|k| text(&new[*k]));
    Event { at: at.unwrap_or_default().to_string(), change: Change::Created { title, value } }
}

/// A monitoring's final statuses (the audit API's): it is over.
pub const CONCLUDED: [&str; 4] = ["completed", "closed", "stopped", "cancelled"];

/// The events between two versions of one tender's monitorings (as the upstream serves
/// them, `/api/tenders/{id}/monitorings`), by monitoring `id`: one published (new, or out
/// of `draft`) is [`Change::MonitoringOpened`], one that reached a final status
/// ([`CONCLUDED`]) [`Change::MonitoringConcluded`] (only that, for one first seen over).
/// Each carries the monitoring's public number (`monitoring_id`, else its `id`) and its
/// status, at the date the monitoring gives: the decision's publication (else the
/// monitoring period's start) for the first, the `endDate` (else the cancellation's
/// publication) for the second, else its `dateModified`. A monitoring gone is no news.
pub fn monitorings(old: &[Value], new: &[Value]) -> Vec<Event> {
    let before: HashMap<&str, &Value> = old.iter().filter_map(|m| Some((id(m)?, m))).collect();
    let over = |status: Option<&str>| status.is_some_and(|s| CONCLUDED.contains(&s));
    let mut out = Vec::new();
    for m in new.iter().filter(|m| m.is_object()) {
        let Some(key) = id(m) else { continue };
        let status = text(&m["status"]);
        let was = before.get(key).and_then(|b| text(&b["status"]));
        if status.is_none() || status == Some("draft") || status == was {
            continue;
        }
        let number = owned(&m["monitoring_id"]).unwrap_or_else(|| key.to_string());
        let (id, status_text) = (Some(number), status.map(str::to_string));
        let dated = |own: [&Value; 2]| {
            own.into_iter().chain([&m["dateModified"]]).find_map(date).unwrap_or_default().to_string()
        };
        if over(status) {
            if !over(was) {
                let at = dated([&m["endDate"], &m["cancellation"]["datePublished"]]);
                out.push(Event { at, change: Change::MonitoringConcluded { id, status: status_text } });
            }
        } else if was.is_none() || was == Some("draft") {
            let at = dated([&m["decision"]["datePublished"], &m["monitoringPeriod"]["startDate"]]);
            out.push(Event { at, change: Change::MonitoringOpened { id, status: status_text } });
        }
    }
    out.sort_by_cached_key(|e| instant(&e.at).unwrap_or(i64::MAX));
    out
}

// ---------------------------------------------------------------------------------------
// Reading values without trusting them.

/// A non-empty string.
fn text(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| !s.is_empty())
}

fn owned(v: &Value) -> Option<String> {
    text(v).map(str::to_string)
}

/// The objects of an array (anything else: none).
fn objects(v: &Value) -> impl Iterator<Item = &Value> {
    v.as_array().into_iter().flatten().filter(|x| x.is_object())
}

fn id(v: &Value) -> Option<&str> {
    text(&v["id"])
}

/// The objects of an array by `id` (a repeated id: the last one).
fn by_id(v: &Value) -> HashMap<&str, &Value> {
    objects(v).filter_map(|x| Some((id(x)?, x))).collect()
}

/// The objects of an array that have an `id`, each id once (the last of a repeated one),
/// in the array's order.
fn each(v: &Value) -> Vec<(&str, &Value)> {
    let index = by_id(v);
    objects(v)
        .filter_map(|x| {
            let i = id(x)?;
            index.get(i).is_some_and(|last| std::ptr::eq(*last, x)).then_some((i, x))
        })
        .collect()
}

fn money(v: &Value) -> Option<Money> {
    let amount = v["amount"].as_f64().filter(|a| a.is_finite())?;
    Some(Money {
        amount,
        currency: owned(&v["currency"]),
        value_added_tax_included: v["valueAddedTaxIncluded"].as_bool(),
    })
}

/// Two values differ in amount or currency.
fn value_differs(a: &Value, b: &Value) -> bool {
    a["amount"].as_f64() != b["amount"].as_f64() || text(&a["currency"]) != text(&b["currency"])
}

/// The suppliers' names (`name`, else `identifier.legalName`), `; ` between several.
fn supplier(v: &Value) -> Option<String> {
    let names: Vec<&str> = objects(&v["suppliers"])
        .filter_map(|s| text(&s["name"]).or_else(|| text(&s["identifier"]["legalName"])))
        .collect();
    (!names.is_empty()).then(|| names.join("; "))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().into_iter().flatten().filter_map(owned).collect()
}

/// A date as epoch milliseconds ([`dates::parse`]), refusing first what is no date of
/// the platform's (too long, or numbers too large to be a year, a time or an offset),
/// which the parser's arithmetic was not meant for.
fn instant(s: &str) -> Option<i64> {
    let s = s.trim();
    if s.len() > 48 {
        return None;
    }
    let mut runs = s.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty());
    if runs.next().is_none_or(|year| year.len() > 6) || runs.any(|r| r.len() > 9) {
        return None;
    }
    crate::dates::parse(s)
}

/// A date that parses.
fn date(v: &Value) -> Option<&str> {
    text(v).filter(|s| instant(s).is_some())
}

/// The same date: the same instant when both parse, else the same text.
fn same_date(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => match (instant(a), instant(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        },
        (None, None) => true,
        _ => false,
    }
}

/// `new` is a later instant than `old` (both parse).
fn later(new: Option<&str>, old: Option<&str>) -> bool {
    matches!((new.and_then(instant), old.and_then(instant)), (Some(n), Some(o)) if n > o)
}

/// Both present and different.
fn both_differ(a: Option<&str>, b: Option<&str>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a != b)
}

fn url_path(v: &Value) -> Option<&str> {
    text(&v["url"]).and_then(|u| u.split(['?', '#']).next())
}

// ---------------------------------------------------------------------------------------
// Documents: grouped by id, the latest version of each.

/// What identifies a document across versions: its `id`; for records that publish none
/// (the snapshot's slimmed tenders), its URL without the query, else its title.
fn doc_key(doc: &Value) -> Option<&str> {
    id(doc).or_else(|| url_path(doc)).or_else(|| text(&doc["title"]))
}

/// The modification date of a document's version (`dateModified`, else `datePublished`).
fn doc_date(doc: &Value) -> Option<&str> {
    text(&doc["dateModified"]).or_else(|| text(&doc["datePublished"]))
}

/// The latest version of each document (the latest `dateModified`; at the same date, the
/// later in the array), in the order the documents first appear.
fn latest(docs: &Value) -> Vec<(&str, &Value)> {
    let mut out: Vec<(&str, &Value)> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for doc in objects(docs) {
        let Some(key) = doc_key(doc) else { continue };
        match at.get(key) {
            None => {
                at.insert(key, out.len());
                out.push((key, doc));
            }
            Some(&i) => {
                if !later(doc_date(out[i].1), doc_date(doc)) {
                    out[i].1 = doc;
                }
            }
        }
    }
    out
}

/// A place documents sit in: the record itself or one of its parts.
struct DocSlot<'a> {
    /// What they belong to (`tender`, `award`, `complaint`…); at the record's own level,
    /// the default of their `documentOf`.
    of: &'static str,
    /// The part's id ("" at the record's level).
    part: &'a str,
    /// Documents of the record itself: `documentOf` and `relatedItem` say what of.
    own: bool,
    lot: Option<&'a str>,
    docs: &'a Value,
}

/// Every place a record of `kind` keeps documents in. Bids' are left out (hidden until
/// the bids open, then many and of little news), and those of draft cancellations and
/// complaints.
fn doc_slots(kind: Kind, rec: &Value) -> Vec<DocSlot<'_>> {
    fn slot<'a>(of: &'static str, part: &'a Value, lot: Option<&'a str>) -> DocSlot<'a> {
        DocSlot { of, part: id(part).unwrap_or(""), own: false, lot, docs: &part["documents"] }
    }
    fn complaints<'a>(out: &mut Vec<DocSlot<'a>>, holder: &'a Value, lot: Option<&'a str>) {
        for c in objects(&holder["complaints"]).filter(|c| text(&c["status"]) != Some("draft")) {
            out.push(slot("complaint", c, text(&c["relatedLot"]).or(lot)));
        }
    }
    let top = match kind {
        Kind::Tender => "tender",
        Kind::Plan => "plan",
        Kind::Contract => "contract",
    };
    let mut out = vec![DocSlot { of: top, part: "", own: true, lot: None, docs: &rec["documents"] }];
    match kind {
        Kind::Plan => {}
        Kind::Contract => out.extend(objects(&rec["changes"]).map(|c| slot("change", c, None))),
        Kind::Tender => {
            let award_lots: HashMap<&str, &str> =
                objects(&rec["awards"]).filter_map(|a| Some((id(a)?, text(&a["lotID"])?))).collect();
            complaints(&mut out, rec, None);
            for a in objects(&rec["awards"]) {
                let lot = text(&a["lotID"]);
                out.push(slot("award", a, lot));
                complaints(&mut out, a, lot);
            }
            for q in objects(&rec["qualifications"]) {
                let lot = text(&q["lotID"]);
                out.push(slot("qualification", q, lot));
                complaints(&mut out, q, lot);
            }
            for c in objects(&rec["contracts"]) {
                let lot = text(&c["awardID"]).and_then(|a| award_lots.get(a).copied());
                out.push(slot("contract", c, lot));
            }
            for c in objects(&rec["cancellations"]).filter(|c| text(&c["status"]) != Some("draft")) {
                let lot = text(&c["relatedLot"]);
                out.push(slot("cancellation", c, lot));
                complaints(&mut out, c, lot);
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// The comparison.

struct Diff<'a> {
    old: &'a Value,
    new: &'a Value,
    /// The new version's `dateModified`: when an event the record does not date happened.
    modified: &'a str,
    lots_new: HashMap<&'a str, &'a Value>,
    lots_old: HashMap<&'a str, &'a Value>,
    out: Vec<Event>,
}

impl<'a> Diff<'a> {
    fn new(old: &'a Value, new: &'a Value) -> Self {
        Diff {
            old,
            new,
            modified: text(&new["dateModified"]).unwrap_or_default(),
            lots_new: by_id(&new["lots"]),
            lots_old: by_id(&old["lots"]),
            out: Vec::new(),
        }
    }

    fn push(&mut self, at: String, change: Change) {
        self.out.push(Event { at, change });
    }

    /// The first of `own` that is a date, else the new version's `dateModified`.
    fn at(&self, own: &[&Value]) -> String {
        own.iter().find_map(|v| date(v)).unwrap_or(self.modified).to_string()
    }

    /// The part's `key` date when it is new or moved since `old` (it was set with the
    /// change), else the new version's `dateModified`.
    fn at_if_moved(&self, part: &Value, old: Option<&Value>, key: &str) -> String {
        match date(&part[key]) {
            Some(d) if !old.is_some_and(|o| same_date(text(&o[key]), Some(d))) => d.to_string(),
            _ => self.modified.to_string(),
        }
    }

    /// The lot `id` names, its title from the new version (else the old one).
    fn lot(&self, id: Option<&str>) -> Option<LotRef> {
        let id = id?;
        let title = self.lots_new.get(id).or_else(|| self.lots_old.get(id)).and_then(|l| owned(&l["title"]));
        Some(LotRef { id: id.to_string(), title })
    }

    /// The lot of an item (its `relatedLot`).
    fn item_lot(&self, item: &str) -> Option<&'a str> {
        objects(&self.new["items"])
            .chain(objects(&self.old["items"]))
            .find(|i| id(i) == Some(item))
            .and_then(|i| text(&i["relatedLot"]))
    }

    /// The lot a part relates to by `…Of` + `relatedItem` (a lot, or an item of a lot).
    fn related_lot(&self, of: Option<&str>, related: Option<&'a str>) -> Option<&'a str> {
        match of {
            Some("lot") => related,
            Some("item") => related.and_then(|i| self.item_lot(i)),
            _ => None,
        }
    }

    // -- tenders --------------------------------------------------------------------

    fn tender(&mut self) {
        self.periods();
        self.lots();
        self.questions();
        self.documents(Kind::Tender);
        self.complaints();
        self.awards();
        self.tender_contracts();
        self.cancellations();
        self.status(Some("date"));
    }

    /// The record's `status`; `date_key`: the record's date set with it (a tender's
    /// `date`).
    fn status(&mut self, date_key: Option<&str>) {
        let (from, to) = (text(&self.old["status"]), text(&self.new["status"]));
        if from == to || to.is_none() {
            return;
        }
        let at = match date_key {
            Some(k) => self.at_if_moved(self.new, Some(self.old), k),
            None => self.modified.to_string(),
        };
        self.push(at, Change::Status { from: from.map(str::to_string), to: to.map(str::to_string), lot: None });
    }

    fn period(&mut self, period: Period, from: Option<&str>, to: Option<&str>, lot: Option<LotRef>) {
        let extended = later(to, from);
        let at = self.modified.to_string();
        self.push(
            at,
            Change::Period { period, from: from.map(str::to_string), to: to.map(str::to_string), extended, lot },
        );
    }

    /// A period's date moved or was set (a date taken away is no move: an auction no
    /// longer needed says so by its lot's or the tender's status).
    fn periods(&mut self) {
        let (old, new) = (self.old, self.new);
        let moved = |from: Option<&str>, to: Option<&str>| to.is_some() && !same_date(from, to);
        for (key, period) in [("enquiryPeriod", Period::EnquiryPeriod), ("tenderPeriod", Period::TenderPeriod)] {
            let (from, to) = (text(&old[key]["endDate"]), text(&new[key]["endDate"]));
            if moved(from, to) {
                self.period(period, from, to, None);
            }
        }
        let start = |v: &'a Value| text(&v["auctionPeriod"]["startDate"]);
        let lots: Vec<(&str, Option<&str>, Option<&str>)> = each(&new["lots"])
            .into_iter()
            .filter_map(|(id, lot)| {
                let (from, to) = (start(self.lots_old.get(id)?), start(lot));
                moved(from, to).then_some((id, from, to))
            })
            .collect();
        // A tender of lots may carry the earliest of its lots' auctions: said once, by lot.
        let (from, to) = (start(old), start(new));
        if moved(from, to) && !lots.iter().any(|(_, f, t)| same_date(*f, from) && same_date(*t, to)) {
            self.period(Period::AuctionPeriod, from, to, None);
        }
        for (id, from, to) in lots {
            let lot = self.lot(Some(id));
            self.period(Period::AuctionPeriod, from, to, lot);
        }
    }

    fn lots(&mut self) {
        for (id, lot) in each(&self.new["lots"]) {
            let title = owned(&lot["title"]);
            let Some(&old) = self.lots_old.get(id) else {
                let at = self.at(&[&lot["date"]]);
                self.push(at, Change::LotAdded { id: id.to_string(), title, value: money(&lot["value"]) });
                continue;
            };
            let (from, to) = (text(&old["status"]), text(&lot["status"]));
            if from != to && to.is_some() {
                let at = self.at_if_moved(lot, Some(old), "date");
                let (from, to) = (from.map(str::to_string), to.map(str::to_string));
                let change = if to.as_deref() == Some("cancelled") {
                    Change::LotCancelled { id: id.to_string(), title: title.clone(), from, to }
                } else {
                    Change::Status { from, to, lot: Some(LotRef { id: id.to_string(), title: title.clone() }) }
                };
                self.push(at, change);
            }
            if value_differs(&old["value"], &lot["value"]) {
                let at = self.modified.to_string();
                let change = Change::LotValue {
                    id: id.to_string(),
                    title,
                    from: money(&old["value"]),
                    to: money(&lot["value"]),
                };
                self.push(at, change);
            }
        }
    }

    fn questions(&mut self) {
        let old = by_id(&self.old["questions"]);
        for (id, q) in each(&self.new["questions"]) {
            let lot_id = self.related_lot(text(&q["questionOf"]), text(&q["relatedItem"])).or(text(&q["relatedLot"]));
            let before = old.get(id);
            if before.is_none() {
                let at = self.at(&[&q["date"]]);
                let change = Change::QuestionAsked {
                    id: id.to_string(),
                    title: owned(&q["title"]),
                    description: owned(&q["description"]),
                    lot: self.lot(lot_id),
                };
                self.push(at, change);
            }
            let answer = text(&q["answer"]);
            if answer.is_some() && answer != before.and_then(|b| text(&b["answer"])) {
                let at = self.at(&[&q["dateAnswered"]]);
                let change = Change::QuestionAnswered {
                    id: id.to_string(),
                    title: owned(&q["title"]),
                    answer: answer.map(str::to_string),
                    lot: self.lot(lot_id),
                };
                self.push(at, change);
            }
        }
    }

    fn documents(&mut self, kind: Kind) {
        let mut old: HashMap<(&str, &str, &str), &Value> = HashMap::new();
        for slot in doc_slots(kind, self.old) {
            for (key, doc) in latest(slot.docs) {
                old.insert((slot.of, slot.part, key), doc);
            }
        }
        for slot in doc_slots(kind, self.new) {
            for (key, doc) in latest(slot.docs) {
                let before = old.get(&(slot.of, slot.part, key)).copied();
                let replaced = before.is_some_and(|b| {
                    later(doc_date(doc), doc_date(b))
                        || both_differ(url_path(doc), url_path(b))
                        || both_differ(text(&doc["hash"]), text(&b["hash"]))
                        || both_differ(text(&doc["title"]), text(&b["title"]))
                });
                if before.is_some() && !replaced {
                    continue;
                }
                let (of, lot) = if slot.own {
                    let of = text(&doc["documentOf"]);
                    (of.unwrap_or(slot.of), self.related_lot(of, text(&doc["relatedItem"])))
                } else {
                    (slot.of, slot.lot)
                };
                let (id, title, of, lot) = (key.to_string(), owned(&doc["title"]), of.to_string(), self.lot(lot));
                let at = self.at(&[&doc["dateModified"], &doc["datePublished"]]);
                let change = match before {
                    None => Change::DocumentAdded { id, title, of, lot },
                    Some(b) => Change::DocumentReplaced { id, title, previous_title: owned(&b["title"]), of, lot },
                };
                self.push(at, change);
            }
        }
    }

    /// Complaints of the tender and of its awards, qualifications and cancellations;
    /// drafts are not there yet.
    fn complaints(&mut self) {
        fn slots(rec: &Value) -> Vec<(&'static str, &str, Option<&str>, &Value)> {
            let mut out = vec![("tender", "", None, &rec["complaints"])];
            for (of, parts, lot_key) in [
                ("award", "awards", "lotID"),
                ("qualification", "qualifications", "lotID"),
                ("cancellation", "cancellations", "relatedLot"),
            ] {
                for p in objects(&rec[parts]) {
                    out.push((of, id(p).unwrap_or(""), text(&p[lot_key]), &p["complaints"]));
                }
            }
            out
        }
        let mut old: HashMap<(&str, &str, &str), &Value> = HashMap::new();
        for (of, part, _, complaints) in slots(self.old) {
            for (id, c) in each(complaints) {
                old.insert((of, part, id), c);
            }
        }
        for (of, part, lot, complaints) in slots(self.new) {
            for (id, c) in each(complaints) {
                let to = text(&c["status"]);
                if to == Some("draft") || to.is_none() {
                    continue;
                }
                let before = old.get(&(of, part, id)).copied();
                let from = before.and_then(|b| text(&b["status"]));
                let lot = self.lot(text(&c["relatedLot"]).or(lot));
                let (id, title, to) = (id.to_string(), owned(&c["title"]), to.map(str::to_string));
                if matches!(from, None | Some("draft")) {
                    let at = self.at(&[&c["dateSubmitted"], &c["date"]]);
                    self.push(at, Change::ComplaintFiled { id, title, status: to, of: of.to_string(), lot });
                } else if from != to.as_deref() {
                    let at = self.at(&complaint_dates(to.as_deref()).iter().map(|k| &c[*k]).collect::<Vec<_>>());
                    self.push(at, Change::ComplaintStatus { id, title, from: from.map(str::to_string), to, lot });
                }
            }
        }
    }

    fn awards(&mut self) {
        let old = by_id(&self.old["awards"]);
        for (id, a) in each(&self.new["awards"]) {
            let before = old.get(id).copied();
            let to = text(&a["status"]);
            let from = before.and_then(|b| text(&b["status"]));
            let lot = self.lot(text(&a["lotID"]));
            if before.is_none() && matches!(to, None | Some("pending")) {
                let at = self.at(&[&a["date"]]);
                let change = Change::AwardPending {
                    id: id.to_string(),
                    supplier: supplier(a),
                    value: money(&a["value"]),
                    status: to.map(str::to_string),
                    lot,
                };
                self.push(at, change);
            } else if from != to && to.is_some() {
                let reason = match to {
                    Some("unsuccessful" | "cancelled") => owned(&a["description"]).or_else(|| owned(&a["title"])),
                    _ => None,
                };
                let at = self.at_if_moved(a, before, "date");
                let change = Change::AwardStatus {
                    id: id.to_string(),
                    supplier: supplier(a),
                    from: from.map(str::to_string),
                    to: to.map(str::to_string),
                    reason,
                    lot,
                };
                self.push(at, change);
            }
        }
    }

    /// The tender's contracts: signed (`active`), or cancelled/terminated.
    fn tender_contracts(&mut self) {
        let old = by_id(&self.old["contracts"]);
        let awards = by_id(&self.new["awards"]);
        for (id, c) in each(&self.new["contracts"]) {
            let before = old.get(id).copied();
            let from = before.and_then(|b| text(&b["status"]));
            let to = text(&c["status"]);
            if from == to {
                continue;
            }
            match to {
                Some("active") => {
                    let award = text(&c["awardID"]).and_then(|a| awards.get(a).copied());
                    let supplier = supplier(c).or_else(|| award.and_then(supplier));
                    self.signed(id, c, before, supplier);
                }
                Some("cancelled" | "terminated") => self.terminated(id, c, before, from, to),
                _ => {}
            }
        }
    }

    /// [`Change::ContractSigned`] for contract `c` (of a tender or of the register).
    fn signed(&mut self, id: &str, c: &Value, before: Option<&Value>, supplier: Option<String>) {
        let at = match date(&c["dateSigned"]) {
            Some(d) => d.to_string(),
            None => self.at_if_moved(c, before, "date"),
        };
        let change = Change::ContractSigned {
            id: id.to_string(),
            contract_id: owned(&c["contractID"]),
            supplier,
            value: money(&c["value"]),
            date_signed: owned(&c["dateSigned"]),
        };
        self.push(at, change);
    }

    fn terminated(&mut self, id: &str, c: &Value, before: Option<&Value>, from: Option<&str>, to: Option<&str>) {
        let at = self.at_if_moved(c, before, "date");
        let change = Change::ContractTerminated {
            id: id.to_string(),
            from: from.map(str::to_string),
            to: to.map(str::to_string),
            amount_paid: money(&c["amountPaid"]),
        };
        self.push(at, change);
    }

    fn cancellations(&mut self) {
        let old = by_id(&self.old["cancellations"]);
        for (id, c) in each(&self.new["cancellations"]) {
            let before = old.get(id).copied();
            self.cancellation(id, c, before, self.lot(text(&c["relatedLot"])));
        }
    }

    /// A cancellation (of a tender, a lot or a plan) started (`pending`) or completed
    /// (`active`); drafts are not there yet, and a rejected one (`unsuccessful`) changes
    /// nothing.
    fn cancellation(&mut self, id: &str, c: &Value, before: Option<&Value>, lot: Option<LotRef>) {
        let to = text(&c["status"]);
        if to == before.and_then(|b| text(&b["status"])) {
            return;
        }
        let at = self.at_if_moved(c, before, "date");
        let (id, reason, reason_type) = (id.to_string(), owned(&c["reason"]), owned(&c["reasonType"]));
        match to {
            Some("pending") => self.push(at, Change::CancellationStarted { id, reason, reason_type, lot }),
            Some("active") => self.push(at, Change::CancellationCompleted { id, reason, reason_type, lot }),
            _ => {}
        }
    }

    // -- plans ----------------------------------------------------------------------

    fn plan(&mut self) {
        self.documents(Kind::Plan);
        let tender_id = text(&self.new["tender_id"]);
        if tender_id.is_some() && tender_id != text(&self.old["tender_id"]) {
            let at = self.modified.to_string();
            let tender_id = tender_id.unwrap_or_default().to_string();
            self.push(at, Change::TenderCreated { tender_id, tender_title: None });
        }
        let c = &self.new["cancellation"];
        if c.is_object() {
            let before = Some(&self.old["cancellation"]).filter(|b| b.is_object());
            self.cancellation(id(c).unwrap_or_default(), c, before, None);
        }
        self.status(None);
    }

    // -- contracts ------------------------------------------------------------------

    fn contract(&mut self) {
        let old = by_id(&self.old["changes"]);
        for (id, ch) in each(&self.new["changes"]) {
            let before = old.get(id).copied();
            let status = text(&ch["status"]);
            let at = match before {
                None => self.at(&[&ch["date"], &ch["dateSigned"]]),
                Some(b) if status.is_some() && status != text(&b["status"]) => match status {
                    Some("active") => self.at(&[&ch["dateSigned"]]),
                    _ => self.modified.to_string(),
                },
                Some(_) => continue,
            };
            let change = Change::ContractChanged {
                id: id.to_string(),
                rationale: owned(&ch["rationale"]),
                rationale_types: strings(&ch["rationaleTypes"]),
                status: status.map(str::to_string),
            };
            self.push(at, change);
        }
        self.documents(Kind::Contract);
        let (old, new) = (self.old, self.new);
        let (from, to) = (text(&old["status"]), text(&new["status"]));
        if from == to || to.is_none() {
            return;
        }
        let id = id(new).unwrap_or_default();
        match to {
            Some("active") => self.signed(id, new, Some(old), supplier(new)),
            Some("terminated" | "cancelled") => self.terminated(id, new, Some(old), from, to),
            _ => self.status(None),
        }
    }
}

/// The dates a complaint gets on reaching `status`, by preference.
fn complaint_dates(status: Option<&str>) -> &'static [&'static str] {
    match status {
        Some("claim" | "pending") => &["dateEscalated", "dateSubmitted"],
        Some("answered") => &["dateAnswered"],
        Some("accepted") => &["dateAccepted"],
        Some("cancelled" | "stopping") => &["dateCanceled"],
        Some("invalid" | "declined" | "satisfied" | "resolved" | "stopped" | "mistaken") => &["dateDecision"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    //! Every event from real records: the central database's API examples (the shared
    //! `openprocurement-api` folder), the real tenders and plans of the shared
    //! `prozorro-mcp-demo` sample and of `data/demo.jsonl.gz`, each changed as the central
    //! database changes them.

    use super::*;
    use serde_json::json;
    use std::sync::OnceLock;

    // -- loading ----------------------------------------------------------------------

    fn shared(sub: &str) -> Option<Value> {
        let path = crate::shared_data::required(sub)?;
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
    }

    /// An API example (`tenders/esco__cancelled.json`).
    fn api(name: &str) -> Option<Value> {
        shared(&format!("openprocurement-api/{name}"))
    }

    /// A real record of the shared snapshot sample (`tenders` or `plans`) by id.
    fn sample(register: &str, id: &str) -> Option<Value> {
        static TENDERS: OnceLock<Option<Value>> = OnceLock::new();
        static PLANS: OnceLock<Option<Value>> = OnceLock::new();
        let cell = if register == "tenders" { &TENDERS } else { &PLANS };
        let all = cell.get_or_init(|| shared(&format!("prozorro-mcp-demo/{register}.json"))).as_ref()?;
        let found = objects(all).find(|r| r["id"] == id).cloned();
        Some(found.unwrap_or_else(|| panic!("{register} {id} is in the sample")))
    }

    /// Skips a test whose shared data is missing (outside CI; see `shared_data::required`).
    macro_rules! load {
        ($e:expr) => {
            match $e {
                Some(v) => v,
                None => return,
            }
        };
    }

    // -- changing -----------------------------------------------------------------------

    /// Sets the member at a JSON pointer (its parent must exist).
    fn put(v: &mut Value, ptr: &str, x: Value) {
        let (parent, key) = ptr.rsplit_once('/').unwrap_or_else(|| panic!("{ptr}"));
        match v.pointer_mut(parent).unwrap_or_else(|| panic!("{parent} exists")) {
            Value::Object(m) => {
                m.insert(key.to_string(), x);
            }
            Value::Array(a) => a[key.parse::<usize>().expect("an index")] = x,
            other => panic!("{parent} is {other}"),
        }
    }

    /// Removes the member at a JSON pointer.
    fn del(v: &mut Value, ptr: &str) {
        let (parent, key) = ptr.rsplit_once('/').unwrap_or_else(|| panic!("{ptr}"));
        match v.pointer_mut(parent).unwrap_or_else(|| panic!("{parent} exists")) {
            Value::Object(m) => {
                m.remove(key).unwrap_or_else(|| panic!("{ptr} exists"));
            }
            Value::Array(a) => {
                a.remove(key.parse::<usize>().expect("an index"));
            }
            other => panic!("{parent} is {other}"),
        }
    }

    fn names(events: &[Event]) -> Vec<&'static str> {
        events.iter().map(|e| e.change.name()).collect()
    }

    fn uah(amount: f64, vat: bool) -> Option<Money> {
        Some(Money { amount, currency: Some("UAH".into()), value_added_tax_included: Some(vat) })
    }

    fn lot(id: &str, title: &str) -> Option<LotRef> {
        Some(LotRef { id: id.into(), title: Some(title.into()) })
    }

    fn s(v: &str) -> Option<String> {
        Some(v.to_string())
    }

    fn ev(at: &str, change: Change) -> Event {
        Event { at: at.into(), change }
    }

    /// The events are in the order of their instants.
    fn assert_sorted(events: &[Event]) {
        let keys: Vec<i64> = events.iter().map(|e| instant(&e.at).unwrap_or(i64::MAX)).collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]), "not in order: {events:#?}");
    }

    // -- nothing changed ------------------------------------------------------------------

    #[test]
    fn equal_versions_and_bookkeeping_changes_yield_nothing() {
        for (dir, kind) in [("tenders", Kind::Tender), ("plans", Kind::Plan), ("contracts", Kind::Contract)] {
            let Some(folder) = crate::shared_data::required(&format!("openprocurement-api/{dir}")) else { return };
            let mut seen = 0;
            for entry in std::fs::read_dir(folder).expect("the folder reads") {
                let path = entry.expect("an entry").path();
                let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                assert_eq!(changes(kind, &doc, &doc), vec![], "{}", path.display());
                // What the central database touches without news: the modification date,
                // the chronograph's next check.
                let mut touched = doc.clone();
                put(&mut touched, "/dateModified", json!("2027-03-01T12:00:00+02:00"));
                put(&mut touched, "/next_check", json!("2027-03-02T00:00:00+02:00"));
                assert_eq!(changes(kind, &doc, &touched), vec![], "{}", path.display());
                seen += 1;
            }
            assert!(seen >= 6, "{dir}: {seen} examples");
        }
    }

    // -- periods ------------------------------------------------------------------------

    #[test]
    fn tender_period_extended_and_enquiry_period_shortened() {
        let old = load!(api("tenders/belowThreshold__active.enquiries.json"));
        let mut new = old.clone();
        put(&mut new, "/tenderPeriod/endDate", json!("2027-01-19T00:00:00+02:00"));
        put(&mut new, "/enquiryPeriod/endDate", json!("2027-01-07T00:00:00+02:00"));
        put(&mut new, "/dateModified", json!("2027-01-02T10:15:00+02:00"));
        let at = "2027-01-02T10:15:00+02:00";
        assert_eq!(
            changes(Kind::Tender, &old, &new),
            vec![
                ev(
                    at,
                    Change::Period {
                        period: Period::EnquiryPeriod,
                        from: s("2027-01-08T00:00:00+02:00"),
                        to: s("2027-01-07T00:00:00+02:00"),
                        extended: false,
                        lot: None
                    }
                ),
                ev(
                    at,
                    Change::Period {
                        period: Period::TenderPeriod,
                        from: s("2027-01-16T00:00:00+02:00"),
                        to: s("2027-01-19T00:00:00+02:00"),
                        extended: true,
                        lot: None
                    }
                ),
            ]
        );

        // The same instant written in another offset is no move.
        let mut same = old.clone();
        put(&mut same, "/tenderPeriod/endDate", json!("2027-01-15T22:00:00Z"));
        assert_eq!(changes(Kind::Tender, &old, &same), vec![]);

        // A period set for the first time is a change; one taken away is none.
        let mut unset = old.clone();
        del(&mut unset, "/tenderPeriod/endDate");
        let events = changes(Kind::Tender, &unset, &old);
        assert_eq!(
            events,
            vec![ev(
                "2027-01-01T00:00:00+02:00",
                Change::Period {
                    period: Period::TenderPeriod,
                    from: None,
                    to: s("2027-01-16T00:00:00+02:00"),
                    extended: false,
                    lot: None
                }
            )]
        );
        assert_eq!(changes(Kind::Tender, &old, &unset), vec![]);
    }

    #[test]
    fn auction_scheduled_for_a_lot_then_moved() {
        let real = load!(api("tenders/aboveThresholdUA__active.auction.json"));
        let lot_ref = lot("1a0da17891e04af7a0eda87d40a4a290", "lot title");
        // Before the chronograph planned it: only `shouldStartAfter`.
        let mut unplanned = real.clone();
        del(&mut unplanned, "/lots/0/auctionPeriod/startDate");
        put(&mut unplanned, "/dateModified", json!("2027-01-01T00:01:00+02:00"));
        assert_eq!(
            changes(Kind::Tender, &unplanned, &real),
            vec![ev(
                "2027-01-01T00:02:01+02:00",
                Change::Period {
                    period: Period::AuctionPeriod,
                    from: None,
                    to: s("2027-01-04T15:28:52.219000+02:00"),
                    extended: false,
                    lot: lot_ref.clone()
                }
            )]
        );

        // Moved later; the tender's own copy of the earliest lot auction is not said twice.
        let mut moved = real.clone();
        put(&mut moved, "/lots/0/auctionPeriod/startDate", json!("2027-01-05T11:00:00+02:00"));
        put(&mut moved, "/dateModified", json!("2027-01-03T09:00:00+02:00"));
        let mut old = real.clone();
        put(&mut old, "/auctionPeriod/startDate", json!("2027-01-04T15:28:52.219000+02:00"));
        put(&mut moved, "/auctionPeriod/startDate", json!("2027-01-05T11:00:00+02:00"));
        assert_eq!(
            changes(Kind::Tender, &old, &moved),
            vec![ev(
                "2027-01-03T09:00:00+02:00",
                Change::Period {
                    period: Period::AuctionPeriod,
                    from: s("2027-01-04T15:28:52.219000+02:00"),
                    to: s("2027-01-05T11:00:00+02:00"),
                    extended: true,
                    lot: lot_ref
                }
            )]
        );

        // A tender without lots: its own auction, moved earlier; taken away, nothing.
        let pq = load!(api("tenders/priceQuotation__complete.json"));
        let mut earlier = pq.clone();
        put(&mut earlier, "/auctionPeriod/startDate", json!("2027-01-10T12:00:00+02:00"));
        assert_eq!(
            changes(Kind::Tender, &pq, &earlier),
            vec![ev(
                "2027-01-01T00:00:00+02:00",
                Change::Period {
                    period: Period::AuctionPeriod,
                    from: s("2027-01-11T00:00:00+02:00"),
                    to: s("2027-01-10T12:00:00+02:00"),
                    extended: false,
                    lot: None
                }
            )]
        );
        let mut gone = pq.clone();
        del(&mut gone, "/auctionPeriod/startDate");
        assert_eq!(changes(Kind::Tender, &pq, &gone), vec![]);
    }

    // -- questions ------------------------------------------------------------------------

    #[test]
    fn question_asked_then_answered() {
        let answered = load!(api("tenders/aboveThreshold__active.tendering.json"));
        let mut none = answered.clone();
        del(&mut none, "/questions");
        let mut asked = answered.clone();
        del(&mut asked, "/questions/0/answer");
        del(&mut asked, "/questions/0/dateAnswered");
        let id = "056867c680574483a16cbd95402d6870";
        let question = ev(
            "2027-01-01T00:00:00+02:00",
            Change::QuestionAsked {
                id: id.into(),
                title: s("Калорійність"),
                description: s("Просимо додати таблицю потрібної калорійності харчування"),
                lot: None,
            },
        );
        let answer = ev(
            "2027-01-01T00:00:00+02:00",
            Change::QuestionAnswered {
                id: id.into(),
                title: s("Калорійність"),
                answer: s("Таблицю додано в файлі \"Kalorijnist.xslx\""),
                lot: None,
            },
        );
        assert_eq!(changes(Kind::Tender, &none, &asked), vec![question.clone()]);
        assert_eq!(changes(Kind::Tender, &asked, &answered), vec![answer.clone()]);
        // A new question already answered: both, the question first.
        assert_eq!(changes(Kind::Tender, &none, &answered), vec![question, answer]);

        // Questions about a lot, and about an item of a lot; the answer edited.
        let mut more = answered.clone();
        let questions = more["questions"].as_array_mut().unwrap();
        questions.push(json!({
            "id": "4a1f0c2e9b8d4e6f8a7b6c5d4e3f2a1b", "author": {"hash": "65a70a373b37b03dd6821a8dfbf6655d"},
            "title": "Фасування", "description": "Чи допускається фасування по 5 кг?",
            "date": "2027-01-02T09:00:00+02:00", "questionOf": "lot", "relatedItem": "529f0da7929f4dbbb94b70eb6f8d2771"
        }));
        questions.push(json!({
            "id": "9c3b5d7e1f2a4b6c8d0e1f2a3b4c5d6e", "author": {"hash": "65a70a373b37b03dd6821a8dfbf6655d"},
            "title": "Строк поставки", "description": "Чи можлива поставка в лютому?",
            "date": "2027-01-02T09:30:00+02:00", "questionOf": "item", "relatedItem": "d64a1883d2944b8999dcbfca8fd261b4"
        }));
        questions[0]["answer"] = json!("Таблицю додано в файлі \"Kalorijnist-2.xslx\"");
        questions[0]["dateAnswered"] = json!("2027-01-02T10:00:00+02:00");
        put(&mut more, "/dateModified", json!("2027-01-02T10:00:00+02:00"));
        let events = changes(Kind::Tender, &answered, &more);
        assert_eq!(names(&events), ["questionAsked", "questionAsked", "questionAnswered"]);
        assert_eq!(events[0].at, "2027-01-02T09:00:00+02:00");
        assert!(matches!(&events[0].change, Change::QuestionAsked { title, lot: l, .. }
            if title.as_deref() == Some("Фасування") && *l == lot("529f0da7929f4dbbb94b70eb6f8d2771", "Лот №2")));
        assert!(matches!(&events[1].change, Change::QuestionAsked { lot: l, .. }
            if *l == lot("acb82db513f64825a62e3caaa29cc025", "Лот №1")));
        assert_eq!(events[2].at, "2027-01-02T10:00:00+02:00");
        assert!(matches!(&events[2].change, Change::QuestionAnswered { id: i, answer, .. }
            if i == id && answer.as_deref() == Some("Таблицю додано в файлі \"Kalorijnist-2.xslx\"")));
    }

    #[test]
    fn events_are_in_the_order_they_happened() {
        // Computed periods first, but the question was asked before the period moved.
        let old = load!(api("tenders/belowThreshold__active.enquiries.json"));
        let mut new = old.clone();
        put(&mut new, "/tenderPeriod/endDate", json!("2027-01-19T00:00:00+02:00"));
        put(
            &mut new,
            "/questions",
            json!([{"id": "5e0b6a3c2d1f4e8a9b7c6d5e4f3a2b1c", "title": "Гарантія", "description": "Який строк гарантії?",
                "date": "2027-01-02T09:00:00+02:00", "questionOf": "tender"}]),
        );
        put(&mut new, "/dateModified", json!("2027-01-02T10:15:00+02:00"));
        let events = changes(Kind::Tender, &old, &new);
        assert_eq!(names(&events), ["questionAsked", "period"]);
        assert_eq!(events[0].at, "2027-01-02T09:00:00+02:00");
        assert_eq!(events[1].at, "2027-01-02T10:15:00+02:00");
    }

    // -- documents ----------------------------------------------------------------------

    #[test]
    fn document_added_and_replaced_by_a_later_version() {
        // The real record holds two versions of AwardCriteria.pdf (00:06:04, then 00:10:05)
        // and a document of an item of the lot.
        let real = load!(api("tenders/belowThreshold__active.auction.json"));
        let mut old = real.clone();
        del(&mut old, "/documents/4");
        del(&mut old, "/documents/2");
        assert_eq!(
            changes(Kind::Tender, &old, &real),
            vec![
                ev(
                    "2027-01-01T00:03:03+02:00",
                    Change::DocumentAdded {
                        id: "58b2fdef4de941e495d97e767cd155a7".into(),
                        title: s("Notice.doc"),
                        of: "item".into(),
                        lot: lot("16b57ad88e0c4726ae34f727f1b9ba14", "lot title"),
                    }
                ),
                ev(
                    "2027-01-01T00:10:05+02:00",
                    Change::DocumentReplaced {
                        id: "d3a4c33f1c314257999a16bc6753c440".into(),
                        title: s("AwardCriteria.pdf"),
                        previous_title: s("AwardCriteria.pdf"),
                        of: "tender".into(),
                        lot: None,
                    }
                ),
            ]
        );
        // The latest version is the latest date, wherever the array puts it.
        let mut shuffled = real.clone();
        shuffled["documents"].as_array_mut().unwrap().swap(3, 4);
        assert_eq!(changes(Kind::Tender, &real, &shuffled), vec![]);

        // A version at the same date under another title (the real record's id 238c57…).
        let real = load!(api("tenders/complexAsset.arma__active.auction.json"));
        let mut old = real.clone();
        del(&mut old, "/documents/3");
        assert_eq!(
            changes(Kind::Tender, &old, &real),
            vec![ev(
                "2027-01-01T00:00:00+02:00",
                Change::DocumentReplaced {
                    id: "238c572bb514470fa6f943a5d3df94e1".into(),
                    title: s("AwardCriteria.pdf"),
                    previous_title: s("Notice.pdf"),
                    of: "tender".into(),
                    lot: None,
                }
            )]
        );
    }

    #[test]
    fn documents_without_ids_are_told_apart_by_url() {
        // The snapshot's slimmed tenders publish no document ids.
        let real = load!(sample("tenders", "179d4ad94bce4df2b6051bc1d2f62178"));
        let docs = real["documents"].as_array().unwrap();
        assert!(docs.len() >= 3 && docs.iter().all(|d| d.get("id").is_none()));
        let last = docs.last().unwrap().clone();
        let mut old = real.clone();
        old["documents"].as_array_mut().unwrap().pop();
        let events = changes(Kind::Tender, &old, &real);
        assert_eq!(
            events,
            vec![ev(
                last["datePublished"].as_str().unwrap(),
                Change::DocumentAdded {
                    id: last["url"].as_str().unwrap().split('?').next().unwrap().into(),
                    title: owned(&last["title"]),
                    of: "tender".into(),
                    lot: None,
                }
            )]
        );
        // A new signature of the same file is no new document.
        let mut resigned = real.clone();
        let url = last["url"].as_str().unwrap().split('?').next().unwrap();
        put(&mut resigned, &format!("/documents/{}/url", docs.len() - 1), json!(format!("{url}?Signature=x&KeyID=1")));
        assert_eq!(changes(Kind::Tender, &real, &resigned), vec![]);
    }

    // -- awards -------------------------------------------------------------------------

    #[test]
    fn award_pending_then_unsuccessful_with_its_reason() {
        // A real tender in qualification with its only award pending.
        let pending = load!(sample("tenders", "179d4ad94bce4df2b6051bc1d2f62178"));
        let award = "7758f6663e5942cfb2cae0ea5489c18e";
        let supplier = s("ТОВ \"БУДУНІВЕРСАЛ-КОМА\"");
        let the_lot = lot("9f5492e5c2f44248ae393e0443c5a3f3", pending["lots"][0]["title"].as_str().unwrap());
        // Before: the tender period just over, no award yet.
        let mut tendering = pending.clone();
        del(&mut tendering, "/awards");
        put(&mut tendering, "/status", json!("active.tendering"));
        put(&mut tendering, "/date", json!("2026-09-25T23:39:10+03:00"));
        put(&mut tendering, "/dateModified", json!("2026-10-11T18:20:00.000000+03:00"));
        assert_eq!(
            changes(Kind::Tender, &tendering, &pending),
            vec![
                ev(
                    "2026-10-12T00:00:07.301568+03:00",
                    Change::AwardPending {
                        id: award.into(),
                        supplier: supplier.clone(),
                        value: uah(11320082.0, false),
                        status: s("pending"),
                        lot: the_lot.clone(),
                    }
                ),
                ev(
                    "2026-10-12T00:00:07.301568+03:00",
                    Change::Status { from: s("active.tendering"), to: s("active.qualification"), lot: None }
                ),
            ]
        );

        // The buyer disqualifies the only bidder, with a reason; the lot and the tender fail.
        let mut unsuccessful = pending.clone();
        let reason = "Учасник не надав довідку про виконання аналогічного договору (п. 2 Додатку 1)";
        put(&mut unsuccessful, "/awards/0/status", json!("unsuccessful"));
        put(&mut unsuccessful, "/awards/0/date", json!("2026-10-15T16:20:11.409137+03:00"));
        put(&mut unsuccessful, "/awards/0/description", json!(reason));
        put(&mut unsuccessful, "/awards/0/title", json!("Відхилення"));
        put(&mut unsuccessful, "/lots/0/status", json!("unsuccessful"));
        put(&mut unsuccessful, "/status", json!("unsuccessful"));
        put(&mut unsuccessful, "/date", json!("2026-10-15T16:20:11.409137+03:00"));
        put(&mut unsuccessful, "/dateModified", json!("2026-10-15T16:20:11.409137+03:00"));
        let at = "2026-10-15T16:20:11.409137+03:00";
        assert_eq!(
            changes(Kind::Tender, &pending, &unsuccessful),
            vec![
                ev(at, Change::Status { from: s("active"), to: s("unsuccessful"), lot: the_lot.clone() }),
                ev(
                    at,
                    Change::AwardStatus {
                        id: award.into(),
                        supplier,
                        from: s("pending"),
                        to: s("unsuccessful"),
                        reason: s(reason),
                        lot: the_lot,
                    }
                ),
                ev(at, Change::Status { from: s("active.qualification"), to: s("unsuccessful"), lot: None }),
            ]
        );
    }

    #[test]
    fn award_cancelled_and_a_new_award_already_unsuccessful() {
        // A real tender: the active award was cancelled and the bid then disqualified.
        let real = load!(sample("tenders", "3de1958f49814c958681afe48ae23e1a"));
        let mut awarded = real.clone();
        del(&mut awarded, "/awards/1");
        put(&mut awarded, "/awards/0/status", json!("active"));
        put(&mut awarded, "/awards/0/date", json!("2026-09-26T14:02:54.123456+03:00"));
        put(&mut awarded, "/lots/0/status", json!("active"));
        put(&mut awarded, "/status", json!("active.awarded"));
        put(&mut awarded, "/date", json!("2026-09-26T14:02:54.123456+03:00"));
        put(&mut awarded, "/dateModified", json!("2026-09-26T14:02:54.123456+03:00"));
        let supplier = s("ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ \"ФОРМАКС ГРУП\"");
        let the_lot = lot("443e50c129394007b1babaf8939610fa", real["lots"][0]["title"].as_str().unwrap());
        let events = changes(Kind::Tender, &awarded, &real);
        assert_eq!(names(&events), ["awardStatus", "awardStatus", "status", "status"]);
        assert_eq!(
            events[..2],
            [
                ev(
                    "2026-09-30T22:55:30.906277+03:00",
                    Change::AwardStatus {
                        id: "0925b6ffac1b4cbc890e297aad01461d".into(),
                        supplier: supplier.clone(),
                        from: s("active"),
                        to: s("cancelled"),
                        reason: None,
                        lot: the_lot.clone(),
                    }
                ),
                ev(
                    "2026-09-30T22:56:17.916873+03:00",
                    Change::AwardStatus {
                        id: "27d53806214d4747b4832a6fa8b4c49e".into(),
                        supplier,
                        from: None,
                        to: s("unsuccessful"),
                        reason: None,
                        lot: the_lot.clone(),
                    }
                ),
            ]
        );
        // The lot's and the tender's statuses, at the tender's `date`.
        assert_eq!(
            events[2],
            ev(
                "2026-10-06T00:00:07.516978+03:00",
                Change::Status { from: s("active"), to: s("unsuccessful"), lot: the_lot }
            )
        );
        assert_eq!(
            events[3],
            ev(
                "2026-10-06T00:00:07.516978+03:00",
                Change::Status { from: s("active.awarded"), to: s("unsuccessful"), lot: None }
            )
        );
    }

    // -- a tender's stages -----------------------------------------------------------------

    /// Two files are versions of one procedure: the same id, number, type, creation, and
    /// (tenders) items or (contracts) award.
    fn same_procedure(a: &Value, b: &Value) -> bool {
        fn items(v: &Value) -> Vec<&str> {
            let mut ids: Vec<&str> = objects(&v["items"]).filter_map(id).collect();
            ids.sort_unstable();
            ids
        }
        ["id", "tenderID", "contractID", "planID", "procurementMethodType", "dateCreated", "awardID"]
            .iter()
            .all(|k| a[*k] == b[*k])
            && (a.get("contractID").is_some() || items(a) == items(b))
    }

    #[test]
    fn which_shared_examples_are_stages_of_one_procedure() {
        let Some(folder) = crate::shared_data::required("openprocurement-api") else { return };
        let read = |dir: &str| -> Vec<(String, Value)> {
            let mut out: Vec<(String, Value)> = std::fs::read_dir(folder.join(dir))
                .unwrap()
                .map(|e| {
                    let p = e.unwrap().path();
                    let name = p.file_name().unwrap().to_string_lossy().into_owned();
                    (name, serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap())
                })
                .collect();
            out.sort_by(|a, b| a.0.cmp(&b.0));
            out
        };
        let pairs = |docs: &[(String, Value)]| -> Vec<(String, String)> {
            let mut out = Vec::new();
            for (i, (a, x)) in docs.iter().enumerate() {
                for (b, y) in &docs[i + 1..] {
                    if same_procedure(x, y) {
                        out.push((a.clone(), b.clone()));
                    }
                }
            }
            out
        };
        // The tender examples come from separate test runs: priceQuotation's two stages
        // are two tenders (ids differ), and files sharing an id (requestForProposal
        // complete / unsuccessful, aboveThreshold complete) differ in type or items. None
        // is a stage of another, so tenders' stages are made from one real record below.
        let tenders = read("tenders");
        let pq = |n: &str| &tenders.iter().find(|(name, _)| name == n).unwrap().1;
        assert_ne!(pq("priceQuotation__active.tendering.json")["id"], pq("priceQuotation__complete.json")["id"]);
        assert_eq!(pq("requestForProposal__complete.json")["id"], pq("requestForProposal__unsuccessful.json")["id"]);
        assert_eq!(pairs(&tenders), vec![]);
        // The contract examples are one contract at four stages.
        let contracts = read("contracts");
        let found = pairs(&contracts);
        let names: Vec<(&str, &str)> = found.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        assert_eq!(
            names,
            [
                ("contract__active.json", "contract__cancelled.json"),
                ("contract__active.json", "contract__pending.json"),
                ("contract__active.json", "contract__terminated.json"),
                ("contract__cancelled.json", "contract__pending.json"),
                ("contract__cancelled.json", "contract__terminated.json"),
                ("contract__pending.json", "contract__terminated.json"),
            ]
        );
    }

    #[test]
    fn price_quotation_from_tendering_to_complete() {
        // The real completed tender, and the same tender as it was while tendering.
        let complete = load!(api("tenders/priceQuotation__complete.json"));
        let mut tendering = complete.clone();
        for k in ["/awards", "/contracts", "/bids", "/awardPeriod", "/auctionPeriod"] {
            del(&mut tendering, k);
        }
        put(&mut tendering, "/status", json!("active.tendering"));
        put(&mut tendering, "/date", json!("2026-12-22T00:00:00+02:00"));
        put(&mut tendering, "/dateModified", json!("2026-12-22T00:00:00+02:00"));
        let at = "2027-01-01T00:00:00+02:00";
        let supplier = s("Державне управління справами");
        assert_eq!(
            changes(Kind::Tender, &tendering, &complete),
            vec![
                ev(
                    at,
                    Change::Period {
                        period: Period::AuctionPeriod,
                        from: None,
                        to: s("2027-01-11T00:00:00+02:00"),
                        extended: false,
                        lot: None
                    }
                ),
                ev(
                    at,
                    Change::DocumentAdded {
                        id: "89a52f9b67d64f839607fda7214df3c4".into(),
                        title: s("sign.p7s"),
                        of: "award".into(),
                        lot: None
                    }
                ),
                ev(
                    at,
                    Change::AwardStatus {
                        id: "765d1e83c038413ab7717ec5e820fdfd".into(),
                        supplier: supplier.clone(),
                        from: None,
                        to: s("active"),
                        reason: None,
                        lot: None
                    }
                ),
                ev(
                    at,
                    Change::AwardPending {
                        id: "2c31244c27874e13b5e97bdab8a6b7e0".into(),
                        supplier: supplier.clone(),
                        value: uah(500.0, false),
                        status: s("pending"),
                        lot: None
                    }
                ),
                ev(
                    at,
                    Change::ContractSigned {
                        id: "78fd8d7877d74b0dbc9c605462545e1c".into(),
                        contract_id: s("UA-2027-01-01-000001-a-a1"),
                        supplier,
                        value: uah(220.0, false),
                        date_signed: None
                    }
                ),
                ev(at, Change::Status { from: s("active.tendering"), to: s("complete"), lot: None }),
            ]
        );
    }

    #[test]
    fn contract_of_a_tender_signed_or_cancelled() {
        let complete = load!(api("tenders/priceQuotation__complete.json"));
        let mut pending = complete.clone();
        put(&mut pending, "/contracts/0/status", json!("pending"));
        let events = changes(Kind::Tender, &pending, &complete);
        assert_eq!(names(&events), ["contractSigned"]);
        assert!(matches!(&events[0].change, Change::ContractSigned { supplier, value, .. }
            if supplier.as_deref() == Some("Державне управління справами") && *value == uah(220.0, false)));

        let cancelled = load!(api("tenders/esco__cancelled.json"));
        let mut pending = cancelled.clone();
        put(&mut pending, "/contracts/0/status", json!("pending"));
        assert_eq!(
            changes(Kind::Tender, &pending, &cancelled),
            vec![ev(
                "2027-01-12T00:04:05+02:00",
                Change::ContractTerminated {
                    id: "d20db73a8ebd4993bf605fd8cbedc128".into(),
                    from: s("pending"),
                    to: s("cancelled"),
                    amount_paid: None
                }
            )]
        );
    }

    // -- cancellations --------------------------------------------------------------------

    #[test]
    fn cancellation_started_then_completed() {
        let cancelled = load!(api("tenders/esco__cancelled.json"));
        let id = "e9fce36f5773472a8176047d29fcfe17";
        // Awarded, the contract to sign: no cancellation yet.
        let mut awarded = cancelled.clone();
        del(&mut awarded, "/cancellations");
        put(&mut awarded, "/status", json!("active.awarded"));
        put(&mut awarded, "/date", json!("2027-01-01T00:02:01+02:00"));
        put(&mut awarded, "/contracts/0/status", json!("pending"));
        put(&mut awarded, "/dateModified", json!("2027-01-01T00:02:01+02:00"));
        // The buyer starts the cancellation with its notice and signature.
        let mut pending = cancelled.clone();
        put(&mut pending, "/status", json!("active.awarded"));
        put(&mut pending, "/date", json!("2027-01-01T00:02:01+02:00"));
        put(&mut pending, "/contracts/0/status", json!("pending"));
        put(&mut pending, "/cancellations/0/status", json!("pending"));
        put(&mut pending, "/cancellations/0/date", json!("2027-01-01T00:03:03+02:00"));
        put(&mut pending, "/dateModified", json!("2027-01-01T00:03:03+02:00"));
        let started = changes(Kind::Tender, &awarded, &pending);
        let at = "2027-01-01T00:03:03+02:00";
        let added = |doc: &str, title: &str| {
            ev(at, Change::DocumentAdded { id: doc.into(), title: s(title), of: "cancellation".into(), lot: None })
        };
        let reason = (s("cancellation reason"), s("expensesCut"));
        assert_eq!(
            started,
            vec![
                added("6b8c402c6dae4700942627ebc62dce2b", "Notice.pdf"),
                added("7573e4d2b2774087bd78b7aa1188d72b", "sign.p7s"),
                ev(
                    at,
                    Change::CancellationStarted {
                        id: id.into(),
                        reason: reason.0.clone(),
                        reason_type: reason.1.clone(),
                        lot: None
                    }
                ),
            ]
        );
        // The stand-still over, it is active: the contract is cancelled, the tender too.
        let at = "2027-01-12T00:04:05+02:00";
        let completed = ev(
            at,
            Change::CancellationCompleted {
                id: id.into(),
                reason: reason.0.clone(),
                reason_type: reason.1.clone(),
                lot: None,
            },
        );
        assert_eq!(
            changes(Kind::Tender, &pending, &cancelled),
            vec![
                ev(
                    at,
                    Change::ContractTerminated {
                        id: "d20db73a8ebd4993bf605fd8cbedc128".into(),
                        from: s("pending"),
                        to: s("cancelled"),
                        amount_paid: None
                    }
                ),
                completed.clone(),
                ev(at, Change::Status { from: s("active.awarded"), to: s("cancelled"), lot: None }),
            ]
        );
        // Seen only once active: completed, never started.
        let once = changes(Kind::Tender, &awarded, &cancelled);
        assert_eq!(
            names(&once),
            ["documentAdded", "documentAdded", "contractTerminated", "cancellationCompleted", "status"]
        );
        assert_eq!(once[3], completed);

        // A draft is nothing yet, nor its documents.
        let mut draft = pending.clone();
        put(&mut draft, "/cancellations/0/status", json!("draft"));
        assert_eq!(changes(Kind::Tender, &awarded, &draft), vec![]);

        // A lot's cancellation names the lot.
        let mut of_lot = pending.clone();
        put(&mut of_lot, "/cancellations/0/cancellationOf", json!("lot"));
        put(&mut of_lot, "/cancellations/0/relatedLot", json!("16dcfa2a699842d3a0f9b9553db58532"));
        let events = changes(Kind::Tender, &awarded, &of_lot);
        assert!(matches!(&events[2].change, Change::CancellationStarted { lot: l, .. }
            if *l == lot("16dcfa2a699842d3a0f9b9553db58532", "Лот №1")));
    }

    // -- lots ---------------------------------------------------------------------------

    #[test]
    fn lot_cancelled_failed_and_its_value_changed() {
        let old = load!(api("tenders/aboveThreshold__active.tendering.json"));
        let mut new = old.clone();
        put(&mut new, "/lots/1/status", json!("cancelled"));
        put(&mut new, "/lots/0/value/amount", json!(450.0));
        put(&mut new, "/dateModified", json!("2027-01-03T12:00:00+02:00"));
        let at = "2027-01-03T12:00:00+02:00";
        assert_eq!(
            changes(Kind::Tender, &old, &new),
            vec![
                ev(
                    at,
                    Change::LotValue {
                        id: "acb82db513f64825a62e3caaa29cc025".into(),
                        title: s("Лот №1"),
                        from: uah(500.0, false),
                        to: uah(450.0, false)
                    }
                ),
                ev(
                    at,
                    Change::LotCancelled {
                        id: "529f0da7929f4dbbb94b70eb6f8d2771".into(),
                        title: s("Лот №2"),
                        from: s("active"),
                        to: s("cancelled")
                    }
                ),
            ]
        );
        // Another status of a lot, at the lot's `date` when it moved with it.
        let mut failed = old.clone();
        put(&mut failed, "/lots/0/status", json!("unsuccessful"));
        put(&mut failed, "/lots/0/date", json!("2027-01-09T00:00:05+02:00"));
        put(&mut failed, "/dateModified", json!("2027-01-09T00:00:05+02:00"));
        assert_eq!(
            changes(Kind::Tender, &old, &failed),
            vec![ev(
                "2027-01-09T00:00:05+02:00",
                Change::Status {
                    from: s("active"),
                    to: s("unsuccessful"),
                    lot: lot("acb82db513f64825a62e3caaa29cc025", "Лот №1")
                }
            )]
        );
        // The currency alone is a new value too.
        let mut euro = old.clone();
        put(&mut euro, "/lots/1/value/currency", json!("EUR"));
        let events = changes(Kind::Tender, &old, &euro);
        assert!(
            matches!(&events[..], [Event { change: Change::LotValue { to: Some(Money { currency, .. }), .. }, .. }]
            if currency.as_deref() == Some("EUR"))
        );
    }

    #[test]
    fn lot_added_while_enquiries_are_open() {
        let old = load!(api("tenders/belowThreshold__active.enquiries.json"));
        let mut new = old.clone();
        let mut second = old["lots"][0].clone();
        second["id"] = json!("7d2c9e4b1a3f4e5d8c6b9a0f1e2d3c4b");
        second["title"] = json!("Лот №2");
        second["value"] = json!({"currency": "UAH", "valueAddedTaxIncluded": false, "amount": 300.0});
        second["date"] = json!("2027-01-02T11:00:00+02:00");
        new["lots"].as_array_mut().unwrap().push(second);
        put(&mut new, "/dateModified", json!("2027-01-02T11:00:00+02:00"));
        assert_eq!(
            changes(Kind::Tender, &old, &new),
            vec![ev(
                "2027-01-02T11:00:00+02:00",
                Change::LotAdded {
                    id: "7d2c9e4b1a3f4e5d8c6b9a0f1e2d3c4b".into(),
                    title: s("Лот №2"),
                    value: uah(300.0, false)
                }
            )]
        );
    }

    // -- complaints -----------------------------------------------------------------------

    #[test]
    fn complaints_filed_and_decided() {
        let mut base = load!(api("tenders/aboveThreshold__complete.json"));
        put(&mut base, "/status", json!("active.awarded"));
        let complaint_id = "8d1c6a0e4f2b4d9c8e7a6b5c4d3e2f10";
        let mut complaint = json!({
            "id": complaint_id, "complaintID": "UA-2027-01-01-000001-a.a1", "type": "complaint",
            "status": "draft", "title": "Неправомірне визнання переможцем",
            "description": "Переможець не відповідає кваліфікаційним критеріям",
            "author": {"name": "ТОВ «Обідня перерва»", "identifier": {"scheme": "UA-EDR", "id": "00137256"}},
            "date": "2027-01-31T10:00:00+02:00"
        });
        let with = |c: &Value| {
            let mut v = base.clone();
            put(&mut v, "/awards/0/complaints", json!([c]));
            v
        };
        let draft = with(&complaint);
        assert_eq!(changes(Kind::Tender, &base, &draft), vec![]);

        complaint["status"] = json!("pending");
        complaint["dateSubmitted"] = json!("2027-01-31T11:00:00+02:00");
        let pending = with(&complaint);
        let title = s("Неправомірне визнання переможцем");
        let award_lot = lot("d7afc0eb4f6d42549557d7b3226417e6", "Лот №1");
        let filed = ev(
            "2027-01-31T11:00:00+02:00",
            Change::ComplaintFiled {
                id: complaint_id.into(),
                title: title.clone(),
                status: s("pending"),
                of: "award".into(),
                lot: award_lot.clone(),
            },
        );
        assert_eq!(changes(Kind::Tender, &draft, &pending), vec![filed.clone()]);
        assert_eq!(changes(Kind::Tender, &base, &pending), vec![filed]);

        complaint["status"] = json!("accepted");
        complaint["dateAccepted"] = json!("2027-02-02T09:00:00+02:00");
        let accepted = with(&complaint);
        assert_eq!(
            changes(Kind::Tender, &pending, &accepted),
            vec![ev(
                "2027-02-02T09:00:00+02:00",
                Change::ComplaintStatus {
                    id: complaint_id.into(),
                    title: title.clone(),
                    from: s("pending"),
                    to: s("accepted"),
                    lot: award_lot.clone()
                }
            )]
        );

        // The review body's decision, with its document.
        complaint["status"] = json!("satisfied");
        complaint["dateDecision"] = json!("2027-02-10T15:00:00+02:00");
        complaint["documents"] = json!([{
            "id": "1f0e9d8c7b6a45938271605f4e3d2c1b", "title": "Рішення.pdf", "format": "application/pdf",
            "url": "http://host.invalid/get/0a1b2c3d4e5f46a7b8c9d0e1f2a3b4c5?Signature=abc&KeyID=a8968c46",
            "hash": "md5:00000000000000000000000000000000", "author": "aboveThresholdReviewers",
            "datePublished": "2027-02-10T15:00:00+02:00", "dateModified": "2027-02-10T15:00:00+02:00"
        }]);
        let satisfied = with(&complaint);
        assert_eq!(
            changes(Kind::Tender, &accepted, &satisfied),
            vec![
                ev(
                    "2027-02-10T15:00:00+02:00",
                    Change::DocumentAdded {
                        id: "1f0e9d8c7b6a45938271605f4e3d2c1b".into(),
                        title: s("Рішення.pdf"),
                        of: "complaint".into(),
                        lot: award_lot.clone()
                    }
                ),
                ev(
                    "2027-02-10T15:00:00+02:00",
                    Change::ComplaintStatus {
                        id: complaint_id.into(),
                        title,
                        from: s("accepted"),
                        to: s("satisfied"),
                        lot: award_lot
                    }
                ),
            ]
        );

        // A claim about the tender's conditions of one lot.
        let mut claimed = base.clone();
        put(
            &mut claimed,
            "/complaints",
            json!([{"id": "0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a59", "type": "claim", "status": "claim",
                "title": "Дискримінаційні вимоги", "relatedLot": "ffb255f57e054aaa9f45701dbce47420",
                "date": "2027-01-05T10:00:00+02:00", "dateSubmitted": "2027-01-05T10:05:00+02:00"}]),
        );
        assert_eq!(
            changes(Kind::Tender, &base, &claimed),
            vec![ev(
                "2027-01-05T10:05:00+02:00",
                Change::ComplaintFiled {
                    id: "0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a59".into(),
                    title: s("Дискримінаційні вимоги"),
                    status: s("claim"),
                    of: "tender".into(),
                    lot: lot("ffb255f57e054aaa9f45701dbce47420", "Лот №1")
                }
            )]
        );

        // A complaint about a (real) rejected qualification.
        let prequalified = load!(api("tenders/aboveThresholdEU__active.pre-qualification.stand-still.json"));
        assert_eq!(prequalified["qualifications"][2]["status"], "unsuccessful");
        let mut complained = prequalified.clone();
        put(
            &mut complained,
            "/qualifications/2/complaints",
            json!([{"id": "6a5b4c3d2e1f40918273645546372819", "type": "complaint", "status": "pending",
                "title": "Безпідставне відхилення", "date": "2027-01-01T00:03:30+02:00",
                "dateSubmitted": "2027-01-01T00:04:00+02:00"}]),
        );
        assert_eq!(
            changes(Kind::Tender, &prequalified, &complained),
            vec![ev(
                "2027-01-01T00:04:00+02:00",
                Change::ComplaintFiled {
                    id: "6a5b4c3d2e1f40918273645546372819".into(),
                    title: s("Безпідставне відхилення"),
                    status: s("pending"),
                    of: "qualification".into(),
                    lot: lot("d1d81f5863c1460c8a7d2e9c9dfeb30d", "Лот №1")
                }
            )]
        );
    }

    // -- monitoring -------------------------------------------------------------------------

    /// A real tender's monitoring as the upstream serves it (derived at start-up from the
    /// tender: `monitoring::derive`), `addressed`, with every part.
    fn served_monitoring() -> Option<(Value, Value)> {
        let tender = api("tenders/REAL_aboveThresholdEU__active.tendering__UA-2022-07-23-000100-a.json")?;
        let now = crate::dates::parse("2026-10-12T00:00:00+03:00").unwrap();
        let mut all = crate::monitoring::derive::derive(std::slice::from_ref(&tender), &[true], 0, now);
        assert_eq!(all.len(), 1);
        Some((tender, all.remove(0)))
    }

    #[test]
    fn monitoring_opened_then_concluded() {
        let (tender, addressed) = load!(served_monitoring());
        assert_eq!(addressed["status"], "addressed");
        let number = addressed["monitoring_id"].as_str().unwrap().to_string();
        assert!(number.starts_with("UA-M-"), "{number}");
        let published = addressed["decision"]["datePublished"].as_str().unwrap().to_string();
        // Its earlier versions: a draft, then published (no conclusion yet).
        let mut draft = addressed.clone();
        draft["status"] = json!("draft");
        let mut active = addressed.clone();
        active["status"] = json!("active");
        for part in ["conclusion", "eliminationPeriod", "eliminationReport", "appeal"] {
            active.as_object_mut().unwrap().remove(part);
        }
        let opened = vec![ev(&published, Change::MonitoringOpened { id: s(&number), status: s("active") })];
        let one = std::slice::from_ref;
        assert_eq!(monitorings(&[], one(&active)), opened, "a new one, published");
        assert_eq!(monitorings(one(&draft), one(&active)), opened, "out of draft");
        assert_eq!(monitorings(&[], one(&draft)), vec![], "a draft is no news");
        // Its conclusion published (violations: `addressed`) is not its end.
        assert_eq!(monitorings(one(&active), one(&addressed)), vec![]);
        // Completed, with its end date.
        let mut completed = addressed.clone();
        completed["status"] = json!("completed");
        completed["endDate"] = json!("2026-11-20T10:00:00+02:00");
        assert_eq!(
            monitorings(one(&addressed), one(&completed)),
            vec![ev(
                "2026-11-20T10:00:00+02:00",
                Change::MonitoringConcluded { id: s(&number), status: s("completed") }
            )]
        );
        assert_eq!(monitorings(one(&completed), one(&completed)), vec![]);
        // Gone: no news. A second one of the tender, stopped before anyone saw it:
        // concluded only, at its cancellation.
        assert_eq!(monitorings(one(&completed), &[]), vec![]);
        let mut stopped = active.clone();
        stopped["id"] = json!("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        stopped["monitoring_id"] = json!("UA-M-2026-11-01-000009");
        stopped["status"] = json!("stopped");
        stopped["cancellation"] = json!({"description": "Припинено", "datePublished": "2026-11-02T09:00:00+02:00"});
        assert_eq!(
            monitorings(one(&completed), &[completed.clone(), stopped.clone()]),
            vec![ev(
                "2026-11-02T09:00:00+02:00",
                Change::MonitoringConcluded { id: s("UA-M-2026-11-01-000009"), status: s("stopped") }
            )]
        );
        // Without a public number, its id; without dates, none.
        assert_eq!(
            monitorings(&[], &[json!({"id": "m-1", "status": "active"})]),
            vec![ev("", Change::MonitoringOpened { id: s("m-1"), status: s("active") })]
        );
        // The tender itself carries none of this: its versions make no monitoring events.
        let mut flagged = tender.clone();
        put(&mut flagged, "/hasActiveMonitoring", json!(true));
        assert_eq!(changes(Kind::Tender, &tender, &flagged), vec![]);
    }

    #[test]
    fn odd_monitorings_never_panic() {
        let odd = [
            json!(null),
            json!([]),
            json!({"id": 5}),
            json!({"id": "x", "status": 7}),
            json!({"id": "y", "status": "completed", "endDate": "not a date", "cancellation": 3}),
        ];
        assert_eq!(monitorings(&odd, &odd), vec![]);
        let events = monitorings(&[], &odd);
        assert_eq!(events.len(), 1, "{events:?}");
        assert_eq!(events[0].at, "");
    }

    // -- plans ----------------------------------------------------------------------------

    #[test]
    fn plan_gets_its_tender() {
        let scheduled = load!(api("plans/plan__scheduled.json"));
        let mut complete = scheduled.clone();
        put(&mut complete, "/status", json!("complete"));
        put(&mut complete, "/tender_id", json!("e7db462b6c17406f8ddda353f082a92a"));
        put(&mut complete, "/dateModified", json!("2027-01-08T00:00:00+02:00"));
        let at = "2027-01-08T00:00:00+02:00";
        assert_eq!(
            changes(Kind::Plan, &scheduled, &complete),
            vec![
                ev(
                    at,
                    Change::TenderCreated { tender_id: "e7db462b6c17406f8ddda353f082a92a".into(), tender_title: None }
                ),
                ev(at, Change::Status { from: s("scheduled"), to: s("complete"), lot: None }),
            ]
        );

        // A real plan of the snapshot: its tender announced, its notice attached.
        let plan = load!(sample("plans", "001387c54cb9469eb77674ea46692875"));
        let mut announced = plan.clone();
        put(&mut announced, "/tender_id", json!("00099ec17718414a90b638730cb31d94"));
        put(
            &mut announced,
            "/documents",
            json!([{"id": "3b2a19f8e7d64c5b4a392817f6e5d4c3", "title": "Річний план.pdf",
                "url": "http://host.invalid/get/aa11bb22cc33dd44ee55ff6677889900?Signature=x&KeyID=1",
                "datePublished": "2026-10-09T09:00:00+03:00", "dateModified": "2026-10-09T09:00:00+03:00"}]),
        );
        put(&mut announced, "/dateModified", json!("2026-10-09T09:30:00+03:00"));
        assert_eq!(
            changes(Kind::Plan, &plan, &announced),
            vec![
                ev(
                    "2026-10-09T09:00:00+03:00",
                    Change::DocumentAdded {
                        id: "3b2a19f8e7d64c5b4a392817f6e5d4c3".into(),
                        title: s("Річний план.pdf"),
                        of: "plan".into(),
                        lot: None
                    }
                ),
                ev(
                    "2026-10-09T09:30:00+03:00",
                    Change::TenderCreated { tender_id: "00099ec17718414a90b638730cb31d94".into(), tender_title: None }
                ),
            ]
        );
    }

    #[test]
    fn plan_cancelled() {
        let cancelled = load!(api("plans/plan__cancelled.json"));
        let mut scheduled = cancelled.clone();
        del(&mut scheduled, "/cancellation");
        put(&mut scheduled, "/status", json!("scheduled"));
        put(&mut scheduled, "/dateModified", json!("2027-01-02T01:00:00+02:00"));
        let mut pending = cancelled.clone();
        put(&mut pending, "/status", json!("scheduled"));
        put(&mut pending, "/cancellation/status", json!("pending"));
        put(&mut pending, "/cancellation/date", json!("2027-01-02T01:00:20+02:00"));
        put(&mut pending, "/dateModified", json!("2027-01-02T01:00:20+02:00"));
        let (id, reason) = ("69f03e5b5e7c4b919bd13bbc0a68558e", s("Підстава для скасування"));
        assert_eq!(
            changes(Kind::Plan, &scheduled, &pending),
            vec![ev(
                "2027-01-02T01:00:20+02:00",
                Change::CancellationStarted { id: id.into(), reason: reason.clone(), reason_type: None, lot: None }
            )]
        );
        let at = "2027-01-02T01:00:33+02:00";
        assert_eq!(
            changes(Kind::Plan, &pending, &cancelled),
            vec![
                ev(at, Change::CancellationCompleted { id: id.into(), reason, reason_type: None, lot: None }),
                ev(at, Change::Status { from: s("scheduled"), to: s("cancelled"), lot: None }),
            ]
        );
    }

    // -- contracts --------------------------------------------------------------------------

    #[test]
    fn contract_register_signed_then_terminated_or_cancelled() {
        // Four real stages of one contract.
        let pending = load!(api("contracts/contract__pending.json"));
        let active = load!(api("contracts/contract__active.json"));
        let terminated = load!(api("contracts/contract__terminated.json"));
        let cancelled = load!(api("contracts/contract__cancelled.json"));
        let (id, at) = ("78fd8d7877d74b0dbc9c605462545e1c", "2027-01-01T00:00:00+02:00");
        let added = |doc: &str, title: &str, of: &str| {
            ev(at, Change::DocumentAdded { id: doc.into(), title: s(title), of: of.into(), lot: None })
        };

        assert_eq!(
            changes(Kind::Contract, &pending, &active),
            vec![
                ev(
                    at,
                    Change::ContractChanged {
                        id: "eb794cf51a174e5ab8caa0dd717624a5".into(),
                        rationale: s("Друга і третя поставка має бути розфасована"),
                        rationale_types: vec!["volumeCuts".into(), "priceReductionWithoutQuantity".into()],
                        status: s("active"),
                    }
                ),
                added("434095e42ea546f0994b6d0eedf9ed76", "contract_first_document.doc", "contract"),
                added("4c26e5cbbc3247deaa337a70dcc5dbdc", "contract_second_document.doc", "contract"),
                added("8287e847137047e982ef13a48b3d8807", "contract_changes.doc", "change"),
                ev(
                    at,
                    Change::ContractSigned {
                        id: id.into(),
                        contract_id: s("UA-2027-01-01-000001-a-a1"),
                        supplier: s("Державне управління справами"),
                        value: uah(280.0, false),
                        date_signed: s("2027-01-01T00:00:00+02:00"),
                    }
                ),
            ]
        );

        // Terminated early, with what was paid. (The change's `date` is written without an
        // offset there: the same id and status, no news.)
        assert_eq!(
            changes(Kind::Contract, &active, &terminated),
            vec![
                added("2fbed46a899e494894f6224492348ac6", "contract.doc", "contract"),
                added("a888cf00603840d1abb56cc931b8e6a4", "contract_additional_docs.doc", "contract"),
                ev(
                    at,
                    Change::ContractTerminated {
                        id: id.into(),
                        from: s("active"),
                        to: s("terminated"),
                        amount_paid: uah(240.0, true),
                    }
                ),
            ]
        );

        let events = changes(Kind::Contract, &pending, &cancelled);
        assert_eq!(names(&events), ["documentAdded", "documentAdded", "contractTerminated"]);
        assert_eq!(
            events[2],
            ev(
                at,
                Change::ContractTerminated { id: id.into(), from: s("pending"), to: s("cancelled"), amount_paid: None }
            )
        );

        // Any other status: a status event.
        let mut odd = active.clone();
        put(&mut odd, "/status", json!("pending.winner-signing"));
        assert_eq!(
            changes(Kind::Contract, &pending, &odd).last(),
            Some(&ev(at, Change::Status { from: s("pending"), to: s("pending.winner-signing"), lot: None }))
        );
    }

    #[test]
    fn contract_change_proposed_then_signed() {
        let signed = load!(api("contracts/contract__active-with-changes.json"));
        let change = "a0a23a4028a6428fa088098d0d137d71";
        let mut before = signed.clone();
        del(&mut before, "/changes/0");
        let mut proposed = signed.clone();
        put(&mut proposed, "/changes/0/status", json!("pending"));
        del(&mut proposed, "/changes/0/dateSigned");
        put(&mut proposed, "/changes/0/date", json!("2026-12-30T10:00:00+02:00"));
        put(&mut proposed, "/dateModified", json!("2026-12-30T10:00:00+02:00"));
        let changed = |at: &str, status: &str| {
            ev(
                at,
                Change::ContractChanged {
                    id: change.into(),
                    rationale: s("причина зміни укр"),
                    rationale_types: vec!["priceReductionWithoutQuantity".into()],
                    status: s(status),
                },
            )
        };
        let events = changes(Kind::Contract, &before, &proposed);
        assert_eq!(events[0], changed("2026-12-30T10:00:00+02:00", "pending"));
        // …with its documents (four ids: the change's text and three signatures).
        assert_eq!(names(&events[1..]), ["documentAdded"; 4]);
        assert!(events[1..].iter().all(|e| matches!(&e.change, Change::DocumentAdded { of, .. } if of == "change")));

        assert_eq!(changes(Kind::Contract, &proposed, &signed), vec![changed("2027-01-01T00:00:00+02:00", "active")]);
    }

    // -- created --------------------------------------------------------------------------

    #[test]
    fn created_has_the_title_and_the_value() {
        let tender = load!(api("tenders/REAL_aboveThresholdEU__active.tendering__UA-2022-07-23-000100-a.json"));
        let e = created(Kind::Tender, &tender);
        assert_eq!(e.at, "2022-07-23T14:57:54.128761+03:00");
        assert_eq!(e.change, Change::Created { title: owned(&tender["title"]), value: uah(7225305.0, false) });
        assert!(matches!(&e.change, Change::Created { title: Some(t), .. } if t.starts_with("Мікроскоп інвертований")));

        let plan = load!(api("plans/plan__complete.json"));
        assert_eq!(
            created(Kind::Plan, &plan).change,
            Change::Created {
                title: s("budget_description"),
                value: Some(Money { amount: 10000.0, currency: s("UAH"), value_added_tax_included: None })
            }
        );
        let contract = load!(api("contracts/contract__active.json"));
        let e = created(Kind::Contract, &contract);
        assert_eq!(
            e,
            ev(
                "2027-01-01T00:00:00+02:00",
                Change::Created { title: s("Комп’ютерне обладнання"), value: uah(280.0, false) }
            )
        );
    }

    #[test]
    fn events_keep_the_json_shape() {
        let e = ev(
            "2027-01-01T00:10:05+02:00",
            Change::DocumentReplaced {
                id: "d3a4c33f1c314257999a16bc6753c440".into(),
                title: s("AwardCriteria.pdf"),
                previous_title: s("Notice.pdf"),
                of: "tender".into(),
                lot: None,
            },
        );
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"at": "2027-01-01T00:10:05+02:00", "type": "documentReplaced", "id": "d3a4c33f1c314257999a16bc6753c440",
                "title": "AwardCriteria.pdf", "previousTitle": "Notice.pdf", "of": "tender"})
        );
        let e = ev(
            "x",
            Change::ContractChanged {
                id: "c".into(),
                rationale: None,
                rationale_types: vec!["volumeCuts".into()],
                status: None,
            },
        );
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"at": "x", "type": "contractChanged", "id": "c", "rationaleTypes": ["volumeCuts"]})
        );
    }

    // -- the whole snapshot -----------------------------------------------------------------

    #[test]
    fn every_record_of_the_snapshot() {
        let dir = std::env::var_os("UPSTREAM_DATA_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| crate::shared_data::project_root().join("data"));
        let path = dir.join("demo.jsonl.gz");
        if !path.exists() {
            assert!(std::env::var_os("CI").is_none_or(|v| v.is_empty()), "{} missing", path.display());
            return;
        }
        let snap = crate::records::read_snapshot(&path).expect("the snapshot reads");
        assert!(snap.tenders.len() > 5000 && snap.plans.len() > 1000);
        let mut awards = 0;
        for t in &snap.tenders {
            assert_eq!(changes(Kind::Tender, t, t), vec![]);
            let c = created(Kind::Tender, t);
            assert!(!c.at.is_empty() && matches!(c.change, Change::Created { title: Some(_), .. }), "{}", t["id"]);
            // One step back in status: exactly that status event, at the tender's `date`.
            let mut before = t.clone();
            before["status"] = json!("active.tendering");
            before["date"] = json!("2020-01-01T00:00:00+02:00");
            if t["status"] != "active.tendering" {
                let events = changes(Kind::Tender, &before, t);
                assert_eq!(events.len(), 1, "{}: {events:?}", t["id"]);
                assert_eq!(events[0].at, t["date"].as_str().unwrap());
            }
            // An award a step back: its status event, with its supplier.
            if let Some(a) = t["awards"][0].as_object().filter(|a| a["status"] != "pending") {
                let mut before = t.clone();
                before["awards"][0]["status"] = json!("pending");
                let events = changes(Kind::Tender, &before, t);
                assert!(
                    matches!(&events[..], [Event { change: Change::AwardStatus { from, to, supplier: Some(_), .. }, .. }]
                        if from.as_deref() == Some("pending") && to.as_deref() == a["status"].as_str()),
                    "{}: {events:?}",
                    t["id"]
                );
                awards += 1;
            }
        }
        assert!(awards > 1000, "{awards}");
        for p in &snap.plans {
            let mut next = p.clone();
            next["tender_id"] = json!("00099ec17718414a90b638730cb31d94");
            assert_eq!(names(&changes(Kind::Plan, p, &next)), ["tenderCreated"]);
            assert!(matches!(created(Kind::Plan, p).change, Change::Created { value: Some(_), .. }));
        }
    }

    // -- robustness -----------------------------------------------------------------------

    #[test]
    fn every_pair_of_real_records_diffs_in_order() {
        let Some(folder) = crate::shared_data::required("openprocurement-api") else { return };
        let mut docs = Vec::new();
        for dir in ["tenders", "plans", "contracts"] {
            for e in std::fs::read_dir(folder.join(dir)).unwrap() {
                docs.push(serde_json::from_str::<Value>(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap());
            }
        }
        for a in &docs {
            for b in &docs {
                for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
                    assert_sorted(&changes(kind, a, b));
                }
            }
            for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
                assert_sorted(&changes(kind, &Value::Null, a));
                let _ = changes(kind, a, &json!({}));
            }
        }
    }

    #[test]
    fn odd_input_never_panics() {
        let odd = [
            json!(null),
            json!(true),
            json!(1),
            json!("tender"),
            json!([]),
            json!([1, "a", null]),
            json!({}),
            json!({"status": 5, "dateModified": 7, "hasActiveMonitoring": "yes"}),
            json!({"awards": 5, "lots": "x", "questions": {}, "documents": [null, 1, []], "complaints": [[]]}),
            json!({"awards": [{"id": 1}, {"id": ""}, {"id": "a", "status": ["active"], "suppliers": "x"}],
                "contracts": [{"id": "c", "status": "active", "awardID": {"x": 1}, "value": {"amount": "1"}}]}),
            json!({"lots": [{"id": "l", "value": {"amount": 1e308}, "auctionPeriod": "soon"}],
                "tenderPeriod": {"endDate": "99999999999999999-01-01"}, "enquiryPeriod": {"endDate": ""}}),
            json!({"tenderPeriod": {"endDate": "2027-01-01T00:00+999999999999999999:00"}, "dateModified": "2027-13-45"}),
            json!({"documents": [{"id": "d", "dateModified": "x"}, {"id": "d", "dateModified": null, "title": 3}]}),
            json!({"changes": [{"id": "c", "rationaleTypes": "volumeCuts", "status": null}], "cancellation": []}),
        ];
        for kind in [Kind::Tender, Kind::Plan, Kind::Contract] {
            for a in &odd {
                let _ = created(kind, a);
                for b in &odd {
                    assert_sorted(&changes(kind, a, b));
                }
            }
        }
    }

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// The JSON pointers of every member of `v`.
    fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                    pointers(x, p.clone(), out);
                    out.push(p);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    let p = format!("{at}/{i}");
                    pointers(x, p.clone(), out);
                    out.push(p);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn mutated_real_records_never_panic() {
        let palette = [
            json!(null),
            json!(false),
            json!(0),
            json!(-1.5),
            json!(""),
            json!("garbage"),
            json!("2027-13-45"),
            json!("2027-01-02T03:04:05+02:00"),
            json!("99999999999999999-01-01"),
            json!("2027-01-01T00:00+999999999999999999:00"),
            json!("pending"),
            json!("active"),
            json!("cancelled"),
            json!([]),
            json!([1, "x", null, {}]),
            json!({}),
            json!({"id": 5}),
            json!({"id": "x", "status": "active", "date": "2027-01-01"}),
        ];
        let records = [
            ("tenders/esco__cancelled.json", Kind::Tender),
            ("tenders/closeFrameworkAgreementUA__complete.json", Kind::Tender),
            ("tenders/belowThreshold__active.auction.json", Kind::Tender),
            ("plans/plan__complete-centralized.json", Kind::Plan),
            ("contracts/contract__active-with-changes.json", Kind::Contract),
        ];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for (name, kind) in records {
            let real = load!(api(name));
            let mut paths = Vec::new();
            pointers(&real, String::new(), &mut paths);
            for _ in 0..200 {
                let mut m = real.clone();
                for _ in 0..1 + rng.below(5) {
                    let path = &paths[rng.below(paths.len())];
                    if rng.below(4) == 0 {
                        if let Some((parent, key)) = path.rsplit_once('/') {
                            match m.pointer_mut(parent) {
                                Some(Value::Object(o)) => {
                                    o.remove(&key.replace("~1", "/").replace("~0", "~"));
                                }
                                Some(Value::Array(a)) => {
                                    if let Ok(i) = key.parse::<usize>() {
                                        if i < a.len() {
                                            a.remove(i);
                                        }
                                    }
                                }
                                _ => {}
                            }
                        }
                    } else if let Some(x) = m.pointer_mut(path) {
                        *x = palette[rng.below(palette.len())].clone();
                    }
                }
                for k in [kind, Kind::Tender] {
                    assert_sorted(&changes(k, &real, &m));
                    assert_sorted(&changes(k, &m, &real));
                    assert_eq!(changes(k, &m, &m), vec![]);
                    let _ = created(k, &m);
                }
            }
        }
    }
}
