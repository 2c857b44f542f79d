//! Hand-made records on each side of every threshold.

mod common;

use common::{award, bid, lot_bid, org, tender, with};
use indicators::{assess, assess_with, measures, Code, Outcome, Reason, Settings, Verdict};
use serde_json::{json, Value};

fn get(t: &Value, code: Code) -> Outcome {
    assess(t).get(code).clone()
}

fn get_with(t: &Value, code: Code, s: &Settings) -> Outcome {
    assess_with(t, s).get(code).clone()
}

/// The outcome as JSON.
fn json_of(o: &Outcome) -> Value {
    serde_json::to_value(o).unwrap()
}

#[track_caller]
fn assert_na(o: &Outcome, reason: Reason) {
    assert_eq!((o.verdict, o.reason), (Verdict::NotApplicable, Some(reason)), "{}", json_of(o));
}

#[track_caller]
fn assert_verdict(o: &Outcome, verdict: Verdict) {
    assert_eq!(o.verdict, verdict, "{}", json_of(o));
    assert_eq!(o.reason, None);
}

fn period(t: Value, start: &str, end: &str) -> Value {
    with(t, "tenderPeriod", json!({"startDate": start, "endDate": end}))
}

fn method(t: Value, m: &str) -> Value {
    with(t, "procurementMethodType", json!(m))
}

fn settings_with_fences(r024: f64, r058: f64, r038: f64) -> Settings {
    let mut s = Settings::default();
    s.fences.r024_lower = r024;
    s.fences.r058_upper = r058;
    s.fences.r038_upper = r038;
    s
}

// R003

#[test]
fn r003_calendar_days_either_side_of_the_minimum() {
    let t = method(tender(vec![], vec![]), "aboveThresholdUA"); // 15 calendar days
    let clear = period(t.clone(), "2026-10-01T10:00:00+03:00", "2026-10-16T10:00:00+03:00");
    let o = get(&clear, Code::R003);
    assert_verdict(&o, Verdict::Clear);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(e["calendarDays"], 15);
    assert_eq!(e["minimumDays"], 15);
    assert_eq!(e["dayKind"], "calendar");
    assert_eq!(e["method"], "aboveThresholdUA");
    assert_eq!(e["minimumFrom"], "method");
    assert_eq!(e["startDate"], "2026-10-01T10:00:00+03:00");
    assert!(e.get("workingDays").is_none());
    // One minute short of 15 whole days.
    let raised = period(t, "2026-10-01T10:00:00+03:00", "2026-10-16T09:59:00+03:00");
    let o = get(&raised, Code::R003);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["calendarDays"], 14);
}

#[test]
fn r003_cardinal_default_for_a_method_missing_from_the_table() {
    let t = method(tender(vec![], vec![]), "aNewMethod");
    let o = get(&period(t.clone(), "2026-10-01T00:00:00Z", "2026-10-15T23:59:59Z"), Code::R003);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["minimumFrom"], "default");
    assert_eq!(json_of(&o)["evidence"]["minimumDays"], 15);
    let o = get(&period(t, "2026-10-01T00:00:00Z", "2026-10-16T00:00:00Z"), Code::R003);
    assert_verdict(&o, Verdict::Clear);
}

#[test]
fn r003_working_days_for_price_quotation() {
    let t = tender(vec![], vec![]); // priceQuotation: 2 working days
                                    // Wednesday 11:00 to Saturday 00:00: Thursday and Friday are whole.
    let o = get(&period(t.clone(), "2026-10-07T11:00:00+03:00", "2026-10-10T00:00:00+03:00"), Code::R003);
    assert_verdict(&o, Verdict::Clear);
    assert_eq!(json_of(&o)["evidence"]["workingDays"], 2);
    assert_eq!(json_of(&o)["evidence"]["dayKind"], "working");
    // A minute earlier, Friday is not whole.
    let o = get(&period(t.clone(), "2026-10-07T11:00:00+03:00", "2026-10-09T23:59:00+03:00"), Code::R003);
    assert_verdict(&o, Verdict::Raised);
    // Friday to Tuesday: four calendar days, one whole working day (Monday).
    let o = get(&period(t, "2026-10-09T10:00:00+03:00", "2026-10-13T10:00:00+03:00"), Code::R003);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["calendarDays"], 4);
    assert_eq!(json_of(&o)["evidence"]["workingDays"], 1);
}

