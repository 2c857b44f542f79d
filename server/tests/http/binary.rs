//! The release `portal` binary as a child process: what the fault, replica and
//! kill-during-write tests run, because they look at a whole process (its threads, open
//! files and memory), run two of them side by side, or kill one with `SIGKILL`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::accounts::Jar;
use super::ROOT;

/// A port nothing listens on right now (bound, read and let go).
pub(super) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A folder of its own under the system's temporary folder, removed on drop.
pub(super) struct TempDir(pub(super) PathBuf);

impl TempDir {
    pub(super) fn new(name: &str) -> Self {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let path = std::env::temp_dir().join(format!("portal-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One running `portal` process; killed on drop.
pub(super) struct Portal {
    child: Child,
    pub(super) port: u16,
    log: PathBuf,
    _dir: TempDir,
}

impl Portal {
    /// Starts the binary with the shipped configuration file, the real bundle and
    /// `env` on top, and waits until `/healthz` answers 200. Variables of the test's
    /// own environment that configure the portal or the upstream are not passed on.
    pub(super) async fn start(name: &str, env: &[(&str, String)]) -> Self {
        let (mut command, dir, log, port) = Self::command(name, env);
        let child = command.spawn().expect("the portal binary");
        let mut portal = Self { child, port, log, _dir: dir };
        portal.wait_ready().await;
        portal
    }

    /// Starts the binary as [`Portal::start`] does and expects it to refuse: its exit
    /// status and what it wrote, once it has exited (within 60 s, never having
    /// answered `/healthz`).
    pub(super) async fn refused(name: &str, env: &[(&str, String)]) -> (std::process::ExitStatus, String) {
        let (mut command, _dir, log, port) = Self::command(name, env);
        let mut child = command.spawn().expect("the portal binary");
        let started = Instant::now();
        let client = client();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return (status, std::fs::read_to_string(&log).unwrap_or_default());
            }
            let healthz = client.get(format!("http://127.0.0.1:{port}/healthz")).send().await;
            if healthz.is_ok_and(|answer| answer.status() == 200) || started.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!(
                    "the portal started when it should have refused:\n{}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The command of [`Portal::start`], its folder, log file and port. A test secret
    /// (`server.sessionSecret`) is set, which `env` may replace.
    fn command(name: &str, env: &[(&str, String)]) -> (Command, TempDir, PathBuf, u16) {
        let dir = TempDir::new(name);
        let log = dir.0.join("portal.log");
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_portal"));
        command.current_dir(ROOT);
        for (key, _) in std::env::vars() {
            if key.starts_with("PORTAL_") || key.starts_with("UPSTREAM_") || key == "PORT" {
                command.env_remove(key);
            }
        }
        command
            .env("PORTAL_CONFIG", format!("{ROOT}/config/portal.json"))
            .env("PORTAL_SERVER_WEB_DIST", format!("{ROOT}/web/dist"))
            .env("PORTAL_SERVER_LOCALES_DIR", format!("{ROOT}/locales"))
            .env("PORTAL_RENDERER_ISOLATES", "2")
            .env("PORT", port.to_string())
            .env("PORTAL_SERVER_SESSION_SECRET", "a-test-secret-of-the-tests-own-32-chars-or-more")
            .env("RUST_LOG", "warn");
        for (key, value) in env {
            command.env(key, value);
        }
        let file = std::fs::File::create(&log).unwrap();
        command.stdout(Stdio::from(file.try_clone().unwrap())).stderr(Stdio::from(file)).stdin(Stdio::null());
        (command, dir, log, port)
    }

    async fn wait_ready(&mut self) {
        let started = Instant::now();
        let client = client();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!("the portal exited ({status}) while starting:\n{}", self.log_tail());
            }
            if let Ok(answer) = client.get(self.url("/healthz")).send().await {
                if answer.status() == 200 && answer.text().await.unwrap_or_default().starts_with("ok") {
                    return;
                }
            }
            assert!(started.elapsed() < Duration::from_secs(60), "not ready in 60 s:\n{}", self.log_tail());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(super) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub(super) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `SIGKILL`, as the operating system's out-of-memory killer or a pulled plug would
    /// stop it: no destructor, no flush, no signal handler runs.
    pub(super) fn kill_9(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// What the process wrote, its last 4 KB (for failure messages).
    pub(super) fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        text[text.len().saturating_sub(4096)..].to_owned()
    }

    /// What the process holds: threads, open file descriptors (sockets included), the
    /// resident memory in KiB, and the isolates its `/healthz` reports.
    pub(super) async fn usage(&self) -> Usage {
        let proc = PathBuf::from(format!("/proc/{}", self.pid()));
        let count = |dir: &Path| std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0);
        let status = std::fs::read_to_string(proc.join("status")).unwrap_or_default();
        let rss_kib = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0);
        let health = client().get(self.url("/healthz")).send().await.unwrap().text().await.unwrap();
        let isolates = health
            .split_whitespace()
            .find_map(|word| word.parse().ok())
            .unwrap_or_else(|| panic!("`/healthz` names no isolate count: {health}"));
        Usage { threads: count(&proc.join("task")), fds: count(&proc.join("fd")), rss_kib, isolates }
    }
}

impl Drop for Portal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Usage {
    pub(super) threads: usize,
    pub(super) fds: usize,
    pub(super) rss_kib: u64,
    pub(super) isolates: usize,
}

impl Usage {
    /// `threads a → b, fds …, isolates …, RSS … MiB`: from this to `after`.
    pub(super) fn change_to(&self, after: &Usage) -> String {
        format!(
            "threads {} → {}, fds {} → {}, isolates {} → {}, RSS {} → {} MiB",
            self.threads,
            after.threads,
            self.fds,
            after.fds,
            self.isolates,
            after.isolates,
            self.rss_kib / 1024,
            after.rss_kib / 1024
        )
    }
}

/// An HTTP client that follows no redirect and keeps no idle connection (each
/// request's socket is gone from both ends once it is answered).
pub(super) fn client() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).pool_max_idle_per_host(0).build().unwrap()
}

/// Waits (up to `within`) until `settled` holds of the process's usage, and answers the
/// last usage seen either way: what a pool lets go of, it lets go of a moment later.
pub(super) async fn settle(portal: &Portal, within: Duration, settled: impl Fn(&Usage) -> bool) -> Usage {
    let started = Instant::now();
    loop {
        let usage = portal.usage().await;
        if settled(&usage) || started.elapsed() > within {
            return usage;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A visitor of one or more portal processes: one cookie jar, the portal's JSON API.
pub(super) struct Browser {
    pub(super) http: reqwest::Client,
    pub(super) cookies: Jar,
    /// The visitor's address, sent as `X-Forwarded-For` with the JSON posts (the portal
    /// believes it only when loopback is one of its trusted proxies).
    pub(super) forwarded_for: Option<String>,
}

impl Browser {
    pub(super) fn new() -> Self {
        Self { http: client(), cookies: Jar::default(), forwarded_for: None }
    }

    /// A GET with the jar's cookies: (status, body).
    pub(super) async fn get(&mut self, url: &str) -> Result<(u16, String), reqwest::Error> {
        let answer = self.http.get(url).header("cookie", self.cookies.header()).send().await?;
        self.cookies.apply(answer.headers());
        let status = answer.status().as_u16();
        Ok((status, answer.text().await?))
    }

    /// A JSON POST as the hydrated app sends it (`Accept: application/json`): (status, body).
    pub(super) async fn post_json(
        &mut self,
        url: &str,
        body: serde_json::Value,
    ) -> Result<(u16, serde_json::Value), reqwest::Error> {
        let mut request =
            self.http.post(url).header("cookie", self.cookies.header()).header("accept", "application/json");
        if let Some(from) = &self.forwarded_for {
            request = request.header("x-forwarded-for", from);
        }
        let answer = request.json(&body).send().await?;
        self.cookies.apply(answer.headers());
        let status = answer.status().as_u16();
        let text = answer.text().await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))))
    }

