//! `upstream`: the platform's APIs (search, users, old portal, market) served from real
//! Prozorro data on this machine. The portal starts it in-process on its own listener
//! with [`UpstreamConfig::from_env`], [`load`] and [`serve`] (or [`app`] on a listener
//! it owns); `cargo run` inside this folder runs it alone on 127.0.0.1:8081.

pub mod cdb;
pub mod classifiers;
pub mod dates;
pub mod error;
pub mod generate;
pub mod index;
pub mod market;
pub mod monitoring;
pub mod params;
pub mod query;
pub mod records;
pub mod router;
pub mod shared_data;
pub mod store;
pub mod users;

pub use error::UpstreamError;
pub use store::{Data, DataSource};

use std::path::PathBuf;
use std::sync::Arc;

/// Start-up configuration, read once.
#[derive(Debug, Clone)]
pub struct UpstreamConfig {
    /// Listening port. Default 8081; env `UPSTREAM_PORT`.
    pub port: u16,
    /// Data folder with `demo.jsonl.gz`, `dk021_uk.json` and the users database.
    /// Default `data`; env `UPSTREAM_DATA_DIR`.
    pub data_dir: PathBuf,
    /// Standards `classifiers` folder. Default `../shared/data/prozorro-standards/classifiers`
    /// when it exists; env `UPSTREAM_STANDARDS_DIR` (empty disables it).
    pub standards_dir: Option<PathBuf>,
    /// Extra generated tenders. Default 0; env `UPSTREAM_GENERATED_TENDERS`.
    pub generated_tenders: usize,
    /// A folder of extra tender documents (`*.json`, one tender each). Default none;
    /// env `UPSTREAM_EXTRA_TENDERS_DIR`.
    pub extra_tenders_dir: Option<PathBuf>,
    /// A folder of extra plan documents (`*.json`, one plan each). Default none;
    /// env `UPSTREAM_EXTRA_PLANS_DIR`.
    pub extra_plans_dir: Option<PathBuf>,
    /// A folder of extra contract documents (`*.json`, one contract each, the central
    /// database's shape). Default none; env `UPSTREAM_EXTRA_CONTRACTS_DIR`.
    pub extra_contracts_dir: Option<PathBuf>,
    /// Users database file. Default `<data_dir>/users.sqlite3`; env `UPSTREAM_USERS_DB`
    /// (`:memory:` for a throwaway database).
    pub users_db: PathBuf,
    /// HS256 secret for JWTs. Default: a development secret; env `UPSTREAM_JWT_SECRET`.
    pub jwt_secret: String,
    /// Access-token lifetime in seconds. Default 900; env `UPSTREAM_TOKEN_TTL`.
    pub token_ttl_secs: i64,
    /// Expose `/dev/outbox`. Default true; env `UPSTREAM_DEV_ENDPOINTS=0` hides it.
    pub dev_endpoints: bool,
}

impl UpstreamConfig {
    /// Reads the environment (see each field for its variable and default).
    pub fn from_env() -> Result<Self, UpstreamError> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let num = |k: &str, default: i64| -> Result<i64, UpstreamError> {
            var(k).map_or(Ok(default), |v| {
                v.parse().map_err(|_| UpstreamError::invalid(k, format!("expected a number, got `{v}`")))
            })
        };
        let data_dir = PathBuf::from(var("UPSTREAM_DATA_DIR").unwrap_or_else(|| "data".into()));
        let standards_dir = match std::env::var("UPSTREAM_STANDARDS_DIR") {
            Ok(v) if v.is_empty() => None,
            Ok(v) => Some(PathBuf::from(v)),
            Err(_) => store::default_standards_dir(),
        };
        let port = num("UPSTREAM_PORT", 8081)?;
        Ok(Self {
            port: u16::try_from(port).map_err(|_| UpstreamError::invalid("UPSTREAM_PORT", "out of range"))?,
            users_db: var("UPSTREAM_USERS_DB").map(PathBuf::from).unwrap_or_else(|| data_dir.join("users.sqlite3")),
            data_dir,
            standards_dir,
            generated_tenders: num("UPSTREAM_GENERATED_TENDERS", 0)?.max(0) as usize,
            extra_tenders_dir: var("UPSTREAM_EXTRA_TENDERS_DIR").map(PathBuf::from),
            extra_plans_dir: var("UPSTREAM_EXTRA_PLANS_DIR").map(PathBuf::from),
            extra_contracts_dir: var("UPSTREAM_EXTRA_CONTRACTS_DIR").map(PathBuf::from),
            jwt_secret: var("UPSTREAM_JWT_SECRET").unwrap_or_else(|| "dev-only-upstream-secret-change-me".into()),
            token_ttl_secs: num("UPSTREAM_TOKEN_TTL", 900)?,
            dev_endpoints: var("UPSTREAM_DEV_ENDPOINTS").is_none_or(|v| v != "0"),
        })
    }

    /// Same defaults with an explicit data folder (tests).
    pub fn for_data_dir(data_dir: impl Into<PathBuf>) -> Self {
        let data_dir = data_dir.into();
        Self {
            port: 0,
            users_db: PathBuf::from(":memory:"),
            data_dir,
            standards_dir: store::default_standards_dir(),
            generated_tenders: 0,
            extra_tenders_dir: None,
            extra_plans_dir: None,
            extra_contracts_dir: None,
            jwt_secret: "test-secret".into(),
            token_ttl_secs: 900,
            dev_endpoints: true,
        }
    }
}

/// Shared state of every handler.
#[derive(Clone)]
pub struct AppState {
    pub data: Arc<Data>,
    pub users: Arc<users::Users>,
    pub market: Arc<market::Market>,
    pub config: Arc<UpstreamConfig>,
}

/// Loads the data, opens the users database and builds the state (blocking: call it
/// from `spawn_blocking` or before the runtime serves).
pub fn load(config: UpstreamConfig) -> Result<AppState, UpstreamError> {
    let data = Data::load(&DataSource {
        data_dir: config.data_dir.clone(),
        standards_dir: config.standards_dir.clone(),
        generated_tenders: config.generated_tenders,
        extra_tenders_dir: config.extra_tenders_dir.clone(),
        extra_plans_dir: config.extra_plans_dir.clone(),
        extra_contracts_dir: config.extra_contracts_dir.clone(),
    })?;
    let users = users::Users::open(&config)?;
    let market = market::Market::generate(&data.classifiers);
    Ok(AppState { data: Arc::new(data), users: Arc::new(users), market: Arc::new(market), config: Arc::new(config) })
}

/// The whole upstream as a router.
pub fn app(state: AppState) -> axum::Router {
    router::router(state)
}

/// Binds `127.0.0.1:{port}` and serves until the future is dropped or fails.
pub async fn serve(state: AppState) -> std::io::Result<()> {
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], state.config.port));
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "upstream listening");
    serve_on(listener, state).await
}

/// Serves on a listener the caller bound (tests and benchmarks use port 0).
pub async fn serve_on(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app(state)).await
}
