//! The deadline of a call: a watchdog thread per isolate that terminates a call which
//! runs past it, and [`run`], which makes one call under the deadline and replaces an
//! isolate that was terminated or ran out of heap.

use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use deno_core::v8;

use crate::error::RenderError;
use crate::isolate::{Call, Isolate, IsolateSpec, Reply};
use crate::reuse::Embedded;

/// Arms a deadline around each call and terminates the isolate when it passes.
pub(super) struct Watchdog {
    state: Mutex<WatchState>,
    wake: Condvar,
}

struct WatchState {
    deadline: Option<Instant>,
    handle: Option<v8::IsolateHandle>,
    fired: bool,
    stop: bool,
    /// How often the watchdog looks at the deadline.
    tick: Duration,
}

impl Watchdog {
    pub(super) fn spawn(name: String) -> Arc<Self> {
        let dog = Arc::new(Self {
            state: Mutex::new(WatchState {
                deadline: None,
                handle: None,
                fired: false,
                stop: false,
                tick: Duration::from_millis(100),
            }),
            wake: Condvar::new(),
        });
        let watched = dog.clone();
        let spawned = thread::Builder::new().name(name).spawn(move || watched.run());
        if let Err(e) = spawned {
            tracing::error!(error = %e, "renderer watchdog did not start; renders have no deadline");
        }
        dog
    }

    fn run(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if state.stop {
                return;
            }
            let now = Instant::now();
            match state.deadline {
                Some(deadline) if now >= deadline => {
                    if let Some(handle) = &state.handle {
                        handle.terminate_execution();
                    }
                    state.fired = true;
                    state.deadline = None;
                }
                // Arming does not wake this thread (a wake per call cost two context
                // switches per render): it looks again every tick, so a deadline fires
                // at most one tick late.
                deadline => {
                    let wait = deadline.map_or(state.tick, |d| (d - now).min(state.tick));
                    state = self.wake.wait_timeout(state, wait).unwrap_or_else(|e| e.into_inner()).0;
                }
            }
        }
    }

    fn arm(&self, handle: v8::IsolateHandle, deadline: Duration) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.handle = Some(handle);
        state.deadline = Some(Instant::now() + deadline);
        state.fired = false;
        // A tenth of the deadline: a render is stopped at most 10 % late.
        state.tick = (deadline / 10).max(Duration::from_millis(1));
    }

    /// Disarms and tells whether the deadline fired during the call.
    fn disarm(&self) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.deadline = None;
        std::mem::take(&mut state.fired)
    }

    pub(super) fn stop(&self) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).stop = true;
        self.wake.notify_one();
    }
}

/// One call under the deadline. A terminated isolate is replaced; `false` means the
/// replacement failed and the worker must stop.
pub(super) fn run(
    slot: &mut Option<Isolate>,
    spec: &IsolateSpec,
    dog: &Watchdog,
    deadline: Duration,
    name: &str,
    (call, input, embedded): (&Call, &str, &[Embedded]),
) -> (Result<Reply, RenderError>, bool) {
    if slot.is_none() {
        // An earlier replacement failed: try again, so that a passing failure (memory
        // short for a moment) does not leave the thread broken for good.
        match Isolate::new(spec) {
            Ok(fresh) => *slot = Some(fresh),
            Err(e) => return (Err(e), false),
        }
    }
    let Some(isolate) = slot.as_mut() else {
        return (Err(RenderError::Closed), false);
    };
    dog.arm(isolate.thread_safe_handle(), deadline);
    let result = isolate.call(call, input, embedded);
    let fired = dog.disarm();
    // A terminated isolate is not trusted again (a late termination could even
    // hit the next call): any termination means a fresh isolate.
    let exceeded = isolate.heap_exceeded();
    let replace = fired || exceeded || matches!(result, Err(None));
    let result = result
        .map_err(|e| e.unwrap_or(if exceeded { RenderError::HeapLimit } else { RenderError::Deadline(deadline) }));
    if !replace {
        return (result, true);
    }
    tracing::warn!(thread = %name, error = ?result.as_ref().err(), "replacing isolate");
    // The old isolate must be gone before the new one exists: V8 keeps a
    // per-thread stack of entered isolates.
    *slot = None;
    match Isolate::new(spec) {
        Ok(fresh) => {
            *slot = Some(fresh);
            (result, true)
        }
        Err(e) => {
            tracing::error!(thread = %name, error = %e, "isolate could not be replaced");
            (result, false)
        }
    }
}
