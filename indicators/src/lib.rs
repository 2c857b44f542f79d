//! Integrity indicators ("red flags") of one Prozorro tender record.
//!
//! The definitions are Cardinal's (open-contracting/cardinal-rs, MIT licence), reimplemented
//! and read for Prozorro's data model: lots and `lotValues`, awards with `bid_id`,
//! pre-qualification `qualifications`, `procurementMethodType`. README.md gives each
//! indicator's reading in plain words.
//!
//! The library is a pure function of one record: [`assess`] takes the tender object (the
//! `data` of the public API) and returns one [`Outcome`] per [`Code`], each raised, clear or
//! not applicable with a [`Reason`], with structured [`Evidence`]. The three indicators that
//! Cardinal computes against a population (R024, R038, R058) use fences held in
//! [`Settings`]; [`measures`] and [`fences`] compute them over any population, and the
//! defaults are pinned from the real snapshot.
//!
//! [`prices`] reads the unit prices of one tender or contract (issue 47): the population the
//! upstream's price index and its price red flag are made of.

mod evidence;
pub mod prices;
mod record;
mod rules;
mod settings;
mod stats;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use evidence::{
    BidRef, BiddersEvidence, DisqualifiedBid, Evidence, IdenticalPricesEvidence, LateBidEvidence, LowestBid,
    LowestBidEvidence, MinimumFrom, PeriodEvidence, PriceGapEvidence, PricedBid, RatioEvidence, SoleValidEvidence,
};
pub use settings::{method_group, DayKind, MethodGroup, MinimumPeriod, Settings, MINIMUM_PERIODS, SNAPSHOT_FENCES};
pub use stats::{fences, fences_with_minimum, quantile, Fences, Quartiles, DEFAULT_MINIMUM_SUBMITTED};

/// The indicators, with Cardinal's codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Code {
    /// Short submission period.
    R003,
    /// Single bid received.
    R018,
    /// Price close to winning bid.
    R024,
    /// Identical bid prices.
    R028,
    /// Late bid won.
    R030,
    /// All except winning bid disqualified.
    R035,
    /// Lowest bid disqualified.
    R036,
    /// Excessive disqualified bids.
    R038,
    /// Heavily discounted bid.
    R058,
}

impl Code {
    /// Every code, in the order of [`Assessment::outcomes`].
    pub const ALL: [Code; 9] =
        [Code::R003, Code::R018, Code::R024, Code::R028, Code::R030, Code::R035, Code::R036, Code::R038, Code::R058];

    /// The position in [`Code::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The bit of this code in [`Assessment::raised`]: `1 << index`.
    pub fn bit(self) -> u16 {
        1 << self.index()
    }

    /// `"R003"` …
    pub fn as_str(self) -> &'static str {
        match self {
            Code::R003 => "R003",
            Code::R018 => "R018",
            Code::R024 => "R024",
            Code::R028 => "R028",
            Code::R030 => "R030",
            Code::R035 => "R035",
            Code::R036 => "R036",
            Code::R038 => "R038",
            Code::R058 => "R058",
        }
    }

    /// The code written `R003` (or `r003`); `None` for anything else.
    pub fn parse(s: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str().eq_ignore_ascii_case(s.trim()))
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an indicator says of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// The red flag is raised.
    Raised,
    /// The indicator was computed and the flag is not raised.
    Clear,
    /// The indicator cannot be computed on this record; [`Outcome::reason`] says why.
    NotApplicable,
}

/// Why an indicator is not applicable (serialised in camelCase: `noTenderPeriod` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Reason {
    /// The record is not an object, `bids`, `awards`, `lots` or `qualifications` is not a
    /// list, or no lot has an id.
    Malformed,
    /// The tender is cancelled, or all its lots are (Cardinal excludes cancelled processes).
    TenderCancelled,
    /// `procurementMethodType` is missing or not one Prozorro defines (R018 needs its group).
    UnknownMethod,
    /// The method has no submission period: reporting, negotiation, negotiation.quick.
    MethodWithoutTenderPeriod,
    /// `tenderPeriod.startDate` or `endDate` is missing or not a date.
    NoTenderPeriod,
    /// The method receives no bids (the limited methods: reporting, negotiation…).
    MethodWithoutBids,
    /// The method is not competitive in the settings (R018 looks at open and selective methods).
    MethodNotCompetitive,
    /// The method is excluded from price comparisons in the settings (e.g. esco, where bids
    /// are ranked by the value of energy savings).
    NoPriceComparison,
    /// The award criterion is not the price alone (`awardCriteria` other than `lowestCost`,
    /// or non-price criteria in `features`).
    PriceNotTheCriterion,
    /// The bids are not published yet (the tender is still at enquiries, tendering or auction).
    NoBidsPublished,
    /// The tender (or this lot) received no bids.
    NoBids,
    /// Fewer submitted bids than the indicator's minimum (R038).
    TooFewBids,
    /// Only one tenderer's bid has a price: nothing to compare it with.
    OneBidOnly,
    /// Other bids were submitted but none of them is valid and priced in the winner's currency.
    NoSecondValidBid,
    /// The bids carry no amounts (in one currency) to compare.
    NoPrices,
    /// No award is active and the tender (or lot) is over.
    NoActiveAward,
    /// An award is still pending, or the evaluation has not reached an award yet.
    AwardPending,
    /// Several active awards in one lot (e.g. framework agreements): Cardinal excludes them.
    MultipleWinners,
    /// The winning bid is a joint bid, or the award names several suppliers.
    JointBid,
    /// The active award's bid is not among the published bids.
    WinningBidNotFound,
    /// The winning bid is not the lowest valid bid, so price was not what decided.
    WinnerNotLowest,
    /// The winning bid carries no submission date (R030).
    NoBidDates,
    /// The population's fence is not a positive number, so no record can be an outlier on
    /// that side (Cardinal's guard).
    NoUsableFence,
}

