//! The pages the server answers alone (`server/src/own_page.rs`): with every render
//! made to fail, before the renderer has started, and for the refusals met before a
//! route (414, 431, 413, 405), a browser gets the portal's frame in the address's
//! language and a machine its line of plain text; both carry the security headers and
//! `no-store`.

use super::*;

const BROWSER: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/// A portal whose isolates throw on every render: the pages and their error pages alike.
async fn failing_portal() -> Router {
    let hooks = r#";{ for (const name of Object.keys(__portal)) {
        if (name.startsWith('render')) __portal[name] = () => { throw new Error('made to fail'); };
    } }"#;
    let state = AppState::new(config(&[]));
    state.start_renderer(hooks, true).await.unwrap();
    app(state)
}

/// What every one of the server's own answers carries.
fn assert_own_answer(page: &Page, status: u16, what: &str) {
    assert_eq!(page.status.as_u16(), status, "{what}: {}", page.body);
    assert_eq!(page.headers[header::CACHE_CONTROL], "no-store", "{what}");
    assert_eq!(page.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{what}");
    let csp = page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(csp.contains("default-src 'none'") && !csp.contains("unsafe-inline"), "{what}: {csp}");
}

/// The server's own HTML page: its language, status, frame, and nothing of the bundle.
fn assert_own_page(page: &Page, status: u16, english: bool, what: &str) {
    assert_own_answer(page, status, what);
    assert!(page.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"), "{what}");
    let html = &page.body;
    let (language, home, site) =
        if english { ("en", "/en", "Public Procurement") } else { ("uk", "/", "Публічні закупівлі") };
    assert!(html.starts_with(&format!("<!doctype html><html lang=\"{language}\">")), "{what}: {html}");
    assert!(html.contains(&format!("<p class=\"status\">{status}</p>")), "{what}: {html}");
    assert!(html.contains(&format!("<a class=\"logo\" href=\"{home}\">")) && html.contains(site), "{what}: {html}");
    assert!(html.contains("tenders\">"), "a way to the search: {html}");
    assert!(html.contains("class=\"language\""), "the language switch: {html}");
    // Nothing the bundle or the isolates make: no page state, no boot script, no assets.
    assert!(!html.contains("__state") && !html.contains("<script") && !html.contains("/assets/"), "{what}: {html}");
    // Its inline style is the one the policy allows by hash.
    let style = between(html, "<style>", "</style>").expect("an inline stylesheet");
    let csp = page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(csp.contains(&server::shell::sha256_source(style)), "{what}: {csp}");
}

#[tokio::test]
async fn with_every_render_failing_a_page_is_the_servers_own_in_its_language() {
    let app = failing_portal().await;
    for (uri, english) in [("/", false), ("/tenders?q=молоко", false), ("/en/tenders", true), ("/en", true)] {
        let page = get(&app, uri, &[("accept", BROWSER)]).await;
        assert_own_page(&page, 500, english, uri);
        let words = if english {
            "The page could not be made"
        } else {
            "Сторінку не вдалося створити"
        };
        assert!(page.body.contains(words), "{uri}: {}", page.body);
        // A machine gets the line of text.
        let plain = get(&app, uri, &[("accept", "application/json")]).await;
        assert_own_answer(&plain, 500, uri);
        assert_eq!(plain.body, "the page could not be made\n", "{uri}");
    }
}

#[tokio::test]
async fn before_the_renderer_has_started_a_browser_is_told_to_come_back() {
    let app = app(AppState::new(config(&[])));
    for (uri, english) in [("/tenders", false), ("/en/plans", true)] {
        let page = get(&app, uri, &[("accept", BROWSER)]).await;
        assert_own_page(&page, 503, english, uri);
        assert_eq!(page.headers[header::RETRY_AFTER], "5", "{uri}");
        let plain = get(&app, uri, &[]).await;
        assert_own_answer(&plain, 503, uri);
        assert!(plain.body.contains("starting"), "{}", plain.body);
    }
}

#[tokio::test]
async fn refusals_before_a_route_are_the_servers_own_pages_with_isolates_failing() {
    let app = failing_portal().await;
    let long = format!("/tenders?q={}", "а".repeat(9000));
    let en_long = format!("/en/tenders?q={}", "a".repeat(9000));
    let cookie = format!("c={}", "x".repeat(20_000));
    for (uri, headers, status, english) in [
        (long.as_str(), vec![], 414, false),
        (en_long.as_str(), vec![], 414, true),
        ("/tenders", vec![("cookie", cookie.as_str())], 431, false),
        ("/en/tenders", vec![("cookie", cookie.as_str())], 431, true),
    ] {
        let mut with_accept = headers.clone();
        with_accept.push(("accept", BROWSER));
        assert_own_page(&get(&app, uri, &with_accept).await, status, english, &format!("{status} {english}"));
        let plain = get(&app, uri, &headers).await;
        assert_own_answer(&plain, status, uri);
        assert!(!plain.body.contains('<'), "plain text: {}", plain.body);
    }
    // A method a page does not take, with the methods it does.
    for (uri, english) in [("/tenders", false), ("/en/tenders", true)] {
        let request = Request::delete(uri).header("accept", BROWSER).body(Body::empty()).unwrap();
        let page = response_page(app.clone().oneshot(request).await.unwrap()).await;
        assert_own_answer(&page, 405, uri);
        assert_eq!(page.headers[header::ALLOW], "GET,HEAD");
        // DELETE is not a browser's: the plain line, whatever it accepts.
        assert!(!page.body.contains('<'), "{}", page.body);
        let request = Request::post(uri).header("accept", BROWSER).body(Body::empty()).unwrap();
        let page = response_page(app.clone().oneshot(request).await.unwrap()).await;
        assert_own_page(&page, 405, english, uri);
        assert!(page.body.contains("<code>GET,HEAD</code>"), "{}", page.body);
    }
    // A form's body past the limit (the cookie notice takes a few bytes).
    for (uri, english) in [("/cookie-notice", false)] {
        let request = Request::post(uri)
            .header("accept", BROWSER)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", "http://127.0.0.1:8080")
            .header("sec-fetch-site", "same-origin")
            .body(Body::from(format!("back={}", "a".repeat(200_000))))
            .unwrap();
        let page = response_page(app.clone().oneshot(request).await.unwrap()).await;
        assert_own_page(&page, 413, english, uri);
    }
}

async fn response_page(response: axum::response::Response) -> Page {
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Page { status, headers, body: String::from_utf8_lossy(&bytes).into_owned(), bytes }
}
