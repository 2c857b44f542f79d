//! The address a request comes from, as login throttling needs it: the TCP peer, or,
//! only when the request comes from one of the configured proxies, the client the
//! proxies name in `X-Forwarded-For`. A proxy is known by its address
//! (`UPSTREAM_TRUSTED_PROXIES`) or by its key (`X-Proxy-Key`, `UPSTREAM_PROXY_KEY`): the
//! portal embedding the upstream connects from loopback, as anyone on the machine can,
//! so loopback alone proves nothing. Believing the header from anyone would let a
//! guesser claim a fresh address on every attempt and never be slowed down.

use crate::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};

pub use serving::client::{client_ip, IpNet};

/// True when the request carries the proxy key `key` (`X-Proxy-Key`), compared without
/// an early exit.
pub fn presents_key(headers: &HeaderMap, key: &str) -> bool {
    let Some(sent) = headers.get(PROXY_KEY_HEADER) else { return false };
    !key.is_empty() && crate::users::same_bytes(sent.as_bytes(), key.as_bytes())
}

/// The header a keyed proxy presents its key in.
pub const PROXY_KEY_HEADER: &str = "x-proxy-key";

/// The client address of a request (see [`client_ip`]); `None` when the router runs
/// without connection information (in-process tests).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        if let (Some(peer), Some(key)) = (peer, state.config.proxy_key.as_deref()) {
            if presents_key(&parts.headers, key) {
                // The keyed proxy itself is trusted, and so are the configured ones.
                let mut trusted = state.config.trusted_proxies.clone();
                trusted.push(peer.into());
                return Ok(Self(client_ip(Some(peer), &parts.headers, &trusted)));
            }
        }
        Ok(Self(client_ip(peer, &parts.headers, &state.config.trusted_proxies)))
    }
}