/// One indicator's result for one record.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub code: Code,
    pub verdict: Verdict,
    /// Set when the verdict is [`Verdict::NotApplicable`].
    pub reason: Option<Reason>,
    /// The facts the verdict rests on, when the record holds them.
    pub evidence: Option<Evidence>,
}

/// All indicators for one record: exactly one outcome per [`Code::ALL`], in that order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assessment {
    pub outcomes: Vec<Outcome>,
}

static MISSING: [Outcome; 9] = {
    const fn na(code: Code) -> Outcome {
        Outcome { code, verdict: Verdict::NotApplicable, reason: None, evidence: None }
    }
    [
        na(Code::R003),
        na(Code::R018),
        na(Code::R024),
        na(Code::R028),
        na(Code::R030),
        na(Code::R035),
        na(Code::R036),
        na(Code::R038),
        na(Code::R058),
    ]
};

impl Assessment {
    /// The assessment with the evidence of its raised outcomes only: what a tender page
    /// shows (the others are named, with a reason when they do not apply).
    pub fn evidence_of_raised_only(mut self) -> Self {
        for outcome in &mut self.outcomes {
            if outcome.verdict != Verdict::Raised {
                outcome.evidence = None;
            }
        }
        self
    }

    /// The raised indicators as a bitmask of [`Code::bit`].
    pub fn raised(&self) -> u16 {
        self.outcomes.iter().filter(|o| o.verdict == Verdict::Raised).fold(0, |bits, o| bits | o.code.bit())
    }

    /// The outcome of one indicator.
    pub fn get(&self, code: Code) -> &Outcome {
        match self.outcomes.get(code.index()) {
            Some(o) if o.code == code => o,
            // Only an assessment built by hand can be out of order.
            _ => self.outcomes.iter().find(|o| o.code == code).unwrap_or(&MISSING[code.index()]),
        }
    }
}

/// The top-level members of a tender the indicators read: a caller holding the record as
/// text may parse only these (the portal's server does, to leave out the items and the
/// documents), and gets the same assessment as from the whole record.
pub const FIELDS: &[&str] = &[
    "status",
    "procurementMethod",
    "procurementMethodType",
    "awardCriteria",
    "features",
    "value",
    "tenderPeriod",
    "lots",
    "bids",
    "qualifications",
    "awards",
];

/// Assesses one tender with [`Settings::default`].
pub fn assess(tender: &Value) -> Assessment {
    assess_with(tender, &Settings::default())
}

/// Assesses one tender.
pub fn assess_with(tender: &Value, settings: &Settings) -> Assessment {
    rules::assess(tender, settings)
}

/// The values of one tender that Cardinal compares against a population.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Measures {
    /// R024 and R058: `(secondLowestValidBid − winningBid) ÷ winningBid`, one per lot (or
    /// one for a tender without lots) where it can be computed.
    pub differences: Vec<LotDifference>,
    /// R038: submitted bids (one per bid and lot), 0 where the indicator does not apply.
    pub submitted: usize,
    /// R038: of those, the disqualified.
    pub disqualified: usize,
}

/// One difference between the winning bid and the second-lowest valid bid.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LotDifference {
    pub lot_id: Option<String>,
    pub difference: f64,
}

/// The population values of one tender, with [`Settings::default`].
pub fn measures(tender: &Value) -> Measures {
    measures_with(tender, &Settings::default())
}

/// The population values of one tender (the settings decide which methods compare prices).
pub fn measures_with(tender: &Value, settings: &Settings) -> Measures {
    rules::measures(tender, settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_print_and_have_one_bit_each() {
        assert_eq!(Code::ALL.map(|c| c.as_str()).join(" "), "R003 R018 R024 R028 R030 R035 R036 R038 R058");
        for (i, code) in Code::ALL.into_iter().enumerate() {
            assert_eq!(code.index(), i);
            assert_eq!(code.bit(), 1 << i);
            assert_eq!(Code::parse(code.as_str()), Some(code));
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
            assert_eq!(code.to_string(), code.as_str());
        }
        assert_eq!(Code::parse(" r036 "), Some(Code::R036));
        assert_eq!(Code::parse("R025"), None);
        assert_eq!(Code::parse(""), None);
        assert_eq!(Code::R058.bit(), 256);
    }

    #[test]
    fn verdicts_and_reasons_are_camel_case() {
        assert_eq!(serde_json::to_value(Verdict::NotApplicable).unwrap(), "notApplicable");
        assert_eq!(serde_json::to_value(Verdict::Raised).unwrap(), "raised");
        assert_eq!(serde_json::to_value(Reason::NoTenderPeriod).unwrap(), "noTenderPeriod");
        assert_eq!(serde_json::to_value(Reason::MethodWithoutBids).unwrap(), "methodWithoutBids");
        let o = Outcome {
            code: Code::R030,
            verdict: Verdict::NotApplicable,
            reason: Some(Reason::NoBidDates),
            evidence: None,
        };
        assert_eq!(
            serde_json::to_string(&o).unwrap(),
            r#"{"code":"R030","verdict":"notApplicable","reason":"noBidDates"}"#
        );
    }

    #[test]
    fn get_finds_outcomes_out_of_order() {
        let raised = Outcome { code: Code::R018, verdict: Verdict::Raised, reason: None, evidence: None };
        let a = Assessment { outcomes: vec![raised.clone()] };
        assert_eq!(a.get(Code::R018), &raised);
        assert_eq!(a.get(Code::R003).verdict, Verdict::NotApplicable);
        assert_eq!(a.raised(), Code::R018.bit());
    }
}
