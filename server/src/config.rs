//! Runtime configuration: `config/portal.json` plus environment overrides,
//! validated once at start. Only `client` is ever sent to the browser.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Why the configuration could not be loaded; always names the key.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file `{path}`: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("config key `{key}`: {message}")]
    Invalid { key: String, message: String },
}

/// The embedded upstream's default address, as written in `config/portal.json`.
pub const EMBEDDED_UPSTREAM: &str = "http://127.0.0.1:8081";

fn invalid(key: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid { key: key.into(), message: message.into() }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Config {
    /// Sent to the browser with every page.
    pub client: ClientConfig,
    pub server: ServerConfig,
    pub renderer: RendererConfig,
    /// Saved-search alerts (`server/src/alerts.rs`). Optional in the file.
    #[serde(default)]
    pub alerts: AlertsConfig,
    /// The follows' mail job (`server/src/follow_mail.rs`). Optional in the file.
    #[serde(default)]
    pub follows: FollowsConfig,
    /// The embedded upstream as a mirror of the central database (issue 41). Optional
    /// in the file.
    #[serde(default)]
    pub sync: SyncConfig,
}

/// Live data: the embedded upstream follows the central database's feed
/// (`upstream/src/sync`) instead of serving the snapshot. `UPSTREAM_SYNC_URL` and the
/// other `UPSTREAM_SYNC_*` variables, when set, win over these keys.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct SyncConfig {
    /// Follow the feed. Default false (the snapshot). Env: `PORTAL_SYNC_ENABLED`.
    pub enabled: bool,
    /// The CDB API base. Default the public API. Env: `PORTAL_SYNC_CDB_URL`.
    pub cdb_url: String,
    /// The catalogue API base: the Market follows it when set. Env: `PORTAL_SYNC_MARKET_URL`.
    pub market_url: String,
    /// Requests a second, all registers together (the public limit is about 140).
    /// Default 10. Env: `PORTAL_SYNC_RATE`.
    pub rate: u64,
    /// Records fetched at once per register. Default 4. Env: `PORTAL_SYNC_CONCURRENCY`.
    pub concurrency: u64,
    /// Feed page size, at most 1000. Default 100. Env: `PORTAL_SYNC_LIMIT`.
    pub limit: u64,
    /// How far back the first back-fill reads: `N days` before the start, a date
    /// (`2026-01-01`), or empty for all history. Default `90 days`. Env: `PORTAL_SYNC_SINCE`.
    pub since: String,
    /// The wait after a short forward page, ms. Default 1000. Env: `PORTAL_SYNC_IDLE_MS`.
    pub idle_ms: u64,
    /// The mirror's store folder. Default `data/mirror`. Env: `PORTAL_SYNC_STORE_DIR`.
    pub store_dir: String,
}

impl Default for SyncConfig {
    fn default() -> Self {
        Self {
            enabled: false,
            cdb_url: "https://public-api.prozorro.gov.ua/api/2.5".into(),
            market_url: String::new(),
            rate: 10,
            concurrency: 4,
            limit: 100,
            since: "90 days".into(),
            idle_ms: 1000,
            store_dir: "data/mirror".into(),
        }
    }
}

impl SyncConfig {
    /// The back-fill's lower bound (epoch ms) at `now_ms`: `None` for all history.
    pub fn since_ms(&self, now_ms: i64) -> Result<Option<i64>, ConfigError> {
        let s = self.since.trim();
        if s.is_empty() {
            return Ok(None);
        }
        if let Some(days) = s.strip_suffix("days").or_else(|| s.strip_suffix("day")).map(str::trim) {
            let days: i64 = days.parse().map_err(|_| invalid("sync.since", format!("`{s}` is not `N days`")))?;
            return Ok(Some(now_ms - days.max(0) * 86_400_000));
        }
        upstream::dates::parse(s)
            .map(Some)
            .ok_or_else(|| invalid("sync.since", format!("`{s}` is neither `N days`, a date nor empty")))
    }
}

