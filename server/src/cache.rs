//! A small time-bounded cache with a bound on entries and on bytes: upstream answers
//! that rarely change (classifiers, tags, funders) and, when configured, anonymous
//! page responses for a few seconds (micro-caching). Oldest entries go first.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a cache holds must say how many bytes it keeps alive.
pub trait Weigh {
    fn weight(&self) -> usize;
}

impl Weigh for std::sync::Arc<str> {
    fn weight(&self) -> usize {
        self.len()
    }
}

impl Weigh for std::sync::Arc<renderer::Resolution> {
    fn weight(&self) -> usize {
        72 + self
            .fetches
            .iter()
            .map(|f| f.key.len() + f.path.len() + f.body.as_ref().map_or(0, |b| b.to_string().len()) + 40)
            .sum::<usize>()
            + self.redirect.as_ref().map_or(0, |r| r.location.len())
    }
}

struct Entry<V> {
    value: V,
    expires: Instant,
    /// Insertion number: tells a live entry from an older one with the same key in `order`.
    stamp: u64,
}

struct Inner<V> {
    map: HashMap<String, Entry<V>>,
    order: VecDeque<(String, u64)>,
    bytes: usize,
    next_stamp: u64,
}

pub struct TtlCache<V> {
    inner: Mutex<Inner<V>>,
    max_entries: usize,
    max_bytes: usize,
}

impl<V: Clone + Weigh> TtlCache<V> {
    pub fn new(max_entries: usize, max_bytes: usize) -> Self {
        Self {
            inner: Mutex::new(Inner { map: HashMap::new(), order: VecDeque::new(), bytes: 0, next_stamp: 0 }),
            max_entries,
            max_bytes,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<V>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A live value; an expired one is dropped.
    pub fn get(&self, key: &str) -> Option<V> {
        let mut inner = self.lock();
        let entry = inner.map.get(key)?;
        if entry.expires > Instant::now() {
            return Some(entry.value.clone());
        }
        if let Some(old) = inner.map.remove(key) {
            inner.bytes -= key.len() + old.value.weight();
        }
        None
    }

    /// Stores `value` for `ttl`, evicting the oldest entries to stay in bounds. A value
    /// larger than the whole budget is not stored.
    pub fn insert(&self, key: String, value: V, ttl: Duration) {
        let weight = key.len() + value.weight();
        if weight > self.max_bytes || self.max_entries == 0 || ttl.is_zero() {
            return;
        }
        let mut inner = self.lock();
        let stamp = inner.next_stamp;
        inner.next_stamp += 1;
        if let Some(old) = inner.map.remove(&key) {
            inner.bytes -= key.len() + old.value.weight();
        }
        inner.bytes += weight;
        inner.order.push_back((key.clone(), stamp));
        inner.map.insert(key, Entry { value, expires: Instant::now() + ttl, stamp });
        while inner.map.len() > self.max_entries || inner.bytes > self.max_bytes {
            let Some((oldest, stamp)) = inner.order.pop_front() else { break };
            if inner.map.get(&oldest).is_some_and(|e| e.stamp == stamp) {
                if let Some(old) = inner.map.remove(&oldest) {
                    inner.bytes -= oldest.len() + old.value.weight();
                }
            }
        }
        // Keys replaced or expired leave stale slots behind; keep the queue bounded too.
        if inner.order.len() > 2 * self.max_entries.max(16) {
            let live: std::collections::HashSet<(String, u64)> =
                inner.map.iter().map(|(k, e)| (k.clone(), e.stamp)).collect();
            inner.order.retain(|slot| live.contains(slot));
        }
    }

    /// Removes and returns a live value (a one-time hand-over is read once).
    pub fn take(&self, key: &str) -> Option<V> {
        let mut inner = self.lock();
        let old = inner.map.remove(key)?;
        inner.bytes -= key.len() + old.value.weight();
        (old.expires > Instant::now()).then_some(old.value)
    }

    /// Drops a value, live or not.
    pub fn remove(&self, key: &str) {
        let _ = self.take(key);
    }

    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }
}

/// A whole response kept in memory.
#[derive(Clone)]
pub struct CachedResponse(pub(crate) Arc<(StatusCode, HeaderMap, Bytes)>);

impl Weigh for CachedResponse {
    fn weight(&self) -> usize {
        let (_, headers, body) = &*self.0;
        body.len() + headers.iter().map(|(k, v)| k.as_str().len() + v.len()).sum::<usize>()
    }
}

impl CachedResponse {
    /// The kept response for a request (`request`'s validators: a `304` when they fit).
    pub fn respond(&self, head_only: bool, request: &HeaderMap) -> Response {
        let (status, headers, body) = &*self.0;
        // A kept record page answers its validators as the page handler would.
        if let Some(etag) = headers.get(header::ETAG).filter(|_| *status == StatusCode::OK) {
            // Only the tag, as the page handler (`page/mod.rs`): its date is weaker.
            if crate::conditional::not_modified(request, etag.to_str().unwrap_or_default(), None) {
                let cache_control =
                    headers.get(header::CACHE_CONTROL).cloned().unwrap_or(HeaderValue::from_static("no-cache"));
                return crate::conditional::not_modified_response(
                    etag,
                    headers.get(header::LAST_MODIFIED),
                    cache_control,
                );
            }
        }
        let mut response =
            if head_only { (*status, Body::empty()).into_response() } else { (*status, body.clone()).into_response() };
        *response.headers_mut() = headers.clone();
        if head_only {
            response.headers_mut().insert(header::CONTENT_LENGTH, body.len().into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn v(s: &str) -> Arc<str> {
        Arc::from(s)
    }

    #[test]
    fn values_expire() {
        let cache = TtlCache::new(10, 1000);
        cache.insert("a".into(), v("1"), Duration::from_millis(30));
        assert_eq!(cache.get("a").as_deref(), Some("1"));
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(cache.get("a"), None);
        assert_eq!(cache.bytes(), 0);
    }

    #[test]
    fn stays_within_entries_and_bytes_dropping_the_oldest() {
        let cache = TtlCache::new(3, 1000);
        for key in ["a", "b", "c", "d"] {
            cache.insert(key.into(), v("x"), Duration::from_secs(60));
        }
        assert_eq!((cache.len(), cache.get("a"), cache.get("d").as_deref()), (3, None, Some("x")));
        let cache = TtlCache::new(100, 25);
        cache.insert("a".into(), v("0123456789"), Duration::from_secs(60));
        cache.insert("b".into(), v("0123456789"), Duration::from_secs(60));
        cache.insert("c".into(), v("0123456789"), Duration::from_secs(60));
        assert!(cache.bytes() <= 25);
        assert_eq!(cache.get("a"), None);
        assert!(cache.get("c").is_some());
        // Larger than the whole budget: not stored, nothing evicted for it.
        cache.insert("huge".into(), v(&"x".repeat(100)), Duration::from_secs(60));
        assert_eq!(cache.get("huge"), None);
        assert!(cache.get("c").is_some());
    }

    #[test]
    fn replacing_a_key_keeps_the_byte_count_right() {
        let cache = TtlCache::new(10, 1000);
        for _ in 0..100 {
            cache.insert("k".into(), v("12345"), Duration::from_secs(60));
        }
        assert_eq!((cache.len(), cache.bytes()), (1, 6));
        for i in 0..1000 {
            cache.insert(format!("k{}", i % 5), v("1"), Duration::from_secs(60));
        }
        assert_eq!(cache.len(), 6);
        assert!(cache.lock().order.len() <= 32);
    }
}
