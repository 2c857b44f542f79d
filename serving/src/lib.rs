//! Connections: accepted by every serving thread from one listening socket, each
//! served by hyper's HTTP/1 on the thread that accepted it, under the limits that
//! keep one client from holding the server ([`Limits`]; the portal's `server.*`
//! configuration, which the embedded upstream shares):
//!
//! - a request's head must arrive within `header_read` of the server waiting for it
//!   (slow-header clients are closed);
//! - a connection on which no byte moved for `idle` is closed after its request in
//!   flight, if any;
//! - while a connection has an answer to send, it must send at least
//!   `min_send_bytes_per_sec`, averaged over each `send_window`, and no answer's body
//!   may take longer than `max_send`: a client that does not read is disconnected, and
//!   what its answer held (a permit of a document stream, a render) is freed at once;
//! - at most `max_connections` are open in the process; the next one is answered a
//!   `503` with `Retry-After` and closed, without a queue;
//! - heads larger than hyper's buffer are refused by hyper (`431`).
//!
//! [`Shutdown`] stops every thread's accepting at once (SIGTERM or SIGINT) and lets
//! open connections finish their request in flight for at most `grace`.

pub mod client;

use std::cell::Cell;
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// The answer to a connection past `maxConnections`, written before anything is read.
const BUSY: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: text/plain; charset=utf-8\r\n\
Content-Length: 20\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
server is too busy\r\n";

/// hyper's read buffer: the most a request's head may take before hyper answers 431.
/// The configured limits are smaller and answered per request with the right status.
const HEAD_BUFFER: usize = 64 * 1024 + 8192;

/// Tells every serving thread to stop accepting and drain.
#[derive(Clone)]
pub struct Shutdown {
    tx: Arc<watch::Sender<bool>>,
}

impl Default for Shutdown {
    fn default() -> Self {
        Self { tx: Arc::new(watch::channel(false).0) }
    }
}

impl Shutdown {
    pub fn begin(&self) {
        self.tx.send_replace(true);
    }

    fn subscribe(&self) -> watch::Receiver<bool> {
        self.tx.subscribe()
    }

    /// Waits for SIGTERM or SIGINT on a thread of its own, then begins the shutdown.
    pub fn on_signals(&self) -> io::Result<()> {
        let shutdown = self.clone();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        std::thread::Builder::new().name("signals".into()).spawn(move || {
            runtime.block_on(async {
                use tokio::signal::unix::{signal, SignalKind};
                let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt()))
                else {
                    tracing::error!("cannot listen for SIGTERM/SIGINT");
                    return;
                };
                let name = tokio::select! {
                    _ = term.recv() => "SIGTERM",
                    _ = int.recv() => "SIGINT",
                };
                tracing::info!(signal = name, "shutting down: no new connections, draining those open");
                shutdown.begin();
            });
        })?;
        Ok(())
    }
}

/// Open connections of the process, shared by the serving threads.
#[derive(Clone, Default)]
pub struct Connections(Arc<AtomicUsize>);

impl Connections {
    pub fn open(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    /// Open connections served by this thread (each stays on the thread that accepted it).
    static OPEN_HERE: Cell<usize> = const { Cell::new(0) };
}

/// How many connections this serving thread has open: more than one means other
/// requests may be ready to run beside the caller's.
pub fn open_here() -> usize {
    OPEN_HERE.with(Cell::get)
}

/// One open connection's place in the count, given back when dropped.
struct Counted(Connections);

impl Counted {
    fn new(connections: Connections) -> Self {
        OPEN_HERE.with(|open| open.set(open.get() + 1));
        Self(connections)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0 .0.fetch_sub(1, Ordering::Relaxed);
        OPEN_HERE.with(|open| open.set(open.get().saturating_sub(1)));
    }
}

/// Milliseconds since the process's first connection: a connection's last activity
/// fits in an atomic.
fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// What a connection's watchdog reads: when a byte last moved either way, how many
/// bytes were written, whether an answer's body is open, and whether the last write
/// found the socket full (the client is not reading what was sent).
#[derive(Default)]
struct Progress {
    last: AtomicU64,
    written: AtomicU64,
    /// When the open answer's body started (ms, [`now_ms`] + 1), 0 when none is open.
    body_since: AtomicU64,
    blocked: AtomicBool,
    /// The connection is cut, not closed: what the kernel still holds for the client is
    /// dropped with it (a reset), instead of trickling out after the close.
    cut: AtomicBool,
    /// Told when a body starts, so the watchdog starts measuring at once.
    started: tokio::sync::Notify,
}

impl Progress {
    /// True while there is something to send: a body not yet ended, or bytes the socket
    /// did not take.
    fn sending(&self) -> bool {
        self.body_since.load(Ordering::Relaxed) != 0 || self.blocked.load(Ordering::Relaxed)
    }

