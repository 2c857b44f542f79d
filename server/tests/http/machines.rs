//! Documents for machines and validators of record pages, in-process: a revisit of an
//! unchanged record page is a `304` with no render; sitemaps, feeds and exports stream
//! with their headers, answer their validators, and a failure halfway cuts the body.

use super::*;

/// A portal whose state the test keeps (to read the render count), hosted as `portal`.
async fn portal_with_state(extra: &[(&str, &str)]) -> (Router, AppState) {
    let state = AppState::new(config(extra));
    state.start_renderer("", true).await.unwrap();
    (app(state.clone()), state)
}

fn renders(state: &AppState) -> u64 {
    state.ready().unwrap().pool.renders()
}

#[tokio::test]
async fn a_revisit_of_an_unchanged_record_page_is_a_304_without_a_render() {
    let (app, state) = portal_with_state(&[]).await;
    let (_, tender_id, _) = first_tender().await;
    let path = format!("/tenders/{tender_id}");
    let first = get(&app, &path, &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.headers[header::ETAG].to_str().unwrap().to_owned();
    let modified = first.headers[header::LAST_MODIFIED].to_str().unwrap().to_owned();
    assert!(etag.starts_with("W/\""), "{etag}");
    let before = renders(&state);
    let again = get(&app, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.bytes.is_empty());
    assert_eq!(again.headers[header::ETAG], etag.as_str());
    assert_eq!(renders(&state), before, "a 304 renders nothing");
    // The date alone is not enough (issue 42, item 4): it is the record's, while the tag
    // also covers the release, the cookie notice and the other answers.
    let since = get(&app, &path, &[("if-modified-since", &modified)]).await;
    assert_eq!(since.status, StatusCode::OK, "If-Modified-Since alone: the page");
    assert!(since.headers.contains_key(header::LAST_MODIFIED), "the date is still sent");
    let before = renders(&state);
    // Another version, or none: the page, rendered.
    assert_eq!(get(&app, &path, &[("if-none-match", "W/\"old\"")]).await.status, StatusCode::OK);
    assert_eq!(renders(&state), before + 1);
    // The other language has its own; a HEAD answers the tag too.
    assert!(get(&app, &format!("/en{path}"), &[]).await.headers.contains_key(header::ETAG));
    let head = app
        .clone()
        .oneshot(Request::head(&path).header("if-none-match", &etag).body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(head.status(), StatusCode::NOT_MODIFIED);
    // A record that is not there has no validator; a search page neither.
    let missing = get(&app, "/tenders/UA-2000-01-01-000000-a", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.headers.get(header::ETAG).is_none());
    assert!(get(&app, "/tenders", &[]).await.headers.get(header::ETAG).is_none());
    // Plans, contracts and products have one too.
    let body: serde_json::Value =
        reqwest::get(format!("{}/api/plans?perPage=1", upstream_url())).await.unwrap().json().await.unwrap();
    let plan = body["hydra:member"][0]["planID"].as_str().unwrap().to_owned();
    let body: serde_json::Value =
        reqwest::get(format!("{}/api/products?perPage=1", upstream_url())).await.unwrap().json().await.unwrap();
    let product = body["hydra:member"][0]["id"].as_str().unwrap().to_owned();
    for path in [format!("/plans/{plan}"), format!("/market/products/{product}")] {
        let page = get(&app, &path, &[]).await;
        let etag =
            page.headers.get(header::ETAG).unwrap_or_else(|| panic!("{path}: no ETag")).to_str().unwrap().to_owned();
        assert_eq!(get(&app, &path, &[("if-none-match", &etag)]).await.status, StatusCode::NOT_MODIFIED, "{path}");
    }
}

#[tokio::test]
async fn a_micro_cached_record_page_answers_its_validator() {
    let (app, state) = portal_with_state(&[("PORTAL_SERVER_HTML_MICRO_CACHE_MS", "60000")]).await;
    let (_, tender_id, _) = first_tender().await;
    let path = format!("/tenders/{tender_id}");
    let etag = get(&app, &path, &[]).await.headers[header::ETAG].to_str().unwrap().to_owned();
    let before = renders(&state);
    let again = get(&app, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let whole = get(&app, &path, &[]).await;
    assert_eq!(whole.status, StatusCode::OK);
    assert_eq!(whole.headers[header::ETAG], etag.as_str());
    assert_eq!(renders(&state), before);
}

#[tokio::test]
async fn sitemaps_feeds_and_exports_have_their_headers_and_validators() {
    let (app, state) = portal_with_state(&[]).await;
    let index = get(&app, "/sitemap.xml", &[]).await;
    assert_eq!(index.status, StatusCode::OK);
    assert_eq!(index.headers[header::CONTENT_TYPE], "application/xml; charset=utf-8");
    assert!(
        index.body.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex"),
        "{}",
        &index.body[..200]
    );
    assert!(index.body.contains("<loc>http://127.0.0.1:8080/sitemaps/market-products.xml</loc>"));
    let etag = index.headers[header::ETAG].to_str().unwrap().to_owned();
    let before = renders(&state);
    assert_eq!(get(&app, "/sitemap.xml", &[("if-none-match", &etag)]).await.status, StatusCode::NOT_MODIFIED);
    assert_eq!(renders(&state), before, "documents are no page renders");

    let robots = get(&app, "/robots.txt", &[]).await.body;
    assert!(robots.contains("Sitemap: http://127.0.0.1:8080/sitemap.xml"), "{robots}");
    assert!(robots.contains("Disallow: /__\n") && robots.contains("Disallow: /*?\n"), "{robots}");

    let feed = get(&app, "/en/tenders.atom?status%5B0%5D=complete", &[]).await;
    assert_eq!(feed.status, StatusCode::OK);
    assert_eq!(feed.headers[header::CONTENT_TYPE], "application/atom+xml; charset=utf-8");
    assert_eq!(feed.body.matches("<entry>").count(), 50);
    assert!(feed.body.contains("xml:lang=\"en\""));

    let csv = get(&app, "/tenders.csv?status%5B0%5D=complete", &[]).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.bytes.starts_with(b"\xEF\xBB\xBF"), "a BOM");
    let disposition = csv.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert!(disposition.starts_with("attachment; filename=\"tenders_status-complete_"), "{disposition}");
    let count: u64 = reqwest::get(format!("{}/api/tenders?status[0]=complete&perPage=1", upstream_url()))
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap()["hydra:totalItems"]
        .as_u64()
        .unwrap();
    assert!(count > 100, "more than one page of results: {count}");
    // One row per record, each with the link to its page (fields may hold line breaks).
    assert_eq!(csv.body.matches(",http://127.0.0.1:8080/tenders/UA-").count() as u64, count, "one row per record");

    // The same export as an Excel workbook, read back by a real XLSX reader: a header and
    // one row per record, amounts as numbers, dates as dates, the links to the pages.
    let xlsx = get(&app, "/tenders.xlsx?status%5B0%5D=complete", &[]).await;
    assert_eq!(xlsx.status, StatusCode::OK);
    assert_eq!(xlsx.headers[header::CONTENT_TYPE], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let disposition = xlsx.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"tenders_status-complete_") && disposition.ends_with(".xlsx")
    );
    {
        use calamine::{Data, Reader, Xlsx};
        let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(xlsx.bytes.to_vec())).expect("an XLSX file");
        assert_eq!(book.sheet_names(), ["Тендери"]);
        let range = book.worksheet_range("Тендери").unwrap();
        let rows: Vec<&[Data]> = range.rows().collect();
        assert_eq!(rows.len() as u64, count + 1, "the header and one row per record");
        let column = |label: &str| rows[0].iter().position(|c| *c == Data::String(label.into())).expect(label);
        let (amount, published, link) = (column("Очікувана вартість"), column("Опубліковано"), column("Посилання"));
        for row in &rows[1..] {
            assert!(matches!(row[amount], Data::Float(_) | Data::Empty), "{:?}", row[amount]);
            assert!(matches!(row[published], Data::DateTime(_)), "{:?}", row[published]);
            assert!(matches!(&row[link], Data::String(s) if s.starts_with("http://127.0.0.1:8080/tenders/UA-")));
        }
        // Money with its thousands grouped, in the file the server wrote (issue 46).
        let styles = book.worksheet_style("Тендери").unwrap();
        let priced = rows.iter().position(|row| matches!(row[amount], Data::Float(_))).expect("an amount");
        let format = styles.get((priced as u32, amount as u32)).and_then(|s| s.number_format.as_ref());
        assert_eq!(format.map(|f| f.format_code.as_str()), Some("#,##0.00##"));
        // The columns a buyer comparing purchases reads.
        for label in ["Кількість", "Переможець", "Сума переможця", "Ціна за одиницю"]
        {
            column(label);
        }
    }
    // The CSV for comma-decimal spreadsheets: semicolons, decimal commas, the same rows.
    let semicolon = get(&app, "/tenders.semicolon.csv?status%5B0%5D=complete", &[]).await;
    assert_eq!(semicolon.status, StatusCode::OK);
    assert!(semicolon.bytes.starts_with(b"\xEF\xBB\xBF"), "a BOM");
    assert_eq!(
        semicolon.body.matches(";http://127.0.0.1:8080/tenders/UA-").count() as u64,
        count,
        "one row per record"
    );
    // A file of its own name: the two CSVs do not overwrite each other.
    let named = |headers: &axum::http::HeaderMap| headers[header::CONTENT_DISPOSITION].to_str().unwrap().to_owned();
    assert!(named(&semicolon.headers).contains(".semicolon.csv\"; filename*="), "{}", named(&semicolon.headers));
    assert_ne!(named(&semicolon.headers), named(&csv.headers));

    // HEAD: the headers, no body, no export run.
    let head = app.clone().oneshot(Request::head("/tenders.csv").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert!(head.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().contains(".csv"));
    // Not documents: 404 pages.
    for path in [
        "/sitemaps/tenders-2026-13.xml",
        "/vouchers.csv",
        "/en/sitemap.xml",
        "/tenders/UA-2000-01-01-000000-a.ocds.json",
    ] {
        let page = get(&app, path, &[]).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(page.body.starts_with("<!doctype html>"), "{path}: the 404 page");
    }
}

#[tokio::test]
async fn an_export_whose_upstream_fails_halfway_ends_broken() {
    use axum::response::IntoResponse;
    // The real upstream, but the second page of every search fails.
    let stand_in = Router::new().fallback(|uri: axum::http::Uri| async move {
        let query = uri.query().unwrap_or_default().to_owned();
        if query.contains("page=2&") {
            return (StatusCode::INTERNAL_SERVER_ERROR, "{}").into_response();
        }
        let real = reqwest::get(format!("{}{}?{query}", upstream_url(), uri.path())).await.unwrap();
        let status = StatusCode::from_u16(real.status().as_u16()).unwrap();
        (status, [(header::CONTENT_TYPE, "application/json")], real.bytes().await.unwrap()).into_response()
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, stand_in).await.unwrap() });
    let app = portal(&[("PORTAL_CLIENT_ENDPOINTS_SEARCH", &url)], "").await;
    let response = app.clone().oneshot(Request::get("/tenders.csv").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "the first page was there");
    let body = response.into_body().collect().await;
    assert!(body.is_err(), "a cut export must not pass for a whole one");
}