#[test]
fn r003_not_applicable_without_a_period() {
    let t = tender(vec![], vec![]);
    assert_na(&get(&method(t.clone(), "reporting"), Code::R003), Reason::MethodWithoutTenderPeriod);
    assert_na(&get(&method(t.clone(), "negotiation.quick"), Code::R003), Reason::MethodWithoutTenderPeriod);
    let mut no_period = t.clone();
    no_period.as_object_mut().unwrap().remove("tenderPeriod");
    assert_na(&get(&no_period, Code::R003), Reason::NoTenderPeriod);
    assert_na(&get(&period(t.clone(), "2026-10-01", "soon"), Code::R003), Reason::NoTenderPeriod);
    let numbers = with(t, "tenderPeriod", json!({"startDate": 1, "endDate": 2}));
    assert_na(&get(&numbers, Code::R003), Reason::NoTenderPeriod);
}

#[test]
fn r003_minimum_per_method_can_be_set() {
    let t = period(
        method(tender(vec![], vec![]), "aboveThreshold"),
        "2026-07-27T15:19:02+03:00",
        "2026-08-04T00:00:00+03:00",
    );
    assert_verdict(&get(&t, Code::R003), Verdict::Clear); // 7 days, the legal minimum
    let mut s = Settings::default();
    for (m, p) in s.r003_minimums.iter_mut() {
        if m == "aboveThreshold" {
            p.days = 15;
        }
    }
    assert_verdict(&get_with(&t, Code::R003, &s), Verdict::Raised);
}

// R018

#[test]
fn r018_one_versus_two_tenderers() {
    let one = tender(vec![bid("b1", "111", 100.0)], vec![award("a1", "active", "b1", "111")]);
    let o = get(&one, Code::R018);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(
        e,
        json!({"method": "priceQuotation", "methodGroup": "selective", "bids": 1, "tenderers": 1,
               "bid": {"bidId": "b1", "tenderer": "ТОВ «111»", "tendererId": "111"}})
    );
    let two = tender(vec![bid("b1", "111", 100.0), bid("b2", "222", 120.0)], vec![]);
    let o = get(&two, Code::R018);
    assert_verdict(&o, Verdict::Clear);
    assert_eq!(json_of(&o)["evidence"]["tenderers"], 2);
    // Two bids of one tenderer: still a single tenderer.
    let same = tender(vec![bid("b1", "111", 100.0), bid("b2", "111", 120.0)], vec![]);
    let o = get(&same, Code::R018);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["bids"], 2);
}

#[test]
fn r018_open_versus_limited_methods() {
    let one = tender(vec![bid("b1", "111", 100.0)], vec![]);
    assert_verdict(&get(&method(one.clone(), "aboveThreshold"), Code::R018), Verdict::Raised);
    assert_na(&get(&method(one.clone(), "negotiation"), Code::R018), Reason::MethodWithoutBids);
    assert_na(&get(&method(one.clone(), "reporting"), Code::R018), Reason::MethodWithoutBids);
    assert_na(&get(&method(one.clone(), "somethingElse"), Code::R018), Reason::UnknownMethod);
    // The record's own procurementMethod wins over the table.
    let limited = with(method(one.clone(), "somethingElse"), "procurementMethod", json!("limited"));
    assert_na(&get(&limited, Code::R018), Reason::MethodWithoutBids);
    // Only open methods are competitive in these settings.
    let s = Settings { r018_method_groups: vec![indicators::MethodGroup::Open], ..Settings::default() };
    assert_na(&get_with(&one, Code::R018, &s), Reason::MethodNotCompetitive);
}

#[test]
fn r018_bids_not_published_or_none_received() {
    let mut tendering = with(tender(vec![], vec![]), "status", json!("active.tendering"));
    tendering.as_object_mut().unwrap().remove("bids");
    assert_na(&get(&tendering, Code::R018), Reason::NoBidsPublished);
    let unsuccessful = with(tendering.clone(), "status", json!("unsuccessful"));
    assert_na(&get(&unsuccessful, Code::R018), Reason::NoBids);
    // Bids invalidated by a change of the tender and not confirmed do not count.
    let mut invalid = bid("b1", "111", 100.0);
    invalid["status"] = json!("invalid");
    let t = tender(vec![invalid, bid("b2", "222", 90.0)], vec![]);
    assert_verdict(&get(&t, Code::R018), Verdict::Raised);
}

