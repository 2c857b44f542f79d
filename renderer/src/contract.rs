//! The Rust side of the render contract. Its TypeScript mirror is
//! `web/src/contract.ts`; the two change together.

use serde::Deserialize;

/// What `render` answers: the page's HTTP status, head tags and body HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOutput {
    pub status: u16,
    /// A redirect decided while rendering (rare: most come from `plan`).
    pub redirect: Option<String>,
    /// `<title>`, meta description, canonical and alternate links, robots.
    pub head: String,
    /// The body markup that goes inside `<div id="root">`.
    pub html: String,
}

/// What `plan` answers: a redirect, or the upstream requests the page needs.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlanOutput {
    pub redirect: Option<Redirect>,
    pub fetches: Vec<FetchSpec>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Redirect {
    pub location: String,
    pub status: u16,
}

/// One upstream request: `service` names an endpoint of the configuration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct FetchSpec {
    pub key: String,
    pub service: String,
    pub path: String,
    /// Seconds the answer may be reused for other requests (rarely changing lists).
    #[serde(default, rename = "maxAge")]
    pub max_age: Option<u64>,
}
