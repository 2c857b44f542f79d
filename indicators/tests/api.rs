//! The API-documentation tenders (`tests/fixtures/api/`, slimmed copies of the responses in
//! ProzorroUKR/openprocurement.api's documentation: sandbox data, frozen clock 2027). Each
//! expected verdict was checked against the file by hand; the comments say what decides it.

mod common;

use indicators::{assess, Code, Outcome, Verdict};
use serde_json::{json, Value};

/// `raised`, `clear`, or the reason of a not-applicable outcome (as serialised).
fn short(o: &Outcome) -> String {
    match o.verdict {
        Verdict::NotApplicable => serde_json::to_value(o.reason).unwrap().as_str().unwrap().to_owned(),
        v => serde_json::to_value(v).unwrap().as_str().unwrap().to_owned(),
    }
}

/// The nine outcomes in code order, written `R003 clear, R018 raised, …`.
#[track_caller]
fn expect(name: &str, expected: &str) {
    let a = assess(&common::api(name));
    let got: Vec<String> = a.outcomes.iter().map(|o| format!("{} {}", o.code, short(o))).collect();
    let want: Vec<&str> = expected.split(',').map(str::trim).collect();
    assert_eq!(got, want, "{name}");
}

fn evidence(name: &str, code: Code) -> Value {
    serde_json::to_value(assess(&common::api(name)).get(code)).unwrap()["evidence"].clone()
}

#[test]
fn prequalification_with_a_disqualified_bid() {
    // Three bids in one lot, two tenderers (00137226 bid twice); qualification b00700…
    // is unsuccessful for bid 3e4cdd…; awarding has not started.
    let name = "aboveThresholdEU__active.pre-qualification.stand-still";
    expect(
        name,
        "R003 clear, R018 clear, R024 awardPending, R028 noPrices, R030 awardPending, \
         R035 awardPending, R036 awardPending, R038 raised, R058 awardPending",
    );
    let e = evidence(name, Code::R038);
    assert_eq!((e["submitted"].clone(), e["disqualified"].clone()), (json!(3), json!(1)));
    assert_eq!(e["disqualifiedBids"][0]["bidId"], "3e4cddf56dd9467088292c70b86d87b4");
    assert_eq!(e["disqualifiedBids"][0]["qualificationId"], "b0070049ee99440faafabc4e48a8e4d5");
    assert_eq!(e["disqualifiedBids"][0]["lotId"], "d1d81f5863c1460c8a7d2e9c9dfeb30d");
    let e = evidence(name, Code::R018);
    assert_eq!((e["bids"].clone(), e["tenderers"].clone()), (json!(3), json!(2)));
    // 2026-12-01 to 2027-01-01: 31 days, the minimum is 30.
    assert_eq!(evidence(name, Code::R003)["calendarDays"], 31);
}

#[test]
fn two_bidders_with_identical_prices() {
    // Two lots; both tenderers bid 500 UAH in each; bid 4b2f22… won both lots.
    let name = "aboveThreshold__complete";
    expect(
        name,
        "R003 clear, R018 clear, R024 noUsableFence, R028 raised, R030 clear, \
         R035 clear, R036 clear, R038 clear, R058 clear",
    );
    let e = evidence(name, Code::R028);
    assert_eq!(e["lotId"], "d7afc0eb4f6d42549557d7b3226417e6");
    assert_eq!(e["amount"], 500.0);
    let ids: Vec<&str> = e["bids"].as_array().unwrap().iter().map(|b| b["bidId"].as_str().unwrap()).collect();
    assert_eq!(ids, ["4b2f22ec008b4f4e88f2f69ea174242c", "33aec5588bb84aecbaf28ee83b356bad"]);
    assert_eq!(e["otherLotsRaised"], json!(["ffb255f57e054aaa9f45701dbce47420"]));
    let e = evidence(name, Code::R058);
    assert_eq!(e["difference"], 0.0);
    assert_eq!(e["winner"]["awardId"], "45661e84097445e784c31e2d96566832");
    assert_eq!(evidence(name, Code::R038)["submitted"], 4);
}

#[test]
fn framework_agreement_with_several_winners() {
    // Three active awards in the lot (a framework agreement): Cardinal excludes it from the
    // price gap. One pre-qualification is unsuccessful (bid a57e95…). The bids are dated
    // 2027-01-01, after the tender period's end (2026-12-16): the sandbox shifts periods
    // into the past, and R030 reads what the record holds.
    let name = "closeFrameworkAgreementUA__complete";
    expect(
        name,
        "R003 clear, R018 clear, R024 multipleWinners, R028 clear, R030 raised, \
         R035 clear, R036 clear, R038 raised, R058 multipleWinners",
    );
    let e = evidence(name, Code::R030);
    assert_eq!(e["bidDate"], "2027-01-01T00:02:01+02:00");
    assert_eq!(e["tenderPeriodEnd"], "2026-12-16T00:02:01+02:00");
    // 3 valid tenderers; 00137227's disqualified bid does not count against it (its other bid is valid).
    let e = evidence(name, Code::R035);
    assert_eq!((e["validTenderers"].clone(), e["disqualifiedTenderers"].clone()), (json!(3), json!(0)));
    let e = evidence(name, Code::R038);
    assert_eq!((e["submitted"].clone(), e["disqualified"].clone()), (json!(4), json!(1)));
}

