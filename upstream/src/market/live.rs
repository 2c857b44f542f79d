//! The Market as the server shares it: one catalogue at a time, replaced whole when a
//! mirror's catalogue changes ([`crate::sync::catalogue`]). An answer takes the current
//! catalogue once and reads it to the end, so it never mixes two.

use super::Market;
use std::sync::{Arc, RwLock};

/// The current catalogue.
#[derive(Debug, Default)]
pub struct LiveMarket(RwLock<Arc<Market>>);

impl LiveMarket {
    pub fn new(m: Market) -> Self {
        Self(RwLock::new(Arc::new(m)))
    }

    /// The catalogue now (kept by the caller for the whole of one answer).
    pub fn get(&self) -> Arc<Market> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Replaces the catalogue: answers begun before keep the old one.
    pub fn replace(&self, m: Market) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(m);
    }
}
