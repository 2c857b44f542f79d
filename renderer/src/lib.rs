//! The only crate that knows V8. It keeps a pool of isolates that hold the
//! server bundle and answers the render contract: `plan(input)` for route
//! decisions and `render(input) -> status, head, html, redirect`.

mod contract;
mod error;
mod isolate;
mod pool;
mod reuse;
mod turn;

pub use contract::{FetchSpec, PlanOutput, Redirect, RenderOutput};
pub use error::RenderError;
pub use isolate::young_collections_between_pages;
pub use pool::{PendingBody, PoolOptions, RendererPool};
pub use reuse::{answers_reused, Embedded};
