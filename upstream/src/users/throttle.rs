//! Throttling of logins, second factors, recovery letters and registrations (decision
//! 0017). An attempt is counted against its keys *before* the password (or one-time
//! code) is checked, under one lock: a burst of parallel guesses is counted as it
//! arrives, not after each guess has been hashed, so it cannot slip past a counter that
//! nobody has raised yet. Each key follows a [`Rule`]: some attempts free, then a wait
//! that doubles per attempt up to a ceiling; counts halve every half-life, so an old
//! mistake stops weighing. The table is bounded, so a flood of fresh keys cannot grow it
//! without end.
//!
//! Password and code guesses are counted per address, per account and address pair, and
//! per account ([`Pairwise`]). For the password the account's count refuses nobody by
//! itself: it only says the account is under attack, and then each pair gets one free
//! attempt instead of five. So guessers are slowed per address, and the owner at an
//! address of their own logs in at once whatever strangers did. A success proves the
//! pair's failures were the owner's: the pair is cleared and its count taken off the
//! address and the account.

use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a key is slowed down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Attempts made one after another without waiting; the last of them starts the
    /// first wait.
    pub free: u32,
    /// The wait started by the last free attempt; each further attempt doubles it.
    /// Zero: the key is counted but never makes anyone wait (a signal).
    pub first_delay: Duration,
    /// The longest wait.
    pub max_delay: Duration,
    /// The count halves after this long.
    pub half_life: Duration,
}

const HOUR: Duration = Duration::from_secs(3600);

/// Guesses: 5 free, then 4 s doubling up to 15 minutes; counts halve every 10 minutes.
const GUESSES: Rule = Rule {
    free: 5,
    first_delay: Duration::from_secs(4),
    max_delay: Duration::from_secs(15 * 60),
    half_life: Duration::from_secs(10 * 60),
};

impl Rule {
    /// The wait after an attempt that brought a key's count to `count`.
    pub fn delay(&self, count: u32) -> Duration {
        if count < self.free || self.first_delay.is_zero() {
            return Duration::ZERO;
        }
        (self.first_delay * (1u32 << (count - self.free).min(16))).min(self.max_delay)
    }

    /// True when the key may make someone wait.
    fn refuses(&self) -> bool {
        !self.first_delay.is_zero()
    }
}

/// The rules of guesses made by addresses at one account's secret: per address, per
/// account and address pair (stricter while the account is under attack), per account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairwise {
    /// What the keys count (the same address has separate counts for passwords and codes).
    pub scope: Scope,
    /// One address guessing at any accounts.
    pub addr: Rule,
    /// One address guessing at one account.
    pub pair: Rule,
    /// The same, while the account's count is at or past its `free` attempts.
    pub pair_under_attack: Rule,
    /// One account guessed at from any address.
    pub account: Rule,
}

/// Passwords (`POST /auth`). The account's count is a signal: it refuses nobody, and
/// says the account is under attack for an hour or more after its fifth failure. Under
/// attack, a pair has one free attempt, waits of up to an hour, and is forgiven slowly.
pub const LOGIN: Pairwise = Pairwise {
    scope: Scope::Login,
    addr: GUESSES,
    pair: GUESSES,
    pair_under_attack: Rule { free: 1, max_delay: HOUR, half_life: HOUR, ..GUESSES },
    account: Rule { first_delay: Duration::ZERO, max_delay: Duration::ZERO, half_life: HOUR, ..GUESSES },
};

/// One-time codes (`POST /api/auth/2fa`): only a holder of the password gets here, and
/// a code has a million values, so the account's count refuses too.
pub const SECOND_FACTOR: Pairwise =
    Pairwise { scope: Scope::SecondFactor, addr: GUESSES, pair: GUESSES, pair_under_attack: GUESSES, account: GUESSES };

/// Recovery letters to one address: 3, then one wait of an hour (the count halving
/// hourly, 2 more each hour after).
pub const RECOVERY_LETTERS: Rule = Rule { free: 3, first_delay: HOUR, max_delay: HOUR, half_life: HOUR };
/// Recovery asks from one client address: 10, then an hour's wait (5 more each hour after).
pub const RECOVERY_ASKS: Rule = Rule { free: 10, ..RECOVERY_LETTERS };
/// Registrations (created or refused as taken) from one client address: as guesses.
pub const REGISTRATIONS: Rule = GUESSES;
/// Accounts created from one client address: 5 (an office registering its people), then
/// waits from 15 minutes up to an hour (the count halving hourly).
pub const SIGN_UPS: Rule =
    Rule { free: 5, first_delay: Duration::from_secs(15 * 60), max_delay: HOUR, half_life: HOUR };
