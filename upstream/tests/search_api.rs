//! Contract tests of the search API over the real snapshot, through the in-process router.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{get, state};

#[tokio::test]
async fn tender_search_is_a_hydra_collection_with_facets() {
    let s = state();
    let r = get(&s, "/api/tenders").await;
    assert_eq!(r.status, 200);
    assert!(r.content_type.starts_with("application/json"), "{}", r.content_type);
    assert_eq!(r.body["@type"], "hydra:Collection");
    assert_eq!(r.body["hydra:member"].as_array().unwrap().len(), 10);
    let total = r.body["hydra:totalItems"].as_u64().unwrap();
    assert!(total > 5000, "real tenders (non-test) are searchable: {total}");
    let created: Vec<&str> =
        r.body["hydra:member"].as_array().unwrap().iter().map(|m| m["dateCreated"].as_str().unwrap()).collect();
    let ms: Vec<i64> = created.iter().map(|d| upstream::dates::parse(d).unwrap()).collect();
    assert!(ms.windows(2).all(|w| w[0] >= w[1]), "default sort dateCreated.desc");
    let status_sum: u64 = r.body["facets"]["status"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(status_sum, total);
    assert!(r.body["facets"]["classification"].as_object().unwrap().contains_key("45000000-7"));
    assert!(r.body["hydra:member"][0].get("documents").is_none());
}

#[tokio::test]
async fn filters_on_real_values() {
    let s = state();
    let r = get(&s, "/api/tenders?status[0]=complete&procurementMethodType[0]=reporting&perPage=100").await;
    assert_eq!(r.status, 200);
    for m in r.body["hydra:member"].as_array().unwrap() {
        assert_eq!(m["status"], "complete");
        assert_eq!(m["procurementMethodType"], "reporting");
    }
    let r = get(&s, "/api/tenders?classification[0]=44000000-2&valueAmount[from]=1000&valueAmount[to]=5000&sortOrder=valueAmount.asc&perPage=100").await;
    let members = r.body["hydra:member"].as_array().unwrap();
    assert!(!members.is_empty());
    let mut last = 0.0;
    for m in members {
        let v = m["value"]["amount"].as_f64().unwrap();
        assert!((1000.0..=5000.0).contains(&v) && v >= last);
        last = v;
        assert!(m["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["classification"]["id"].as_str().unwrap().starts_with("44")));
    }
}

#[tokio::test]
async fn keyword_is_case_insensitive_in_ukrainian_and_english() {
    let s = state();
    let uk = get(&s, "/api/tenders?keyword=%D0%93%D0%A0%D0%A3%D0%9D%D0%A2%D0%86%D0%92%D0%9A%D0%90").await; // ГРУНТІВКА
    assert!(uk.body["hydra:totalItems"].as_u64().unwrap() >= 1);
    let en = get(&s, "/api/tenders?keyword=Paints").await;
    assert!(en.body["hydra:totalItems"].as_u64().unwrap() >= 1, "English CPV names are searchable");
    let id = get(&s, "/api/tenders?keyword=ua-2026-10-08-011748-A").await;
    assert_eq!(id.body["hydra:totalItems"], 1);
}

#[tokio::test]
async fn one_document_by_tender_id_or_hex_id() {
    let s = state();
    let a = get(&s, "/api/tenders/UA-2026-10-08-011748-a").await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["id"], "00099ec17718414a90b638730cb31d94");
    assert!(a.body["documents"].is_array());
    let b = get(&s, "/api/tenders/00099ec17718414a90b638730cb31d94").await;
    assert_eq!(b.body["tenderID"], "UA-2026-10-08-011748-a");
    let missing = get(&s, "/api/tenders/UA-0000").await;
    assert_eq!(missing.status, 404);
    assert!(missing.body["error"].as_str().unwrap().contains("tender `UA-0000` not found"));
}

#[tokio::test]
async fn plans_and_contracts() {
    let s = state();
    let p = get(&s, "/api/plans?planYear=2026&status[]=scheduled").await;
    assert_eq!(p.status, 200);
    assert!(p.body["hydra:totalItems"].as_u64().unwrap() > 1000);
    let plan_id = p.body["hydra:member"][0]["planID"].as_str().unwrap().to_string();
    assert_eq!(get(&s, &format!("/api/plans/{plan_id}")).await.status, 200);
    let c = get(&s, "/api/contracts?status[0]=active&perPage=5").await;
    assert!(c.body["hydra:totalItems"].as_u64().unwrap() > 1000);
    let first = &c.body["hydra:member"][0];
    assert!(first["suppliers"][0]["identifier"]["id"].is_string());
    assert!(first["value"]["amount"].is_number());
    let cid = first["contractID"].as_str().unwrap();
    let one = get(&s, &format!("/api/contracts/{cid}")).await;
    assert_eq!(one.body["id"], first["id"]);
    let sup = first["suppliers"][0]["identifier"]["id"].as_str().unwrap();
    let by_sup = get(&s, &format!("/api/contracts?supplier[0]={sup}")).await;
    assert!(by_sup.body["hydra:totalItems"].as_u64().unwrap() >= 1);
}

#[tokio::test]
async fn bad_input_is_a_400_naming_the_parameter() {
    let s = state();
    for (uri, param) in [
        ("/api/tenders?page=abc", "page"),
        ("/api/tenders?perPage=1000", "perPage"),
        ("/api/tenders?page=1001", "page"),
        ("/api/tenders?status[0]=sleeping", "status"),
        ("/api/tenders?valueAmount[from]=lots", "valueAmount"),
        ("/api/tenders?tenderPeriod[from]=2026-99-01", "tenderPeriod"),
        ("/api/tenders?sortOrder=title.asc", "sortOrder"),
        ("/api/tenders?hasActiveMonitoring=perhaps", "hasActiveMonitoring"),
        ("/api/plans?status[0]=active.tendering", "status"),
        ("/api/classifications?scheme=nope", "scheme"),
        ("/api/classifications?perPage=10001", "perPage"),
        ("/api/tender_identifiers", "keyword"),
    ] {
        let r = get(&s, uri).await;
        assert_eq!(r.status, 400, "{uri}");
        assert_eq!(r.body["parameter"], param, "{uri}: {}", r.text);
    }
    assert_eq!(get(&s, "/api/nothing-here").await.status, 404);
}

#[tokio::test]
async fn classifications_tree() {
    let s = state();
    let roots = get(&s, "/api/classifications?scheme=classification&page=1&perPage=10000").await;
    let members = roots.body["hydra:member"].as_array().unwrap();
    // 45 divisions plus the childless `99999999-9` ("not defined") code.
    assert_eq!(members.len(), 46, "CPV roots");
    assert!(members.iter().all(|m| m["treeLevel"] == 1 && (m["children"] == true || m["id"] == "99999999-9")));
    let kids = get(&s, "/api/classifications?scheme=classification&parentId=03000000-1&perPage=10000").await;
    let kids = kids.body["hydra:member"].as_array().unwrap();
    assert!(!kids.is_empty() && kids.iter().all(|k| k["treeLevel"] == 2 && k["parentId"] == "03000000-1"));
    let by_id = get(&s, "/api/classifications?scheme=classification&searchId[]=44830000-7&searchId[]=45000000-7").await;
    assert_eq!(by_id.body["hydra:totalItems"], 2);
    assert_eq!(by_id.body["hydra:member"][0]["name"], "Мастики, шпаклівки, замазки та розчинники");
    let kw =
        get(&s, "/api/classifications?scheme=classification&keyword=%D0%BC%D0%B0%D1%81%D1%82%D0%B8%D0%BA%D0%B8").await;
    assert!(kw.body["hydra:totalItems"].as_u64().unwrap() >= 1);
    let en = get(&s, "/api/classifications?scheme=classification&keyword=putty&lang=en").await;
    assert!(en.body["hydra:member"][0]["name"].as_str().unwrap().to_lowercase().contains("putt"));
    let road = get(&s, "/api/classifications?scheme=road&searchId[0]=M-05").await;
    assert_eq!(road.body["hydra:member"][0]["name"], "Київ - Одеса");
    let ccce = get(&s, "/api/classifications?scheme=ccce_ua&perPage=100").await;
    assert!(ccce.body["hydra:totalItems"].as_u64().unwrap() > 10);
}

#[tokio::test]
async fn identifier_lookups_tags_and_funders() {
    let s = state();
    let t = get(&s, "/api/tender_identifiers?id[]=02545761").await;
    assert_eq!(
        t.body["hydra:member"][0]["legalName"],
        "ДЕРЖАВНИЙ НАВЧАЛЬНИЙ ЗАКЛАД \"ВИЩЕ ПРОФЕСІЙНЕ УЧИЛИЩЕ № 8 М.СТРИЯ\""
    );
    let k = get(&s, "/api/tender_identifiers?keyword=%D1%81%D1%82%D1%80%D0%B8%D1%8F").await; // стрия
    assert!(k.body["hydra:totalItems"].as_u64().unwrap() >= 1);
    let sup = get(&s, "/api/contract_suppliers?id[0]=3048506217").await;
    assert_eq!(sup.body["hydra:member"][0]["legalName"], "ФОП Сидій Богдан Іванович");
    assert_eq!(get(&s, "/api/plan_identifiers?id[]=44060252").await.body["hydra:totalItems"], 1);
    assert_eq!(get(&s, "/api/contract_identifiers?id[]=02545761").await.body["hydra:totalItems"], 1);
    let tags = get(&s, "/api/tags").await;
    assert_eq!(tags.body["@type"], "hydra:Collection");
    assert!(tags.body["hydra:member"][0]["name_en"].is_string());
    let f = get(&s, "/api/tender_funders").await;
    assert!(f.body["hydra:member"][0]["identifier"]["id"].is_string());
    assert!(f.body["hydra:member"][0]["name_uk"].is_string());
    let tagged = get(&s, "/api/tenders?tags[0]=medicine").await;
    assert!(tagged.body["hydra:totalItems"].as_u64().unwrap() > 10);
}

#[tokio::test]
async fn browsers_on_the_portal_origin_may_call_the_apis() {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let app = upstream::app(state());
    let answer = app
        .clone()
        .oneshot(Request::get("/api/tags").header("origin", "http://127.0.0.1:8080").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["access-control-allow-origin"], "http://127.0.0.1:8080");
    // The preflight of a login or a second-factor call (JSON body, bearer header).
    let preflight = app
        .oneshot(
            Request::options("/api/auth/2fa")
                .header("origin", "http://127.0.0.1:8080")
                .header("access-control-request-method", "POST")
                .header("access-control-request-headers", "authorization,content-type")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(preflight.status().is_success(), "{}", preflight.status());
    let allowed = preflight.headers()["access-control-allow-headers"].to_str().unwrap().to_lowercase();
    assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{allowed}");
    assert!(preflight.headers()["access-control-allow-methods"].to_str().unwrap().contains("POST"));
}

#[tokio::test]
async fn a_tenders_contracts_by_its_hex_id_or_tender_id() {
    let s = state();
    let tender = get(&s, "/api/tenders/UA-2026-10-08-011748-a").await.body;
    let hex = tender["id"].as_str().unwrap();
    let active_awards = tender["awards"].as_array().unwrap().iter().filter(|a| a["status"] == "active").count();
    let by_hex = get(&s, &format!("/api/contracts?tender_id={hex}")).await;
    assert_eq!(by_hex.status, 200);
    assert_eq!(by_hex.body["hydra:totalItems"], active_awards);
    assert!(members(&by_hex.body).iter().all(|m| m["tender_id"] == hex));
    for q in [
        "tender_id[]=ua-2026-10-08-011748-A".to_string(),
        format!("tender_id[0]={}", hex.to_uppercase()),
        format!("tender_id[0]=UA-0000-00-00-000000-a&tender_id[1]={hex}"),
    ] {
        let r = get(&s, &format!("/api/contracts?{q}")).await;
        assert_eq!(r.body["hydra:member"], by_hex.body["hydra:member"], "{q}");
    }
    for unknown in ["UA-0000-00-00-000000-a", "ffffffffffffffffffffffffffffffff"] {
        for path in ["/api/contracts", "/api/plans"] {
            let r = get(&s, &format!("{path}?tender_id={unknown}")).await;
            assert_eq!((r.status.as_u16(), r.body["hydra:totalItems"].as_u64()), (200, Some(0)), "{path} {unknown}");
        }
    }
    // Tenders have no tender_id filter: the parameter is ignored there.
    let all = get(&s, "/api/tenders").await.body["hydra:totalItems"].clone();
    assert_eq!(get(&s, &format!("/api/tenders?tender_id={hex}")).await.body["hydra:totalItems"], all);
}

#[tokio::test]
async fn plans_answer_a_plan_year_facet() {
    let s = state();
    let r = get(&s, "/api/plans").await;
    let years = r.body["facets"]["planYear"].as_object().expect("planYear facet");
    let total = r.body["hydra:totalItems"].as_u64().unwrap();
    assert_eq!(years.values().map(|v| v.as_u64().unwrap()).sum::<u64>(), total, "every plan has a year");
    for (year, count) in years {
        assert!(year.len() == 4 && year.parse::<u32>().is_ok(), "key `{year}`");
        let one = get(&s, &format!("/api/plans?planYear={year}")).await;
        assert_eq!(&one.body["hydra:totalItems"], count, "{year}");
    }
    assert!(years.contains_key("2026"));
    let scheduled = get(&s, "/api/plans?status[]=scheduled&planYear=2026").await;
    assert_eq!(scheduled.body["facets"]["planYear"]["2026"], scheduled.body["hydra:totalItems"]);
    for path in ["/api/tenders", "/api/contracts"] {
        assert!(get(&s, path).await.body["facets"].get("planYear").is_none(), "{path}");
    }
}

#[tokio::test]
async fn date_signed_is_the_contracts_publication_date() {
    let s = state();
    let range = "[from]=2026-10-06&{}[to]=2026-10-07";
    let signed = get(&s, &format!("/api/contracts?dateSigned{}&perPage=100", range.replace("{}", "dateSigned"))).await;
    let published =
        get(&s, &format!("/api/contracts?publicationDate{}&perPage=100", range.replace("{}", "publicationDate"))).await;
    assert_eq!(signed.status, 200);
    let n = signed.body["hydra:totalItems"].as_u64().unwrap();
    assert!(n > 0);
    assert_eq!(signed.body["hydra:member"], published.body["hydra:member"]);
    assert_eq!(signed.body["hydra:totalItems"], published.body["hydra:totalItems"]);
    let from = upstream::dates::parse("2026-10-06").unwrap();
    let to = upstream::dates::parse("2026-10-08").unwrap();
    for m in members(&signed.body) {
        let d = m["dateSigned"].as_str().or(m["dateCreated"].as_str()).unwrap();
        let ms = upstream::dates::parse(d).unwrap();
        assert!(from <= ms && ms < to, "{d}");
    }
    let narrower =
        get(&s, "/api/contracts?dateSigned[from]=2026-10-06T12:00:00%2B03:00&dateSigned[to]=2026-10-07").await;
    assert!(narrower.body["hydra:totalItems"].as_u64().unwrap() < n);
    let bad = get(&s, "/api/contracts?dateSigned[to]=yesterday").await;
    assert_eq!((bad.status.as_u16(), bad.body["parameter"].as_str()), (400, Some("dateSigned")));
    // Not a tenders' or plans' parameter: ignored there.
    assert_eq!(get(&s, "/api/plans?dateSigned[to]=yesterday").await.status, 200);
}

fn members(v: &serde_json::Value) -> &Vec<serde_json::Value> {
    v["hydra:member"].as_array().expect("hydra:member")
}

/// The API-documentation examples of a kind: (file name, document), in file-name order.
fn api_doc_files(kind: &str) -> Option<Vec<(String, serde_json::Value)>> {
    let dir = common::api_docs(kind)?;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Some(
        files
            .into_iter()
            .map(|p| {
                let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                let doc = if doc["data"].is_object() { doc["data"].clone() } else { doc };
                (p.file_name().unwrap().to_string_lossy().into_owned(), doc)
            })
            .collect(),
    )
}

#[tokio::test]
async fn every_api_documentation_plan_and_contract_answers_by_its_ids() {
    let s = common::state_with_docs();
    for (kind, human) in [("plans", "planID"), ("contracts", "contractID")] {
        let Some(files) = api_doc_files(kind) else {
            eprintln!("skipped: no API-documentation {kind}");
            continue;
        };
        assert!(files.len() >= 6, "{kind}: {} files", files.len());
        for (i, (file, doc)) in files.iter().enumerate() {
            for key in ["id", human] {
                let id = doc[key].as_str().unwrap();
                for asked in [id.to_string(), id.to_uppercase()] {
                    let r = get(&s, &format!("/api/{kind}/{asked}")).await;
                    assert_eq!(r.status, 200, "{file}: /api/{kind}/{asked}");
                    // Several files may share an id: the last loaded (file-name order) answers.
                    let last = files.iter().rposition(|(_, d)| d[key] == doc[key]).unwrap();
                    let expected = &files[last].1;
                    let answered_id = if key == "id" || last == i { &doc["id"] } else { &expected["id"] };
                    assert_eq!(r.body["id"], *answered_id, "{file}: /api/{kind}/{asked}");
                    if last == i {
                        assert_eq!(&r.body, doc, "{file}: served as stored");
                    }
                }
            }
            // Each file is a search result of its own: its id as the keyword finds it.
            let found = get(&s, &format!("/api/{kind}?keyword={}&perPage=100", doc["id"].as_str().unwrap())).await;
            assert!(members(&found.body).iter().any(|m| m["status"] == doc["status"]), "{file}: by keyword");
        }
    }
}

#[tokio::test]
async fn api_documentation_contracts_are_searchable_like_the_derived_ones() {
    let Some(files) = api_doc_files("contracts") else { return };
    let s = common::state_with_docs();
    let terminated = get(&s, "/api/contracts?status[]=terminated").await;
    assert_eq!(terminated.body["hydra:totalItems"], 1);
    assert_eq!(terminated.body["facets"]["status"]["terminated"], 1);
    let (_, multicurrency) = files.iter().find(|(f, _)| f.contains("multicurrency")).unwrap();
    let buyer = multicurrency["buyer"]["identifier"]["id"].as_str().unwrap();
    let supplier = multicurrency["suppliers"][0]["identifier"]["id"].as_str().unwrap();
    for q in [
        format!("organizer[]={buyer}"),
        format!("supplier[]={supplier}"),
        "keyword=%D0%BE%D0%BF%D0%B8%D1%81%20%D0%BB%D0%BE%D1%82".to_string(), // опис лот (its description)
        "keyword=%D0%A8%D0%BA%D0%BE%D0%BB%D1%8F%D1%80".to_string(),          // Школяр (a supplier's name)
        "classification[]=55500000-5&valueSum[from]=10000&valueSum[to]=10000".to_string(),
        "region[]=%D0%BC.%20%D0%9A%D0%B8%D1%97%D0%B2&dateSigned[from]=2027-01-31&dateSigned[to]=2027-01-31".to_string(),
    ] {
        let r = get(&s, &format!("/api/contracts?{q}")).await;
        assert!(members(&r.body).iter().any(|m| m["id"] == multicurrency["id"]), "{q}: {}", r.text);
    }
    // The buyer of the other examples has no legalName: its name stands in.
    let other = &files.iter().find(|(f, _)| f == "contract__active.json").unwrap().1;
    let org = other["buyer"]["identifier"]["id"].as_str().unwrap();
    let lookup = get(&s, &format!("/api/contract_identifiers?id[]={org}")).await;
    assert_eq!(lookup.body["hydra:member"][0]["legalName"], other["buyer"]["name"]);
    // The tender page lists a tender's contracts: every state of the example contract of
    // the price quotation tender, beside the one derived from its award.
    let hex = other["tender_id"].as_str().unwrap();
    let of_tender = get(&s, &format!("/api/contracts?tender_id={hex}&perPage=100")).await;
    let ids: Vec<&str> = members(&of_tender.body).iter().map(|m| m["id"].as_str().unwrap()).collect();
    let versions = files.iter().filter(|(_, d)| d["id"] == other["id"]).count();
    assert_eq!(ids.iter().filter(|id| **id == other["id"]).count(), versions, "{ids:?}");
    assert!(members(&of_tender.body).iter().all(|m| m["tender_id"] == hex));
    let tender_id = get(&s, &format!("/api/tenders/{hex}")).await.body["tenderID"].as_str().map(String::from);
    if let Some(tender_id) = tender_id {
        // A tenderID several stored tenders share stands for all of them.
        let by_tender_id = get(&s, &format!("/api/contracts?tender_id={tender_id}&perPage=100")).await;
        let all: Vec<&str> = members(&by_tender_id.body).iter().map(|m| m["id"].as_str().unwrap()).collect();
        assert!(ids.iter().all(|id| all.contains(id)), "{all:?}");
    }
}

#[tokio::test]
async fn api_documentation_plans_are_searchable_like_the_real_ones() {
    let Some(files) = api_doc_files("plans") else { return };
    let s = common::state_with_docs();
    let by_status = |status: &str| files.iter().filter(|(_, d)| d["status"] == status).count();
    for status in ["complete", "cancelled", "draft"] {
        let r = get(&s, &format!("/api/plans?status[]={status}")).await;
        assert_eq!(r.body["hydra:totalItems"], by_status(status), "{status}");
    }
    // Every example plans 2027 (`budget.period`, else the tender period's start).
    let real_2027 = get(&state(), "/api/plans?planYear=2027").await.body["hydra:totalItems"].as_u64().unwrap();
    let y2027 = get(&s, "/api/plans?planYear=2027").await;
    assert_eq!(y2027.body["hydra:totalItems"].as_u64().unwrap(), real_2027 + files.len() as u64);
    assert_eq!(get(&s, "/api/plans").await.body["facets"]["planYear"]["2027"], y2027.body["hydra:totalItems"]);
    for (file, plan) in &files {
        if let Some(hex) = plan["tender_id"].as_str() {
            let r = get(&s, &format!("/api/plans?tender_id={}", hex.to_uppercase())).await;
            assert_eq!(r.body["hydra:member"][0]["id"], plan["id"], "{file}");
        }
    }
    let organizer = files[0].1["procuringEntity"]["identifier"]["id"].as_str().unwrap();
    let r = get(&s, &format!("/api/plans?organizer[]={organizer}&valueBudget[from]=10000&valueBudget[to]=10000&plansPeriod[from]=2027-01-08&plansPublished[from]=2027-01-01&classification[]=03111000-2")).await;
    let expected = files.iter().filter(|(_, p)| p["procuringEntity"]["identifier"]["id"] == organizer).count();
    assert_eq!(r.body["hydra:totalItems"], expected, "{}", r.text);
    // A donor programme's plan answers its funder (the standards' programme list).
    if !s.data.read().classifiers.funders.is_empty() {
        let funded = get(&s, "/api/plans?funder[]=47015").await;
        assert!(members(&funded.body).iter().any(|m| m["budget"]["project"]["id"] == "usaid"), "{}", funded.text);
    }
    let keyword = get(&s, "/api/plans?keyword=%D0%B3%D1%96%D1%80%D1%87%D0%B8%D1%86%D1%96").await; // гірчиці (an item)
    let with_item = files
        .iter()
        .filter(|(_, p)| {
            p["items"].as_array().unwrap().iter().any(|i| i["description"].as_str().unwrap().contains("гірчиці"))
        })
        .count();
    assert!(with_item > 0);
    assert_eq!(keyword.body["hydra:totalItems"], with_item);
}

/// The `dateModified` of each member (epoch ms).
fn modified(r: &common::Resp) -> Vec<i64> {
    r.body["hydra:member"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| upstream::dates::parse(m["dateModified"].as_str().unwrap()).unwrap())
        .collect()
}

#[tokio::test]
async fn changed_since_keeps_the_records_modified_at_or_after_it() {
    let s = state();
    // The 100 newest changes: a cutoff at the 40th keeps those at or after it.
    let newest = get(&s, "/api/tenders?sortOrder=dateModified.desc&perPage=100").await;
    let times = modified(&newest);
    let cutoff = times[39];
    assert!(times[99] < cutoff, "ties stay within the first page");
    let expected = times.iter().filter(|&&t| t >= cutoff).count();
    let since = upstream::dates::format_kyiv(cutoff);
    let url = format!("/api/tenders?changedSince={}&sortOrder=dateModified.asc&perPage=100", common::enc(&since));
    let r = get(&s, &url).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["hydra:totalItems"], expected, "{since}");
    let got = modified(&r);
    assert!(got.iter().all(|&t| t >= cutoff), "none before {since}");
    assert!(got.windows(2).all(|w| w[0] <= w[1]), "oldest first, to poll from");
    assert_eq!(got[0], cutoff);
    // It narrows the other filters, never widens them.
    let status = newest.body["hydra:member"][0]["status"].as_str().unwrap();
    let both =
        get(&s, &format!("/api/tenders?changedSince={}&status[]={status}&perPage=100", common::enc(&since))).await;
    let both_n = both.body["hydra:totalItems"].as_u64().unwrap();
    assert!(both_n >= 1 && both_n <= expected as u64, "{both_n} of {expected}");
    assert!(both.body["hydra:member"].as_array().unwrap().iter().all(|m| m["status"] == status));
    // A date is its Kyiv midnight; a moment past every change keeps nothing; one before
    // them all keeps everything; an empty one is no filter.
    let day = &since[..10];
    let midnight = upstream::dates::format_kyiv(upstream::dates::parse(day).unwrap());
    assert!(midnight.starts_with(&format!("{day}T00:00:00")), "{midnight}");
    let total = |q: String| {
        let s = s.clone();
        async move {
            let r = get(&s, &format!("/api/tenders?{q}")).await;
            assert_eq!(r.status, 200, "{q}: {}", r.text);
            r.body["hydra:totalItems"].as_u64().unwrap()
        }
    };
    assert_eq!(
        total(format!("changedSince={day}")).await,
        total(format!("changedSince={}", common::enc(&midnight))).await
    );
    assert!(total(format!("changedSince={day}")).await >= expected as u64);
    assert_eq!(total(format!("changedSince={}", common::enc(&upstream::dates::format_kyiv(times[0] + 1)))).await, 0);
    let all = total(String::new()).await;
    assert_eq!(total("changedSince=2000-01-01".into()).await, all);
    assert_eq!(total("changedSince=".into()).await, all);
    // Plans and contracts too.
    for register in ["plans", "contracts"] {
        let r = get(&s, &format!("/api/{register}?sortOrder=dateModified.desc&perPage=5")).await;
        let newest = modified(&r)[0];
        let since = common::enc(&upstream::dates::format_kyiv(newest));
        let r = get(&s, &format!("/api/{register}?changedSince={since}&perPage=100")).await;
        assert_eq!(r.status, 200, "{register}: {}", r.text);
        let n = r.body["hydra:totalItems"].as_u64().unwrap();
        assert!(n >= 1 && modified(&r).iter().all(|&t| t >= newest), "{register}: {n}");
    }
}

#[tokio::test]
async fn changed_since_refuses_what_is_not_a_date() {
    let s = state();
    for register in ["tenders", "plans", "contracts"] {
        for bad in ["yesterday", "2026-13-01", "1e9", "2026-11-29T25:00:00", "%3Cscript%3E"] {
            let r = get(&s, &format!("/api/{register}?changedSince={bad}")).await;
            assert_eq!(r.status, 400, "{register} {bad}: {}", r.text);
            assert_eq!(r.body["parameter"], "changedSince", "{register} {bad}");
        }
    }
}

/// A poller's view: the records changed through the development API since its last poll,
/// and nothing else.
#[tokio::test]
async fn changed_since_finds_the_records_changed_after_a_poll() {
    let mut cfg = common::config_with(0);
    cfg.dev = true;
    cfg.users_db = ":memory:".into();
    let s = upstream::load(cfg).expect("load");
    let newest = get(&s, "/api/tenders?sortOrder=dateModified.desc&perPage=1").await;
    let last_poll = modified(&newest)[0].max(upstream::dates::now_ms()) + 1;
    let since = common::enc(&upstream::dates::format_kyiv(last_poll));
    assert_eq!(get(&s, &format!("/api/tenders?changedSince={since}")).await.body["hydra:totalItems"], 0);
    let listed = get(&s, "/api/tenders?perPage=3&sortOrder=dateCreated.asc").await;
    let mut changed: Vec<String> =
        listed.body["hydra:member"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    for id in &changed {
        let r = common::post_json(&s, &format!("/dev/cdb/tenders/{id}"), r#"{"description": "Змінено"}"#, None).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let r = get(&s, &format!("/api/tenders?changedSince={since}&sortOrder=dateModified.asc&perPage=100")).await;
    let mut found: Vec<String> =
        r.body["hydra:member"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect();
    found.sort();
    changed.sort();
    assert_eq!(found, changed);
}
