//! `upstream`: the platform's APIs (search, users, old portal, market) served from real
//! Prozorro data on this machine. The portal starts it in-process on its own listener
//! with [`UpstreamConfig::from_env`], [`load`] and [`serve`] (or [`app`] on a listener
//! it owns); `cargo run` inside this folder runs it alone on 127.0.0.1:8081.

pub mod aggregate;
pub mod answer;
pub mod cdb;
pub mod classifiers;
pub mod error;
pub mod feed;
pub mod generate;
pub mod history;
pub mod index;
pub mod listing;
pub mod market;
pub mod monitoring;
pub mod params;
pub mod peer;
pub mod prices;
pub mod query;
pub mod records;
pub mod router;
pub mod shared_data;
pub mod store;
pub mod sync;
pub mod text;
pub mod users;
pub mod work;

/// Dates of records as milliseconds: the `dates` crate, which the portal uses too.
pub use dates;
pub use error::UpstreamError;
pub use store::{Data, DataSource, Live};

use std::path::PathBuf;
use std::sync::Arc;

/// Where the portal serves its pages by default (`make run`).
pub const DEFAULT_ALLOWED_ORIGINS: &[&str] = &["http://127.0.0.1:8080", "http://localhost:8080"];

/// The host names the upstream answers by default: loopback only.
pub const DEFAULT_ALLOWED_HOSTS: &[&str] = &["127.0.0.1", "localhost", "[::1]"];

/// The shortest signing secret accepted: 32 bytes, the output size of the HS256 hash.
pub const MIN_SECRET_LEN: usize = 32;

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
    /// HS256 secret for JWTs, at least 32 bytes. Default none: a random secret made at
    /// each start (tokens then die with the process) and a warning; env
    /// `UPSTREAM_JWT_SECRET`.
    pub jwt_secret: Option<String>,
    /// Access-token lifetime in seconds. Default 900; env `UPSTREAM_TOKEN_TTL`.
    pub token_ttl_secs: i64,
    /// Development mode: serves `/dev/outbox` (every e-mail sent, recovery codes included).
    /// Default off; env `UPSTREAM_DEV=1`.
    pub dev: bool,
    /// Proxies whose `X-Forwarded-For` names the client (addresses or ranges such as
    /// `10.0.0.0/8`). Default none: the header is ignored and the TCP peer is the client;
    /// env `UPSTREAM_TRUSTED_PROXIES` (comma-separated).
    pub trusted_proxies: Vec<peer::IpNet>,
    /// The key of the proxy whose `X-Forwarded-For` names the client whatever its
    /// address: a request carrying it as `X-Proxy-Key` comes from that proxy (the
    /// portal, which may share the machine with anyone's loopback connections). At least
    /// [`MIN_SECRET_LEN`] bytes. Default none; env `UPSTREAM_PROXY_KEY`. A portal starting
    /// the upstream makes one and presents it.
    pub proxy_key: Option<String>,
    /// What one client may hold of the server: header and idle time-outs, the least
    /// sending rate, the connection cap. Default the portal's defaults; a portal starting
    /// the upstream passes its own.
    pub limits: serving::Limits,
    /// Origins whose pages may call these APIs from the browser (`scheme://host[:port]`).
    /// Default the portal's own default origin, [`DEFAULT_ALLOWED_ORIGINS`]; env
    /// `UPSTREAM_ALLOWED_ORIGINS` (comma-separated). A portal starting the upstream adds
    /// its own origin with [`UpstreamConfig::allow_origin`].
    pub allowed_origins: Vec<String>,
    /// The key of the saved-search alert job (`/api/alerts/…`, see `users::saved`), at
    /// least [`MIN_ALERTS_KEY_LEN`] bytes. Default none: those calls answer 404; env
    /// `UPSTREAM_ALERTS_KEY`. A portal starting the upstream passes its own key on.
    pub alerts_key: Option<String>,
    /// The portal's public origin (`https://portal.example`), which the recovery letter
    /// links to (`/login/new-password?code=…`). Default none: the letter has the code
    /// alone; env `UPSTREAM_PORTAL_ORIGIN`. A portal starting the upstream passes its own.
    pub portal_origin: Option<String>,
    /// Faults of the stand-in feed ([`feed::faults`]). Default none; env
    /// `UPSTREAM_FEED_FAULTS` (`429=0.2,reset=0.1,slow=300,late=400,storm=10`).
    pub feed_faults: feed::faults::FaultSettings,
    /// The host names (`Host`, without the port) requests may name; any other is refused
    /// with 421 before any route, so a page of another site that a DNS rebinding points
    /// at this machine reads nothing (`/dev/outbox` above all). Default
    /// [`DEFAULT_ALLOWED_HOSTS`]; env `UPSTREAM_ALLOWED_HOSTS` (comma-separated, added to
    /// the default). A portal starting the upstream adds the hosts of its endpoints.
    pub allowed_hosts: Vec<String>,
    /// The feed this upstream mirrors ([`sync`]). Default none: the snapshot, unchanging;
    /// env `UPSTREAM_SYNC_URL` and the `UPSTREAM_SYNC_*` settings.
    pub sync: Option<sync::SyncConfig>,
}

