//! The turn of a hosted isolate: one page at a time renders from head to body, and
//! when the turn comes free it goes to the waiting page whose request arrived first.
//!
//! First come, first served by request arrival rather than by the moment a page's
//! data came back: a request whose upstream answer was slow does not also queue
//! behind every request that arrived after it. Under load this keeps the latency of
//! all requests close to the mean instead of letting a few pay twice.
//!
//! The queue is bounded: a page that finds `max_waiting` pages already waiting is
//! refused at once ([`Busy`]) rather than queued behind them, so an overloaded thread
//! answers fast refusals instead of ever slower pages.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use std::time::Instant;

/// Waiting pages are ordered by arrival, then by the order they asked.
type Key = (Instant, u64);

pub(crate) struct Turns {
    state: Mutex<State>,
    max_waiting: usize,
}

/// The queue was full.
#[derive(Debug)]
pub(crate) struct Busy;

#[derive(Default)]
struct State {
    held: bool,
    asked: u64,
    /// Pages waiting, with the waker of their last poll.
    waiting: BTreeMap<Key, Option<Waker>>,
}

impl State {
    fn wake_first(&mut self) {
        if let Some(waker) = self.waiting.values_mut().next().and_then(Option::take) {
            waker.wake();
        }
    }
}

impl Turns {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing here can panic while the lock is held; a poisoned lock is still sound.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn new(max_waiting: usize) -> Self {
        Self { state: Mutex::default(), max_waiting: max_waiting.max(1) }
    }

    /// True when one more page would be refused.
    pub(crate) fn full(&self) -> bool {
        self.lock().waiting.len() >= self.max_waiting
    }

    /// Waits for the turn of a page whose request arrived at `arrived`.
    pub(crate) fn take(self: &Arc<Self>, arrived: Instant) -> TakeTurn {
        let mut state = self.lock();
        state.asked += 1;
        TakeTurn { turns: self.clone(), key: (arrived, state.asked), queued: false, done: false }
    }
}

pub(crate) struct TakeTurn {
    turns: Arc<Turns>,
    key: Key,
    queued: bool,
    done: bool,
}

impl Future for TakeTurn {
    type Output = Result<Turn, Busy>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = &mut *self;
        let mut state = this.turns.lock();
        let first = state.waiting.keys().next().is_none_or(|k| *k >= this.key);
        if !state.held && first {
            state.held = true;
            state.waiting.remove(&this.key);
            this.done = true;
            return Poll::Ready(Ok(Turn { turns: this.turns.clone() }));
        }
        if !this.queued && state.waiting.len() >= this.turns.max_waiting {
            this.done = true;
            return Poll::Ready(Err(Busy));
        }
        state.waiting.insert(this.key, Some(cx.waker().clone()));
        this.queued = true;
        Poll::Pending
    }
}

impl Drop for TakeTurn {
    fn drop(&mut self) {
        if self.queued && !self.done {
            let mut state = self.turns.lock();
            state.waiting.remove(&self.key);
            // It may have been woken to take a free turn: pass that wake on.
            if !state.held {
                state.wake_first();
            }
        }
    }
}

/// The turn, given back when dropped.
pub(crate) struct Turn {
    turns: Arc<Turns>,
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut state = self.turns.lock();
        state.held = false;
        state.wake_first();
    }
}
