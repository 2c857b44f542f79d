//! The cart (`POST /market/cart`, the cart page) against the real users API of the
//! embedded upstream and its generated catalogue: who has one, changes with and without
//! JavaScript, bad input that changes nothing, and a cart that outlives the session.

use super::accounts::{login_token, post_form, seed, send, state, visit, Jar};
use super::*;

/// A seed user logged in without JavaScript; the jar holds the session.
async fn logged_in(app: &Router, kind: &str) -> Jar {
    let (email, password, _) = seed(kind);
    let mut jar = Jar::default();
    let token = login_token(app, &mut jar, "/login").await;
    let fields = [("email", email), ("password", password), ("_csrf", token.as_str())];
    let page = post_form(app, "/login", &fields, &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{kind}: {}", page.body);
    jar
}

/// Ids of suppliers' products with `status` from the upstream's catalogue.
async fn products(status: &str, count: usize) -> Vec<String> {
    let url = format!("{}/api/products?status[]={status}&perPage={count}", upstream_url());
    let answer: serde_json::Value = reqwest::get(url).await.unwrap().json().await.unwrap();
    let ids: Vec<String> =
        answer["hydra:member"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(ids.len(), count, "the catalogue has {count} {status} products");
    ids
}

/// The cart page's items as `(productId, quantity)`, and the page's form token.
async fn cart(app: &Router, jar: &mut Jar) -> (Vec<(String, u64)>, String) {
    let page = visit(app, "/market/cart", jar).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.headers[header::CACHE_CONTROL], "private, no-store");
    let state = state(&page);
    let items = state["data"]["cart"]["body"]["items"].as_array().expect("the cart in the page data").iter();
    let items = items.map(|i| (i["productId"].as_str().unwrap().to_owned(), i["quantity"].as_u64().unwrap())).collect();
    (items, state["csrf"].as_str().unwrap().to_owned())
}

/// Empties the buyer's cart (the users database outlives test runs).
async fn emptied(app: &Router, jar: &mut Jar) -> String {
    let (items, token) = cart(app, jar).await;
    for (id, _) in items {
        let page =
            post_form(app, "/market/cart", &[("action", "remove"), ("productId", &id), ("_csrf", &token)], jar, &[])
                .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    }
    assert!(cart(app, jar).await.0.is_empty());
    token
}

async fn post_json(app: &Router, jar: &mut Jar, body: serde_json::Value) -> serde_json::Value {
    let request = Request::post("/market/cart")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json")
        .header(header::COOKIE, jar.header())
        .body(Body::from(body.to_string()))
        .unwrap();
    let page = send(app, request, jar).await;
    assert_eq!(page.status, StatusCode::OK, "the app reads every outcome as JSON with 200");
    serde_json::from_str(&page.body).unwrap()
}

#[tokio::test]
async fn only_a_logged_in_buyer_has_a_cart() {
    let app = portal(&[], "").await;
    let mut visitor = Jar::default();
    assert_eq!(visit(&app, "/market/cart", &mut visitor).await.status, StatusCode::NOT_FOUND);
    assert_eq!(visit(&app, "/en/market/cart/anything", &mut visitor).await.status, StatusCode::NOT_FOUND);
    let mut seller = logged_in(&app, "seller").await;
    let page = visit(&app, "/market/cart", &mut seller).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    // A seller's change is refused too, and still answered with the 404 page.
    let token = state(&page)["csrf"].as_str().unwrap().to_owned();
    let id = &products("active", 1).await[0];
    let page = post_form(&app, "/market/cart", &[("productId", id), ("_csrf", &token)], &mut seller, &[]).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND, "{}", page.body);
    // A visitor's form without the anti-forgery token is refused (with the cart's page:
    // for a visitor, the 404 page), and with it the visitor is asked to log in.
    let page = post_form(&app, "/market/cart", &[("productId", id)], &mut visitor, &[]).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND, "no anti-forgery token, no change");
    let token = login_token(&app, &mut visitor, "/login").await;
    let page = post_form(&app, "/market/cart", &[("productId", id), ("_csrf", &token)], &mut visitor, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.headers[header::LOCATION], "/login?origin=%2Fmarket%2Fcart");
}

