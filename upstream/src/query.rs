//! A search request, parsed and validated once, and its reference semantics:
//! [`SearchQuery::matches`] is the brute-force definition of every filter that the
//! indexes in `index.rs` must reproduce (the property test compares the two).

use crate::classifiers::significant;
use crate::dates;
use crate::error::UpstreamError;
use crate::params::Params;
use crate::records::{Fields, Kind, METHOD_TYPES, PERIODS};
use crate::text::{self, Analyzer, Syntax};

/// Largest number of results a client may page through (SPEC §9).
pub const RESULT_WINDOW: usize = 10_000;
/// Largest page size for document searches.
pub const MAX_PER_PAGE: usize = 100;

/// Array filters that test set membership of a document field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ListKey {
    Status,
    MethodType,
    Region,
    Classification,
    Road,
    Gmdn,
    Inn,
    CcceUa,
    Organizer,
    Supplier,
    FundManager,
    Funder,
    Tags,
    MarketClassification,
    RelatedCategory,
    RelatedProfile,
    SubjectType,
    PaymentType,
    PlanYear,
    /// Plans, contracts: the tender's 32-hex id (values resolved by
    /// [`SearchQuery::resolve_tender_ids`]).
    TenderId,
    /// Tenders: an integrity indicator the record raises (`R018`…, or `any`).
    RedFlag,
}

/// (query parameter, key). `relatedProfileIds` is a single string filter in SPEC §3 but
/// also accepted as an array.
pub const LIST_PARAMS: &[(&str, ListKey)] = &[
    ("status", ListKey::Status),
    ("procurementMethodType", ListKey::MethodType),
    ("region", ListKey::Region),
    ("classification", ListKey::Classification),
    ("road", ListKey::Road),
    ("gmdn", ListKey::Gmdn),
    ("inn", ListKey::Inn),
    ("ccce_ua", ListKey::CcceUa),
    ("organizer", ListKey::Organizer),
    ("supplier", ListKey::Supplier),
    ("fundManager", ListKey::FundManager),
    ("funder", ListKey::Funder),
    ("tags", ListKey::Tags),
    ("market_classification", ListKey::MarketClassification),
    ("relatedCategoryId", ListKey::RelatedCategory),
    ("relatedProfileIds", ListKey::RelatedProfile),
    ("typeSubjectProcurement", ListKey::SubjectType),
    ("paymentType", ListKey::PaymentType),
    ("planYear", ListKey::PlanYear),
    ("tender_id", ListKey::TenderId),
    ("redFlag", ListKey::RedFlag),
];

/// Range filters: (parameter, slot). Slot `None` is the document's value.
pub const RANGE_PARAMS: &[(&str, Option<usize>)] = &[
    ("valueAmount", None),
    ("valueSum", None),
    ("valueBudget", None),
    ("enquiryPeriod", Some(0)),
    ("auctionPeriod", Some(1)),
    ("tenderPeriod", Some(2)),
    ("plansPeriod", Some(2)),
    ("qualificationPeriod", Some(3)),
    ("publicationDate", Some(4)),
    ("plansPublished", Some(4)),
    ("dateSigned", Some(4)),
];

/// Whether a filter parameter exists for a kind; the others are ignored like any unknown
/// parameter (`tender_id` is the plan's or contract's tender; `dateSigned` is a contract's).
fn applies(name: &str, kind: Kind) -> bool {
    match name {
        "tender_id" => kind != Kind::Tender,
        "dateSigned" => kind == Kind::Contract,
        "redFlag" => kind == Kind::Tender,
        _ => true,
    }
}

/// Sort keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    DateCreated,
    DateModified,
    Value,
    PublicationDate,
    /// BM25 relevance to the keyword, best first (only with a keyword that has words).
    Relevance,
    /// Tenders: the submission deadline (`tenderPeriod.endDate`). Ascending is "the
    /// nearest deadline first": the deadlines still ahead, soonest first, then those
    /// passed, latest first, then tenders without one ([`deadline_order`]). Descending
    /// is the latest deadline first, tenders without one last.
    Deadline,
}

