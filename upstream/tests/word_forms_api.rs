//! The keyword over the real snapshot as a reader types it: word forms, apostrophes, codes,
//! relevance, typos, syntax and what a result shows of its match (issue 28). Counts are
//! never written down: each form is compared with its dictionary form on the same data.

mod common;

use common::{enc, get, state};
use serde_json::Value;
use std::collections::BTreeSet;

fn ids(body: &Value) -> BTreeSet<String> {
    body["hydra:member"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect()
}

fn total(body: &Value) -> u64 {
    body["hydra:totalItems"].as_u64().unwrap()
}

/// Every result of a keyword (up to 1,000, by date so the order is the same).
async fn all(s: &upstream::AppState, register: &str, keyword: &str) -> Value {
    get(s, &format!("/api/{register}?keyword={}&perPage=100&sortOrder=dateCreated.desc", enc(keyword))).await.body
}

fn lexicon_or_skip() -> bool {
    let there = common::data_dir().join("lexicon/uk_UA.tsv").exists();
    assert!(there || std::env::var_os("CI").is_none(), "CI: make setup builds the word-form table");
    there
}

#[tokio::test]
async fn inflected_forms_find_what_their_dictionary_forms_find() {
    if !lexicon_or_skip() {
        return;
    }
    let s = state();
    for (register, typed, dictionary) in [
        ("tenders", "капітального ремонту", "капітальний ремонт"),
        ("tenders", "дизельного палива", "дизельне паливо"),
        ("tenders", "лікарні", "лікарня"),
        ("tenders", "школи", "школа"),
        ("tenders", "ноутбуків", "ноутбук"),
        ("plans", "продуктів харчування", "продукти харчування"),
        ("contracts", "послуг", "послуга"),
    ] {
        let a = all(&s, register, typed).await;
        let b = all(&s, register, dictionary).await;
        assert!(total(&b) > 0, "{register}: `{dictionary}` finds something");
        assert_eq!(total(&a), total(&b), "{register}: `{typed}` and `{dictionary}`");
        assert_eq!(ids(&a), ids(&b), "{register}: `{typed}` and `{dictionary}`");
    }
}

#[tokio::test]
async fn the_apostrophes_people_type_are_one() {
    let s = state();
    let results: Vec<Value> =
        futures_all(&s, &["комп'ютерна техніка", "комп’ютерна техніка", "компʼютерна техніка", "комп`ютерна техніка"])
            .await;
    assert!(total(&results[0]) > 0);
    for r in &results[1..] {
        assert_eq!(ids(r), ids(&results[0]));
    }
}

async fn futures_all(s: &upstream::AppState, keywords: &[&str]) -> Vec<Value> {
    let mut out = Vec::new();
    for k in keywords {
        out.push(all(s, "tenders", k).await);
    }
    out
}

#[tokio::test]
async fn an_edrpou_finds_its_buyers_tenders() {
    let s = state();
    let first = get(&s, "/api/tenders?perPage=1").await.body;
    let code = first["hydra:member"][0]["procuringEntity"]["identifier"]["id"].as_str().unwrap().to_string();
    assert!(code.len() == 8 || code.len() == 10, "{code}");
    let by_keyword = all(&s, "tenders", &code).await;
    let by_filter =
        get(&s, &format!("/api/tenders?organizer[0]={code}&perPage=100&sortOrder=dateCreated.desc")).await.body;
    assert!(total(&by_filter) > 0);
    assert!(ids(&by_filter).is_subset(&ids(&by_keyword)), "every tender it organised");
    for m in by_keyword["hydra:member"].as_array().unwrap() {
        let pe = m["procuringEntity"]["identifier"]["id"].as_str().unwrap_or_default();
        let buyers = m["buyers"].as_array().into_iter().flatten().filter_map(|b| b["identifier"]["id"].as_str());
        let suppliers = m["awards"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|a| a["suppliers"].as_array().into_iter().flatten())
            .filter_map(|x| x["identifier"]["id"].as_str());
        assert!(
            pe == code || buyers.chain(suppliers).any(|c| c.trim() == code),
            "{} has {code} as buyer or supplier",
            m["tenderID"]
        );
    }
    // A code's digits alone are no code: 7 digits find no organisation.
    let short = all(&s, "tenders", &code[..7]).await;
    assert!(!ids(&short).contains(first["hydra:member"][0]["id"].as_str().unwrap()) || total(&short) == 0);
}

#[tokio::test]
async fn relevance_is_the_default_for_a_keyword_and_weighs_the_title() {
    let s = state();
    let r = get(&s, &format!("/api/tenders?keyword={}&perPage=20", enc("ремонт"))).await.body;
    assert_eq!(r["search"]["sortOrder"], "relevance");
    let titled = r["hydra:member"]
        .as_array()
        .unwrap()
        .iter()
        .take(5)
        .filter(|m| m["searchMatch"]["words"].as_array().is_some_and(|w| !w.is_empty()))
        .filter(|m| m["title"].as_str().is_some_and(|t| t.to_lowercase().contains("ремонт")))
        .count();
    assert_eq!(titled, 5, "the first five name the word in their titles");
    let by_date = get(&s, &format!("/api/tenders?keyword={}&sortOrder=dateCreated.desc", enc("ремонт"))).await.body;
    assert_eq!(by_date["search"]["sortOrder"], "dateCreated.desc");
    assert_eq!(total(&by_date), total(&r), "the order changes nothing else");
    let none = get(&s, "/api/tenders?sortOrder=relevance").await.body;
    assert!(none.get("search").is_none(), "no keyword, no search object");
}

#[tokio::test]
async fn a_typo_is_corrected_only_when_nothing_matches() {
    if !lexicon_or_skip() {
        return;
    }
    let s = state();
    let typo = get(&s, &format!("/api/tenders?keyword={}", enc("капітальнго ремонту"))).await.body;
    assert!(total(&typo) > 0);
    assert_eq!(typo["search"]["corrected"], "капітального ремонту");
    let exact = get(&s, &format!("/api/tenders?keyword={}&exact=true", enc("капітальнго ремонту"))).await.body;
    assert_eq!(total(&exact), 0);
    assert!(exact["search"].get("corrected").is_none());
    let right = get(&s, &format!("/api/tenders?keyword={}", enc("капітального ремонту"))).await.body;
    assert!(right["search"].get("corrected").is_none());
    let short = get(&s, &format!("/api/tenders?keyword={}", enc("шкло"))).await.body;
    assert!(short["search"].get("corrected").is_none(), "four letters are not corrected");
}

#[tokio::test]
async fn phrases_exclusions_and_or() {
    let s = state();
    let any = total(&all(&s, "tenders", "дизельне паливо").await);
    let phrase = total(&all(&s, "tenders", "\"дизельне паливо\"").await);
    assert!(phrase > 0 && phrase <= any);
    let fuel = all(&s, "tenders", "паливо").await;
    let without = all(&s, "tenders", "паливо -дизельне").await;
    assert!(total(&without) < total(&fuel));
    let either = all(&s, "tenders", "бензин OR паливо").await;
    let petrol = all(&s, "tenders", "бензин").await;
    let (e, p, f) = (total(&either), total(&petrol), total(&fuel));
    assert!(e >= p.max(f) && e <= p + f && p > 0, "{e} {p} {f}");
    assert_eq!(total(&all(&s, "tenders", "бензин АБО паливо").await), total(&either));
    // Malformed: read as plain words, never an error.
    for k in ["\"дизельне паливо", "паливо -", "OR", "- \"", "\"\""] {
        let r = get(&s, &format!("/api/tenders?keyword={}", enc(k))).await;
        assert_eq!(r.status, 200, "{k}");
    }
    assert_eq!(total(&all(&s, "tenders", "\"дизельне паливо").await), any);
}

#[tokio::test]
async fn results_show_their_matched_words_and_a_snippet() {
    if !lexicon_or_skip() {
        return;
    }
    let s = state();
    let r = get(&s, &format!("/api/tenders?keyword={}&perPage=20", enc("лікарні"))).await.body;
    let members = r["hydra:member"].as_array().unwrap();
    assert!(!members.is_empty());
    for m in members {
        let words: Vec<&str> =
            m["searchMatch"]["words"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
        assert!(!words.is_empty() && words.iter().all(|w| w.starts_with("лікар")), "{words:?}");
        if let Some(snippet) = m["searchMatch"]["snippet"].as_str() {
            assert!(snippet.chars().count() <= 202, "{snippet}");
            assert!(words.iter().any(|w| snippet.to_lowercase().contains(w)), "{snippet}");
        }
    }
    let products = get(&s, &format!("/api/products?keyword={}", enc("паперу офісного"))).await.body;
    assert!(total(&products) > 0, "Market products read word forms too");
    assert_eq!(products["search"]["sortOrder"], "relevance");
    assert!(products["hydra:member"][0]["searchMatch"]["words"].as_array().is_some_and(|w| !w.is_empty()));
}

#[tokio::test]
async fn a_real_word_and_an_english_word_are_never_corrected_into_others() {
    if !lexicon_or_skip() {
        return;
    }
    let s = state();
    // A dictionary word the data lacks, and English words: no notice of another word.
    for k in ["батути", "trampolines", "gloves"] {
        let r = get(&s, &format!("/api/tenders?keyword={}", enc(k))).await.body;
        assert!(r["search"].get("corrected").is_none(), "{k}: {}", r["search"]);
    }
    // A typo of a word the data has is still corrected.
    let typo = get(&s, &format!("/api/tenders?keyword={}", enc("капітальнго"))).await.body;
    assert_eq!(typo["search"]["corrected"], "капітального");
}

#[tokio::test]
async fn codes_with_their_labels_parts_of_ids_and_cpv_codes() {
    let s = state();
    // An organisation's code with its label finds what the digits alone find.
    let t = &get(&s, "/api/tenders?perPage=1&page=3").await.body["hydra:member"][0];
    let code = t["procuringEntity"]["identifier"]["id"].as_str().unwrap().trim().to_string();
    let plain = total(&all(&s, "tenders", &code).await);
    assert!(plain > 0);
    for labelled in [format!("ЄДРПОУ {code}"), format!("код: {code}"), format!("ЕДРПОУ {code}")] {
        assert_eq!(total(&all(&s, "tenders", &labelled).await), plain, "{labelled}");
    }
    // A tender's id without its `-a`, or without `UA-`, finds the tender.
    let id = t["tenderID"].as_str().unwrap();
    let bare = id.trim_end_matches("-a");
    for part in [bare, bare.trim_start_matches("UA-"), id.trim_start_matches("UA-")] {
        let r = all(&s, "tenders", part).await;
        assert!(r["hydra:member"].as_array().unwrap().iter().any(|m| m["tenderID"] == id), "{part}");
    }
    // A CPV code finds the tenders classified under it and its children, with or
    // without its check digit, at least as many as the filter.
    let cpv = t["items"][0]["classification"]["id"].as_str().unwrap().to_string();
    let division = format!("{}000000", &cpv[..2]);
    let filter = total(&get(&s, &format!("/api/tenders?perPage=1&classification[0]={division}")).await.body);
    assert!(filter > 0);
    for typed in [format!("CPV {division}"), format!("{division}-0"), format!("ДК 021:2015 {division}")] {
        let found = total(&all(&s, "tenders", &typed).await);
        assert!(found >= filter, "{typed}: {found} < {filter}");
    }
}
