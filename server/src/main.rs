use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
use axum::serve::ListenerExt;
use server::config::Config;
use server::{app, AppState};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,server=info".into()),
        )
        .init();
    let path = PathBuf::from(std::env::var("PORTAL_CONFIG").unwrap_or_else(|_| "config/portal.json".into()));
    let mut config = Config::load(&path, std::env::vars()).context("configuration")?;
    if config.server.embedded_upstream {
        let upstream_config = upstream::UpstreamConfig::from_env().context("upstream configuration")?;
        config.follow_embedded_upstream(upstream_config.port);
        tokio::spawn(async move {
            // The portal serves meanwhile: pages that need data answer 502 until it is up.
            let loaded = tokio::task::spawn_blocking(move || upstream::load(upstream_config)).await;
            let result = match loaded {
                Ok(Ok(state)) => upstream::serve(state).await.map_err(|e| e.to_string()),
                Ok(Err(e)) => Err(e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            if let Err(e) = result {
                tracing::error!(error = %e, "embedded upstream stopped; data pages answer 502");
            }
        });
    }
    let addr = SocketAddr::from(([0, 0, 0, 0], config.server.port));
    let state = AppState::new(config);
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!("portal listening on http://127.0.0.1:{}", addr.port());
    let starting = state.clone();
    tokio::spawn(async move {
        if let Err(e) = starting.start_renderer("").await {
            tracing::error!(error = %e, "renderer failed to start");
            std::process::exit(1);
        }
    });
    // The head of a page goes out in its own write before the body: without
    // TCP_NODELAY the body would wait for the client's delayed ACK (~40 ms).
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!(error = %e, "TCP_NODELAY not set");
        }
    });
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("server")?;
    Ok(())
}
