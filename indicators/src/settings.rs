//! Settings, Cardinal's defaults and Prozorro's method tables.

use serde::Serialize;

use crate::stats::{Fences, Quartiles};

/// Calendar or working days (Monday to Friday).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum DayKind {
    Calendar,
    Working,
}

/// OCDS's `procurementMethod`, which Prozorro's records do not carry: it follows from
/// `procurementMethodType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MethodGroup {
    Open,
    Selective,
    Limited,
}

/// The group of a `procurementMethodType`, from Prozorro's codelist
/// (ProzorroUKR/standards, `codelists/tender/tender_procurement_method_type.json`, field
/// `procurementMethod`, at commit c32ccbf of 2026-08-21). `centralizedProcurement` has an
/// empty group there and is unknown here.
pub fn method_group(procurement_method_type: &str) -> Option<MethodGroup> {
    use MethodGroup::*;
    Some(match procurement_method_type {
        "belowThreshold"
        | "requestForProposal"
        | "aboveThreshold"
        | "aboveThresholdUA"
        | "aboveThresholdEU"
        | "aboveThresholdUA.defense"
        | "competitiveDialogueUA"
        | "competitiveDialogueEU"
        | "esco"
        | "closeFrameworkAgreementUA"
        | "simple.defense"
        | "complexAsset.arma" => Open,
        "competitiveOrdering"
        | "competitiveDialogueUA.stage2"
        | "competitiveDialogueEU.stage2"
        | "closeFrameworkAgreementSelectionUA"
        | "priceQuotation" => Selective,
        "negotiation" | "negotiation.quick" | "reporting" => Limited,
        _ => return None,
    })
}

/// A legal minimum submission period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MinimumPeriod {
    pub days: u32,
    pub day_kind: DayKind,
}

const fn calendar(days: u32) -> MinimumPeriod {
    MinimumPeriod { days, day_kind: DayKind::Calendar }
}

const fn working(days: u32) -> MinimumPeriod {
    MinimumPeriod { days, day_kind: DayKind::Working }
}

/// Prozorro's minimum tender period (`minTenderingDuration`) per `procurementMethodType`:
/// the table of the API documentation (ProzorroUKR/openprocurement.api,
/// `docs/source/tendering/config/csv/min-tendering-duration-values.csv` at 344fdc78b of
/// 2026-08-21) and the tender configuration schemas of ProzorroUKR/standards
/// (`data_model/schema/TenderConfig/*.json`). Where a method allows two values, the lower
/// one is the legal minimum: aboveThreshold allows 7 or 15 calendar days (15 is the default
/// since 2026-08-21), competitiveOrdering 2 working days (short) or 7 calendar days (long).
/// A zero minimum means the method has no submission period.
pub const MINIMUM_PERIODS: &[(&str, MinimumPeriod)] = &[
    ("aboveThreshold", calendar(7)),
    ("aboveThresholdEU", calendar(30)),
    ("aboveThresholdUA", calendar(15)),
    ("aboveThresholdUA.defense", working(6)),
    ("belowThreshold", working(2)),
    ("closeFrameworkAgreementSelectionUA", calendar(3)),
    ("closeFrameworkAgreementUA", calendar(30)),
    ("competitiveDialogueEU", calendar(30)),
    ("competitiveDialogueEU.stage2", calendar(30)),
    ("competitiveDialogueUA", calendar(30)),
    ("competitiveDialogueUA.stage2", calendar(15)),
    ("competitiveOrdering", working(2)),
    ("complexAsset.arma", working(20)),
    ("esco", calendar(30)),
    ("negotiation", calendar(0)),
    ("negotiation.quick", calendar(0)),
    ("priceQuotation", working(2)),
    ("reporting", calendar(0)),
    ("requestForProposal", calendar(4)),
    ("simple.defense", working(6)),
];

