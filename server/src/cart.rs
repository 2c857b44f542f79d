//! `POST /market/cart` (and `/en/market/cart`): a change to the logged-in buyer's cart
//! (SPEC §2.1, §6), kept by the users API (`/api/users/cart`). The form of a product
//! page, a product card or the cart page: `action` (`add`, `set`, `remove`, or `empty`
//! without a product), `productId`, `quantity` and the anti-forgery token. Without JavaScript the answer is
//! the cart page (a redirect, or the page again with what went wrong); the app reads
//! JSON with the whole cart. Every change is one delta or one item's new quantity, so
//! two tabs changing the cart at once lose nothing.

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::form::{
    invalid, localized, no_session, prefix, refused, refused_with_session, see_other, wants_json, with_cookies,
    CheckedForm, FormOutcome,
};
use crate::session::users::{self, FailedCall};
use crate::state::AppState;

/// The most of one product a cart holds (the users API holds the same bound).
pub const MAX_QUANTITY: u32 = 10_000;

/// What a cart form asks for, once its fields are read and checked (`Empty`: every item
/// out, the cart page's "empty the cart").
#[derive(Debug, PartialEq, Eq)]
enum Change {
    Add { product: String, quantity: u32 },
    Set { product: String, quantity: u32 },
    Remove { product: String },
    Empty,
}

/// A product id as the catalogue has them: 32 hex digits (it goes into a path).
fn product_id(value: Option<&String>) -> Result<String, FailedCall> {
    let id = value.map(|v| v.trim()).unwrap_or("");
    if id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(id.to_ascii_lowercase())
    } else {
        Err(invalid("productId"))
    }
}

/// A whole number of items, 1 to [`MAX_QUANTITY`]; an add without one adds one.
fn quantity(value: Option<&String>, default: Option<u32>) -> Result<u32, FailedCall> {
    match value.map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => default.ok_or_else(|| invalid("quantity")),
        Some(text) => match text.parse::<u32>() {
            Ok(n) if (1..=MAX_QUANTITY).contains(&n) && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(invalid("quantity")),
        },
    }
}

fn change_of(fields: &std::collections::HashMap<String, String>) -> Result<Change, FailedCall> {
    let action = fields.get("action").map(String::as_str).unwrap_or("add");
    if action == "empty" {
        return Ok(Change::Empty);
    }
    let product = product_id(fields.get("productId"))?;
    match action {
        "add" => Ok(Change::Add { product, quantity: quantity(fields.get("quantity"), Some(1))? }),
        "set" => Ok(Change::Set { product, quantity: quantity(fields.get("quantity"), None)? }),
        "remove" => Ok(Change::Remove { product }),
        _ => Err(invalid("action")),
    }
}

/// The users API call that makes the change.
fn call(change: &Change) -> (Method, String, Value) {
    match change {
        Change::Add { product, quantity } => {
            (Method::POST, "/api/users/cart/items".to_owned(), json!({ "productId": product, "quantity": quantity }))
        }
        Change::Set { product, quantity } => {
            (Method::PUT, format!("/api/users/cart/items/{product}"), json!({ "quantity": quantity }))
        }
        Change::Remove { product } => (Method::DELETE, format!("/api/users/cart/items/{product}"), json!({})),
        Change::Empty => (Method::DELETE, "/api/users/cart".to_owned(), json!({})),
    }
}

pub async fn change(State(state): State<AppState>, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
    let values = json!({
        "productId": fields.get("productId").map(|v| v.chars().take(64).collect::<String>()),
        "quantity": fields.get("quantity").map(|v| v.chars().take(16).collect::<String>()),
    });
    let visitor = state.sessions().visitor(state.http(), &headers).await;
    let Some(bearer) = visitor.bearer() else {
        // No session (it ended): the cart is nobody's; log in and come back to it.
        return no_session(&headers, &page, "/market/cart", &visitor.set_cookies);
    };
    let change = match change_of(&fields) {
        Ok(change) => change,
        Err(refusal) => {
            return with_cookies(refused(&state, &headers, &page, refusal, values).await, &visitor.set_cookies)
        }
    };
    let (method, path, body) = call(&change);
    match users::change(state.http(), state.sessions().users(), method, &path, bearer, body).await {
        Ok(cart) if wants_json(&headers) => {
            let outcome = FormOutcome { cart: Some(cart), ..FormOutcome::done() };
            with_cookies(axum::Json(outcome).into_response(), &visitor.set_cookies)
        }
        Ok(_) => {
            let done = match change {
                Change::Add { .. } => "added",
                Change::Set { .. } => "changed",
                Change::Remove { .. } => "removed",
                Change::Empty => "emptied",
            };
            let location = format!("{}?{done}=1", localized(prefix(&page), "/market/cart"));
            with_cookies(see_other(&location), &visitor.set_cookies)
        }
        Err(refusal) => refused_with_session(&state, &headers, &page, refusal, values, &visitor.set_cookies).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    const ID: &str = "0123456789abcdef0123456789ABCDEF";

    #[test]
    fn a_cart_form_is_read_into_one_change() {
        let product = ID.to_ascii_lowercase();
        assert_eq!(change_of(&form(&[("productId", ID)])), Ok(Change::Add { product: product.clone(), quantity: 1 }));
        assert_eq!(
            change_of(&form(&[("action", "set"), ("productId", ID), ("quantity", " 25 ")])),
            Ok(Change::Set { product: product.clone(), quantity: 25 })
        );
        assert_eq!(change_of(&form(&[("action", "remove"), ("productId", ID)])), Ok(Change::Remove { product }));
        // Emptying names no product.
        assert_eq!(change_of(&form(&[("action", "empty")])), Ok(Change::Empty));
        assert_eq!(call(&Change::Empty), (Method::DELETE, "/api/users/cart".to_owned(), json!({})));
    }

    #[test]
    fn bad_cart_input_names_its_field() {
        let field = |pairs: &[(&str, &str)]| change_of(&form(pairs)).unwrap_err().field;
        for bad in ["", "../profile", "0123456789abcdef0123456789abcdeg", "0123456789abcdef"] {
            assert_eq!(field(&[("productId", bad)]), Some("productId".into()), "{bad}");
        }
        for bad in ["0", "-1", "1.5", "1e3", "+2", "10001", "99999999999", "two"] {
            assert_eq!(field(&[("productId", ID), ("quantity", bad)]), Some("quantity".into()), "{bad}");
        }
        assert_eq!(field(&[("action", "set"), ("productId", ID)]), Some("quantity".into()));
        assert_eq!(field(&[("action", "clear"), ("productId", ID)]), Some("action".into()));
    }
}