    /// The anti-forgery token of this browser's forms (`/__csrf`, which sets its cookie).
    pub(super) async fn csrf(&mut self, base: &str) -> Result<String, reqwest::Error> {
        let (status, body) = self.get(&format!("{base}/__csrf")).await?;
        assert_eq!(status, 200, "{body}");
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        Ok(body["csrf"].as_str().unwrap().to_owned())
    }

    /// Logs in through the portal at `base` (the app's JSON login); answers the token.
    pub(super) async fn log_in(&mut self, base: &str, email: &str, password: &str) -> String {
        let token = self.csrf(base).await.unwrap();
        let body = serde_json::json!({ "email": email, "password": password, "_csrf": token });
        let (status, answer) = self.post_json(&format!("{base}/login"), body).await.unwrap();
        assert_eq!((status, &answer["ok"]), (200, &serde_json::json!(true)), "login of {email}: {answer}");
        assert!(self.cookies.get("portal_token").is_some(), "the session's cookies are set");
        let rotated = answer["csrf"].as_str().expect("a new anti-forgery token for the session").to_owned();
        assert_ne!(rotated, token, "login rotates the anti-forgery token");
        rotated
    }
}

/// The state a page embeds for hydration.
pub(super) fn page_state(html: &str) -> serde_json::Value {
    let json = super::between(html, "<script id=\"__state\" type=\"application/json\">", "</script>")
        .unwrap_or_else(|| panic!("no page state in {}", &html[..html.len().min(2000)]));
    serde_json::from_str(json).unwrap()
}