/// The configuration of the indicators. [`Settings::default`] holds Cardinal's defaults, read
/// for Prozorro (README.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// R003: the minimum for a method missing from `r003_minimums` (Cardinal's default: 15
    /// whole days).
    pub r003_default_days: u32,
    /// R003: the minimum per `procurementMethodType` (Cardinal's
    /// `[R003.procurement_method_details]`); defaults to [`MINIMUM_PERIODS`].
    pub r003_minimums: Vec<(String, MinimumPeriod)>,
    /// R018: the competitive method groups (Cardinal's default: open and selective).
    pub r018_method_groups: Vec<MethodGroup>,
    /// Cardinal's `price_comparison_procurement_methods`, on `procurementMethodType`: when not
    /// empty, only these methods compare prices (R024, R028, R036, R058).
    pub price_comparison_methods: Vec<String>,
    /// Cardinal's `no_price_comparison_procurement_methods`, on `procurementMethodType`: these
    /// methods do not compare prices. Default: esco (bids are ranked by the value of energy
    /// savings, the higher the better) and complexAsset.arma (rated criteria).
    pub no_price_comparison_methods: Vec<String>,
    /// R035: the minimum number of other tenderers with disqualified bids (Cardinal: 1).
    pub r035_threshold: usize,
    /// R038: the minimum number of submitted bids of a tender (Cardinal's
    /// `minimum_submitted_bids`: 2).
    pub r038_minimum_submitted: usize,
    /// The fences of R024, R058 and R038.
    pub fences: Fences,
}

/// The fences computed by [`crate::fences`] over the real snapshot `data/demo.jsonl.gz`
/// (5,479 tenders of the Lviv region modified 2026-10-05 to 2026-10-12, as bundled with the
/// prozorro-mcp 0.1.1 package): 317 differences between the winning and the second-lowest
/// valid bid (one per lot), and the ratios of the 426 tenders with at least 2 submitted
/// bids. `tests/real.rs` (`pinned_fences_match_the_snapshot`) recomputes them.
///
/// R024's lower fence is negative: no difference (never below 0) can be a low outlier, and
/// R024 is not applicable until a population or a setting gives a positive fence. R038's
/// upper fence is 0: most tenders disqualify no bid.
pub const SNAPSHOT_FENCES: Fences = Fences {
    differences: Quartiles { count: 317, q1: 0.00977163922743079, q3: 0.10523728824716692 },
    disqualified_ratios: Quartiles { count: 426, q1: 0.0, q3: 0.0 },
    r024_lower: -0.1334268343021734,
    r058_upper: 0.24843576177677112,
    r038_upper: 0.0,
};

impl Default for Settings {
    fn default() -> Self {
        Settings {
            r003_default_days: 15,
            r003_minimums: MINIMUM_PERIODS.iter().map(|(m, p)| (m.to_string(), *p)).collect(),
            r018_method_groups: vec![MethodGroup::Open, MethodGroup::Selective],
            price_comparison_methods: Vec::new(),
            no_price_comparison_methods: vec!["esco".into(), "complexAsset.arma".into()],
            r035_threshold: 1,
            r038_minimum_submitted: 2,
            fences: SNAPSHOT_FENCES,
        }
    }
}

impl Settings {
    /// R003's minimum for a method, and whether it came from the table.
    pub(crate) fn minimum_for(&self, method: Option<&str>) -> (MinimumPeriod, bool) {
        match method.and_then(|m| self.r003_minimums.iter().find(|(k, _)| k == m)) {
            Some((_, p)) => (*p, true),
            None => (calendar(self.r003_default_days), false),
        }
    }

    /// Cardinal's global price-comparison lists, applied to `procurementMethodType`.
    pub(crate) fn compares_prices(&self, method: Option<&str>) -> bool {
        if !self.price_comparison_methods.is_empty() {
            method.is_some_and(|m| self.price_comparison_methods.iter().any(|x| x == m))
        } else {
            !method.is_some_and(|m| self.no_price_comparison_methods.iter().any(|x| x == m))
        }
    }
}
