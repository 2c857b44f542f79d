//! Shared state of the server: configuration, the upstream HTTP client and,
//! once started, the renderer pool with the translations it was given.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use renderer::{PoolOptions, RendererPool};

use crate::cache::CachedResponse;
use crate::cache::TtlCache;
use crate::config::Config;
use crate::security::SecurityHeaders;
use crate::session::Sessions;
use crate::shell::Manifest;

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    config: Config,
    /// `client` config serialised once; embedded in every page.
    client_json: String,
    http: reqwest::Client,
    pages: crate::upstream_client::PageClient,
    manifest: Manifest,
    ready: OnceLock<Ready>,
    /// Upstream answers whose fetch spec allows reuse (`maxAge`): raw JSON text.
    upstream_cache: TtlCache<Arc<str>>,
    /// `resolve` answers per visitor kind and URL: a pure function of both, the bundle
    /// and the configuration, all fixed for the process.
    resolution_cache: TtlCache<Arc<renderer::Resolution>>,
    /// Set once the embedded upstream serves (at once when there is none).
    upstream_serving: std::sync::atomic::AtomicBool,
    /// Anonymous page responses, when `server.htmlMicroCacheMs` is set.
    html_cache: TtlCache<CachedResponse>,
    /// Who is logged in: tokens in cookies, summaries from the users API.
    sessions: Sessions,
    /// The headers every response carries.
    security: Arc<SecurityHeaders>,
    /// Web-vitals reports taken in the current second (`router::vitals`).
    vitals: crate::rate::Rate,
    /// Documents for machines being made over several upstream requests: at most
    /// `server.maxDocumentStreams` at once in this process (`crate::machine`).
    document_streams: Arc<crate::streams::Streams>,
}

/// What exists once start-up finished: the pool and the translation files.
pub struct Ready {
    pub pool: RendererPool,
    /// Language → where pages of that language tell the browser to read its
    /// translations: the translation file with its version (a hash of the text the
    /// isolates were given), so a browser keeps it across pages and deploys change it.
    pub translation_urls: HashMap<String, String>,
    /// What this process renders with: the first 12 hex digits of the SHA-256 of the
    /// bundle, the translations and the client configuration. Validators (`ETag`) carry
    /// it, so a new release never answers `304` for what an old one rendered.
    pub release: String,
}

/// `{translations host}/{language}/dzo.json?v={first 12 hex digits of the text's SHA-256}`.
pub fn translation_url(host: &str, language: &str, text: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.as_bytes());
    let version: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("{}/{language}/dzo.json?v={version}", host.trim_end_matches('/'))
}

/// Why the renderer could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot read `{path}`: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("translations for `{language}` not loaded: {message}")]
    Translations { language: String, message: String },
    #[error(transparent)]
    Render(#[from] renderer::RenderError),
}

