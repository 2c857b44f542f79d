use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
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
    let config = Config::load(&path, std::env::vars()).context("configuration")?;
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
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("server")?;
    Ok(())
}