    fn wrote(&self, poll: &Poll<io::Result<usize>>, asked: usize) {
        match poll {
            Poll::Ready(Ok(n)) => {
                if *n > 0 {
                    self.last.store(now_ms(), Ordering::Relaxed);
                    self.written.fetch_add(*n as u64, Ordering::Relaxed);
                }
                if *n >= asked {
                    self.blocked.store(false, Ordering::Relaxed);
                }
            }
            Poll::Pending => self.blocked.store(true, Ordering::Relaxed),
            Poll::Ready(Err(_)) => {}
        }
    }
}

/// A socket that tells its [`Progress`].
struct Watched {
    stream: TcpStream,
    progress: Arc<Progress>,
}

impl Drop for Watched {
    fn drop(&mut self) {
        if self.progress.cut.load(Ordering::Relaxed) {
            // `SO_LINGER` 0: the close resets the connection and frees its send buffer.
            let _ = self.stream.set_zero_linger();
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.progress.last.store(now_ms(), Ordering::Relaxed);
        }
        poll
    }
}

impl AsyncWrite for Watched {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.progress.wrote(&poll, buf.len());
        poll
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.progress.wrote(&poll, bufs.iter().map(|b| b.len()).sum());
        poll
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// An answer's body that tells its connection's [`Progress`] while it is open: from
/// the answer's head until its last frame (or until it is dropped, when the connection
/// closes). Dropping it drops what the body holds.
struct Tracked {
    inner: Body,
    progress: Option<Arc<Progress>>,
}

impl Tracked {
    fn new(inner: Body, progress: Arc<Progress>) -> Self {
        progress.body_since.store(now_ms() + 1, Ordering::Relaxed);
        progress.started.notify_one();
        Self { inner, progress: Some(progress) }
    }

    fn ended(&mut self) {
        if let Some(progress) = self.progress.take() {
            progress.body_since.store(0, Ordering::Relaxed);
        }
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.ended();
    }
}

impl http_body::Body for Tracked {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let poll = Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(poll, Poll::Ready(None) | Poll::Ready(Some(Err(_)))) {
            self.ended();
        }
        poll
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Resolves once the shutdown has begun (holding nothing across threads: the server
/// runs on current-thread and multi-thread runtimes alike).
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stop| *stop).await.map(|_| ());
}

/// Serves `listener` on this thread's runtime until `shutdown` begins, then drains.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    connections: Connections,
    shutdown: Shutdown,
) -> io::Result<()> {
    let max_connections = limits.max_connections;
    let grace = limits.grace;
    let mut stopping = shutdown.subscribe();
    loop {
        let (stream, peer) = tokio::select! {
            biased;
            _ = stopped(&mut stopping) => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors or a connection reset before it was taken: the
                // listener itself is fine. A short pause lets descriptors come free.
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        // The head of a page goes out in its own write before the body: without
        // TCP_NODELAY the body would wait for the client's delayed ACK (~40 ms).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY not set");
        }
        if connections.0.fetch_add(1, Ordering::Relaxed) >= max_connections {
            connections.0.fetch_sub(1, Ordering::Relaxed);
            tokio::spawn(refuse(stream));
            continue;
        }
        let counted = Counted::new(connections.clone());
        tokio::spawn(connection(stream, peer, router.clone(), limits, shutdown.subscribe(), counted));
    }
    drop(listener);
    // Every connection of every thread has been told; wait for them to finish.
    let until = Instant::now() + grace;
    while connections.open() > 0 && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if connections.open() > 0 {
        tracing::warn!(open = connections.open(), "shutdown grace ended with connections still open");
    }
    Ok(())
}

/// What one client may hold of the server.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Time to send a request's head, from when the server starts waiting for it.
    pub header_read: Duration,
    /// A connection on which no byte moved this long is closed.
    pub idle: Duration,
    /// While an answer is being sent, the least bytes a second, over each `send_window`.
    pub min_send_bytes_per_sec: u64,
    pub send_window: Duration,
    /// Longest time one answer's body may take to send.
    pub max_send: Duration,
    /// Open connections of the process.
    pub max_connections: usize,
    /// How long a shutdown waits for the requests in flight.
    pub grace: Duration,
}

impl Default for Limits {
    /// The portal's defaults (`config/portal.json`).
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(30),
            min_send_bytes_per_sec: 1024,
            send_window: Duration::from_secs(10),
            max_send: Duration::from_secs(600),
            max_connections: 4096,
            grace: Duration::from_secs(10),
        }
    }
}