#[test]
fn r018_per_lot_names_the_lot() {
    let t = json!({
        "id": "t2", "status": "complete", "procurementMethodType": "aboveThreshold",
        "lots": [{"id": "L1", "status": "complete"}, {"id": "L2", "status": "complete"}, {"id": "L3", "status": "cancelled"}],
        "bids": [lot_bid("b1", "111", &[("L1", 100.0), ("L2", 50.0), ("L3", 5.0)]), lot_bid("b2", "222", &[("L1", 110.0), ("L3", 6.0)])],
    });
    let o = get(&t, Code::R018);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(e["lotId"], "L2");
    assert_eq!(e["bid"]["bidId"], "b1");
    assert!(e.get("otherLotsRaised").is_none());
    // All lots cancelled: the tender is.
    let mut cancelled = t.clone();
    for lot in cancelled["lots"].as_array_mut().unwrap() {
        lot["status"] = json!("cancelled");
    }
    assert_na(&get(&cancelled, Code::R018), Reason::TenderCancelled);
}

// R024 and R058

fn gap(winner: f64, second: f64) -> Value {
    tender(vec![bid("w", "111", winner), bid("s", "222", second)], vec![award("a1", "active", "w", "111")])
}

#[test]
fn r024_at_below_and_above_the_lower_fence() {
    let s = settings_with_fences(0.02, 0.10, 0.0);
    assert_verdict(&get_with(&gap(100.0, 101.0), Code::R024, &s), Verdict::Raised);
    assert_verdict(&get_with(&gap(100.0, 102.0), Code::R024, &s), Verdict::Raised); // at the fence
    assert_verdict(&get_with(&gap(100.0, 102.5), Code::R024, &s), Verdict::Clear);
    let o = get_with(&gap(100_000.0, 101_000.0), Code::R024, &s);
    assert_eq!(
        json_of(&o)["evidence"],
        json!({
            "winner": {"bidId": "w", "awardId": "a1", "amount": 100000.0, "currency": "UAH",
                       "tenderer": "ТОВ «111»", "tendererId": "111"},
            "secondLowest": {"bidId": "s", "amount": 101000.0, "currency": "UAH",
                             "tenderer": "ТОВ «222»", "tendererId": "222"},
            "difference": 0.01, "fence": 0.02
        })
    );
}

#[test]
fn r024_is_not_applicable_with_the_snapshot_fence() {
    // The snapshot's lower fence is negative: nothing can be a low outlier.
    let o = get(&gap(100.0, 100.0), Code::R024);
    assert_na(&o, Reason::NoUsableFence);
    assert_eq!(json_of(&o)["evidence"]["difference"], 0.0);
    let s = settings_with_fences(0.0, 0.10, 0.0);
    assert_na(&get_with(&gap(100.0, 100.0), Code::R024, &s), Reason::NoUsableFence);
}

#[test]
fn r058_at_below_and_above_the_upper_fence() {
    let s = settings_with_fences(0.02, 0.10, 0.0);
    assert_verdict(&get_with(&gap(100.0, 109.0), Code::R058, &s), Verdict::Clear);
    assert_verdict(&get_with(&gap(100.0, 110.0), Code::R058, &s), Verdict::Raised); // at the fence
    assert_verdict(&get_with(&gap(100.0, 150.0), Code::R058, &s), Verdict::Raised);
    // The snapshot's fence, 0.2484…: 24.84 % is below it, 24.85 % above.
    assert_verdict(&get(&gap(100_000.0, 124_840.0), Code::R058), Verdict::Clear);
    assert_verdict(&get(&gap(100_000.0, 124_850.0), Code::R058), Verdict::Raised);
    // A fence of 0 would flag every tender: Cardinal flags none.
    let zero = settings_with_fences(0.02, 0.0, 0.0);
    assert_na(&get_with(&gap(100.0, 150.0), Code::R058, &zero), Reason::NoUsableFence);
}

