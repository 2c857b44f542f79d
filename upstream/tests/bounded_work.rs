//! The search API bounds the work of one request (issue 42, item 2): a keyword longer or
//! wordier than the limits is a 400 that names the limit, the typo fallback corrects a
//! few words at most, and searches run off the async workers, so that hostile keywords
//! sent at once leave the upstream's other answers on time.

mod common;

use common::get;
use std::time::{Duration, Instant};
use upstream::text::{MAX_KEYWORD_CHARS, MAX_KEYWORD_WORDS};

/// `n` Cyrillic words nobody writes, `len` letters each (every one goes to the typo
/// fallback, which leaves Latin words alone).
fn unknown_words_uk(n: usize, len: usize) -> String {
    (0..n)
        .map(|i| {
            (0..len)
                .map(|j| char::from_u32(0x430 + ((i * 7 + j * 3 + i / 32) % 32) as u32).unwrap_or('а'))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `n` words nobody writes, `len` letters each.
fn unknown_words(n: usize, len: usize) -> String {
    (0..n)
        .map(|i| (0..len).map(|j| char::from(b'a' + ((i * 7 + j * 3 + i / 26) % 26) as u8)).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test]
async fn a_keyword_past_the_limits_is_refused_with_the_limit_named() {
    let s = common::state();
    // The red team's keyword: 60 KB, 10,000 unknown words.
    let hostile = unknown_words(10_000, 5);
    assert!(hostile.len() >= 59_999);
    for path in ["/api/tenders", "/api/plans", "/api/contracts", "/api/products", "/api/profiles"] {
        // Spaces as `+`: the 60 KB keyword fits the 64 KB a request line may have.
        let r = get(&s, &format!("{path}?keyword={}", hostile.replace(' ', "+"))).await;
        assert_eq!(r.status, 400, "{path}");
        assert_eq!(r.body["parameter"], "keyword", "{path}: {}", r.text);
        assert!(r.text.contains(&format!("at most {MAX_KEYWORD_CHARS} characters")), "{path}: {}", r.text);
    }
    let wordy =
        (0..=MAX_KEYWORD_WORDS).map(|i| char::from(b'a' + (i % 26) as u8).to_string()).collect::<Vec<_>>().join(" ");
    assert!(wordy.chars().count() <= MAX_KEYWORD_CHARS);
    let r = get(&s, &format!("/api/tenders?keyword={}", common::enc(&wordy))).await;
    assert_eq!(r.status, 400);
    assert!(r.text.contains(&format!("at most {MAX_KEYWORD_WORDS} words")), "{}", r.text);
    // At the length limit, a search of unknown words is answered.
    let most = unknown_words_uk(36, 6);
    assert!(most.chars().count() <= MAX_KEYWORD_CHARS);
    assert_eq!(get(&s, &format!("/api/tenders?keyword={}", common::enc(&most))).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heaviest_keywords_at_once_leave_other_answers_on_time() {
    let s = common::state();
    let addr = common::serve(s.clone()).await;
    // Twelve of the costliest keywords the limits allow (every word unknown, long enough
    // for the typo fallback), and the red team's 60 KB keyword, again and again for 3 s.
    let heavy = format!("/api/tenders?keyword={}", common::enc(&unknown_words_uk(36, 6)));
    let hostile = format!("/api/products?keyword={}", unknown_words(10_000, 5).replace(' ', "+"));
    let until = Instant::now() + Duration::from_secs(3);
    let mut load = Vec::new();
    for i in 0..12 {
        let path = if i % 3 == 0 { hostile.clone() } else { heavy.clone() };
        load.push(tokio::spawn(async move {
            let mut n = 0;
            while Instant::now() < until {
                let w = common::http(addr, "GET", &path, &[], "").await;
                assert!(matches!(w.status, 200 | 400 | 503), "{}", w.status);
                n += 1;
            }
            n
        }));
    }
    // Meanwhile a record and the health check answer quickly (before: 5–6 s each).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut slowest = Duration::ZERO;
    for path in ["/health", "/api/tenders/UA-2026-09-09-014105-a", "/health", "/api/regions"] {
        let t = Instant::now();
        let w = common::http(addr, "GET", path, &[], "").await;
        assert_eq!(w.status, 200, "{path}");
        slowest = slowest.max(t.elapsed());
    }
    let sent: usize = futures_sum(load).await;
    eprintln!("slowest other answer: {slowest:?} while {sent} heavy or hostile searches ran");
    assert!(sent > 12, "the load ran ({sent} requests)");
    // A generous bound (the machine is shared with the load): what failed was seconds.
    assert!(slowest < Duration::from_millis(1_500), "slowest other answer {slowest:?}");
}

async fn futures_sum(handles: Vec<tokio::task::JoinHandle<usize>>) -> usize {
    let mut n = 0;
    for h in handles {
        n += h.await.expect("load task");
    }
    n
}

/// A search that holds one of `work`'s places until the sender is used; it answers 1.
async fn occupy(
    work: &std::sync::Arc<upstream::work::Work>,
) -> (tokio::task::JoinHandle<Result<i32, upstream::UpstreamError>>, std::sync::mpsc::Sender<()>) {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let w = work.clone();
    let search = tokio::spawn(async move {
        w.run(move || {
            rx.recv().ok();
            Ok(1)
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    (search, tx)
}

#[tokio::test]
async fn past_its_queue_the_gate_answers_busy_and_lets_the_next_through() {
    let work = std::sync::Arc::new(upstream::work::Work::new(1, 0));
    let (first, tx) = occupy(&work).await;
    let second = work.run(|| Ok(2)).await;
    assert!(matches!(second, Err(upstream::UpstreamError::Busy)), "no place and no queue: busy");
    tx.send(()).unwrap();
    assert_eq!(first.await.unwrap().unwrap(), 1);
    assert_eq!(work.run(|| Ok(3)).await.unwrap(), 3, "free again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_dropped_while_they_wait_give_their_places_back() {
    // One place, two in the queue. A client that goes away (the portal cancels a page's
    // fetches when its own client leaves) drops its search while it waits: the queue
    // must not keep that place, or after `queue` such clients every search is busy.
    let work = std::sync::Arc::new(upstream::work::Work::new(1, 2));
    let (first, tx) = occupy(&work).await;
    for round in 0..10 {
        let waiters: Vec<_> = (0..2)
            .map(|_| {
                let w = work.clone();
                tokio::spawn(async move { w.run(|| Ok(0)).await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(work.waiting(), 2, "round {round}: both wait");
        for h in waiters {
            h.abort();
            assert!(h.await.unwrap_err().is_cancelled());
        }
        assert_eq!(work.waiting(), 0, "round {round}: their places are back");
    }
    tx.send(()).unwrap();
    assert_eq!(first.await.unwrap().unwrap(), 1);
    assert_eq!(work.run(|| Ok(3)).await.unwrap(), 3, "free again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_whose_caller_left_holds_its_place_until_it_ends() {
    let work = std::sync::Arc::new(upstream::work::Work::new(1, 0));
    let (running, tx) = occupy(&work).await;
    // The caller goes; its search still runs on the blocking pool and holds the place.
    running.abort();
    assert!(running.await.unwrap_err().is_cancelled());
    assert!(matches!(work.run(|| Ok(2)).await, Err(upstream::UpstreamError::Busy)), "still running: no place");
    tx.send(()).unwrap();
    let mut free = false;
    for _ in 0..50 {
        if let Ok(3) = work.run(|| Ok(3)).await {
            free = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(free, "the place is back once the search ended");
}
