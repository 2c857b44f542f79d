//! A pool of V8 isolates, each on its own OS thread, fed over one shared channel.
//! Rendering never runs on a tokio worker: callers await a oneshot answer.
//! A watchdog per worker terminates a render that passes its deadline; the worker
//! then replaces its isolate and goes on serving.

use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use deno_core::v8;
use tokio::sync::oneshot;

use crate::contract::{PlanOutput, RenderOutput};
use crate::error::RenderError;
use crate::isolate::{make_snapshot, Answer, Call, Isolate, IsolateSpec};

/// How to build a pool.
#[derive(Debug, Clone)]
pub struct PoolOptions {
    /// The server bundle (`web/dist/server/entry-server.js`) source.
    pub bundle: String,
    /// `{"uk": {...}, "en": {...}}`: the `dzo` namespace of each language.
    pub translations_json: String,
    /// Number of isolates (threads); 0 means one per core.
    pub isolates: usize,
    /// Longest time one call may run before its isolate is terminated.
    pub deadline: Duration,
    /// V8 heap limit of each isolate, in bytes.
    pub heap_limit_bytes: usize,
    /// Start isolates from a V8 startup snapshot of the evaluated bundle. All
    /// pools of a process must agree on this and on the bundle (V8 shares its
    /// read-only heap between isolates).
    pub snapshot: bool,
    /// Script run in every isolate after the translations are loaded.
    pub extra_script: String,
}

struct Job {
    call: Call,
    input: String,
    reply: oneshot::Sender<Result<Answer, RenderError>>,
    /// For `Call::Head`: where the body goes, rendered by the same isolate right after
    /// the head was answered (so the server can send the head first).
    then_body: Option<oneshot::Sender<Result<String, RenderError>>>,
}

/// The body of a streamed render, still being rendered when the head arrives.
pub type PendingBody = oneshot::Receiver<Result<String, RenderError>>;

/// A cheap-to-clone handle on the pool; the threads stop when the last one drops.
#[derive(Clone)]
pub struct RendererPool {
    tx: mpsc::Sender<Job>,
    size: usize,
}

impl RendererPool {
    /// Starts the isolates and waits until every one of them has loaded the bundle.
    pub fn start(options: PoolOptions) -> Result<Self, RenderError> {
        let size = if options.isolates == 0 {
            thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
        } else {
            options.isolates
        };
        let snapshot = if options.snapshot { Some(make_snapshot(&options.bundle)?) } else { None };
        let spec = Arc::new(IsolateSpec {
            bundle: options.bundle,
            translations_json: options.translations_json,
            heap_limit_bytes: options.heap_limit_bytes,
            snapshot,
            extra_script: options.extra_script,
        });
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let (ready_tx, ready_rx) = mpsc::channel::<Result<(), RenderError>>();
        for id in 0..size {
            let (spec, rx, ready) = (spec.clone(), rx.clone(), ready_tx.clone());
            let deadline = options.deadline;
            thread::Builder::new()
                .name(format!("renderer-{id}"))
                .spawn(move || worker(&spec, &rx, deadline, &ready))
                .map_err(|e| RenderError::Start(e.to_string()))?;
        }
        for _ in 0..size {
            ready_rx.recv().map_err(|_| RenderError::Closed)??;
        }
        Ok(Self { tx, size })
    }

    /// Number of isolates.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Route decisions for a request: redirect or the upstream data to fetch.
    pub async fn plan(&self, input_json: String) -> Result<PlanOutput, RenderError> {
        match self.send(Call::Plan, input_json).await? {
            Answer::Plan(plan) => Ok(plan),
            _ => Err(RenderError::Contract("plan answered something else".into())),
        }
    }

    /// Renders a page to its status, head and body HTML.
    pub async fn render(&self, input_json: String) -> Result<RenderOutput, RenderError> {
        match self.send(Call::Render, input_json).await? {
            Answer::Render(out) => Ok(out),
            _ => Err(RenderError::Contract("render answered something else".into())),
        }
    }

    /// Renders a page in two halves on one isolate: the status and head come back as
    /// soon as they are known (with `html` empty), the body follows on the receiver.
    /// A redirect answers no body.
    pub async fn render_streamed(
        &self,
        input_json: String,
    ) -> Result<(RenderOutput, Option<PendingBody>), RenderError> {
        let (then_body, body) = oneshot::channel();
        let answer = self.send_job(Call::Head, input_json, Some(then_body)).await?;
        match answer {
            Answer::Render(head) if head.redirect.is_some() => Ok((head, None)),
            Answer::Render(head) => Ok((head, Some(body))),
            _ => Err(RenderError::Contract("renderHead answered something else".into())),
        }
    }

    async fn send(&self, call: Call, input: String) -> Result<Answer, RenderError> {
        self.send_job(call, input, None).await
    }

    async fn send_job(
        &self,
        call: Call,
        input: String,
        then_body: Option<oneshot::Sender<Result<String, RenderError>>>,
    ) -> Result<Answer, RenderError> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(Job { call, input, reply, then_body }).map_err(|_| RenderError::Closed)?;
        answer.await.map_err(|_| RenderError::Closed)?
    }
}

/// Arms a deadline around each call and terminates the isolate when it passes.
struct Watchdog {
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
    fn spawn(name: String) -> Arc<Self> {
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
                Some(deadline) => {
                    let wait = (deadline - now).min(state.tick);
                    state = self.wake.wait_timeout(state, wait).unwrap_or_else(|e| e.into_inner()).0;
                }
                None => {
                    let tick = state.tick;
                    state = self.wake.wait_timeout(state, tick).unwrap_or_else(|e| e.into_inner()).0;
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

    fn stop(&self) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).stop = true;
        self.wake.notify_one();
    }
}

fn worker(
    spec: &IsolateSpec,
    rx: &Mutex<mpsc::Receiver<Job>>,
    deadline: Duration,
    ready: &mpsc::Sender<Result<(), RenderError>>,
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
        let Job { call, input, reply, then_body } = job;
        let (result, alive) = run(&mut isolate, spec, &dog, deadline, &name, &call, &input);
        // The head goes out first; the body of a page (not of a redirect) follows.
        let body_wanted = matches!(&result, Ok(Answer::Render(head)) if head.redirect.is_none());
        let _ = reply.send(result);
        if !alive {
            dog.stop();
            return;
        }
        if let (Some(then_body), true) = (then_body, body_wanted) {
            // Let the thread that sends the head run first: on a machine with one core
            // for the server, the body render would otherwise hold the CPU until it is
            // done and the head would go out with the body (seen with compression on).
            thread::yield_now();
            let (result, alive) = run(&mut isolate, spec, &dog, deadline, &name, &Call::Body, "");
            let _ = then_body.send(result.and_then(|answer| match answer {
                Answer::Body(html) => Ok(html),
                _ => Err(RenderError::Contract("renderBody answered something else".into())),
            }));
            if !alive {
                dog.stop();
                return;
            }
        }
    }
    dog.stop();
}

/// One call under the deadline. A terminated isolate is replaced; `false` means the
/// replacement failed and the worker must stop.
fn run(
    slot: &mut Option<Isolate>,
    spec: &IsolateSpec,
    dog: &Watchdog,
    deadline: Duration,
    name: &str,
    call: &Call,
    input: &str,
) -> (Result<Answer, RenderError>, bool) {
    let Some(isolate) = slot.as_mut() else {
        return (Err(RenderError::Closed), false);
    };
    dog.arm(isolate.thread_safe_handle(), deadline);
    let result = isolate.call(call, input);
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
