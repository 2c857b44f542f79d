//! The Market cart of the users API against the real router and the generated
//! catalogue: who has a cart, adding, incrementing, setting and removing items, every
//! refused input leaving the cart as it was, unavailable products, persistence across
//! logins and database reopenings, concurrent changes and cross-origin rules. Each test
//! has a users store of its own.

// These tests read data that nothing writes while they run: a read guard held across a
// request cannot block a writer.
#![allow(clippy::await_holding_lock)]

mod common;

use common::{fresh, http, login, send, serve, Resp};
use serde_json::{json, Value};
use std::sync::Arc;
use upstream::market::{Market, Record};
use upstream::AppState;

const CART: &str = "/api/users/cart";
const ITEMS: &str = "/api/users/cart/items";

async fn buyer(s: &AppState) -> String {
    login(s, "buyer@example.com", "buyer-password-1").await
}

/// Another login of the buyer with a token unlike `first` (tokens of one second are alike).
async fn another_buyer_login(s: &AppState, first: &str) -> String {
    for _ in 0..20 {
        let token = buyer(s).await;
        if token != first {
            return token;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("every login gave the same token");
}

/// Suppliers' products of a status, in catalogue order.
fn products(s: &AppState, status: &str) -> impl Iterator<Item = Record> {
    let all: Vec<Record> = s.market.get().products.all.iter().filter(|r| r.status == status).cloned().collect();
    all.into_iter()
}

fn active(s: &AppState, n: usize) -> Vec<String> {
    let ids: Vec<String> = products(s, "active").take(n).map(|r| r.id.clone()).collect();
    assert_eq!(ids.len(), n, "the catalogue has {n} active products");
    ids
}

async fn cart(s: &AppState, token: &str) -> Value {
    let r = send(s, "GET", CART, None, Some(token)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.content_type.starts_with("application/json"), "{}", r.content_type);
    r.body
}

async fn add(s: &AppState, token: &str, product: &str, quantity: i64) -> Resp {
    send(s, "POST", ITEMS, Some(&json!({"productId": product, "quantity": quantity}).to_string()), Some(token)).await
}

async fn set(s: &AppState, token: &str, product: &str, quantity: i64) -> Resp {
    send(s, "PUT", &format!("{ITEMS}/{product}"), Some(&json!({"quantity": quantity}).to_string()), Some(token)).await
}

/// `(productId, quantity)` of each item, in cart order.
fn lines(cart: &Value) -> Vec<(String, i64)> {
    cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| (i["productId"].as_str().unwrap().to_string(), i["quantity"].as_i64().unwrap()))
        .collect()
}

fn line(id: &str, q: i64) -> (String, i64) {
    (id.to_string(), q)
}

#[tokio::test]
async fn only_a_logged_in_buyer_or_cpe_has_a_cart() {
    let s = fresh(|_| {});
    let p = active(&s, 1).remove(0);
    let body = json!({"productId": p, "quantity": 1}).to_string();
    let item = format!("{ITEMS}/{p}");
    let calls: [(&str, &str, Option<&str>); 5] = [
        ("GET", CART, None),
        ("DELETE", CART, None),
        ("POST", ITEMS, Some(body.as_str())),
        ("PUT", item.as_str(), Some(r#"{"quantity":2}"#)),
        ("DELETE", item.as_str(), None),
    ];
    let pending =
        common::post_json(&s, "/auth", r#"{"email":"twofa@example.com","password":"twofa-password-1"}"#, None)
            .await
            .body["token"]
            .as_str()
            .unwrap()
            .to_string();
    let expired = s.users.sign(1, "buyer@example.com", "buyer", false, -1);
    let seller = login(&s, "seller@example.com", "seller-password-1").await;
    for (method, uri, body) in calls {
        for (who, token) in [
            ("anonymous", None),
            ("garbage", Some("not.a.token")),
            ("pending", Some(pending.as_str())),
            ("expired", Some(expired.as_str())),
        ] {
            let r = send(&s, method, uri, body, token).await;
            assert_eq!(r.status, 401, "{who} {method} {uri}: {}", r.text);
            assert_eq!(r.body["status"], 401);
            assert!(r.body["error"].is_string());
        }
        let r = send(&s, method, uri, body, Some(&seller)).await;
        assert_eq!(r.status, 403, "seller {method} {uri}: {}", r.text);
        assert_eq!(r.body["error"], "a seller has no cart");
    }
    // Nothing reached the buyer's cart (user 1, the expired token's user).
    assert!(s.users.cart(1).unwrap().items.is_empty());

    for (email, password) in [("buyer@example.com", "buyer-password-1"), ("cpe@example.com", "cpe-password-1")] {
        let token = login(&s, email, password).await;
        assert_eq!(cart(&s, &token).await, json!({"items": [], "updatedAt": null}), "{email}");
        let r = add(&s, &token, &p, 1).await;
        assert_eq!(r.status, 200, "{email}: {}", r.text);
        assert_eq!(lines(&r.body), [line(&p, 1)], "{email}: carts are per user");
    }
}

#[tokio::test]
async fn items_are_added_incremented_set_and_removed() {
    let s = fresh(|_| {});
    let t = buyer(&s).await;
    let ids = active(&s, 3);
    let (a, b, c) = (&ids[0], &ids[1], &ids[2]);

    let r = add(&s, &t, a, 2).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.content_type.starts_with("application/ld+json"), "{}", r.content_type);
    assert_eq!(lines(&r.body), [line(a, 2)]);
    assert!(r.body["updatedAt"].as_str().is_some_and(|d| d.ends_with("+02:00") || d.ends_with("+03:00")));
    let item = &r.body["items"][0];
    assert!(upstream::dates::parse(item["addedAt"].as_str().unwrap()).is_some());
    // The snapshot is the catalogue's record, compacted.
    let record = s.market.get().products.get(a).unwrap().json.clone();
    let snap = &item["product"];
    for key in [
        "id",
        "title",
        "title_en",
        "status",
        "value",
        "unit",
        "relatedCategory",
        "relatedProfiles",
        "marketClassification",
        "classification",
        "brand",
    ] {
        assert_eq!(snap[key], record[key], "{key}");
    }
    assert_eq!(snap["status"], "active");
    assert!(snap["value"]["amount"].as_f64().unwrap() > 0.0);
    assert_eq!(snap["value"]["currency"], "UAH");
    assert_eq!(snap["supplier"]["name"], record["supplier"]["name"]);
    assert_eq!(snap["supplier"]["identifier"], record["supplier"]["identifier"]);
    assert!(snap["supplier"].get("address").is_none(), "compact: {snap}");
    assert!(snap["images"].is_array());
    assert!(snap.get("requirementResponses").is_none() && snap.get("description").is_none(), "compact: {snap}");

    assert_eq!(lines(&add(&s, &t, b, 1).await.body), [line(a, 2), line(b, 1)]);
    assert_eq!(lines(&add(&s, &t, a, 3).await.body), [line(a, 5), line(b, 1)], "an add increments, order kept");
    let r = set(&s, &t, b, 7).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(lines(&r.body), [line(a, 5), line(b, 7)]);
    assert_eq!(lines(&add(&s, &t, c, 1).await.body), [line(a, 5), line(b, 7), line(c, 1)]);
    let r = send(&s, "DELETE", &format!("{ITEMS}/{a}"), None, Some(&t)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(lines(&r.body), [line(b, 7), line(c, 1)]);
    assert_eq!(lines(&add(&s, &t, a, 1).await.body), [line(b, 7), line(c, 1), line(a, 1)], "re-added goes last");
    assert_eq!(lines(&cart(&s, &t).await), [line(b, 7), line(c, 1), line(a, 1)], "GET answers the same cart");

    let r = send(&s, "DELETE", CART, None, Some(&t)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(lines(&r.body), []);
    assert!(r.body["updatedAt"].is_string());
    assert_eq!(lines(&cart(&s, &t).await), []);
}

#[tokio::test]
async fn every_bad_input_is_refused_and_changes_nothing() {
    let s = fresh(|_| {});
    let t = buyer(&s).await;
    let ids = active(&s, 2);
    let (a, absent) = (&ids[0], &ids[1]);
    assert_eq!(add(&s, &t, a, 10).await.status, 200);
    let before = cart(&s, &t).await;

    let hidden = products(&s, "hidden").next().expect("a hidden product").id.clone();
    let inactive = products(&s, "inactive").next().expect("an inactive product").id.clone();
    let draft = products(&s, "draft").next().expect("a draft product").id.clone();
    let prozorro = s.market.get().prozorro_products.all.first().expect("a national-catalogue product").id.clone();
    let body = |product: &str, quantity: &str| format!(r#"{{"productId":"{product}","quantity":{quantity}}}"#);
    let item = format!("{ITEMS}/{a}");
    let absent_item = format!("{ITEMS}/{absent}");
    let huge = format!(r#"{{"productId":"{a}","quantity":1,"pad":"{}"}}"#, "x".repeat(5000));
    let cases: Vec<(&str, &str, String, u16, Option<&str>)> = vec![
        // Products that cannot go in.
        ("POST", ITEMS, body("0123456789abcdef0123456789abcdef", "1"), 422, Some("productId")),
        ("POST", ITEMS, body(&hidden, "1"), 422, Some("productId")),
        ("POST", ITEMS, body(&inactive, "1"), 422, Some("productId")),
        ("POST", ITEMS, body(&draft, "1"), 422, Some("productId")),
        ("POST", ITEMS, body(&prozorro, "1"), 422, Some("productId")),
        ("POST", ITEMS, json!({"productId": 42, "quantity": 1}).to_string(), 422, Some("productId")),
        ("POST", ITEMS, json!({"quantity": 1}).to_string(), 400, Some("productId")),
        ("POST", ITEMS, json!({"productId": "", "quantity": 1}).to_string(), 400, Some("productId")),
        // Quantities that are not a whole number from 1 to 10000.
        ("POST", ITEMS, body(a, r#""2""#), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "1.5"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "0"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "-3"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "10001"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "1e3"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "true"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "[1]"), 422, Some("quantity")),
        ("POST", ITEMS, body(a, "99999999999999999999"), 422, Some("quantity")),
        ("POST", ITEMS, json!({"productId": a}).to_string(), 400, Some("quantity")),
        // An add that would pass the bound: 10 + 9991 > 10000.
        ("POST", ITEMS, body(a, "9991"), 422, Some("quantity")),
        // Bodies that are not a JSON object, or too large.
        ("POST", ITEMS, "{not json".into(), 400, None),
        ("POST", ITEMS, String::new(), 400, None),
        ("POST", ITEMS, "[1]".into(), 400, None),
        ("POST", ITEMS, huge.clone(), 413, None),
        ("PUT", item.as_str(), r#"{"quantity":0}"#.into(), 422, Some("quantity")),
        ("PUT", item.as_str(), r#"{"quantity":"3"}"#.into(), 422, Some("quantity")),
        ("PUT", item.as_str(), r#"{"quantity":2.5}"#.into(), 422, Some("quantity")),
        ("PUT", item.as_str(), r#"{"quantity":10001}"#.into(), 422, Some("quantity")),
        ("PUT", item.as_str(), r#"{}"#.into(), 400, Some("quantity")),
        ("PUT", item.as_str(), "quantity=3".into(), 400, None),
        ("PUT", item.as_str(), huge, 413, None),
        // Items not in the cart.
        ("PUT", absent_item.as_str(), r#"{"quantity":3}"#.into(), 404, None),
        ("DELETE", absent_item.as_str(), String::new(), 404, None),
    ];
    for (method, uri, body, status, parameter) in cases {
        let r = send(&s, method, uri, Some(&body), Some(&t)).await;
        let shown = &body[..body.len().min(80)];
        assert_eq!(r.status.as_u16(), status, "{method} {uri} {shown}: {}", r.text);
        assert_eq!(r.body["status"], status, "{shown}: {}", r.text);
        assert!(r.body["error"].as_str().is_some_and(|e| !e.is_empty()), "{shown}: {}", r.text);
        if let Some(name) = parameter {
            assert_eq!(r.body["parameter"], name, "{shown}: {}", r.text);
            assert!(r.body["error"].as_str().unwrap().contains(name), "{}", r.text);
        }
        assert_eq!(cart(&s, &t).await, before, "{method} {uri} {shown} changed the cart");
    }
    // Each refused product is told apart.
    for (id, says) in [
        ("0123456789abcdef0123456789abcdef", "unknown product"),
        (hidden.as_str(), "is hidden"),
        (inactive.as_str(), "is inactive"),
        (draft.as_str(), "is draft"),
        (prozorro.as_str(), "national-catalogue product"),
    ] {
        let r = add(&s, &t, id, 1).await;
        assert!(r.body["error"].as_str().is_some_and(|e| e.contains(says)), "{says}: {}", r.text);
    }
    assert_eq!(cart(&s, &t).await, before);
    // The bound itself is allowed.
    assert_eq!(lines(&add(&s, &t, a, 9990).await.body), [line(a, 10_000)]);
    assert_eq!(lines(&set(&s, &t, a, 1).await.body), [line(a, 1)]);
}

#[tokio::test]
async fn a_cart_holds_at_most_200_products() {
    let s = fresh(|_| {});
    let t = buyer(&s).await;
    let ids = active(&s, 201);
    for id in &ids[..200] {
        assert_eq!(add(&s, &t, id, 1).await.status, 200);
    }
    let full = cart(&s, &t).await;
    assert_eq!(full["items"].as_array().unwrap().len(), 200);
    let r = add(&s, &t, &ids[200], 1).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(r.body["parameter"], "productId");
    assert_eq!(cart(&s, &t).await, full);
    assert_eq!(lines(&add(&s, &t, &ids[0], 1).await.body)[0], line(&ids[0], 2), "a product already there still grows");
    assert_eq!(send(&s, "DELETE", &format!("{ITEMS}/{}", ids[1]), None, Some(&t)).await.status, 200);
    assert_eq!(add(&s, &t, &ids[200], 1).await.status, 200, "room again once one is removed");
}

/// The same users store over a catalogue changed by `change`.
fn with_market(s: &AppState, change: impl FnOnce(&mut Market)) -> AppState {
    let mut market = Market::generate(&s.data.read().classifiers, &upstream::text::Analyzer::new(None));
    change(&mut market);
    AppState { market: Arc::new(upstream::market::LiveMarket::new(market)), ..s.clone() }
}

#[tokio::test]
async fn an_item_whose_product_became_unavailable_stays_and_says_so() {
    let s = fresh(|_| {});
    let t = buyer(&s).await;
    let ids = active(&s, 2);
    let (gone, kept) = (&ids[0], &ids[1]);
    assert_eq!(add(&s, &t, gone, 2).await.status, 200);
    assert_eq!(add(&s, &t, kept, 1).await.status, 200);

    // The product is hidden after it was added.
    let hidden = with_market(&s, |m| {
        let p = m.products.all.iter_mut().find(|p| p.id == *gone).unwrap();
        p.status = "hidden";
        p.json["status"] = json!("hidden");
    });
    let c = cart(&hidden, &t).await;
    assert_eq!(lines(&c), [line(gone, 2), line(kept, 1)], "the row is kept");
    assert_eq!(c["items"][0]["product"]["status"], "hidden");
    assert_eq!(c["items"][1]["product"]["status"], "active");
    let r = set(&hidden, &t, gone, 5).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(r.body["parameter"], "productId");
    let r = add(&hidden, &t, gone, 1).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(lines(&cart(&hidden, &t).await), [line(gone, 2), line(kept, 1)]);

    // The catalogue no longer has it at all.
    let vanished = with_market(&s, |m| *m = Market::default());
    let c = cart(&vanished, &t).await;
    assert_eq!(lines(&c), [line(gone, 2), line(kept, 1)]);
    assert!(c["items"][0]["product"].is_null() && c["items"][1]["product"].is_null(), "{c}");

    // Either way it can be removed.
    let r = send(&hidden, "DELETE", &format!("{ITEMS}/{gone}"), None, Some(&t)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(lines(&cart(&s, &t).await), [line(kept, 1)]);
}

#[tokio::test]
async fn the_cart_survives_a_new_login_and_a_reopened_database() {
    let path = std::env::temp_dir().join(format!("upstream-cart-api-{}.sqlite3", std::process::id()));
    let remove = || {
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
        }
    };
    remove();
    let ids = {
        let s = fresh(|c| c.users_db = path.clone());
        let ids = active(&s, 2);
        let first = buyer(&s).await;
        assert_eq!(add(&s, &first, &ids[0], 3).await.status, 200);
        let second = another_buyer_login(&s, &first).await;
        assert_eq!(add(&s, &second, &ids[1], 1).await.status, 200);
        assert_eq!(lines(&cart(&s, &first).await), [line(&ids[0], 3), line(&ids[1], 1)], "one cart, two tokens");
        ids
    };
    // A new store over the same file, as after a restart (a new random signing secret:
    // the old tokens are gone, the user is not).
    let s = fresh(|c| c.users_db = path.clone());
    let token = buyer(&s).await;
    let c = cart(&s, &token).await;
    assert_eq!(lines(&c), [line(&ids[0], 3), line(&ids[1], 1)]);
    assert!(c["updatedAt"].is_string());
    drop(s);
    remove();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_concurrent_adds_from_two_tabs_all_count() {
    let s = fresh(|_| {});
    let first = buyer(&s).await;
    let tabs = [another_buyer_login(&s, &first).await, first];
    let ids = active(&s, 26);
    let addr = serve(s.clone()).await;
    let start = Arc::new(tokio::sync::Barrier::new(75));
    let mut tasks = Vec::new();
    // 50 adds of one product and 25 adds of distinct ones, alternating tabs, all at once.
    for i in 0..75 {
        let (start, auth) = (start.clone(), format!("Bearer {}", tabs[i % 2]));
        let product = if i < 50 { ids[0].clone() } else { ids[i - 49].clone() };
        tasks.push(tokio::spawn(async move {
            let body = json!({"productId": product, "quantity": 1}).to_string();
            start.wait().await;
            http(addr, "POST", ITEMS, &[("authorization", &auth), ("content-type", "application/json")], &body)
                .await
                .status
        }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), 200);
    }
    let c = cart(&s, &tabs[1]).await;
    let got = lines(&c);
    assert_eq!(got.len(), 26, "{got:?}");
    assert_eq!(got.iter().find(|(id, _)| *id == ids[0]), Some(&line(&ids[0], 50)), "no add was lost");
    assert!(got.iter().filter(|(id, _)| *id != ids[0]).all(|(_, q)| *q == 1), "{got:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_origin_rules_cover_the_cart() {
    let s = fresh(|_| {});
    let t = buyer(&s).await;
    let p = active(&s, 1).remove(0);
    assert_eq!(add(&s, &t, &p, 1).await.status, 200);
    let addr = serve(s.clone()).await;
    let item = format!("{ITEMS}/{p}");
    for method in ["PUT", "DELETE"] {
        let preflight = http(
            addr,
            "OPTIONS",
            &item,
            &[
                ("origin", "http://127.0.0.1:8080"),
                ("access-control-request-method", method),
                ("access-control-request-headers", "authorization,content-type"),
            ],
            "",
        )
        .await;
        assert_eq!(preflight.header("access-control-allow-origin"), Some("http://127.0.0.1:8080"));
        assert!(preflight.header("access-control-allow-methods").is_some_and(|m| m.contains(method)), "{method}");
    }
    let auth = format!("Bearer {t}");
    let foreign = http(addr, "DELETE", &item, &[("origin", "http://evil.example"), ("authorization", &auth)], "").await;
    assert_eq!(foreign.status, 403);
    assert_eq!(lines(&cart(&s, &t).await), [line(&p, 1)], "a foreign page cannot empty the cart");
    let own = http(addr, "DELETE", &item, &[("origin", "http://127.0.0.1:8080"), ("authorization", &auth)], "").await;
    assert_eq!(own.status, 200, "{}", own.text);
    assert_eq!(own.header("access-control-allow-origin"), Some("http://127.0.0.1:8080"));
    assert_eq!(lines(&cart(&s, &t).await), []);
}
