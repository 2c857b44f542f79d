//! In-memory indexes over one collection, built once at start-up, so a filtered, sorted
//! search costs a few bitset operations instead of a scan:
//! - dense bitsets per value of the faceted fields (status, method type, region, CPV
//!   division): they answer those filters and give facet counts by AND + popcount;
//! - sorted posting lists for every other array filter;
//! - the keyword's text index (`crate::text`, tantivy);
//! - per-field orders (document numbers sorted by value) for ranges and sorting.

use crate::query::{cpv_prefix, deadline_order, final_statuses, is_org_code, ListKey, SearchQuery, SortKey};
use crate::records::Fields;
use crate::text::{Analyzer, Compiled, TextDoc, TextIndex, TextIndexBuilder};
use std::collections::{BTreeMap, HashMap};

/// A fixed-size set of document numbers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bitset(pub Vec<u64>);

impl Bitset {
    pub fn empty(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }
    pub fn full(n: usize) -> Self {
        let mut b = Self(vec![u64::MAX; n.div_ceil(64)]);
        if !n.is_multiple_of(64) {
            if let Some(last) = b.0.last_mut() {
                *last = (1u64 << (n % 64)) - 1;
            }
        }
        b
    }
    /// Sets bit `i`, growing the set when `i` is past its end (a live index appends).
    #[inline]
    pub fn set(&mut self, i: u32) {
        let w = i as usize / 64;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (i % 64);
    }
    /// Clears bit `i` (nothing when it is past the end).
    #[inline]
    pub fn clear(&mut self, i: u32) {
        if let Some(w) = self.0.get_mut(i as usize / 64) {
            *w &= !(1 << (i % 64));
        }
    }
    #[inline]
    pub fn get(&self, i: u32) -> bool {
        self.0.get(i as usize / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    /// Keeps the members also in `o` (a shorter `o` has no members past its end).
    pub fn and(&mut self, o: &Bitset) {
        self.0.iter_mut().enumerate().for_each(|(i, a)| *a &= o.0.get(i).copied().unwrap_or(0));
    }
    pub fn and_not(&mut self, o: &Bitset) {
        self.0.iter_mut().zip(&o.0).for_each(|(a, b)| *a &= !b);
    }
    pub fn or(&mut self, o: &Bitset) {
        if o.0.len() > self.0.len() {
            self.0.resize(o.0.len(), 0);
        }
        self.0.iter_mut().zip(&o.0).for_each(|(a, b)| *a |= b);
    }
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn count_and(&self, o: &Bitset) -> usize {
        self.0.iter().zip(&o.0).map(|(a, b)| (a & b).count_ones() as usize).sum()
    }
    /// Set members in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros();
                w &= w - 1;
                Some(wi as u32 * 64 + t)
            })
        })
    }
}

/// A faceted field: one bitset per distinct value.
#[derive(Debug, Default)]
pub struct Facet {
    pub values: Vec<String>,
    pub bits: Vec<Bitset>,
    by_value: HashMap<String, usize>,
}

impl Facet {
    fn add(&mut self, value: &str, doc: u32, n: usize) {
        let i = match self.by_value.get(value) {
            Some(&i) => i,
            None => {
                self.values.push(value.to_string());
                self.bits.push(Bitset::empty(n));
                self.by_value.insert(value.to_string(), self.values.len() - 1);
                self.values.len() - 1
            }
        };
        self.bits[i].set(doc);
    }
    fn get(&self, value: &str) -> Option<&Bitset> {
        self.by_value.get(value).map(|&i| &self.bits[i])
    }
    /// Counts of every value within `set`, largest first (zero counts dropped).
    pub fn counts(&self, set: &Bitset) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> = self
            .values
            .iter()
            .zip(&self.bits)
            .map(|(v, b)| (v.clone(), set.count_and(b)))
            .filter(|(_, c)| *c > 0)
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }
}

/// Sorted key → ascending document numbers.
type Postings = BTreeMap<Box<str>, Vec<u32>>;

fn post(p: &mut Postings, key: &str, doc: u32) {
    match p.get_mut(key) {
        Some(v) => {
            if v.last() != Some(&doc) {
                v.push(doc)
            }
        }
        None => {
            p.insert(key.into(), vec![doc]);
        }
    }
}

/// A numeric column with documents ordered by it (missing values first).
#[derive(Debug, Default)]
struct Column {
    key: Vec<f64>,
    order: Vec<u32>,
}

/// A column key's rank: missing (NaN) sorts first.
fn rank(k: f64) -> f64 {
    if k.is_nan() {
        f64::NEG_INFINITY
    } else {
        k
    }
}

