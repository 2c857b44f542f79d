//! The unit-price index (issue 47): every unit price the loaded records give
//! ([`indicators::prices`]), by CPV code, built with the search's other indexes and changed
//! with them when a record is replaced or added ([`crate::store::Data`]), so that a price
//! page answers from it and never scans the records (`upstream/API.md`, *Unit prices*).
//!
//! Prices are held column by column (amount, date, code, group, buyer, region, method), with
//! each price's reading ([`Observation`]) kept for the rows a page shows; a generated
//! tender's prices share its template's readings and hold only what the generation changes
//! (amounts, date, buyer, region). Codes map to their prices in a `BTreeMap`, so a code and
//! its children (a prefix of its digits) are one range.
//!
//! **Which records count.** Tenders (real, generated or mirrored) and contracts of the
//! contracts register; not the contracts a snapshot derives from its tenders' awards (copies
//! of the awards), not test records (`mode: "test"`), and of several stored documents with
//! one id (the API-documentation examples of one record in several states) only the one
//! lookups answer.
//!
//! **One purchase, one price.** A contract that gives a price stands for the award it was
//! signed on (`tender_id`, `awardID`): the award's price is put aside while such a contract
//! is held, whichever came first, and comes back when the contract goes.

pub mod api;

use crate::index::{Bitset, Index};
use crate::records::Kind;
use indicators::prices::{round_unit_price, Distribution, Observation, Party, Source};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

const NONE: u32 = u32::MAX;

/// Where a price comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A tender of the snapshot, of the extra folders or of a mirror: its reading is whole.
    Tender,
    /// A generated tender: its reading is its template's, with [`PriceIndex`]'s columns
    /// for what the generation changes.
    Generated,
    /// A contract of the contracts register.
    Contract,
}

impl Origin {
    fn kind(self) -> usize {
        match self {
            Origin::Tender | Origin::Generated => 0,
            Origin::Contract => 1,
        }
    }
}

/// Interned strings.
#[derive(Debug, Default)]
struct Names {
    ix: HashMap<Arc<str>, u32>,
    all: Vec<Arc<str>>,
}

impl Names {
    fn id(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.ix.get(s) {
            return i;
        }
        let a: Arc<str> = Arc::from(s);
        let i = self.all.len() as u32;
        self.all.push(a.clone());
        self.ix.insert(a, i);
        i
    }
    fn opt(&mut self, s: Option<&str>) -> u32 {
        s.map_or(NONE, |s| self.id(s))
    }
    fn find(&self, s: &str) -> Option<u32> {
        self.ix.get(s).copied()
    }
    fn get(&self, i: u32) -> Option<&str> {
        self.all.get(i as usize).map(|s| &**s)
    }
}

/// What makes prices comparable besides the code: the unit's code, the currency, the VAT
/// flag.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupKey {
    pub unit: Arc<str>,
    pub currency: Arc<str>,
    pub vat: Option<bool>,
}

/// What a generated tender changes of its template's prices (see [`crate::generate`]).
#[derive(Debug, Clone)]
pub struct Generated<'a> {
    /// The factor its amounts are scaled by.
    pub factor: f64,
    /// The shift of its dates.
    pub delta_ms: i64,
    /// Its procuring entity.
    pub buyer: &'a Party,
    pub region: &'a str,
}

/// The index of every unit price.
#[derive(Debug, Default)]
pub struct PriceIndex {
    amount: Vec<f64>,
    quantity: Vec<f64>,
    total: Vec<f64>,
    /// Epoch ms, `i64::MIN` when the price has no date.
    date: Vec<i64>,
    code: Vec<u32>,
    group: Vec<u32>,
    buyer: Vec<u32>,
    region: Vec<u32>,
    method: Vec<u32>,
    origin: Vec<Origin>,
    doc: Vec<u32>,
    reading: Vec<Arc<Observation>>,
    /// Prices no retired record gives and no contract stands for.
    live: Bitset,
    /// Prices of records replaced by a newer version.
    retired: Bitset,
    by_code: BTreeMap<u32, Vec<u32>>,
    /// Per register (tenders, contracts) and document number: its first price, or `NONE`
    /// (a document's prices are added together, so they follow one another).
    first: [Vec<u32>; 2],
    /// The purchases (tender id, award id; lowercase) contracts give prices of, with the
    /// number of live contract prices of each.
    contracted: HashMap<(Box<str>, Box<str>), u32>,
    /// Regions and methods.
    names: Names,
    /// Buyers' ids, and the name of each (the first met).
    buyers: Names,
    buyer_names: Vec<Arc<str>>,
    groups: Vec<GroupKey>,
    group_ix: HashMap<GroupKey, u32>,
    /// Unit names per group: (name, count), for the name a group is shown with.
    unit_names: Vec<BTreeMap<Arc<str>, u32>>,
}

