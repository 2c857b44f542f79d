//! The only crate that knows V8. It keeps a pool of isolates that hold the
//! server bundle and answers the render contract: `resolve(input)` for the route's
//! decisions that need no data and `render(input) -> status, head, html, redirect`.

mod contract;
mod error;
mod input;
mod isolate;
mod pool;
mod reuse;
mod turn;

pub use contract::{dependent_path, FetchSpec, MachineRequest, Redirect, RenderOutput, Resolution, Service, Step};
pub use error::RenderError;
pub use input::{Failure, InputBuilder, Language, RenderInput, SessionSummary, UserType};
pub use isolate::young_collections_between_pages;
pub use pool::{PendingBody, PoolOptions, RendererPool};
pub use reuse::{answers_reused, Embedded};
