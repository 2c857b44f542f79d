//! The users database killed in the middle of writes (issue 19, item 4): the release
//! binary with its embedded users service on a database of its own, registrations and
//! cart changes sent through the portal from several clients at once, `kill -9` after a
//! random moment while they are under way, and a restart on the same file. Then every
//! change acknowledged before the kill is there, whole; every change under way at the
//! kill is there whole or not at all; nothing else is there; and SQLite finds the file
//! sound. Twice, each restart checked.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::binary::{free_port, Browser, Portal, TempDir};
use super::*;

const PASSWORD: &str = "kill-password-1";
const REGISTRARS: usize = 3;
/// Products each cart cycles through (a cart holds at most 200).
const PRODUCTS: usize = 40;

/// What the clients were told, and what was under way when the process died.
#[derive(Default)]
struct Ledger {
    /// E-mail → acknowledged (201 through the app's JSON: `ok: true`); in the order sent.
    registrations: BTreeMap<String, bool>,
    carts: HashMap<&'static str, CartLedger>,
    cart_changes_sent: usize,
    cart_changes_acknowledged: usize,
}

#[derive(Default, Clone)]
struct CartLedger {
    /// Product → quantity in the cart as last acknowledged (`None`: not in it).
    acknowledged: HashMap<String, Option<u64>>,
    /// The change sent and not answered: its product and the quantity it would leave.
    under_way: Option<(String, Option<u64>)>,
}

/// The portal with its embedded users service on `db`.
async fn start(name: &str, db: &Path) -> Portal {
    let env = [
        ("PORTAL_SERVER_EMBEDDED_UPSTREAM", "true".to_owned()),
        ("UPSTREAM_PORT", free_port().to_string()),
        ("UPSTREAM_USERS_DB", db.display().to_string()),
        ("UPSTREAM_DATA_DIR", format!("{ROOT}/data")),
        // Tokens outlive a restart (the platform's users service keeps its key too).
        ("UPSTREAM_JWT_SECRET", "kill-test-signing-secret-0123456789abcdef".to_owned()),
        // Each registration comes from an address of its own: accounts created are
        // throttled per client address (issue 42, item 3), which this test is not about.
        ("PORTAL_SERVER_TRUSTED_PROXIES", "127.0.0.1".to_owned()),
    ];
    Portal::start(name, &env).await
}

/// The users service's port: where the portal's pages say the users API is.
async fn users_api(portal: &Portal) -> String {
    let (_, html) = Browser::new().get(&portal.url("/info/contacts")).await.unwrap();
    let state = super::binary::page_state(&html);
    state["config"]["endpoints"]["users"].as_str().unwrap().to_owned()
}

async fn active_products(api: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for page in 1..=((2 * PRODUCTS).div_ceil(100)) {
        let url = format!("{api}/api/products?status[]=active&perPage=100&page={page}");
        let answer: Value = reqwest::get(url).await.unwrap().json().await.unwrap();
        ids.extend(answer["hydra:member"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_owned()));
    }
    assert!(ids.len() >= 2 * PRODUCTS, "the catalogue has {} active products", ids.len());
    ids
}

/// Whether the kill has come, and how many clients are ready to write (the kill waits
/// for all of them).
#[derive(Clone, Default)]
struct Signals {
    killed: Arc<AtomicBool>,
    ready: Arc<AtomicUsize>,
}

/// Registers new buyers one after another until the process is gone.
async fn registrar(base: String, cycle: usize, n: usize, ledger: Arc<Mutex<Ledger>>, signals: Signals) {
    let mut browser = Browser::new();
    let token = browser.csrf(&base).await.unwrap();
    signals.ready.fetch_add(1, Ordering::SeqCst);
    for i in 0.. {
        let email = format!("kill-{cycle}-{n}-{i}@example.com");
        browser.forwarded_for = Some(format!("10.{cycle}.{n}.{}", i % 250 + 1));
        ledger.lock().unwrap().registrations.insert(email.clone(), false);
        let body = json!({
            "_csrf": token, "userGroup": "buyer", "countryId": "UA", "incorporationCountryId": "UA",
            "email": email, "password": PASSWORD, "legalName": format!("ТОВ \"{email}\""), "identifier": "12345678",
            "customerCategory": "general", "firstName": "Kill", "lastName": format!("N{i}"),
        });
        match browser.post_json(&format!("{base}/registration"), body).await {
            Ok((200, answer)) if answer["ok"] == true => {
                ledger.lock().unwrap().registrations.insert(email, true);
            }
            Ok(answer) => panic!("{email}: refused {answer:?}"),
            Err(e) => {
                assert!(signals.killed.load(Ordering::SeqCst), "{email}: {e} before the kill");
                return;
            }
        }
    }
}

