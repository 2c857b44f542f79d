//! A read-only view of a Prozorro tender: the competitions it holds (one per lot, or the
//! whole tender), each with its submitted bids, awards and disqualifications. Wrong types
//! read as absent; only a record whose lists are not lists is malformed.

use serde_json::{Map, Value};

use crate::settings::{method_group, MethodGroup};

type Object = Map<String, Value>;

pub(crate) fn text<'a>(o: &'a Object, key: &str) -> Option<&'a str> {
    o.get(key)?.as_str()
}

fn object<'a>(o: &'a Object, key: &str) -> Option<&'a Object> {
    o.get(key)?.as_object()
}

/// A list field: `Ok(None)` when absent or null, `Err` when present with another type.
fn list<'a>(o: &'a Object, key: &str) -> Result<Option<&'a Vec<Value>>, ()> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(a)) => Ok(Some(a)),
        Some(_) => Err(()),
    }
}

fn objects(list: Option<&Vec<Value>>) -> impl Iterator<Item = &Object> {
    list.into_iter().flatten().filter_map(Value::as_object)
}

/// An organisation: a tenderer or a supplier.
#[derive(Debug, Clone)]
pub(crate) struct Party<'a> {
    /// `scheme:id` of the identifier, or `name:…` when there is none: what makes two parties
    /// the same.
    pub key: String,
    pub name: Option<&'a str>,
    pub id: Option<&'a str>,
}

fn party(v: &Value) -> Option<Party<'_>> {
    let o = v.as_object()?;
    let name = text(o, "name").map(str::trim).filter(|s| !s.is_empty());
    let identifier = object(o, "identifier");
    let id = identifier.and_then(|i| text(i, "id")).map(str::trim).filter(|s| !s.is_empty());
    let key = match id {
        Some(id) => format!("{}:{id}", identifier.and_then(|i| text(i, "scheme")).unwrap_or("")),
        None => format!("name:{}", name?),
    };
    Some(Party { key, name, id })
}

fn parties<'a>(o: &'a Object, key: &str) -> Vec<Party<'a>> {
    o.get(key).and_then(Value::as_array).into_iter().flatten().filter_map(party).collect()
}

/// Where a bid stands, apart from disqualification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Standing {
    /// `active` (or no status): in the competition.
    Active,
    /// `pending`: not qualified yet (pre-qualification).
    Pending,
    /// `unsuccessful` without a disqualification: the lot or tender failed (too few bids,
    /// a cancelled lot during pre-qualification).
    Inactive,
}

/// Bid and lot value statuses: `None` for a bid that does not count as submitted (draft,
/// deleted, invalid: invalidated by a change of the tender and not confirmed again,
/// invalid.pre-qualification, and anything else).
fn standing(status: Option<&Value>) -> Option<Standing> {
    match status {
        None | Some(Value::Null) => Some(Standing::Active),
        Some(v) => match v.as_str()? {
            "active" => Some(Standing::Active),
            "pending" => Some(Standing::Pending),
            "unsuccessful" => Some(Standing::Inactive),
            _ => None,
        },
    }
}

/// Where the record says a bid was disqualified.
#[derive(Debug, Clone, Default)]
pub(crate) struct Disqualification<'a> {
    pub award_id: Option<&'a str>,
    pub qualification_id: Option<&'a str>,
    pub date: Option<&'a str>,
}

/// A submitted bid in one competition (a bid with several lot values is one entry per lot).
#[derive(Debug, Clone)]
pub(crate) struct Entry<'a> {
    pub bid_id: Option<&'a str>,
    pub tenderers: Vec<Party<'a>>,
    pub amount: Option<f64>,
    pub currency: Option<&'a str>,
    /// The lot value's `date`, else the bid's `submissionDate`, else its `date`.
    pub date: Option<&'a str>,
    pub standing: Standing,
    pub disqualified: Option<Disqualification<'a>>,
}

impl<'a> Entry<'a> {
    /// Valid in Cardinal's sense: in the competition and not disqualified.
    pub fn is_valid(&self) -> bool {
        self.standing == Standing::Active && self.disqualified.is_none()
    }