/// The saved-search alert job: `portal alerts` runs it once; with `enabled`, the
/// portal also runs it every `intervalSeconds`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AlertsConfig {
    /// Run the job on a timer inside the portal. Default false. Env: `PORTAL_ALERTS_ENABLED`.
    pub enabled: bool,
    /// Seconds between two runs of the timer (instant alerts are this late at most);
    /// at least 10. Default 300. Env: `PORTAL_ALERTS_INTERVAL_SECONDS`.
    pub interval_seconds: u64,
    /// The key the users API knows the job by (its `UPSTREAM_ALERTS_KEY`), at least 16
    /// bytes; the embedded upstream is given it. Empty: no job. Env: `PORTAL_ALERTS_KEY`.
    pub key: String,
}

impl Default for AlertsConfig {
    fn default() -> Self {
        Self { enabled: false, interval_seconds: 300, key: String::new() }
    }
}

/// The follows' mail job: it runs on a timer whenever the job key (`alerts.key`) is set,
/// so that a change reaches its followers within a round.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FollowsConfig {
    /// Seconds between two rounds; at least 5. Default 15. Env:
    /// `PORTAL_FOLLOWS_INTERVAL_SECONDS`.
    pub interval_seconds: u64,
}

impl Default for FollowsConfig {
    fn default() -> Self {
        Self { interval_seconds: 15 }
    }
}

/// The shortest alert-job key accepted (the users API's bound).
pub const MIN_ALERTS_KEY_LEN: usize = 16;

/// The client-safe subset: endpoints the browser calls, languages, flags.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClientConfig {
    /// Origin of canonical and alternate links. Env: `PORTAL_CLIENT_PUBLIC_ORIGIN`.
    pub public_origin: String,
    /// Base path of assets, `/` or e.g. `/newdzo/`. Env: `PORTAL_CLIENT_ASSET_BASE`.
    pub asset_base: String,
    pub default_language: String,
    pub languages: Vec<String>,
    pub support_email: String,
    /// Support phone, postal address and working hours shown on `/info/contacts`.
    pub contacts: Contacts,
    pub tag_manager_id: String,
    pub endpoints: Endpoints,
    pub features: Features,
}

/// How to reach support, beside `supportEmail`: shown on `/info/contacts`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Contacts {
    /// As people write it, e.g. `+380 44 000 00 00`; the page links it as `tel:`.
    /// Env: `PORTAL_CLIENT_CONTACTS_PHONE`. Must not be empty.
    pub phone: String,
    /// Postal address. Env: `PORTAL_CLIENT_CONTACTS_ADDRESS_UK`, `…_EN`.
    pub address: Localized,
    /// Working hours of support. Env: `PORTAL_CLIENT_CONTACTS_HOURS_UK`, `…_EN`.
    pub hours: Localized,
}

