//! The Market cart of a logged-in buyer or central purchasing body, kept in the users
//! database (SPEC §7, Market). A cart belongs to the user, not to a token: it outlives
//! logins and restarts. Every change is one immediate transaction that adds a delta to
//! one item, sets one item or removes one item (never a whole-cart replace), so two tabs
//! changing the cart at once lose nothing. Only suppliers' products that are `active`
//! go in; an item whose product later becomes unavailable keeps its row, and the answer
//! shows the product's live status (or `null` when it is gone).

use super::{body_json, signed_in, Users};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::market::Market;
use crate::{dates, AppState};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Router;
use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};
use serde_json::{json, Value};

/// The largest quantity of one item.
pub const MAX_QUANTITY: i64 = 10_000;
/// The most distinct products one cart holds.
pub const MAX_ITEMS: i64 = 200;
/// The largest request body of a cart call, in bytes (a body is one id and a number).
pub const MAX_BODY_BYTES: usize = 4096;

/// The cart tables (schema version 2). `id` orders items by their first addition; the
/// `CHECK` keeps a quantity within bounds whatever the code above does.
pub(super) fn schema() -> String {
    format!(
        "CREATE TABLE IF NOT EXISTS cart_items (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,
           product_id TEXT NOT NULL, quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND {MAX_QUANTITY}),
           added_at INTEGER NOT NULL, UNIQUE (user_id, product_id));
         CREATE TABLE IF NOT EXISTS carts (user_id INTEGER PRIMARY KEY, updated_at INTEGER NOT NULL);"
    )
}

/// A cart call that failed.
#[derive(Debug)]
pub enum CartError {
    /// An error the rest of the API answers too (400, 401, 403, 404, 500...).
    Api(UpstreamError),
    /// A well-formed request the cart cannot apply (unknown or unavailable product,
    /// quantity out of bounds, a full cart): 422 with the body of an invalid parameter.
    Unprocessable { name: &'static str, reason: String },
    /// A body over [`MAX_BODY_BYTES`]: 413.
    TooLarge,
}

impl CartError {
    fn unprocessable(name: &'static str, reason: impl Into<String>) -> Self {
        Self::Unprocessable { name, reason: reason.into() }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Api(e) => e.status(),
            Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        }
    }
}

impl std::fmt::Display for CartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Api(e) => write!(f, "{e}"),
            // Worded like every other invalid parameter of the API.
            Self::Unprocessable { name, reason } => write!(f, "{}", UpstreamError::invalid(*name, reason.as_str())),
            Self::TooLarge => write!(f, "request body over {MAX_BODY_BYTES} bytes"),
        }
    }
}

impl std::error::Error for CartError {}

impl From<UpstreamError> for CartError {
    fn from(e: UpstreamError) -> Self {
        Self::Api(e)
    }
}

impl From<rusqlite::Error> for CartError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Api(e.into())
    }
}

impl IntoResponse for CartError {
    fn into_response(self) -> Response {
        let (status, text) = (self.status(), self.to_string());
        let parameter = match self {
            Self::Api(e) => return e.into_response(),
            Self::Unprocessable { name, .. } => Some(name),
            Self::TooLarge => None,
        };
        let mut body = json!({"error": text, "status": status.as_u16()});
        if let Some(name) = parameter {
            body["parameter"] = json!(name);
        }
        (status, axum::Json(body)).into_response()
    }
}

/// One item as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartItem {
    pub product_id: String,
    pub quantity: i64,
    /// When the product was first added (epoch milliseconds).
    pub added_at: i64,
}

/// A user's cart as stored: items in the order they were first added.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cart {
    pub items: Vec<CartItem>,
    /// The last change (epoch milliseconds); `None` for a cart never changed.
    pub updated_at: Option<i64>,
}

fn read_cart(db: &Connection, user: i64) -> Result<Cart, rusqlite::Error> {
    let mut st =
        db.prepare_cached("SELECT product_id, quantity, added_at FROM cart_items WHERE user_id = ?1 ORDER BY id")?;
    let items = st
        .query_map([user], |r| Ok(CartItem { product_id: r.get(0)?, quantity: r.get(1)?, added_at: r.get(2)? }))?
        .collect::<Result<_, _>>()?;
    let updated_at =
        db.query_row("SELECT updated_at FROM carts WHERE user_id = ?1", [user], |r| r.get(0)).optional()?;
    Ok(Cart { items, updated_at })
}