/// The shortest alert-job key accepted.
pub const MIN_ALERTS_KEY_LEN: usize = 16;

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
            jwt_secret: match var("UPSTREAM_JWT_SECRET") {
                Some(v) if v.len() < MIN_SECRET_LEN => {
                    return Err(UpstreamError::invalid(
                        "UPSTREAM_JWT_SECRET",
                        format!("at least {MIN_SECRET_LEN} bytes, got {}", v.len()),
                    ))
                }
                v => v,
            },
            token_ttl_secs: num("UPSTREAM_TOKEN_TTL", 900)?,
            dev: match var("UPSTREAM_DEV").as_deref() {
                None | Some("0" | "false") => false,
                Some("1" | "true") => true,
                Some(v) => return Err(UpstreamError::invalid("UPSTREAM_DEV", format!("expected 1 or 0, got `{v}`"))),
            },
            trusted_proxies: list(var("UPSTREAM_TRUSTED_PROXIES"))
                .map(|p| p.parse().map_err(|e| UpstreamError::invalid("UPSTREAM_TRUSTED_PROXIES", e)))
                .collect::<Result<_, _>>()?,
            proxy_key: match var("UPSTREAM_PROXY_KEY") {
                Some(v) if v.len() < MIN_SECRET_LEN => {
                    return Err(UpstreamError::invalid(
                        "UPSTREAM_PROXY_KEY",
                        format!("at least {MIN_SECRET_LEN} bytes, got {}", v.len()),
                    ))
                }
                v => v,
            },
            limits: serving::Limits::default(),
            allowed_origins: match var("UPSTREAM_ALLOWED_ORIGINS") {
                None => DEFAULT_ALLOWED_ORIGINS.iter().map(|o| o.to_string()).collect(),
                v => list(v)
                    .map(|o| normalize_origin(&o).map_err(|e| UpstreamError::invalid("UPSTREAM_ALLOWED_ORIGINS", e)))
                    .collect::<Result<_, _>>()?,
            },
            portal_origin: match var("UPSTREAM_PORTAL_ORIGIN") {
                Some(v) => Some(normalize_origin(&v).map_err(|e| UpstreamError::invalid("UPSTREAM_PORTAL_ORIGIN", e))?),
                None => None,
            },
            allowed_hosts: DEFAULT_ALLOWED_HOSTS
                .iter()
                .map(|h| h.to_string())
                .chain(list(var("UPSTREAM_ALLOWED_HOSTS")).map(|h| h.to_ascii_lowercase()))
                .collect(),
            sync: match var("UPSTREAM_SYNC_URL") {
                None => None,
                Some(url) => {
                    let mut s = sync::SyncConfig::new(
                        &url,
                        &PathBuf::from(var("UPSTREAM_DATA_DIR").unwrap_or_else(|| "data".into())),
                    );
                    s.market_url = var("UPSTREAM_MARKET_SYNC_URL");
                    if let Some(dir) = var("UPSTREAM_STORE_DIR") {
                        s.store_dir = PathBuf::from(dir);
                    }
                    if let Some(r) = var("UPSTREAM_SYNC_RATE") {
                        s.rate = r.parse().ok().filter(|r: &f64| *r > 0.0 && *r <= 1000.0).ok_or_else(|| {
                            UpstreamError::invalid(
                                "UPSTREAM_SYNC_RATE",
                                format!("requests a second, 0 to 1000, got `{r}`"),
                            )
                        })?;
                    }
                    s.concurrency = num("UPSTREAM_SYNC_CONCURRENCY", 4)?.clamp(1, 64) as usize;
                    s.limit = num("UPSTREAM_SYNC_LIMIT", 100)?.clamp(1, 1000) as usize;
                    s.idle_ms = num("UPSTREAM_SYNC_IDLE_MS", 1000)?.clamp(0, 600_000) as u64;
                    if let Some(d) = var("UPSTREAM_SYNC_SINCE") {
                        s.since_ms = Some(dates::parse(&d).ok_or_else(|| {
                            UpstreamError::invalid(
                                "UPSTREAM_SYNC_SINCE",
                                format!("expected a date like 2026-01-01, got `{d}`"),
                            )
                        })?);
                    }
                    if let Some(r) = var("UPSTREAM_SYNC_REGISTERS") {
                        s.registers = list(Some(r))
                            .map(|n| {
                                feed::kind_of(&n).ok_or_else(|| {
                                    UpstreamError::invalid(
                                        "UPSTREAM_SYNC_REGISTERS",
                                        format!("`{n}`: tenders, plans or contracts"),
                                    )
                                })
                            })
                            .collect::<Result<_, _>>()?;
                    }
                    Some(s)
                }
            },
            feed_faults: match var("UPSTREAM_FEED_FAULTS") {
                Some(v) => feed::faults::FaultSettings::parse(&v)
                    .map_err(|e| UpstreamError::invalid("UPSTREAM_FEED_FAULTS", e))?,
                None => Default::default(),
            },
            alerts_key: match var("UPSTREAM_ALERTS_KEY") {
                Some(v) if v.len() < MIN_ALERTS_KEY_LEN => {
                    return Err(UpstreamError::invalid(
                        "UPSTREAM_ALERTS_KEY",
                        format!("at least {MIN_ALERTS_KEY_LEN} bytes, got {}", v.len()),
                    ))
                }
                v => v,
            },
        })
    }

    /// Lets pages of `origin` (`http://127.0.0.1:8080`; a trailing `/` is dropped) call
    /// these APIs from the browser. The portal calls it with the origins it serves from.
    pub fn allow_origin(&mut self, origin: &str) -> Result<(), UpstreamError> {
        let origin = normalize_origin(origin).map_err(|e| UpstreamError::invalid("allowed origin", e))?;
        if !self.allowed_origins.contains(&origin) {
            self.allowed_origins.push(origin);
        }
        Ok(())
    }

    /// Lets requests name `url`'s host (`https://search.portal.example/api` → its host
    /// name); a value without a host is ignored.
    pub fn allow_host_of(&mut self, url: &str) {
        let Some(host) = host_of_url(url) else { return };
        if !self.allowed_hosts.contains(&host) {
            self.allowed_hosts.push(host);
        }
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
            jwt_secret: None,
            token_ttl_secs: 900,
            dev: false,
            trusted_proxies: Vec::new(),
            proxy_key: None,
            limits: serving::Limits::default(),
            allowed_origins: DEFAULT_ALLOWED_ORIGINS.iter().map(|o| o.to_string()).collect(),
            alerts_key: None,
            portal_origin: None,
            feed_faults: Default::default(),
            sync: None,
            allowed_hosts: DEFAULT_ALLOWED_HOSTS.iter().map(|h| h.to_string()).collect(),
        }
    }
}

