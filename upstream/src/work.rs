//! Searches run off the async workers: on the blocking pool, at most [`Work::running`] at
//! once, with at most [`Work::queue`] waiting; past that a search answers 503 with
//! `Retry-After`. The async workers stay free for every other answer (`/health`, records,
//! the users API), so one client's expensive searches cannot stall another's page
//! (issue 42).

use crate::error::UpstreamError;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The gate of searches.
#[derive(Debug)]
pub struct Work {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    /// Searches that may run at once.
    pub running: usize,
    /// Searches that may wait for one of those.
    pub queue: usize,
}

impl Default for Work {
    /// As many at once as the machine has cores, and 64 waiting.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Self::new(cores, 64)
    }
}

/// A place in the queue, given back however the wait ends: with a permit, or with the
/// search dropped while it waits (its client gone, a timeout), which must not keep the
/// place for ever.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Work {
    pub fn new(running: usize, queue: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(running.max(1))),
            waiting: AtomicUsize::new(0),
            running: running.max(1),
            queue,
        }
    }

    /// Searches waiting for a place now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Acquire)
    }

    /// Runs `f` on the blocking pool when a place is free; `Busy` when the queue is full.
    /// The place is held by the blocking task itself, so a search whose caller stops
    /// waiting for it still counts until it ends.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, UpstreamError> + Send + 'static,
    ) -> Result<T, UpstreamError> {
        let permit = match self.permits.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.queue {
                    self.waiting.fetch_sub(1, Ordering::AcqRel);
                    return Err(UpstreamError::Busy);
                }
                let place = Waiting(&self.waiting);
                let p = self.permits.clone().acquire_owned().await;
                drop(place);
                p.map_err(|_| UpstreamError::Busy)?
            }
        };
        let out = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        })
        .await;
        out.map_err(|_| UpstreamError::Busy)?
    }
}
