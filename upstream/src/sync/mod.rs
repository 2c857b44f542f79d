//! The sync client: keeps the upstream a mirror of a central database (openprocurement.api
//! 2.5) by following its feed as the reference client, prozorro_crawler, does:
//! - **start**: one newest-first page gives two cursors: its `next_page` reads history
//!   backwards, its `prev_page` (the turn-round) follows new changes forwards;
//! - **back-fill**: the backward cursor reads until an empty page, or until its rows are
//!   older than the back-fill date;
//! - **follow**: the forward cursor reads for ever, and waits [`SyncConfig::idle_ms`]
//!   after a page shorter than the limit;
//! - **each row**: its `dateModified` is compared with the stored copy's, and the record
//!   is fetched (`GET /{register}/{id}`) only when newer;
//! - **save order**: a page's records are prepared (their fields, under the read lock),
//!   written with the cursor past them in one transaction, then the live indexes take
//!   them under the numbers the store gave ([`crate::store::Live::mirror_change`]);
//! - **errors**: a 404 on the feed (an offset it no longer reads) drops the cursors and
//!   starts again from the head; a 429 waits longer each time (1 s doubling to 60 s); a
//!   network error or unreadable JSON waits and retries; a record that answers 404 or
//!   410 (archived) is skipped. Requests are paced ([`SyncConfig::rate`]) and at most
//!   [`SyncConfig::concurrency`] records are fetched at once.

pub mod catalogue;
pub mod store;

use crate::records::Kind;
use crate::AppState;
use serde::Serialize;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store::{Direction, Store};

/// What the sync follows, and how hard it may pull.
#[derive(Debug, Clone, PartialEq)]
pub struct SyncConfig {
    /// The CDB API base, `…/api/2.5` (env `UPSTREAM_SYNC_URL`).
    pub url: String,
    /// The catalogue API base, `…/api` (env `UPSTREAM_MARKET_SYNC_URL`): the Market then
    /// follows it ([`catalogue`]) instead of being generated.
    pub market_url: Option<String>,
    /// The store's folder. Default `<data>/mirror`; env `UPSTREAM_STORE_DIR`.
    pub store_dir: PathBuf,
    /// Requests a second, all registers together. Default 10 (the public limit is about
    /// 140); env `UPSTREAM_SYNC_RATE`.
    pub rate: f64,
    /// Records fetched at once, per register. Default 4; env `UPSTREAM_SYNC_CONCURRENCY`.
    pub concurrency: usize,
    /// Feed page size (at most 1000). Default 100; env `UPSTREAM_SYNC_LIMIT`.
    pub limit: usize,
    /// The back-fill stops at rows older than this (epoch ms). Default none: all history;
    /// env `UPSTREAM_SYNC_SINCE` (a date, `2026-01-01`).
    pub since_ms: Option<i64>,
    /// The wait after a short forward page, ms. Default 1000; env `UPSTREAM_SYNC_IDLE_MS`.
    pub idle_ms: u64,
    /// The registers followed. Default all three; env `UPSTREAM_SYNC_REGISTERS`.
    pub registers: Vec<Kind>,
}

impl SyncConfig {
    /// The defaults for a feed at `url`, the store in `data_dir/mirror`.
    pub fn new(url: &str, data_dir: &std::path::Path) -> Self {
        Self {
            url: url.trim_end_matches('/').to_string(),
            market_url: None,
            store_dir: data_dir.join("mirror"),
            rate: 10.0,
            concurrency: 4,
            limit: 100,
            since_ms: None,
            idle_ms: 1_000,
            registers: vec![Kind::Tender, Kind::Plan, Kind::Contract],
        }
    }
}

/// The User-Agent every request carries.
pub const USER_AGENT: &str = concat!("procurement-portal-mirror/", env!("CARGO_PKG_VERSION"));

/// One register's progress, as `/health` and the pages report it.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterStatus {
    pub register: &'static str,
    /// When a forward page last answered (epoch ms).
    pub forward_ok_at: Option<i64>,
    /// The forward cursor's timestamp: the newest change read (epoch ms).
    pub forward_at: Option<i64>,
    /// The last forward page was short: nothing newer was waiting.
    pub caught_up: bool,
    /// The backward cursor's timestamp (epoch ms).
    pub backward_at: Option<i64>,
    pub backward_done: bool,
    /// Records fetched since start.
    pub fetched: u64,
    /// Failed requests since start, and the last one's reason and time.
    pub errors: u64,
    pub last_error: Option<String>,
    pub last_error_at: Option<i64>,
}

/// Every register's progress.
#[derive(Debug, Default)]
pub struct SyncStatus {
    registers: Mutex<Vec<RegisterStatus>>,
}

/// How far behind the mirror may be before the pages say so: the forward cursor has not
/// answered for this long.
pub const STALE_AFTER_MS: i64 = 60_000;