#[test]
fn price_quotation_with_one_bid() {
    // One bid (selective method): R018 raised. An active and a pending award for the same
    // bid: Cardinal's pending exclusion for R024, R035, R058. The bid (2027-01-01) is dated
    // after the deadline (2026-12-31), a sandbox artefact.
    let name = "priceQuotation__complete";
    expect(
        name,
        "R003 clear, R018 raised, R024 awardPending, R028 oneBidOnly, R030 raised, \
         R035 awardPending, R036 clear, R038 tooFewBids, R058 awardPending",
    );
    let e = evidence(name, Code::R018);
    assert_eq!(e["bid"]["bidId"], "4fad3f089b0e45e2bf3084042d4995ba");
    assert_eq!(e["methodGroup"], "selective");
    let e = evidence(name, Code::R003);
    assert_eq!(
        (e["dayKind"].clone(), e["workingDays"].clone(), e["minimumDays"].clone()),
        (json!("working"), json!(7), json!(2))
    );
}

#[test]
fn competitive_dialogue_first_stage() {
    // Four tenderers, one disqualified at pre-qualification; the first stage has no prices
    // and no awards.
    expect(
        "competitiveDialogueEU__complete",
        "R003 clear, R018 clear, R024 noActiveAward, R028 noPrices, R030 noActiveAward, \
         R035 noActiveAward, R036 noActiveAward, R038 raised, R058 noActiveAward",
    );
    expect(
        "competitiveDialogueEU.stage2__active.auction",
        "R003 clear, R018 clear, R024 awardPending, R028 noPrices, R030 awardPending, \
         R035 awardPending, R036 awardPending, R038 raised, R058 awardPending",
    );
}

#[test]
fn one_bid_for_each_lot() {
    // requestForProposal: one bid for two lots, each won; the second lot's values are in USD.
    let name = "requestForProposal__complete";
    expect(
        name,
        "R003 clear, R018 raised, R024 oneBidOnly, R028 oneBidOnly, R030 clear, \
         R035 clear, R036 clear, R038 clear, R058 oneBidOnly",
    );
    let e = evidence(name, Code::R018);
    assert_eq!(e["lotId"], "d7afc0eb4f6d42549557d7b3226417e6");
    assert_eq!(e["otherLotsRaised"], json!(["6670a4933d854a00afa53a2979728a6d"]));
    // One bid, turned unsuccessful because the configuration asks for more bids.
    expect(
        "requestForProposal__unsuccessful",
        "R003 clear, R018 raised, R024 noActiveAward, R028 noPrices, R030 noActiveAward, \
         R035 noActiveAward, R036 noActiveAward, R038 tooFewBids, R058 noActiveAward",
    );
}

#[test]
fn methods_without_bids_and_cancelled_tenders() {
    for name in ["reporting__active", "negotiation__draft", "negotiation.quick__active"] {
        expect(
            name,
            "R003 methodWithoutTenderPeriod, R018 methodWithoutBids, R024 methodWithoutBids, \
             R028 methodWithoutBids, R030 methodWithoutBids, R035 methodWithoutBids, \
             R036 methodWithoutBids, R038 methodWithoutBids, R058 methodWithoutBids",
        );
    }
    expect(
        "esco__cancelled",
        "R003 tenderCancelled, R018 tenderCancelled, R024 tenderCancelled, R028 tenderCancelled, \
         R030 tenderCancelled, R035 tenderCancelled, R036 tenderCancelled, R038 tenderCancelled, \
         R058 tenderCancelled",
    );
}

#[test]
fn rated_criteria_and_features() {
    // complexAsset.arma: ratedCriteria, excluded from price comparisons by default; one
    // pre-qualification unsuccessful; 20 working days minimum, 21 whole working days.
    let name = "complexAsset.arma__active.auction";
    expect(
        name,
        "R003 clear, R018 clear, R024 noPriceComparison, R028 noPriceComparison, R030 awardPending, \
         R035 awardPending, R036 noPriceComparison, R038 raised, R058 noPriceComparison",
    );
    assert_eq!(evidence(name, Code::R003)["workingDays"], 21);
    // A real tender kept in the API tests: lowestCost but with three non-price features.
    expect(
        "REAL_aboveThresholdEU__active.tendering__UA-2022-07-23-000100-a",
        "R003 clear, R018 noBidsPublished, R024 priceNotTheCriterion, R028 noBidsPublished, \
         R030 noBidsPublished, R035 noBidsPublished, R036 priceNotTheCriterion, \
         R038 noBidsPublished, R058 priceNotTheCriterion",
    );
}

#[test]
fn tenders_still_open() {
    let open = "R018 noBidsPublished, R024 noBidsPublished, R028 noBidsPublished, R030 noBidsPublished, \
                R035 noBidsPublished, R036 noBidsPublished, R038 noBidsPublished, R058 noBidsPublished";
    for name in [
        "aboveThresholdUA.defense__active.tendering",
        "aboveThresholdUA__active.auction",
        "aboveThreshold__active.tendering",
        "belowThreshold__active.auction",
        "belowThreshold__active.enquiries",
        "competitiveOrdering__active.tendering",
        "priceQuotation__active.tendering",
    ] {
        expect(name, &format!("R003 clear, {open}"));
    }
    // Defence: 6 working days; 2026-12-19 (Saturday) to 2027-01-09 00:00:01 holds 15.
    let e = evidence("aboveThresholdUA.defense__active.tendering", Code::R003);
    assert_eq!((e["workingDays"].clone(), e["calendarDays"].clone()), (json!(15), json!(21)));
    // Features with non-price criteria: no price comparison even before the bids.
    expect(
        "closeFrameworkAgreementSelectionUA__active.enquiries",
        "R003 clear, R018 noBidsPublished, R024 priceNotTheCriterion, R028 noBidsPublished, \
         R030 noBidsPublished, R035 noBidsPublished, R036 priceNotTheCriterion, \
         R038 noBidsPublished, R058 priceNotTheCriterion",
    );
}

#[test]
fn every_fixture_is_covered() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/api");
    let count = std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension() == Some("json".as_ref()))
        .count();
    assert_eq!(count, 22, "a new fixture needs its expected verdicts here");
}
