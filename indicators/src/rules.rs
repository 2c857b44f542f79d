//! The indicators. Each works per competition (a lot, or the whole tender without lots);
//! a tender raises an indicator if one of its lots does, and the evidence names that lot
//! (and the other lots that raise it too).

use std::collections::BTreeSet;

use serde_json::Value;

use crate::evidence::*;
use crate::record::{Award, Entry, Record, Unit};
use crate::settings::{DayKind, MethodGroup, Settings};
use crate::{Assessment, Code, LotDifference, Measures, Outcome, Reason, Verdict};

const DAY_MS: i64 = 86_400_000;

/// One competition's result.
enum Found {
    Raised(Evidence),
    Clear(Option<Evidence>),
    Na(Reason, Option<Evidence>),
}

fn na(code: Code, reason: Reason) -> Outcome {
    Outcome { code, verdict: Verdict::NotApplicable, reason: Some(reason), evidence: None }
}

fn single(code: Code, found: Found) -> Outcome {
    match found {
        Found::Raised(e) => Outcome { code, verdict: Verdict::Raised, reason: None, evidence: Some(e) },
        Found::Clear(e) => Outcome { code, verdict: Verdict::Clear, reason: None, evidence: e },
        Found::Na(r, e) => Outcome { code, verdict: Verdict::NotApplicable, reason: Some(r), evidence: e },
    }
}

/// Runs `f` on every competition and combines: raised if any is raised, else clear if any is
/// clear, else not applicable for the first one's reason.
fn per_unit<'r, 'a: 'r>(code: Code, rec: &'r Record<'a>, f: impl Fn(&'r Unit<'a>) -> Found) -> Outcome {
    let found: Vec<(Option<&str>, Found)> = rec.units.iter().map(|u| (u.lot_id, f(u))).collect();
    let raised_lots: Vec<String> = found
        .iter()
        .filter(|(_, f)| matches!(f, Found::Raised(_)))
        .filter_map(|(lot, _)| lot.map(str::to_owned))
        .collect();
    let mut first_clear = None;
    let mut first_na = None;
    for (lot, f) in found {
        match f {
            Found::Raised(mut e) => {
                e.set_other_lots_raised(raised_lots.into_iter().filter(|l| Some(l.as_str()) != lot).collect());
                return single(code, Found::Raised(e));
            }
            Found::Clear(e) => {
                first_clear.get_or_insert(Found::Clear(e));
            }
            na @ Found::Na(..) => {
                first_na.get_or_insert(na);
            }
        }
    }
    single(code, first_clear.or(first_na).unwrap_or(Found::Na(Reason::NoBids, None)))
}

fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

fn bid_ref(e: &Entry<'_>, award: Option<&Award<'_>>) -> BidRef {
    let t = e.first_tenderer();
    BidRef {
        bid_id: owned(e.bid_id),
        award_id: owned(award.and_then(|a| a.id)),
        tenderer: owned(t.and_then(|t| t.name)),
        tenderer_id: owned(t.and_then(|t| t.id)),
    }
}

fn priced(e: &Entry<'_>, award: Option<&Award<'_>>, amount: f64) -> PricedBid {
    let t = e.first_tenderer();
    PricedBid {
        bid_id: owned(e.bid_id),
        award_id: owned(award.and_then(|a| a.id)),
        amount,
        currency: owned(e.currency),
        tenderer: owned(t.and_then(|t| t.name)),
        tenderer_id: owned(t.and_then(|t| t.id)),
    }
}

