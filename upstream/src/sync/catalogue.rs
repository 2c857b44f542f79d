//! The catalogue sync: keeps the Market a mirror of the central catalogue API
//! (ProzorroUKR/prozorro-catalog) by following the feed of each of its resources
//! (categories, profiles, products, offers), as its code defines the feed:
//! - **rows** are `{id, dateModified}`, ordered by `dateModified` alone, and a page's
//!   `offset` is a `dateModified`: the next page holds the rows whose `dateModified` is
//!   greater. Rows past a full page's end may share its last row's `dateModified`, so
//!   the next offset is the `dateModified` before that one, and the rows with it come
//!   again (a row already stored with its `dateModified` is not fetched again);
//! - **each row** whose `dateModified` differs from the stored copy's is fetched
//!   (`GET /{resource}/{id}`); 404s are skipped;
//! - **save order**: the objects and the offset past them are written in one
//!   transaction ([`super::store::Store::save_catalogue`]), so a crash repeats at most a
//!   page;
//! - **errors**: a 400 (an offset the API does not read) starts that resource again from
//!   the beginning; 429s and failures wait longer each time;
//! - **the Market** is made again from the stored objects
//!   ([`crate::market::central::from_central`]) a moment after a page changed any, and
//!   replaces the one the answers read ([`crate::market::LiveMarket`]).

use super::{Backoff, Ctx, Got};
use crate::feed::catalogue::RESOURCES;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// The status name of a resource (`/health` lists it beside the registers).
pub fn status_name(resource: &str) -> &'static str {
    match resource {
        "categories" => "market/categories",
        "profiles" => "market/profiles",
        "products" => "market/products",
        _ => "market/offers",
    }
}

/// The offset after a page of rows (ascending): a short page's last `dateModified`; a full
/// page's `dateModified` before its last one (rows past the page's end may share the
/// last one, and the API's `>` would skip them), or the last one when the whole page
/// shares it. `None` for an empty page.
pub fn next_offset(rows: &[Value], limit: usize) -> Option<String> {
    let at = |r: &Value| r["dateModified"].as_str().unwrap_or_default().to_string();
    let last = at(rows.last()?);
    if rows.len() < limit {
        return Some(last);
    }
    match rows.iter().rev().map(at).find(|m| *m != last) {
        Some(before) => Some(before),
        None => {
            tracing::warn!(
                offset = %last,
                limit,
                "catalogue sync: a whole page shares one dateModified; rows past it that share it may be missed"
            );
            Some(last)
        }
    }
}

/// Follows every catalogue resource, and makes the Market again as they change.
pub(super) fn spawn(ctx: Arc<Ctx>, base: String) {
    let changed = Arc::new(tokio::sync::Notify::new());
    for resource in RESOURCES {
        tokio::spawn(follow(ctx.clone(), base.clone(), resource, changed.clone()));
    }
    tokio::spawn(remake(ctx, changed));
}

/// Makes the Market again from the store a second after a change (changes in that second
/// are taken together).
async fn remake(ctx: Arc<Ctx>, changed: Arc<tokio::sync::Notify>) {
    let analyzer = {
        let dir = ctx.state.config.data_dir.clone();
        match tokio::task::spawn_blocking(move || crate::text::analyzer_for(&dir)).await {
            Ok(Ok(a)) => a,
            other => {
                tracing::error!(?other, "catalogue sync: no analyzer, the Market is not made again");
                return;
            }
        }
    };
    loop {
        changed.notified().await;
        tokio::time::sleep(Duration::from_secs(1)).await;
        let (state, store, analyzer) = (ctx.state.clone(), ctx.store.clone(), analyzer.clone());
        let made = tokio::task::spawn_blocking(move || -> Result<usize, super::store::StoreError> {
            let market = market_from_store(&store, &state.data.read().classifiers, &analyzer)?;
            let n = market.products.len();
            state.market.replace(market);
            Ok(n)
        })
        .await;
        match made {
            Ok(Ok(n)) => tracing::info!(products = n, "catalogue sync: the Market was made again"),
            other => tracing::error!(?other, "catalogue sync: the Market was not made again"),
        }
    }
}

/// The Market of the catalogue objects a store holds.
pub fn market_from_store(
    store: &super::store::Store,
    cls: &crate::classifiers::Classifiers,
    analyzer: &crate::text::Analyzer,
) -> Result<crate::market::Market, super::store::StoreError> {
    let central = crate::market::central::Central {
        categories: store.catalogue("categories")?,
        profiles: store.catalogue("profiles")?,
        products: store.catalogue("products")?,
        offers: store.catalogue("offers")?,
    };
    Ok(crate::market::central::from_central(&central, cls, analyzer))
}

impl Ctx {
    fn catalogue_failed(&self, resource: &str, reason: String) {
        tracing::warn!(resource, %reason, "catalogue sync: request failed");
        let now = crate::dates::now_ms();
        self.state.sync_status.update_named(status_name(resource), |r| {
            r.errors += 1;
            r.last_error = Some(reason);
            r.last_error_at = Some(now);
        });
    }