    /// The tenderers as one key (a joint bid's keys together).
    pub fn tenderers_key(&self) -> String {
        let mut keys: Vec<&str> = self.tenderers.iter().map(|p| p.key.as_str()).collect();
        keys.sort_unstable();
        keys.dedup();
        match keys.is_empty() {
            true => format!("bid:{}", self.bid_id.unwrap_or("")),
            false => keys.join("|"),
        }
    }

    pub fn first_tenderer(&self) -> Option<&Party<'a>> {
        self.tenderers.first()
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Award<'a> {
    pub id: Option<&'a str>,
    pub status: Option<&'a str>,
    pub bid_id: Option<&'a str>,
    pub suppliers: Vec<Party<'a>>,
    pub date: Option<&'a str>,
}

impl Award<'_> {
    pub fn is(&self, status: &str) -> bool {
        self.status == Some(status)
    }
}

/// One competition: a lot, or the whole tender when it has no lots.
#[derive(Debug, Clone)]
pub(crate) struct Unit<'a> {
    pub lot_id: Option<&'a str>,
    pub lot_status: Option<&'a str>,
    pub entries: Vec<Entry<'a>>,
    pub awards: Vec<Award<'a>>,
}

impl<'a> Unit<'a> {
    /// The entry an award is for: by `bid_id`, else the lowest-priced entry whose tenderers
    /// include all the award's suppliers.
    pub fn entry_of(&self, award: &Award<'_>) -> Option<usize> {
        if let Some(bid_id) = award.bid_id {
            return self.entries.iter().position(|e| e.bid_id == Some(bid_id));
        }
        if award.suppliers.is_empty() {
            return None;
        }
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| award.suppliers.iter().all(|s| e.tenderers.iter().any(|t| t.key == s.key)))
            .min_by(|(_, a), (_, b)| a.amount.unwrap_or(f64::INFINITY).total_cmp(&b.amount.unwrap_or(f64::INFINITY)))
            .map(|(i, _)| i)
    }

    pub fn active_awards(&self) -> impl Iterator<Item = &Award<'a>> {
        self.awards.iter().filter(|a| a.is("active"))
    }
}

/// The record.
#[derive(Debug, Clone)]
pub(crate) struct Record<'a> {
    pub status: Option<&'a str>,
    pub method: Option<&'a str>,
    pub group: Option<MethodGroup>,
    /// `awardCriteria`: `Some(None)` when present but not a string.
    pub award_criteria: Option<Option<&'a str>>,
    pub has_features: bool,
    pub tender_period: Option<&'a Object>,
    /// The record has a non-empty `bids` list.
    pub bids_published: bool,
    pub units: Vec<Unit<'a>>,
    /// The tender has lots and all of them are cancelled.
    pub all_lots_cancelled: bool,
}

