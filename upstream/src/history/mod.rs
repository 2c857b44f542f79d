//! What changed in a record, and when: typed change events ([`event`]) computed once from
//! two versions of a record ([`diff`], a pure function), kept with the record
//! ([`log`]) and served as JSON. The follows of the users API ([`crate::users::follows`])
//! mail them.

pub mod api;
pub mod diff;
pub mod event;
pub mod log;

pub use event::{Change, Event};