#[test]
fn r024_r058_second_lowest_is_valid_and_of_another_tenderer() {
    let s = settings_with_fences(0.02, 0.10, 0.0);
    // The cheapest bid was disqualified; the winner's own second bid does not count.
    let t = tender(
        vec![
            bid("x", "333", 90.0),
            bid("w", "111", 100.0),
            bid("w2", "111", 100.5),
            bid("s", "222", 101.0),
            bid("t", "444", 130.0),
        ],
        vec![award("a0", "unsuccessful", "x", "333"), award("a1", "active", "w", "111")],
    );
    let o = get_with(&t, Code::R024, &s);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["secondLowest"]["bidId"], "s");
    assert_eq!(measures(&t).differences.len(), 1);
    assert!((measures(&t).differences[0].difference - 0.01).abs() < 1e-12);
}

#[test]
fn r024_r058_exclusions() {
    let two = || vec![bid("w", "111", 100.0), bid("s", "222", 105.0)];
    let pending = tender(two(), vec![award("a1", "pending", "w", "111")]);
    assert_na(&get(&pending, Code::R058), Reason::AwardPending);
    let in_progress = with(tender(two(), vec![]), "status", json!("active.qualification"));
    assert_na(&get(&in_progress, Code::R058), Reason::AwardPending);
    let over = with(tender(two(), vec![award("a1", "unsuccessful", "w", "111")]), "status", json!("unsuccessful"));
    assert_na(&get(&over, Code::R058), Reason::NoActiveAward);
    let both = tender(two(), vec![award("a1", "active", "w", "111"), award("a2", "active", "s", "222")]);
    assert_na(&get(&both, Code::R058), Reason::MultipleWinners);
    let not_lowest =
        tender(vec![bid("w", "111", 100.0), bid("s", "222", 90.0)], vec![award("a1", "active", "w", "111")]);
    let o = get(&not_lowest, Code::R058);
    assert_na(&o, Reason::WinnerNotLowest);
    assert!((json_of(&o)["evidence"]["difference"].as_f64().unwrap() + 0.1).abs() < 1e-12);
    let alone = tender(vec![bid("w", "111", 100.0)], vec![award("a1", "active", "w", "111")]);
    assert_na(&get(&alone, Code::R058), Reason::OneBidOnly);
    let others_out = tender(two(), vec![award("a0", "unsuccessful", "s", "222"), award("a1", "active", "w", "111")]);
    assert_na(&get(&others_out, Code::R058), Reason::NoSecondValidBid);
    let mut joint = bid("w", "111", 100.0);
    joint["tenderers"] = json!([org("111"), org("555")]);
    let joint = tender(vec![joint, bid("s", "222", 105.0)], vec![award("a1", "active", "w", "111")]);
    assert_na(&get(&joint, Code::R058), Reason::JointBid);
    let missing = tender(two(), vec![award("a1", "active", "zzz", "999")]);
    assert_na(&get(&missing, Code::R058), Reason::WinningBidNotFound);
    let rated = with(gap(100.0, 150.0), "awardCriteria", json!("ratedCriteria"));
    assert_na(&get(&rated, Code::R058), Reason::PriceNotTheCriterion);
    let features = with(gap(100.0, 150.0), "features", json!([{"code": "q", "featureOf": "tenderer"}]));
    assert_na(&get(&features, Code::R058), Reason::PriceNotTheCriterion);
    assert_verdict(&get(&with(gap(100.0, 150.0), "awardCriteria", json!("lowestCost")), Code::R058), Verdict::Raised);
    assert_na(&get(&method(gap(100.0, 150.0), "esco"), Code::R058), Reason::NoPriceComparison);
    assert_na(&get(&method(gap(100.0, 150.0), "reporting"), Code::R058), Reason::MethodWithoutBids);
    let only = Settings { price_comparison_methods: vec!["belowThreshold".into()], ..Settings::default() };
    assert_na(&get_with(&gap(100.0, 150.0), Code::R058, &only), Reason::NoPriceComparison);
    // The winner's bid is found by supplier when the award has no bid_id.
    let mut by_supplier = gap(100.0, 150.0);
    by_supplier["awards"][0].as_object_mut().unwrap().remove("bid_id");
    assert_verdict(&get(&by_supplier, Code::R058), Verdict::Raised);
}

