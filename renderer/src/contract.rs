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
#[serde(rename_all = "camelCase")]
pub enum Service {
    Search,
    Users,
    Cdb,
    /// Not an endpoint: the server's own red flags of the tender answered to the fetch
    /// named by `after` (the methodology's indicators, the `indicators` crate), computed
    /// in the server. Without `after`, or when that answer failed, it reads as a 404.
    RedFlags,
}

impl Service {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Search => "search",
            Self::Users => "users",
            Self::Cdb => "cdb",
            Self::RedFlags => "redFlags",
        }
    }
}

impl fmt::Display for Service {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One upstream request: a path of one service's endpoint.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FetchSpec {
    pub key: String,
    pub service: Service,
    pub path: String,
    /// Seconds the answer may be reused for other requests (rarely changing lists).
    #[serde(default, rename = "maxAge")]
    pub max_age: Option<u64>,
    /// A JSON body: the request is then a POST of it (calls the platform defines as POST
    /// that only read, such as the registration form's fields).
    #[serde(default)]
    pub body: Option<serde_json::Value>,
    /// The key of another fetch of the same page whose answer this one's path is made
    /// from: each `{/json/pointer}` in `path` is that answer's value there (a string or
    /// a number, percent-encoded). Fetched once that answer is in; when it failed or
    /// lacks the value, this one is not made and reads as a 404.
    #[serde(default)]
    pub after: Option<String>,
    /// The page's record: its `dateModified` goes into the page's validator (`ETag`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub validator: bool,
    /// A document for machines' later step may do without this answer: when it fails,
    /// the step reads `null` instead of the document being cut (a calendar without its
    /// events' count is still a calendar).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
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

/// What each step of a document for machines is given (`MachineRequest` in
/// `web/src/machine/types.ts`): the server calls the bundle's `machine(request, answer)`
/// with it, step by step.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineRequest {
    /// The path and query asked for.
    pub url: String,
    /// The client configuration, as every page gets it (written once per document).
    pub config: Box<serde_json::value::RawValue>,
    /// When the request arrived (ISO 8601).
    pub now: String,
    /// What the previous step carried over ([`Step::state`]); null on the first step.
    pub state: serde_json::Value,
}

/// A machine step's answer without its text (`Step` in `web/src/machine/types.ts`): the
/// document's status and headers (from the step that sets them) and what comes next.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// 200, or 404 when the address names no document.
    pub status: u16,
    #[serde(default)]
    pub content_type: Option<String>,
    /// `Content-Disposition: attachment` with this file name (exports).
    #[serde(default)]
    pub filename: Option<String>,
    #[serde(default)]
    pub cache_control: Option<String>,
    /// A strong validator of the document (the server adds its release to it).
    #[serde(default)]
    pub etag: Option<String>,
    /// When the document last changed (ISO 8601).
    #[serde(default)]
    pub last_modified: Option<String>,
    /// The next upstream request, or none: the end.
    #[serde(default)]
    pub next: Option<FetchSpec>,
    /// What the next step is given back as [`MachineRequest::state`].
    #[serde(default)]
    pub state: Option<serde_json::Value>,
    /// The steps' text is the rows of a workbook's one sheet of this name.
    #[serde(default)]
    pub sheet: Option<String>,
}

/// The most values one `*` placeholder of [`dependent_path`] writes.
pub const MAX_LISTED_VALUES: usize = 100;

/// The values a pointer names, where a `*` segment stands for every element of an array
/// (or value of an object): strings that are not empty, and numbers, in order.
fn listed(value: &serde_json::Value, segments: &[&str], out: &mut Vec<String>) {
    let Some((first, rest)) = segments.split_first() else {
        match value {
            serde_json::Value::String(s) if !s.is_empty() => out.push(s.clone()),
            serde_json::Value::Number(n) => out.push(n.to_string()),
            _ => {}
        }
        return;
    };
    match (*first, value) {
        ("*", serde_json::Value::Array(items)) => items.iter().for_each(|v| listed(v, rest, out)),
        ("*", serde_json::Value::Object(map)) => map.values().for_each(|v| listed(v, rest, out)),
        (key, _) => {
            let key = key.replace("~1", "/").replace("~0", "~");
            let next = match value {
                serde_json::Value::Object(map) => map.get(&key),
                serde_json::Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            if let Some(next) = next {
                listed(next, rest, out);
            }
        }
    }
}

fn encode_into(out: &mut String, value: &str) {
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = std::fmt::Write::write_fmt(out, format_args!("%{byte:02X}"));
        }
    }
}

