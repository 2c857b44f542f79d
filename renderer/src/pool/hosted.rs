//! The hosted shape of a pool: each thread that calls gets an isolate of its own,
//! kept in a thread-local with its watchdog and the turn its pages take, and renders
//! inline on it.

use std::cell::RefCell;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use super::watchdog::{run, Watchdog};
use super::{RendererPool, Shared};
use crate::error::RenderError;
use crate::isolate::{Call, Isolate, Reply};
use crate::reuse::Embedded;
use crate::turn::{Turn, Turns};

/// The isolate of this thread in a hosted pool.
struct Hosted {
    shared: Arc<Shared>,
    slot: Option<Isolate>,
    dog: Arc<Watchdog>,
    name: String,
    /// One page at a time from head to body: other requests go on with their I/O while
    /// a head is written, but do not start a render until its body is done. Without
    /// this, dozens of pages' data were alive in the heap at once between halves and
    /// garbage collection cost more than the hand-over it replaced. The request that
    /// arrived first goes first ([`Turns`]).
    turn: Arc<Turns>,
    /// Counted in `Shared::broken`: the isolate was lost and not replaced.
    broken: bool,
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.dog.stop();
    }
}

thread_local! {
    static HOSTED: RefCell<Option<Hosted>> = const { RefCell::new(None) };
}

/// Runs a call on this thread's isolate of pool `pool`; `None` when this thread has none.
pub(super) fn hosted_call(
    pool: u64,
    call: &Call,
    input: &str,
    embedded: &[Embedded],
) -> Option<Result<Reply, RenderError>> {
    HOSTED.with(|cell| {
        let mut cell = cell.borrow_mut();
        let hosted = cell.as_mut().filter(|h| h.shared.id == pool)?;
        let shared = &hosted.shared;
        let (result, alive) =
            run(&mut hosted.slot, &shared.spec, &hosted.dog, shared.deadline, &hosted.name, (call, input, embedded));
        if alive == hosted.broken {
            hosted.broken = !alive;
            if alive {
                tracing::info!(thread = %hosted.name, "this thread has an isolate again");
                shared.broken.fetch_sub(1, Ordering::Relaxed);
            } else {
                tracing::error!(thread = %hosted.name, "this thread has no isolate any more");
                shared.broken.fetch_add(1, Ordering::Relaxed);
            }
        }
        Some(result)
    })
}

/// Waits for the turn of this thread's hosted isolate for a page whose request arrived
/// at `arrived` ([`Turns`]): [`RenderError::Busy`] when as many pages wait as it takes.
pub(super) async fn hosted_turn(arrived: Instant) -> Result<Turn, RenderError> {
    HOSTED
        .with(|cell| cell.borrow().as_ref().map(|h| h.turn.clone()))
        .ok_or(RenderError::Closed)?
        .take(arrived)
        .await
        .map_err(|_| RenderError::Busy)
}

impl RendererPool {
    /// Gives this thread its isolate of a hosted pool now rather than on its first
    /// call (a no-op when it has one, or for a worker pool).
    pub fn host(&self) -> Result<(), RenderError> {
        if self.tx.is_some() {
            return Ok(());
        }
        HOSTED.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.as_ref().is_some_and(|h| h.shared.id == self.shared.id) {
                return Ok(());
            }
            // deno_core wants a tokio runtime entered for V8's delayed tasks.
            if tokio::runtime::Handle::try_current().is_err() {
                return Err(RenderError::Start("a hosted pool must be called from inside a tokio runtime".into()));
            }
            let name = format!("hosted-{}", self.shared.hosted.load(Ordering::Relaxed));
            // Drop any isolate of an earlier pool first: one entered isolate per thread.
            *cell = None;
            let isolate = Isolate::new(&self.shared.spec)?;
            let dog = Watchdog::spawn(format!("{name}-watchdog"));
            self.shared.hosted.fetch_add(1, Ordering::Relaxed);
            let turn = Arc::new(Turns::new(self.shared.max_waiting));
            *cell = Some(Hosted { shared: self.shared.clone(), slot: Some(isolate), dog, name, turn, broken: false });
            Ok(())
        })
    }

    /// Drops this thread's isolate of a hosted pool (before the thread ends: V8 must
    /// not be torn down by thread-local destructors).
    pub fn unhost(&self) {
        HOSTED.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.as_ref().is_some_and(|h| h.shared.id == self.shared.id) {
                *cell = None;
                self.shared.hosted.fetch_sub(1, Ordering::Relaxed);
            }
        });
    }

    /// True when this thread's hosted isolate has as many pages waiting as it takes: a
    /// page asked for now would be refused ([`RenderError::Busy`]).
    pub fn busy_here(&self) -> bool {
        HOSTED.with(|cell| cell.borrow().as_ref().is_some_and(|h| h.shared.id == self.shared.id && h.turn.full()))
    }

    /// A call on this thread's isolate of this hosted pool (made on the first call).
    pub(super) fn call_here(&self, call: &Call, input: &str, embedded: &[Embedded]) -> Result<Reply, RenderError> {
        self.host()?;
        hosted_call(self.shared.id, call, input, embedded).unwrap_or(Err(RenderError::Closed))
    }
}