fn touch(tx: &Transaction<'_>, user: i64) -> Result<(), rusqlite::Error> {
    tx.execute(
        "INSERT INTO carts (user_id, updated_at) VALUES (?1, ?2)
         ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at",
        params![user, dates::now_ms()],
    )?;
    Ok(())
}

fn not_in_cart(product: &str) -> CartError {
    UpstreamError::NotFound { kind: "cart item", id: product.to_string() }.into()
}

fn check_quantity(quantity: i64) -> Result<(), CartError> {
    if (1..=MAX_QUANTITY).contains(&quantity) {
        Ok(())
    } else {
        Err(CartError::unprocessable(
            "quantity",
            format!("expected a whole number from 1 to {MAX_QUANTITY}, got {quantity}"),
        ))
    }
}

impl Users {
    /// Runs `f` in one immediate transaction and answers the cart as it then stands;
    /// committed when `f` returns `Ok`, rolled back (nothing changed) otherwise.
    fn cart_change(
        &self,
        user: i64,
        f: impl FnOnce(&Transaction<'_>) -> Result<(), CartError>,
    ) -> Result<Cart, CartError> {
        let mut db = self.db();
        let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
        f(&tx)?;
        let cart = read_cart(&tx, user)?;
        tx.commit()?;
        Ok(cart)
    }

    /// The user's cart.
    pub fn cart(&self, user: i64) -> Result<Cart, UpstreamError> {
        Ok(read_cart(&self.db(), user)?)
    }

    /// Adds `quantity` of a product (creating the item at the end of the cart). The
    /// quantity is added in SQL, so concurrent adds all count; an add that would pass
    /// [`MAX_QUANTITY`], or a new item in a cart of [`MAX_ITEMS`], changes nothing.
    pub fn cart_add(&self, user: i64, product: &str, quantity: i64) -> Result<Cart, CartError> {
        check_quantity(quantity)?;
        self.cart_change(user, |tx| {
            let held: Option<i64> = tx
                .query_row(
                    "SELECT quantity FROM cart_items WHERE user_id = ?1 AND product_id = ?2",
                    params![user, product],
                    |r| r.get(0),
                )
                .optional()?;
            match held {
                Some(held) => {
                    let changed = tx.execute(
                        "UPDATE cart_items SET quantity = quantity + ?3
                         WHERE user_id = ?1 AND product_id = ?2 AND quantity + ?3 <= ?4",
                        params![user, product, quantity, MAX_QUANTITY],
                    )?;
                    if changed == 0 {
                        return Err(CartError::unprocessable(
                            "quantity",
                            format!("the cart holds {held}: adding {quantity} would pass {MAX_QUANTITY}"),
                        ));
                    }
                }
                None => {
                    let count: i64 =
                        tx.query_row("SELECT count(*) FROM cart_items WHERE user_id = ?1", [user], |r| r.get(0))?;
                    if count >= MAX_ITEMS {
                        return Err(CartError::unprocessable(
                            "productId",
                            format!("a cart holds at most {MAX_ITEMS} products"),
                        ));
                    }
                    tx.execute(
                        "INSERT INTO cart_items (user_id, product_id, quantity, added_at) VALUES (?1, ?2, ?3, ?4)",
                        params![user, product, quantity, dates::now_ms()],
                    )?;
                }
            }
            Ok(touch(tx, user)?)
        })
    }

    /// Sets the quantity of an item already in the cart (404 otherwise). `allowed` runs
    /// once the item is known to be there; its error refuses the change.
    pub fn cart_set(
        &self,
        user: i64,
        product: &str,
        quantity: i64,
        allowed: impl FnOnce() -> Result<(), CartError>,
    ) -> Result<Cart, CartError> {
        check_quantity(quantity)?;
        self.cart_change(user, |tx| {
            let held: Option<i64> = tx
                .query_row(
                    "SELECT 1 FROM cart_items WHERE user_id = ?1 AND product_id = ?2",
                    params![user, product],
                    |r| r.get(0),
                )
                .optional()?;
            held.ok_or_else(|| not_in_cart(product))?;
            allowed()?;
            tx.execute(
                "UPDATE cart_items SET quantity = ?3 WHERE user_id = ?1 AND product_id = ?2",
                params![user, product, quantity],
            )?;
            Ok(touch(tx, user)?)
        })
    }

    /// Removes an item (404 when it is not in the cart).
    pub fn cart_remove(&self, user: i64, product: &str) -> Result<Cart, CartError> {
        self.cart_change(user, |tx| {
            let n =
                tx.execute("DELETE FROM cart_items WHERE user_id = ?1 AND product_id = ?2", params![user, product])?;
            if n == 0 {
                return Err(not_in_cart(product));
            }
            Ok(touch(tx, user)?)
        })
    }

    /// Empties the cart.
    pub fn cart_clear(&self, user: i64) -> Result<Cart, CartError> {
        self.cart_change(user, |tx| {
            if tx.execute("DELETE FROM cart_items WHERE user_id = ?1", [user])? > 0 {
                touch(tx, user)?;
            }
            Ok(())
        })
    }
}

/// The user of a cart call: authenticated exactly as the profile calls are (a missing,
/// bad, expired or pending token, or a user no longer there → 401); a seller has no
/// cart (403).
fn owner(s: &AppState, h: &HeaderMap) -> Result<i64, UpstreamError> {
    match signed_in(s, h)? {
        (_, ty) if ty == "seller" => Err(UpstreamError::Forbidden("a seller has no cart".into())),
        (id, _) => Ok(id),
    }
}

/// The body as a JSON object: over [`MAX_BODY_BYTES`] → 413, not an object → 400.
fn body_object(body: Result<Bytes, BytesRejection>) -> Result<Value, CartError> {
    match body {
        Ok(b) => Ok(body_json(&b)?),
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(CartError::TooLarge),
        Err(e) => Err(UpstreamError::MalformedJson(e.body_text()).into()),
    }
}

/// `quantity`: a JSON integer from 1 to [`MAX_QUANTITY`] (not a string, not 1.5).
fn quantity_field(v: &Value) -> Result<i64, CartError> {
    let q = &v["quantity"];
    if q.is_null() {
        return Err(UpstreamError::MissingParameter("quantity".into()).into());
    }
    // `as_i64` is `None` for strings, booleans, fractions, exponents and huge numbers.
    let q = q.as_i64().ok_or_else(|| {
        CartError::unprocessable("quantity", format!("expected a whole number from 1 to {MAX_QUANTITY}, got {q}"))
    })?;
    check_quantity(q)?;
    Ok(q)
}

/// `productId`: a string.
fn product_field(v: &Value) -> Result<String, CartError> {
    match &v["productId"] {
        Value::Null => Err(UpstreamError::MissingParameter("productId".into()).into()),
        Value::String(id) if id.is_empty() => Err(UpstreamError::MissingParameter("productId".into()).into()),
        Value::String(id) => Ok(id.clone()),
        other => Err(CartError::unprocessable("productId", format!("expected a product id, got {other}"))),
    }
}

/// A product that may go into the cart: a supplier's offer (`/api/products`), active.
fn orderable(market: &Market, id: &str) -> Result<(), CartError> {
    match market.products.get(id) {
        Some(p) if p.status == "active" => Ok(()),
        Some(p) => Err(CartError::unprocessable(
            "productId",
            format!("product `{id}` is {}: only active products can be ordered", p.status),
        )),
        None if market.prozorro_products.get(id).is_some() => Err(CartError::unprocessable(
            "productId",
            format!("`{id}` is a national-catalogue product: only suppliers' products can be ordered"),
        )),
        None => Err(CartError::unprocessable("productId", format!("unknown product `{id}`"))),
    }
}

/// What the cart shows of a product, read from the catalogue now: `null` when it is gone.
fn snapshot(market: &Market, id: &str) -> Value {
    let Some(p) = market.products.get(id) else {
        return Value::Null;
    };
    let j = &p.json;
    let supplier = &j["supplier"];
    let identifier = &supplier["identifier"];
    json!({
        "id": p.id, "title": j["title"], "title_en": j["title_en"], "status": p.status,
        "value": j["value"], "unit": j["unit"],
        "supplier": {"name": supplier["name"], "identifier": {
            "scheme": identifier["scheme"], "id": identifier["id"], "legalName": identifier["legalName"]}},
        "relatedCategory": j["relatedCategory"], "relatedProfiles": j["relatedProfiles"],
        "marketClassification": j["marketClassification"], "classification": j["classification"],
        "images": if j["images"].is_array() { j["images"].clone() } else { json!([]) },
        "brand": j["brand"], "product": j["product"],
    })
}

/// The cart as the API answers it.
pub fn cart_json(market: &Market, cart: &Cart) -> Value {
    let items: Vec<Value> = cart
        .items
        .iter()
        .map(|i| {
            json!({"productId": i.product_id, "quantity": i.quantity, "addedAt": dates::format_kyiv(i.added_at),
                   "product": snapshot(market, &i.product_id)})
        })
        .collect();
    json!({"items": items, "updatedAt": cart.updated_at.map(dates::format_kyiv)})
}

type Answer = Result<JsonAnswer, CartError>;

async fn show(State(s): State<AppState>, h: HeaderMap) -> Answer {
    let user = owner(&s, &h)?;
    Ok(JsonAnswer::ok(cart_json(&s.market.get(), &s.users.cart(user)?)))
}

async fn add(State(s): State<AppState>, h: HeaderMap, body: Result<Bytes, BytesRejection>) -> Answer {
    let user = owner(&s, &h)?;
    let v = body_object(body)?;
    let product = product_field(&v)?;
    let quantity = quantity_field(&v)?;
    orderable(&s.market.get(), &product)?;
    let cart = s.users.cart_add(user, &product, quantity)?;
    Ok(JsonAnswer::ld(StatusCode::OK, cart_json(&s.market.get(), &cart)))
}

async fn set(
    State(s): State<AppState>,
    h: HeaderMap,
    Path(product): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let user = owner(&s, &h)?;
    let quantity = quantity_field(&body_object(body)?)?;
    let cart = s.users.cart_set(user, &product, quantity, || orderable(&s.market.get(), &product))?;
    Ok(JsonAnswer::ld(StatusCode::OK, cart_json(&s.market.get(), &cart)))
}

async fn remove(State(s): State<AppState>, h: HeaderMap, Path(product): Path<String>) -> Answer {
    let user = owner(&s, &h)?;
    let cart = s.users.cart_remove(user, &product)?;
    Ok(JsonAnswer::ld(StatusCode::OK, cart_json(&s.market.get(), &cart)))
}

async fn clear(State(s): State<AppState>, h: HeaderMap) -> Answer {
    let user = owner(&s, &h)?;
    let cart = s.users.cart_clear(user)?;
    Ok(JsonAnswer::ld(StatusCode::OK, cart_json(&s.market.get(), &cart)))
}

/// Cart routes, bodies bounded to [`MAX_BODY_BYTES`].
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/users/cart", get(show).delete(clear))
        .route("/api/users/cart/items", post(add))
        .route("/api/users/cart/items/{product_id}", put(set).delete(remove))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UpstreamConfig;