impl<'a> Record<'a> {
    pub fn read(tender: &'a Value) -> Result<Record<'a>, ()> {
        let t = tender.as_object().ok_or(())?;
        let bids = list(t, "bids")?;
        let awards = list(t, "awards")?;
        let lots = list(t, "lots")?;
        let qualifications = list(t, "qualifications")?;

        let method = text(t, "procurementMethodType");
        let group = match text(t, "procurementMethod") {
            Some("open") => Some(MethodGroup::Open),
            Some("selective") => Some(MethodGroup::Selective),
            Some("limited") => Some(MethodGroup::Limited),
            _ => method.and_then(method_group),
        };

        let awards: Vec<(Option<&str>, Award<'_>)> = objects(awards)
            .map(|a| {
                let award = Award {
                    id: text(a, "id"),
                    status: text(a, "status"),
                    bid_id: text(a, "bid_id"),
                    suppliers: parties(a, "suppliers"),
                    date: text(a, "date"),
                };
                (text(a, "lotID"), award)
            })
            .collect();

        // (bid id, lot id) → disqualification: unsuccessful pre-qualifications, then
        // unsuccessful awards (a bid can only reach an award once qualified).
        let mut disqualifications: Vec<(&str, Option<&str>, Disqualification<'_>)> = Vec::new();
        for q in objects(qualifications) {
            if let (Some("unsuccessful"), Some(bid)) = (text(q, "status"), text(q, "bidID")) {
                let d = Disqualification { award_id: None, qualification_id: text(q, "id"), date: text(q, "date") };
                disqualifications.push((bid, text(q, "lotID"), d));
            }
        }
        for (lot, a) in &awards {
            if let (true, Some(bid)) = (a.is("unsuccessful"), a.bid_id) {
                let d = Disqualification { award_id: a.id, qualification_id: None, date: a.date };
                disqualifications.push((bid, *lot, d));
            }
        }

        let bid_objects: Vec<&Object> = objects(bids).collect();
        let mut units = Vec::new();
        let lot_objects: Vec<&Object> = objects(lots).collect();
        let has_lots = !lot_objects.is_empty();
        for lot in &lot_objects {
            let Some(lot_id) = text(lot, "id") else { continue };
            let lot_status = text(lot, "status");
            if lot_status == Some("cancelled") {
                continue;
            }
            units.push(Unit {
                lot_id: Some(lot_id),
                lot_status,
                entries: Vec::new(),
                awards: awards.iter().filter(|(l, _)| *l == Some(lot_id)).map(|(_, a)| a.clone()).collect(),
            });
        }
        // Lots, none of them usable: cancelled if they all are, malformed otherwise (no ids).
        let all_lots_cancelled = has_lots && units.is_empty();
        if all_lots_cancelled && lot_objects.iter().any(|l| text(l, "status") != Some("cancelled")) {
            return Err(());
        }
        if !has_lots {
            units.push(Unit {
                lot_id: None,
                lot_status: None,
                entries: Vec::new(),
                awards: awards.into_iter().map(|(_, a)| a).collect(),
            });
        }

        for bid in &bid_objects {
            let Some(bid_standing) = standing(bid.get("status")) else { continue };
            let bid_id = text(bid, "id");
            let tenderers = parties(bid, "tenderers");
            let bid_date = text(bid, "submissionDate").or_else(|| text(bid, "date"));
            for unit in units.iter_mut() {
                let (value, lot_standing, date) = match unit.lot_id {
                    None => (object(bid, "value"), Some(Standing::Active), bid_date),
                    Some(lot_id) => {
                        let lot_value = bid
                            .get("lotValues")
                            .and_then(Value::as_array)
                            .into_iter()
                            .flatten()
                            .filter_map(Value::as_object)
                            .find(|lv| text(lv, "relatedLot") == Some(lot_id));
                        let Some(lv) = lot_value else { continue };
                        (object(lv, "value"), standing(lv.get("status")), text(lv, "date").or(bid_date))
                    }
                };
                let Some(lot_standing) = lot_standing else { continue };
                let disqualified = bid_id.and_then(|id| {
                    disqualifications
                        .iter()
                        .find(|(b, l, _)| *b == id && (unit.lot_id.is_none() || *l == unit.lot_id))
                        .map(|(_, _, d)| d.clone())
                });
                unit.entries.push(Entry {
                    bid_id,
                    tenderers: tenderers.clone(),
                    amount: value.and_then(|v| v.get("amount")?.as_f64()).filter(|a| a.is_finite()),
                    currency: value.and_then(|v| text(v, "currency")),
                    date,
                    standing: bid_standing.max(lot_standing),
                    disqualified,
                });
            }
        }

        Ok(Record {
            status: text(t, "status"),
            method,
            group,
            award_criteria: t.get("awardCriteria").filter(|v| !v.is_null()).map(Value::as_str),
            has_features: t.get("features").and_then(Value::as_array).is_some_and(|f| !f.is_empty()),
            tender_period: object(t, "tenderPeriod"),
            bids_published: bids.is_some_and(|b| !b.is_empty()),
            units,
            all_lots_cancelled,
        })
    }

    /// The tender is over (no further awards will come).
    pub fn is_final(&self) -> bool {
        matches!(self.status, Some("complete" | "unsuccessful" | "cancelled"))
    }
}
