//! The render input: what the bundle's `resolve` and `render` read (`RenderInput` in
//! `web/src/contract.ts`), written once as JSON text by the server, the render-floor
//! bench and the tests alike.
//!
//! The upstream answers go in as the raw text the upstream sent (never parsed or
//! re-serialised here); the input records where each one sits ([`Embedded`]), so an
//! isolate can reuse a value it parsed earlier. The members after the URL are the page
//! state the document embeds for hydration: a slice of the same text ([`RenderInput::state`]).

use std::fmt::{self, Write as _};
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::reuse::Embedded;

/// An interface language: `/en` and `/en/...` are English, every other path Ukrainian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Uk,
    En,
}

impl Language {
    /// The language of a path (without its query).
    pub fn of_path(path: &str) -> Self {
        if path == "/en" || path.starts_with("/en/") {
            Self::En
        } else {
            Self::Uk
        }
    }

    /// The language of a URL, path and query.
    pub fn of_url(url: &str) -> Self {
        Self::of_path(url.split('?').next().unwrap_or("/"))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Uk => "uk",
            Self::En => "en",
        }
    }
}

/// The kind of a logged-in user (SPEC §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UserType {
    Buyer,
    Seller,
    Cpe,
}

/// What pages know of a logged-in visitor (`SessionSummary`, the same name in `web/src/contract.ts`); `None` when logged out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionSummary {
    pub email: String,
    #[serde(rename = "type")]
    pub user_type: UserType,
    pub name: String,
    /// How many products a buyer's cart holds, for the header without JavaScript (issue
    /// 46, item 10); absent for a seller, or when the users API did not say.
    #[serde(rename = "cartCount", default, skip_serializing_if = "Option::is_none")]
    pub cart_count: Option<u32>,
}

/// Why an upstream request brought no usable answer (`{"ok":false,…}` in the page data).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The upstream answered with this error status.
    Status(u16),
    /// Nothing answered (refused, reset, no route).
    Unreachable,
    /// The answer did not come within the time limit.
    Timeout,
    /// The answer is not JSON (or not UTF-8).
    Invalid,
}