impl AppState {
    pub fn new(config: Config) -> Self {
        let client_json = serde_json::to_string(&config.client).unwrap_or_else(|_| "{}".into());
        let manifest_path = config.server.web_dist.join("client/manifest.json");
        let manifest = std::fs::read_to_string(&manifest_path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_else(|| {
                tracing::warn!(path = %manifest_path.display(), "no client manifest: pages will not hydrate");
                Manifest::default()
            });
        let http = reqwest::Client::builder()
            .timeout(Duration::from_millis(config.server.upstream_timeout_ms))
            .pool_max_idle_per_host(64)
            // An upstream that redirects is misconfigured or compromised: its answer is
            // a failure (the 502 page), not a fetch from wherever it points.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default();
        let pages = crate::upstream_client::page_client(Duration::from_millis(config.server.upstream_timeout_ms));
        let upstream_cache = TtlCache::new(4096, config.server.upstream_cache_mb << 20);
        let html_cache = TtlCache::new(4096, config.server.html_micro_cache_mb << 20);
        let config_embedded = config.server.embedded_upstream;
        if config.server.session_secret.is_empty() {
            tracing::warn!("server.sessionSecret is not set (development mode): signed cookies and forms use a random key for this process");
        }
        let sessions = Sessions::with_proxy_key(
            &config.server.session_secret,
            config.server.secure_cookies,
            &config.client.endpoints.users,
            &config.client.public_origin,
            &config.server.users_proxy_key,
        );
        let security = Arc::new(SecurityHeaders::new(&config, manifest.boot_hash().as_deref()));
        let document_streams = crate::streams::Streams::new(config.server.max_document_streams);
        Self {
            inner: Arc::new(Inner {
                config,
                client_json,
                http,
                pages,
                manifest,
                ready: OnceLock::new(),
                upstream_cache,
                resolution_cache: TtlCache::new(20_000, 16 << 20),
                upstream_serving: (!config_embedded).into(),
                html_cache,
                sessions,
                security,
                vitals: Default::default(),
                document_streams,
            }),
        }
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    pub fn client_json(&self) -> &str {
        &self.inner.client_json
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.inner.http
    }

    /// The client of the pages' upstream requests.
    pub fn pages(&self) -> &crate::upstream_client::PageClient {
        &self.inner.pages
    }

    pub fn upstream_cache(&self) -> &TtlCache<Arc<str>> {
        &self.inner.upstream_cache
    }

    pub fn resolution_cache(&self) -> &TtlCache<Arc<renderer::Resolution>> {
        &self.inner.resolution_cache
    }

    pub fn html_cache(&self) -> &TtlCache<CachedResponse> {
        &self.inner.html_cache
    }

    pub fn security(&self) -> &Arc<SecurityHeaders> {
        &self.inner.security
    }

    /// The rate of web-vitals reports this process takes.
    /// The permits and lines of documents made over several upstream requests.
    pub fn document_streams(&self) -> &Arc<crate::streams::Streams> {
        &self.inner.document_streams
    }

    pub fn vitals_rate(&self) -> &crate::rate::Rate {
        &self.inner.vitals
    }

    pub fn sessions(&self) -> &Sessions {
        &self.inner.sessions
    }

    pub fn manifest(&self) -> &Manifest {
        &self.inner.manifest
    }

    /// The renderer, once it started.
    pub fn ready(&self) -> Option<&Ready> {
        self.inner.ready.get()
    }

    /// Marks the embedded upstream as serving (its data loaded, its port listening).
    pub fn mark_upstream_serving(&self) {
        self.inner.upstream_serving.store(true, std::sync::atomic::Ordering::Release);
    }

    /// Ready for every request: the renderer started and the embedded upstream, when
    /// this process runs one, serves. Until then `/healthz` answers 503.
    pub fn serving(&self) -> bool {
        self.ready().is_some() && self.inner.upstream_serving.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Loads translations, starts the isolates and marks the server ready.
    /// `extra_script` runs in every isolate after start (tests wrap entry points with it).
    /// `hosted`: each serving thread renders on an isolate of its own (the server's
    /// shape: current-thread runtimes only); otherwise worker threads render.
    pub async fn start_renderer(&self, extra_script: &str, hosted: bool) -> Result<(), StartError> {
        let config = &self.inner.config;
        let bundle_path = config.server.web_dist.join("server/entry-server.js");
        let bundle = std::fs::read_to_string(&bundle_path)
            .map_err(|source| StartError::Read { path: bundle_path.clone(), source })?;
        let mut translations = HashMap::new();
        for language in ["uk", "en"] {
            translations.insert(language.to_owned(), self.load_translations(language).await?);
        }
        let translations_json = format!(r#"{{"uk":{},"en":{}}}"#, translations["uk"], translations["en"]);
        let release = {
            use sha2::Digest;
            let mut digest = sha2::Sha256::new();
            for part in [bundle.as_str(), translations_json.as_str(), self.client_json()] {
                digest.update(part.len().to_le_bytes());
                digest.update(part.as_bytes());
            }
            digest.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect::<String>()
        };
        let options = PoolOptions {
            bundle,
            translations_json,
            isolates: config.renderer.isolates,
            hosted,
            deadline: Duration::from_millis(config.renderer.deadline_ms),
            heap_limit_bytes: config.renderer.heap_limit_mb << 20,
            snapshot: config.renderer.snapshot,
            extra_script: extra_script.to_owned(),
            max_waiting: config.server.max_waiting_renders,
        };
        let pool = tokio::task::spawn_blocking(move || RendererPool::start(options))
            .await
            .map_err(|e| renderer::RenderError::Start(e.to_string()))??;
        tracing::info!(isolates = pool.size(), hosted, "renderer ready");
        let host = &config.client.endpoints.translations;
        let translation_urls = translations
            .iter()
            .map(|(language, text)| (language.clone(), translation_url(host, language, text)))
            .collect();
        let _ = self.inner.ready.set(Ready { pool, translation_urls, release });
        Ok(())
    }

    /// Reads `{translations host}/{language}/dzo.json`; a relative host is this
    /// server's own `locales/` folder, read from disk.
    async fn load_translations(&self, language: &str) -> Result<String, StartError> {
        let config = &self.inner.config;
        let text = if config.serves_locales() {
            let path = config.server.locales_dir.join(language).join("dzo.json");
            std::fs::read_to_string(&path).map_err(|source| StartError::Read { path, source })?
        } else {
            let url = format!("{}/{language}/dzo.json", config.client.endpoints.translations.trim_end_matches('/'));
            let mut delay = Duration::from_millis(350);
            let mut attempt = 0;
            loop {
                let result = async { self.inner.http.get(&url).send().await?.error_for_status()?.text().await }.await;
                match result {
                    Ok(text) => break text,
                    Err(e) if attempt >= 5 => {
                        return Err(StartError::Translations { language: language.into(), message: e.to_string() })
                    }
                    Err(_) => {
                        tokio::time::sleep(delay).await;
                        delay *= 2;
                        attempt += 1;
                    }
                }
            }
        };
        serde_json::from_str::<serde::de::IgnoredAny>(&text)
            .map_err(|e| StartError::Translations { language: language.into(), message: e.to_string() })?;
        Ok(text)
    }
}
