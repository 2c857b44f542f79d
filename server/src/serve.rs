//! Connections: accepted by every serving thread from one listening socket, each
//! served by hyper's HTTP/1 on the thread that accepted it, under the limits that
//! keep one client from holding the server (`server.*` in the configuration):
//!
//! - a request's head must arrive within `headerReadTimeoutMs` of the server
//!   waiting for it (slow-header clients are closed);
//! - a connection on which no byte moved for `keepAliveIdleMs` is closed after its
//!   request in flight, if any;
//! - at most `maxConnections` are open in the process; the next one is answered a
//!   `503` with `Retry-After` and closed, without a queue;
//! - heads larger than hyper's buffer are refused by hyper (`431`; the finer
//!   `414`/`431` limits are checked per request, [`crate::limits`]).
//!
//! [`Shutdown`] stops every thread's accepting at once (SIGTERM or SIGINT) and lets
//! open connections finish their request in flight for at most `shutdownGraceMs`.

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
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

use crate::state::AppState;

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

/// One open connection's place in the count, given back when dropped.
struct Counted(Connections);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0 .0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Milliseconds since the process's first connection: a connection's last activity
/// fits in an atomic.
fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// A socket that records when a byte last moved either way.
struct Watched {
    stream: TcpStream,
    last: Arc<AtomicU64>,
}

impl AsyncRead for Watched {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.last.store(now_ms(), Ordering::Relaxed);
        }
        poll
    }
}

impl AsyncWrite for Watched {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.last.store(now_ms(), Ordering::Relaxed);
        }
        poll
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.last.store(now_ms(), Ordering::Relaxed);
        }
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

/// Serves `listener` on this thread's runtime until `shutdown` begins, then drains.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    router: Router,
    connections: Connections,
    shutdown: Shutdown,
) -> io::Result<()> {
    let server = &state.config().server;
    let limits = Limits {
        header_read: Duration::from_millis(server.header_read_timeout_ms),
        idle: Duration::from_millis(server.keep_alive_idle_ms),
    };
    let max_connections = server.max_connections;
    let grace = Duration::from_millis(server.shutdown_grace_ms);
    let mut stopping = shutdown.subscribe();
    loop {
        let (stream, peer) = tokio::select! {
            biased;
            _ = stopping.wait_for(|stop| *stop) => break,
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
        let counted = Counted(connections.clone());
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

#[derive(Clone, Copy)]
struct Limits {
    header_read: Duration,
    idle: Duration,
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

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
    _counted: Counted,
) {
    let last = Arc::new(AtomicU64::new(now_ms()));
    let io = TokioIo::new(Watched { stream, last: last.clone() });
    // Handlers learn the peer's address (the login throttle of the users API is keyed on it).
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let router = router.clone();
        async move { Ok::<_, Infallible>(router.oneshot(request.map(Body::new)).await.unwrap_or_else(|e| match e {})) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read).max_buf_size(HEAD_BUFFER);
    let conn = builder.serve_connection(io, service);
    tokio::pin!(conn);
    let idle_ms = limits.idle.as_millis() as u64;
    let mut closing = false;
    loop {
        let quiet_until = last.load(Ordering::Relaxed) + idle_ms;
        let wait = Duration::from_millis(quiet_until.saturating_sub(now_ms()));
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                return;
            }
            _ = stopping.wait_for(|stop| *stop), if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
            _ = tokio::time::sleep(wait), if !closing => {
                if now_ms() >= last.load(Ordering::Relaxed) + idle_ms {
                    closing = true;
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
}
