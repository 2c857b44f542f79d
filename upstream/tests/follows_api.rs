//! Follows over the real data: the development API's changes become events (kept across
//! a restart), a follow without a login waits for its confirmation, the mail job's
//! `due` and `deliver` mail each event to each follower once however the rounds
//! overlap, fail and restart, and the unsubscribe token ends the mails.

mod common;

use axum::http::StatusCode;
use common::{get, send};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use upstream::AppState;

const KEY: &str = "a-follow-job-key-of-some-length";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("follows-{name}-{}-{}", std::process::id(), upstream::dates::now_ms()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn load(folder: &Path) -> AppState {
    let mut cfg = common::config_with(0);
    cfg.users_db = folder.join("users.sqlite3");
    cfg.dev = true;
    cfg.alerts_key = Some(KEY.into());
    cfg.portal_origin = Some("http://portal.test".into());
    upstream::load(cfg).expect("load")
}

/// `n` tenders of the data, as (32-hex id, tenderID).
async fn tenders(s: &AppState, n: usize) -> Vec<(String, String)> {
    let r = get(s, &format!("/api/tenders?perPage={n}&sortOrder=dateModified.desc")).await;
    assert_eq!(r.status, StatusCode::OK);
    r.body["hydra:member"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["id"].as_str().unwrap().to_string(), t["tenderID"].as_str().unwrap().to_string()))
        .collect()
}

async fn outbox(s: &AppState) -> Vec<Value> {
    get(s, "/dev/outbox").await.body["hydra:member"].as_array().cloned().unwrap_or_default()
}

/// The tender as the CDB read API has it now.
async fn tender(s: &AppState, id: &str) -> Value {
    get(s, &format!("/cdb/api/2.5/tenders/{id}")).await.body["data"].clone()
}