impl SyncStatus {
    fn update(&self, kind: Kind, f: impl FnOnce(&mut RegisterStatus)) {
        self.update_named(store::register(kind), f)
    }

    fn update_named(&self, name: &'static str, f: impl FnOnce(&mut RegisterStatus)) {
        let mut all = self.registers.lock().unwrap_or_else(|e| e.into_inner());
        match all.iter_mut().find(|r| r.register == name) {
            Some(r) => f(r),
            None => {
                let mut r = RegisterStatus { register: name, ..Default::default() };
                f(&mut r);
                all.push(r);
            }
        }
    }

    /// The status as JSON: per register, with its lag (ms since its forward cursor last
    /// answered while caught up, else since the newest change it read).
    pub fn json(&self, now_ms: i64) -> Value {
        let all = self.registers.lock().unwrap_or_else(|e| e.into_inner());
        let regs: Vec<Value> = all
            .iter()
            .map(|r| {
                let mut v = serde_json::to_value(r).unwrap_or_default();
                v["lagMs"] = serde_json::json!(lag(r, now_ms));
                v
            })
            .collect();
        // The records' freshness: the catalogue's resources are listed, and do not count.
        let records = || all.iter().filter(|r| !r.register.starts_with("market/"));
        let updated = records().filter_map(|r| r.forward_ok_at.filter(|_| r.caught_up)).min();
        let behind = records().next().is_none() || records().any(|r| lag(r, now_ms).is_none_or(|l| l > STALE_AFTER_MS));
        serde_json::json!({"registers": regs, "updatedAt": updated, "behind": behind})
    }
}

fn lag(r: &RegisterStatus, now_ms: i64) -> Option<i64> {
    if r.caught_up {
        r.forward_ok_at.map(|t| now_ms - t)
    } else {
        r.forward_at.map(|t| now_ms - t)
    }
}

/// The pace of requests: one every `1 / rate` seconds, shared by every task.
#[derive(Debug)]
struct Pace {
    next: tokio::sync::Mutex<tokio::time::Instant>,
    every: Duration,
}

impl Pace {
    fn new(rate: f64) -> Self {
        let every = Duration::from_secs_f64(1.0 / rate.clamp(0.1, 1_000.0));
        Self { next: tokio::sync::Mutex::new(tokio::time::Instant::now()), every }
    }
    async fn wait(&self) {
        let slot = {
            let mut next = self.next.lock().await;
            let slot = (*next).max(tokio::time::Instant::now());
            *next = slot + self.every;
            slot
        };
        tokio::time::sleep_until(slot).await;
    }
}

/// The outcome of one request.
enum Got {
    Json(Value),
    Status(u16),
    Failed(String),
}

struct Ctx {
    state: AppState,
    config: SyncConfig,
    store: Arc<Store>,
    http: reqwest::Client,
    pace: Pace,
}

/// Why a crawler stopped.
#[derive(Debug, PartialEq)]
enum End {
    /// The back-fill is complete.
    Done,
    /// The feed refused the cursor: start again from the head.
    Restart,
}

/// Starts following the feed for every configured register, in the background of the
/// current runtime.
pub fn spawn(state: AppState, config: SyncConfig, store: Arc<Store>) -> Result<(), reqwest::Error> {
    let http = reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(60))
        .build()?;
    let ctx = Arc::new(Ctx { pace: Pace::new(config.rate), state, config, store, http });
    for &kind in &ctx.config.registers {
        tokio::spawn(follow(ctx.clone(), kind));
    }
    if let Some(url) = ctx.config.market_url.clone() {
        catalogue::spawn(ctx.clone(), url.trim_end_matches('/').to_string());
    }
    Ok(())
}

impl Ctx {
    fn status(&self, kind: Kind, f: impl FnOnce(&mut RegisterStatus)) {
        self.state.sync_status.update(kind, f);
    }

    fn failed(&self, kind: Kind, reason: String) {
        tracing::warn!(register = store::register(kind), %reason, "sync: request failed");
        let now = crate::dates::now_ms();
        self.status(kind, |r| {
            r.errors += 1;
            r.last_error = Some(reason);
            r.last_error_at = Some(now);
        });
    }

    async fn get(&self, url: &str) -> Got {
        self.pace.wait().await;
        let resp = match self.http.get(url).send().await {
            Ok(r) => r,
            Err(e) => return Got::Failed(format!("{url}: {e}")),
        };
        let status = resp.status().as_u16();
        if status != 200 {
            return Got::Status(status);
        }
        match resp.bytes().await {
            Ok(b) => match serde_json::from_slice(&b) {
                Ok(v) => Got::Json(v),
                Err(e) => Got::Failed(format!("{url}: bad JSON: {e}")),
            },
            Err(e) => Got::Failed(format!("{url}: {e}")),
        }
    }