impl SortKey {
    /// The order's name in `sortOrder`.
    pub fn name(self, desc: bool) -> &'static str {
        match (self, desc) {
            (SortKey::DateCreated, true) => "dateCreated.desc",
            (SortKey::DateCreated, false) => "dateCreated.asc",
            (SortKey::DateModified, true) => "dateModified.desc",
            (SortKey::DateModified, false) => "dateModified.asc",
            (SortKey::Value, true) => "valueAmount.desc",
            (SortKey::Value, false) => "valueAmount.asc",
            (SortKey::PublicationDate, true) => "publicationDate.desc",
            (SortKey::PublicationDate, false) => "publicationDate.asc",
            (SortKey::Relevance, _) => "relevance",
            (SortKey::Deadline, true) => "tenderPeriodEnd.desc",
            (SortKey::Deadline, false) => "tenderPeriodEnd.asc",
        }
    }
}

/// A range bound set: inclusive, in the field's unit (amount or epoch ms).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub from: Option<f64>,
    pub to: Option<f64>,
}

/// A parsed search request.
#[derive(Debug, Clone)]
pub struct SearchQuery {
    pub page: usize,
    pub per_page: usize,
    pub sort: SortKey,
    pub desc: bool,
    /// The keyword's syntax (`crate::text::syntax`): words, phrases, exclusions, OR.
    pub syntax: Syntax,
    /// The whole keyword, trimmed, as typed (ids and codes match it whole).
    pub keyword: Option<String>,
    /// `exact=true`: no typo fallback.
    pub exact: bool,
    pub lists: Vec<(ListKey, Vec<String>)>,
    /// (slot or None for value, range)
    pub ranges: Vec<(Option<usize>, Range)>,
    pub active_monitoring: Option<bool>,
    /// `changedSince` (a date or an instant): only records whose `dateModified` is at or
    /// after it (epoch ms), for machines that poll.
    pub changed_since: Option<f64>,
    /// `acceptingBids`: `true` only tenders whose submission deadline is after `now` and
    /// whose status is not final ([`accepting_bids`]), `false` only the others.
    pub accepting_bids: Option<bool>,
    pub test_mode: bool,
    /// The moment the query is answered at (epoch ms): `acceptingBids` and the deadline
    /// order read it. The clock at parsing; tests set their own.
    pub now: i64,
}

/// Statuses after which a tender takes no bids whatever its dates say.
const FINAL_STATUSES: [&str; 4] = ["complete", "cancelled", "unsuccessful", "draft.unsuccessful"];

/// Whether a tender takes bids at `now`: its submission deadline is after `now` and its
/// status is not final (`acceptingBids=true`).
pub fn accepting_bids(f: &Fields, now: i64) -> bool {
    f.deadline.is_some_and(|d| d > now) && !FINAL_STATUSES.contains(&f.status.as_str())
}

/// The final statuses, for the index's `acceptingBids` filter.
pub fn final_statuses() -> Vec<String> {
    FINAL_STATUSES.iter().map(|s| s.to_string()).collect()
}

/// The "nearest deadline first" order of two documents with deadlines `a` and `b` (epoch
/// ms, `None` when missing) and load positions `da` and `db`: deadlines after `now`
/// ascending (ties by load order), then the passed ones descending (ties by reverse load
/// order, as in every descending order), then the documents without one in load order.
pub fn deadline_order(now: i64, (a, da): (Option<i64>, u32), (b, db): (Option<i64>, u32)) -> std::cmp::Ordering {
    let group = |d: Option<i64>| match d {
        Some(d) if d > now => 0,
        Some(_) => 1,
        None => 2,
    };
    group(a).cmp(&group(b)).then_with(|| match (group(a), a, b) {
        (0, Some(a), Some(b)) => a.cmp(&b).then(da.cmp(&db)),
        (1, Some(a), Some(b)) => b.cmp(&a).then(db.cmp(&da)),
        _ => da.cmp(&db),
    })
}

/// Splits text into lowercase words (letters and digits; apostrophes inside words kept).
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == 'ʼ'))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’' || c == 'ʼ'))
        .filter(|w| !w.is_empty())
}

/// Whether a keyword is an organisation's code: 8 digits (ЄДРПОУ) or 10 (РНОКПП).
pub fn is_org_code(k: &str) -> bool {
    (k.len() == 8 || k.len() == 10) && k.bytes().all(|b| b.is_ascii_digit())
}

