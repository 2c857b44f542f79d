//! The facts behind a verdict: ids to link to the part of the record that holds each fact,
//! amounts, dates and counts. No prose: the pages write the sentences.

use serde::Serialize;

use crate::settings::{DayKind, MethodGroup};

/// The evidence of one outcome. Serialised without a tag: the outcome's `code` says which
/// shape it has (R003 [`PeriodEvidence`], R018 [`BiddersEvidence`], R024 and R058
/// [`PriceGapEvidence`], R028 [`IdenticalPricesEvidence`], R030 [`LateBidEvidence`], R035
/// [`SoleValidEvidence`], R036 [`LowestBidEvidence`], R038 [`RatioEvidence`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Evidence {
    Period(PeriodEvidence),
    Bidders(BiddersEvidence),
    PriceGap(PriceGapEvidence),
    IdenticalPrices(IdenticalPricesEvidence),
    LateBid(LateBidEvidence),
    SoleValid(SoleValidEvidence),
    LowestBid(LowestBidEvidence),
    Ratio(RatioEvidence),
}

impl Evidence {
    /// The lot the evidence is about, if the tender has lots.
    pub fn lot_id(&self) -> Option<&str> {
        match self {
            Evidence::Bidders(e) => e.lot_id.as_deref(),
            Evidence::PriceGap(e) => e.lot_id.as_deref(),
            Evidence::IdenticalPrices(e) => e.lot_id.as_deref(),
            Evidence::LateBid(e) => e.lot_id.as_deref(),
            Evidence::SoleValid(e) => e.lot_id.as_deref(),
            Evidence::LowestBid(e) => e.lot_id.as_deref(),
            Evidence::Period(_) | Evidence::Ratio(_) => None,
        }
    }

    pub(crate) fn set_other_lots_raised(&mut self, lots: Vec<String>) {
        match self {
            Evidence::Bidders(e) => e.other_lots_raised = lots,
            Evidence::PriceGap(e) => e.other_lots_raised = lots,
            Evidence::IdenticalPrices(e) => e.other_lots_raised = lots,
            Evidence::LateBid(e) => e.other_lots_raised = lots,
            Evidence::SoleValid(e) => e.other_lots_raised = lots,
            Evidence::LowestBid(e) => e.other_lots_raised = lots,
            Evidence::Period(_) | Evidence::Ratio(_) => {}
        }
    }
}

/// Where R003's minimum came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MinimumFrom {
    /// The legal minimum of the tender's `procurementMethodType`.
    Method,
    /// Cardinal's default (15 whole days), for a method missing from the table.
    Default,
}

/// R003: the submission period (`tenderPeriod`) against the minimum.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodEvidence {
    /// `tenderPeriod.startDate`, as in the record.
    pub start_date: String,
    /// `tenderPeriod.endDate`, as in the record.
    pub end_date: String,
    /// Whole days from start to end (Cardinal's measure: 24-hour periods, truncated).
    pub calendar_days: i64,
    /// Whole working days (Monday to Friday, Kyiv time) between start and end, when the
    /// method's minimum is in working days.
    pub working_days: Option<i64>,
    /// The kind of days of the minimum (and of the count compared with it).
    pub day_kind: DayKind,
    pub minimum_days: u32,
    /// The `procurementMethodType` whose minimum was used.
    pub method: Option<String>,
    pub minimum_from: MinimumFrom,
}

/// R018: who bid.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BiddersEvidence {
    pub lot_id: Option<String>,
    pub method: Option<String>,
    pub method_group: Option<MethodGroup>,
    /// Submitted bids (for this lot).
    pub bids: usize,
    /// Distinct tenderers among them.
    pub tenderers: usize,
    /// The single bid, when there is one tenderer.
    pub bid: Option<BidRef>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// A bid and who submitted it.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BidRef {
    pub bid_id: Option<String>,
    /// The active award of this bid, where there is one.
    pub award_id: Option<String>,
    /// The (first) tenderer's name.
    pub tenderer: Option<String>,
    /// The (first) tenderer's `identifier.id` (the EDRPOU code for Ukrainian companies).
    pub tenderer_id: Option<String>,
}