/// Moves the tender's submission deadline an hour later (one `period` event).
async fn extend(s: &AppState, id: &str) {
    let t = tender(s, id).await;
    let end = t["tenderPeriod"]["endDate"].as_str().and_then(upstream::dates::parse).unwrap_or(1_800_000_000_000);
    let patch = json!({"tenderPeriod": {"endDate": upstream::dates::format_kyiv(end + 3_600_000)}});
    let r = send(s, "POST", &format!("/dev/cdb/tenders/{id}"), Some(&patch.to_string()), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// Adds a pending award to the tender (one `awardPending` event, which its buyer's
/// followers get too).
async fn award(s: &AppState, id: &str, n: usize) {
    let t = tender(s, id).await;
    let mut awards = t["awards"].as_array().cloned().unwrap_or_default();
    awards.push(json!({"id": format!("award-replay-{n}"), "status": "pending", "date": "2026-11-29T12:00:00+02:00",
        "suppliers": [{"name": format!("ТОВ Учасник {n}")}], "value": {"amount": 1000.0 + n as f64, "currency": "UAH"}}));
    let r =
        send(s, "POST", &format!("/dev/cdb/tenders/{id}"), Some(&json!({"awards": awards}).to_string()), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// The code of the tender's buyer.
async fn buyer_of(s: &AppState, id: &str) -> String {
    tender(s, id).await["procuringEntity"]["identifier"]["id"].as_str().expect("a buyer's code").to_string()
}

/// Follows without a login and confirms by the letter's link; the follower's last letter.
async fn follow_confirmed(s: &AppState, id: &str, email: &str) {
    follow_confirmed_of(s, "tenders", id, email).await
}

/// As [`follow_confirmed`], any register.
async fn follow_confirmed_of(s: &AppState, register: &str, id: &str, email: &str) {
    let before = outbox(s).await.len();
    let body = json!({"register": register, "target": id, "email": email, "language": "uk"}).to_string();
    let r = send(s, "POST", "/api/follows", Some(&body), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["state"], "confirmSent");
    let mails = outbox(s).await;
    assert_eq!(mails.len(), before + 1, "one confirmation letter");
    let letter = &mails[before];
    assert_eq!(letter["to"], email);
    let text = letter["body"].as_str().unwrap();
    // The letter too can be refused in one click, by the link in its text and its headers.
    let stop = letter["headers"]["List-Unsubscribe"].as_str().expect("the letter's List-Unsubscribe");
    assert!(stop.starts_with("<http://portal.test/follow/unsubscribe?token=") && stop.ends_with('>'), "{stop}");
    assert!(text.contains(stop.trim_start_matches('<').trim_end_matches('>')), "{text}");
    assert_eq!(letter["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    let link = text.split_whitespace().find(|w| w.starts_with("http://portal.test/follow/confirm?token=")).expect(text);
    let token = link.rsplit('=').next().unwrap();
    let r = get(s, &format!("/api/follows/confirm?token={token}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["state"], "confirmed");
    assert_eq!(r.body["data"]["items"][0]["target"], id.to_lowercase());
    assert_eq!(r.body["data"]["items"][0]["register"], register);
    assert!(!r.text.contains(email), "no answer shows the address");
}

/// One round of a mail job: every follower due gets one delivery whose text lists the
/// events' numbers (none, and no e-mail, when every event of its round was told under
/// another of its follows). `crash_after` followers are handled, then the round stops as
/// a job killed mid-round would. Says how many were delivered and refused.
async fn round(s: &AppState, crash_after: Option<usize>) -> (usize, usize) {
    let (mut sent, mut refused) = (0, 0);
    let mut after = 0;
    loop {
        let r = send(s, "GET", &format!("/api/follows/due?after={after}&limit=7"), None, Some(KEY)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        for f in r.body["data"].as_array().unwrap() {
            if crash_after.is_some_and(|n| sent + refused >= n) {
                return (sent, refused);
            }
            let items: Vec<Value> = f["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| json!({"follow": i["follow"], "from": i["from"], "to": i["to"]}))
                .collect();
            let seqs: Vec<String> = f["items"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|i| i["events"].as_array().unwrap().iter().map(|e| e["seq"].to_string()))
                .collect();
            let text = if seqs.is_empty() { String::new() } else { format!("seq:{}", seqs.join(",")) };
            let delivery = json!({
                "follower": f["follower"], "epoch": f["epoch"], "state": f["state"], "items": items,
                "subject": "changes", "text": text,
                "unsubscribe": format!("http://portal.test/follow/unsubscribe?token={}", f["unsubscribe"].as_str().unwrap()),
            });
            let d = send(s, "POST", "/api/follows/deliver", Some(&delivery.to_string()), Some(KEY)).await;
            match d.status {
                StatusCode::OK => sent += 1,
                StatusCode::CONFLICT => refused += 1,
                other => panic!("deliver answered {other}: {}", d.text),
            }
        }
        match r.body["next"].as_i64() {
            Some(n) => after = n,
            None => return (sent, refused),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_followed_change_is_mailed_once_with_its_unsubscribe_link() {
    let folder = dir("flow");
    let s = load(&folder);
    // A tender with a submission deadline to move.
    let mut with_period = None;
    for (id, tender_id) in tenders(&s, 50).await {
        if tender(&s, &id).await["tenderPeriod"]["endDate"].is_string() {
            with_period = Some((id, tender_id));
            break;
        }
    }
    let (id, tender_id) = with_period.expect("a tender with a tender period");
    follow_confirmed(&s, &id, "follower@example.com").await;
    assert_eq!(round(&s, None).await, (0, 0), "nothing changed since following");

    // A change: a later deadline and a new question.
    let t = tender(&s, &id).await;
    let end = t["tenderPeriod"]["endDate"].as_str().and_then(upstream::dates::parse).unwrap_or(1_800_000_000_000);
    let mut questions = t["questions"].as_array().cloned().unwrap_or_default();
    questions.push(json!({"id": "q-follow-1", "title": "Чи можна <b>аналог</b>?", "description": "Уточніть", "date": "2026-11-29T12:00:00+02:00"}));
    let patch =
        json!({"tenderPeriod": {"endDate": upstream::dates::format_kyiv(end + 86_400_000)}, "questions": questions});
    let r = send(&s, "POST", &format!("/dev/cdb/tenders/{id}"), Some(&patch.to_string()), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let events = get(&s, &format!("/api/tenders/{tender_id}/events")).await;
    assert_eq!(events.status, StatusCode::OK, "{}", events.text);
    let types: BTreeSet<&str> =
        events.body["data"].as_array().unwrap().iter().filter_map(|e| e["type"].as_str()).collect();
    assert!(types.contains("period") && types.contains("questionAsked"), "{types:?}");
    assert!(events.body["historyBegins"].is_string());
    assert_eq!(events.body["data"][0]["recordKey"], tender_id.as_str());
    let period = get(&s, &format!("/api/tenders/{id}/events?type=period")).await;
    assert_eq!(period.body["total"], 1);
    assert_eq!(period.body["data"][0]["extended"], true);
    assert_eq!(get(&s, &format!("/api/tenders/{id}/events?type=nonsense")).await.status, StatusCode::BAD_REQUEST);
    let since = get(&s, "/api/tenders?changedSince=2030-01-01").await;
    assert_eq!(since.status, StatusCode::OK);

    let before = outbox(&s).await.len();
    assert_eq!(round(&s, None).await, (1, 0), "one mail for the follower");
    assert_eq!(round(&s, None).await, (0, 0), "and nothing more");
    let mails = outbox(&s).await;
    assert_eq!(mails.len(), before + 1);
    let mail = &mails[before];
    assert_eq!(mail["to"], "follower@example.com");
    let unsubscribe = mail["headers"]["List-Unsubscribe"].as_str().unwrap();
    assert!(unsubscribe.starts_with("<http://portal.test/follow/unsubscribe?token="), "{unsubscribe}");
    assert_eq!(mail["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");

    // The history and the versions survive a restart.
    drop(s);
    let s = load(&folder);
    let again = get(&s, &format!("/api/tenders/{id}/events")).await;
    assert_eq!(again.body["total"], events.body["total"], "the history survives a restart");
    let t = tender(&s, &id).await;
    assert!(t["questions"].as_array().unwrap().iter().any(|q| q["id"] == "q-follow-1"), "and so does the version");

    // Unsubscribing by the header's token ends the mails; the link works twice.
    let token = unsubscribe.trim_end_matches('>').rsplit('=').next().unwrap().to_string();
    for _ in 0..2 {
        let r = send(&s, "POST", &format!("/api/follows/unsubscribe?token={token}"), Some("{}"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.body["data"]["state"], "unsubscribed");
    }
    assert_eq!(get(&s, "/api/follows/unsubscribe?token=not-a-token").await.status, StatusCode::NOT_FOUND);
    extend(&s, &id).await;
    assert_eq!(round(&s, None).await, (0, 0), "no mail after unsubscribing");
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn follows_without_a_login_are_bounded_and_checked() {
    let folder = dir("bounds");
    let mut s = load(&folder);
    let ids = tenders(&s, 14).await;
    let ask = |target: &str, email: &str| json!({"register": "tenders", "target": target, "email": email}).to_string();
    let r = send(&s, "POST", "/api/follows", Some(&ask(&ids[0].0, "not-an-address")), None).await;
    assert_eq!((r.status, r.body["parameter"].as_str()), (StatusCode::BAD_REQUEST, Some("email")), "{}", r.text);
    let r = send(&s, "POST", "/api/follows", Some(&ask("UA-0000-00-00-000000-a", "a@example.com")), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    // Letters to one address: ten, then the address's bound, named with its reason.
    let mut statuses = Vec::new();
    for (id, _) in &ids[..12] {
        let r = send(&s, "POST", "/api/follows", Some(&ask(id, "victim@example.com")), None).await;
        statuses.push((r.status.as_u16(), r.body["parameter"].as_str().map(str::to_string), r.body["reason"].clone()));
    }
    assert_eq!(statuses.iter().filter(|(s, ..)| *s == 200).count(), 10, "{statuses:?}");
    assert!(
        statuses[10..].iter().all(|(s, p, r)| *s == 400 && p.as_deref() == Some("limit") && *r == "letters"),
        "{statuses:?}"
    );
    // An hour later (the letters' count is the process's): ten follows of the address
    // wait for their confirmation, the bound the next new one reaches.
    drop(s);
    s = load(&folder);
    let r = send(&s, "POST", "/api/follows", Some(&ask(&ids[11].0, "victim@example.com")), None).await;
    assert_eq!(
        (r.status, r.body["parameter"].as_str(), r.body["reason"].as_str()),
        (StatusCode::BAD_REQUEST, Some("limit"), Some("pending")),
        "{}",
        r.text
    );
    // Asking again for one that waits is no new follow: not refused.
    let r = send(&s, "POST", "/api/follows", Some(&ask(&ids[0].0, "victim@example.com")), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // Logged in: one call, confirmed at once, listed with its last change, seen once.
    let token = common::login(&s, "buyer@example.com", "buyer-password-1").await;
    let body = json!({"register": "tenders", "target": ids[12].1, "frequency": "daily"}).to_string();
    let r = send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    extend(&s, &ids[12].0).await;
    let status =
        send(&s, "GET", &format!("/api/users/follows/status?register=tenders&id={}", ids[12].0), None, Some(&token))
            .await;
    assert_eq!(status.body["data"]["following"], true, "{}", status.text);
    assert_eq!(status.body["data"]["total"], 1, "one change since following");
    assert_eq!(status.body["data"]["changes"][0]["type"], "period");
    let seen =
        send(&s, "GET", &format!("/api/users/follows/status?register=tenders&id={}", ids[12].1), None, Some(&token))
            .await;
    assert_eq!(seen.body["data"]["total"], 0, "seen: nothing new on the next look");
    let list = send(&s, "GET", "/api/users/follows", None, Some(&token)).await;
    assert_eq!(list.body["data"][0]["lastChange"]["type"], "period");
    assert_eq!(list.body["data"][0]["frequency"], "daily");
    let other = send(
        &s,
        "GET",
        "/api/users/follows",
        None,
        Some(&common::login(&s, "seller@example.com", "seller-password-1").await),
    )
    .await;
    assert_eq!(other.body["data"].as_array().map(Vec::len), Some(0), "one user's follows are not another's");
    // A hundred follows of one follower, then the bound of its follows.
    let mut many = tenders(&s, 100).await;
    let next = get(&s, "/api/tenders?perPage=100&page=2&sortOrder=dateModified.desc").await;
    many.push((next.body["hydra:member"][0]["id"].as_str().unwrap().to_string(), String::new()));
    let seller = common::login(&s, "seller@example.com", "seller-password-1").await;
    for (n, (id, _)) in many.iter().enumerate() {
        let body = json!({"register": "tenders", "target": id}).to_string();
        let r = send(&s, "POST", "/api/users/follows", Some(&body), Some(&seller)).await;
        if n < 100 {
            assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        } else {
            assert_eq!((r.status, r.body["reason"].as_str()), (StatusCode::BAD_REQUEST, Some("follows")), "{}", r.text);
        }
    }
    // The job's calls need the job's key.
    assert_eq!(send(&s, "GET", "/api/follows/due", None, Some("wrong")).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(send(&s, "GET", "/api/follows/due", None, Some(&token)).await.status, StatusCode::UNAUTHORIZED);
    let _ = std::fs::remove_dir_all(&folder);
}

/// 1,000 changes over 100 followed tenders (deadlines moved, and every fifth a new
/// award, which the tender's buyer's followers get too), three followers each following
/// a share of the tenders, one of them also buyers of some, and one following buyers and
/// some of their tenders (the same award under two follows); two mail jobs at once,
/// rounds killed half-way, and the upstream restarted in the middle: each (event,
/// follower) pair is mailed exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_changes_are_each_mailed_once_to_each_follower() {
    let folder = dir("replay");
    let mut s = load(&folder);
    let ids: Vec<String> = tenders(&s, 100).await.into_iter().map(|(id, _)| id).collect();
    assert_eq!(ids.len(), 100);
    // The seed accounts, logged in: following is one call each.
    let followers = ["buyer@example.com", "seller@example.com", "cpe@example.com"];
    let passwords = ["buyer-password-1", "seller-password-1", "cpe-password-1"];
    // a: every tender; b: the even ones; c: the first 30.
    let follows = |who: usize, i: usize| match who {
        0 => true,
        1 => i.is_multiple_of(2),
        _ => i < 30,
    };
    let mut buyers: Vec<String> = Vec::new();
    for id in &ids {
        buyers.push(buyer_of(&s, id).await);
    }
    // b also follows the buyers of the first 20 tenders: their awards come under both.
    let b_buyers: BTreeSet<&str> = buyers[..20].iter().map(String::as_str).collect();
    for (who, email) in followers.iter().enumerate() {
        let token = common::login(&s, email, passwords[who]).await;
        let mut subjects: Vec<(&str, &str)> =
            ids.iter().enumerate().filter(|(i, _)| follows(who, *i)).map(|(_, id)| ("tenders", id.as_str())).collect();
        if who == 1 {
            subjects.extend(b_buyers.iter().map(|b| ("buyers", *b)));
        }
        for (register, target) in subjects {
            let body = json!({"register": register, "target": target}).to_string();
            let r = send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        }
    }
    // d, without a login: the buyers of the last tenders with more than one of ours, and
    // one tender of each (ten letters at most).
    let mut d_buyers: Vec<&str> = Vec::new();
    for b in buyers.iter().rev() {
        if buyers.iter().filter(|x| *x == b).count() > 1 && !d_buyers.contains(&b.as_str()) && d_buyers.len() < 5 {
            d_buyers.push(b);
        }
    }
    assert!(!d_buyers.is_empty(), "some buyers have several of the tenders");
    let d_tenders: Vec<&str> =
        d_buyers.iter().map(|b| ids[buyers.iter().position(|x| x == b).unwrap()].as_str()).collect();
    for b in &d_buyers {
        follow_confirmed_of(&s, "buyers", b, "overlap@example.com").await;
    }
    for id in &d_tenders {
        follow_confirmed_of(&s, "tenders", id, "overlap@example.com").await;
    }
    let mails_before = outbox(&s).await.len();
    for step in 0..1000 {
        if step % 5 == 4 {
            award(&s, &ids[step % 100], step).await;
        } else {
            extend(&s, &ids[step % 100]).await;
        }
        if step % 97 == 0 {
            // Two jobs at once, one of them killed half-way through its round.
            tokio::join!(round(&s, None), round(&s, Some(1)));
        }
        if step == 500 {
            drop(s);
            s = load(&folder);
        }
    }
    while round(&s, None).await.0 > 0 {}
    // Every mail since the follows, by recipient: the events' numbers it named.
    let mut mailed: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for m in &outbox(&s).await[mails_before..] {
        let text = m["body"].as_str().unwrap();
        let seqs = text.strip_prefix("seq:").expect(text);
        mailed
            .entry(m["to"].as_str().unwrap().to_string())
            .or_default()
            .extend(seqs.split(',').map(|n| n.parse::<i64>().unwrap()));
    }
    // What each follower follows: (register, target).
    let mut subjects: Vec<(&str, Vec<(&str, String)>)> = followers
        .iter()
        .enumerate()
        .map(|(who, email)| {
            let mut all: Vec<(&str, String)> = ids
                .iter()
                .enumerate()
                .filter(|(i, _)| follows(who, *i))
                .map(|(_, id)| ("tenders", id.clone()))
                .collect();
            if who == 1 {
                all.extend(b_buyers.iter().map(|b| ("buyers", b.to_string())));
            }
            (*email, all)
        })
        .collect();
    let mut d_all: Vec<(&str, String)> = d_buyers.iter().map(|b| ("buyers", b.to_string())).collect();
    d_all.extend(d_tenders.iter().map(|t| ("tenders", t.to_string())));
    subjects.push(("overlap@example.com", d_all));
    let mut awards_under_two = 0;
    for (email, follows) in &subjects {
        let mut expected = BTreeSet::new();
        for (register, target) in follows {
            let r = get(&s, &format!("/api/{register}/{target}/events?perPage=1000")).await;
            for e in r.body["data"].as_array().unwrap() {
                if !expected.insert(e["seq"].as_i64().unwrap()) {
                    awards_under_two += 1;
                }
            }
        }
        let expected: Vec<i64> = expected.into_iter().collect();
        let mut got = mailed.remove(*email).unwrap_or_default();
        got.sort_unstable();
        let unique: BTreeSet<i64> = got.iter().copied().collect();
        assert_eq!(unique.len(), got.len(), "{email}: an event mailed twice");
        assert_eq!(got, expected, "{email}: every event of what it follows, once");
    }
    assert!(awards_under_two >= 20, "the followers' follows overlap ({awards_under_two} events under two follows)");
    assert_eq!(mailed.len(), 0, "nobody else was mailed");
    let _ = std::fs::remove_dir_all(&folder);
}

/// The mails (since `from`) that name `seq` in the replay's `seq:` text.
fn naming(mails: &[Value], seq: i64) -> usize {
    mails
        .iter()
        .filter(|m| {
            m["body"]
                .as_str()
                .and_then(|t| t.strip_prefix("seq:"))
                .is_some_and(|t| t.split(',').any(|n| n == seq.to_string()))
        })
        .count()
}

/// A follower of a tender (mailed at once) and of its buyer (once a day): an award is
/// mailed once, in the round that first holds it; the buyer's daily round a day later
/// leaves out what the tender's follow mailed, moves its cursor and writes no e-mail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_of_a_tender_and_its_buyer_gets_each_award_once_across_rounds() {
    let folder = dir("overlap");
    let s = load(&folder);
    let picked = tenders(&s, 2).await;
    let ((id, tender_id), other) = (picked[0].clone(), picked[1].1.clone());
    let buyer = buyer_of(&s, &id).await;
    let token = common::login(&s, "buyer@example.com", "buyer-password-1").await;
    for (register, target, frequency) in
        [("buyers", buyer.as_str(), "daily"), ("tenders", tender_id.as_str(), "immediate")]
    {
        let body = json!({"register": register, "target": target, "frequency": frequency}).to_string();
        let r = send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    let before = outbox(&s).await.len();
    // Both follows are due (the daily one was never mailed): the award once.
    award(&s, &id, 1).await;
    assert_eq!(round(&s, None).await, (1, 0));
    let awards = get(&s, &format!("/api/tenders/{id}/events?type=awardPending")).await;
    let first = awards.body["data"][0]["seq"].as_i64().unwrap();
    // The next award: only the tender's follow is due.
    award(&s, &id, 2).await;
    assert_eq!(round(&s, None).await, (1, 0));
    let awards = get(&s, &format!("/api/tenders/{id}/events?type=awardPending")).await;
    let second = awards.body["data"][0]["seq"].as_i64().unwrap();
    assert!(second > first);
    // A day later the buyer's follow is due with the second award, mailed already.
    rusqlite::Connection::open(folder.join("users.sqlite3"))
        .unwrap()
        .execute("UPDATE follows SET checked = 0 WHERE register = 'buyers'", [])
        .unwrap();
    let due = send(&s, "GET", "/api/follows/due?after=0&limit=10", None, Some(KEY)).await;
    let items = due.body["data"][0]["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 1, "{}", due.text);
    assert_eq!(items[0]["register"], "buyers");
    assert_eq!(items[0]["events"].as_array().unwrap().len(), 0, "the award was mailed under the tender");
    assert_eq!(round(&s, None).await, (1, 0), "the buyer's cursor moves");
    assert_eq!(round(&s, None).await, (0, 0), "and nothing is due any more");
    let mails = outbox(&s).await[before..].to_vec();
    assert_eq!(mails.len(), 2, "one mail per round with news, none for the buyer's empty round");
    assert_eq!((naming(&mails, first), naming(&mails, second)), (1, 1), "each award once");
    // A delivery read before another changed the follower's follows is refused.
    award(&s, &id, 3).await;
    let due = send(&s, "GET", "/api/follows/due?after=0&limit=10", None, Some(KEY)).await;
    let f = &due.body["data"][0];
    let body = json!({"register": "tenders", "target": other}).to_string();
    let r = send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let items: Vec<Value> = f["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| json!({"follow": i["follow"], "from": i["from"], "to": i["to"]}))
        .collect();
    let stale = json!({"follower": f["follower"], "epoch": f["epoch"], "state": f["state"], "items": items});
    let r = send(&s, "POST", "/api/follows/deliver", Some(&stale.to_string()), Some(KEY)).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    let _ = std::fs::remove_dir_all(&folder);
}

/// The letter's unsubscribe link (the follower's token, from its `List-Unsubscribe`).
fn stop_token(letter: &Value) -> String {
    let stop = letter["headers"]["List-Unsubscribe"].as_str().expect("List-Unsubscribe");
    stop.trim_end_matches('>').rsplit('=').next().unwrap().to_string()
}

/// The confirmation letter carries a one-click unsubscribe: used, it ends the waiting
/// follows of its address (not another address's), its confirmation link no longer
/// works, and used again it answers the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_confirmation_letter_can_be_refused_in_one_click() {
    let folder = dir("refuse");
    let s = load(&folder);
    let ids = tenders(&s, 3).await;
    let ask = |target: &str, email: &str, language: &str| {
        json!({"register": "tenders", "target": target, "email": email, "language": language}).to_string()
    };
    let before = outbox(&s).await.len();
    for (target, email, language) in [
        (&ids[0].0, "refuser@example.com", "en"),
        (&ids[1].0, "refuser@example.com", "en"),
        (&ids[0].0, "other@example.com", "uk"),
    ] {
        let r = send(&s, "POST", "/api/follows", Some(&ask(target, email, language)), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    let letters = outbox(&s).await[before..].to_vec();
    assert_eq!(letters.len(), 3);
    let english = &letters[0];
    let text = english["body"].as_str().unwrap();
    assert!(
        text.contains("To refuse it now") && text.contains("http://portal.test/en/follow/unsubscribe?token="),
        "{text}"
    );
    assert!(letters[2]["body"].as_str().unwrap().contains("Щоб відмовитися"), "the letter in its language");
    let token = stop_token(english);
    assert_eq!(token, stop_token(&letters[1]), "one token per address");
    assert_ne!(token, stop_token(&letters[2]), "and its own to each");
    let answers: Vec<Value> = {
        let mut out = Vec::new();
        for _ in 0..2 {
            let r = send(&s, "POST", &format!("/api/follows/unsubscribe?token={token}"), Some("{}"), None).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text);
            assert!(!r.text.contains("refuser@"), "no answer shows the address");
            out.push(r.body["data"].clone());
        }
        out
    };
    assert_eq!(answers[0], answers[1], "used again, the same answer");
    assert_eq!(answers[0]["state"], "unsubscribed");
    let ended: BTreeSet<&str> =
        answers[0]["items"].as_array().unwrap().iter().filter_map(|i| i["target"].as_str()).collect();
    assert_eq!(ended, BTreeSet::from([ids[0].0.to_lowercase().as_str(), ids[1].0.to_lowercase().as_str()]));
    // Its confirmation link no longer confirms; the other address's still does.
    let code = |letter: &Value| {
        let text = letter["body"].as_str().unwrap().to_string();
        let link = text.split_whitespace().find(|w| w.contains("/follow/confirm?token=")).unwrap().to_string();
        link.rsplit('=').next().unwrap().to_string()
    };
    let r = get(&s, &format!("/api/follows/confirm?token={}", code(english))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
    let r = get(&s, &format!("/api/follows/confirm?token={}", code(&letters[2]))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let _ = std::fs::remove_dir_all(&folder);
}

/// The tender's events of one type.
async fn events_of(s: &AppState, id: &str, kind: &str) -> Vec<Value> {
    let r = get(s, &format!("/api/tenders/{id}/events?type={kind}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().clone()
}

/// A monitoring opened, then concluded, for a followed tender (by the development API,
/// as the audit's records change): each is an event of the tender with the monitoring's
/// number and status, mailed to its follower; the tender's `hasActiveMonitoring` follows,
/// and the monitorings and events outlive a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_monitoring_opened_and_concluded_is_a_change_of_its_tender() {
    let folder = dir("monitoring");
    let s = load(&folder);
    let mut quiet = None;
    for (id, key) in tenders(&s, 30).await {
        if get(&s, &format!("/api/tenders/{id}/monitorings")).await.body["hydra:totalItems"] == 0 {
            quiet = Some((id, key));
            break;
        }
    }
    let (id, key) = quiet.expect("a tender without monitorings");
    let token = common::login(&s, "cpe@example.com", "cpe-password-1").await;
    let body = json!({"register": "tenders", "target": key}).to_string();
    assert_eq!(send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await.status, StatusCode::OK);
    let flagged = |s: &AppState| {
        let (s, id) = (s.clone(), id.clone());
        async move {
            get(&s, &format!("/api/tenders?hasActiveMonitoring=true&keyword={id}")).await.body["hydra:totalItems"]
                .clone()
        }
    };
    assert_eq!(flagged(&s).await, 0);

    let r = send(&s, "POST", &format!("/dev/tenders/{key}/monitorings"), Some("{}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let number = r.body["data"]["monitoring_id"].as_str().unwrap().to_string();
    assert!(number.starts_with("UA-M-"), "{number}");
    assert_eq!(r.body["data"]["tender_id"], id.to_lowercase());
    let opened = events_of(&s, &id, "monitoringOpened").await;
    assert_eq!(opened.len(), 1);
    assert_eq!((opened[0]["id"].as_str(), opened[0]["status"].as_str()), (Some(number.as_str()), Some("active")));
    assert_eq!(opened[0]["recordKey"], key.as_str());
    assert_eq!(flagged(&s).await, 1, "the tender is monitored");
    let listed = get(&s, &format!("/api/tenders/{key}/monitorings")).await;
    assert_eq!(listed.body["hydra:member"][0]["monitoring_id"], number.as_str());

    let end = json!({"status": "completed", "endDate": "2026-12-01T10:00:00+02:00"}).to_string();
    let r = send(&s, "POST", &format!("/dev/monitorings/{number}"), Some(&end), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["monitoring_id"], number.as_str(), "its ids stay");
    let concluded = events_of(&s, &id, "monitoringConcluded").await;
    assert_eq!(concluded.len(), 1);
    assert_eq!(
        (concluded[0]["id"].as_str(), concluded[0]["status"].as_str()),
        (Some(number.as_str()), Some("completed"))
    );
    assert_eq!(concluded[0]["at"], "2026-12-01T10:00:00+02:00");
    assert_eq!(flagged(&s).await, 0, "no longer monitored");
    // The same again is no news.
    let r = send(&s, "POST", &format!("/dev/monitorings/{number}"), Some(&end), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(events_of(&s, &id, "monitoringConcluded").await.len(), 1);
    assert_eq!(send(&s, "POST", "/dev/monitorings/UA-M-0000-00-00-000000", Some(&end), None).await.status, 404);

    // The follower is mailed both.
    let before = outbox(&s).await.len();
    assert_eq!(round(&s, None).await, (1, 0));
    let mails = outbox(&s).await[before..].to_vec();
    for e in opened.iter().chain(&concluded) {
        assert_eq!(naming(&mails, e["seq"].as_i64().unwrap()), 1);
    }
    // A restart keeps the monitoring as it was changed, and its events.
    drop(s);
    let s = load(&folder);
    let listed = get(&s, &format!("/api/tenders/{key}/monitorings")).await;
    assert_eq!(listed.body["hydra:member"][0]["status"], "completed", "{}", listed.text);
    assert_eq!(
        get(&s, &format!("/api/tenders/{id}/events?type=monitoringOpened,monitoringConcluded")).await.body["total"],
        2
    );
    let _ = std::fs::remove_dir_all(&folder);
}

/// On a mirror (which derives no monitorings and follows no audit feed), a monitoring
/// that reaches it makes the same events, in the history of its store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mirror_writes_a_monitorings_events_to_its_history() {
    let folder = dir("mirror-monitoring");
    let source = load(&folder.join("source"));
    let url = format!("http://{}/cdb/api/2.5", common::serve(source.clone()).await);
    let mut cfg = common::config_with(0);
    let mut sync = upstream::sync::SyncConfig::new(&url, &folder);
    sync.store_dir = folder.join("store");
    sync.rate = 1000.0;
    sync.registers = vec![upstream::records::Kind::Tender];
    cfg.sync = Some(sync);
    cfg.dev = true;
    cfg.users_db = folder.join("mirror-users.sqlite3");
    let mirror = upstream::load(cfg).expect("mirror");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    tokio::spawn(upstream::serve_on(listener, mirror.clone()));
    assert!(common::until(60, || !mirror.data.read().tenders.is_empty()).await, "the mirror stores tenders");
    let listed = get(&mirror, "/api/tenders?perPage=1").await;
    let id = listed.body["hydra:member"][0]["id"].as_str().expect("a tender").to_string();
    assert_eq!(get(&mirror, &format!("/api/tenders/{id}/monitorings")).await.body["hydra:totalItems"], 0);
    let r =
        send(&mirror, "POST", &format!("/dev/tenders/{id}/monitorings"), Some(r#"{"status": "active"}"#), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let number = r.body["data"]["monitoring_id"].as_str().unwrap().to_string();
    let opened = events_of(&mirror, &id, "monitoringOpened").await;
    assert_eq!(opened.len(), 1, "{opened:?}");
    assert_eq!(opened[0]["id"], number.as_str());
    let r = send(&mirror, "POST", &format!("/dev/monitorings/{number}"), Some(r#"{"status": "stopped"}"#), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let concluded = events_of(&mirror, &id, "monitoringConcluded").await;
    assert_eq!(concluded[0]["status"], "stopped", "{concluded:?}");
    let _ = std::fs::remove_dir_all(&folder);
}

/// The confirmation link of a letter (its code).
fn confirm_code(letter: &Value) -> String {
    let text = letter["body"].as_str().unwrap();
    let link = text.split_whitespace().find(|w| w.contains("/follow/confirm?token=")).expect(text);
    link.rsplit('=').next().unwrap().to_string()
}

/// A follow's frequency and confirmation as the users database holds them.
fn stored_follow(folder: &Path, target: &str) -> (String, bool) {
    rusqlite::Connection::open(folder.join("users.sqlite3"))
        .unwrap()
        .query_row("SELECT frequency, confirmed = 1 FROM follows WHERE target = ?1", [target.to_lowercase()], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap()
}

/// Someone who only knows an address changes nothing by asking again for its follow: a
/// confirmed follow keeps its frequency until the owner follows the new letter's link,
/// and a waiting follow's earlier link keeps working beside the new one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn asking_again_for_an_address_changes_nothing_without_its_owner() {
    let folder = dir("again");
    let s = load(&folder);
    let ids = tenders(&s, 2).await;
    let ask = |target: &str, frequency: &str| {
        json!({"register": "tenders", "target": target, "email": "owner@example.com", "frequency": frequency})
            .to_string()
    };
    follow_confirmed(&s, &ids[0].0, "owner@example.com").await;
    assert_eq!(stored_follow(&folder, &ids[0].0), ("immediate".into(), true));
    // The same again: nothing to confirm, no letter.
    let before = outbox(&s).await.len();
    let r = send(&s, "POST", "/api/follows", Some(&ask(&ids[0].0, "immediate")), None).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("confirmSent")), "{}", r.text);
    assert_eq!(outbox(&s).await.len(), before, "no letter for nothing");
    // Another frequency: the same answer, a letter, and no change until its link.
    let r = send(&s, "POST", "/api/follows", Some(&ask(&ids[0].0, "daily")), None).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("confirmSent")), "{}", r.text);
    let letters = outbox(&s).await[before..].to_vec();
    assert_eq!(letters.len(), 1);
    let text = letters[0]["body"].as_str().unwrap();
    assert!(text.contains("раз на день") && text.contains("усе лишиться як було"), "{text}");
    assert_eq!(stored_follow(&folder, &ids[0].0), ("immediate".into(), true), "unchanged without the owner");
    let r = get(&s, &format!("/api/follows/confirm?token={}", confirm_code(&letters[0]))).await;
    assert_eq!((r.status, r.body["data"]["frequency"].as_str()), (StatusCode::OK, Some("daily")), "{}", r.text);
    assert_eq!(stored_follow(&folder, &ids[0].0), ("daily".into(), true), "changed by the owner's link");

    // A waiting follow asked for twice: both letters' links confirm it.
    let before = outbox(&s).await.len();
    for frequency in ["immediate", "daily"] {
        let r = send(&s, "POST", "/api/follows", Some(&ask(&ids[1].0, frequency)), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    let letters = outbox(&s).await[before..].to_vec();
    assert_eq!(letters.len(), 2);
    let (first, second) = (confirm_code(&letters[0]), confirm_code(&letters[1]));
    assert_ne!(first, second);
    assert_eq!(stored_follow(&folder, &ids[1].0), ("immediate".into(), false), "waiting, as first asked");
    let r = get(&s, &format!("/api/follows/confirm?token={first}")).await;
    assert_eq!((r.status, r.body["data"]["frequency"].as_str()), (StatusCode::OK, Some("immediate")), "{}", r.text);
    let r = get(&s, &format!("/api/follows/confirm?token={second}")).await;
    assert_eq!((r.status, r.body["data"]["frequency"].as_str()), (StatusCode::OK, Some("daily")), "{}", r.text);
    assert_eq!(stored_follow(&folder, &ids[1].0), ("daily".into(), true));
    // Unsubscribed, its codes confirm nothing.
    let token = stop_token(&letters[0]);
    assert_eq!(
        send(&s, "POST", &format!("/api/follows/unsubscribe?token={token}"), Some("{}"), None).await.status,
        200
    );
    assert_eq!(get(&s, &format!("/api/follows/confirm?token={first}")).await.status, StatusCode::NOT_FOUND);
    let _ = std::fs::remove_dir_all(&folder);
}

/// A plan's tender announced is named by the tender's public id and title (the plan
/// carries its 32-hex id only), in the events API, the follower's round and the cabinet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plans_tender_is_named_by_its_public_id_and_title() {
    let folder = dir("plan");
    let s = load(&folder);
    let plan = get(&s, "/api/plans?perPage=1&status[]=scheduled").await.body["hydra:member"][0].clone();
    let (plan_id, plan_key) = (plan["id"].as_str().unwrap().to_string(), plan["planID"].as_str().unwrap().to_string());
    let (tender_hex, tender_key) = tenders(&s, 1).await.remove(0);
    let title = tender(&s, &tender_hex).await["title"].as_str().unwrap().to_string();
    let token = common::login(&s, "buyer@example.com", "buyer-password-1").await;
    let body = json!({"register": "plans", "target": plan_key}).to_string();
    assert_eq!(send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await.status, StatusCode::OK);
    let patch = json!({"tender_id": tender_hex, "status": "complete"}).to_string();
    let r = send(&s, "POST", &format!("/dev/cdb/plans/{plan_id}"), Some(&patch), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let check = |e: &Value| {
        assert_eq!(e["type"], "tenderCreated", "{e}");
        assert_eq!(e["tenderId"], tender_hex.as_str());
        assert_eq!(
            (e["tenderKey"].as_str(), e["tenderTitle"].as_str()),
            (Some(tender_key.as_str()), Some(title.as_str()))
        );
    };
    let r = get(&s, &format!("/api/plans/{plan_key}/events?type=tenderCreated")).await;
    check(&r.body["data"][0]);
    let due = send(&s, "GET", "/api/follows/due?after=0&limit=10", None, Some(KEY)).await;
    let events = due.body["data"][0]["items"][0]["events"].as_array().unwrap().clone();
    check(events.iter().find(|e| e["type"] == "tenderCreated").expect("in the round"));
    let list = send(&s, "GET", "/api/users/follows", None, Some(&token)).await;
    let last = &list.body["data"][0]["lastChange"];
    if last["type"] == "tenderCreated" {
        check(last);
    }
    let _ = std::fs::remove_dir_all(&folder);
}

/// A daily follow busier than one e-mail lists never falls behind: its mail lists the
/// first changes, counts the rest, and its cursor passes them all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_follow_past_the_cap_counts_the_rest_and_moves_past_it() {
    let folder = dir("daily");
    let s = load(&folder);
    let picked = tenders(&s, 2).await;
    let token = common::login(&s, "seller@example.com", "seller-password-1").await;
    for ((id, _), frequency) in picked.iter().zip(["daily", "immediate"]) {
        let body = json!({"register": "tenders", "target": id, "frequency": frequency}).to_string();
        assert_eq!(send(&s, "POST", "/api/users/follows", Some(&body), Some(&token)).await.status, StatusCode::OK);
    }
    let cap = upstream::users::follows::MAX_EVENTS;
    for _ in 0..cap + 12 {
        for (id, _) in &picked {
            extend(&s, id).await;
        }
    }
    let due = send(&s, "GET", "/api/follows/due?after=0&limit=10", None, Some(KEY)).await;
    let items = due.body["data"][0]["items"].as_array().unwrap().clone();
    let of = |id: &str| items.iter().find(|i| i["target"] == id.to_lowercase()).unwrap().clone();
    let last = |id: &str| {
        let (s, id) = (s.clone(), id.to_string());
        async move { get(&s, &format!("/api/tenders/{id}/events?perPage=1")).await.body["data"][0]["seq"].as_i64().unwrap() }
    };
    let (daily, immediate) = (of(&picked[0].0), of(&picked[1].0));
    assert_eq!(daily["events"].as_array().unwrap().len(), cap);
    assert_eq!(daily["more"], 12, "the rest, counted");
    assert_eq!(daily["to"], last(&picked[0].0).await, "and passed");
    assert_eq!(immediate["events"].as_array().unwrap().len(), cap);
    assert_eq!(immediate["more"], 0, "an immediate follow's rest comes in the next round");
    assert!(immediate["to"].as_i64().unwrap() < last(&picked[1].0).await);
    assert_eq!(round(&s, None).await, (1, 0));
    // The next round: the immediate follow's rest; the daily one has nothing left, even
    // when due again a day later.
    rusqlite::Connection::open(folder.join("users.sqlite3"))
        .unwrap()
        .execute("UPDATE follows SET checked = 0 WHERE frequency = 'daily'", [])
        .unwrap();
    let due = send(&s, "GET", "/api/follows/due?after=0&limit=10", None, Some(KEY)).await;
    let items = due.body["data"][0]["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 1, "{}", due.text);
    assert_eq!(
        (items[0]["target"].as_str(), items[0]["events"].as_array().unwrap().len()),
        (Some(picked[1].0.to_lowercase().as_str()), 12)
    );
    assert_eq!(round(&s, None).await, (1, 0));
    assert_eq!(round(&s, None).await, (0, 0));
    let _ = std::fs::remove_dir_all(&folder);
}
