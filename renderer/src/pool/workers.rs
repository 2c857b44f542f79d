//! The workers shape of a pool: isolates on threads of their own, each taking the
//! next [`Job`] from one shared channel and answering on the job's oneshot; the body
//! of a streamed page follows its head from the same isolate.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Duration;

use tokio::sync::oneshot;

use super::watchdog::{run, Watchdog};
use super::{body_html, Shared};
use crate::error::RenderError;
use crate::isolate::{Call, Isolate, IsolateSpec, Reply};
use crate::reuse::Embedded;

pub(super) struct Job {
    pub(super) call: Call,
    pub(super) input: String,
    pub(super) embedded: Vec<Embedded>,
    pub(super) reply: oneshot::Sender<Result<Reply, RenderError>>,
    /// For `Call::Head`: where the body goes, rendered by the same isolate right after
    /// the head was answered (so the server can send the head first).
    pub(super) then_body: Option<oneshot::Sender<Result<String, RenderError>>>,
}

/// Starts `size` worker threads and waits until every one of them has loaded the
/// bundle; the jobs sent on the answer go to whichever worker is free.
pub(super) fn start(
    size: usize,
    spec: &Arc<IsolateSpec>,
    deadline: Duration,
    shared: &Arc<Shared>,
) -> Result<mpsc::Sender<Job>, RenderError> {
    let (tx, rx) = mpsc::channel::<Job>();
    let rx = Arc::new(Mutex::new(rx));
    let (ready_tx, ready_rx) = mpsc::channel::<Result<(), RenderError>>();
    for id in 0..size {
        let (spec, rx, ready) = (spec.clone(), rx.clone(), ready_tx.clone());
        let shared = shared.clone();
        thread::Builder::new()
            .name(format!("renderer-{id}"))
            .spawn(move || worker(&spec, &rx, deadline, &ready, &shared.broken))
            .map_err(|e| RenderError::Start(e.to_string()))?;
    }
    for _ in 0..size {
        ready_rx.recv().map_err(|_| RenderError::Closed)??;
    }
    Ok(tx)
}

fn worker(
    spec: &IsolateSpec,
    rx: &Mutex<mpsc::Receiver<Job>>,
    deadline: Duration,
    ready: &mpsc::Sender<Result<(), RenderError>>,
    broken: &AtomicUsize,
) {
    // V8's delayed tasks need a tokio runtime entered on the isolate's thread.
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            let _ = ready.send(Err(RenderError::Start(e.to_string())));
            return;
        }
    };
    let _entered = runtime.enter();
    let name = thread::current().name().unwrap_or("renderer").to_owned();
    let dog = Watchdog::spawn(format!("{name}-watchdog"));
    let mut isolate = match Isolate::new(spec) {
        Ok(isolate) => {
            let _ = ready.send(Ok(()));
            Some(isolate)
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            dog.stop();
            return;
        }
    };
    loop {
        let job = {
            let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
            rx.recv()
        };
        let Ok(job) = job else { break };
        let Job { call, input, embedded, reply, then_body } = job;
        let (result, alive) = run(&mut isolate, spec, &dog, deadline, &name, (&call, &input, &embedded));
        // The head goes out first; the body of a page (not of a redirect) follows.
        let body_wanted = match &result {
            Ok(Reply::Head(head, body)) if head.redirect.is_none() => Some(*body),
            _ => None,
        };
        let _ = reply.send(result);
        if !alive {
            broken.fetch_add(1, Ordering::Relaxed);
            dog.stop();
            return;
        }
        if let (Some(then_body), Some(body)) = (then_body, body_wanted) {
            // Let the thread that sends the head run first: on a machine with one core
            // for the server, the body render would otherwise hold the CPU until it is
            // done and the head would go out with the body (seen with compression on).
            thread::yield_now();
            let (result, alive) = run(&mut isolate, spec, &dog, deadline, &name, (&Call::Body(body), "", &[]));
            let _ = then_body.send(body_html(result));
            if !alive {
                broken.fetch_add(1, Ordering::Relaxed);
                dog.stop();
                return;
            }
        }
    }
    dog.stop();
}