#[test]
fn r058_per_lot_with_other_lots() {
    let t = json!({
        "id": "t3", "status": "complete", "procurementMethodType": "belowThreshold",
        "lots": [{"id": "L1", "status": "complete"}, {"id": "L2", "status": "complete"}, {"id": "L3", "status": "complete"}],
        "bids": [lot_bid("b1", "111", &[("L1", 100.0), ("L2", 100.0), ("L3", 100.0)]),
                 lot_bid("b2", "222", &[("L1", 101.0), ("L2", 200.0), ("L3", 300.0)])],
        "awards": [
            {"id": "a1", "status": "active", "bid_id": "b1", "lotID": "L1", "suppliers": [org("111")]},
            {"id": "a2", "status": "active", "bid_id": "b1", "lotID": "L2", "suppliers": [org("111")]},
            {"id": "a3", "status": "active", "bid_id": "b1", "lotID": "L3", "suppliers": [org("111")]},
        ],
    });
    let o = get(&t, Code::R058);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(e["lotId"], "L2");
    assert_eq!(e["otherLotsRaised"], json!(["L3"]));
    let m = measures(&t);
    assert_eq!(m.differences.iter().map(|d| d.lot_id.clone().unwrap()).collect::<Vec<_>>(), ["L1", "L2", "L3"]);
    assert_eq!((m.submitted, m.disqualified), (6, 0));
}

// R028

#[test]
fn r028_identical_prices_of_different_tenderers() {
    let same = tender(vec![bid("b1", "111", 37125.0), bid("b2", "222", 37125.0)], vec![]);
    let o = get(&same, Code::R028);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(e["amount"], 37125.0);
    assert_eq!(e["currency"], "UAH");
    assert_eq!(e["bids"].as_array().unwrap().len(), 2);
    assert_eq!(e["pricedBids"], 2);
    let cent = tender(vec![bid("b1", "111", 37125.0), bid("b2", "222", 37125.01)], vec![]);
    assert_verdict(&get(&cent, Code::R028), Verdict::Clear);
    // A tenderer may repeat its own price.
    let own = tender(vec![bid("b1", "111", 500.0), bid("b2", "111", 500.0), bid("b3", "222", 600.0)], vec![]);
    assert_verdict(&get(&own, Code::R028), Verdict::Clear);
    let only_one = tender(vec![bid("b1", "111", 500.0), bid("b2", "111", 500.0)], vec![]);
    assert_na(&get(&only_one, Code::R028), Reason::OneBidOnly);
    let mut usd = bid("b2", "222", 500.0);
    usd["value"]["currency"] = json!("USD");
    assert_verdict(&get(&tender(vec![bid("b1", "111", 500.0), usd], vec![]), Code::R028), Verdict::Clear);
    let mut no_price = bid("b1", "111", 1.0);
    no_price["value"]["amount"] = json!("500");
    assert_na(&get(&tender(vec![no_price], vec![]), Code::R028), Reason::NoPrices);
    // A rated criterion does not stop R028 (it does not rank by price), a method exclusion does.
    assert_verdict(&get(&with(same.clone(), "awardCriteria", json!("ratedCriteria")), Code::R028), Verdict::Raised);
    assert_na(&get(&method(same, "esco"), Code::R028), Reason::NoPriceComparison);
}

// R030

fn dated(mut b: Value, date: &str) -> Value {
    b["date"] = json!(date);
    b
}