    /// A feed page, retried through 429s and failures; `Err` on a 404.
    async fn page(&self, kind: Kind, descending: bool, offset: Option<&str>) -> Result<Value, End> {
        let query = {
            let mut q = form_urlencoded::Serializer::new(String::new());
            q.append_pair("limit", &self.config.limit.to_string()).append_pair("mode", "_all_");
            if descending {
                q.append_pair("descending", "1");
            }
            if let Some(o) = offset.filter(|o| !o.is_empty()) {
                q.append_pair("offset", o);
            }
            q.finish()
        };
        let url = format!("{}/{}?{}", self.config.url, store::register(kind), query);
        let mut wait = Backoff::default();
        loop {
            match self.get(&url).await {
                Got::Json(v) if v["data"].is_array() => return Ok(v),
                Got::Json(_) => self.failed(kind, format!("{url}: no `data` list")),
                Got::Status(404) => {
                    self.failed(kind, format!("{url}: 404, the feed no longer reads this offset"));
                    return Err(End::Restart);
                }
                Got::Status(429) => self.failed(kind, format!("{url}: 429 Too Many Requests")),
                Got::Status(s) => self.failed(kind, format!("{url}: status {s}")),
                Got::Failed(e) => self.failed(kind, e),
            }
            wait.sleep().await;
        }
    }

    /// One record, retried through 429s and failures; `None` when it is gone (404, 410).
    async fn record(&self, kind: Kind, id: &str) -> Option<Value> {
        let url = format!("{}/{}/{}", self.config.url, store::register(kind), id);
        let mut wait = Backoff::default();
        loop {
            match self.get(&url).await {
                Got::Json(v) if v["data"]["id"].is_string() => return Some(v["data"].clone()),
                Got::Json(_) => self.failed(kind, format!("{url}: no record in the answer")),
                Got::Status(s @ (404 | 410)) => {
                    tracing::info!(%url, status = s, "sync: record not served (masked or archived): skipped");
                    return None;
                }
                Got::Status(s) => self.failed(kind, format!("{url}: status {s}")),
                Got::Failed(e) => self.failed(kind, e),
            }
            wait.sleep().await;
        }
    }

    /// Stores a page: fetches the rows newer than their stored copies, writes them with
    /// the cursor in one transaction, then changes the live indexes. Rows older than
    /// `since` (a backward page) are not taken.
    async fn take(
        &self,
        kind: Kind,
        rows: &[Value],
        cursor: Option<(Direction, String)>,
        done: bool,
        since: Option<i64>,
    ) {
        let listed: Vec<(String, Option<i64>)> = rows
            .iter()
            .filter_map(|r| {
                let id = r["id"].as_str()?.to_string();
                let at = r["dateModified"].as_str().and_then(crate::dates::parse);
                Some((id, at))
            })
            .filter(|(_, at)| since.is_none_or(|s| at.is_none_or(|a| a >= s)))
            .collect();
        let ids: Vec<String> = listed.iter().map(|(id, _)| id.clone()).collect();
        let store = self.store.clone();
        let stored = match tokio::task::spawn_blocking(move || store.modified(kind, &ids)).await {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => {
                self.failed(kind, e.to_string());
                vec![None; listed.len()]
            }
            Err(e) => {
                self.failed(kind, e.to_string());
                vec![None; listed.len()]
            }
        };
        let wanted: Vec<String> = listed
            .into_iter()
            .zip(stored)
            .filter(|((_, at), old)| match (at, old) {
                (Some(new), Some(old)) => new > old,
                _ => true,
            })
            .map(|((id, _), _)| id)
            .collect();
        let docs = self.fetch_all(kind, wanted).await;
        let n = docs.len() as u64;
        let (state, store) = (self.state.clone(), self.store.clone());
        let saved = tokio::task::spawn_blocking(move || {
            state.data.mirror_change(&store, kind, docs, cursor.as_ref().map(|(d, o)| (*d, o.as_str())), done)
        })
        .await;
        match saved {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return self.failed(kind, e.to_string()),
            Err(e) => return self.failed(kind, e.to_string()),
        }
        self.status(kind, |r| r.fetched += n);
    }

    /// Fetches records, at most `concurrency` at once.
    async fn fetch_all(self: &Ctx, kind: Kind, ids: Vec<String>) -> Vec<Value> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(self.config.concurrency.max(1)) {
            let got = futures_join(chunk.iter().map(|id| self.record(kind, id))).await;
            out.extend(got.into_iter().flatten());
        }
        out
    }
}