impl Column {
    #[cfg(test)]
    fn build(key: Vec<f64>) -> Self {
        let mut c = Self { key, order: Vec::new() };
        c.sort_from(0);
        c
    }
    /// Puts documents `from..` (appended since the order was last made) into the order:
    /// they are sorted among themselves and merged in, one pass over the order.
    fn sort_from(&mut self, from: usize) {
        let key = &self.key;
        let by = |a: &u32, b: &u32| rank(key[*a as usize]).total_cmp(&rank(key[*b as usize])).then(a.cmp(b));
        let mut new: Vec<u32> = (from as u32..key.len() as u32).collect();
        new.sort_by(by);
        if self.order.is_empty() {
            self.order = new;
            return;
        }
        // Each new document's place is found by binary search, and the runs of the old
        // order between are copied whole: a page of changes into a million documents
        // costs a few thousand comparisons and one copy, not a million comparisons.
        let old = std::mem::take(&mut self.order);
        let mut merged = Vec::with_capacity(old.len() + new.len());
        let mut i = 0;
        for d in new {
            let k = i + old[i..].partition_point(|o| by(o, &d).is_le());
            merged.extend_from_slice(&old[i..k]);
            merged.push(d);
            i = k;
        }
        merged.extend_from_slice(&old[i..]);
        self.order = merged;
    }
    /// Documents with `from <= key <= to` (NaN = missing never matches).
    fn range(&self, from: Option<f64>, to: Option<f64>, out: &mut Bitset) {
        let lo = self.order.partition_point(|&d| {
            let k = self.key[d as usize];
            k.is_nan() || k == f64::NEG_INFINITY || from.is_some_and(|f| k < f)
        });
        let hi = self.order.partition_point(|&d| {
            let k = self.key[d as usize];
            k.is_nan() || k == f64::NEG_INFINITY || to.is_none_or(|t| k <= t)
        });
        for &d in &self.order[lo..hi.max(lo)] {
            out.set(d);
        }
    }
}

/// The result of one search over an index.
#[derive(Debug)]
pub struct Hits {
    pub total: usize,
    /// Document numbers of the requested page, in order.
    pub page: Vec<u32>,
    pub facets: Vec<(&'static str, Vec<(String, usize)>)>,
    /// The order applied.
    pub sort: SortKey,
    /// The keyword as compiled (its terms mark the matched words), when there was one.
    pub keyword: Option<Compiled>,
}

/// Every index of one collection.
#[derive(Debug, Default)]
pub struct Index {
    pub n: usize,
    pub status: Facet,
    pub method_type: Facet,
    pub region: Facet,
    pub division: Facet,
    /// Plans' `planYear` (empty for the other kinds).
    pub plan_year: Facet,
    /// Whether answers carry the `planYear` facet (plans).
    year_facet: bool,
    /// Tenders: the integrity indicators raised (`R018`…, `any`).
    pub red_flag: Facet,
    /// Tenders: the indicators that could be computed (raised or clear).
    pub flag_checked: Facet,
    /// Whether answers carry the `redFlag` facet (tenders).
    flag_facet: bool,
    lists: HashMap<ListKey, Postings>,
    text: Option<TextIndex>,
    /// Lowercase id or human id → the last document loaded with it.
    ids: HashMap<String, u32>,
    /// The few keys several documents share (versions of one API-documentation example):
    /// every such document in load order.
    shared_ids: HashMap<String, Vec<u32>>,
    monitoring: Bitset,
    test: Bitset,
    /// Documents replaced by a newer version of their record (a live index): no search
    /// finds them, no lookup names them.
    dead: Bitset,
    value: Column,
    /// Per document, its value's currency: an index into `currencies`.
    currency: Vec<u16>,
    /// Distinct currencies, in order of first appearance.
    pub currencies: Vec<String>,
    created: Column,
    modified: Column,
    starts: Vec<Column>,
    ends: Vec<Column>,
    /// Tenders' submission deadlines (`tenderPeriod.endDate`).
    deadline: Column,
}

/// Builds an [`Index`] from documents fed in order.
pub struct IndexBuilder {
    ix: Index,
    n: usize,
    text: Option<TextIndexBuilder>,
}

impl IndexBuilder {
    /// A builder for exactly `n` documents whose keyword text `analyzer` reads.
    pub fn new(n: usize, analyzer: Analyzer) -> Self {
        let text = TextIndexBuilder::new(analyzer, n)
            .inspect_err(|e| tracing::error!(error = %e, "keyword index not built: keywords find ids only"))
            .ok();
        let mut ix = Index { currency: Vec::with_capacity(n), ..Default::default() };
        for c in ix.columns_mut() {
            c.key.reserve(n);
        }
        ix.monitoring = Bitset::empty(n);
        ix.test = Bitset::empty(n);
        Self { ix, n, text }
    }

    /// A builder for exactly `n` documents without a keyword index: a mirror's, whose
    /// keyword index is kept in its store ([`Index::set_text`]).
    pub fn without_text(n: usize) -> Self {
        let mut ix = Index { currency: Vec::with_capacity(n), ..Default::default() };
        for c in ix.columns_mut() {
            c.key.reserve(n);
        }
        ix.monitoring = Bitset::empty(n);
        ix.test = Bitset::empty(n);
        ix.dead = Bitset::empty(n);
        Self { ix, n, text: None }
    }

    /// Adds the next document as one replaced by a newer version (a number the store no
    /// longer holds): no search or lookup finds it.
    pub fn add_dead(&mut self) {
        let d = self.ix.n as u32;
        self.ix.push(&Fields::default(), &[]);
        self.ix.dead.set(d);
    }