/// A text in each interface language.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Localized {
    pub uk: String,
    pub en: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Endpoints {
    pub search: String,
    pub users: String,
    pub translations: String,
    pub procurement: String,
    pub auctions: String,
    pub old_site: String,
    pub files: String,
    pub news: String,
    pub callback: String,
    pub messages: String,
    /// The platform's central database read API (tenders by id), for the external tender view.
    pub cdb: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Features {
    pub tag_manager: bool,
    pub cabinet: bool,
    pub test_mode: bool,
    pub log_characteristic_mismatch: bool,
    /// What others paid per unit beside the items of tender, plan and product pages (issue
    /// 47): off, those pages neither ask the upstream for it nor show the lines (and `make
    /// bench` measures the tender page both ways). Default true, also when a file written
    /// before the flag leaves it out. Env: `PORTAL_CLIENT_FEATURES_PRICES`.
    #[serde(default = "on")]
    pub prices: bool,
}

fn on() -> bool {
    true
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ServerConfig {
    /// Listening port. Env: `PORT`. Default 8080.
    pub port: u16,
    /// Start the embedded upstream in this process. Default true.
    pub embedded_upstream: bool,
    /// Time limit of one upstream request. Default 5000.
    pub upstream_timeout_ms: u64,
    /// Built web bundles. Default `web/dist`.
    pub web_dist: PathBuf,
    /// Translation files. Default `locales`.
    pub locales_dir: PathBuf,
    /// Memory for upstream answers that fetch specs allow to reuse (`maxAge`), in MiB.
    pub upstream_cache_mb: usize,
    /// Keep anonymous page responses this many milliseconds (micro-caching); 0 = off.
    pub html_micro_cache_ms: u64,
    /// Memory for micro-cached page responses, in MiB.
    pub html_micro_cache_mb: usize,
    /// Brotli quality / gzip level for responses compressed on the fly (pages, `/__data`).
    pub compression_level: i32,
    /// Session and anti-forgery cookies carry `Secure`. Must be true when
    /// `client.publicOrigin` is https. Env: `PORTAL_SERVER_SECURE_COOKIES`.
    pub secure_cookies: bool,
    /// Key of everything the portal signs: the anti-forgery tokens, the pending-login
    /// and hand-over cookies. At least 32 characters, the same on every replica. Empty
    /// is allowed in development mode only (`UPSTREAM_DEV=1`): a random key per start
    /// (tokens of forms rendered before a restart then fail once). Env:
    /// `PORTAL_SERVER_SESSION_SECRET`.
    pub session_secret: String,
    /// A file holding the secret instead (its first line), read at start: a secret kept
    /// out of the configuration and the environment. Env:
    /// `PORTAL_SERVER_SESSION_SECRET_FILE`.
    #[serde(default)]
    pub session_secret_file: PathBuf,
    /// Addresses or ranges (`10.0.0.0/8`) of reverse proxies in front of the portal: from
    /// them (only), `X-Forwarded-For` is read from the right, and its first address that
    /// is not itself a trusted proxy is the visitor's (the users API's rule too). Env:
    /// `PORTAL_SERVER_TRUSTED_PROXIES` (comma-separated).
    #[serde(deserialize_with = "address_ranges")]
    pub trusted_proxies: Vec<serving::client::IpNet>,
    /// Largest upstream answer read, in bytes; a larger one is a failed fetch (the 502
    /// page). Default 8 MiB.
    pub upstream_max_bytes: usize,
    /// Time a connection has to send a request's head, counted from when the server
    /// starts waiting for it; then it is closed. Default 10000.
    pub header_read_timeout_ms: u64,
    /// A connection on which no byte moved this long is closed (after its request in
    /// flight, if any). Default 30000.
    pub keep_alive_idle_ms: u64,
    /// Longest time from a request's head to its response's head (body read, fetches,
    /// render); past it the answer is `503` with `Retry-After`. Default 15000.
    pub request_timeout_ms: u64,
    /// Open connections of the whole process; one more is answered a `503` with
    /// `Retry-After` and closed. Default 4096.
    pub max_connections: usize,
    /// Pages in progress on one serving thread (waiting for upstream answers or for
    /// its isolate); one more is answered a `503` with `Retry-After` at once instead
    /// of joining the queue. Default 128.
    pub max_waiting_renders: usize,
    /// Longest request target (path and query) in bytes; longer: `414`. Default 8192.
    pub max_url_bytes: usize,
    /// Largest total of a request's header lines (names and values) in bytes; larger:
    /// `431`. Default 16384.
    pub max_header_bytes: usize,
    /// Largest request body of the endpoints that read one (forms, the cart, reports);
    /// larger: `413`. Default 65536.
    pub max_body_bytes: usize,
    /// On SIGTERM or SIGINT, the server stops accepting and waits this long for the
    /// requests in flight to finish before it exits. Default 10000.
    pub shutdown_grace_ms: u64,
    /// Documents for machines streamed at once by the process over several upstream
    /// requests (exports, record sitemaps); one more is answered a `503` with
    /// `Retry-After`. Default 4.
    pub max_document_streams: usize,
    /// While a connection has an answer to send, it must send at least this many bytes
    /// a second, averaged over each `sendWindowMs`; a client that reads slower is
    /// disconnected, and what its answer held (a document stream's permit) is freed.
    /// Default 1024.
    #[serde(default = "default_min_send_rate")]
    pub min_send_bytes_per_sec: u64,
    /// The window of `minSendBytesPerSec`. Default 10000.
    #[serde(default = "default_send_window")]
    pub send_window_ms: u64,
    /// Longest time one answer's body may take to send, at any rate. Default 600000.
    #[serde(default = "default_max_send")]
    pub max_send_ms: u64,
    /// The key the portal presents to the users API (`X-Proxy-Key`) with each visitor's
    /// address (`X-Forwarded-For`): the users API believes the address only with its
    /// `UPSTREAM_PROXY_KEY`. Empty: none, unless the upstream is embedded, when a
    /// random one is made at start for both. Env: `PORTAL_SERVER_USERS_PROXY_KEY`.
    #[serde(default)]
    pub users_proxy_key: String,
}

/// Addresses or ranges (`10.0.0.0/8`), each as a string.
fn address_ranges<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<serving::client::IpNet>, D::Error> {
    let texts: Vec<String> = Deserialize::deserialize(d)?;
    texts.iter().map(|t| t.parse().map_err(serde::de::Error::custom)).collect()
}

fn default_min_send_rate() -> u64 {
    1024
}

fn default_send_window() -> u64 {
    10_000
}

fn default_max_send() -> u64 {
    600_000
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RendererConfig {
    /// Serving threads, each with its own isolate (workers in tests); 0 = one per core.
    pub isolates: usize,
    /// Render deadline in milliseconds. Default 2000.
    pub deadline_ms: u64,
    /// Heap limit per isolate in MiB. Default 128.
    pub heap_limit_mb: usize,
    /// Start isolates from a startup snapshot. Default true.
    pub snapshot: bool,
}

/// The shortest session secret served with outside development mode.
pub const MIN_SESSION_SECRET: usize = 32;

impl Config {
    /// Loads `path`, applies overrides from `env` (name, value) pairs, validates.
    pub fn load(path: &Path, env: impl IntoIterator<Item = (String, String)>) -> Result<Self, ConfigError> {
        let text =
            std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.to_owned(), source })?;
        Self::parse(&text, env)
    }

    pub fn parse(text: &str, env: impl IntoIterator<Item = (String, String)>) -> Result<Self, ConfigError> {
        let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| invalid("(file)", e.to_string()))?;
        for (name, raw) in env {
            let name = if name == "PORT" { "PORTAL_SERVER_PORT".to_owned() } else { name };
            let Some(rest) = name.strip_prefix("PORTAL_") else { continue };
            if rest == "CONFIG" {
                continue;
            }
            apply_override(&mut value, rest, &raw)?;
        }
        let config: Config = serde_path_to_error::deserialize(value).map_err(|e| {
            let key = e.path().to_string();
            invalid(&key, e.into_inner().to_string())
        })?;
        config.validate()?;
        Ok(config)
    }

    /// The session secret the portal may serve with: `server.sessionSecretFile`'s first
    /// line when that is set, else `server.sessionSecret`. Outside development mode an
    /// empty or short secret is refused: replicas would reject each other's forms and
    /// a restart would void every form on screen.
    pub fn settle_session_secret(&mut self, development: bool) -> Result<(), ConfigError> {
        let server = &mut self.server;
        if !server.session_secret_file.as_os_str().is_empty() {
            let path = &server.session_secret_file;
            let text =
                std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.clone(), source })?;
            server.session_secret = text.lines().next().unwrap_or("").trim().to_owned();
            if server.session_secret.is_empty() {
                return Err(invalid("server.sessionSecretFile", format!("{} is empty", path.display())));
            }
        }
        let length = server.session_secret.chars().count();
        match (length, development) {
            (0, true) => Ok(()),
            (0, false) => Err(invalid(
                "server.sessionSecret",
                "not set: outside development mode (UPSTREAM_DEV=1) the portal needs one secret of at least \
                 32 characters, the same on every replica (or server.sessionSecretFile)"
                    .to_owned(),
            )),
            (n, false) if n < MIN_SESSION_SECRET => Err(invalid(
                "server.sessionSecret",
                format!("{n} characters: at least {MIN_SESSION_SECRET} are needed"),
            )),
            _ => Ok(()),
        }
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let c = &self.client;
        let url = |key: &str, v: &str, relative_ok: bool| -> Result<(), ConfigError> {
            let absolute = v.starts_with("http://") || v.starts_with("https://");
            if absolute || (relative_ok && v.starts_with('/')) {
                Ok(())
            } else {
                Err(invalid(key, format!("`{v}` is not an absolute http(s) URL")))
            }
        };
        url("client.publicOrigin", &c.public_origin, false)?;
        let e = &c.endpoints;
        for (key, v, rel) in [
            ("search", &e.search, false),
            ("users", &e.users, false),
            ("translations", &e.translations, true),
            ("procurement", &e.procurement, false),
            ("auctions", &e.auctions, false),
            ("oldSite", &e.old_site, false),
            ("files", &e.files, false),
            ("news", &e.news, false),
            ("callback", &e.callback, false),
            ("messages", &e.messages, false),
            ("cdb", &e.cdb, false),
        ] {
            url(&format!("client.endpoints.{key}"), v, rel)?;
        }
        if !(c.asset_base.starts_with('/') && c.asset_base.ends_with('/')) {
            return Err(invalid("client.assetBase", "must start and end with `/`"));
        }
        for lang in &c.languages {
            if lang != "uk" && lang != "en" {
                return Err(invalid("client.languages", format!("unsupported language `{lang}`")));
            }
        }
        if !c.languages.contains(&c.default_language) {
            return Err(invalid("client.defaultLanguage", "must be one of `client.languages`"));
        }
        if c.contacts.phone.trim().is_empty() {
            return Err(invalid("client.contacts.phone", "must not be empty"));
        }
        if self.renderer.deadline_ms == 0 {
            return Err(invalid("renderer.deadlineMs", "must be positive"));
        }
        if self.renderer.heap_limit_mb < 16 {
            return Err(invalid("renderer.heapLimitMb", "must be at least 16"));
        }
        if !(1..=9).contains(&self.server.compression_level) {
            return Err(invalid("server.compressionLevel", "must be 1 to 9"));
        }
        if c.public_origin.starts_with("https://") && !self.server.secure_cookies {
            return Err(invalid("server.secureCookies", "must be true when client.publicOrigin is https"));
        }
        let s = &self.server;
        for (key, value) in [
            ("server.upstreamTimeoutMs", s.upstream_timeout_ms),
            ("server.headerReadTimeoutMs", s.header_read_timeout_ms),
            ("server.keepAliveIdleMs", s.keep_alive_idle_ms),
            ("server.requestTimeoutMs", s.request_timeout_ms),
            ("server.maxConnections", s.max_connections as u64),
            ("server.maxWaitingRenders", s.max_waiting_renders as u64),
            ("server.maxDocumentStreams", s.max_document_streams as u64),
            ("server.sendWindowMs", s.send_window_ms),
            ("server.maxSendMs", s.max_send_ms),
        ] {
            if value == 0 {
                return Err(invalid(key, "must be positive"));
            }
        }
        for (key, value, least) in [
            ("server.upstreamMaxBytes", s.upstream_max_bytes, 4096),
            ("server.maxUrlBytes", s.max_url_bytes, 256),
            ("server.maxHeaderBytes", s.max_header_bytes, 1024),
            ("server.maxBodyBytes", s.max_body_bytes, 1024),
        ] {
            if value < least {
                return Err(invalid(key, format!("must be at least {least}")));
            }
        }
        if !s.users_proxy_key.is_empty() && s.users_proxy_key.len() < 32 {
            return Err(invalid("server.usersProxyKey", "at least 32 bytes"));
        }
        let a = &self.alerts;
        if !a.key.is_empty() && a.key.len() < MIN_ALERTS_KEY_LEN {
            return Err(invalid("alerts.key", format!("at least {MIN_ALERTS_KEY_LEN} bytes")));
        }
        if a.enabled && a.key.is_empty() {
            return Err(invalid("alerts.key", "must be set when alerts.enabled is true"));
        }
        if a.interval_seconds < 10 {
            return Err(invalid("alerts.intervalSeconds", "must be at least 10"));
        }
        if !(5..=86_400).contains(&self.follows.interval_seconds) {
            return Err(invalid("follows.intervalSeconds", "5 to 86400"));
        }
        let y = &self.sync;
        url("sync.cdbUrl", &y.cdb_url, false)?;
        if !y.market_url.is_empty() {
            url("sync.marketUrl", &y.market_url, false)?;
        }
        for (key, v, range) in [
            ("sync.rate", y.rate, 1..=1000),
            ("sync.concurrency", y.concurrency, 1..=64),
            ("sync.limit", y.limit, 1..=1000),
        ] {
            if !range.contains(&v) {
                return Err(invalid(key, format!("from {} to {}", range.start(), range.end())));
            }
        }
        y.since_ms(0)?;
        Ok(())
    }

    /// Points the endpoints that name the embedded upstream's default address at
    /// the port it really listens on (`UPSTREAM_PORT`).
    pub fn follow_embedded_upstream(&mut self, port: u16) {
        let target = format!("http://127.0.0.1:{port}");
        let e = &mut self.client.endpoints;
        for endpoint in [
            &mut e.search,
            &mut e.users,
            &mut e.translations,
            &mut e.old_site,
            &mut e.files,
            &mut e.callback,
            &mut e.messages,
            &mut e.cdb,
        ] {
            if let Some(rest) = endpoint.strip_prefix(EMBEDDED_UPSTREAM) {
                *endpoint = format!("{target}{rest}");
            }
        }
    }

    /// True when this server serves the translation files itself.
    pub fn serves_locales(&self) -> bool {
        self.client.endpoints.translations.starts_with('/')
    }
}