fn list(v: Option<String>) -> impl Iterator<Item = String> {
    v.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect::<Vec<_>>()
        .into_iter()
}

/// The host name of an absolute http(s) URL, lowercase, without port or credentials.
fn host_of_url(url: &str) -> Option<String> {
    let rest = url.strip_prefix("http://").or_else(|| url.strip_prefix("https://"))?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit('@').next()?;
    Some(host_name(authority)).filter(|h| !h.is_empty())
}

/// The host name of a `Host` value or an authority: lowercase, without the port
/// (`[::1]:8081` → `[::1]`).
pub fn host_name(host: &str) -> String {
    let host = host.trim();
    let name = if host.starts_with('[') {
        host.split_inclusive(']').next().unwrap_or(host)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// An origin as browsers send it: `scheme://host[:port]`, no path, no trailing `/`.
fn normalize_origin(origin: &str) -> Result<String, String> {
    let o = origin.trim().trim_end_matches('/');
    let rest = o.strip_prefix("http://").or_else(|| o.strip_prefix("https://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(['/', '?', '#', ' ', '*']) => Ok(o.to_ascii_lowercase()),
        _ => Err(format!("`{origin}` is not an origin like http://host:port")),
    }
}

/// Shared state of every handler.
#[derive(Clone)]
pub struct AppState {
    pub data: Arc<Live>,
    pub users: Arc<users::Users>,
    pub market: Arc<market::LiveMarket>,
    pub config: Arc<UpstreamConfig>,
    /// The central database's feed over the data ([`feed`]).
    pub feed: Arc<feed::Journal>,
    /// The mirror's store, when this upstream follows a feed ([`sync`]).
    pub mirror: Option<Arc<sync::store::Store>>,
    /// The sync's progress (empty when it does not run).
    pub sync_status: Arc<sync::SyncStatus>,
    /// The gate searches pass through ([`work`]).
    pub work: Arc<work::Work>,
    /// The records' change events ([`history`]): in the mirror's store, or beside the
    /// users database.
    pub history: Arc<history::log::History>,
}

/// Loads the data, opens the users database and builds the state (blocking: call it
/// from `spawn_blocking` or before the runtime serves).
pub fn load(config: UpstreamConfig) -> Result<AppState, UpstreamError> {
    let analyzer = text::analyzer_for(&config.data_dir).map_err(|e| UpstreamError::DataParse {
        path: config.data_dir.join("lexicon").display().to_string(),
        reason: e.to_string(),
    })?;
    // The users database (its seed accounts' password hashes) and the Market catalogue
    // (from the classifier alone) are made beside the documents' indexes.
    let classifiers = classifiers::Classifiers::load(&config.data_dir, config.standards_dir.as_deref())?;
    // A mirror starts from its store, never from the snapshot.
    let mirror = match &config.sync {
        Some(s) => Some(Arc::new(sync::store::Store::open(&s.store_dir).map_err(|e| UpstreamError::DataParse {
            path: s.store_dir.display().to_string(),
            reason: e.to_string(),
        })?)),
        None => None,
    };
    let (data, users, market) = std::thread::scope(|scope| {
        let users = scope.spawn(|| users::Users::open(&config));
        // A mirror of the catalogue starts from the objects its store holds (none, on
        // its first start); anything else generates the catalogue.
        let market = scope.spawn(|| match (&mirror, config.sync.as_ref().and_then(|s| s.market_url.as_ref())) {
            (Some(store), Some(_)) => sync::catalogue::market_from_store(store, &classifiers, &analyzer)
                .unwrap_or_else(|e| {
                    tracing::error!(error = %e, "the stored catalogue could not be read: the Market starts empty");
                    market::Market::default()
                }),
            _ => market::Market::generate(&classifiers, &analyzer),
        });
        let src = DataSource {
            data_dir: config.data_dir.clone(),
            standards_dir: config.standards_dir.clone(),
            generated_tenders: config.generated_tenders,
            extra_tenders_dir: config.extra_tenders_dir.clone(),
            extra_plans_dir: config.extra_plans_dir.clone(),
            extra_contracts_dir: config.extra_contracts_dir.clone(),
        };
        let data = match &mirror {
            Some(store) => Data::load_mirror(&src, store.clone()),
            None => Data::load(&src),
        };
        let users = users.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let market = market.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (data, users, market)
    });
    let (mut data, users) = (data?, users?);
    let history = match &mirror {
        Some(store) => history::log::History::Mirror(store.clone()),
        None => {
            let history = history::log::History::own(&history_path(&config.users_db))?;
            // The versions the development API published last time, over the snapshot.
            let mut by_kind: [(records::Kind, Vec<serde_json::Value>); 3] =
                [(records::Kind::Tender, vec![]), (records::Kind::Plan, vec![]), (records::Kind::Contract, vec![])];
            for (kind, doc) in history.versions()? {
                if let Some((_, docs)) = by_kind.iter_mut().find(|(k, _)| *k == kind) {
                    docs.push(doc);
                }
            }
            for (kind, docs) in by_kind {
                if !docs.is_empty() {
                    data.upsert(kind, docs);
                }
            }
            // And the monitorings it changed.
            for (tender, all) in history.monitorings()? {
                monitoring::changes::apply(&mut data, &tender, all, true);
            }
            history
        }
    };
    if config.dev {
        tracing::warn!(
            "development mode (UPSTREAM_DEV): /dev/outbox serves every e-mail sent, recovery codes included"
        );
    }
    let feed = feed::Journal::default();
    feed.faults.set(config.feed_faults);
    Ok(AppState {
        data: Arc::new(Live::new(data)),
        users: Arc::new(users),
        market: Arc::new(market::LiveMarket::new(market)),
        config: Arc::new(config),
        feed: Arc::new(feed),
        mirror,
        sync_status: Default::default(),
        work: Default::default(),
        history: Arc::new(history),
    })
}

/// The history log of an upstream serving the snapshot: `history.sqlite3` beside the
/// users database, or in memory with it.
fn history_path(users_db: &std::path::Path) -> PathBuf {
    if users_db.as_os_str() == ":memory:" {
        PathBuf::from(":memory:")
    } else {
        users_db.with_file_name("history.sqlite3")
    }
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

/// Serves on a listener the caller bound (tests and benchmarks use port 0), under the
/// configured connection limits (`limits`). Each request carries its peer address,
/// which login throttling counts against.
pub async fn serve_on(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    let limits = state.config.limits;
    if let (Some(cfg), Some(store)) = (state.config.sync.clone(), state.mirror.clone()) {
        tracing::info!(url = %cfg.url, store = %cfg.store_dir.display(), "following the central database's feed");
        sync::spawn(state.clone(), cfg, store).map_err(std::io::Error::other)?;
    }
    serving::serve(listener, app(state), limits, serving::Connections::default(), serving::Shutdown::default()).await
}