/// `template` with each `{/json/pointer}` replaced by the value at that pointer of the
/// JSON `answer`, percent-encoded; `None` when the answer is not JSON or a value is
/// missing, empty, or neither a string nor a number.
///
/// A pointer with `*` segments (`name[]={/hydra:member/*/items/0/classification/id}`)
/// names a list: its distinct values (at most [`MAX_LISTED_VALUES`]) each become the
/// query parameter the placeholder is the value of (`name[]=a&name[]=b`), and one that
/// names nothing drops its parameter. `None` when every list names nothing and no other
/// placeholder wrote a value: a plan's own code with its items' codes
/// (`searchId[]={/classification/id}&searchId[]={/items/*/classification/id}`) is still
/// asked for when the plan has no items.
pub fn dependent_path(template: &str, answer: &str) -> Option<String> {
    let answer: serde_json::Value = serde_json::from_str(answer).ok()?;
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    let (mut lists, mut listed_any, mut single) = (false, false, false);
    while let Some(open) = rest.find("{/") {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}')? + open;
        let pointer = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if pointer.split('/').any(|segment| segment == "*") {
            lists = true;
            // The parameter this placeholder is the value of: from the last `?` or `&`.
            let start = out.rfind(['?', '&']).map_or(0, |at| at + 1);
            let name = out[start..].strip_suffix('=')?.to_owned();
            let segments: Vec<&str> = pointer.split('/').skip(1).collect();
            let mut values = Vec::new();
            listed(&answer, &segments, &mut values);
            let mut seen = std::collections::HashSet::new();
            values.retain(|v| seen.insert(v.clone()));
            values.truncate(MAX_LISTED_VALUES);
            if values.is_empty() {
                // No parameter: drop `name=` and the separator before or after it.
                out.truncate(start);
                if out.ends_with('&') {
                    out.pop();
                } else if let Some(after) = rest.strip_prefix('&') {
                    rest = after;
                }
                continue;
            }
            listed_any = true;
            for (i, value) in values.iter().enumerate() {
                if i > 0 {
                    out.push('&');
                    out.push_str(&name);
                    out.push('=');
                }
                encode_into(&mut out, value);
            }
            continue;
        }
        let value = match answer.pointer(pointer)? {
            serde_json::Value::String(s) if !s.is_empty() => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            _ => return None,
        };
        single = true;
        encode_into(&mut out, &value);
    }
    out.push_str(rest);
    if lists && !listed_any && !single {
        return None;
    }
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

    #[test]
    fn a_star_lists_every_value_as_its_parameter_again() {
        let answer = r#"{"hydra:member": [
            {"classification": {"id": "45000000-7"}, "items": [{"classification": {"id": "03110000-5"}}]},
            {"items": [{"classification": {"id": "03110000-5"}}, {"classification": {"id": "a b"}}]},
            {"items": []}, "not an object"
        ], "a/b": ["x"]}"#;
        assert_eq!(
            dependent_path(
                "/api/c?scheme=x&searchId[]={/hydra:member/*/items/*/classification/id}&perPage=100",
                answer
            )
            .as_deref(),
            Some("/api/c?scheme=x&searchId[]=03110000-5&searchId[]=a%20b&perPage=100"),
            "distinct values, in order"
        );
        assert_eq!(
            dependent_path(
                "/c?a[]={/hydra:member/*/classification/id}&a[]={/hydra:member/*/lots/*/id}&a[]={/a~1b/*}",
                answer
            )
            .as_deref(),
            Some("/c?a[]=45000000-7&a[]=x"),
            "a list that names nothing drops its parameter"
        );
        assert_eq!(dependent_path("/c?p=1&a[]={/hydra:member/*/lots/*/id}", answer).as_deref(), None, "nothing at all");
        assert_eq!(dependent_path("/c?a[]={/hydra:member/*/lots/*/id}&p=1", answer), None);
        // A single value beside lists that name nothing: the request has that value.
        let plan = r#"{"classification": {"id": "39160000-1"}, "items": []}"#;
        assert_eq!(
            dependent_path("/c?p=1&a[]={/classification/id}&a[]={/items/*/classification/id}", plan).as_deref(),
            Some("/c?p=1&a[]=39160000-1")
        );
        assert_eq!(
            dependent_path("/c?a[]={/items/*/classification/id}&a[]={/classification/id}&p=1", plan).as_deref(),
            Some("/c?a[]=39160000-1&p=1")
        );
        assert_eq!(
            dependent_path("/c?a[]={/classification/id}&a[]={/items/*/classification/id}", r#"{"items": []}"#),
            None
        );
        let many = format!(r#"{{"ids": [{}]}}"#, (0..150).map(|i| i.to_string()).collect::<Vec<_>>().join(","));
        let path = dependent_path("/c?id={/ids/*}", &many).unwrap();
        assert_eq!(path.matches("id=").count(), super::MAX_LISTED_VALUES);
    }
}
