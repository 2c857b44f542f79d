//! The Rust side of the render contract (`web/src/contract.ts`). The input is written by
//! [`crate::RenderInput`]; `web/src/contract.fixture.json` holds one of each shape, which
//! serde reads here and `tsc` checks against the TypeScript types (see
//! `docs/decisions/0007-one-contract-fixture.md`), so a field renamed on one side only
//! fails a test.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What `render` answers: the page's HTTP status, head tags and body HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOutput {
    pub status: u16,
    /// A redirect decided while rendering (e.g. from the page's data; most come from `resolve`).
    pub redirect: Option<String>,
    /// `<title>`, meta description, canonical and alternate links, robots.
    pub head: String,
    /// The body markup that goes inside `<div id="root">`.
    pub html: String,
}

/// What `resolve` answers: the route's decisions that need no data, a redirect or the
/// upstream requests the page needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    pub redirect: Option<Redirect>,
    pub fetches: Vec<FetchSpec>,
    /// The page has state-changing forms: it is rendered with an anti-forgery token,
    /// for this visitor only.
    #[serde(default)]
    pub forms: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Redirect {
    pub location: String,
    pub status: u16,
}

/// The upstream services a page's data comes from: each names an endpoint of the
/// client configuration (`client.endpoints.<service>`). An unknown one fails `resolve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Service {
    Search,
    Users,
    Cdb,
}

impl Service {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Search => "search",
            Self::Users => "users",
            Self::Cdb => "cdb",
        }
    }
}

impl fmt::Display for Service {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One upstream request: a path of one service's endpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FetchSpec {
    pub key: String,
    pub service: Service,
    pub path: String,
    /// Seconds the answer may be reused for other requests (rarely changing lists).
    #[serde(default, rename = "maxAge", skip_serializing_if = "Option::is_none")]
    pub max_age: Option<u64>,
    /// A JSON body: the request is then a POST of it (calls the platform defines as POST
    /// that only read, such as the registration form's fields).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<serde_json::Value>,
    /// The key of another fetch of the same page whose answer this one's path is made
    /// from: each `{/json/pointer}` in `path` is that answer's value there (a string or
    /// a number, percent-encoded). Fetched once that answer is in; when it failed or
    /// lacks the value, this one is not made and reads as a 404.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// The page's record: its `dateModified` goes into the page's validator (`ETag`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub validator: bool,
}

impl FetchSpec {
    /// Where the answer comes from: `search:/api/tenders?…` (the key of answer reuse).
    pub fn source(&self) -> String {
        match &self.body {
            Some(body) => format!("{}:POST {} {body}", self.service, self.path),
            None => format!("{}:{}", self.service, self.path),
        }
    }
}

/// `template` with each `{/json/pointer}` replaced by the value at that pointer of the
/// JSON `answer`, percent-encoded; `None` when the answer is not JSON or a value is
/// missing, empty, or neither a string nor a number.
pub fn dependent_path(template: &str, answer: &str) -> Option<String> {
    let answer: serde_json::Value = serde_json::from_str(answer).ok()?;
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find("{/") {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}')? + open;
        let value = match answer.pointer(&rest[open + 1..close])? {
            serde_json::Value::String(s) if !s.is_empty() => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            _ => return None,
        };
        for byte in value.bytes() {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                out.push(char::from(byte));
            } else {
                let _ = std::fmt::Write::write_fmt(&mut out, format_args!("%{byte:02X}"));
            }
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod dependent_path_tests {
    use super::dependent_path;

    #[test]
    fn a_dependent_path_is_filled_from_the_answer_it_waits_for() {
        let answer = r#"{"relatedProfiles": ["ab/c d", "x"], "n": 7, "empty": "", "list": []}"#;
        assert_eq!(
            dependent_path("/api/profiles/{/relatedProfiles/0}", answer).as_deref(),
            Some("/api/profiles/ab%2Fc%20d")
        );
        assert_eq!(dependent_path("/a/{/n}?b={/relatedProfiles/1}", answer).as_deref(), Some("/a/7?b=x"));
        assert_eq!(dependent_path("/plain", answer).as_deref(), Some("/plain"));
        for missing in ["/a/{/nothing}", "/a/{/empty}", "/a/{/list}", "/a/{/relatedProfiles/9}", "/a/{/n"] {
            assert_eq!(dependent_path(missing, answer), None, "{missing}");
        }
        assert_eq!(dependent_path("/a/{/n}", "not json"), None);
    }
}
