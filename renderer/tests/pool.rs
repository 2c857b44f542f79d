//! The real built server bundle through the real isolate pool.
//! Needs `web/dist/server/entry-server.js` (`make web`).

use std::time::{Duration, Instant};

use renderer::{Language, PoolOptions, RenderError, RenderInput, RendererPool};

fn bundle() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist/server/entry-server.js");
    std::fs::read_to_string(path).expect("web/dist/server/entry-server.js is built (run `make web`)")
}

fn translations() -> String {
    let read = |lang: &str| {
        std::fs::read_to_string(format!("{}/../locales/{lang}/dzo.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
    };
    format!(r#"{{"uk":{},"en":{}}}"#, read("uk"), read("en"))
}

fn config() -> serde_json::Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/portal.json")).unwrap();
    let full: serde_json::Value = serde_json::from_str(&text).unwrap();
    full["client"].clone()
}

/// Every pool of this test process starts from the one snapshot of the real
/// bundle; `extra` runs after it (V8 allows one snapshot per process).
fn options(extra: &str, isolates: usize) -> PoolOptions {
    PoolOptions {
        bundle: bundle(),
        extra_script: extra.to_owned(),
        max_waiting: 0,
        translations_json: translations(),
        isolates,
        hosted: false,
        // Far above a page's milliseconds: on a loaded machine (a CI runner shared with
        // builds) a page took over 500 ms, and the runaway-render tests need only an end.
        deadline: Duration::from_secs(2),
        heap_limit_bytes: 64 << 20,
        snapshot: true,
    }
}

fn config_json() -> String {
    config().to_string()
}

/// A page without data (what `resolve` reads, and static pages).
fn input(url: &str, language: &str) -> RenderInput {
    RenderInput::without_data(url, Language::of_path(language_path(language)), &config_json(), None, None)
}

fn language_path(language: &str) -> &'static str {
    if language == "en" {
        "/en"
    } else {
        "/"
    }
}

/// A page with these upstream answers (key, JSON text), as the server writes it.
fn input_with(url: &str, language: &str, answers: &[(&str, String)]) -> RenderInput {
    let mut builder = RenderInput::builder(url, Language::of_path(language_path(language)), &config_json(), None, 0);
    for (key, body) in answers {
        builder.answer(key, format!("search:/{key}"), Ok(body));
    }
    builder.finish(None)
}

/// A search answer as the server would prefetch it for the home page.
fn search_body() -> String {
    serde_json::json!({
        "hydra:member": [{ "id": "0123456789abcdef0123456789abcdef", "tenderID": "UA-2026-10-12-014102-a",
                           "title": "Природний газ", "status": "complete", "value": { "amount": 460420.2, "currency": "UAH" } }],
        "hydra:totalItems": 1, "facets": { "status": { "complete": 1 } } })
    .to_string()
}

/// The home or search page `url` with its search answer.
fn search_page(url: &str, language: &str) -> RenderInput {
    input_with(url, language, &[("tenders", search_body())])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renders_home_in_both_languages() {
    let pool = RendererPool::start(options("", 1)).unwrap();
    let uk = pool.render(&search_page("/", "uk")).await.unwrap();
    assert_eq!(uk.status, 200);
    assert!(uk.head.contains("<title>Пошук тендерів") || uk.head.contains("<title>Публічні закупівлі"), "{}", uk.head);
    assert!(uk.head.contains(r#"hreflang="x-default""#));
    assert!(uk.html.contains("Пошук публічних закупівель"), "{}", uk.html);
    assert!(uk.html.contains("UA-2026-10-12-014102-a") && uk.html.contains("460\u{a0}420,20"), "{}", uk.html);
    let en = pool.render(&search_page("/en", "en")).await.unwrap();
    assert!(en.html.contains("Search public procurement"), "{}", en.html);
    assert!(en.head.contains(r#"<link rel="canonical" href="http://127.0.0.1:8080/en">"#), "{}", en.head);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streamed_render_answers_the_head_first_then_the_same_body() {
    let pool = RendererPool::start(options("", 1)).unwrap();
    let whole = pool.render(&search_page("/", "uk")).await.unwrap();
    let (head, body) = pool.render_streamed(&search_page("/", "uk"), Instant::now(), true).await.unwrap();
    assert_eq!(
        (head.status, head.redirect.as_deref(), head.head.as_str(), head.html.as_str()),
        (200, None, whole.head.as_str(), "")
    );
    assert_eq!(body.expect("a page has a body").await.unwrap(), whole.html);
    // Two streamed renders in a row on one isolate do not mix their bodies.
    let (_, en) = pool.render_streamed(&search_page("/en", "en"), Instant::now(), true).await.unwrap();
    assert!(en.unwrap().await.unwrap().contains("Search public procurement"));
    // A redirect decided while rendering has no body.
    let redirect = input_with(
        "/tenders/0123456789abcdef0123456789abcdef",
        "uk",
        &[("tender", r#"{"id":"0123456789abcdef0123456789abcdef","tenderID":"UA-2026-10-12-014102-a"}"#.into())],
    );
    let (head, body) = pool.render_streamed(&redirect, Instant::now(), true).await.unwrap();
    assert_eq!((head.status, head.redirect.as_deref()), (301, Some("/tenders/UA-2026-10-12-014102-a")));
    assert!(body.is_none());
}

/// Runs `test` on a thread of its own with a current-thread runtime: the shape the
/// server gives a hosted pool.
fn on_a_serving_thread<F: std::future::Future<Output = ()>>(test: impl FnOnce() -> F + Send + 'static) {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(test());
    })
    .join()
    .unwrap();
}

#[test]
fn a_hosted_pool_renders_on_the_calling_thread_one_page_at_a_time() {
    on_a_serving_thread(|| async {
        let pool = RendererPool::start(PoolOptions { hosted: true, ..options("", 1) }).unwrap();
        assert_eq!(pool.size(), 0, "no isolate before the first call");
        let whole = pool.render(&search_page("/", "uk")).await.unwrap();
        assert_eq!(pool.size(), 1);
        let plan = pool.resolve(&input("/tenders?status=complete", "uk")).await.unwrap();
        assert!(plan.fetches.iter().any(|f| f.key == "tenders"), "{plan:?}");
        // Two pages at once on one thread: each gets its own body, the second head waits
        // for the first body (one page's data in the heap at a time).
        let page = |url: &'static str, language: &'static str| {
            let pool = pool.clone();
            async move {
                let (head, body) =
                    pool.render_streamed(&search_page(url, language), Instant::now(), true).await.unwrap();
                (head, body.unwrap().await.unwrap())
            }
        };
        let ((uk_head, uk_body), (en_head, en_body)) = tokio::join!(page("/", "uk"), page("/en", "en"));
        assert_eq!((uk_head.head, uk_body), (whole.head.clone(), whole.html.clone()));
        assert!(en_head.head.contains(r#"href="http://127.0.0.1:8080/en">"#), "{}", en_head.head);
        assert!(en_body.contains("Search public procurement"));
        // A body nobody waits for (its client went away) gives the turn back.
        let (_, abandoned) = pool.render_streamed(&search_page("/", "uk"), Instant::now(), true).await.unwrap();
        drop(abandoned);
        let (_, body) = pool.render_streamed(&search_page("/", "uk"), Instant::now(), true).await.unwrap();
        assert_eq!(body.unwrap().await.unwrap(), whole.html);
        // Not head first: the same page from one call, its body ready at once.
        let (head, body) = pool.render_streamed(&search_page("/", "uk"), Instant::now(), false).await.unwrap();
        assert_eq!((head.status, &head.head, head.html.as_str()), (whole.status, &whole.head, ""));
        let mut body = std::pin::pin!(body.unwrap());
        let ready =
            std::future::poll_fn(|cx| std::task::Poll::Ready(std::future::Future::poll(body.as_mut(), cx))).await;
        assert!(matches!(ready, std::task::Poll::Ready(Ok(ref html)) if *html == whole.html), "body not ready at once");
        // A second pool thread gets an isolate of its own.
        let other = pool.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async { assert_eq!(other.render(&search_page("/en", "en")).await.unwrap().status, 200) });
            other.unhost();
        })
        .join()
        .unwrap();
        assert_eq!(pool.size(), 1, "the other thread gave its isolate back");
        pool.unhost();
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_young_generation_is_collected_between_pages() {
    let pool = RendererPool::start(options("", 1)).unwrap();
    let before = renderer::young_collections_between_pages();
    // Each home page allocates about a megabyte: the young generation fills every
    // few pages, and the collection comes before a page rather than inside one.
    for _ in 0..60 {
        assert_eq!(pool.render(&search_page("/", "uk")).await.unwrap().status, 200);
    }
    assert!(renderer::young_collections_between_pages() > before, "no collection between 60 pages");
}

#[test]
fn a_free_turn_goes_to_the_waiting_page_whose_request_arrived_first() {
    on_a_serving_thread(|| async {
        let pool = RendererPool::start(PoolOptions { hosted: true, ..options("", 1) }).unwrap();
        let start = Instant::now();
        // One page holds the turn: its head is out, its body not yet rendered.
        let (_, held) = pool.render_streamed(&search_page("/", "uk"), start, true).await.unwrap();
        let heads = std::cell::RefCell::new(Vec::new());
        // Three more ask for it in the order 3, 1, 2 of their requests' arrival.
        let page = |n: u64| {
            let (pool, heads) = (pool.clone(), &heads);
            async move {
                let arrived = start + Duration::from_millis(n);
                let (head, body) = pool.render_streamed(&search_page("/en", "en"), arrived, true).await.unwrap();
                heads.borrow_mut().push(n);
                assert_eq!(head.status, 200);
                body.unwrap().await.unwrap()
            }
        };
        let (first, _, _, _) = tokio::join!(held.unwrap(), page(3), page(1), page(2));
        assert!(first.unwrap().contains("<header"));
        assert_eq!(*heads.borrow(), [1, 2, 3], "pages take the turn in order of arrival, not of asking");
        // A page that stopped waiting (its client went away) passes the turn on.
        let (_, held) = pool.render_streamed(&search_page("/", "uk"), start, true).await.unwrap();
        let home = search_page("/", "uk");
        let gone = pool.render_streamed(&home, start, true);
        let gone = tokio::time::timeout(Duration::from_millis(20), gone).await;
        assert!(gone.is_err(), "the turn is held");
        drop(held);
        let (_, body) = pool.render_streamed(&search_page("/", "uk"), start, true).await.unwrap();
        assert!(body.unwrap().await.unwrap().contains("<header"));
        pool.unhost();
    });
}

#[test]
fn a_hosted_render_that_loops_forever_is_cut_off_and_the_thread_goes_on() {
    let looping = r#";{ const real = __portal.render;
        __portal.render = (i) => { if (i.url.includes('__loop')) { for (;;) {} } return real(i); }; }"#;
    on_a_serving_thread(move || async move {
        let pool = RendererPool::start(PoolOptions { hosted: true, ..options(looping, 1) }).unwrap();
        let started = Instant::now();
        let err = pool.render(&input("/__loop", "uk")).await.unwrap_err();
        assert!(matches!(err, RenderError::Deadline(_)), "{err}");
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(pool.render(&input("/info/contacts", "uk")).await.unwrap().status, 200);
        pool.unhost();
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_path_is_404_and_redirects_come_from_plan() {
    let pool = RendererPool::start(options("", 1)).unwrap();
    assert_eq!(pool.render(&input("/no/such/page", "uk")).await.unwrap().status, 404);
    let plan = pool.resolve(&input("/en/tenders/UA-1/monitorings", "en")).await.unwrap();
    let redirect = plan.redirect.unwrap();
    assert_eq!((redirect.location.as_str(), redirect.status), ("/en/tenders/UA-1", 301));
    let plan = pool.resolve(&input("/tenders?status=complete&junk=1", "uk")).await.unwrap();
    assert!(plan.redirect.is_none());
    let keys: Vec<&str> = plan.fetches.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(keys, ["tenders", "tags", "funders", "freshness"]);
    assert_eq!(
        plan.fetches[0].path,
        "/api/tenders?status%5B0%5D=complete&page=1&perPage=10&sortOrder=dateCreated.desc"
    );
    // Without its data the search page is the 503 page, not an empty list.
    assert_eq!(pool.render(&input("/tenders", "uk")).await.unwrap().status, 503);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn intl_has_full_icu_data() {
    let probe = r#";__portal.render = () => [200, null, "",
        new Intl.NumberFormat('uk-UA').format(1234567.5) + '|' +
        new Intl.PluralRules('uk-UA').select(3) + '|' +
        new Intl.DateTimeFormat('uk-UA', {dateStyle: 'long', timeZone: 'UTC'}).format(Date.UTC(2024, 0, 15))];"#;
    let pool = RendererPool::start(options(probe, 1)).unwrap();
    let out = pool.render(&input("/", "uk")).await.unwrap();
    assert_eq!(out.html, "1\u{a0}234\u{a0}567,5|few|15 січня 2024 р.");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_that_loops_forever_is_cut_off_and_the_pool_recovers() {
    // Wraps the real render: a url containing `__loop` never returns.
    let looping = r#";{ const real = __portal.render;
        __portal.render = (i) => { if (i.url.includes('__loop')) { for (;;) {} } return real(i); }; }"#;
    let pool = RendererPool::start(options(looping, 1)).unwrap();
    let started = Instant::now();
    let err = pool.render(&input("/__loop", "uk")).await.unwrap_err();
    assert!(matches!(err, RenderError::Deadline(_)), "{err}");
    assert!(started.elapsed() < Duration::from_secs(3));
    // The only isolate was replaced and serves the next request normally.
    let next = pool.render(&input("/info/contacts", "uk")).await.unwrap();
    assert_eq!(next.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_that_exhausts_the_heap_is_cut_off_and_the_pool_recovers() {
    let hog = r#";{ const real = __portal.render;
        __portal.render = (i) => {
          if (i.url.includes('__hog1')) { const a = []; for (;;) a.push('x'.repeat(1000) + a.length); }
          if (i.url.includes('__hog2')) { const a = []; for (let n = 0; ; n++) a.push({ n, m: [n, n + 1, n + 2] }); }
          return real(i); }; }"#;
    // A deadline long enough that the heap limit, not the clock, ends the object graph
    // even on a loaded machine (V8 marks concurrently, so the time to fill 64 MiB varies).
    let pool = RendererPool::start(PoolOptions { deadline: Duration::from_secs(5), ..options(hog, 1) }).unwrap();
    // An object graph that grows without bound: the heap-limit callback stops it.
    let err = pool.render(&input("/__hog2", "uk")).await.unwrap_err();
    assert!(matches!(err, RenderError::HeapLimit), "{err}");
    assert_eq!(pool.render(&input("/info/contacts", "uk")).await.unwrap().status, 200);
    // Growing strings: whichever of heap limit and deadline stops it first.
    let err = pool.render(&input("/__hog1", "uk")).await.unwrap_err();
    assert!(matches!(err, RenderError::HeapLimit | RenderError::Deadline(_)), "{err}");
    assert_eq!(pool.render(&input("/info/contacts", "uk")).await.unwrap().status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_javascript_exception_is_an_error_not_a_crash() {
    let pool = RendererPool::start(options(
        r#";{ const real = __portal.render; __portal.render = (i) => real(i.url.includes('__throw') ? null : i); }"#,
        1,
    ))
    .unwrap();
    // Input that is not JSON is told apart from a render that throws.
    let err = pool.render(&input_with("/", "uk", &[("tenders", "not json".into())])).await.unwrap_err();
    assert!(matches!(err, RenderError::Input(ref m) if m.contains("JSON")), "{err}");
    let err = pool.render(&input("/__throw", "uk")).await.unwrap_err();
    assert!(matches!(err, RenderError::Js(ref m) if m.contains("TypeError")), "{err}");
    assert_eq!(pool.render(&input("/info/contacts", "uk")).await.unwrap().status, 200);
}

/// A home page input as the server writes it, its search answer titled `title`.
fn embedded_input(title: &str) -> RenderInput {
    input_with("/", "uk", &[("tenders", search_body().replace("Природний газ", title))])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_seen_again_is_reused_and_a_changed_one_is_parsed_anew() {
    let pool = RendererPool::start(options("", 1)).unwrap();
    let input = embedded_input("Природний газ");
    let whole = pool.render_parsed(&input).await.unwrap();
    let before = renderer::answers_reused();
    for _ in 0..3 {
        let out = pool.render(&input).await.unwrap();
        assert_eq!((out.status, &out.head, &out.html), (whole.status, &whole.head, &whole.html));
    }
    assert!(renderer::answers_reused() > before, "the third render parsed the answer again");
    // The same source with another text: the new text shows, never the kept value.
    let out = pool.render(&embedded_input("Вугілля кам'яне")).await.unwrap();
    assert!(out.html.contains("Вугілля кам") && !out.html.contains("Природний газ"), "{}", out.html);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_that_changes_a_kept_answer_fails_instead_of_changing_the_next_page() {
    let pool = RendererPool::start(options(
        r#"{ const real = __portal.render;
             __portal.render = (i) => { 'use strict'; i.data.tenders.body['hydra:totalItems'] = 7; return real(i); }; }"#,
        1,
    ))
    .unwrap();
    let input = embedded_input("Природний газ");
    // Seen once: parsed for this render alone, which may change it.
    assert_eq!(pool.render(&input).await.unwrap().status, 200);
    // Seen again: kept, frozen, and the change throws (in this render and the next).
    let mut failures = Vec::new();
    for _ in 0..2 {
        failures.extend(pool.render(&input).await.err());
    }
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(failures.iter().all(|e| matches!(e, RenderError::Js(m) if m.contains("read only"))), "{failures:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_answers_outside_the_input_are_refused() {
    let pool = RendererPool::start(options("", 1)).unwrap();
    let input = embedded_input("Природний газ");
    let (json, answer) = (input.json().to_owned(), input.embedded()[0].clone());
    let refused = |embedded: Vec<renderer::Embedded>| {
        let pool = pool.clone();
        let input = RenderInput::from_parts(json.clone(), embedded);
        async move { matches!(pool.render(&input).await, Err(RenderError::Contract(_))) }
    };
    assert!(refused(vec![renderer::Embedded { range: json.len() - 2..json.len() + 5, ..answer.clone() }]).await);
    assert!(refused(vec![renderer::Embedded { key: "absent".into(), ..answer.clone() }]).await);
    // Overlapping, and cutting a character in two.
    assert!(refused(vec![answer.clone(), answer.clone()]).await);
    let at = json.find('П').unwrap() + 1;
    assert!(refused(vec![renderer::Embedded { range: at..answer.range.end, ..answer.clone() }]).await);
    // Answers that are not JSON are told apart as bad input (the server checks them then).
    let broken = json.replacen(r#""hydra:totalItems":1"#, r#""hydra:totalItems":1,,"#, 1);
    let embedded = vec![renderer::Embedded { range: answer.range.start..answer.range.end + 1, ..answer.clone() }];
    let broken = RenderInput::from_parts(broken, embedded);
    assert!(matches!(pool.render(&broken).await, Err(RenderError::Input(_))));
}

/// `web/src/contract.fixture.json`: one of each shape of the contract, which `tsc`
/// checks against the TypeScript types (`web/src/contract.fixture.test.ts`).
fn contract_fixture() -> serde_json::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/contract.fixture.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_render_input_is_written_as_the_contract_fixture() {
    let fixture = contract_fixture();
    let expected = &fixture["input"];
    let failure = |entry: &serde_json::Value| match (entry["status"].as_u64(), entry["failure"].as_str()) {
        (Some(status), _) => renderer::Failure::Status(status as u16),
        (None, Some("unreachable")) => renderer::Failure::Unreachable,
        (None, Some("timeout")) => renderer::Failure::Timeout,
        (None, Some("invalid")) => renderer::Failure::Invalid,
        _ => panic!("unknown failure in the fixture: {entry}"),
    };
    let language: Language = serde_json::from_value(expected["language"].clone()).unwrap();
    let session: renderer::SessionSummary = serde_json::from_value(expected["session"].clone()).unwrap();
    let mut builder = RenderInput::builder(
        expected["url"].as_str().unwrap(),
        language,
        &expected["config"].to_string(),
        Some(&session),
        0,
    );
    let bodies: Vec<(String, serde_json::Value)> =
        expected["data"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let texts: Vec<String> = bodies.iter().map(|(_, entry)| entry["body"].to_string()).collect();
    for ((key, entry), text) in bodies.iter().zip(&texts) {
        let answer = if entry["ok"] == true { Ok(text.as_str()) } else { Err(failure(entry)) };
        builder.answer(key, format!("search:/{key}"), answer);
    }
    builder
        .csrf(expected["csrf"].as_str().unwrap())
        .at(expected["now"].as_i64().unwrap())
        .cookie_notice(expected["cookieNotice"].as_bool().unwrap());
    let input = builder.finish(expected["error"].as_u64().map(|e| e as u16));
    let written: serde_json::Value = serde_json::from_str(input.json()).unwrap();
    assert_eq!(&written, expected, "the Rust input differs from the contract fixture");
    // The page state the document embeds is the input without its URL.
    let state: serde_json::Value = serde_json::from_str(&format!("{{{}}}", input.state())).unwrap();
    let mut without_url = expected.clone();
    without_url.as_object_mut().unwrap().remove("url");
    assert_eq!(state, without_url);
}

#[test]
fn a_machine_request_and_step_read_and_write_as_the_contract_fixture() {
    let fixture = contract_fixture();
    let request: renderer::MachineRequest = serde_json::from_value(fixture["machineRequest"].clone()).unwrap();
    assert_eq!(serde_json::to_value(&request).unwrap(), fixture["machineRequest"]);
    let step: renderer::Step = serde_json::from_value(fixture["machineStep"].clone()).unwrap();
    assert_eq!(serde_json::to_value(&step).unwrap(), fixture["machineStep"]);
    assert_eq!(step.next.as_ref().map(|n| n.service), Some(renderer::Service::Search));
    let mut unknown = fixture["machineRequest"].clone();
    unknown["answer"] = "not a field".into();
    assert!(serde_json::from_value::<renderer::MachineRequest>(unknown).is_err(), "a field one side lacks");
}

#[test]
fn a_resolution_reads_as_the_contract_fixture_and_an_unknown_service_is_refused() {
    let fixture = contract_fixture();
    let resolution: renderer::Resolution = serde_json::from_value(fixture["resolution"].clone()).unwrap();
    assert_eq!(serde_json::to_value(&resolution).unwrap(), fixture["resolution"]);
    let services: Vec<renderer::Service> = resolution.fetches.iter().map(|f| f.service).collect();
    use renderer::Service::{Cdb, Search, Users};
    assert_eq!(services, [Search, Search, Users, Cdb, Users]);
    let after: Vec<Option<&str>> = resolution.fetches.iter().map(|f| f.after.as_deref()).collect();
    assert_eq!(after, [None, Some("tender"), None, None, None], "a fetch that waits for another's answer");
    let mut unknown = fixture["resolution"].clone();
    unknown["fetches"][0]["service"] = "files".into();
    let err = serde_json::from_value::<renderer::Resolution>(unknown).unwrap_err().to_string();
    assert!(err.contains("unknown variant `files`"), "{err}");
}
