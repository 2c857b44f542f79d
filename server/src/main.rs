//! The `portal` binary: `portal` serves (the embedded upstream too, when configured),
//! `portal alerts` runs the saved-search alert job once. Everything else is in the
//! `server` library (`lib.rs`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use server::config::Config;
use server::serve::{Connections, Shutdown};
use server::{app, AppState};

/// One thread per core (or `renderer.isolates` of them), each with a current-thread
/// tokio runtime and its own V8 isolate: a request is read, fetched for, rendered and
/// written on one thread, with no hand-over between threads. The threads accept
/// connections from one listening socket.
fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        // Colour codes only for a terminal: a file or a pipe gets plain lines.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,server=info".into()),
        )
        .init();
    let path = PathBuf::from(std::env::var("PORTAL_CONFIG").unwrap_or_else(|_| "config/portal.json".into()));
    let mut config = Config::load(&path, std::env::vars()).context("configuration")?;
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("alerts") => return alerts_once(config),
        Some(other) => {
            anyhow::bail!("unknown command `{other}`: `portal` serves, `portal alerts` runs the alert job once")
        }
    }
    // Development mode is the embedded upstream's (`UPSTREAM_DEV=1`, what `make run` sets).
    let development = std::env::var("UPSTREAM_DEV").is_ok_and(|v| v == "1");
    config.settle_session_secret(development).context("configuration")?;
    let threads = match config.renderer.isolates {
        0 => std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        n => n,
    };
    let upstream_config = if config.server.embedded_upstream {
        let mut upstream_config = upstream::UpstreamConfig::from_env().context("upstream configuration")?;
        config.follow_embedded_upstream(upstream_config.port);
        // The portal's own pages call the embedded APIs from the browser (pickers, the old
        // portal's session check), and the portal itself passes each visitor's address on.
        let port = config.server.port;
        for origin in [
            config.client.public_origin.clone(),
            format!("http://127.0.0.1:{port}"),
            format!("http://localhost:{port}"),
        ] {
            upstream_config.allow_origin(&origin).context("upstream configuration")?;
        }
        // The portal is the upstream's proxy, known by a key rather than by its loopback
        // address (anyone on the machine connects from loopback).
        match (upstream_config.proxy_key.clone(), config.server.users_proxy_key.is_empty()) {
            (Some(key), true) => config.server.users_proxy_key = key,
            (None, true) => {
                let key = server::session::csrf::random_id();
                config.server.users_proxy_key = key.clone();
                upstream_config.proxy_key = Some(key);
            }
            (None, false) => upstream_config.proxy_key = Some(config.server.users_proxy_key.clone()),
            // Both configured: the operator's choice stands.
            (Some(_), false) => {}
        }
        // One client holds no more of the upstream than of the portal.
        upstream_config.limits = server::serve::limits(&config.server);
        // The browser calls the search and users APIs at the addresses the pages name: the
        // upstream answers those host names too (loopback is always answered).
        for url in [&config.client.endpoints.search, &config.client.endpoints.users, &config.client.endpoints.cdb] {
            upstream_config.allow_host_of(url);
        }
        // The recovery letter links to this portal's form, unless told otherwise.
        if upstream_config.portal_origin.is_none() {
            upstream_config.portal_origin = Some(config.client.public_origin.trim_end_matches('/').to_owned());
        }
        // A mirror of the central database when `sync.enabled`, unless the upstream's own
        // `UPSTREAM_SYNC_URL` says otherwise.
        let sync = &config.sync;
        if sync.enabled && upstream_config.sync.is_none() {
            let mut s = upstream::sync::SyncConfig::new(&sync.cdb_url, &upstream_config.data_dir);
            s.market_url = Some(sync.market_url.clone()).filter(|u| !u.is_empty());
            s.store_dir = sync.store_dir.clone().into();
            s.rate = sync.rate as f64;
            s.concurrency = sync.concurrency as usize;
            s.limit = sync.limit as usize;
            s.idle_ms = sync.idle_ms;
            s.since_ms = sync.since_ms(upstream::dates::now_ms()).context("sync configuration")?;
            upstream_config.sync = Some(s);
        }
        // The alert job's key, unless the upstream was given its own.
        if upstream_config.alerts_key.is_none() && !config.alerts.key.is_empty() {
            upstream_config.alerts_key = Some(config.alerts.key.clone());
        }
        Some(upstream_config)
    } else {
        None
    };
    let addr = SocketAddr::from(([0, 0, 0, 0], config.server.port));
    let listener = std::net::TcpListener::bind(addr).with_context(|| format!("cannot listen on {addr}"))?;
    listener.set_nonblocking(true).context("listener")?;
    let state = AppState::new(config);
    if let Some(upstream_config) = upstream_config {
        embedded_upstream(upstream_config, threads, state.clone())?;
    }
    tracing::info!(threads, "portal listening on http://127.0.0.1:{}", addr.port());
    // SIGTERM (service managers) and SIGINT (a terminal) both drain and exit.
    let shutdown = Shutdown::default();
    shutdown.on_signals().context("signal handling")?;
    let connections = Connections::default();
    let mut serving = Vec::with_capacity(threads);
    for n in 0..threads {
        let (listener, state) = (listener.try_clone().context("listener")?, state.clone());
        let (connections, shutdown) = (connections.clone(), shutdown.clone());
        let thread = std::thread::Builder::new()
            .name(format!("serve-{n}"))
            .spawn(move || serve(listener, state, n == 0, connections, shutdown))
            .context("serving thread")?;
        serving.push(thread);
    }
    // The threads hold their own handles: the socket closes when the last of them
    // stops accepting (at shutdown), so connections after that are refused at once
    // instead of waiting in the backlog until the process exits.
    drop(listener);
    for thread in serving {
        match thread.join() {
            Ok(result) => result?,
            Err(_) => anyhow::bail!("a serving thread panicked"),
        }
    }
    tracing::info!("stopped");
    // The embedded upstream's threads are not waited for: its writes are transactions.
    std::process::exit(0)
}