#[tokio::test]
async fn a_buyer_changes_the_cart_with_and_without_javascript() {
    let app = portal(&[], "").await;
    let mut jar = logged_in(&app, "buyer").await;
    let token = emptied(&app, &mut jar).await;
    let ids = products("active", 2).await;
    let (a, b) = (ids[0].as_str(), ids[1].as_str());

    // Without JavaScript: a form and a redirect to the cart.
    let page =
        post_form(&app, "/market/cart", &[("productId", a), ("quantity", "2"), ("_csrf", &token)], &mut jar, &[]).await;
    assert_eq!(
        (page.status, page.headers[header::LOCATION].to_str().unwrap()),
        (StatusCode::SEE_OTHER, "/market/cart?added=1")
    );
    let page = post_form(&app, "/en/market/cart", &[("productId", b), ("_csrf", &token)], &mut jar, &[]).await;
    assert_eq!(page.headers[header::LOCATION], "/en/market/cart?added=1");
    assert_eq!(cart(&app, &mut jar).await.0, vec![(a.to_owned(), 2), (b.to_owned(), 1)]);

    // With JavaScript: JSON in, the whole cart back.
    let answer =
        post_json(&app, &mut jar, serde_json::json!({ "productId": a, "quantity": "3", "_csrf": token })).await;
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["cart"]["items"][0]["quantity"], 5);
    let set = serde_json::json!({ "action": "set", "productId": b, "quantity": "7", "_csrf": token });
    assert_eq!(post_json(&app, &mut jar, set).await["cart"]["items"][1]["quantity"], 7);

    // Bad input: a clear refusal naming the field, and nothing changed.
    let hidden = &products("hidden", 1).await[0];
    let unknown = "0".repeat(32);
    for (fields, field, status) in [
        (vec![("productId", a), ("quantity", "0")], "quantity", 422),
        (vec![("productId", a), ("quantity", "1.5")], "quantity", 422),
        (vec![("productId", a), ("quantity", "10001")], "quantity", 422),
        (vec![("productId", "../../profile")], "productId", 422),
        (vec![("productId", hidden.as_str())], "productId", 422),
        (vec![("action", "set"), ("productId", a), ("quantity", "-4")], "quantity", 422),
    ] {
        let mut form = fields.clone();
        form.push(("_csrf", &token));
        let page = post_form(&app, "/market/cart", &form, &mut jar, &[]).await;
        assert_eq!(page.status.as_u16(), status, "{fields:?}: {}", page.body);
        let outcome = &state(&page)["data"]["form"]["body"];
        assert_eq!(outcome["field"], field, "{fields:?}");
        assert!(page.body.contains("role=\"alert\""), "{fields:?}: the error is shown next to the form");
    }
    let page = post_form(&app, "/market/cart", &[("productId", &unknown), ("_csrf", &token)], &mut jar, &[]).await;
    assert!(page.status.is_client_error(), "an unknown product: {}", page.status);
    // Adding past the bound is refused whole.
    let page =
        post_form(&app, "/market/cart", &[("productId", a), ("quantity", "9999"), ("_csrf", &token)], &mut jar, &[])
            .await;
    assert_eq!(page.status.as_u16(), 422, "5 + 9999 is past 10 000");
    // Without the token, or from another site: refused.
    let page = post_form(&app, "/market/cart", &[("productId", a)], &mut jar, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let cross = [("origin", "https://evil.example"), ("host", "portal.example")];
    let page = post_form(&app, "/market/cart", &[("productId", a), ("_csrf", &token)], &mut jar, &cross).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(cart(&app, &mut jar).await.0, vec![(a.to_owned(), 5), (b.to_owned(), 7)], "nothing changed");

    // The cart outlives the session: a new login finds it.
    let mut again = logged_in(&app, "buyer").await;
    assert_eq!(cart(&app, &mut again).await.0, vec![(a.to_owned(), 5), (b.to_owned(), 7)]);

    // Removal.
    let page =
        post_form(&app, "/market/cart", &[("action", "remove"), ("productId", a), ("_csrf", &token)], &mut jar, &[])
            .await;
    assert_eq!(page.headers[header::LOCATION], "/market/cart?removed=1");
    assert_eq!(cart(&app, &mut jar).await.0, vec![(b.to_owned(), 7)]);
    emptied(&app, &mut jar).await;
}