#[test]
fn r030_winning_bid_after_the_deadline() {
    // The deadline is 2026-09-25T10:00:00+03:00.
    let late = |date| {
        tender(
            vec![dated(bid("w", "111", 100.0), date), dated(bid("s", "222", 120.0), "2026-09-24T10:00:00+03:00")],
            vec![award("a1", "active", "w", "111")],
        )
    };
    let o = get(&late("2026-09-25T10:00:01+03:00"), Code::R030);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(e["winner"], json!({"bidId": "w", "awardId": "a1", "tenderer": "ТОВ «111»", "tendererId": "111"}));
    assert_eq!(e["secondsAfterDeadline"], 1);
    assert_eq!(e["tenderPeriodEnd"], "2026-09-25T10:00:00+03:00");
    assert_verdict(&get(&late("2026-09-25T10:00:00+03:00"), Code::R030), Verdict::Clear); // at the deadline
    assert_verdict(&get(&late("2026-09-25T07:00:00Z"), Code::R030), Verdict::Clear); // the same instant
    assert_verdict(&get(&late("2026-09-25T07:00:01Z"), Code::R030), Verdict::Raised);
    // A late bid that did not win.
    let loser = tender(
        vec![
            dated(bid("w", "111", 100.0), "2026-09-24T10:00:00+03:00"),
            dated(bid("s", "222", 120.0), "2026-09-26T10:00:00+03:00"),
        ],
        vec![award("a1", "active", "w", "111")],
    );
    assert_verdict(&get(&loser, Code::R030), Verdict::Clear);
    let undated = tender(vec![bid("w", "111", 100.0)], vec![award("a1", "active", "w", "111")]);
    assert_na(&get(&undated, Code::R030), Reason::NoBidDates);
    let mut no_end = late("2026-09-26T10:00:00+03:00");
    no_end["tenderPeriod"].as_object_mut().unwrap().remove("endDate");
    assert_na(&get(&no_end, Code::R030), Reason::NoTenderPeriod);
}

#[test]
fn r030_lot_value_date_comes_first() {
    let mut b = lot_bid("w", "111", &[("L1", 100.0)]);
    b["date"] = json!("2026-09-20T10:00:00+03:00");
    b["lotValues"][0]["date"] = json!("2026-09-26T10:00:00+03:00");
    let t = json!({
        "id": "t4", "status": "complete", "procurementMethodType": "aboveThreshold",
        "tenderPeriod": {"startDate": "2026-09-10T10:00:00+03:00", "endDate": "2026-09-25T10:00:00+03:00"},
        "lots": [{"id": "L1", "status": "complete"}], "bids": [b],
        "awards": [{"id": "a1", "status": "active", "bid_id": "w", "lotID": "L1", "suppliers": [org("111")]}],
    });
    let o = get(&t, Code::R030);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["lotId"], "L1");
}

// R035

fn sole_valid(extra_awards: Vec<Value>) -> Value {
    let mut awards = vec![award("a1", "unsuccessful", "b1", "111"), award("a2", "unsuccessful", "b2", "222")];
    awards.extend(extra_awards);
    tender(vec![bid("b1", "111", 90.0), bid("b2", "222", 95.0), bid("w", "333", 100.0)], awards)
}

#[test]
fn r035_all_but_the_winner_disqualified() {
    let t = sole_valid(vec![award("a3", "active", "w", "333")]);
    let o = get(&t, Code::R035);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(e["winner"]["bidId"], "w");
    assert_eq!(e["winner"]["awardId"], "a3");
    assert_eq!(
        (e["validTenderers"].clone(), e["disqualifiedTenderers"].clone(), e["threshold"].clone()),
        (json!(1), json!(2), json!(1))
    );
    assert_eq!(
        e["disqualified"][0],
        json!({"bidId": "b1", "tenderer": "ТОВ «111»", "tendererId": "111", "awardId": "a1", "date": "2026-10-01T12:00:00+03:00"})
    );
    // Threshold 2 is met, 3 is not.
    let s2 = Settings { r035_threshold: 2, ..Settings::default() };
    assert_verdict(&get_with(&t, Code::R035, &s2), Verdict::Raised);
    let s3 = Settings { r035_threshold: 3, ..Settings::default() };
    assert_verdict(&get_with(&t, Code::R035, &s3), Verdict::Clear);
    // One other bid never evaluated: two valid tenderers.
    let one_left = tender(
        vec![bid("b1", "111", 90.0), bid("b2", "222", 105.0), bid("w", "333", 100.0)],
        vec![award("a1", "unsuccessful", "b1", "111"), award("a3", "active", "w", "333")],
    );
    let o = get(&one_left, Code::R035);
    assert_verdict(&o, Verdict::Clear);
    assert_eq!(json_of(&o)["evidence"]["validTenderers"], 2);
    // A pending award: Cardinal's exclusion.
    assert_na(&get(&sole_valid(vec![award("a3", "pending", "w", "333")]), Code::R035), Reason::AwardPending);
    // No one else bid: nothing was disqualified.
    let alone = tender(vec![bid("w", "333", 100.0)], vec![award("a3", "active", "w", "333")]);
    assert_verdict(&get(&alone, Code::R035), Verdict::Clear);
}

