//! Login throttling. An attempt is counted against the account and the client address
//! *before* the password (or one-time code) is checked, under one lock: a burst of
//! parallel guesses is counted as it arrives, not after each guess has been hashed, so it
//! cannot slip past a counter that nobody has raised yet. Counts halve every half-life,
//! so an old mistake stops weighing; the table is bounded, so a flood of fresh keys
//! cannot grow it without end.

use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Attempts a key may make before each further one must wait.
pub const FREE_ATTEMPTS: u32 = 5;
/// The first wait; each further attempt doubles it.
pub const FIRST_DELAY: Duration = Duration::from_secs(4);
/// The longest wait.
pub const MAX_DELAY: Duration = Duration::from_secs(15 * 60);
/// A key's count halves after this long.
pub const HALF_LIFE: Duration = Duration::from_secs(10 * 60);
/// Keys kept at most (about 100 bytes each).
pub const MAX_KEYS: usize = 100_000;

/// What an attempt is counted against.
#[derive(Debug, Clone, Copy)]
pub enum Key<'a> {
    /// An e-mail address, lower-cased (known or not: the answer must not tell which).
    Account(&'a str),
    /// The client address; `None` when unknown (every such request shares one count).
    Addr(Option<IpAddr>),
}

impl Key<'_> {
    /// A fixed-size digest, so a long e-mail costs no more memory than a short one.
    fn digest(&self) -> [u8; 16] {
        let mut h = Sha256::new();
        match self {
            Key::Account(email) => {
                h.update(b"account\0");
                h.update(email.as_bytes());
            }
            Key::Addr(None) => h.update(b"addr\0unknown"),
            Key::Addr(Some(ip)) => {
                h.update(b"addr\0");
                match ip.to_canonical() {
                    IpAddr::V4(v4) => h.update(v4.octets()),
                    // One IPv6 subscriber usually holds a whole /64.
                    IpAddr::V6(v6) => h.update(&v6.octets()[..8]),
                }
            }
        }
        let mut out = [0u8; 16];
        out.copy_from_slice(&h.finalize()[..16]);
        out
    }
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    count: u32,
    /// When `count` was last halved (or started).
    since: Instant,
    blocked_until: Option<Instant>,
}

impl Entry {
    /// Applies the halvings due by `now`.
    fn decay(&mut self, now: Instant) {
        let halvings = now.saturating_duration_since(self.since).as_secs() / HALF_LIFE.as_secs();
        if halvings > 0 {
            self.count = self.count.checked_shr(u32::try_from(halvings).unwrap_or(u32::MAX)).unwrap_or(0);
            self.since = if self.count == 0 { now } else { self.since + HALF_LIFE * halvings as u32 };
        }
    }

    fn blocked_at(&self, now: Instant) -> Option<Duration> {
        self.blocked_until.and_then(|u| u.checked_duration_since(now)).filter(|d| !d.is_zero())
    }

    fn forgotten_at(&mut self, now: Instant) -> bool {
        self.decay(now);
        self.count == 0 && self.blocked_at(now).is_none()
    }
}

/// The throttle: one table of counts for every key kind.
#[derive(Debug)]
pub struct Throttle {
    entries: Mutex<HashMap<[u8; 16], Entry>>,
    max_keys: usize,
}

impl Default for Throttle {
    fn default() -> Self {
        Self::with_capacity(MAX_KEYS)
    }
}

impl Throttle {
    /// A throttle keeping at most `max_keys` keys.
    pub fn with_capacity(max_keys: usize) -> Self {
        Self { entries: Mutex::new(HashMap::new()), max_keys: max_keys.max(1) }
    }