/// A connection past the cap: `503` at once, then closed once the client stops sending
/// (closing with unread bytes would reset the connection before the answer is read).
async fn refuse(mut stream: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(BUSY).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        loop {
            use tokio::io::AsyncReadExt;
            if stream.read(&mut sink).await? == 0 {
                return Ok::<_, io::Error>(());
            }
        }
    })
    .await;
}

/// `Keep-Alive: timeout=N`: how long an idle connection may wait for its next request,
/// less a second. hyper's head timer runs from when it starts waiting for the next head,
/// so an idle connection is closed after `header_read` (or `idle`, if shorter). A client
/// that sends its next request on a connection just as the server closes it gets an
/// error, not an answer, and Node's fetch does not retry. With the hint, clients that read
/// it (undici, curl) drop an idle connection before the server does.
fn keep_alive_hint(limits: &Limits) -> axum::http::HeaderValue {
    let secs = limits.header_read.min(limits.idle).as_secs().saturating_sub(1).max(1);
    axum::http::HeaderValue::from_str(&format!("timeout={secs}"))
        .unwrap_or(axum::http::HeaderValue::from_static("timeout=1"))
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
    _counted: Counted,
) {
    let progress = Arc::new(Progress { last: AtomicU64::new(now_ms()), ..Progress::default() });
    let io = TokioIo::new(Watched { stream, progress: progress.clone() });
    // Handlers learn the peer's address (the login throttle of the users API is keyed on it).
    let tracking = progress.clone();
    let keep_alive = keep_alive_hint(&limits);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let (router, progress, keep_alive) = (router.clone(), tracking.clone(), keep_alive.clone());
        async move {
            let mut response = router.oneshot(request.map(Body::new)).await.unwrap_or_else(|e| match e {});
            response.headers_mut().insert(axum::http::header::HeaderName::from_static("keep-alive"), keep_alive);
            Ok::<_, Infallible>(response.map(|body| Body::new(Tracked::new(body, progress))))
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read).max_buf_size(HEAD_BUFFER);
    let conn = builder.serve_connection(io, service);
    tokio::pin!(conn);
    let idle_ms = limits.idle.as_millis() as u64;
    let window_ms = (limits.send_window.as_millis() as u64).max(1);
    let max_send_ms = limits.max_send.as_millis() as u64;
    // Since when, and from which count of bytes written, the current window measures.
    let mut window: Option<(u64, u64)> = None;
    let mut closing = false;
    loop {
        let now = now_ms();
        if progress.sending() {
            let written = progress.written.load(Ordering::Relaxed);
            let (since, from) = *window.get_or_insert((now, written));
            if now.saturating_sub(since) >= window_ms {
                let sent = written - from;
                if sent.saturating_mul(1000) < limits.min_send_bytes_per_sec.saturating_mul(now - since) {
                    tracing::info!(%peer, sent, ms = now - since, "a client that does not read what it asked for: disconnected");
                    progress.cut.store(true, Ordering::Relaxed);
                    return;
                }
                window = Some((now, written));
            }
            let body_since = progress.body_since.load(Ordering::Relaxed);
            if body_since != 0 && now.saturating_sub(body_since - 1) >= max_send_ms {
                tracing::info!(%peer, ms = now - (body_since - 1), "an answer took longer to send than allowed: disconnected");
                progress.cut.store(true, Ordering::Relaxed);
                return;
            }
        } else {
            window = None;
        }
        let quiet_until = progress.last.load(Ordering::Relaxed) + idle_ms;
        let mut wait = Duration::from_millis(quiet_until.saturating_sub(now));
        if window.is_some() {
            wait = wait.min(Duration::from_millis(window_ms / 2 + 1));
        }
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                return;
            }
            _ = stopped(&mut stopping), if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
            // A body began: measure it from now on.
            _ = progress.started.notified() => {}
            _ = tokio::time::sleep(wait) => {
                if !closing && !progress.sending() && now_ms() >= progress.last.load(Ordering::Relaxed) + idle_ms {
                    closing = true;
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_thread_counts_its_own_open_connections() {
        // The process-wide count is taken by `serve` before a connection is counted.
        let connections = Connections::default();
        let (a, b) = (Counted::new(connections.clone()), Counted::new(connections.clone()));
        assert_eq!(open_here(), 2);
        let other = connections.clone();
        let elsewhere = std::thread::spawn(move || {
            let _c = Counted::new(other);
            open_here()
        });
        assert_eq!(elsewhere.join().unwrap(), 1);
        drop(a);
        assert_eq!(open_here(), 1);
        drop(b);
        assert_eq!(open_here(), 0);
    }
}