/// `portal alerts`: one run of the saved-search alert job against the users API the
/// configuration names (a running portal's embedded one at `UPSTREAM_PORT`, by
/// default), with an isolate of its own. Exits 1 when the run could not happen or a
/// search failed.
fn alerts_once(mut config: Config) -> anyhow::Result<()> {
    if config.server.embedded_upstream {
        let port = match std::env::var("UPSTREAM_PORT") {
            Ok(v) => v.parse().with_context(|| format!("UPSTREAM_PORT `{v}`"))?,
            Err(_) => 8081,
        };
        config.follow_embedded_upstream(port);
    }
    config.renderer.isolates = 1;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().context("runtime")?;
    let summary = runtime.block_on(async {
        let state = AppState::new(config);
        state.start_renderer("", false).await.context("renderer")?;
        server::alerts::run(&state).await.map_err(anyhow::Error::msg)
    })?;
    println!("alerts: {summary}");
    if summary.failed > 0 {
        anyhow::bail!("{} saved searches failed (logged above); the next run tries them again", summary.failed);
    }
    Ok(())
}

/// The embedded upstream on threads of its own. Its port is bound at once (requests
/// wait there while the data loads); the portal reports ready only once it serves.
fn embedded_upstream(config: upstream::UpstreamConfig, threads: usize, portal: AppState) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .thread_name("upstream")
        .enable_all()
        .build()
        .context("upstream runtime")?;
    std::thread::Builder::new()
        .name("upstream".into())
        .spawn(move || {
            runtime.block_on(async move {
                let addr = SocketAddr::from(([127, 0, 0, 1], config.port));
                let result = async {
                    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("{addr}: {e}"))?;
                    let state = tokio::task::spawn_blocking(move || upstream::load(config))
                        .await
                        .map_err(|e| e.to_string())?
                        .map_err(|e| e.to_string())?;
                    tracing::info!(%addr, "embedded upstream serving");
                    portal.mark_upstream_serving();
                    upstream::serve_on(listener, state).await.map_err(|e| e.to_string())
                };
                if let Err(e) = result.await {
                    tracing::error!(error = %e, "embedded upstream stopped");
                    std::process::exit(1);
                }
            });
        })
        .context("upstream thread")?;
    Ok(())
}

/// One serving thread. The first one also starts the renderer; until it is ready,
/// pages answer 503. Each thread makes its isolate as soon as the renderer is ready
/// rather than on its first page.
fn serve(
    listener: std::net::TcpListener,
    state: AppState,
    starts_renderer: bool,
    connections: Connections,
    shutdown: Shutdown,
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().context("runtime")?;
    let result = runtime.block_on(async {
        if starts_renderer {
            let starting = state.clone();
            tokio::spawn(async move {
                if let Err(e) = starting.start_renderer("", true).await {
                    tracing::error!(error = %e, "renderer failed to start");
                    std::process::exit(1);
                }
            });
        }
        if starts_renderer && state.config().alerts.enabled {
            tokio::spawn(server::alerts::every_interval(state.clone()));
        }
        // The follows' e-mails go whenever the job key is set: a follower is mailed
        // within a round of the change, with no command to run.
        if starts_renderer && !state.config().alerts.key.is_empty() {
            tokio::spawn(server::follow_mail::every_interval(state.clone()));
        }
        if starts_renderer {
            // The line `make run` users (and scripts) wait for: every request from now
            // on is served, data pages included.
            let watching = state.clone();
            let port = listener.local_addr().map(|a| a.port()).unwrap_or_default();
            tokio::spawn(async move {
                while !watching.serving() {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                println!("ready: http://127.0.0.1:{port}");
            });
        }
        let hosting = state.clone();
        tokio::spawn(async move {
            loop {
                if let Some(ready) = hosting.ready() {
                    if let Err(e) = ready.pool.host() {
                        tracing::error!(error = %e, "no isolate on this thread");
                        std::process::exit(1);
                    }
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        });
        let listener = tokio::net::TcpListener::from_std(listener).context("listener")?;
        server::serve::serve(listener, state.clone(), app(state.clone()), connections, shutdown).await.context("server")
    });
    // V8 goes before the thread's other thread-locals do.
    if let Some(ready) = state.ready() {
        ready.pool.unhost();
    }
    result
}
