//! The portal's HTTP server: routing, upstream data, and server-side rendering
//! through the renderer pool. `main.rs` only loads config and serves `app`.

pub mod account;
pub mod alerts;
pub mod cache;
pub mod cart;
pub mod compress;
pub mod config;
pub mod document;
pub mod error;
pub mod limits;
pub mod machine;
pub mod micro_cache;
pub mod notice;
pub mod page;
pub mod redact;
pub mod router;
pub mod saved;
pub mod security;
pub mod serve;
pub mod session;
pub mod sheet;
pub mod state;

pub use router::app;
pub use state::AppState;