    /// Answers carry the `planYear` facet (the plans' index).
    pub fn with_plan_year_facet(mut self) -> Self {
        self.ix.year_facet = true;
        self
    }

    /// Answers carry the `redFlag` facet (the tenders' index).
    pub fn with_red_flag_facet(mut self) -> Self {
        self.ix.flag_facet = true;
        self
    }

    /// Adds the next document; `divisions` are its CPV division codes.
    pub fn add(&mut self, f: &Fields, divisions: &[String]) {
        self.ix.push(f, divisions);
        if let Some(t) = &mut self.text {
            t.add(TextDoc { title: &f.title, buyer: &f.organizer_text, body: &f.text });
        }
    }

    /// Finishes the index.
    pub fn finish(mut self) -> Index {
        assert_eq!(self.ix.n, self.n, "index builder fed a different number of documents");
        for c in self.ix.columns_mut() {
            c.sort_from(0);
        }
        self.ix.text = self.text.and_then(|t| {
            t.finish()
                .inspect_err(|e| tracing::error!(error = %e, "keyword index not built: keywords find ids only"))
                .ok()
        });
        self.ix
    }
}

/// One record's new version for [`Index::apply`]: its fields and CPV divisions.
pub struct Added<'a> {
    pub fields: &'a Fields,
    pub divisions: &'a [String],
}

impl Index {
    fn columns_mut(&mut self) -> impl Iterator<Item = &mut Column> {
        [&mut self.value, &mut self.created, &mut self.modified, &mut self.deadline]
            .into_iter()
            .chain(self.starts.iter_mut())
            .chain(self.ends.iter_mut())
    }

    /// Appends one document's facets, postings, ids and column keys (not yet in the
    /// columns' orders, nor in the text index).
    fn push(&mut self, f: &Fields, divisions: &[String]) {
        if self.starts.is_empty() {
            self.starts = (0..5).map(|_| Column::default()).collect();
            self.ends = (0..5).map(|_| Column::default()).collect();
        }
        let d = self.n as u32;
        self.n += 1;
        let n = self.n;
        self.status.add(&f.status, d, n);
        if !f.method_type.is_empty() {
            self.method_type.add(&f.method_type, d, n);
        }
        if !f.region.is_empty() {
            self.region.add(&f.region, d, n);
        }
        for div in divisions {
            self.division.add(div, d, n);
        }
        for code in &f.red_flags {
            self.red_flag.add(code, d, n);
        }
        for code in &f.flags_checked {
            self.flag_checked.add(code, d, n);
        }
        let lists = &mut self.lists;
        let mut put = |key: ListKey, vals: &[String]| {
            let p = lists.entry(key).or_default();
            for v in vals {
                post(p, v, d);
            }
        };
        put(ListKey::Classification, &f.cpv);
        for (scheme, id) in &f.additional {
            let key = match scheme.as_str() {
                "road" => ListKey::Road,
                "gmdn" => ListKey::Gmdn,
                "inn" => ListKey::Inn,
                _ => ListKey::CcceUa,
            };
            put(key, std::slice::from_ref(id));
        }
        put(ListKey::Organizer, &f.organizer);
        put(ListKey::Supplier, &f.supplier);
        put(ListKey::FundManager, &f.fund_manager);
        put(ListKey::Funder, &f.funder);
        put(ListKey::Tags, &f.tags);
        put(ListKey::MarketClassification, &f.market_classification);
        put(ListKey::RelatedCategory, &f.related_category);
        put(ListKey::RelatedProfile, &f.related_profile);
        put(ListKey::PaymentType, &f.payment_types);
        if !f.subject_type.is_empty() {
            put(ListKey::SubjectType, std::slice::from_ref(&f.subject_type));
        }
        if !f.tender_id.is_empty() {
            put(ListKey::TenderId, std::slice::from_ref(&f.tender_id));
        }
        if let Some(y) = f.plan_year {
            self.plan_year.add(&y.to_string(), d, n);
        }
        self.add_id(f.id.to_lowercase(), d);
        self.add_id(f.human_id.to_lowercase(), d);
        if f.active_monitoring {
            self.monitoring.set(d);
        }
        if f.test {
            self.test.set(d);
        }
        self.value.key.push(f.value.unwrap_or(f64::NAN));
        let cur = match self.currencies.iter().position(|c| *c == f.currency) {
            Some(i) => i,
            None => {
                self.currencies.push(f.currency.clone());
                self.currencies.len() - 1
            }
        };
        self.currency.push(u16::try_from(cur).expect("fewer than 65,536 currencies"));
        self.created.key.push(f.created as f64);
        self.modified.key.push(f.modified as f64);
        for (i, p) in f.periods.iter().enumerate() {
            self.starts[i].key.push(p.map(|p| p.0 as f64).unwrap_or(f64::NAN));
            self.ends[i].key.push(p.map(|p| p.1 as f64).unwrap_or(f64::NAN));
        }
        self.deadline.key.push(f.deadline.map(|d| d as f64).unwrap_or(f64::NAN));
    }

    /// The keyword index, from a mirror's store.
    pub fn set_text(&mut self, text: TextIndex) {
        self.text = Some(text);
    }