/// A code a keyword names, as people type codes: with their label or without.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeywordCode {
    /// An organisation's code (8 digits ЄДРПОУ, 10 РНОКПП), as `«ЄДРПОУ 12345678»`,
    /// `«код 12345678»`, `«ІПН 1234567890»` or the digits alone.
    Org(String),
    /// A tender's id written in full from a part: `2026-10-12-014102` or
    /// `UA-2026-10-12-014102` (the `-a` left out) or without `UA-`; a plan's the same
    /// way from `UA-P-2026-10-07-016576`.
    TenderId(String),
    /// A CPV code (`45000000-7`, `45000000`, `CPV 45000000`, `ДК 021 45000000-7`): the
    /// items classified under it or under its descendants.
    Cpv(String),
}

/// Labels people put before an organisation's code.
const ORG_LABELS: [&str; 12] =
    ["єдрпоу", "едрпоу", "edrpou", "код", "code", "іпн", "ипн", "инн", "рнокпп", "rnokpp", "ідентифікаційний", "ipn"];
/// Labels before a CPV code.
const CPV_LABELS: [&str; 6] = ["cpv", "дк", "dk", "021", "2015", "021:2015"];

/// The code a keyword names, if it is one (and nothing else).
pub fn keyword_code(keyword: &str) -> Option<KeywordCode> {
    let cleaned: String =
        keyword.chars().map(|c| if matches!(c, ':' | '№' | '#' | ',' | ';') { ' ' } else { c }).collect();
    let mut words: Vec<String> = cleaned.split_whitespace().map(|w| w.to_lowercase()).collect();
    let labelled = |words: &mut Vec<String>, labels: &[&str]| {
        let before = words.len();
        words.retain(|w| !labels.contains(&w.as_str()));
        before != words.len()
    };
    if labelled(&mut words, &ORG_LABELS) && words.len() == 1 && is_org_code(&words[0]) {
        return Some(KeywordCode::Org(words.remove(0)));
    }
    labelled(&mut words, &CPV_LABELS);
    let [word] = words.as_slice() else { return None };
    let digits_at =
        |s: &str, at: usize, n: usize| s.get(at..at + n).is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()));
    // A tender's id (or a plan's, `UA-P-…`) without its tail letter or its `UA-`.
    let (plan, bare) = match word.strip_prefix("ua-p-") {
        Some(rest) => (true, rest),
        None => (false, word.strip_prefix("ua-").unwrap_or(word)),
    };
    let dated = bare.len() >= 17
        && digits_at(bare, 0, 4)
        && bare.as_bytes()[4] == b'-'
        && digits_at(bare, 5, 2)
        && bare.as_bytes()[7] == b'-'
        && digits_at(bare, 8, 2)
        && bare.as_bytes()[10] == b'-'
        && digits_at(bare, 11, 6);
    if dated
        && (bare.len() == 17
            || (bare.len() == 19 && bare.as_bytes()[17] == b'-' && bare.as_bytes()[18].is_ascii_lowercase()))
    {
        let letter = if bare.len() == 19 { &bare[18..] } else { "a" };
        let register = if plan { "UA-P" } else { "UA" };
        return Some(KeywordCode::TenderId(format!("{register}-{}-{letter}", &bare[..17])));
    }
    let code = word.split('-').next().unwrap_or_default();
    let check = word.split_once('-').map(|(_, c)| c);
    if code.len() == 8
        && code.bytes().all(|b| b.is_ascii_digit())
        && check.is_none_or(|c| c.len() == 1 && c.bytes().all(|b| b.is_ascii_digit()))
    {
        // Eight digits alone are an organisation's code first (ЄДРПОУ) when no label says CPV.
        if check.is_none()
            && !keyword.to_lowercase().split_whitespace().any(|w| CPV_LABELS.contains(&w.trim_matches(':')))
        {
            return None;
        }
        return Some(KeywordCode::Cpv(code.to_string()));
    }
    None
}

/// The digits that every descendant of a CPV code starts with (`45000000-7` → `45`).
pub fn cpv_prefix(code: &str) -> Option<String> {
    let d = code.split('-').next().unwrap_or_default();
    if d.len() != 8 || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(significant(d, 2).to_string())
}