impl fmt::Display for Failure {
    /// The page data entry: `{"ok":false,"status":503}` or `{"ok":false,"failure":"timeout"}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Status(status) => write!(f, r#"{{"ok":false,"status":{status}}}"#),
            Self::Unreachable => f.write_str(r#"{"ok":false,"failure":"unreachable"}"#),
            Self::Timeout => f.write_str(r#"{"ok":false,"failure":"timeout"}"#),
            Self::Invalid => f.write_str(r#"{"ok":false,"failure":"invalid"}"#),
        }
    }
}

/// `{"url":…,"language":…,"config":…,"session":…,"data":{…},"csrf":…,"now":…,"error":…}`
/// (`csrf` only when set; `now` the moment of the render, epoch ms), and where its
/// upstream answers are.
#[derive(Debug, Clone)]
pub struct RenderInput {
    json: String,
    state: Range<usize>,
    data: Range<usize>,
    embedded: Vec<Embedded>,
    error: Option<u16>,
}

/// Writes a [`RenderInput`]'s page data, one upstream answer after another.
pub struct InputBuilder {
    json: String,
    state_start: usize,
    data_start: usize,
    embedded: Vec<Embedded>,
    answers: usize,
    csrf: Option<String>,
    now: Option<i64>,
    cookie_notice: bool,
}

impl RenderInput {
    /// Starts an input; `config` is the client configuration as JSON, `data_size` about
    /// how long the answers will be. Add the answers, then [`InputBuilder::finish`].
    pub fn builder(
        url: &str,
        language: Language,
        config: &str,
        session: Option<&SessionSummary>,
        data_size: usize,
    ) -> InputBuilder {
        let url = serde_json::to_string(url).unwrap_or_else(|_| "\"/\"".into());
        let mut json = String::with_capacity(url.len() + config.len() + data_size + 128);
        json.push_str(r#"{"url":"#);
        json.push_str(&url);
        json.push(',');
        let state_start = json.len();
        json.push_str(r#""language":""#);
        json.push_str(language.as_str());
        json.push_str(r#"","config":"#);
        json.push_str(config);
        json.push_str(r#","session":"#);
        match session.map(serde_json::to_string) {
            Some(Ok(session)) => json.push_str(&session),
            _ => json.push_str("null"),
        }
        json.push_str(r#","data":"#);
        let data_start = json.len();
        json.push('{');
        InputBuilder {
            json,
            state_start,
            data_start,
            embedded: Vec::new(),
            answers: 0,
            csrf: None,
            now: None,
            cookie_notice: false,
        }
    }

    /// An input without page data: what `resolve` reads, and error pages.
    pub fn without_data(
        url: &str,
        language: Language,
        config: &str,
        session: Option<&SessionSummary>,
        error: Option<u16>,
    ) -> Self {
        Self::builder(url, language, config, session, 0).finish(error)
    }

    /// An input as given, for tests of the renderer's own checks: what the builder
    /// never writes (answers that are not JSON, places outside the text).
    #[doc(hidden)]
    pub fn from_parts(json: String, embedded: Vec<Embedded>) -> Self {
        let whole = 0..json.len();
        Self { json, state: whole.clone(), data: whole, embedded, error: None }
    }

    /// The whole input, as the bundle reads it.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// The page state: the members after the URL (`"language":…,"error":…`), which the
    /// document embeds for hydration.
    pub fn state(&self) -> &str {
        &self.json[self.state.clone()]
    }

    /// The page data alone (`{"key":{"ok":true,"body":…},…}`), as `/__data` answers it.
    pub fn data(&self) -> &str {
        &self.json[self.data.clone()]
    }

    /// Where the upstream answers are in [`json`](Self::json).
    pub fn embedded(&self) -> &[Embedded] {
        &self.embedded
    }

    /// The error page this input asks for, whatever the route (a failed resolve or render).
    pub fn error(&self) -> Option<u16> {
        self.error
    }
}

impl InputBuilder {
    /// Adds the answer under `key`: the upstream's JSON text as it came, or why there is
    /// none. `source` names where it came from (the same source answering the same text
    /// is the same value, see [`Embedded`]).
    pub fn answer(&mut self, key: &str, source: impl Into<String>, answer: Result<&str, Failure>) -> &mut Self {
        if self.answers > 0 {
            self.json.push(',');
        }
        self.answers += 1;
        self.json.push_str(&serde_json::to_string(key).unwrap_or_else(|_| "\"\"".into()));
        match answer {
            Ok(body) => {
                self.json.push_str(r#":{"ok":true,"body":"#);
                let start = self.json.len();
                self.json.push_str(body);
                let range = start..self.json.len();
                self.embedded.push(Embedded { key: key.to_owned(), source: source.into(), range });
                self.json.push('}');
            }
            Err(failure) => {
                let _ = write!(self.json, ":{failure}");
            }
        }
        self
    }

    /// The anti-forgery token the page's forms send back (pages with forms, and every
    /// page of a session: its header has the logout form). Not a credential.
    pub fn csrf(&mut self, token: &str) -> &mut Self {
        self.csrf = Some(token.to_owned());
        self
    }

    /// Whether the page shows the cookie notice (the visitor has not dismissed it; default no).
    pub fn cookie_notice(&mut self, show: bool) -> &mut Self {
        self.cookie_notice = show;
        self
    }

    /// The moment the page is rendered at (epoch ms; default: the clock at `finish`).
    pub fn at(&mut self, now_ms: i64) -> &mut Self {
        self.now = Some(now_ms);
        self
    }

    /// Closes the data; `error` asks for the error page of that status whatever the route.
    pub fn finish(mut self, error: Option<u16>) -> RenderInput {
        self.json.push('}');
        let data = self.data_start..self.json.len();
        if let Some(token) = &self.csrf {
            self.json.push_str(r#","csrf":"#);
            self.json.push_str(&serde_json::to_string(token).unwrap_or_else(|_| "null".into()));
        }
        // What the page says of deadlines (passed or not, the time left) depends on the
        // moment; the browser hydrates with the same one.
        let now = self.now.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        });
        let _ = write!(self.json, r#","now":{now},"cookieNotice":{}"#, self.cookie_notice);
        self.json.push_str(r#","error":"#);
        match error {
            Some(code) => {
                let _ = write!(self.json, "{code}");
            }
            None => self.json.push_str("null"),
        }
        let end = self.json.len();
        self.json.push('}');
        RenderInput { json: self.json, state: self.state_start..end, data, embedded: self.embedded, error }
    }
}