fn date_ms(s: Option<&str>) -> i64 {
    s.and_then(crate::dates::parse).unwrap_or(i64::MIN)
}

impl PriceIndex {
    /// Number of prices held, retired and put aside ones included.
    pub fn len(&self) -> usize {
        self.amount.len()
    }

    pub fn is_empty(&self) -> bool {
        self.amount.is_empty()
    }

    /// Number of prices that count.
    pub fn live_count(&self) -> usize {
        self.live.count()
    }

    /// Whether price `i` counts.
    pub fn is_live(&self, i: u32) -> bool {
        self.live.get(i)
    }

    fn group_of(&mut self, o: &Observation) -> u32 {
        let key = GroupKey {
            unit: Arc::from(o.unit.code.as_str()),
            currency: Arc::from(o.currency.as_str()),
            vat: o.value_added_tax_included,
        };
        if let Some(&g) = self.group_ix.get(&key) {
            return g;
        }
        let g = self.groups.len() as u32;
        self.groups.push(key.clone());
        self.group_ix.insert(key, g);
        self.unit_names.push(BTreeMap::new());
        g
    }

    fn buyer_of(&mut self, p: &Party) -> u32 {
        let Some(id) = p.id.as_deref() else { return NONE };
        let i = self.buyers.id(id);
        if i as usize == self.buyer_names.len() {
            self.buyer_names.push(Arc::from(p.name.as_deref().unwrap_or_default()));
        }
        i
    }

    fn set_first(&mut self, origin: Origin, doc: u32, i: u32) {
        let v = &mut self.first[origin.kind()];
        if v.len() <= doc as usize {
            v.resize(doc as usize + 1, NONE);
        }
        if v[doc as usize] == NONE {
            v[doc as usize] = i;
        }
    }