fn disqualified_bid(e: &Entry<'_>, lot_id: Option<&str>) -> DisqualifiedBid {
    let t = e.first_tenderer();
    let d = e.disqualified.clone().unwrap_or_default();
    DisqualifiedBid {
        bid_id: owned(e.bid_id),
        lot_id: owned(lot_id),
        tenderer: owned(t.and_then(|t| t.name)),
        tenderer_id: owned(t.and_then(|t| t.id)),
        award_id: owned(d.award_id),
        qualification_id: owned(d.qualification_id),
        date: owned(d.date),
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

// Gates shared by several indicators.

/// Bids are there to look at.
fn bids_gate(rec: &Record<'_>) -> Result<(), Reason> {
    if rec.group == Some(MethodGroup::Limited) {
        return Err(Reason::MethodWithoutBids);
    }
    if !rec.bids_published {
        // After the auction and pre-qualification, the platform shows the bids: none means none came.
        let over = rec.is_final() || matches!(rec.status, Some("active.qualification" | "active.awarded"));
        return Err(if over { Reason::NoBids } else { Reason::NoBidsPublished });
    }
    Ok(())
}

/// Prices may be compared (Cardinal's global lists), and, with `criterion`, the price alone
/// decides (`awardCriteria` absent or `lowestCost`, no non-price `features`).
fn price_gate(rec: &Record<'_>, s: &Settings, criterion: bool) -> Result<(), Reason> {
    if rec.group == Some(MethodGroup::Limited) {
        return Err(Reason::MethodWithoutBids);
    }
    if !s.compares_prices(rec.method) {
        return Err(Reason::NoPriceComparison);
    }
    if criterion && (!matches!(rec.award_criteria, None | Some(Some("lowestCost"))) || rec.has_features) {
        return Err(Reason::PriceNotTheCriterion);
    }
    Ok(())
}

/// Why a competition has no active award.
fn no_winner_reason(rec: &Record<'_>, u: &Unit<'_>) -> Reason {
    if u.awards.iter().any(|a| a.is("pending")) {
        Reason::AwardPending
    } else if rec.is_final() || matches!(u.lot_status, Some("complete" | "unsuccessful")) {
        Reason::NoActiveAward
    } else {
        Reason::AwardPending
    }
}

fn distinct_tenderers(entries: &[Entry<'_>]) -> usize {
    entries.iter().map(Entry::tenderers_key).collect::<BTreeSet<_>>().len()
}

/// A date of the record in epoch milliseconds. Years of more than four digits are refused
/// before the arithmetic of `dates::parse`, which does not expect them.
fn parse_date(s: &str) -> Option<i64> {
    let year = s.trim().split('-').next()?;
    if year.is_empty() || year.len() > 4 {
        return None;
    }
    dates::parse(s)
}

// R003

/// Kyiv's calendar day of an instant, and whether the instant is its midnight.
fn kyiv_day(utc_ms: i64) -> (i64, bool) {
    let local = utc_ms + dates::kyiv_offset_secs(utc_ms) * 1000;
    (local.div_euclid(DAY_MS), local.rem_euclid(DAY_MS) == 0)
}

/// Whole working days (Monday to Friday, Kyiv time) that lie entirely between two instants.
/// Public holidays are not observed under martial law (the platform's calendar,
/// ProzorroUKR/standards `calendars/workdays_off.json`, lists none after June 2022).
fn working_days(start_ms: i64, end_ms: i64) -> i64 {
    let (start_day, at_midnight) = kyiv_day(start_ms);
    let first = if at_midnight { start_day } else { start_day + 1 };
    let last = kyiv_day(end_ms).0; // exclusive: the end's own day is not whole
    if last <= first {
        return 0;
    }
    let span = last - first;
    let mut count = span / 7 * 5;
    for day in first + span / 7 * 7..last {
        // 1970-01-01 was a Thursday: weekday 0 is Sunday.
        if (1..=5).contains(&(day + 4).rem_euclid(7)) {
            count += 1;
        }
    }
    count
}

fn r003(rec: &Record<'_>, s: &Settings) -> Outcome {
    let code = Code::R003;
    if rec.group == Some(MethodGroup::Limited) {
        return na(code, Reason::MethodWithoutTenderPeriod);
    }
    let (minimum, from_method) = s.minimum_for(rec.method);
    if minimum.days == 0 {
        return na(code, Reason::MethodWithoutTenderPeriod);
    }
    let period = rec.tender_period;
    let start = period.and_then(|p| crate::record::text(p, "startDate"));
    let end = period.and_then(|p| crate::record::text(p, "endDate"));
    let (Some(start), Some(end)) = (start, end) else { return na(code, Reason::NoTenderPeriod) };
    let (Some(start_ms), Some(end_ms)) = (parse_date(start), parse_date(end)) else {
        return na(code, Reason::NoTenderPeriod);
    };
    let calendar_days = (end_ms - start_ms) / DAY_MS;
    let working = (minimum.day_kind == DayKind::Working).then(|| working_days(start_ms, end_ms));
    let compared = working.unwrap_or(calendar_days);
    let evidence = Evidence::Period(PeriodEvidence {
        start_date: start.to_owned(),
        end_date: end.to_owned(),
        calendar_days,
        working_days: working,
        day_kind: minimum.day_kind,
        minimum_days: minimum.days,
        method: owned(rec.method),
        minimum_from: if from_method { MinimumFrom::Method } else { MinimumFrom::Default },
    });
    single(
        code,
        if compared < i64::from(minimum.days) { Found::Raised(evidence) } else { Found::Clear(Some(evidence)) },
    )
}

// R018

fn r018(rec: &Record<'_>, s: &Settings) -> Outcome {
    let code = Code::R018;
    let group = match rec.group {
        None => return na(code, Reason::UnknownMethod),
        Some(MethodGroup::Limited) => return na(code, Reason::MethodWithoutBids),
        Some(g) if !s.r018_method_groups.contains(&g) => return na(code, Reason::MethodNotCompetitive),
        Some(g) => g,
    };
    if let Err(r) = bids_gate(rec) {
        return na(code, r);
    }
    per_unit(code, rec, |u| {
        if u.entries.is_empty() {
            return Found::Na(Reason::NoBids, None);
        }
        let tenderers = distinct_tenderers(&u.entries);
        let evidence = Evidence::Bidders(BiddersEvidence {
            lot_id: owned(u.lot_id),
            method: owned(rec.method),
            method_group: Some(group),
            bids: u.entries.len(),
            tenderers,
            bid: (tenderers == 1).then(|| bid_ref(&u.entries[0], None)),
            other_lots_raised: Vec::new(),
        });
        if tenderers == 1 {
            Found::Raised(evidence)
        } else {
            Found::Clear(Some(evidence))
        }
    })
}

// R024 and R058

/// The winning bid against the second-lowest valid bid of one competition, with Cardinal's
/// exclusions. `Err` carries the evidence when it is known (the winner is not the lowest).
fn price_gap(
    rec: &Record<'_>,
    u: &Unit<'_>,
    fence: f64,
) -> Result<PriceGapEvidence, (Reason, Option<Box<PriceGapEvidence>>)> {
    if u.entries.is_empty() {
        return Err((Reason::NoBids, None));
    }
    if u.awards.iter().any(|a| a.is("pending")) {
        return Err((Reason::AwardPending, None));
    }
    let active: Vec<&Award<'_>> = u.active_awards().collect();
    let award = match active[..] {
        [] => return Err((no_winner_reason(rec, u), None)),
        [award] => award,
        _ => return Err((Reason::MultipleWinners, None)),
    };
    if award.suppliers.len() > 1 {
        return Err((Reason::JointBid, None));
    }
    let Some(wi) = u.entry_of(award) else { return Err((Reason::WinningBidNotFound, None)) };
    let winner = &u.entries[wi];
    if winner.tenderers.len() > 1 {
        return Err((Reason::JointBid, None));
    }
    let Some(winning_amount) = winner.amount.filter(|a| *a > 0.0) else { return Err((Reason::NoPrices, None)) };
    let winner_key = winner.tenderers_key();
    let second = u
        .entries
        .iter()
        .enumerate()
        .filter(|(i, e)| {
            *i != wi
                && e.is_valid()
                && e.tenderers.len() == 1
                && e.tenderers_key() != winner_key
                && e.currency == winner.currency
        })
        .filter_map(|(_, e)| Some((e, e.amount?)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let Some((second, second_amount)) = second else {
        let reason = if distinct_tenderers(&u.entries) <= 1 { Reason::OneBidOnly } else { Reason::NoSecondValidBid };
        return Err((reason, None));
    };
    let difference = (second_amount - winning_amount) / winning_amount;
    if !difference.is_finite() {
        return Err((Reason::NoPrices, None));
    }
    let evidence = PriceGapEvidence {
        lot_id: owned(u.lot_id),
        winner: priced(winner, Some(award), winning_amount),
        second_lowest: priced(second, None, second_amount),
        difference,
        fence,
        other_lots_raised: Vec::new(),
    };
    if second_amount < winning_amount {
        return Err((Reason::WinnerNotLowest, Some(Box::new(evidence))));
    }
    Ok(evidence)
}

fn r024_r058(code: Code, rec: &Record<'_>, s: &Settings) -> Outcome {
    if let Err(r) = price_gate(rec, s, true).and_then(|()| bids_gate(rec)) {
        return na(code, r);
    }
    let (fence, low) = match code {
        Code::R024 => (s.fences.r024_lower, true),
        _ => (s.fences.r058_upper, false),
    };
    per_unit(code, rec, |u| match price_gap(rec, u, fence) {
        Err((reason, evidence)) => Found::Na(reason, evidence.map(|e| Evidence::PriceGap(*e))),
        // Differences are never negative here: a fence at or below zero flags nothing (R024)
        // or everything (R058), and Cardinal then flags nothing.
        Ok(e) if fence.is_nan() || fence <= 0.0 => Found::Na(Reason::NoUsableFence, Some(Evidence::PriceGap(e))),
        Ok(e) => {
            let outlier = if low { e.difference <= fence } else { e.difference >= fence };
            match outlier {
                true => Found::Raised(Evidence::PriceGap(e)),
                false => Found::Clear(Some(Evidence::PriceGap(e))),
            }
        }
    })
}

// R028

fn r028(rec: &Record<'_>, s: &Settings) -> Outcome {
    let code = Code::R028;
    if let Err(r) = price_gate(rec, s, false).and_then(|()| bids_gate(rec)) {
        return na(code, r);
    }
    per_unit(code, rec, |u| {
        if u.entries.is_empty() {
            return Found::Na(Reason::NoBids, None);
        }
        let priced: Vec<(&Entry<'_>, f64)> = u.entries.iter().filter_map(|e| Some((e, e.amount?))).collect();
        let mut evidence = IdenticalPricesEvidence {
            lot_id: owned(u.lot_id),
            amount: None,
            currency: None,
            bids: Vec::new(),
            priced_bids: priced.len(),
            other_lots_raised: Vec::new(),
        };
        if priced.is_empty() {
            return Found::Na(Reason::NoPrices, None);
        }
        if priced.iter().map(|(e, _)| e.tenderers_key()).collect::<BTreeSet<_>>().len() < 2 {
            return Found::Na(Reason::OneBidOnly, Some(Evidence::IdenticalPrices(evidence)));
        }
        // Prices in the order they first appear; a price is shared when bids of at least two
        // different tenderers (or sets of joint tenderers) carry it.
        for (i, (first, amount)) in priced.iter().enumerate() {
            let same = |(e, a): &&(&Entry<'_>, f64)| a.to_bits() == amount.to_bits() && e.currency == first.currency;
            if priced[..i].iter().any(|p| same(&p)) {
                continue;
            }
            let group: Vec<&Entry<'_>> = priced[i..].iter().filter(same).map(|(e, _)| *e).collect();
            if group.iter().map(|e| e.tenderers_key()).collect::<BTreeSet<_>>().len() >= 2 {
                evidence.amount = Some(*amount);
                evidence.currency = owned(first.currency);
                evidence.bids = group.iter().map(|e| bid_ref(e, None)).collect();
                return Found::Raised(Evidence::IdenticalPrices(evidence));
            }
        }
        Found::Clear(Some(Evidence::IdenticalPrices(evidence)))
    })
}

// R030

fn r030(rec: &Record<'_>) -> Outcome {
    let code = Code::R030;
    if let Err(r) = bids_gate(rec) {
        return na(code, r);
    }
    let end = rec.tender_period.and_then(|p| crate::record::text(p, "endDate"));
    let Some((end, end_ms)) = end.and_then(|e| Some((e, parse_date(e)?))) else {
        return na(code, Reason::NoTenderPeriod);
    };
    per_unit(code, rec, |u| {
        if u.entries.is_empty() {
            return Found::Na(Reason::NoBids, None);
        }
        let mut clear = None;
        let mut unknown = None;
        for award in u.active_awards() {
            let Some(i) = u.entry_of(award) else {
                unknown.get_or_insert(Reason::WinningBidNotFound);
                continue;
            };
            let e = &u.entries[i];
            let Some((date, ms)) = e.date.and_then(|d| Some((d, parse_date(d)?))) else {
                unknown = Some(Reason::NoBidDates);
                continue;
            };
            let evidence = Evidence::LateBid(LateBidEvidence {
                lot_id: owned(u.lot_id),
                winner: bid_ref(e, Some(award)),
                bid_date: date.to_owned(),
                tender_period_end: end.to_owned(),
                seconds_after_deadline: (ms - end_ms).div_euclid(1000),
                other_lots_raised: Vec::new(),
            });
            if ms > end_ms {
                return Found::Raised(evidence);
            }
            clear.get_or_insert(evidence);
        }
        match (unknown, clear) {
            (Some(reason), _) => Found::Na(reason, None),
            (None, Some(e)) => Found::Clear(Some(e)),
            (None, None) => Found::Na(no_winner_reason(rec, u), None),
        }
    })
}

// R035

fn r035(rec: &Record<'_>, s: &Settings) -> Outcome {
    let code = Code::R035;
    if let Err(r) = bids_gate(rec) {
        return na(code, r);
    }
    let threshold = s.r035_threshold.max(1);
    per_unit(code, rec, |u| {
        if u.entries.is_empty() {
            return Found::Na(Reason::NoBids, None);
        }
        if u.awards.iter().any(|a| a.is("pending")) {
            return Found::Na(Reason::AwardPending, None);
        }
        let active: Vec<&Award<'_>> = u.active_awards().collect();
        if active.is_empty() {
            return Found::Na(no_winner_reason(rec, u), None);
        }
        let valid: BTreeSet<&str> = u
            .entries
            .iter()
            .filter(|e| e.is_valid())
            .flat_map(|e| e.tenderers.iter().map(|t| t.key.as_str()))
            .collect();
        let suppliers: BTreeSet<&str> =
            active.iter().flat_map(|a| a.suppliers.iter().map(|t| t.key.as_str())).collect();
        let others: Vec<&Entry<'_>> = u
            .entries
            .iter()
            .filter(|e| e.disqualified.is_some() && e.tenderers.iter().any(|t| !valid.contains(t.key.as_str())))
            .collect();
        let disqualified_tenderers: BTreeSet<&str> = others
            .iter()
            .flat_map(|e| e.tenderers.iter().map(|t| t.key.as_str()))
            .filter(|k| !valid.contains(k))
            .collect();
        let winner = (valid.len() == 1)
            .then(|| {
                let award = active[0];
                let i = u.entry_of(award).filter(|i| u.entries[*i].is_valid());
                i.map(|i| bid_ref(&u.entries[i], Some(award)))
                    .or_else(|| u.entries.iter().find(|e| e.is_valid()).map(|e| bid_ref(e, None)))
            })
            .flatten();
        let evidence = Evidence::SoleValid(SoleValidEvidence {
            lot_id: owned(u.lot_id),
            winner,
            valid_tenderers: valid.len(),
            disqualified_tenderers: disqualified_tenderers.len(),
            threshold,
            disqualified: others.iter().map(|e| disqualified_bid(e, u.lot_id)).collect(),
            other_lots_raised: Vec::new(),
        });
        if valid.len() == 1 && valid == suppliers && disqualified_tenderers.len() >= threshold {
            Found::Raised(evidence)
        } else {
            Found::Clear(Some(evidence))
        }
    })
}

// R036

fn r036(rec: &Record<'_>, s: &Settings) -> Outcome {
    let code = Code::R036;
    if let Err(r) = price_gate(rec, s, true).and_then(|()| bids_gate(rec)) {
        return na(code, r);
    }
    per_unit(code, rec, |u| {
        if u.entries.is_empty() {
            return Found::Na(Reason::NoBids, None);
        }
        let active: Vec<&Award<'_>> = u.active_awards().collect();
        if active.is_empty() {
            return Found::Na(no_winner_reason(rec, u), None);
        }
        let winner = active.iter().find_map(|a| Some((*a, &u.entries[u.entry_of(a)?])));
        let currency = winner
            .and_then(|(_, e)| e.amount.and(e.currency))
            .or_else(|| u.entries.iter().find(|e| e.amount.is_some()).and_then(|e| e.currency));
        let with_amounts: Vec<(&Entry<'_>, f64)> =
            u.entries.iter().filter(|e| e.currency == currency).filter_map(|e| Some((e, e.amount?))).collect();
        if !with_amounts.iter().any(|(e, _)| e.is_valid()) {
            return Found::Na(Reason::NoPrices, None);
        }
        let min = with_amounts.iter().map(|(_, a)| *a).fold(f64::INFINITY, f64::min);
        let at_min: Vec<&Entry<'_>> = with_amounts.iter().filter(|(_, a)| *a == min).map(|(e, _)| *e).collect();
        let disqualified = at_min.iter().find(|e| e.disqualified.is_some());
        let valid_at_min = at_min.iter().find(|e| e.is_valid());
        let raised = disqualified.is_some() && valid_at_min.is_none();
        let lowest = if raised { disqualified } else { valid_at_min.or(at_min.first()) };
        let Some(lowest) = lowest else { return Found::Na(Reason::NoPrices, None) };
        let t = lowest.first_tenderer();
        let d = lowest.disqualified.clone().unwrap_or_default();
        let winner = winner.and_then(|(a, e)| Some(priced(e, Some(a), e.amount?)));
        let percent_above = winner
            .as_ref()
            .filter(|_| min > 0.0)
            .map(|w| round2((w.amount - min) / min * 100.0))
            .filter(|p| p.is_finite());
        let evidence = Evidence::LowestBid(LowestBidEvidence {
            lot_id: owned(u.lot_id),
            lowest: LowestBid {
                bid_id: owned(lowest.bid_id),
                amount: min,
                currency: owned(lowest.currency),
                tenderer: owned(t.and_then(|t| t.name)),
                tenderer_id: owned(t.and_then(|t| t.id)),
                disqualified: lowest.disqualified.is_some(),
                disqualified_award_id: owned(d.award_id),
                disqualified_qualification_id: owned(d.qualification_id),
                disqualified_on: owned(d.date),
            },
            winner,
            percent_above,
            other_lots_raised: Vec::new(),
        });
        if raised {
            Found::Raised(evidence)
        } else {
            Found::Clear(Some(evidence))
        }
    })
}

// R038

/// Submitted and disqualified bids over all competitions (one per bid and lot).
fn counts<'r>(rec: &'r Record<'_>) -> (usize, Vec<(&'r Entry<'r>, Option<&'r str>)>) {
    let mut submitted = 0;
    let mut disqualified = Vec::new();
    for u in &rec.units {
        submitted += u.entries.len();
        disqualified.extend(u.entries.iter().filter(|e| e.disqualified.is_some()).map(|e| (e, u.lot_id)));
    }
    (submitted, disqualified)
}

fn r038(rec: &Record<'_>, s: &Settings) -> Outcome {
    let code = Code::R038;
    if let Err(r) = bids_gate(rec) {
        return na(code, r);
    }
    let (submitted, disqualified) = counts(rec);
    if submitted == 0 {
        return na(code, Reason::NoBids);
    }
    let ratio = disqualified.len() as f64 / submitted as f64;
    let fence = s.fences.r038_upper;
    let evidence = Evidence::Ratio(RatioEvidence {
        submitted,
        disqualified: disqualified.len(),
        ratio,
        fence,
        disqualified_bids: disqualified.iter().map(|(e, lot)| disqualified_bid(e, *lot)).collect(),
    });
    let found = if submitted < s.r038_minimum_submitted.max(1) {
        Found::Na(Reason::TooFewBids, Some(evidence))
    } else if fence.is_nan() {
        Found::Na(Reason::NoUsableFence, Some(evidence))
    } else if ratio > 0.0 && ratio >= fence {
        // A ratio of 0 is never an outlier: with a fence of 0 (most tenders disqualify
        // nobody), Cardinal's `≥` alone would flag every tender.
        Found::Raised(evidence)
    } else {
        Found::Clear(Some(evidence))
    };
    single(code, found)
}

// Entry points.

pub(crate) fn assess(tender: &Value, s: &Settings) -> Assessment {
    let all = |reason| Assessment { outcomes: Code::ALL.into_iter().map(|c| na(c, reason)).collect() };
    let Ok(rec) = Record::read(tender) else { return all(Reason::Malformed) };
    if rec.status == Some("cancelled") || rec.all_lots_cancelled {
        return all(Reason::TenderCancelled);
    }
    let outcomes = Code::ALL
        .into_iter()
        .map(|code| match code {
            Code::R003 => r003(&rec, s),
            Code::R018 => r018(&rec, s),
            Code::R024 | Code::R058 => r024_r058(code, &rec, s),
            Code::R028 => r028(&rec, s),
            Code::R030 => r030(&rec),
            Code::R035 => r035(&rec, s),
            Code::R036 => r036(&rec, s),
            Code::R038 => r038(&rec, s),
        })
        .collect();
    Assessment { outcomes }
}

pub(crate) fn measures(tender: &Value, s: &Settings) -> Measures {
    let Ok(rec) = Record::read(tender) else { return Measures::default() };
    if rec.status == Some("cancelled") || rec.all_lots_cancelled || bids_gate(&rec).is_err() {
        return Measures::default();
    }
    let differences = match price_gate(&rec, s, true) {
        Err(_) => Vec::new(),
        Ok(()) => rec
            .units
            .iter()
            .filter_map(|u| price_gap(&rec, u, f64::NAN).ok())
            .map(|e| LotDifference { lot_id: e.lot_id, difference: e.difference })
            .collect(),
    };
    let (submitted, disqualified) = counts(&rec);
    Measures { differences, submitted, disqualified: disqualified.len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn working_days_count_whole_weekdays_in_kyiv() {
        let ms = |s| dates::parse(s).unwrap();
        // Friday 10:00 to Monday 10:00: no whole weekday.
        assert_eq!(working_days(ms("2026-10-09T10:00:00+03:00"), ms("2026-10-12T10:00:00+03:00")), 0);
        // Friday 10:00 to Wednesday 00:00: Monday and Tuesday.
        assert_eq!(working_days(ms("2026-10-09T10:00:00+03:00"), ms("2026-10-14T00:00:00+03:00")), 2);
        // Monday 00:00 to Monday 00:00 a week later: five.
        assert_eq!(working_days(ms("2026-10-05T00:00:00+03:00"), ms("2026-10-12T00:00:00+03:00")), 5);
        // Several weeks, and the end before the start.
        assert_eq!(working_days(ms("2026-10-05T00:00:00+03:00"), ms("2026-11-02T00:00:00+02:00")), 20);
        assert_eq!(working_days(ms("2026-10-12T00:00:00+03:00"), ms("2026-10-05T00:00:00+03:00")), 0);
    }
}