    /// Like [`Self::apply`], with the added documents numbered from `first` as the store
    /// numbered them: numbers between the index's end and `first` (versions stored
    /// while a change of the indexes failed) become replaced documents. `first` below
    /// the end is a store that disagrees with its index: nothing is changed, and the
    /// error says so.
    /// With `text_staged`, the keyword index has the change committed already
    /// ([`TextIndex::stage`]) and only starts searching it.
    pub fn apply_at(
        &mut self,
        first: u32,
        retired: &[(u32, Vec<String>)],
        added: &[Added<'_>],
        text_staged: bool,
    ) -> Result<(), String> {
        if (first as usize) < self.n {
            return Err(format!("the store numbered a change from {first}, the index holds {}", self.n));
        }
        let mut gone = retired.to_vec();
        let end = self.n;
        while self.n < first as usize {
            gone.push((self.n as u32, Vec::new()));
            self.push(&Fields::default(), &[]);
        }
        for c in self.columns_mut() {
            c.sort_from(end);
        }
        self.change(&gone, added, text_staged);
        Ok(())
    }

    /// Replaces documents in place, as one change: `retired` (with the ids and human ids
    /// they were found by) stop matching any search or lookup, and `added` become
    /// documents `n..n + added.len()`. The caller holds the index exclusively, so a search
    /// sees the whole change or none of it: a record is never found twice, nor under its
    /// old status.
    pub fn apply(&mut self, retired: &[(u32, Vec<String>)], added: &[Added<'_>]) {
        self.change(retired, added, false);
    }

    fn change(&mut self, retired: &[(u32, Vec<String>)], added: &[Added<'_>], text_staged: bool) {
        for (d, keys) in retired {
            self.dead.set(*d);
            for key in keys {
                let key = key.to_lowercase();
                if self.ids.get(&key) == Some(d) {
                    self.ids.remove(&key);
                    if let Some(rest) = self.shared_ids.get_mut(&key) {
                        rest.retain(|x| x != d);
                        if let Some(&last) = rest.last() {
                            self.ids.insert(key.clone(), last);
                        }
                    }
                } else if let Some(rest) = self.shared_ids.get_mut(&key) {
                    rest.retain(|x| x != d);
                }
            }
        }
        let first = self.n;
        for a in added {
            self.push(a.fields, a.divisions);
        }
        for c in self.columns_mut() {
            c.sort_from(first);
        }
        if let (Some(t), true) = (&mut self.text, text_staged) {
            if let Err(e) = t.reload(self.n as u32) {
                tracing::error!(error = %e, "keyword index not reloaded: the changed records are found by filters and ids only");
            }
        } else if let Some(t) = &mut self.text {
            let dead: Vec<u32> = retired.iter().map(|(d, _)| *d).collect();
            let docs: Vec<TextDoc<'_>> = added
                .iter()
                .map(|a| TextDoc { title: &a.fields.title, buyer: &a.fields.organizer_text, body: &a.fields.text })
                .collect();
            if let Err(e) = t.apply(&dead, first as u32, &docs) {
                tracing::error!(error = %e, "keyword index not updated: the changed records are found by filters and ids only");
            }
        }
    }

    /// The documents an array filter's value lists (dead ones included), ascending.
    pub fn docs_with(&self, key: ListKey, value: &str) -> &[u32] {
        self.lists.get(&key).and_then(|p| p.get(value)).map_or(&[], |v| v.as_slice())
    }

    /// Whether document `d` was replaced by a newer version of its record.
    pub fn is_dead(&self, d: u32) -> bool {
        self.dead.get(d)
    }

    /// Number of documents replaced by newer versions.
    pub fn dead_count(&self) -> usize {
        self.dead.count()
    }
}

/// Below this many hits, sorting the hits beats walking the whole sorted order.
const SORT_HITS_BELOW: usize = 30_000;

impl Index {
    fn add_id(&mut self, key: String, d: u32) {
        if key.is_empty() {
            return;
        }
        match self.ids.insert(key.clone(), d) {
            Some(prev) if prev != d => self.shared_ids.entry(key).or_insert_with(|| vec![prev]).push(d),
            None if self.shared_ids.contains_key(&key) => {
                if let Some(all) = self.shared_ids.get_mut(&key) {
                    all.push(d);
                }
            }
            _ => {}
        }
    }

    /// Document number of a 32-hex id or human id (tenderID, planID, contractID),
    /// case-insensitive; of several documents with it, the last loaded.
    pub fn lookup(&self, id: &str) -> Option<u32> {
        self.ids.get(&id.to_lowercase()).copied()
    }

    /// Every document with this id or human id (case-insensitive), in load order.
    pub fn lookup_all(&self, id: &str) -> Vec<u32> {
        let key = id.to_lowercase();
        match self.shared_ids.get(&key) {
            Some(all) => all.clone(),
            None => self.ids.get(&key).copied().into_iter().collect(),
        }
    }

    /// Whether document `d` is a test document (`mode: "test"`).
    pub fn is_test(&self, d: u32) -> bool {
        self.test.get(d)
    }

    /// Whether document `d` has this status.
    pub fn has_status(&self, d: u32, status: &str) -> bool {
        self.status.get(status).is_some_and(|b| b.get(d))
    }

    /// Publication date of `d` (the `publicationDate` filter's), else its `dateModified`, in epoch ms.
    pub fn published_ms(&self, d: u32) -> Option<i64> {
        let known = |k: f64| (k.is_finite() && k != 0.0).then_some(k as i64);
        // Slot 4 of the periods is the publication date ([`crate::query`]'s `publicationDate`).
        let slot = self.starts.get(4).map_or(f64::NAN, |c| c.key[d as usize]);
        known(slot).or_else(|| known(self.created.key[d as usize])).or_else(|| self.modified_ms(d))
    }

    /// The value of `d` (tender `value.amount`, plan `budget.amount`, contract
    /// `value.amount`) and the index of its currency in [`Index::currencies`].
    pub fn value_of(&self, d: u32) -> Option<(f64, usize)> {
        let v = self.value.key[d as usize];
        (!v.is_nan()).then(|| (v, self.currency[d as usize] as usize))
    }

    /// Every value of an array filter's postings (organizer, supplier…) with its
    /// documents, ascending.
    pub fn postings(&self, key: ListKey) -> impl Iterator<Item = (&str, &[u32])> {
        self.lists.get(&key).into_iter().flat_map(|p| p.iter().map(|(k, v)| (&**k, v.as_slice())))
    }

    /// The integrity indicators document `d` raises (`R018`…, without `any`), in code
    /// order: what was computed when it was loaded.
    pub fn red_flags_of(&self, d: u32) -> Vec<&str> {
        let mut codes: Vec<&str> = self
            .red_flag
            .values
            .iter()
            .zip(&self.red_flag.bits)
            .filter(|(code, bits)| code.as_str() != crate::records::ANY_RED_FLAG && bits.get(d))
            .map(|(code, _)| code.as_str())
            .collect();
        codes.sort_unstable();
        codes
    }

    /// The `procurementMethodType` of document `d`, when it has one.
    pub fn method_type_of(&self, d: u32) -> Option<&str> {
        self.method_type.values.iter().zip(&self.method_type.bits).find(|(_, b)| b.get(d)).map(|(v, _)| v.as_str())
    }

    /// `dateModified` of `d` in epoch ms.
    pub fn modified_ms(&self, d: u32) -> Option<i64> {
        let k = self.modified.key[d as usize];
        (k.is_finite() && k != 0.0).then_some(k as i64)
    }

    fn union_postings(&self, key: ListKey, values: &[String]) -> Bitset {
        let mut b = Bitset::empty(self.n);
        let Some(p) = self.lists.get(&key) else { return b };
        for v in values {
            if key == ListKey::Classification {
                let Some(pre) = cpv_prefix(v) else { continue };
                for (_, docs) in p
                    .range::<str, _>((std::ops::Bound::Included(pre.as_str()), std::ops::Bound::Unbounded))
                    .take_while(|(k, _)| k.starts_with(pre.as_str()))
                {
                    docs.iter().for_each(|&d| b.set(d));
                }
            } else if let Some(docs) = p.get(v.as_str()) {
                docs.iter().for_each(|&d| b.set(d));
            }
        }
        b
    }

    fn facet_union(&self, facet: &Facet, values: &[String]) -> Bitset {
        let mut b = Bitset::empty(self.n);
        for v in values {
            if let Some(bits) = facet.get(v) {
                b.or(bits);
            }
        }
        b
    }

    /// The set of documents matching every filter of `q`, the keyword included (as
    /// typed: no typo fallback).
    pub fn filter(&self, q: &SearchQuery) -> Bitset {
        let set = self.filter_but_keyword(q);
        match &q.keyword {
            Some(k) => self.as_typed(q, k, self.compile(q, k, false).as_ref(), false, &set, 0).0,
            None => set,
        }
    }

    /// The documents of `base` the keyword finds as typed (no typo fallback), and the
    /// best `k` of them when `scored`. Unless `exact`, its narrowed reading comes first
    /// (no part in the buyer's name alone: `Compiled::narrowed`), the plain one when
    /// that finds nothing in `base`.
    fn as_typed(
        &self,
        q: &SearchQuery,
        keyword: &str,
        compiled: Option<&Compiled>,
        scored: bool,
        base: &Bitset,
        k: usize,
    ) -> (Bitset, Vec<u32>) {
        let narrowed = if q.exact { None } else { compiled.and_then(|c| c.narrowed()) };
        if let Some(n) = narrowed {
            let (mut docs, top) = self.keyword_docs(keyword, Some(&n), scored, base, k);
            docs.and(base);
            if docs.count() > 0 {
                return (docs, top);
            }
        }
        let (mut docs, top) = self.keyword_docs(keyword, compiled, scored, base, k);
        docs.and(base);
        (docs, top)
    }

    /// The text index, when it was built.
    pub fn text(&self) -> Option<&TextIndex> {
        self.text.as_ref()
    }

    fn compile(&self, q: &SearchQuery, keyword: &str, fuzzy: bool) -> Option<Compiled> {
        // A keyword searched as typed (`exact`) is not read as Russian either.
        let reading = crate::text::Reading { fuzzy, russian: !q.exact, english: !q.exact };
        self.text.as_ref().map(|t| t.compile_with(&q.syntax, keyword, reading))
    }

    /// The documents the keyword finds: by its text, and whole as an id, a human id or an
    /// organisation's code. With `scored`, also the best `k` of them within `within`,
    /// best first: ids and codes first, then by relevance.
    fn keyword_docs(
        &self,
        keyword: &str,
        compiled: Option<&Compiled>,
        scored: bool,
        within: &Bitset,
        k: usize,
    ) -> (Bitset, Vec<u32>) {
        let (mut docs, ranked) = match (&self.text, compiled) {
            (Some(t), Some(c)) => {
                let hits = t.run(c, scored, within, k);
                (hits.matched, hits.top)
            }
            _ => (Bitset::empty(self.n), Vec::new()),
        };
        let mut first: Vec<u32> = self.lookup_all(keyword.trim());
        let code = keyword.trim();
        if is_org_code(code) {
            for key in [ListKey::Organizer, ListKey::FundManager, ListKey::Supplier] {
                first.extend(self.union_postings(key, &[code.to_string()]).iter());
            }
            // Eight digits alone are a CPV code too, without its check digit: its items
            // and its children's (an ЄДРПОУ is no code of the classifier's, and finds none).
            if code.len() == 8 {
                first.extend(self.union_postings(ListKey::Classification, &[code.to_string()]).iter());
            }
        }
        // A code typed with its label, a part of a tender's id, a CPV code and its children.
        match crate::query::keyword_code(keyword) {
            Some(crate::query::KeywordCode::Org(code)) => {
                for key in [ListKey::Organizer, ListKey::FundManager, ListKey::Supplier] {
                    first.extend(self.union_postings(key, std::slice::from_ref(&code)).iter());
                }
            }
            Some(crate::query::KeywordCode::TenderId(id)) => first.extend(self.lookup_all(&id)),
            Some(crate::query::KeywordCode::Cpv(code)) => {
                first.extend(self.union_postings(ListKey::Classification, &[code]).iter());
            }
            None => {}
        }
        first.sort_unstable();
        first.dedup();
        for &d in &first {
            docs.set(d);
        }
        let mut top: Vec<u32> = first.iter().copied().filter(|&d| within.get(d)).collect();
        top.extend(ranked.into_iter().map(|(d, _)| d).filter(|d| first.binary_search(d).is_err()));
        top.truncate(k);
        (docs, top)
    }

    /// The set of documents matching every filter of `q` but the keyword.
    fn filter_but_keyword(&self, q: &SearchQuery) -> Bitset {
        let mut set = Bitset::full(self.n);
        set.and_not(&self.dead);
        if q.test_mode {
            set.and(&self.test)
        } else {
            set.and_not(&self.test)
        }
        if let Some(want) = q.accepting_bids {
            // A deadline after now (whole milliseconds), and no final status.
            let mut open = Bitset::empty(self.n);
            self.deadline.range(Some(q.now as f64 + 1.0), None, &mut open);
            open.and_not(&self.facet_union(&self.status, &final_statuses()));
            if want {
                set.and(&open)
            } else {
                set.and_not(&open)
            }
        }
        if let Some(want) = q.active_monitoring {
            if want {
                set.and(&self.monitoring)
            } else {
                set.and_not(&self.monitoring)
            }
        }
        for (key, values) in &q.lists {
            let b = match key {
                ListKey::Status => self.facet_union(&self.status, values),
                ListKey::MethodType => self.facet_union(&self.method_type, values),
                ListKey::Region => self.facet_union(&self.region, values),
                ListKey::PlanYear => self.facet_union(&self.plan_year, values),
                ListKey::RedFlag => self.facet_union(&self.red_flag, values),
                _ => self.union_postings(*key, values),
            };
            set.and(&b);
        }
        if let Some(since) = q.changed_since {
            let mut b = Bitset::empty(self.n);
            self.modified.range(Some(since), None, &mut b);
            set.and(&b);
        }
        for (slot, r) in &q.ranges {
            match slot {
                None => {
                    let mut b = Bitset::empty(self.n);
                    self.value.range(r.from, r.to, &mut b);
                    set.and(&b);
                }
                Some(i) => {
                    let mut a = Bitset::empty(self.n);
                    self.starts[*i].range(r.from, None, &mut a);
                    let mut b = Bitset::empty(self.n);
                    self.ends[*i].range(None, r.to, &mut b);
                    set.and(&a);
                    set.and(&b);
                }
            }
        }
        set
    }

    fn column(&self, key: SortKey) -> &Column {
        match key {
            SortKey::DateCreated => &self.created,
            SortKey::DateModified => &self.modified,
            SortKey::Value => &self.value,
            SortKey::PublicationDate => &self.starts[4],
            SortKey::Relevance => &self.created,
            SortKey::Deadline => &self.deadline,
        }
    }

    /// Runs a search: filter, count, facet and cut the requested page. A keyword that
    /// finds nothing as typed is tried again with the typo fallback (unless `exact`).
    pub fn search(&self, q: &SearchQuery) -> Hits {
        let skip = (q.page - 1) * q.per_page;
        let Some(keyword) = &q.keyword else { return self.sorted(q, self.filter_but_keyword(q), None) };
        let base = self.filter_but_keyword(q);
        let relevance = q.sort == SortKey::Relevance;
        let k = if relevance { skip + q.per_page } else { 0 };
        let mut compiled = self.compile(q, keyword, false);
        let (mut docs, mut top) = self.as_typed(q, keyword, compiled.as_ref(), relevance, &base, k);
        if docs.count() == 0 && !q.exact {
            let fuzzy = self.compile(q, keyword, true);
            if fuzzy.as_ref().is_some_and(|c| c.corrected.is_some()) {
                let (d, t) = self.keyword_docs(keyword, fuzzy.as_ref(), relevance, &base, k);
                (docs, top, compiled) = (d, t, fuzzy);
                docs.and(&base);
            }
        }
        if !relevance {
            return self.sorted(q, docs, compiled);
        }
        let total = docs.count();
        let page = top.into_iter().skip(skip).take(q.per_page).collect();
        let facets = self.facets(&docs);
        Hits { total, page, facets, sort: SortKey::Relevance, keyword: compiled }
    }

    fn facets(&self, set: &Bitset) -> Vec<(&'static str, Vec<(String, usize)>)> {
        let mut facets = vec![
            ("status", self.status.counts(set)),
            ("procurementMethodType", self.method_type.counts(set)),
            ("region", self.region.counts(set)),
            ("classification", self.division.counts(set)),
        ];
        if self.year_facet {
            facets.push(("planYear", self.plan_year.counts(set)));
        }
        if self.flag_facet {
            facets.push(("redFlag", self.red_flag.counts(set)));
        }
        facets
    }

    /// A page of `set` with the nearest deadline first ([`crate::query::deadline_order`]):
    /// in the deadline column's order (missing, then ascending), the part after `now`,
    /// then the part before it reversed, then the missing.
    fn nearest_deadlines(&self, now: i64, set: &Bitset, total: usize, skip: usize, per_page: usize) -> Vec<u32> {
        let col = &self.deadline;
        if total < SORT_HITS_BELOW {
            let key = |d: u32| Some(col.key[d as usize]).filter(|k| !k.is_nan()).map(|k| k as i64);
            let mut hits: Vec<u32> = set.iter().collect();
            hits.sort_unstable_by(|&a, &b| deadline_order(now, (key(a), a), (key(b), b)));
            return hits.into_iter().skip(skip).take(per_page).collect();
        }
        let missing = col.order.partition_point(|&d| col.key[d as usize].is_nan());
        let passed = col.order.partition_point(|&d| {
            let k = col.key[d as usize];
            k.is_nan() || k <= now as f64
        });
        let ahead = col.order[passed..].iter();
        let behind = col.order[missing..passed].iter().rev();
        ahead
            .chain(behind)
            .chain(&col.order[..missing])
            .copied()
            .filter(|&d| set.get(d))
            .skip(skip)
            .take(per_page)
            .collect()
    }

    /// Counts, facets and cuts the page of `set` in the order of a sort key.
    fn sorted(&self, q: &SearchQuery, set: Bitset, keyword: Option<Compiled>) -> Hits {
        let total = set.count();
        let skip = (q.page - 1) * q.per_page;
        let col = self.column(q.sort);
        let rank = |d: u32| {
            let k = col.key[d as usize];
            if k.is_nan() {
                f64::NEG_INFINITY
            } else {
                k
            }
        };
        let page: Vec<u32> = if skip >= total {
            Vec::new()
        } else if q.sort == SortKey::Deadline && !q.desc {
            self.nearest_deadlines(q.now, &set, total, skip, q.per_page)
        } else if total < SORT_HITS_BELOW {
            let mut hits: Vec<u32> = set.iter().collect();
            hits.sort_unstable_by(|&a, &b| rank(a).total_cmp(&rank(b)).then(a.cmp(&b)));
            if q.desc {
                hits.reverse();
            }
            hits.into_iter().skip(skip).take(q.per_page).collect()
        } else if q.desc {
            col.order.iter().rev().copied().filter(|&d| set.get(d)).skip(skip).take(q.per_page).collect()
        } else {
            col.order.iter().copied().filter(|&d| set.get(d)).skip(skip).take(q.per_page).collect()
        };
        let facets = self.facets(&set);
        let sort = if q.sort == SortKey::Relevance { SortKey::DateCreated } else { q.sort };
        Hits { total, page, facets, sort, keyword }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitset_basics() {
        let mut a = Bitset::full(70);
        assert_eq!(a.count(), 70);
        let mut b = Bitset::empty(70);
        b.set(3);
        b.set(69);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 69]);
        a.and_not(&b);
        assert_eq!(a.count(), 68);
        assert_eq!(a.count_and(&b), 0);
    }

    #[test]
    fn shared_ids_keep_every_document_and_look_up_the_last() {
        let docs = [("a1", "UA-1"), ("a2", "UA-1"), ("a1", "UA-2"), ("b", "")];
        let mut b = IndexBuilder::new(docs.len(), Analyzer::new(None));
        for (id, human) in docs {
            b.add(
                &Fields { id: id.into(), human_id: human.into(), status: "active".into(), ..Default::default() },
                &[],
            );
        }
        let ix = b.finish();
        assert_eq!(
            (ix.lookup("A1"), ix.lookup("ua-1"), ix.lookup("UA-2"), ix.lookup("b")),
            (Some(2), Some(1), Some(2), Some(3))
        );
        assert_eq!(ix.lookup_all("a1"), vec![0, 2]);
        assert_eq!(ix.lookup_all("ua-1"), vec![0, 1]);
        assert_eq!(ix.lookup_all("b"), vec![3]);
        assert!(ix.lookup_all("").is_empty() && ix.lookup("nothing").is_none());
        let q = crate::query::SearchQuery::parse(
            &crate::params::Params::parse("keyword=UA-1"),
            crate::records::Kind::Contract,
        )
        .unwrap();
        assert_eq!(ix.search(&q).total, 2, "the keyword finds every document with the id");
    }

    #[test]
    fn the_nearest_deadline_first_agrees_with_its_definition_past_the_sort_threshold() {
        // Enough documents that both paths run: sorting the hits and walking the column.
        let n = SORT_HITS_BELOW + 5_000;
        let now = 1_000_000i64;
        let statuses = ["active.tendering", "complete", "cancelled", "active.enquiries"];
        // Few distinct deadlines (ties), some exactly now. Mostly passed, so that a page
        // within the result window reaches the passed ones; mostly missing, so that one
        // reaches the tenders without a deadline.
        let passed = |i: usize| (i % 7 > 1).then(|| now + ((i * 7919) % 41) as i64 - 38);
        let missing = |i: usize| (i % 7 == 3).then(|| now + ((i * 7919) % 41) as i64 - 20);
        for deadline_of in [&passed as &dyn Fn(usize) -> Option<i64>, &missing] {
            let mut b = IndexBuilder::new(n, Analyzer::new(None));
            let deadlines: Vec<Option<i64>> = (0..n).map(deadline_of).collect();
            for (i, &deadline) in deadlines.iter().enumerate() {
                let status = statuses[i % statuses.len()].to_string();
                b.add(&Fields { id: format!("d{i}"), status, deadline, ..Default::default() }, &[]);
            }
            let ix = b.finish();
            for (filter, expect_total) in [("", n), ("status[]=active.tendering", n.div_ceil(4))] {
                for (page, per_page) in [(1, 100), (37, 100), (61, 100), (100, 100)] {
                    let mut q = crate::query::SearchQuery::parse(
                        &crate::params::Params::parse(&format!(
                            "{filter}&sortOrder=tenderPeriodEnd.asc&page={page}&perPage={per_page}"
                        )),
                        crate::records::Kind::Tender,
                    )
                    .unwrap();
                    q.now = now;
                    let hits = ix.search(&q);
                    assert_eq!(hits.total, expect_total);
                    let mut all: Vec<u32> = (0..n as u32).filter(|&d| filter.is_empty() || d % 4 == 0).collect();
                    all.sort_by(|&a, &b| deadline_order(now, (deadlines[a as usize], a), (deadlines[b as usize], b)));
                    let want: Vec<u32> = all.into_iter().skip((page - 1) * per_page).take(per_page).collect();
                    assert_eq!(hits.page, want, "{filter} page {page}");
                }
            }
            let mut q = crate::query::SearchQuery::parse(
                &crate::params::Params::parse("acceptingBids=true&perPage=1"),
                crate::records::Kind::Tender,
            )
            .unwrap();
            q.now = now;
            let open = (0..n).filter(|&i| deadlines[i].is_some_and(|d| d > now) && !matches!(i % 4, 1 | 2)).count();
            assert!(open > 0);
            assert_eq!(ix.search(&q).total, open, "a deadline after now and a status that is not final");
            q.accepting_bids = Some(false);
            assert_eq!(ix.search(&q).total, n - open);
        }
    }

    #[test]
    fn appending_in_steps_orders_as_building_at_once() {
        // Keys with ties and missing values, appended in pages of varied sizes.
        let mut x: u64 = 7;
        let keys: Vec<f64> = (0..5_000)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                match x >> 60 {
                    0 => f64::NAN,
                    _ => ((x >> 33) % 300) as f64,
                }
            })
            .collect();
        let whole = Column::build(keys.clone());
        let mut grown = Column::default();
        let mut from = 0;
        for step in [1, 2, 500, 3, 1_000, 17, 2_000, 1_477] {
            grown.key.extend_from_slice(&keys[from..from + step]);
            grown.sort_from(from);
            from += step;
        }
        assert_eq!(from, keys.len());
        assert_eq!(grown.order, whole.order);
    }

    #[test]
    fn column_ranges_skip_missing() {
        let c = Column::build(vec![5.0, f64::NAN, 1.0, 3.0]);
        let mut b = Bitset::empty(4);
        c.range(Some(2.0), Some(5.0), &mut b);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 3]);
        let mut all = Bitset::empty(4);
        c.range(None, None, &mut all);
        assert_eq!(all.count(), 3);
    }
}