/// Changes one user's cart (adds, sets, removes) one change after another until the
/// process is gone; each answer's cart must be what the ledger expects.
async fn shopper(
    base: String,
    email: &'static str,
    password: &'static str,
    products: Vec<String>,
    ledger: Arc<Mutex<Ledger>>,
    signals: Signals,
) {
    let mut browser = Browser::new();
    let token = browser.log_in(&base, email, password).await;
    signals.ready.fetch_add(1, Ordering::SeqCst);
    for k in 0usize.. {
        let product = products[k % products.len()].clone();
        // A product enters the ledger (as not in the cart) before its first change is sent.
        let held =
            *ledger.lock().unwrap().carts.entry(email).or_default().acknowledged.entry(product.clone()).or_default();
        let (change, after) = match held {
            None => {
                let q = (k % 5 + 1) as u64;
                (json!({ "action": "add", "quantity": q.to_string() }), Some(q))
            }
            Some(_) if k % 3 == 0 => (json!({ "action": "remove" }), None),
            Some(_) if k % 3 == 1 => {
                let q = (k % 9 + 1) as u64;
                (json!({ "action": "set", "quantity": q.to_string() }), Some(q))
            }
            Some(q) => (json!({ "action": "add", "quantity": "2" }), Some(q + 2)),
        };
        let mut body = change;
        body["productId"] = json!(product);
        body["_csrf"] = json!(token);
        {
            let mut ledger = ledger.lock().unwrap();
            ledger.cart_changes_sent += 1;
            ledger.carts.get_mut(email).unwrap().under_way = Some((product.clone(), after));
        }
        match browser.post_json(&format!("{base}/market/cart"), body.clone()).await {
            Ok((200, answer)) if answer["ok"] == true => {
                let items = answer["cart"]["items"].as_array().unwrap();
                let now =
                    items.iter().find(|i| i["productId"] == product.as_str()).and_then(|i| i["quantity"].as_u64());
                assert_eq!(now, after, "{email}: {body} answered {answer}");
                let mut ledger = ledger.lock().unwrap();
                ledger.cart_changes_acknowledged += 1;
                let cart = ledger.carts.get_mut(email).unwrap();
                cart.acknowledged.insert(product, after);
                cart.under_way = None;
            }
            Ok(answer) => panic!("{email}: {body} refused {answer:?}"),
            Err(e) => {
                assert!(signals.killed.load(Ordering::SeqCst), "{email}: {e} before the kill");
                return;
            }
        }
    }
}

/// What the database holds after a restart.
#[derive(Debug, Default)]
struct Figures {
    users: i64,
    registered: usize,
    acknowledged_registrations: usize,
    acknowledged_present: usize,
    under_way_registrations: usize,
    under_way_present: usize,
    carts: i64,
    items: i64,
    acknowledged_cart_states: usize,
    acknowledged_cart_states_present: usize,
    cart_changes_under_way: usize,
    cart_changes_under_way_applied: usize,
}

