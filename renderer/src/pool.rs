//! A pool of V8 isolates in one of two shapes:
//!
//! - **workers**: each isolate on its own OS thread, fed over one shared channel;
//!   callers on any runtime await a oneshot answer.
//! - **hosted**: each thread that calls into the pool gets its own isolate, created on
//!   its first call, and renders inline: no channel, no thread hop, no wake-ups. This
//!   is the server's shape (one current-thread tokio runtime per core, each with its
//!   isolate), and it must only be called from current-thread runtimes, so that a
//!   page's head and body are rendered by the same isolate.
//!
//! A watchdog per isolate terminates a call that passes its deadline; the isolate is
//! then replaced and serving goes on.
//!
//! Each shape has a module of its own (`workers`, `hosted`), and so has the deadline
//! (`watchdog`); this module keeps the options, the handle and the calls they share.

mod hosted;
mod watchdog;
mod workers;

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::thread;
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::contract::{RenderOutput, Resolution};
use crate::error::RenderError;
use crate::input::RenderInput;
use crate::isolate::{make_snapshot, Call, IsolateSpec, Reply};
use crate::reuse::Embedded;
use crate::turn::Turn;
use hosted::{hosted_call, hosted_turn};
use workers::Job;

/// How to build a pool.
#[derive(Debug, Clone)]
pub struct PoolOptions {
    /// The server bundle (`web/dist/server/entry-server.js`) source.
    pub bundle: String,
    /// `{"uk": {...}, "en": {...}}`: the `dzo` namespace of each language.
    pub translations_json: String,
    /// Number of worker isolates (threads); 0 means one per core. Ignored when `hosted`.
    pub isolates: usize,
    /// No worker threads: every thread that calls gets its own isolate (see the module).
    pub hosted: bool,
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
    /// Pages that may wait for one hosted isolate; the next is refused with
    /// [`RenderError::Busy`]. 0: no limit.
    pub max_waiting: usize,
}

/// The body of a streamed render: still being rendered by a worker when the head
/// arrives, (hosted) rendered when first polled after the head went out, or rendered
/// with the head already.
pub struct PendingBody(Pending);

enum Pending {
    Worker(oneshot::Receiver<Result<String, RenderError>>),
    /// Rendered in the same call as the head (taken by the first poll).
    Done(Option<String>),
    /// `yields`: polls still to answer `Pending` before the body is rendered; `turn`:
    /// the isolate's turn, held from the head until the body is rendered (or dropped).
    Hosted {
        pool: u64,
        body: u32,
        yields: u8,
        turn: Option<Turn>,
    },
}

impl Future for PendingBody {
    type Output = Result<String, RenderError>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match &mut self.0 {
            Pending::Worker(rx) => Pin::new(rx).poll(cx).map(|answer| answer.unwrap_or(Err(RenderError::Closed))),
            Pending::Done(body) => Poll::Ready(body.take().ok_or(RenderError::Closed)),
            // The first poll comes right after the head was handed over: give way, so
            // the head is written to the socket before this thread renders the body.
            // Twice: a compressing body turns the first `Pending` into a flush of what
            // it holds and answers that as data, so the writer polls again at once; the
            // second `Pending` reaches the writer, which then sends the head.
            Pending::Hosted { yields, .. } if *yields > 0 => {
                *yields -= 1;
                cx.waker().wake_by_ref();
                Poll::Pending
            }
            Pending::Hosted { pool, body, turn, .. } => {
                let answer = hosted_call(*pool, &Call::Body(*body), "", &[]);
                // Rendered (or failed): nothing is left to discard when dropped.
                let turn = turn.take();
                let answer =
                    answer.unwrap_or(Err(RenderError::Contract("a hosted body was polled on another thread".into())));
                drop(turn);
                Poll::Ready(body_html(answer))
            }
        }
    }
}

/// A hosted body nobody asked for (the client went away, or the response was dropped)
/// is forgotten by its isolate at once instead of a minute later.
impl Drop for PendingBody {
    fn drop(&mut self) {
        if let Pending::Hosted { pool, body, turn: turn @ Some(_), .. } = &mut self.0 {
            if let Some(Err(e)) = hosted_call(*pool, &Call::Discard(*body), "", &[]) {
                tracing::warn!(error = %e, "an abandoned body was not discarded");
            }
            drop(turn.take());
        }
    }
}

impl PendingBody {
    /// The body when it was rendered in the same call as the head (a page without
    /// upstream answers, see [`RendererPool::render_streamed`]); otherwise `self`.
    pub fn into_ready(mut self) -> Result<String, Self> {
        match &mut self.0 {
            Pending::Done(body @ Some(_)) => Ok(body.take().unwrap_or_default()),
            _ => Err(self),
        }
    }
}