    /// Counts one attempt against every key, or refuses it (nothing counted) with the
    /// time to wait when any key is still waiting.
    pub fn admit(&self, keys: &[Key<'_>], now: Instant) -> Result<(), Duration> {
        let digests: Vec<[u8; 16]> = keys.iter().map(Key::digest).collect();
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let wait = digests.iter().filter_map(|d| entries.get(d)?.blocked_at(now)).max();
        if let Some(wait) = wait {
            return Err(wait);
        }
        self.make_room(&mut entries, now, digests.len());
        for d in digests {
            let e = entries.entry(d).or_insert(Entry { count: 0, since: now, blocked_until: None });
            e.decay(now);
            e.count = e.count.saturating_add(1);
            if e.count >= FREE_ATTEMPTS {
                let doublings = (e.count - FREE_ATTEMPTS).min(16);
                e.blocked_until = Some(now + (FIRST_DELAY * (1u32 << doublings)).min(MAX_DELAY));
            }
        }
        Ok(())
    }

    /// The attempt admitted by [`Throttle::admit`] succeeded: it is given back, and a
    /// wait it started is lifted. Only one attempt is given back, so logging in to an
    /// account of one's own between guesses at another does not clear an address.
    pub fn succeeded(&self, keys: &[Key<'_>], now: Instant) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        for k in keys {
            if let Some(e) = entries.get_mut(&k.digest()) {
                e.decay(now);
                e.count = e.count.saturating_sub(1);
                if e.count < FREE_ATTEMPTS {
                    e.blocked_until = None;
                }
            }
        }
    }

    /// Keys held now.
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// True when no key is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Frees room for `incoming` keys: first keys whose count has decayed away; then,
    /// when that is not enough, the tenth of keys with the lowest counts. Waiting keys
    /// have the highest counts, so a flood of new keys pushes them out last.
    fn make_room(&self, entries: &mut HashMap<[u8; 16], Entry>, now: Instant, incoming: usize) {
        if entries.len() + incoming <= self.max_keys {
            return;
        }
        entries.retain(|_, e| !e.forgotten_at(now));
        if entries.len() + incoming <= self.max_keys {
            return;
        }
        let mut counts: Vec<(u32, [u8; 16])> = entries.iter().map(|(k, e)| (e.count, *k)).collect();
        counts.sort_unstable();
        let target = (self.max_keys - self.max_keys / 10).saturating_sub(incoming);
        let excess = entries.len().saturating_sub(target);
        for (_, k) in counts.into_iter().take(excess) {
            entries.remove(&k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACCOUNT: Key<'static> = Key::Account("buyer@example.com");

    #[test]
    fn free_attempts_then_doubling_waits() {
        let t = Throttle::default();
        let now = Instant::now();
        for _ in 0..FREE_ATTEMPTS {
            t.admit(&[ACCOUNT], now).unwrap();
        }
        assert_eq!(t.admit(&[ACCOUNT], now), Err(FIRST_DELAY));
        let later = now + FIRST_DELAY;
        t.admit(&[ACCOUNT], later).unwrap();
        assert_eq!(t.admit(&[ACCOUNT], later), Err(FIRST_DELAY * 2));
    }

    #[test]
    fn a_wait_on_any_key_refuses_and_counts_nothing() {
        let t = Throttle::default();
        let now = Instant::now();
        let addr = Key::Addr(Some("192.0.2.1".parse().unwrap()));
        for i in 0..FREE_ATTEMPTS {
            let email = format!("user{i}@example.com");
            t.admit(&[Key::Account(&email), addr], now).unwrap();
        }
        // A fresh account from the same address waits too, and is not counted.
        assert!(t.admit(&[Key::Account("fresh@example.com"), addr], now).is_err());
        for _ in 0..FREE_ATTEMPTS - 1 {
            t.admit(&[Key::Account("fresh@example.com")], now).unwrap();
        }
    }

    #[test]
    fn counts_decay() {
        let t = Throttle::default();
        let now = Instant::now();
        for _ in 0..FREE_ATTEMPTS {
            t.admit(&[ACCOUNT], now).unwrap();
        }
        // After two half-lives, 5 has become 1: four more attempts, the last of which
        // starts the next wait.
        let later = now + HALF_LIFE * 2;
        for _ in 0..4 {
            t.admit(&[ACCOUNT], later).unwrap();
        }
        assert!(t.admit(&[ACCOUNT], later).is_err());
    }

    #[test]
    fn a_success_gives_back_one_attempt_only() {
        let t = Throttle::default();
        let now = Instant::now();
        for _ in 0..FREE_ATTEMPTS - 1 {
            t.admit(&[ACCOUNT], now).unwrap();
        }
        // The fifth attempt starts a wait, but it succeeded: the wait is lifted...
        t.admit(&[ACCOUNT], now).unwrap();
        t.succeeded(&[ACCOUNT], now);
        // ...and the next failure starts it again.
        t.admit(&[ACCOUNT], now).unwrap();
        assert!(t.admit(&[ACCOUNT], now).is_err());
    }

    #[test]
    fn ipv6_neighbours_share_a_count() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 0..FREE_ATTEMPTS {
            let ip = format!("2001:db8::{i:x}").parse().unwrap();
            t.admit(&[Key::Addr(Some(ip))], now).unwrap();
        }
        assert!(t.admit(&[Key::Addr(Some("2001:db8::ffff".parse().unwrap()))], now).is_err());
        t.admit(&[Key::Addr(Some("2001:db8:0:1::1".parse().unwrap()))], now).unwrap();
    }

    #[test]
    fn memory_is_bounded_and_waiting_keys_stay() {
        let t = Throttle::with_capacity(1000);
        let now = Instant::now();
        for _ in 0..FREE_ATTEMPTS {
            t.admit(&[ACCOUNT], now).unwrap();
        }
        for i in 0..10_000 {
            let email = format!("flood{i}@example.com");
            t.admit(&[Key::Account(&email)], now).unwrap();
            assert!(t.len() <= 1000);
        }
        assert!(t.admit(&[ACCOUNT], now).is_err(), "the flood pushed out the waiting account");
    }
}
