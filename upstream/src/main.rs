//! Runs the upstream alone: `cargo run` (or `cargo run -- --tenders 1000000` to add
//! generated tenders). Configuration comes from the environment, see `UpstreamConfig`.

use anyhow::Context;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        // Colour codes only for a terminal: a file or a pipe gets plain lines.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let mut config = upstream::UpstreamConfig::from_env()?;
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--tenders") {
        config.generated_tenders = args.get(i + 1).context("--tenders needs a number")?.parse().context("--tenders")?;
    }
    let state = tokio::task::spawn_blocking(move || upstream::load(config)).await??;
    upstream::serve(state).await.context("serving")?;
    Ok(())
}