fn parse_amount(name: &str, v: &str) -> Result<f64, UpstreamError> {
    v.replace(',', ".")
        .replace(' ', "")
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| UpstreamError::invalid(name, format!("expected a number, got `{v}`")))
}

fn parse_date(name: &str, v: &str, end_of_day: bool) -> Result<f64, UpstreamError> {
    let ms = dates::parse(v)
        .ok_or_else(|| UpstreamError::invalid(name, format!("expected a date like 2026-10-08, got `{v}`")))?;
    Ok(if end_of_day && dates::is_date_only(v) { ms + 86_400_000 - 1 } else { ms } as f64)
}

impl SearchQuery {
    /// Parses and validates the query of a `kind` search.
    pub fn parse(p: &Params, kind: Kind) -> Result<Self, UpstreamError> {
        let per_page = p.positive("perPage", 10, MAX_PER_PAGE)?;
        let page = p.positive("page", 1, RESULT_WINDOW)?;
        let max_page = (RESULT_WINDOW / per_page).max(1);
        if page > max_page {
            return Err(UpstreamError::PastResultWindow { page, per_page, window: RESULT_WINDOW });
        }
        let keyword = text::keyword_of(p)?;
        let syntax = keyword.as_deref().map(text::parse).unwrap_or_default();
        let has_words = keyword.as_deref().is_some_and(|k| !text::analysis::words(k).is_empty());
        let s = p.one("sortOrder").unwrap_or(if has_words { "relevance" } else { "dateCreated.desc" });
        let (sort, desc) = {
            let (k, d) = s.rsplit_once('.').unwrap_or((s, "desc"));
            let key = match k {
                "dateCreated" => SortKey::DateCreated,
                "dateModified" => SortKey::DateModified,
                "valueAmount" | "value" | "value.amount" | "valueBudget" | "valueSum" => SortKey::Value,
                "publicationDate" | "datePublished" => SortKey::PublicationDate,
                "relevance" => SortKey::Relevance,
                "tenderPeriodEnd" | "tenderPeriod.endDate" if kind == Kind::Tender => SortKey::Deadline,
                _ => return Err(UpstreamError::invalid("sortOrder", format!("unknown sort order `{s}`"))),
            };
            let desc = match d {
                "desc" => true,
                "asc" if key != SortKey::Relevance => false,
                _ => return Err(UpstreamError::invalid("sortOrder", format!("unknown direction in `{s}`"))),
            };
            // Relevance without words to rank by is the default order (SPEC §9).
            if key == SortKey::Relevance && !has_words {
                (SortKey::DateCreated, true)
            } else {
                (key, desc)
            }
        };
        let mut lists = Vec::new();
        for &(name, key) in LIST_PARAMS {
            if !applies(name, kind) {
                continue;
            }
            let mut values: Vec<String> = p.list(name).into_iter().map(String::from).collect();
            if values.is_empty() {
                continue;
            }
            if key == ListKey::TenderId {
                values.iter_mut().for_each(|v| *v = v.to_lowercase());
            }
            values.sort();
            values.dedup();
            for v in &values {
                let ok = match key {
                    ListKey::Status => kind.statuses().contains(&v.as_str()),
                    ListKey::MethodType => METHOD_TYPES.contains(&v.as_str()),
                    ListKey::Classification => cpv_prefix(v).is_some(),
                    ListKey::SubjectType => ["goods", "works", "services"].contains(&v.as_str()),
                    ListKey::PaymentType => {
                        ["prepayment", "postpayment", "standard", "recurring"].contains(&v.as_str())
                    }
                    ListKey::PlanYear => v.parse::<i32>().map(|y| (1990..=2100).contains(&y)).unwrap_or(false),
                    ListKey::RedFlag => v == crate::records::ANY_RED_FLAG || indicators::Code::parse(v).is_some(),
                    _ => true,
                };
                if !ok {
                    return Err(UpstreamError::invalid(name, format!("unknown value `{v}`")));
                }
            }
            lists.push((key, values));
        }
        let mut ranges = Vec::new();
        for &(name, slot) in RANGE_PARAMS {
            if !applies(name, kind) {
                continue;
            }
            let (from, to) = p.range(name);
            if from.is_none() && to.is_none() {
                continue;
            }
            let r = match slot {
                None => Range {
                    from: from.map(|v| parse_amount(name, v)).transpose()?,
                    to: to.map(|v| parse_amount(name, v)).transpose()?,
                },
                Some(_) => Range {
                    from: from.map(|v| parse_date(name, v, false)).transpose()?,
                    to: to.map(|v| parse_date(name, v, true)).transpose()?,
                },
            };
            ranges.push((slot, r));
        }
        Ok(Self {
            page,
            per_page,
            sort,
            desc,
            syntax,
            keyword,
            exact: p.boolean("exact")?.unwrap_or(false),
            lists,
            ranges,
            active_monitoring: p.boolean("hasActiveMonitoring")?,
            changed_since: p.one("changedSince").map(|v| parse_date("changedSince", v, false)).transpose()?,
            accepting_bids: if kind == Kind::Tender { p.boolean("acceptingBids")? } else { None },
            test_mode: p.boolean("testMode")?.unwrap_or(false),
            now: dates::now_ms(),
        })
    }

