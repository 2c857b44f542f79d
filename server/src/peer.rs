//! The visitor's address: the extractor the forms and the pages share (the users API's
//! throttles, and the one-export-per-client line of `crate::streams`). A module of its
//! own, so that the pages need not import the forms, which render pages.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::state::AppState;

/// The address of the visitor a request comes for: the peer, or, when the peer is a
/// configured reverse proxy, the last address its `X-Forwarded-For` names.
pub struct Peer(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip())))
    }
}

impl Peer {
    /// The visitor's address, by the one rule the portal and the users API share
    /// ([`serving::client::client_ip`]): `X-Forwarded-For` read from the right, only
    /// from `server.trustedProxies`.
    pub(crate) fn visitor(&self, state: &AppState, headers: &HeaderMap) -> Option<IpAddr> {
        serving::client::client_ip(self.0, headers, &state.config().server.trusted_proxies)
    }
}