    /// Appends one price; `live` says whether it counts.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        origin: Origin,
        doc: u32,
        reading: Arc<Observation>,
        amount: f64,
        total: f64,
        date: i64,
        buyer: &Party,
        region: Option<&str>,
        live: bool,
    ) {
        let i = self.amount.len() as u32;
        let code = reading.code();
        let group = self.group_of(&reading);
        if let Some(name) = reading.unit.name.as_deref() {
            *self.unit_names[group as usize].entry(Arc::from(name)).or_default() += 1;
        }
        let buyer = self.buyer_of(buyer);
        let region = self.names.opt(region);
        let method = self.names.opt(reading.procurement_method_type.as_deref());
        // `+ 0.0` makes a negative zero a zero, so amounts' bits order as the numbers do.
        self.amount.push(amount + 0.0);
        self.quantity.push(reading.quantity);
        self.total.push(total);
        self.date.push(date);
        self.code.push(code);
        self.group.push(group);
        self.buyer.push(buyer);
        self.region.push(region);
        self.method.push(method);
        self.origin.push(origin);
        self.doc.push(doc);
        self.reading.push(reading);
        if live {
            self.live.set(i);
        }
        self.by_code.entry(code).or_default().push(i);
        self.set_first(origin, doc, i);
    }

    /// The prices of document `doc` of a register (0 tenders, 1 contracts).
    fn of_doc(&self, kind: usize, doc: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.first[kind].get(doc as usize).copied().unwrap_or(NONE);
        let n = self.amount.len() as u32;
        (first..if first == NONE { first } else { n })
            .take_while(move |&i| self.doc[i as usize] == doc && self.origin[i as usize].kind() == kind)
    }

    /// The prices of one document, as indexes.
    pub fn prices_of(&self, kind: Kind, doc: u32) -> Vec<u32> {
        match kind {
            Kind::Tender => self.of_doc(0, doc).collect(),
            Kind::Contract => self.of_doc(1, doc).collect(),
            Kind::Plan => Vec::new(),
        }
    }

    /// Adds the prices of tender `doc` (a real or mirrored record's whole reading).
    pub fn add_tender(&mut self, doc: u32, prices: impl IntoIterator<Item = Arc<Observation>>) {
        for o in prices {
            let given_way = o.purchase().is_some_and(|(t, a)| self.contracted.contains_key(&(t.into(), a.into())));
            let (amount, total, date) = (o.amount, o.total, date_ms(o.date.as_deref()));
            let (buyer, region) = (o.buyer.clone(), o.region.clone());
            self.push(Origin::Tender, doc, o, amount, total, date, &buyer, region.as_deref(), !given_way);
        }
    }

    /// Adds the prices of generated tender `doc`: its template's (`template`), changed as
    /// the generation changes the template's JSON ([`crate::generate::apply_json`]).
    pub fn add_generated(&mut self, doc: u32, template: &[Arc<Observation>], g: &Generated<'_>) {
        for o in template {
            let (amount, total) = generated_amounts(o, g.factor);
            let date = date_ms(o.date.as_deref());
            let date = if date == i64::MIN { date } else { date + g.delta_ms };
            self.push(Origin::Generated, doc, o.clone(), amount, total, date, g.buyer, Some(g.region), true);
        }
    }

    /// Adds the prices of contract `doc`; each purchase it prices puts the award's price of
    /// that purchase aside (`tenders` finds the tender by its id).
    pub fn add_contract(&mut self, doc: u32, prices: Vec<Observation>, tenders: &Index) {
        for o in prices {
            if let Some((t, a)) = o.purchase() {
                let n = self.contracted.entry((t.clone().into(), a.clone().into())).or_default();
                *n += 1;
                if *n == 1 {
                    self.set_award_live(&t, &a, false, tenders);
                }
            }
            let (amount, total, date) = (o.amount, o.total, date_ms(o.date.as_deref()));
            let (buyer, region) = (o.buyer.clone(), o.region.clone());
            self.push(Origin::Contract, doc, Arc::new(o), amount, total, date, &buyer, region.as_deref(), true);
        }
    }

    /// Puts aside (or back) the award prices of one purchase.
    fn set_award_live(&mut self, tender: &str, award: &str, live: bool, tenders: &Index) {
        let Some(d) = tenders.lookup(tender) else { return };
        let ids: Vec<u32> = self
            .of_doc(0, d)
            .filter(|&i| self.reading[i as usize].award_id.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(award)))
            .collect();
        for i in ids {
            if live && !self.retired.get(i) {
                self.live.set(i);
            } else if !live {
                self.live.clear(i);
            }
        }
    }

    /// Retires the prices of document `doc` of `kind` (replaced by a newer version): they
    /// stop counting; a contract's give their purchases' award prices back.
    pub fn retire(&mut self, kind: Kind, doc: u32, tenders: &Index) {
        let k = match kind {
            Kind::Tender => 0,
            Kind::Contract => 1,
            Kind::Plan => return,
        };
        let ids: Vec<u32> = self.of_doc(k, doc).filter(|&i| !self.retired.get(i)).collect();
        for i in ids {
            self.retired.set(i);
            self.live.clear(i);
            if k == 1 {
                if let Some((t, a)) = self.reading[i as usize].purchase() {
                    let key: (Box<str>, Box<str>) = (t.clone().into(), a.clone().into());
                    if let Some(n) = self.contracted.get_mut(&key) {
                        *n -= 1;
                        if *n == 0 {
                            self.contracted.remove(&key);
                            self.set_award_live(&t, &a, true, tenders);
                        }
                    }
                }
            }
        }
    }

    /// Price `i`: its amount, quantity, total and date (epoch ms, `None` when unknown).
    pub fn figures(&self, i: u32) -> (f64, f64, f64, Option<i64>) {
        let i = i as usize;
        let d = self.date[i];
        (self.amount[i], self.quantity[i], self.total[i], (d != i64::MIN).then_some(d))
    }

    /// Price `i`'s reading (a generated tender's: its template's).
    pub fn reading(&self, i: u32) -> &Observation {
        &self.reading[i as usize]
    }

    /// Price `i`'s origin and document number.
    pub fn source(&self, i: u32) -> (Origin, u32) {
        (self.origin[i as usize], self.doc[i as usize])
    }

    /// Price `i`'s eight-digit code.
    pub fn code(&self, i: u32) -> u32 {
        self.code[i as usize]
    }

    /// Price `i`'s group.
    pub fn group(&self, i: u32) -> u32 {
        self.group[i as usize]
    }

    /// A group's key.
    pub fn group_key(&self, g: u32) -> &GroupKey {
        &self.groups[g as usize]
    }

    /// The unit name most prices of a group give (of equal counts, the first in order).
    pub fn unit_name(&self, g: u32) -> Option<&str> {
        let names = self.unit_names.get(g as usize)?;
        names
            .iter()
            .fold(None, |best: Option<(&Arc<str>, u32)>, (n, &c)| match best {
                Some((_, bc)) if bc >= c => best,
                _ => Some((n, c)),
            })
            .map(|(n, _)| &**n)
    }

    /// Price `i`'s buyer (id, name).
    pub fn buyer(&self, i: u32) -> Option<(&str, &str)> {
        let b = self.buyer[i as usize];
        Some((self.buyers.get(b)?, self.buyer_names.get(b as usize).map_or("", |n| &**n)))
    }

    /// Price `i`'s buyer as a number (`u32::MAX` when it has none).
    pub fn buyer_number(&self, i: u32) -> u32 {
        self.buyer[i as usize]
    }

    /// A buyer's (id, name) by number.
    pub fn buyer_by_number(&self, b: u32) -> Option<(&str, &str)> {
        Some((self.buyers.get(b)?, self.buyer_names.get(b as usize).map_or("", |n| &**n)))
    }

    /// Price `i`'s region and method.
    pub fn region_and_method(&self, i: u32) -> (Option<&str>, Option<&str>) {
        (self.names.get(self.region[i as usize]), self.names.get(self.method[i as usize]))
    }

    /// The live prices whose code lies in `lo..hi` (eight-digit numbers) and that `keep`
    /// keeps, ascending.
    pub fn select(&self, lo: u32, hi: u32, mut keep: impl FnMut(u32) -> bool) -> Vec<u32> {
        let mut out = Vec::new();
        for (_, ids) in self.by_code.range(lo..hi) {
            out.extend(ids.iter().copied().filter(|&i| self.live.get(i) && keep(i)));
        }
        out
    }

    /// Calls `f` with each live price whose code lies in `lo..hi`, ascending by code.
    pub fn for_each_live(&self, lo: u32, hi: u32, mut f: impl FnMut(u32)) {
        for (_, ids) in self.by_code.range(lo..hi) {
            ids.iter().copied().filter(|&i| self.live.get(i)).for_each(&mut f);
        }
    }

    /// The live prices whose code lies in `lo..hi`, counted per group, without `skip`'s.
    pub fn count_groups(&self, lo: u32, hi: u32, mut skip: impl FnMut(u32) -> bool) -> HashMap<u32, usize> {
        let mut out: HashMap<u32, usize> = HashMap::new();
        for (_, ids) in self.by_code.range(lo..hi) {
            for &i in ids {
                if self.live.get(i) && !skip(i) {
                    *out.entry(self.group[i as usize]).or_default() += 1;
                }
            }
        }
        out
    }

    /// The number of a region or method name, when any price names it.
    pub fn name_number(&self, s: &str) -> Option<u32> {
        self.names.find(s)
    }

    /// Price `i`'s region and method as numbers (`u32::MAX`: none).
    pub fn region_method_numbers(&self, i: u32) -> (u32, u32) {
        (self.region[i as usize], self.method[i as usize])
    }

    /// Price `i`'s date (epoch ms; `i64::MIN` when unknown).
    pub fn date_key(&self, i: u32) -> i64 {
        self.date[i as usize]
    }

    /// Price `i`'s amount.
    pub fn amount(&self, i: u32) -> f64 {
        self.amount[i as usize]
    }

    /// The groups' number.
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The distribution of some prices.
    pub fn distribution(&self, ids: &[u32]) -> Option<Distribution> {
        let mut v: Vec<f64> = ids.iter().map(|&i| self.amount[i as usize]).collect();
        v.sort_unstable_by(f64::total_cmp);
        Distribution::of_sorted(&v)
    }

    /// Whether price `i` comes from a contract.
    pub fn is_contract(&self, i: u32) -> bool {
        self.reading[i as usize].source == Source::Contract
    }
}

/// A generated tender's price and award value: the template's value scaled as the
/// generator scales every amount (to the kopeck), divided again.
pub fn generated_amounts(o: &Observation, factor: f64) -> (f64, f64) {
    let total = crate::generate::scale(o.total, factor);
    (round_unit_price(total / o.quantity), total)
}

/// The code range (`lo..hi`, eight-digit numbers) of the codes that start with `prefix`
/// (digits only, 1 to 8 of them).
pub fn code_range(prefix: &str) -> (u32, u32) {
    let p: u32 = prefix.parse().unwrap_or(0);
    let scale = 10u32.pow(8 - prefix.len().min(8) as u32);
    (p * scale, (p + 1) * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_ranges_cover_children() {
        assert_eq!(code_range("33"), (33_000_000, 34_000_000));
        assert_eq!(code_range("3314"), (33_140_000, 33_150_000));
        assert_eq!(code_range("33141420"), (33_141_420, 33_141_421));
        assert_eq!(code_range("03"), (3_000_000, 4_000_000));
    }
}
