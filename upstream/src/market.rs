//! Market catalogue endpoints (placeholder until the generated catalogue lands).

use crate::AppState;
use axum::Router;

/// Market routes.
pub fn routes() -> Router<AppState> {
    Router::new()
}

/// The generated catalogue.
#[derive(Debug, Default)]
pub struct Market {}

impl Market {
    /// Generates the catalogue from real CPV codes with a fixed seed.
    pub fn generate(_cls: &crate::classifiers::Classifiers) -> Self {
        Self {}
    }
}