/// A cheap-to-clone handle on the pool; worker threads stop when the last one drops.
#[derive(Clone)]
pub struct RendererPool {
    /// `None` for a hosted pool.
    tx: Option<mpsc::Sender<Job>>,
    workers: usize,
    shared: Arc<Shared>,
}

/// What hosted isolates are made from, and how many exist.
struct Shared {
    id: u64,
    spec: Arc<IsolateSpec>,
    deadline: Duration,
    hosted: AtomicUsize,
    /// Threads whose isolate was lost and could not be replaced (yet).
    broken: AtomicUsize,
    max_waiting: usize,
    /// Pages rendered (a head, a whole page or a HEAD's head), for tests and metrics.
    renders: AtomicU64,
}

/// The markup a `Call::Body` answered.
fn body_html(answer: Result<Reply, RenderError>) -> Result<String, RenderError> {
    match answer? {
        Reply::Body(html) => Ok(html),
        _ => Err(RenderError::Contract("renderBody answered something else".into())),
    }
}

static POOL_IDS: AtomicU64 = AtomicU64::new(1);

impl RendererPool {
    /// Starts the isolates and waits until every one of them has loaded the bundle
    /// (for a hosted pool: makes the snapshot; isolates come with the threads that call).
    pub fn start(options: PoolOptions) -> Result<Self, RenderError> {
        let size = if options.hosted {
            0
        } else if options.isolates == 0 {
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
        let shared = Arc::new(Shared {
            id: POOL_IDS.fetch_add(1, Ordering::Relaxed),
            spec: spec.clone(),
            deadline: options.deadline,
            hosted: AtomicUsize::new(0),
            broken: AtomicUsize::new(0),
            max_waiting: if options.max_waiting == 0 { usize::MAX } else { options.max_waiting },
            renders: AtomicU64::new(0),
        });
        if options.hosted {
            return Ok(Self { tx: None, workers: 0, shared });
        }
        let tx = workers::start(size, &spec, options.deadline, &shared)?;
        Ok(Self { tx: Some(tx), workers: size, shared })
    }

    /// Number of isolates: the workers, or the threads hosting one so far.
    pub fn size(&self) -> usize {
        self.workers + self.shared.hosted.load(Ordering::Relaxed)
    }

    /// Serving threads (or workers) that lost their isolate and could not replace it:
    /// they answer every render with an error until a replacement succeeds.
    pub fn broken(&self) -> usize {
        self.shared.broken.load(Ordering::Relaxed)
    }

    /// Pages rendered so far by this pool's isolates (heads, whole pages, HEADs' heads):
    /// a conditional request answered `304` adds none.
    pub fn renders(&self) -> u64 {
        self.shared.renders.load(Ordering::Relaxed)
    }

    /// One step of a document for machines (a feed, an export, a sitemap: the bundle's
    /// `machine(request, answer)`): the step without its text (JSON) and the text it adds. Takes the
    /// isolate's turn like a page, so that it never runs between a page's two halves.
    pub async fn machine(&self, request: &str, answer: Option<String>) -> Result<(String, String), RenderError> {
        let call = Call::Machine(answer);
        let reply = if self.tx.is_none() {
            self.host()?;
            let _turn = hosted_turn(Instant::now()).await?;
            self.call_here(&call, request, &[])?
        } else {
            self.send_job(call, request, &[], None).await?
        };
        match reply {
            Reply::Machine(step, text) => Ok((step, text)),
            _ => Err(RenderError::Contract("machine answered something else".into())),
        }
    }

    /// The route's decisions for a request: a redirect or the upstream data to fetch.
    pub async fn resolve(&self, input: &RenderInput) -> Result<Resolution, RenderError> {
        match self.send_job(Call::Resolve, input.json(), &[], None).await? {
            Reply::Resolve(resolution) => Ok(resolution),
            _ => Err(RenderError::Contract("resolve answered something else".into())),
        }
    }

    /// Renders a page to its status, head and body HTML. Its upstream answers may be
    /// taken from those the isolate parsed earlier (see [`Embedded`]).
    pub async fn render(&self, input: &RenderInput) -> Result<RenderOutput, RenderError> {
        self.render_json(input.json(), input.embedded()).await
    }

    /// [`render`](Self::render) of an input's text with every answer parsed anew (the
    /// bench's comparison, and tests of input that is not JSON).
    pub async fn render_parsed(&self, input: &RenderInput) -> Result<RenderOutput, RenderError> {
        self.render_json(input.json(), &[]).await
    }

    async fn render_json(&self, json: &str, embedded: &[Embedded]) -> Result<RenderOutput, RenderError> {
        self.shared.renders.fetch_add(1, Ordering::Relaxed);
        match self.send_job(Call::Render, json, embedded, None).await? {
            Reply::Render(out) => Ok(out),
            _ => Err(RenderError::Contract("render answered something else".into())),
        }
    }

    /// Renders a page in two halves on one isolate: the status and head come back as
    /// soon as they are known (with `html` empty), the body follows on the receiver.
    /// A redirect answers no body. `arrived`: when the page's request came in; on a
    /// hosted isolate the earliest arrival among waiting pages renders next.
    /// `head_first`: on a hosted isolate, the body waits until the head was handed to
    /// the writer; without it, head and body are rendered in one call (`render`), the
    /// body comes ready ([`PendingBody::into_ready`]) and a small page goes out whole.
    pub async fn render_streamed(
        &self,
        input: &RenderInput,
        arrived: Instant,
        head_first: bool,
    ) -> Result<(RenderOutput, Option<PendingBody>), RenderError> {
        let (input_json, embedded) = (input.json(), input.embedded());
        if self.tx.is_none() {
            self.shared.renders.fetch_add(1, Ordering::Relaxed);
            self.host()?;
            let turn = hosted_turn(arrived).await?;
            if !head_first {
                let mut whole = match self.call_here(&Call::Render, input_json, embedded)? {
                    Reply::Render(whole) => whole,
                    _ => return Err(RenderError::Contract("render answered something else".into())),
                };
                drop(turn);
                let body = std::mem::take(&mut whole.html);
                let pending = whole.redirect.is_none().then_some(PendingBody(Pending::Done(Some(body))));
                return Ok((whole, pending));
            }
            let (head, body) = match self.call_here(&Call::Head, input_json, embedded)? {
                Reply::Head(head, body) => (head, body),
                _ => return Err(RenderError::Contract("renderHead answered something else".into())),
            };
            let pending = head.redirect.is_none().then_some(PendingBody(Pending::Hosted {
                pool: self.shared.id,
                body,
                yields: 2,
                turn: Some(turn),
            }));
            return Ok((head, pending));
        }
        if !head_first {
            let mut whole = self.render(input).await?;
            let body = std::mem::take(&mut whole.html);
            let pending = whole.redirect.is_none().then_some(PendingBody(Pending::Done(Some(body))));
            return Ok((whole, pending));
        }
        let (then_body, body) = oneshot::channel();
        self.shared.renders.fetch_add(1, Ordering::Relaxed);
        let answer = self.send_job(Call::Head, input_json, embedded, Some(then_body)).await?;
        match answer {
            Reply::Head(head, _) if head.redirect.is_some() => Ok((head, None)),
            Reply::Head(head, _) => Ok((head, Some(PendingBody(Pending::Worker(body))))),
            _ => Err(RenderError::Contract("renderHead answered something else".into())),
        }
    }

    /// The status and head of a page, with no body prepared (a HEAD request).
    pub async fn render_head(&self, input: &RenderInput, arrived: Instant) -> Result<RenderOutput, RenderError> {
        let (input_json, embedded) = (input.json(), input.embedded());
        self.shared.renders.fetch_add(1, Ordering::Relaxed);
        let answer = if self.tx.is_none() {
            self.host()?;
            let _turn = hosted_turn(arrived).await?;
            self.call_here(&Call::HeadOnly, input_json, embedded)?
        } else {
            self.send_job(Call::HeadOnly, input_json, embedded, None).await?
        };
        match answer {
            Reply::Head(head, _) => Ok(head),
            _ => Err(RenderError::Contract("renderHead answered something else".into())),
        }
    }

    /// A call on this thread's isolate (hosted), or handed to a worker (which gets its
    /// own copy of the input).
    async fn send_job(
        &self,
        call: Call,
        input: &str,
        embedded: &[Embedded],
        then_body: Option<oneshot::Sender<Result<String, RenderError>>>,
    ) -> Result<Reply, RenderError> {
        let Some(tx) = &self.tx else {
            return self.call_here(&call, input, embedded);
        };
        let (reply, answer) = oneshot::channel();
        let job = Job { call, input: input.to_owned(), embedded: embedded.to_vec(), reply, then_body };
        tx.send(job).map_err(|_| RenderError::Closed)?;
        answer.await.map_err(|_| RenderError::Closed)?
    }
}