/// Accounts created by everyone together: 200, then waits from 10 s doubling up to 5
/// minutes (the count halving hourly). A flood of sign-ups from many addresses gets a
/// few hundred accounts an hour at most, none of which is mailed anything but its
/// confirmation letter.
pub const SIGN_UPS_OVERALL: Rule =
    Rule { free: 200, first_delay: Duration::from_secs(10), max_delay: Duration::from_secs(300), half_life: HOUR };
/// Follows asked for without a login from one client address: 20, then an hour's wait
/// (10 more each hour after). Each mails a confirmation to the address typed.
pub const FOLLOW_ASKS: Rule = Rule { free: 20, first_delay: HOUR, max_delay: HOUR, half_life: HOUR };
/// Confirmations of follows mailed to one address: 10 (a person following several
/// tenders at once), then an hour's wait.
pub const FOLLOW_LETTERS: Rule = Rule { free: 10, first_delay: HOUR, max_delay: HOUR, half_life: HOUR };
/// Confirmation letters asked for again by one account: as recovery letters.
pub const CONFIRMATION_LETTERS: Rule = RECOVERY_LETTERS;

/// A password attempt's free attempts per address (and per pair of an account not under
/// attack).
pub const FREE_ATTEMPTS: u32 = LOGIN.addr.free;
/// Keys kept at most (about 120 bytes each).
pub const MAX_KEYS: usize = 100_000;

/// What is being attempted; each has counts of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Login,
    SecondFactor,
    Recovery,
    Registration,
    /// Accounts created (per client address, and by everyone: the unknown address).
    SignUp,
    SignUpOverall,
    /// Confirmation letters sent again.
    Confirmation,
    /// Follows asked for without a login (each mails a confirmation).
    Follow,
}

/// What an attempt is counted against.
#[derive(Debug, Clone, Copy)]
pub enum Subject<'a> {
    /// The client address; `None` when unknown (every such request shares one count).
    Addr(Option<IpAddr>),
    /// An e-mail address, lower-cased (known or not: the answer must not tell which).
    Account(&'a str),
    /// An e-mail address and a client address.
    Pair(&'a str, Option<IpAddr>),
}

/// A key of the table: a scope and a subject.
#[derive(Debug, Clone, Copy)]
pub struct Key<'a>(pub Scope, pub Subject<'a>);

fn hash_addr(h: &mut Sha256, addr: Option<IpAddr>) {
    match addr.map(|ip| ip.to_canonical()) {
        None => h.update(b"\0"),
        Some(IpAddr::V4(v4)) => {
            h.update(b"4");
            h.update(v4.octets());
        }
        // One IPv6 subscriber usually holds a whole /64.
        Some(IpAddr::V6(v6)) => {
            h.update(b"6");
            h.update(&v6.octets()[..8]);
        }
    }
}

fn hash_str(h: &mut Sha256, s: &str) {
    h.update((s.len() as u64).to_le_bytes());
    h.update(s.as_bytes());
}

