//! Contract tests of the search API over the real snapshot, through the in-process router.

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
async fn browsers_on_another_origin_may_call_the_apis() {
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
    assert_eq!(answer.headers()["access-control-allow-origin"], "*");
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