    /// Resolves the `tender_id[]` values: each value stays (lowercase: a 32-hex id matches
    /// as it is) and adds the 32-hex ids `hex_ids_of` gives for it, i.e. those of the stored
    /// tenders whose id or tenderID it is (case-insensitive). A value naming no tender
    /// matches nothing unless it is a plan's or contract's `tender_id` itself.
    pub fn resolve_tender_ids(&mut self, hex_ids_of: impl Fn(&str) -> Vec<String>) {
        for (key, values) in &mut self.lists {
            if *key != ListKey::TenderId {
                continue;
            }
            let mut all = values.clone();
            for v in values.iter() {
                all.extend(hex_ids_of(v).into_iter().map(|h| h.to_lowercase()));
            }
            all.sort();
            all.dedup();
            *values = all;
        }
    }

    /// Whether the whole keyword is the document's id or human id (case-insensitive), an
    /// 8-digit ЄДРПОУ or 10-digit РНОКПП of its procuring entity, buyer or supplier, or
    /// (eight digits) a CPV code of its items or an ancestor of one.
    pub fn is_id_or_code(&self, f: &Fields, k: &str) -> bool {
        let named = match keyword_code(k) {
            Some(KeywordCode::Org(code)) => {
                [&f.organizer, &f.fund_manager, &f.supplier].iter().any(|v| v.contains(&code))
            }
            Some(KeywordCode::TenderId(id)) => f.human_id.eq_ignore_ascii_case(&id),
            Some(KeywordCode::Cpv(code)) => list_matches(ListKey::Classification, &[code], f),
            None => false,
        };
        let k = k.trim().to_lowercase();
        named
            || f.id.to_lowercase() == k
            || f.human_id.to_lowercase() == k
            || (is_org_code(&k) && [&f.organizer, &f.fund_manager, &f.supplier].iter().any(|v| v.contains(&k)))
            || (k.len() == 8 && is_org_code(&k) && list_matches(ListKey::Classification, std::slice::from_ref(&k), f))
    }

    /// The brute-force definition of a match (the indexes must agree with it); the text
    /// is analysed by `analyzer`, the chain the index uses.
    pub fn matches(&self, f: &Fields, analyzer: &Analyzer) -> bool {
        self.matches_by(f, |syntax| text::reference::matches(syntax, analyzer, &f.title, &f.organizer_text, &f.text))
    }

    /// [`SearchQuery::matches`] with the text's part answered by `text` (given the
    /// keyword's syntax): a caller that analysed the texts beforehand.
    pub fn matches_by(&self, f: &Fields, text: impl Fn(&Syntax) -> bool) -> bool {
        if f.test != self.test_mode {
            return false;
        }
        if self.accepting_bids.is_some_and(|want| accepting_bids(f, self.now) != want) {
            return false;
        }
        if self.changed_since.is_some_and(|since| (f.modified as f64) < since) {
            return false;
        }
        if let Some(m) = self.active_monitoring {
            if f.active_monitoring != m {
                return false;
            }
        }
        for (key, values) in &self.lists {
            if !list_matches(*key, values, f) {
                return false;
            }
        }
        for (slot, r) in &self.ranges {
            let ok = match slot {
                None => f.value.is_some_and(|v| r.from.is_none_or(|a| v >= a) && r.to.is_none_or(|b| v <= b)),
                Some(i) => f.periods[*i]
                    .is_some_and(|(s, e)| r.from.is_none_or(|a| s as f64 >= a) && r.to.is_none_or(|b| e as f64 <= b)),
            };
            if !ok {
                return false;
            }
        }
        if let Some(k) = &self.keyword {
            if !(self.is_id_or_code(f, k) || text(&self.syntax)) {
                return false;
            }
        }
        true
    }
}