#[test]
fn r035_prequalification_counts_as_disqualification() {
    let t = json!({
        "id": "t5", "status": "complete", "procurementMethodType": "aboveThresholdEU",
        "lots": [{"id": "L1", "status": "complete"}],
        "bids": [lot_bid("b1", "111", &[("L1", 90.0)]), lot_bid("w", "333", &[("L1", 100.0)])],
        "qualifications": [
            {"id": "q1", "status": "unsuccessful", "bidID": "b1", "lotID": "L1", "date": "2026-09-01T10:00:00+03:00"},
            {"id": "q2", "status": "active", "bidID": "w", "lotID": "L1"},
        ],
        "awards": [{"id": "a1", "status": "active", "bid_id": "w", "lotID": "L1", "suppliers": [org("333")]}],
    });
    let o = get(&t, Code::R035);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["disqualified"][0]["qualificationId"], "q1");
    let o = get(&t, Code::R036);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(json_of(&o)["evidence"]["lowest"]["disqualifiedQualificationId"], "q1");
}

// R036

#[test]
fn r036_lowest_bid_disqualified() {
    let t = tender(
        vec![bid("low", "111", 120000.0), bid("w", "222", 141600.0), bid("c", "333", 150000.0)],
        vec![award("a0", "unsuccessful", "low", "111"), award("a1", "active", "w", "222")],
    );
    let o = get(&t, Code::R036);
    assert_verdict(&o, Verdict::Raised);
    assert_eq!(
        json_of(&o),
        json!({"code": "R036", "verdict": "raised", "evidence": {
            "lowest": {"bidId": "low", "amount": 120000.0, "currency": "UAH", "tenderer": "ТОВ «111»", "tendererId": "111",
                       "disqualified": true, "disqualifiedAwardId": "a0", "disqualifiedOn": "2026-10-01T12:00:00+03:00"},
            "winner": {"bidId": "w", "awardId": "a1", "amount": 141600.0, "currency": "UAH", "tenderer": "ТОВ «222»", "tendererId": "222"},
            "percentAbove": 18.0}})
    );
    // The lowest won.
    let fair =
        tender(vec![bid("low", "111", 120000.0), bid("w", "222", 141600.0)], vec![award("a1", "active", "low", "111")]);
    let o = get(&fair, Code::R036);
    assert_verdict(&o, Verdict::Clear);
    assert_eq!(json_of(&o)["evidence"]["percentAbove"], 0.0);
    // A disqualified bid tied with a valid one at the lowest price.
    let tie = tender(
        vec![bid("x", "111", 100.0), bid("w", "222", 100.0)],
        vec![award("a0", "unsuccessful", "x", "111"), award("a1", "active", "w", "222")],
    );
    assert_verdict(&get(&tie, Code::R036), Verdict::Clear);
    // A disqualified bid above the winner.
    let above = tender(
        vec![bid("x", "111", 130.0), bid("w", "222", 100.0)],
        vec![award("a0", "unsuccessful", "x", "111"), award("a1", "active", "w", "222")],
    );
    assert_verdict(&get(&above, Code::R036), Verdict::Clear);
    let waiting = with(
        tender(vec![bid("x", "111", 130.0)], vec![award("a0", "pending", "x", "111")]),
        "status",
        json!("active.qualification"),
    );
    assert_na(&get(&waiting, Code::R036), Reason::AwardPending);
    let failed = with(
        tender(vec![bid("x", "111", 130.0)], vec![award("a0", "unsuccessful", "x", "111")]),
        "status",
        json!("unsuccessful"),
    );
    assert_na(&get(&failed, Code::R036), Reason::NoActiveAward);
    assert_na(&get(&with(t, "awardCriteria", json!("lifeCycleCost")), Code::R036), Reason::PriceNotTheCriterion);
}

// R038