/// A bid with its price.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PricedBid {
    pub bid_id: Option<String>,
    pub award_id: Option<String>,
    pub amount: f64,
    pub currency: Option<String>,
    pub tenderer: Option<String>,
    pub tenderer_id: Option<String>,
}

/// R024 and R058: the winning bid, the second-lowest valid bid and the difference.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceGapEvidence {
    pub lot_id: Option<String>,
    pub winner: PricedBid,
    pub second_lowest: PricedBid,
    /// `(secondLowest − winner) ÷ winner` (0.05 = 5 %); negative when the winner is not the
    /// lowest (then the indicator is not applicable).
    pub difference: f64,
    /// The fence it was compared with: R024's lower fence or R058's upper fence.
    pub fence: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// R028: bids of different tenderers with the same price.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IdenticalPricesEvidence {
    pub lot_id: Option<String>,
    /// The shared amount (when raised).
    pub amount: Option<f64>,
    pub currency: Option<String>,
    /// The bids with that price (when raised).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bids: Vec<BidRef>,
    /// Submitted bids with a price (for this lot).
    pub priced_bids: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// R030: the winning bid's submission date against the deadline.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LateBidEvidence {
    pub lot_id: Option<String>,
    pub winner: BidRef,
    /// The bid's `submissionDate` or `date` (the lot value's `date` for a lot), as in the record.
    pub bid_date: String,
    /// `tenderPeriod.endDate`, as in the record.
    pub tender_period_end: String,
    /// Seconds between the deadline and the bid (positive: after the deadline).
    pub seconds_after_deadline: i64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// A disqualified bid and where the record says so: an `unsuccessful` award or an
/// `unsuccessful` pre-qualification.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DisqualifiedBid {
    pub bid_id: Option<String>,
    pub lot_id: Option<String>,
    pub tenderer: Option<String>,
    pub tenderer_id: Option<String>,
    /// The unsuccessful award.
    pub award_id: Option<String>,
    /// The unsuccessful qualification (pre-qualification).
    pub qualification_id: Option<String>,
    /// The award's or qualification's `date`.
    pub date: Option<String>,
}

/// R035: the only valid tenderer won, the others were disqualified.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SoleValidEvidence {
    pub lot_id: Option<String>,
    /// The winning bid (when there is exactly one valid tenderer).
    pub winner: Option<BidRef>,
    /// Tenderers with valid (not disqualified) bids.
    pub valid_tenderers: usize,
    /// Other tenderers with disqualified bids.
    pub disqualified_tenderers: usize,
    /// The threshold of disqualified tenderers.
    pub threshold: usize,
    /// The disqualified bids of the other tenderers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub disqualified: Vec<DisqualifiedBid>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// R036: the lowest submitted bid.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LowestBid {
    pub bid_id: Option<String>,
    pub amount: f64,
    pub currency: Option<String>,
    pub tenderer: Option<String>,
    pub tenderer_id: Option<String>,
    pub disqualified: bool,
    pub disqualified_award_id: Option<String>,
    pub disqualified_qualification_id: Option<String>,
    pub disqualified_on: Option<String>,
}

/// R036: the lowest bid and the winner.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LowestBidEvidence {
    pub lot_id: Option<String>,
    pub lowest: LowestBid,
    /// The winning bid (of the first active award), when its price is known.
    pub winner: Option<PricedBid>,
    /// How much the winner is above the lowest bid, in percent (two decimals).
    pub percent_above: Option<f64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// R038: disqualified and submitted bids of the tender (one per bid and lot).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RatioEvidence {
    pub submitted: usize,
    pub disqualified: usize,
    pub ratio: f64,
    /// The upper fence it was compared with.
    pub fence: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub disqualified_bids: Vec<DisqualifiedBid>,
}