fn any_in(doc: &[String], values: &[String]) -> bool {
    doc.iter().any(|d| values.iter().any(|v| v == d))
}

/// Whether a document passes one array filter (values are OR-ed).
pub fn list_matches(key: ListKey, values: &[String], f: &Fields) -> bool {
    let one = |x: &str| values.iter().any(|v| v == x);
    let add = |scheme: &str| f.additional.iter().any(|(s, id)| s == scheme && one(id));
    match key {
        ListKey::Status => one(&f.status),
        ListKey::MethodType => one(&f.method_type),
        ListKey::Region => one(&f.region),
        ListKey::Classification => {
            values.iter().filter_map(|v| cpv_prefix(v)).any(|pre| f.cpv.iter().any(|c| c.starts_with(&pre)))
        }
        ListKey::Road => add("road"),
        ListKey::Gmdn => add("gmdn"),
        ListKey::Inn => add("inn"),
        ListKey::CcceUa => add("ccce_ua"),
        ListKey::Organizer => any_in(&f.organizer, values),
        ListKey::Supplier => any_in(&f.supplier, values),
        ListKey::FundManager => any_in(&f.fund_manager, values),
        ListKey::Funder => any_in(&f.funder, values),
        ListKey::Tags => any_in(&f.tags, values),
        ListKey::MarketClassification => any_in(&f.market_classification, values),
        ListKey::RelatedCategory => any_in(&f.related_category, values),
        ListKey::RelatedProfile => any_in(&f.related_profile, values),
        ListKey::SubjectType => one(&f.subject_type),
        ListKey::PaymentType => any_in(&f.payment_types, values),
        ListKey::PlanYear => f.plan_year.is_some_and(|y| one(&y.to_string())),
        ListKey::TenderId => !f.tender_id.is_empty() && one(&f.tender_id),
        ListKey::RedFlag => any_in(&f.red_flags, values),
    }
}

/// The sort key of a document as a float (missing values sort lowest). The deadline's
/// ascending order is not one of a key: [`deadline_order`].
pub fn sort_value(key: SortKey, f: &Fields) -> f64 {
    match key {
        SortKey::Deadline => f.deadline.map(|d| d as f64).unwrap_or(f64::NEG_INFINITY),
        SortKey::DateCreated => f.created as f64,
        SortKey::DateModified => f.modified as f64,
        SortKey::Value => f.value.unwrap_or(f64::NEG_INFINITY),
        SortKey::PublicationDate => f.periods[4].map(|p| p.0 as f64).unwrap_or(f64::NEG_INFINITY),
        SortKey::Relevance => 0.0,
    }
}

