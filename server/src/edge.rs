//! The one middleware every answer passes through, in this order: the request's
//! limits ([`crate::limits`]), the micro-cache ([`crate::micro_cache`]) within the
//! time limit, then, on the way out, the server's own page of a refusal
//! ([`crate::own_page`]), the security headers ([`crate::security`]) and the guard that
//! keeps a `Location` on the site. One layer instead of four: each
//! `from_fn` layer clones a boxed service and boxes a future per request, and every
//! wake of a waiting page polls through all of them (decision 0019).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::security::SecurityHeaders;
use crate::state::AppState;

/// What the edge needs, built once.
#[derive(Clone)]
pub struct Edge {
    state: AppState,
    security: Arc<SecurityHeaders>,
    /// The site's origin (`client.publicOrigin`).
    public_origin: Arc<str>,
}

impl Edge {
    pub fn new(state: &AppState) -> Self {
        let public_origin = Arc::from(state.config().client.public_origin.as_str());
        Self { state: state.clone(), security: state.security().clone(), public_origin }
    }
}

pub async fn edge(State(edge): State<Edge>, request: Request, next: Next) -> Response {
    let asker = crate::own_page::Asker::of(request.method(), request.uri().path(), request.headers());
    // A refusal's page links the same path in the other language (a `Uri` clone shares
    // its bytes: nothing is copied for the answers that are not refusals).
    let uri = request.uri().clone();
    let mut response = crate::limits::limits(&edge.state, request, next).await;
    crate::own_page::page_for(asker, uri.path(), &mut response);
    edge.security.apply(response.headers_mut());
    crate::security::keep_location_on_site(&edge.public_origin, &mut response);
    response
}
