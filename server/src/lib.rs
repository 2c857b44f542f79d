//! The portal's HTTP server: routing, sessions and forms, upstream data, server-side
//! rendering through the renderer pool, documents for machines, and the limits and
//! headers every answer gets. `main.rs` loads the configuration, starts the embedded
//! upstream when configured, and serves [`app`] on one thread per core
//! (`docs/ARCHITECTURE.md` follows a request through the modules).

pub mod account;
pub mod alerts;
pub mod cache;
pub mod cart;
pub mod compress;
pub mod conditional;
pub mod config;
pub mod edge;
pub mod error;
pub mod follow;
pub mod follow_mail;
pub mod form;
pub mod limits;
pub mod machine;
pub mod micro_cache;
pub mod notice;
pub mod own_page;
pub mod page;
pub mod peer;
pub mod rate;
pub mod redact;
pub mod router;
pub mod saved;
pub mod security;
pub mod serve;
pub mod session;
pub mod sheet;
pub mod shell;
pub mod spool;
pub mod state;
pub mod streams;
pub mod upstream_client;

pub use router::app;
pub use state::AppState;