/// Checks the database against the ledger (see the module) and then takes what it holds
/// as the ledger's acknowledged state: a change under way at the kill is decided now.
fn check(db: &Path, ledger: &mut Ledger) -> Figures {
    let db = rusqlite::Connection::open(db).unwrap();
    db.busy_timeout(Duration::from_secs(5)).unwrap();
    let integrity: String = db.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");
    let version: i64 = db.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, 9, "the schema version this code writes");
    let mut figures = Figures::default();

    // Every user whole: its row's fields, and the letter its registration sent.
    let mut users = HashMap::new();
    let mut rows = db.prepare("SELECT id, email, password, type, profile, company FROM users").unwrap();
    let rows = rows
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
            ))
        })
        .unwrap();
    for row in rows {
        let (id, email, password, kind, profile, company) = row.unwrap();
        assert!(password.starts_with("$argon2id$") && password.len() > 80, "{email}: password hash `{password}`");
        assert!(["buyer", "seller", "cpe"].contains(&kind.as_str()), "{email}: type `{kind}`");
        let profile: Value = serde_json::from_str(&profile).unwrap_or_else(|e| panic!("{email}: profile: {e}"));
        let company: Value = serde_json::from_str(&company).unwrap_or_else(|e| panic!("{email}: company: {e}"));
        assert_eq!(
            (profile["email"].as_str(), profile["userType"].as_str()),
            (Some(email.as_str()), Some(kind.as_str()))
        );
        assert!(company["name"].is_string(), "{email}: company {company}");
        if email.starts_with("kill-") {
            assert!(ledger.registrations.contains_key(&email), "{email}: never sent");
            let number = email.split('-').nth(3).unwrap().split('@').next().unwrap();
            assert_eq!(profile["lastName"], format!("N{number}"), "{email}");
            assert_eq!(company["name"], format!("ТОВ \"{email}\""), "{email}");
        }
        users.insert(email, id);
    }
    figures.users = users.len() as i64;
    for (email, _, _, _) in upstream::users::SEED_USERS {
        assert!(users.contains_key(*email), "seed user {email}");
    }
    let mut letters: HashMap<String, usize> = HashMap::new();
    let mut rows =
        db.prepare("SELECT recipient FROM outbox WHERE subject = 'Підтвердіть адресу електронної пошти'").unwrap();
    for recipient in rows.query_map([], |r| r.get::<_, String>(0)).unwrap() {
        *letters.entry(recipient.unwrap()).or_default() += 1;
    }
    for (email, acknowledged) in &ledger.registrations {
        let present = users.contains_key(email);
        assert_eq!(letters.get(email).copied().unwrap_or(0), usize::from(present), "{email}: a user and its letter");
        if *acknowledged {
            figures.acknowledged_registrations += 1;
            figures.acknowledged_present += usize::from(present);
            assert!(present, "{email}: acknowledged, then lost");
        } else {
            figures.under_way_registrations += 1;
            figures.under_way_present += usize::from(present);
        }
    }
    figures.registered = users.keys().filter(|e| e.starts_with("kill-")).count();
    // Decided: a registration under way at the kill is now there or not.
    ledger.registrations.retain(|email, _| users.contains_key(email));
    ledger.registrations.values_mut().for_each(|acknowledged| *acknowledged = true);

    // Every cart consistent: its items within bounds and owned, its change time set.
    figures.carts = db.query_row("SELECT count(*) FROM carts", [], |r| r.get(0)).unwrap();
    figures.items = db.query_row("SELECT count(*) FROM cart_items", [], |r| r.get(0)).unwrap();
    let orphans: i64 = db
        .query_row("SELECT count(*) FROM cart_items WHERE user_id NOT IN (SELECT id FROM users)", [], |r| r.get(0))
        .unwrap();
    assert_eq!(orphans, 0, "items of no user");
    let untouched: i64 = db
        .query_row(
            "SELECT count(*) FROM cart_items i LEFT JOIN carts c ON c.user_id = i.user_id
             WHERE c.updated_at IS NULL OR c.updated_at < i.added_at",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(untouched, 0, "an item written without its cart's change time");
    let (low, high, most): (i64, i64, i64) = db
        .query_row(
            "SELECT coalesce(min(quantity), 1), coalesce(max(quantity), 1),
               coalesce((SELECT max(n) FROM (SELECT count(*) n FROM cart_items GROUP BY user_id)), 0) FROM cart_items",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert!(low >= 1 && high <= 10_000 && most <= 200, "quantities {low}..{high}, {most} items in a cart");
    let stray_tokens: i64 = db
        .query_row("SELECT count(*) FROM refresh_tokens WHERE user_id NOT IN (SELECT id FROM users)", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stray_tokens, 0, "refresh tokens of no user");

    // Every acknowledged change there; the one under way, there or not.
    for (email, cart) in ledger.carts.iter_mut() {
        let user = users[*email];
        let mut stored: HashMap<String, u64> = HashMap::new();
        let mut rows = db.prepare("SELECT product_id, quantity FROM cart_items WHERE user_id = ?1").unwrap();
        for row in rows.query_map([user], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64))).unwrap() {
            let (product, quantity) = row.unwrap();
            stored.insert(product, quantity);
        }
        for product in stored.keys() {
            assert!(cart.acknowledged.contains_key(product), "{email}: {product} was never added");
        }
        for (product, acknowledged) in &cart.acknowledged {
            let now = stored.get(product).copied();
            let under_way = cart.under_way.as_ref().filter(|(p, _)| p == product).map(|(_, after)| *after);
            figures.acknowledged_cart_states += 1;
            if now == *acknowledged {
                figures.acknowledged_cart_states_present += 1;
            } else {
                assert_eq!(Some(now), under_way, "{email}: {product} holds {now:?}, acknowledged {acknowledged:?}");
            }
        }
        if let Some((product, after)) = cart.under_way.take() {
            figures.cart_changes_under_way += 1;
            let now = stored.get(&product).copied();
            let before = cart.acknowledged.get(&product).copied().flatten();
            if now == after && now != before {
                figures.cart_changes_under_way_applied += 1;
            }
        }
        cart.acknowledged = cart.acknowledged.keys().map(|p| (p.clone(), stored.get(p).copied())).collect();
    }
    figures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registrations_and_cart_changes_killed_mid_write_are_whole_or_absent_after_a_restart() {
    let dir = TempDir::new("kill");
    let db = dir.0.join("users.sqlite3");
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let mut portal = start("kill-0", &db).await;
    {
        let fresh = rusqlite::Connection::open(&db).unwrap();
        let count = |sql: &str| fresh.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
        println!(
            "before: {} users, {} carts, {} items",
            count("SELECT count(*) FROM users"),
            count("SELECT count(*) FROM carts"),
            count("SELECT count(*) FROM cart_items")
        );
    }
    let products = active_products(&users_api(&portal).await).await;
    let shoppers = [("buyer", &products[..PRODUCTS]), ("cpe", &products[PRODUCTS..2 * PRODUCTS])];
    for cycle in 1..=2 {
        let base = portal.url("");
        let signals = Signals::default();
        let (registered_before, changed_before) = {
            let l = ledger.lock().unwrap();
            (l.registrations.len(), l.cart_changes_acknowledged)
        };
        let mut clients = Vec::new();
        for n in 0..REGISTRARS {
            clients.push(tokio::spawn(registrar(base.clone(), cycle, n, ledger.clone(), signals.clone())));
        }
        for (kind, products) in shoppers {
            let (email, password, _, _) =
                upstream::users::SEED_USERS.iter().find(|(e, _, _, _)| e.starts_with(kind)).unwrap();
            let client = shopper(base.clone(), email, password, products.to_vec(), ledger.clone(), signals.clone());
            clients.push(tokio::spawn(client));
        }
        // Writes of both kinds acknowledged, then a moment no one chose.
        let started = Instant::now();
        loop {
            let (registered, changed) = {
                let l = ledger.lock().unwrap();
                (l.registrations.values().filter(|a| **a).count(), l.cart_changes_acknowledged)
            };
            let ready = signals.ready.load(Ordering::SeqCst) == clients.len();
            if ready && registered >= registered_before + 3 && changed >= changed_before + 20 {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "no writes acknowledged:\n{}", portal.log_tail());
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        tokio::time::sleep(Duration::from_micros(u64::from(nanos % 300_000))).await;
        signals.killed.store(true, Ordering::SeqCst);
        portal.kill_9();
        for client in clients {
            client.await.unwrap();
        }
        let (sent, acknowledged, changes_sent, changes_acknowledged) = {
            let l = ledger.lock().unwrap();
            let acknowledged = l.registrations.values().filter(|a| **a).count();
            (l.registrations.len(), acknowledged, l.cart_changes_sent, l.cart_changes_acknowledged)
        };
        println!(
            "cycle {cycle}: killed after {:?}; registrations sent {sent}, acknowledged {acknowledged}; \
             cart changes sent {changes_sent}, acknowledged {changes_acknowledged}",
            started.elapsed()
        );

        // Restarted on the same file: it starts (the file opens and migrates) and then holds
        // every acknowledged change, whole.
        portal = start(&format!("kill-{cycle}"), &db).await;
        let figures = check(&db, &mut ledger.lock().unwrap());
        println!(
            "after restart {cycle}: integrity_check ok, user_version 7; users {} ({} seed, {} registered); \
             registrations acknowledged {}, present whole {}; under way at the kill {}, present whole {}, \
             absent {}; nothing else",
            figures.users,
            upstream::users::SEED_USERS.len(),
            figures.registered,
            figures.acknowledged_registrations,
            figures.acknowledged_present,
            figures.under_way_registrations,
            figures.under_way_present,
            figures.under_way_registrations - figures.under_way_present,
        );
        println!(
            "after restart {cycle}: carts {}, items {} (all owned, within bounds); products acknowledged {}, \
             as acknowledged {}; cart changes under way at the kill {}, applied whole {}, absent {}",
            figures.carts,
            figures.items,
            figures.acknowledged_cart_states,
            figures.acknowledged_cart_states_present,
            figures.cart_changes_under_way,
            figures.cart_changes_under_way_applied,
            figures.cart_changes_under_way - figures.cart_changes_under_way_applied,
        );
        assert_eq!(figures.acknowledged_present, figures.acknowledged_registrations);
    }

    // And the portal serves what the file holds: the cart page, and a login of a user
    // registered before a kill (its password hash whole).
    let expected: Vec<(String, u64)> = {
        let l = ledger.lock().unwrap();
        let cart = &l.carts["buyer@example.com"];
        let mut items: Vec<(String, u64)> =
            cart.acknowledged.iter().filter_map(|(p, q)| q.map(|q| (p.clone(), q))).collect();
        items.sort();
        items
    };
    let mut browser = Browser::new();
    browser.log_in(&portal.url(""), "buyer@example.com", "buyer-password-1").await;
    let (status, html) = browser.get(&portal.url("/market/cart")).await.unwrap();
    assert_eq!(status, 200);
    let state = super::binary::page_state(&html);
    let mut shown: Vec<(String, u64)> = state["data"]["cart"]["body"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["productId"].as_str().unwrap().to_owned(), i["quantity"].as_u64().unwrap()))
        .collect();
    shown.sort();
    assert_eq!(shown, expected);
    let registered = ledger.lock().unwrap().registrations.keys().next().cloned().expect("a registered user");
    Browser::new().log_in(&portal.url(""), &registered, PASSWORD).await;
}
