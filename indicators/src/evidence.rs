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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub working_days: Option<i64>,
    /// The kind of days of the minimum (and of the count compared with it).
    pub day_kind: DayKind,
    pub minimum_days: u32,
    /// The `procurementMethodType` whose minimum was used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    pub minimum_from: MinimumFrom,
}

/// R018: who bid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BiddersEvidence {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method_group: Option<MethodGroup>,
    /// Submitted bids (for this lot).
    pub bids: usize,
    /// Distinct tenderers among them.
    pub tenderers: usize,
    /// The single bid, when there is one tenderer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid: Option<BidRef>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_lots_raised: Vec<String>,
}

/// A bid and who submitted it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BidRef {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid_id: Option<String>,
    /// The active award of this bid, where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub award_id: Option<String>,
    /// The (first) tenderer's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer: Option<String>,
    /// The (first) tenderer's `identifier.id` (the EDRPOU code for Ukrainian companies).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer_id: Option<String>,
}

/// A bid with its price.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PricedBid {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub award_id: Option<String>,
    pub amount: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer_id: Option<String>,
}

/// R024 and R058: the winning bid, the second-lowest valid bid and the difference.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceGapEvidence {
    #[serde(skip_serializing_if = "Option::is_none")]
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
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IdenticalPricesEvidence {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_id: Option<String>,
    /// The shared amount (when raised).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
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
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LateBidEvidence {
    #[serde(skip_serializing_if = "Option::is_none")]
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
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DisqualifiedBid {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer_id: Option<String>,
    /// The unsuccessful award.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub award_id: Option<String>,
    /// The unsuccessful qualification (pre-qualification).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qualification_id: Option<String>,
    /// The award's or qualification's `date`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// R035: the only valid tenderer won, the others were disqualified.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SoleValidEvidence {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_id: Option<String>,
    /// The winning bid (when there is exactly one valid tenderer).
    #[serde(skip_serializing_if = "Option::is_none")]
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
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LowestBid {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid_id: Option<String>,
    pub amount: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenderer_id: Option<String>,
    pub disqualified: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disqualified_award_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disqualified_qualification_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disqualified_on: Option<String>,
}

/// R036: the lowest bid and the winner.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LowestBidEvidence {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_id: Option<String>,
    pub lowest: LowestBid,
    /// The winning bid (of the first active award), when its price is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<PricedBid>,
    /// How much the winner is above the lowest bid, in percent (two decimals).
    #[serde(skip_serializing_if = "Option::is_none")]
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