fn snake_upper(camel: &str) -> String {
    let mut out = String::new();
    for ch in camel.chars() {
        if ch.is_ascii_uppercase() {
            out.push('_');
        }
        out.push(ch.to_ascii_uppercase());
    }
    out
}

/// Finds the leaf whose upper-snake path equals `name` and sets it, parsed
/// according to the type the file gives it.
fn apply_override(root: &mut serde_json::Value, name: &str, raw: &str) -> Result<(), ConfigError> {
    fn walk<'a>(
        v: &'a mut serde_json::Value,
        prefix: &str,
        dotted: &str,
        name: &str,
    ) -> Option<(&'a mut serde_json::Value, String)> {
        let serde_json::Value::Object(map) = v else { return None };
        for (key, child) in map.iter_mut() {
            let path = if prefix.is_empty() { snake_upper(key) } else { format!("{prefix}_{}", snake_upper(key)) };
            let dot = if dotted.is_empty() { key.clone() } else { format!("{dotted}.{key}") };
            if path == name && !child.is_object() {
                return Some((child, dot));
            }
            if name.starts_with(&format!("{path}_")) {
                if let Some(found) = walk(child, &path, &dot, name) {
                    return Some(found);
                }
            }
        }
        None
    }
    let Some((leaf, key)) = walk(root, "", "", name) else {
        return Err(invalid(&format!("PORTAL_{name}"), "no such configuration key"));
    };
    *leaf = match leaf {
        serde_json::Value::Bool(_) => match raw {
            "true" => true.into(),
            "false" => false.into(),
            _ => return Err(invalid(&key, format!("`{raw}` is not true or false"))),
        },
        serde_json::Value::Number(_) => {
            raw.parse::<u64>().map_err(|_| invalid(&key, format!("`{raw}` is not a whole number")))?.into()
        }
        serde_json::Value::Array(_) => {
            raw.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect::<Vec<_>>().into()
        }
        _ => raw.to_owned().into(),
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = include_str!("../../config/portal.json");

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn sync_is_off_by_default_and_its_keys_are_checked() {
        let config = Config::parse(FILE, env(&[])).unwrap();
        assert!(!config.sync.enabled, "make run stays offline");
        let on = Config::parse(
            FILE,
            env(&[
                ("PORTAL_SYNC_ENABLED", "true"),
                ("PORTAL_SYNC_CDB_URL", "http://127.0.0.1:9/api/2.5"),
                ("PORTAL_SYNC_SINCE", "30 days"),
            ]),
        )
        .unwrap();
        assert!(on.sync.enabled);
        assert_eq!(on.sync.cdb_url, "http://127.0.0.1:9/api/2.5");
        assert_eq!(on.sync.since_ms(100 * 86_400_000).unwrap(), Some(70 * 86_400_000));
        let dated = Config::parse(FILE, env(&[("PORTAL_SYNC_SINCE", "2026-01-01")])).unwrap();
        assert_eq!(dated.sync.since_ms(0).unwrap(), upstream::dates::parse("2026-01-01"));
        let all = Config::parse(FILE, env(&[("PORTAL_SYNC_SINCE", "")])).unwrap();
        assert_eq!(all.sync.since_ms(0).unwrap(), None);
        let err = |pairs: &[(&str, &str)]| Config::parse(FILE, env(pairs)).unwrap_err().to_string();
        assert!(err(&[("PORTAL_SYNC_SINCE", "last spring")]).contains("`sync.since`"));
        assert!(err(&[("PORTAL_SYNC_RATE", "5000")]).contains("`sync.rate`"));
        assert!(err(&[("PORTAL_SYNC_LIMIT", "0")]).contains("`sync.limit`"));
        assert!(err(&[("PORTAL_SYNC_CDB_URL", "ftp://x")]).contains("`sync.cdbUrl`"));
    }

    #[test]
    fn the_shipped_file_is_valid() {
        let config = Config::parse(FILE, []).unwrap();
        assert_eq!(config.server.port, 8080);
        assert_eq!(config.client.default_language, "uk");
        assert!(config.serves_locales());
        assert!(config.client.contacts.phone.starts_with("+380"));
    }

    #[test]
    fn environment_overrides_typed_leaves() {
        let config = Config::parse(
            FILE,
            env(&[
                ("PORT", "9090"),
                ("PORTAL_CLIENT_ENDPOINTS_SEARCH", "https://search.example"),
                ("PORTAL_CLIENT_FEATURES_CABINET", "true"),
                ("PORTAL_CLIENT_ASSET_BASE", "/newdzo/"),
                ("PORTAL_RENDERER_DEADLINE_MS", "300"),
                ("PORTAL_CLIENT_CONTACTS_HOURS_EN", "Mon-Sat, 8:00-20:00"),
                ("UNRELATED", "x"),
            ]),
        )
        .unwrap();
        assert_eq!(config.server.port, 9090);
        assert_eq!(config.client.endpoints.search, "https://search.example");
        assert!(config.client.features.cabinet);
        assert_eq!(config.client.asset_base, "/newdzo/");
        assert_eq!(config.renderer.deadline_ms, 300);
        assert_eq!(config.client.contacts.hours.en, "Mon-Sat, 8:00-20:00");
    }

    #[test]
    fn the_price_lines_are_on_unless_turned_off() {
        assert!(Config::parse(FILE, []).unwrap().client.features.prices, "the shipped file");
        let off = Config::parse(FILE, env(&[("PORTAL_CLIENT_FEATURES_PRICES", "false")])).unwrap();
        assert!(!off.client.features.prices);
        assert!(serde_json::to_string(&off.client).unwrap().contains(r#""prices":false"#), "the browser is told");
        let older = FILE.replace(",\n      \"prices\": true", "");
        assert!(!older.contains("\"prices\""));
        assert!(Config::parse(&older, []).unwrap().client.features.prices, "a file written before the key");
        let err = Config::parse(FILE, env(&[("PORTAL_CLIENT_FEATURES_PRICES", "no")])).unwrap_err().to_string();
        assert!(err.contains("`client.features.prices`"), "{err}");
    }

    #[test]
    fn trusted_proxies_are_addresses_or_ranges_read_by_the_users_api_s_rule() {
        let config = Config::parse(FILE, env(&[("PORTAL_SERVER_TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.7")])).unwrap();
        let trusted = &config.server.trusted_proxies;
        let mut headers = axum::http::HeaderMap::new();
        headers.insert("x-forwarded-for", "1.1.1.1, 5.5.5.5, 10.0.0.3".parse().unwrap());
        let visitor = |peer: &str| serving::client::client_ip(Some(peer.parse().unwrap()), &headers, trusted);
        assert_eq!(visitor("10.1.2.3"), Some("5.5.5.5".parse().unwrap()), "through two proxies of the range");
        assert_eq!(visitor("192.0.2.7"), Some("5.5.5.5".parse().unwrap()));
        assert_eq!(visitor("198.51.100.1"), Some("198.51.100.1".parse().unwrap()), "not a proxy: the peer");
        let err = Config::parse(FILE, env(&[("PORTAL_SERVER_TRUSTED_PROXIES", "proxy.local")])).unwrap_err();
        assert!(err.to_string().contains("server.trustedProxies"), "{err}");
    }

    #[test]
    fn errors_name_the_bad_key() {
        let err = |pairs: &[(&str, &str)]| Config::parse(FILE, env(pairs)).unwrap_err().to_string();
        assert!(err(&[("PORTAL_CLIENT_ENDPOINTS_USERS", "ftp://x")]).contains("`client.endpoints.users`"));
        assert!(err(&[("PORTAL_CLIENT_FEATURES_TEST_MODE", "yes")]).contains("`client.features.testMode`"));
        assert!(err(&[("PORT", "eighty")]).contains("`server.port`"));
        assert!(err(&[("PORTAL_CLIENT_DEFAULT_LANGUAGE", "de")]).contains("`client.defaultLanguage`"));
        assert!(err(&[("PORTAL_NO_SUCH_KEY", "1")]).contains("PORTAL_NO_SUCH_KEY"));
        assert!(err(&[("PORTAL_SERVER_COMPRESSION_LEVEL", "0")]).contains("`server.compressionLevel`"));
        assert!(err(&[("PORTAL_SERVER_COMPRESSION_LEVEL", "12")]).contains("`server.compressionLevel`"));
        assert!(err(&[("PORTAL_CLIENT_CONTACTS_PHONE", " ")]).contains("`client.contacts.phone`"));
        let wrong_type = FILE.replace(r#""isolates": 0"#, r#""isolates": "two""#);
        assert!(Config::parse(&wrong_type, []).unwrap_err().to_string().contains("`renderer.isolates`"));
        let unknown = FILE.replace(r#""snapshot": true"#, r#""snapshot": true, "colour": 1"#);
        assert!(Config::parse(&unknown, []).unwrap_err().to_string().contains("colour"));
    }

    #[test]
    fn endpoints_follow_the_embedded_upstream_port() {
        let mut config = Config::parse(FILE, []).unwrap();
        config.follow_embedded_upstream(9191);
        assert_eq!(config.client.endpoints.search, "http://127.0.0.1:9191");
        assert_eq!(config.client.endpoints.old_site, "http://127.0.0.1:9191/old");
        assert_eq!(config.client.endpoints.procurement, "https://prozorro.gov.ua");
        assert_eq!(config.client.endpoints.translations, "/locales");
    }

    /// The client configuration of `web/src/contract.fixture.json`, which `tsc` checks
    /// against the TypeScript `ClientConfig`: a field renamed on one side only fails.
    #[test]
    fn the_client_configuration_reads_and_writes_as_the_contract_fixture() {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../../web/src/contract.fixture.json")).unwrap();
        let config = &fixture["input"]["config"];
        let client: ClientConfig = serde_json::from_value(config.clone()).unwrap();
        assert_eq!(&serde_json::to_value(&client).unwrap(), config);
        // And the shipped file has the same fields.
        let shipped = Config::parse(FILE, []).unwrap();
        let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(&serde_json::to_value(&shipped.client).unwrap()), keys(config));
    }

    #[test]
    fn only_the_client_part_is_serialised_for_the_browser() {
        let config = Config::parse(FILE, []).unwrap();
        let json = serde_json::to_string(&config.client).unwrap();
        assert!(json.contains("\"oldSite\""));
        assert!(!json.contains("deadlineMs") && !json.contains("upstreamTimeoutMs"));
    }
}