/// Slots in [`PERIODS`] order, re-exported for documentation.
pub fn period_names() -> &'static [&'static str] {
    &PERIODS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_typed_as_people_type_them() {
        use KeywordCode::*;
        assert_eq!(keyword_code("ЄДРПОУ 12345678"), Some(Org("12345678".into())));
        assert_eq!(keyword_code("код: 12345678"), Some(Org("12345678".into())));
        assert_eq!(keyword_code("ІПН 1234567890"), Some(Org("1234567890".into())));
        assert_eq!(keyword_code("РНОКПП №1234567890"), Some(Org("1234567890".into())));
        assert_eq!(keyword_code("2026-10-12-014102"), Some(TenderId("UA-2026-10-12-014102-a".into())));
        assert_eq!(keyword_code("UA-2026-10-12-014102"), Some(TenderId("UA-2026-10-12-014102-a".into())));
        assert_eq!(keyword_code("2026-10-12-014102-b"), Some(TenderId("UA-2026-10-12-014102-b".into())));
        assert_eq!(keyword_code("UA-P-2026-10-07-016576"), Some(TenderId("UA-P-2026-10-07-016576-a".into())));
        assert_eq!(keyword_code("45000000-7"), Some(Cpv("45000000".into())));
        assert_eq!(keyword_code("CPV 45000000"), Some(Cpv("45000000".into())));
        assert_eq!(keyword_code("ДК 021:2015 33600000-6"), Some(Cpv("33600000".into())));
        assert_eq!(keyword_code("12345678"), None, "eight digits alone stay an organisation's code (the old path)");
        assert_eq!(keyword_code("ремонт даху"), None);
        assert_eq!(keyword_code("код ремонт"), None);
        assert_eq!(keyword_code("2026-10-12"), None);
    }

    fn q(s: &str) -> Result<SearchQuery, UpstreamError> {
        SearchQuery::parse(&Params::parse(s), Kind::Tender)
    }

    #[test]
    fn defaults() {
        let x = q("").unwrap();
        assert_eq!((x.page, x.per_page, x.sort, x.desc, x.test_mode), (1, 10, SortKey::DateCreated, true, false));
    }

    #[test]
    fn window_and_validation() {
        assert!(q("page=1000&perPage=10").is_ok());
        assert!(matches!(q("page=1001&perPage=10"), Err(UpstreamError::PastResultWindow { .. })));
        assert!(q("status[0]=bogus").unwrap_err().to_string().contains("`status`"));
        assert!(q("classification[]=123").is_err());
        assert!(q("valueAmount[from]=abc").unwrap_err().to_string().contains("`valueAmount`"));
        assert!(q("tenderPeriod[to]=soon").is_err());
        assert!(q("sortOrder=title.up").is_err());
        assert!(q("perPage=101").is_err());
    }

    #[test]
    fn reference_semantics() {
        let f = Fields {
            id: "abc".into(),
            human_id: "UA-2026-10-08-011748-a".into(),
            status: "complete".into(),
            cpv: vec!["44831000-4".into()],
            value: Some(100.0),
            title: "Грунтівка".into(),
            text: "мастики\nпутті".into(),
            organizer_text: "стрийська міська рада".into(),
            organizer: vec!["04056226".into()],
            ..Default::default()
        };
        let a = Analyzer::new(None);
        let m = |s: &str| q(s).unwrap().matches(&f, &a);
        assert!(m("classification[0]=44800000-8"));
        assert!(!m("classification[0]=45000000-7"));
        assert!(m("keyword=ГРУНТІВКА стрийська"));
        assert!(!m("keyword=ГРУНТ"), "words, not prefixes");
        assert!(m("keyword=ua-2026-10-08-011748-A"));
        assert!(m("keyword=04056226"), "the buyer's ЄДРПОУ");
        assert!(!m("keyword=0405622"));
        assert!(!m("keyword=фарба"));
        assert!(m("keyword=фарба OR мастики"));
        assert!(!m("keyword=мастики -путті"));
        assert!(m("keyword=\"міська рада\""));
        assert!(!m("keyword=\"рада міська\""));
        assert!(m("valueAmount[from]=100&valueAmount[to]=100"));
        assert!(!m("valueAmount[from]=100.01"));
        assert!(!m("testMode=true"));
    }

    #[test]
    fn relevance_is_the_keyword_default() {
        let x = q("keyword=ремонт").unwrap();
        assert_eq!((x.sort, x.exact), (SortKey::Relevance, false));
        assert_eq!(q("keyword=ремонт&sortOrder=dateModified.asc").unwrap().sort, SortKey::DateModified);
        let none = q("sortOrder=relevance").unwrap();
        assert_eq!((none.sort, none.desc), (SortKey::DateCreated, true), "no keyword: the default order");
        assert_eq!(q("keyword=%21%21&sortOrder=relevance").unwrap().sort, SortKey::DateCreated, "no words");
        assert!(q("keyword=x&sortOrder=relevance.asc").is_err());
        assert!(q("keyword=x&exact=true").unwrap().exact);
        assert!(q("exact=maybe").is_err());
    }

    #[test]
    fn deadlines_belong_to_tenders() {
        let x = q("sortOrder=tenderPeriodEnd.asc&acceptingBids=true").unwrap();
        assert_eq!((x.sort, x.desc, x.accepting_bids), (SortKey::Deadline, false, Some(true)));
        assert_eq!(x.sort.name(x.desc), "tenderPeriodEnd.asc");
        assert_eq!(q("sortOrder=tenderPeriod.endDate.desc").unwrap().sort, SortKey::Deadline);
        assert!(q("acceptingBids=soon").unwrap_err().to_string().contains("`acceptingBids`"));
        let plan = |s: &str| SearchQuery::parse(&Params::parse(s), Kind::Plan);
        assert!(plan("sortOrder=tenderPeriodEnd.asc").unwrap_err().to_string().contains("`sortOrder`"));
        assert_eq!(plan("acceptingBids=true").unwrap().accepting_bids, None, "plans ignore it");

        let now = 1_000;
        let tender =
            |status: &str, deadline: Option<i64>| Fields { status: status.into(), deadline, ..Default::default() };
        assert!(accepting_bids(&tender("active.tendering", Some(now + 1)), now));
        assert!(accepting_bids(&tender("active.enquiries", Some(now + 1)), now), "bids are taken soon: not final");
        assert!(!accepting_bids(&tender("active.tendering", Some(now)), now), "the deadline is the last moment");
        assert!(!accepting_bids(&tender("cancelled", Some(now + 1)), now));
        assert!(!accepting_bids(&tender("active.tendering", None), now));

        use std::cmp::Ordering::*;
        let o = |a: Option<i64>, da: u32, b: Option<i64>, db: u32| deadline_order(now, (a, da), (b, db));
        assert_eq!(o(Some(now + 5), 9, Some(now + 9), 1), Less, "ahead: the sooner first");
        assert_eq!(o(Some(now + 5), 9, Some(now - 9), 1), Less, "ahead before passed");
        assert_eq!(o(Some(now - 5), 9, Some(now - 9), 1), Less, "passed: the later first");
        assert_eq!(o(Some(now - 5), 1, Some(now - 5), 9), Greater, "passed ties: reverse load order");
        assert_eq!(o(Some(now - 5), 9, None, 1), Less, "without a deadline last");
    }

    #[test]
    fn tender_id_and_date_signed_belong_to_their_kinds() {
        let parse = |s: &str, kind| SearchQuery::parse(&Params::parse(s), kind).unwrap();
        let mut c = parse("tender_id[]=UA-2026-10-08-011748-A&dateSigned[from]=2026-10-08", Kind::Contract);
        assert_eq!(c.lists, vec![(ListKey::TenderId, vec!["ua-2026-10-08-011748-a".to_string()])]);
        assert_eq!(c.ranges.len(), 1);
        assert_eq!(c.ranges[0].0, Some(4), "dateSigned is the contracts' publicationDate slot");
        c.resolve_tender_ids(|v| if v == "ua-2026-10-08-011748-a" { vec!["ABC".into()] } else { vec![] });
        assert_eq!(c.lists[0].1, vec!["abc", "ua-2026-10-08-011748-a"]);
        let f = Fields { tender_id: "abc".into(), ..Default::default() };
        assert!(list_matches(ListKey::TenderId, &c.lists[0].1, &f));
        assert!(!list_matches(ListKey::TenderId, &c.lists[0].1, &Fields::default()));
        let p = parse("tender_id=abc&dateSigned[from]=2026-10-08", Kind::Plan);
        assert_eq!((p.lists.len(), p.ranges.len()), (1, 0), "plans: tender_id yes, dateSigned no");
        let t = parse("tender_id=abc&dateSigned[from]=2026-10-08", Kind::Tender);
        assert!(t.lists.is_empty() && t.ranges.is_empty(), "tenders ignore both");
        assert!(SearchQuery::parse(&Params::parse("dateSigned[to]=soon"), Kind::Contract)
            .unwrap_err()
            .to_string()
            .contains("`dateSigned`"));
    }

    #[test]
    fn word_splitting() {
        let w: Vec<&str> = words("М'ясо, «Сир» 44830000-7").collect();
        assert_eq!(w, vec!["М'ясо", "Сир", "44830000", "7"]);
    }
}
