//! Who may make a document over several upstream requests, and when (issue 42, item 1).
//! Two queues, both first come, first served:
//! - **one document per client** at a time, from its request's first step to its last
//!   byte sent: a client is an address, or a `/64` of IPv6 (one host's usual share),
//!   as [`crate::peer::Peer::visitor`] reads it behind the trusted proxies;
//! - **`server.maxDocumentStreams` documents being made** at once by the replica (its
//!   `AppState` holds them; each replica has its own): a permit covers the steps only,
//!   which run to their end into [`crate::spool`] while the client reads at its own pace.
//!
//! A request waits in them at most [`WAIT`], and at most [`MAX_WAITING`] requests wait at
//! once; past either, `503` with `Retry-After`. A client that reconnects again and again
//! so holds at most one of the permits, and only while its document is being made.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Longest wait in the queues.
pub const WAIT: Duration = Duration::from_secs(30);
/// Requests waiting in the queues at once.
pub const MAX_WAITING: usize = 256;

/// The share of the process one client is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Client {
    V4(u32),
    /// The first 64 bits.
    V6(u64),
    /// No address known (a test's in-process request).
    Unknown,
}

impl Client {
    pub fn of(ip: Option<IpAddr>) -> Self {
        match ip.map(|ip| ip.to_canonical()) {
            Some(IpAddr::V4(v4)) => Self::V4(u32::from(v4)),
            Some(IpAddr::V6(v6)) => Self::V6((u128::from(v6) >> 64) as u64),
            None => Self::Unknown,
        }
    }
}

/// The two queues.
pub struct Streams {
    making: Arc<Semaphore>,
    clients: Mutex<HashMap<Client, Arc<Semaphore>>>,
    waiting: AtomicUsize,
    wait: Duration,
    max_waiting: usize,
}

/// A client's turn: its one document, until this is dropped.
pub struct Turn {
    streams: Arc<Streams>,
    client: Client,
    permit: Option<OwnedSemaphorePermit>,
}

impl Drop for Turn {
    fn drop(&mut self) {
        drop(self.permit.take());
        // Forgotten when no one else holds or waits for it: the map holds only clients
        // with a request in progress.
        let mut clients = self.streams.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if clients.get(&self.client).is_some_and(|s| Arc::strong_count(s) == 1) {
            clients.remove(&self.client);
        }
    }
}

/// Why a request was not given its turn.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queues hold [`MAX_WAITING`] requests already.
    Full,
    /// It waited [`WAIT`].
    Waited,
}

/// Counts a request among the waiting for as long as it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Streams {
    pub fn new(making: usize) -> Arc<Self> {
        Self::with(making, WAIT, MAX_WAITING)
    }

    pub fn with(making: usize, wait: Duration, max_waiting: usize) -> Arc<Self> {
        Arc::new(Self {
            making: Arc::new(Semaphore::new(making.max(1))),
            clients: Mutex::new(HashMap::new()),
            waiting: AtomicUsize::new(0),
            wait,
            max_waiting,
        })
    }

    /// Clients with a document in progress or waiting.
    pub fn clients(&self) -> usize {
        self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len()
    }

    fn enter(&self) -> Result<Waiting<'_>, Refused> {
        self.waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < self.max_waiting).then_some(n + 1))
            .map(|_| Waiting(&self.waiting))
            .map_err(|_| Refused::Full)
    }

    /// The client's turn, once its earlier document has been sent.
    pub async fn turn(self: &Arc<Self>, ip: Option<IpAddr>) -> Result<Turn, Refused> {
        let client = Client::of(ip);
        let own = {
            let mut clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            clients.entry(client).or_insert_with(|| Arc::new(Semaphore::new(1))).clone()
        };
        // The turn is made first, so that a refusal below forgets the client as a turn does.
        let mut turn = Turn { streams: self.clone(), client, permit: None };
        let permit = match own.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                let _waiting = self.enter()?;
                tokio::time::timeout(self.wait, own.acquire_owned())
                    .await
                    .map_err(|_| Refused::Waited)?
                    .map_err(|_| Refused::Waited)?
            }
        };
        turn.permit = Some(permit);
        Ok(turn)
    }

    /// One of the permits to make a document, in the order asked for.
    pub async fn making(&self) -> Result<OwnedSemaphorePermit, Refused> {
        if let Ok(permit) = self.making.clone().try_acquire_owned() {
            return Ok(permit);
        }
        let _waiting = self.enter()?;
        tokio::time::timeout(self.wait, self.making.clone().acquire_owned())
            .await
            .map_err(|_| Refused::Waited)?
            .map_err(|_| Refused::Waited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn clients_are_addresses_and_the_64s_of_ipv6() {
        assert_eq!(Client::of(ip("203.0.113.5")), Client::of(ip("::ffff:203.0.113.5")));
        assert_ne!(Client::of(ip("203.0.113.5")), Client::of(ip("203.0.113.6")));
        assert_eq!(Client::of(ip("2001:db8:1:2::1")), Client::of(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(Client::of(ip("2001:db8:1:2::1")), Client::of(ip("2001:db8:1:3::1")));
    }

    #[tokio::test]
    async fn a_client_has_one_turn_and_another_client_is_not_held_by_it() {
        let streams = Streams::with(4, Duration::from_millis(200), 8);
        let first = streams.turn(ip("203.0.113.5")).await.unwrap();
        assert_eq!(streams.turn(ip("203.0.113.5")).await.err(), Some(Refused::Waited), "its second waits");
        let other = streams.turn(ip("198.51.100.7")).await.unwrap();
        assert_eq!(streams.clients(), 2);
        drop(first);
        let again = streams.turn(ip("203.0.113.5")).await.unwrap();
        drop((again, other));
        assert_eq!(streams.clients(), 0, "no client is remembered past its request");
    }

    #[tokio::test]
    async fn a_waiting_turn_comes_when_the_one_before_ends() {
        let streams = Streams::with(4, Duration::from_secs(5), 8);
        let first = streams.turn(ip("203.0.113.5")).await.unwrap();
        let waiting = tokio::spawn({
            let streams = streams.clone();
            async move { streams.turn(ip("203.0.113.5")).await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(first);
        assert_eq!(waiting.await.unwrap(), Ok(()));
    }

    #[tokio::test]
    async fn permits_queue_in_order_and_the_queue_is_bounded() {
        let streams = Streams::with(1, Duration::from_secs(5), 2);
        let held = streams.making().await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut waiters = Vec::new();
        for n in 0..2 {
            let (streams, order) = (streams.clone(), order.clone());
            waiters.push(tokio::spawn(async move {
                let _permit = streams.making().await.unwrap();
                order.lock().unwrap().push(n);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(streams.making().await.err(), Some(Refused::Full), "two wait already");
        drop(held);
        for waiter in waiters {
            waiter.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), [0, 1]);
        let short = Streams::with(1, Duration::from_millis(50), 2);
        let _held = short.making().await.unwrap();
        assert_eq!(short.making().await.err(), Some(Refused::Waited));
    }
}