impl Key<'_> {
    /// A fixed-size digest, so a long e-mail costs no more memory than a short one.
    fn digest(&self) -> [u8; 16] {
        let mut h = Sha256::new();
        h.update([self.0 as u8]);
        match self.1 {
            Subject::Addr(addr) => {
                h.update(b"addr");
                hash_addr(&mut h, addr);
            }
            Subject::Account(email) => {
                h.update(b"account");
                hash_str(&mut h, email);
            }
            Subject::Pair(email, addr) => {
                h.update(b"pair");
                hash_str(&mut h, email);
                hash_addr(&mut h, addr);
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
    /// When the last attempt was counted.
    last: Instant,
    /// The wait the last attempt started, under the rule then in force.
    blocked_until: Option<Instant>,
    half_life: Duration,
}

impl Entry {
    fn new(now: Instant, rule: &Rule) -> Self {
        Self { count: 0, since: now, last: now, blocked_until: None, half_life: rule.half_life }
    }

    /// Applies the halvings due by `now`.
    fn decay(&mut self, now: Instant) {
        let half_life = self.half_life.as_secs().max(1);
        let halvings = now.saturating_duration_since(self.since).as_secs() / half_life;
        if halvings > 0 {
            self.count = self.count.checked_shr(u32::try_from(halvings).unwrap_or(u32::MAX)).unwrap_or(0);
            self.since =
                if self.count == 0 { now } else { self.since + Duration::from_secs(half_life) * halvings as u32 };
        }
    }

    /// The wait still due under `rule` (the rule now in force: a pair whose account came
    /// under attack waits as the stricter rule says from its last attempt on).
    fn wait(&mut self, rule: &Rule, now: Instant) -> Option<Duration> {
        if !rule.refuses() {
            return None;
        }
        self.decay(now);
        let by_rule = self.last + rule.delay(self.count);
        let until = self.blocked_until.map_or(by_rule, |b| b.max(by_rule));
        until.checked_duration_since(now).filter(|d| !d.is_zero())
    }

    fn forgotten_at(&mut self, now: Instant) -> bool {
        self.decay(now);
        self.count == 0 && self.blocked_until.is_none_or(|b| b <= now)
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

type Table = HashMap<[u8; 16], Entry>;

impl Throttle {
    /// A throttle keeping at most `max_keys` keys.
    pub fn with_capacity(max_keys: usize) -> Self {
        Self { entries: Mutex::new(HashMap::new()), max_keys: max_keys.max(1) }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one attempt against every key under its rule, or refuses it (nothing
    /// counted) with the time to wait when any key is still waiting.
    pub fn admit(&self, keys: &[(Key<'_>, Rule)], now: Instant) -> Result<(), Duration> {
        let checks: Vec<([u8; 16], Rule)> = keys.iter().map(|(k, r)| (k.digest(), *r)).collect();
        let mut entries = self.table();
        self.admit_locked(&mut entries, &checks, now)
    }

    /// Counts one guess by `addr` at `account`'s secret under `policy` (see [`Pairwise`]),
    /// or refuses it.
    pub fn admit_pairwise(
        &self,
        policy: &Pairwise,
        account: &str,
        addr: Option<IpAddr>,
        now: Instant,
    ) -> Result<(), Duration> {
        let [a, p, c] = pairwise_digests(policy.scope, account, addr);
        let mut entries = self.table();
        let account_count = entries.get_mut(&c).map_or(0, |e| {
            e.decay(now);
            e.count
        });
        let pair = if account_count >= policy.account.free { policy.pair_under_attack } else { policy.pair };
        self.admit_locked(&mut entries, &[(a, policy.addr), (p, pair), (c, policy.account)], now)
    }

    /// A guess admitted by [`Throttle::admit_pairwise`] was right: the failures of this
    /// address on this account were the owner's. The pair is forgotten, and its count
    /// (this attempt included) is taken off the address and the account, lifting a wait
    /// that no longer has attempts enough behind it. Other addresses' failures on the
    /// account, and this address's on other accounts, stay.
    pub fn proven(&self, policy: &Pairwise, account: &str, addr: Option<IpAddr>, now: Instant) {
        let [a, p, c] = pairwise_digests(policy.scope, account, addr);
        let mut entries = self.table();
        let proven = entries
            .remove(&p)
            .map(|mut e| {
                e.decay(now);
                e.count
            })
            .unwrap_or(0)
            .max(1);
        for (digest, rule) in [(a, policy.addr), (c, policy.account)] {
            if let Some(e) = entries.get_mut(&digest) {
                e.decay(now);
                e.count = e.count.saturating_sub(proven);
                if e.count < rule.free {
                    e.blocked_until = None;
                }
            }
        }
    }

    /// An attempt admitted by [`Throttle::admit`] turned out to be no guess (an account
    /// created): it is given back on every key, lifting a wait it started.
    pub fn give_back(&self, keys: &[(Key<'_>, Rule)], now: Instant) {
        let mut entries = self.table();
        for (key, rule) in keys {
            if let Some(e) = entries.get_mut(&key.digest()) {
                e.decay(now);
                e.count = e.count.saturating_sub(1);
                if e.count < rule.free {
                    e.blocked_until = None;
                }
            }
        }
    }

    /// Keys held now.
    pub fn len(&self) -> usize {
        self.table().len()
    }

    /// True when no key is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn admit_locked(&self, entries: &mut Table, checks: &[([u8; 16], Rule)], now: Instant) -> Result<(), Duration> {
        let wait = checks.iter().filter_map(|(d, rule)| entries.get_mut(d)?.wait(rule, now)).max();
        if let Some(wait) = wait {
            return Err(wait);
        }
        self.make_room(entries, now, checks.len());
        for (d, rule) in checks {
            let e = entries.entry(*d).or_insert_with(|| Entry::new(now, rule));
            e.decay(now);
            e.count = e.count.saturating_add(1);
            e.last = now;
            // A pair's rule changes while its account is under attack.
            e.half_life = rule.half_life;
            let delay = rule.delay(e.count);
            e.blocked_until = (!delay.is_zero()).then(|| now + delay);
        }
        Ok(())
    }

    /// Frees room for `incoming` keys: first keys whose count has decayed away; then,
    /// when that is not enough, the tenth of keys with the lowest counts. Waiting keys
    /// have the highest counts, so a flood of new keys pushes them out last.
    fn make_room(&self, entries: &mut Table, now: Instant, incoming: usize) {
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

/// The address, pair and account keys of a guess.
fn pairwise_digests(scope: Scope, account: &str, addr: Option<IpAddr>) -> [[u8; 16]; 3] {
    [
        Key(scope, Subject::Addr(addr)).digest(),
        Key(scope, Subject::Pair(account, addr)).digest(),
        Key(scope, Subject::Account(account)).digest(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMAIL: &str = "buyer@example.com";

    fn ip(n: u32) -> Option<IpAddr> {
        Some(IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + n)))
    }

    fn count(t: &Throttle, key: Key<'_>, now: Instant) -> u32 {
        t.table().get_mut(&key.digest()).map_or(0, |e| {
            e.decay(now);
            e.count
        })
    }

    fn login(t: &Throttle, account: &str, addr: Option<IpAddr>, now: Instant) -> Result<(), Duration> {
        t.admit_pairwise(&LOGIN, account, addr, now)
    }

    #[test]
    fn free_attempts_then_doubling_waits() {
        let t = Throttle::default();
        let now = Instant::now();
        let key = [(Key(Scope::Registration, Subject::Addr(ip(1))), REGISTRATIONS)];
        for _ in 0..REGISTRATIONS.free {
            t.admit(&key, now).unwrap();
        }
        assert_eq!(t.admit(&key, now), Err(REGISTRATIONS.first_delay));
        let later = now + REGISTRATIONS.first_delay;
        t.admit(&key, later).unwrap();
        assert_eq!(t.admit(&key, later), Err(REGISTRATIONS.first_delay * 2));
        assert_eq!(REGISTRATIONS.delay(40), REGISTRATIONS.max_delay);
    }

    #[test]
    fn a_wait_on_any_key_refuses_and_counts_nothing() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 0..FREE_ATTEMPTS {
            login(&t, &format!("user{i}@example.com"), ip(1), now).unwrap();
        }
        // A fresh account from the same address waits too, and is not counted.
        assert!(login(&t, "fresh@example.com", ip(1), now).is_err());
        assert_eq!(count(&t, Key(Scope::Login, Subject::Account("fresh@example.com")), now), 0);
        assert_eq!(count(&t, Key(Scope::Login, Subject::Addr(ip(1))), now), FREE_ATTEMPTS);
    }

    #[test]
    fn counts_decay() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 0..FREE_ATTEMPTS {
            login(&t, &format!("user{i}@example.com"), ip(1), now).unwrap();
        }
        // After two half-lives, 5 has become 1: four more attempts, the last of which
        // starts the next wait.
        let later = now + LOGIN.addr.half_life * 2;
        for i in 0..4 {
            login(&t, &format!("later{i}@example.com"), ip(1), later).unwrap();
        }
        assert!(login(&t, "last@example.com", ip(1), later).is_err());
    }

    #[test]
    fn the_account_count_refuses_nobody_but_makes_each_pair_strict() {
        let t = Throttle::default();
        let now = Instant::now();
        // Not under attack: an address has its five free attempts on the account.
        for _ in 0..FREE_ATTEMPTS {
            login(&t, "other@example.com", ip(100), now).unwrap();
        }
        assert!(login(&t, "other@example.com", ip(100), now).is_err());
        // A hundred addresses guess once each: every guess is admitted.
        for i in 0..100 {
            login(&t, EMAIL, ip(i), now).unwrap();
        }
        assert_eq!(count(&t, Key(Scope::Login, Subject::Account(EMAIL)), now), 100);
        // Under attack, an address that already guessed waits 4 s from its guess, then
        // 8 s, ...
        assert_eq!(login(&t, EMAIL, ip(7), now), Err(Duration::from_secs(4)));
        let later = now + Duration::from_secs(4);
        login(&t, EMAIL, ip(7), later).unwrap();
        assert_eq!(login(&t, EMAIL, ip(7), later), Err(Duration::from_secs(8)));
        // ...and a fresh address has one free attempt.
        login(&t, EMAIL, ip(1000), now).unwrap();
        assert_eq!(login(&t, EMAIL, ip(1000), now), Err(Duration::from_secs(4)));
    }

    #[test]
    fn the_owner_at_a_clean_address_is_admitted_and_clears_what_they_proved() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 0..5 {
            login(&t, EMAIL, ip(i), now).unwrap();
        }
        // The owner, from address 50, mistypes once (admitted: one free attempt under
        // attack), waits 4 s, then gets it right.
        login(&t, EMAIL, ip(50), now).unwrap();
        let later = now + Duration::from_secs(4);
        login(&t, EMAIL, ip(50), later).unwrap();
        t.proven(&LOGIN, EMAIL, ip(50), later);
        assert_eq!(count(&t, Key(Scope::Login, Subject::Pair(EMAIL, ip(50))), later), 0);
        assert_eq!(count(&t, Key(Scope::Login, Subject::Addr(ip(50))), later), 0);
        // The strangers' five failures stay: the account is still under attack.
        assert_eq!(count(&t, Key(Scope::Login, Subject::Account(EMAIL)), later), 5);
        assert!(login(&t, EMAIL, ip(3), later).is_ok(), "4 s after its guess");
        assert!(login(&t, EMAIL, ip(3), later).is_err());
    }

    #[test]
    fn a_success_takes_off_only_its_own_pair() {
        let t = Throttle::default();
        let now = Instant::now();
        for account in ["mine@example.com", "mine@example.com", "theirs@example.com", "theirs@example.com"] {
            login(&t, account, ip(1), now).unwrap();
        }
        login(&t, "mine@example.com", ip(1), now).unwrap();
        t.proven(&LOGIN, "mine@example.com", ip(1), now);
        // The guesses at another account stay on the address.
        assert_eq!(count(&t, Key(Scope::Login, Subject::Addr(ip(1))), now), 2);
        assert_eq!(count(&t, Key(Scope::Login, Subject::Pair("theirs@example.com", ip(1))), now), 2);
    }

    #[test]
    fn a_success_lifts_the_wait_its_attempt_started() {
        let t = Throttle::default();
        let now = Instant::now();
        for _ in 0..FREE_ATTEMPTS - 1 {
            login(&t, EMAIL, ip(1), now).unwrap();
        }
        // The fifth attempt starts a wait, but it succeeded: the wait is lifted, and the
        // address has its free attempts again.
        login(&t, EMAIL, ip(1), now).unwrap();
        t.proven(&LOGIN, EMAIL, ip(1), now);
        for _ in 0..FREE_ATTEMPTS {
            login(&t, EMAIL, ip(1), now).unwrap();
        }
        assert!(login(&t, EMAIL, ip(1), now).is_err());
    }

    #[test]
    fn codes_are_counted_apart_from_passwords_and_per_account() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 0..20 {
            login(&t, EMAIL, ip(i), now).unwrap();
        }
        // Password failures weigh nothing on the second factor.
        for i in 0..SECOND_FACTOR.account.free {
            t.admit_pairwise(&SECOND_FACTOR, EMAIL, ip(i), now).unwrap();
        }
        // Codes are few: five guesses at one account make every address wait.
        assert!(t.admit_pairwise(&SECOND_FACTOR, EMAIL, ip(99), now).is_err());
        t.admit_pairwise(&SECOND_FACTOR, "other@example.com", ip(99), now).unwrap();
    }

    #[test]
    fn ipv6_neighbours_share_a_count() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 0..FREE_ATTEMPTS {
            let ip = format!("2001:db8::{i:x}").parse().ok();
            login(&t, &format!("user{i}@example.com"), ip, now).unwrap();
        }
        assert!(login(&t, "x@example.com", "2001:db8::ffff".parse().ok(), now).is_err());
        login(&t, "x@example.com", "2001:db8:0:1::1".parse().ok(), now).unwrap();
    }

    #[test]
    fn memory_is_bounded_and_waiting_keys_stay() {
        let t = Throttle::with_capacity(1000);
        let now = Instant::now();
        for _ in 0..FREE_ATTEMPTS {
            login(&t, EMAIL, ip(1), now).unwrap();
        }
        for i in 0..10_000 {
            login(&t, &format!("flood{i}@example.com"), ip(10 + i), now).unwrap();
            let key = [(Key(Scope::Recovery, Subject::Account(&format!("r{i}@example.com"))), RECOVERY_LETTERS)];
            t.admit(&key, now).unwrap();
            assert!(t.len() <= 1000);
        }
        assert!(login(&t, EMAIL, ip(1), now).is_err(), "the flood pushed out the waiting address");
    }

    /// Guesses admitted in `span` when `addresses` addresses each guess at one account
    /// as soon as they may, none of them right.
    fn guesses(policy: &Pairwise, addresses: u32, span: Duration) -> usize {
        let t = Throttle::default();
        let start = Instant::now();
        let mut next: std::collections::BinaryHeap<std::cmp::Reverse<(Duration, u32)>> =
            (0..addresses).map(|i| std::cmp::Reverse((Duration::ZERO, i))).collect();
        let mut admitted = 0;
        while let Some(std::cmp::Reverse((at, i))) = next.pop() {
            if at >= span {
                continue;
            }
            match t.admit_pairwise(policy, EMAIL, ip(i), start + at) {
                Ok(()) => {
                    admitted += 1;
                    next.push(std::cmp::Reverse((at, i)));
                }
                Err(wait) => next.push(std::cmp::Reverse((at + wait, i))),
            }
        }
        admitted
    }

    /// Asks admitted in `span` by one asker asking as soon as it may.
    fn asks(rule: Rule, span: Duration) -> usize {
        let t = Throttle::default();
        let key = [(Key(Scope::Recovery, Subject::Account(EMAIL)), rule)];
        let (start, mut at, mut admitted) = (Instant::now(), Duration::ZERO, 0);
        while at < span {
            match t.admit(&key, start + at) {
                Ok(()) => admitted += 1,
                Err(wait) => at += wait,
            }
        }
        admitted
    }

    /// The figures of decision 0017.
    #[test]
    fn figures() {
        let (hour, day) = (HOUR, HOUR * 24);
        let figures = [
            ("login, 1 address, first hour", guesses(&LOGIN, 1, hour)),
            ("login, 1 address, a day", guesses(&LOGIN, 1, day)),
            ("login, 10 addresses, first hour", guesses(&LOGIN, 10, hour)),
            ("login, 10 addresses, a day", guesses(&LOGIN, 10, day)),
            ("login, 1000 addresses, first hour", guesses(&LOGIN, 1000, hour)),
            ("login, 1000 addresses, a day", guesses(&LOGIN, 1000, day)),
            ("code, 1000 addresses, first hour", guesses(&SECOND_FACTOR, 1000, hour)),
            ("code, 1000 addresses, a day", guesses(&SECOND_FACTOR, 1000, day)),
            ("letters to one address, first hour", asks(RECOVERY_LETTERS, hour)),
            ("letters to one address, a day", asks(RECOVERY_LETTERS, day)),
            ("recovery asks of one address, first hour", asks(RECOVERY_ASKS, hour)),
            ("recovery asks of one address, a day", asks(RECOVERY_ASKS, day)),
            ("registrations of one address, first hour", asks(REGISTRATIONS, hour)),
            ("registrations of one address, a day", asks(REGISTRATIONS, day)),
        ];
        for (what, n) in &figures {
            println!("{what}: {n}");
        }
        let expected = [10, 125, 100, 1250, 10_000, 125_000, 40, 804, 3, 49, 10, 125, 40, 804];
        assert_eq!(figures.map(|(_, n)| n), expected, "decision 0017 quotes these figures");
    }
}