    fn users() -> Users {
        Users::open(&UpstreamConfig::for_data_dir("unused")).unwrap()
    }

    fn quantities(c: &Cart) -> Vec<(&str, i64)> {
        c.items.iter().map(|i| (i.product_id.as_str(), i.quantity)).collect()
    }

    #[test]
    fn changes_are_per_item_and_bounded() {
        let u = users();
        assert_eq!(u.cart(1).unwrap(), Cart::default());
        u.cart_add(1, "a", 2).unwrap();
        u.cart_add(1, "b", 1).unwrap();
        let c = u.cart_add(1, "a", 3).unwrap();
        assert_eq!(quantities(&c), [("a", 5), ("b", 1)], "first-added order, quantities summed");
        assert!(c.updated_at.is_some());
        assert_eq!(quantities(&u.cart(2).unwrap()), [], "carts are per user");

        let before = u.cart(1).unwrap();
        assert!(matches!(u.cart_add(1, "a", MAX_QUANTITY - 4), Err(CartError::Unprocessable { name: "quantity", .. })));
        assert!(matches!(u.cart_add(1, "c", 0), Err(CartError::Unprocessable { name: "quantity", .. })));
        assert!(matches!(u.cart_set(1, "a", MAX_QUANTITY + 1, || Ok(())), Err(CartError::Unprocessable { .. })));
        assert_eq!(u.cart_set(1, "zz", 1, || Ok(())).unwrap_err().status(), StatusCode::NOT_FOUND);
        let refused = u.cart_set(1, "a", 7, || Err(CartError::unprocessable("productId", "gone")));
        assert_eq!(refused.unwrap_err().status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(u.cart_remove(1, "zz").unwrap_err().status(), StatusCode::NOT_FOUND);
        assert_eq!(u.cart(1).unwrap(), before, "a refused change changes nothing");

        assert_eq!(quantities(&u.cart_add(1, "a", MAX_QUANTITY - 5).unwrap())[0], ("a", MAX_QUANTITY));
        assert_eq!(quantities(&u.cart_set(1, "b", 9, || Ok(())).unwrap()), [("a", MAX_QUANTITY), ("b", 9)]);
        assert_eq!(quantities(&u.cart_remove(1, "a").unwrap()), [("b", 9)]);
        assert_eq!(quantities(&u.cart_add(1, "a", 1).unwrap()), [("b", 9), ("a", 1)], "re-added goes last");
        assert!(u.cart_clear(1).unwrap().items.is_empty());
    }

    #[test]
    fn a_cart_holds_a_bounded_number_of_products() {
        let u = users();
        for i in 0..MAX_ITEMS {
            u.cart_add(3, &format!("p{i}"), 1).unwrap();
        }
        let full = u.cart(3).unwrap();
        assert!(matches!(u.cart_add(3, "one-more", 1), Err(CartError::Unprocessable { name: "productId", .. })));
        assert_eq!(u.cart(3).unwrap(), full);
        assert_eq!(u.cart_add(3, "p0", 1).unwrap().items[0].quantity, 2, "an item already there still grows");
    }

    #[test]
    fn a_version_1_database_gains_the_cart_and_keeps_its_users() {
        let path = std::env::temp_dir().join(format!("upstream-cart-migrate-{}.sqlite3", std::process::id()));
        let _ = std::fs::remove_file(&path);
        {
            let db = Connection::open(&path).unwrap();
            db.execute_batch(
                "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, password TEXT NOT NULL,
                   type TEXT NOT NULL, totp_secret TEXT NOT NULL DEFAULT '', profile TEXT NOT NULL DEFAULT '{}',
                   company TEXT NOT NULL DEFAULT '{}', totp_last_step INTEGER NOT NULL DEFAULT 0);
                 CREATE TABLE outbox (id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL,
                   body TEXT NOT NULL, created INTEGER NOT NULL);
                 CREATE TABLE refresh_tokens (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
                   expires INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
                 CREATE TABLE recovery (code_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires INTEGER NOT NULL);
                 INSERT INTO users (email, password, type) VALUES ('kept@example.com', 'x', 'buyer');
                 INSERT INTO refresh_tokens VALUES ('digest', 1, 99999999999, 0);
                 PRAGMA user_version = 1;",
            )
            .unwrap();
        }
        let mut config = UpstreamConfig::for_data_dir("unused");
        config.users_db = path.clone();
        let u = Users::open(&config).unwrap();
        assert_eq!(u.account("kept@example.com").unwrap().map(|a| a.id), Some(1), "no reseeding");
        let tokens: i64 = u.db().query_row("SELECT count(*) FROM refresh_tokens", [], |r| r.get(0)).unwrap();
        assert_eq!(tokens, 1, "a version-1 database keeps its refresh tokens");
        assert_eq!(quantities(&u.cart_add(1, "a", 2).unwrap()), [("a", 2)]);
        drop(u);
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
        }
    }
}