#[test]
fn r038_ratio_against_the_fence() {
    let t = |disqualified: usize, submitted: usize| {
        let bids = (0..submitted).map(|i| bid(&format!("b{i}"), &format!("{i}00"), 100.0 + i as f64)).collect();
        let awards = (0..disqualified)
            .map(|i| award(&format!("a{i}"), "unsuccessful", &format!("b{i}"), &format!("{i}00")))
            .collect();
        tender(bids, awards)
    };
    // The snapshot's fence is 0: any disqualification is above it, none is not.
    let o = get(&t(1, 3), Code::R038);
    assert_verdict(&o, Verdict::Raised);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!(
        (e["submitted"].clone(), e["disqualified"].clone(), e["fence"].clone()),
        (json!(3), json!(1), json!(0.0))
    );
    assert_eq!(e["disqualifiedBids"][0]["awardId"], "a0");
    assert_verdict(&get(&t(0, 3), Code::R038), Verdict::Clear);
    // One bid: below Cardinal's minimum of 2 submitted bids.
    let o = get(&t(1, 1), Code::R038);
    assert_na(&o, Reason::TooFewBids);
    assert_eq!(json_of(&o)["evidence"]["ratio"], 1.0);
    // Another fence: at it and above it raise, below it does not.
    let s = settings_with_fences(0.02, 0.10, 0.5);
    assert_verdict(&get_with(&t(1, 3), Code::R038, &s), Verdict::Clear);
    assert_verdict(&get_with(&t(2, 4), Code::R038, &s), Verdict::Raised);
    assert_verdict(&get_with(&t(3, 4), Code::R038, &s), Verdict::Raised);
    let nan = settings_with_fences(0.02, 0.10, f64::NAN);
    assert_na(&get_with(&t(1, 3), Code::R038, &nan), Reason::NoUsableFence);
    assert_eq!((measures(&t(2, 4)).submitted, measures(&t(2, 4)).disqualified), (4, 2));
}

#[test]
fn r038_counts_bids_per_lot() {
    let t = json!({
        "id": "t6", "status": "complete", "procurementMethodType": "aboveThreshold",
        "lots": [{"id": "L1", "status": "complete"}, {"id": "L2", "status": "unsuccessful"}],
        "bids": [lot_bid("b1", "111", &[("L1", 90.0), ("L2", 10.0)]), lot_bid("b2", "222", &[("L1", 100.0)])],
        "awards": [
            {"id": "a1", "status": "unsuccessful", "bid_id": "b1", "lotID": "L2", "suppliers": [org("111")]},
            {"id": "a2", "status": "active", "bid_id": "b1", "lotID": "L1", "suppliers": [org("111")]},
        ],
    });
    let o = get(&t, Code::R038);
    let e = json_of(&o)["evidence"].clone();
    assert_eq!((e["submitted"].clone(), e["disqualified"].clone()), (json!(3), json!(1)));
    assert_eq!(e["disqualifiedBids"][0]["lotId"], "L2");
    // The disqualification in L2 is not one in L1.
    assert_verdict(&get(&t, Code::R036), Verdict::Clear);
}

// Across indicators

#[test]
fn cancelled_and_malformed_records() {
    let t = with(tender(vec![bid("b1", "111", 1.0)], vec![]), "status", json!("cancelled"));
    let a = assess(&t);
    assert!(a.outcomes.iter().all(|o| o.reason == Some(Reason::TenderCancelled)));
    for bad in [json!(null), json!("tender"), json!([1, 2]), with(tender(vec![], vec![]), "bids", json!("many"))] {
        let a = assess(&bad);
        assert_eq!(a.outcomes.len(), 9);
        assert!(a.outcomes.iter().all(|o| o.reason == Some(Reason::Malformed)), "{bad}");
        assert_eq!(a.raised(), 0);
    }
}

#[test]
fn outcomes_are_in_code_order_and_the_mask_matches() {
    let t = tender(
        vec![bid("low", "111", 100.0), bid("w", "222", 100.0)],
        vec![award("a0", "unsuccessful", "low", "111"), award("a1", "active", "w", "222")],
    );
    let a = assess(&t);
    assert_eq!(a.outcomes.iter().map(|o| o.code).collect::<Vec<_>>(), Code::ALL);
    // R028 (identical prices), R035 (the other tenderer disqualified), R038 (1 of 2).
    assert_eq!(a.raised(), Code::R028.bit() | Code::R035.bit() | Code::R038.bit());
    for code in Code::ALL {
        assert_eq!(a.get(code).code, code);
        assert_eq!(a.raised() & code.bit() != 0, a.get(code).verdict == Verdict::Raised);
    }
}