/// Awaits every future of a small batch together.
async fn futures_join<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut pinned: Vec<std::pin::Pin<Box<F>>> = futures.map(Box::pin).collect();
    let mut out: Vec<Option<F::Output>> = pinned.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (i, f) in pinned.iter_mut().enumerate() {
            if out[i].is_none() {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => out[i] = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    out.into_iter().flatten().collect()
}

/// Growing waits: 1 s, doubling to 60 s.
#[derive(Default)]
struct Backoff(u32);

impl Backoff {
    async fn sleep(&mut self) {
        let ms = (1_000u64 << self.0.min(6)).min(60_000);
        self.0 += 1;
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

fn offset_of(page: &Value, link: &str) -> Option<String> {
    page[link]["offset"].as_str().filter(|o| !o.is_empty()).map(str::to_string)
}

/// Follows one register for ever: from its saved cursors, or from the head.
async fn follow(ctx: Arc<Ctx>, kind: Kind) {
    loop {
        let store = ctx.store.clone();
        let saved = match tokio::task::spawn_blocking(move || store.cursors(kind)).await {
            Ok(Ok(c)) => c,
            other => {
                ctx.failed(kind, format!("reading the cursors: {other:?}"));
                tokio::time::sleep(Duration::from_secs(5)).await;
                continue;
            }
        };
        let (forward, backward, mut backward_done) = if saved.forward.is_none() {
            // The head: its rows, and the two cursors.
            let head = match ctx.page(kind, true, None).await {
                Ok(p) => p,
                Err(_) => continue,
            };
            let rows = head["data"].as_array().cloned().unwrap_or_default();
            let backward = offset_of(&head, "next_page");
            let forward = offset_of(&head, "prev_page");
            let done = rows.is_empty();
            ctx.take(kind, &rows, backward.clone().map(|o| (Direction::Backward, o)), done, ctx.config.since_ms).await;
            let store = ctx.store.clone();
            let fwd = forward.clone().unwrap_or_default();
            let _ = tokio::task::spawn_blocking(move || {
                store.save_page(kind, &[], Some((Direction::Forward, &fwd)), false)
            })
            .await;
            (forward.unwrap_or_default(), backward, done)
        } else {
            (saved.forward.unwrap_or_default(), saved.backward, saved.backward_done)
        };
        ctx.status(kind, |r| {
            r.backward_done = backward_done;
            r.forward_at = crate::feed::offset::timestamp_ms(&forward);
        });
        let fwd = crawl_forward(&ctx, kind, forward);
        let bwd = crawl_backward(&ctx, kind, backward.unwrap_or_default());
        tokio::pin!(fwd, bwd);
        let restart = loop {
            tokio::select! {
                end = &mut fwd => break end == End::Restart,
                end = &mut bwd, if !backward_done => {
                    if end == End::Restart {
                        break true;
                    }
                    backward_done = true;
                    ctx.status(kind, |r| r.backward_done = true);
                }
            }
        };
        if restart {
            let store = ctx.store.clone();
            let _ = tokio::task::spawn_blocking(move || store.drop_cursors(kind)).await;
        }
    }
}

async fn crawl_forward(ctx: &Ctx, kind: Kind, mut offset: String) -> End {
    loop {
        let page = match ctx.page(kind, false, Some(&offset)).await {
            Ok(p) => p,
            Err(end) => return end,
        };
        let rows = page["data"].as_array().cloned().unwrap_or_default();
        let next = offset_of(&page, "next_page").unwrap_or_else(|| offset.clone());
        if !rows.is_empty() {
            ctx.take(kind, &rows, Some((Direction::Forward, next.clone())), false, None).await;
        }
        offset = next;
        let short = rows.len() < ctx.config.limit;
        let now = crate::dates::now_ms();
        ctx.status(kind, |r| {
            r.forward_ok_at = Some(now);
            r.forward_at = crate::feed::offset::timestamp_ms(&offset).or(r.forward_at);
            r.caught_up = short;
        });
        if short {
            tokio::time::sleep(Duration::from_millis(ctx.config.idle_ms)).await;
        }
    }
}

async fn crawl_backward(ctx: &Ctx, kind: Kind, mut offset: String) -> End {
    loop {
        let page = match ctx.page(kind, true, Some(&offset).filter(|o| !o.is_empty()).map(|o| o.as_str())).await {
            Ok(p) => p,
            Err(end) => return end,
        };
        let rows = page["data"].as_array().cloned().unwrap_or_default();
        let next = offset_of(&page, "next_page").unwrap_or_else(|| offset.clone());
        let since = ctx.config.since_ms;
        let oldest = rows.last().and_then(|r| r["dateModified"].as_str()).and_then(crate::dates::parse);
        let done = rows.is_empty() || since.zip(oldest).is_some_and(|(s, o)| o < s);
        ctx.take(kind, &rows, Some((Direction::Backward, next.clone())), done, since).await;
        ctx.status(kind, |r| r.backward_at = crate::feed::offset::timestamp_ms(&next));
        if done {
            return End::Done;
        }
        offset = next;
    }
}
