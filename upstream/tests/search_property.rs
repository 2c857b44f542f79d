//! Property test: on random filter combinations the indexed search returns exactly what a
//! brute-force filter over the same documents (re-extracted from their JSON) returns.

mod common;

use upstream::generate::Rng;
use upstream::params::Params;
use upstream::query::{sort_value, words, SearchQuery};
use upstream::records::{Fields, Kind};

fn pick<'a, T>(r: &mut Rng, v: &'a [T]) -> Option<&'a T> {
    (!v.is_empty()).then(|| &v[r.below(v.len() as u64) as usize])
}

fn random_query(r: &mut Rng, docs: &[Fields], kind: Kind) -> String {
    let mut q: Vec<String> = Vec::new();
    let doc = &docs[r.below(docs.len() as u64) as usize];
    let other = &docs[r.below(docs.len() as u64) as usize];
    let p = |r: &mut Rng, pct: u64| r.below(100) < pct;
    if p(r, 35) {
        q.push(format!("status[0]={}", common::enc(&doc.status)));
        if p(r, 50) {
            q.push(format!("status[1]={}", common::enc(&other.status)));
        }
    }
    if p(r, 25) && !doc.method_type.is_empty() {
        q.push(format!("procurementMethodType[]={}", common::enc(&doc.method_type)));
    }
    if p(r, 15) && !doc.region.is_empty() {
        q.push(format!("region[0]={}", common::enc(&doc.region)));
    }
    if p(r, 30) {
        if let Some(c) = pick(r, &doc.cpv) {
            let digits = &c[..8];
            let keep = 2 + r.below(5) as usize;
            let code = format!("{}{}", &digits[..keep], "0".repeat(8 - keep));
            q.push(format!("classification[0]={code}"));
        }
    }
    if p(r, 10) {
        if let Some(o) = pick(r, &doc.organizer) {
            q.push(format!("organizer[0]={o}"));
        }
    }
    if p(r, 10) {
        if let Some(s) = pick(r, &doc.supplier) {
            q.push(format!("supplier[0]={s}"));
        }
    }
    if p(r, 10) {
        if let Some(t) = pick(r, &doc.tags) {
            q.push(format!("tags[0]={t}"));
        }
    }
    if p(r, 10) && !doc.subject_type.is_empty() {
        q.push(format!("typeSubjectProcurement[0]={}", doc.subject_type));
    }
    if p(r, 8) {
        if let Some(t) = pick(r, &doc.payment_types) {
            q.push(format!("paymentType[0]={t}"));
        }
    }
    if p(r, 5) {
        if let Some(t) = pick(r, &doc.funder) {
            q.push(format!("funder[0]={t}"));
        }
    }
    if p(r, 10) {
        if let Some(y) = doc.plan_year {
            q.push(format!("planYear={y}"));
        }
    }
    if p(r, 30) {
        let w: Vec<&str> = words(&doc.text).chain(words(&doc.organizer_text)).collect();
        if let Some(w) = pick(r, &w) {
            let cut: String = w.chars().take(1 + r.below(6) as usize).collect();
            q.push(format!("keyword={}", common::enc(&cut)));
        }
    } else if p(r, 5) {
        q.push(format!("keyword={}", common::enc(&doc.human_id)));
    }
    if p(r, 25) {
        if let Some(v) = doc.value {
            let lo = v * (0.2 + r.unit());
            q.push(format!("valueAmount[from]={lo:.2}"));
            if p(r, 50) {
                q.push(format!("valueAmount[to]={:.2}", lo * (1.0 + 3.0 * r.unit())));
            }
        }
    }
    if p(r, 20) {
        let slot = r.below(5) as usize;
        let names = ["enquiryPeriod", "auctionPeriod", "tenderPeriod", "qualificationPeriod", "publicationDate"];
        if let Some((s, e)) = doc.periods[slot] {
            let from = upstream::dates::format_kyiv(s - r.below(20 * 86_400_000) as i64);
            q.push(format!("{}[from]={}", names[slot], common::enc(&from)));
            if p(r, 50) {
                let day = &upstream::dates::format_kyiv(e + r.below(20 * 86_400_000) as i64)[..10];
                q.push(format!("{}[to]={day}", names[slot]));
            }
        }
    }
    if p(r, 8) {
        q.push(format!("hasActiveMonitoring={}", p(r, 50)));
    }
    if p(r, 5) {
        q.push("testMode=true".into());
    }
    let sorts = [
        "dateCreated.desc",
        "dateCreated.asc",
        "dateModified.desc",
        "valueAmount.asc",
        "valueAmount.desc",
        "publicationDate.desc",
    ];
    if p(r, 60) {
        q.push(format!("sortOrder={}", pick(r, &sorts).unwrap()));
    }
    let per_page = [10, 24, 100][r.below(3) as usize];
    q.push(format!("perPage={per_page}"));
    q.push(format!("page={}", 1 + r.below(3)));
    let _ = kind;
    q.join("&")
}

fn check(kind: Kind, rounds: u64, seed: u64) {
    let state = common::state();
    let c = state.data.collection(kind);
    let docs = state.data.fields_of(c);
    assert_eq!(docs.len(), c.len());
    let mut r = Rng::new(seed);
    let mut nonempty = 0;
    for round in 0..rounds {
        let qs = random_query(&mut r, &docs, kind);
        let q = SearchQuery::parse(&Params::parse(&qs), kind).unwrap_or_else(|e| panic!("{qs}: {e}"));
        let hits = c.index.search(&q);
        let mut expected: Vec<u32> = (0..docs.len() as u32).filter(|&i| q.matches(&docs[i as usize])).collect();
        expected.sort_by(|&a, &b| {
            sort_value(q.sort, &docs[a as usize]).total_cmp(&sort_value(q.sort, &docs[b as usize])).then(a.cmp(&b))
        });
        if q.desc {
            expected.reverse();
        }
        assert_eq!(hits.total, expected.len(), "round {round} total for {qs}");
        let page: Vec<u32> = expected.iter().copied().skip((q.page - 1) * q.per_page).take(q.per_page).collect();
        assert_eq!(hits.page, page, "round {round} page for {qs}");
        let status_sum: usize = hits.facets[0].1.iter().map(|x| x.1).sum();
        assert_eq!(status_sum, expected.len(), "status facet sums to total for {qs}");
        if !expected.is_empty() {
            nonempty += 1;
        }
    }
    assert!(nonempty * 3 > rounds as usize, "too few queries with results: {nonempty}/{rounds}");
}

#[test]
fn tenders_match_brute_force() {
    check(Kind::Tender, 400, 1);
}

#[test]
fn plans_match_brute_force() {
    check(Kind::Plan, 200, 2);
}

#[test]
fn contracts_match_brute_force() {
    check(Kind::Contract, 200, 3);
}

#[test]
fn generated_tenders_index_the_same_fields_as_their_json() {
    let state = common::state();
    let c = &state.data.tenders;
    let docs = state.data.fields_of(c);
    // Every generated tender is findable by its own tenderID and id.
    for (i, f) in docs.iter().enumerate().skip(c.len() - 50) {
        assert_eq!(c.index.lookup(&f.human_id), Some(i as u32));
        assert_eq!(c.index.lookup(&f.id), Some(i as u32));
    }
}