    /// One catalogue object, retried through 429s and failures; `None` when it is gone.
    async fn catalogue_object(&self, base: &str, resource: &str, id: &str) -> Option<Value> {
        let url = format!("{base}/{resource}/{id}");
        let mut wait = Backoff::default();
        loop {
            match self.get(&url).await {
                Got::Json(v) if v["data"]["id"].is_string() => return Some(v["data"].clone()),
                Got::Json(_) => self.catalogue_failed(resource, format!("{url}: no object in the answer")),
                Got::Status(404 | 410) => return None,
                Got::Status(s) => self.catalogue_failed(resource, format!("{url}: status {s}")),
                Got::Failed(e) => self.catalogue_failed(resource, e),
            }
            wait.sleep().await;
        }
    }
}

/// Follows one resource for ever, from its saved offset.
async fn follow(ctx: Arc<Ctx>, base: String, resource: &'static str, changed: Arc<tokio::sync::Notify>) {
    let name = status_name(resource);
    let store = ctx.store.clone();
    let mut offset = match tokio::task::spawn_blocking(move || store.catalogue_cursor(resource)).await {
        Ok(Ok(o)) => o,
        other => {
            ctx.catalogue_failed(resource, format!("reading the offset: {other:?}"));
            String::new()
        }
    };
    let limit = ctx.config.limit.max(1);
    let mut wait = Backoff::default();
    loop {
        let query = {
            let mut q = form_urlencoded::Serializer::new(String::new());
            if !offset.is_empty() {
                q.append_pair("offset", &offset);
            }
            q.append_pair("limit", &limit.to_string());
            q.finish()
        };
        let url = format!("{base}/{resource}?{query}");
        let page = match ctx.get(&url).await {
            Got::Json(v) if v["data"].is_array() => v,
            Got::Json(_) => {
                ctx.catalogue_failed(resource, format!("{url}: no `data` list"));
                wait.sleep().await;
                continue;
            }
            Got::Status(400) => {
                ctx.catalogue_failed(resource, format!("{url}: 400, the offset is refused: from the start again"));
                offset.clear();
                wait.sleep().await;
                continue;
            }
            Got::Status(s) => {
                ctx.catalogue_failed(resource, format!("{url}: status {s}"));
                wait.sleep().await;
                continue;
            }
            Got::Failed(e) => {
                ctx.catalogue_failed(resource, e);
                wait.sleep().await;
                continue;
            }
        };
        wait = Backoff::default();
        let rows = page["data"].as_array().cloned().unwrap_or_default();
        let listed: Vec<(String, String)> = rows
            .iter()
            .filter_map(|r| Some((r["id"].as_str()?.to_string(), r["dateModified"].as_str()?.to_string())))
            .collect();
        let ids: Vec<String> = listed.iter().map(|(id, _)| id.clone()).collect();
        let store = ctx.store.clone();
        let stored = match tokio::task::spawn_blocking(move || store.catalogue_modified(resource, &ids)).await {
            Ok(Ok(s)) => s,
            other => {
                ctx.catalogue_failed(resource, format!("reading the store: {other:?}"));
                vec![None; listed.len()]
            }
        };
        let wanted: Vec<String> = listed
            .into_iter()
            .zip(stored)
            .filter(|((_, at), old)| old.as_deref() != Some(at.as_str()))
            .map(|((id, _), _)| id)
            .collect();
        let mut objects = Vec::with_capacity(wanted.len());
        for chunk in wanted.chunks(ctx.config.concurrency.max(1)) {
            let got = super::futures_join(chunk.iter().map(|id| ctx.catalogue_object(&base, resource, id))).await;
            objects.extend(got.into_iter().flatten());
        }
        let next = next_offset(&rows, limit).unwrap_or_else(|| offset.clone());
        let n = objects.len() as u64;
        let (store, cursor) = (ctx.store.clone(), next.clone());
        let saved = tokio::task::spawn_blocking(move || store.save_catalogue(resource, &objects, &cursor)).await;
        match saved {
            Ok(Ok(())) => {}
            other => {
                ctx.catalogue_failed(resource, format!("writing the store: {other:?}"));
                wait.sleep().await;
                continue;
            }
        }
        if n > 0 {
            changed.notify_one();
        }
        let short = rows.len() < limit;
        let now = crate::dates::now_ms();
        ctx.state.sync_status.update_named(name, |r| {
            r.fetched += n;
            r.forward_ok_at = Some(now);
            r.forward_at = crate::dates::parse(&next).or(r.forward_at);
            r.caught_up = short;
        });
        offset = next;
        if short {
            tokio::time::sleep(Duration::from_millis(ctx.config.idle_ms)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rows(ms: &[&str]) -> Vec<Value> {
        ms.iter().enumerate().map(|(i, m)| json!({"id": format!("{i}"), "dateModified": m})).collect()
    }

    #[test]
    fn a_full_page_ending_in_a_tie_rereads_the_tie() {
        assert_eq!(next_offset(&rows(&[]), 3), None);
        assert_eq!(next_offset(&rows(&["a", "b"]), 3).as_deref(), Some("b"), "a short page: its last");
        assert_eq!(next_offset(&rows(&["a", "b", "c"]), 3).as_deref(), Some("b"), "a full page: before its last");
        assert_eq!(next_offset(&rows(&["a", "b", "b"]), 3).as_deref(), Some("a"), "before the tie");
        assert_eq!(next_offset(&rows(&["b", "b", "b"]), 3).as_deref(), Some("b"), "a whole page tied: onwards");
    }
}
