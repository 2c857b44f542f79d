//! The portal's connections: the `serving` crate's loop (slow headers, idle and
//! slow-reading clients, the connection cap, the draining shutdown) under the limits
//! of the `server.*` configuration.

use std::io;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;

pub use serving::{Connections, Limits, Shutdown};

use crate::config::ServerConfig;
use crate::state::AppState;

/// The connection limits the configuration sets (the embedded upstream gets the same).
pub fn limits(server: &ServerConfig) -> Limits {
    Limits {
        header_read: Duration::from_millis(server.header_read_timeout_ms),
        idle: Duration::from_millis(server.keep_alive_idle_ms),
        min_send_bytes_per_sec: server.min_send_bytes_per_sec,
        send_window: Duration::from_millis(server.send_window_ms),
        max_send: Duration::from_millis(server.max_send_ms),
        max_connections: server.max_connections,
        grace: Duration::from_millis(server.shutdown_grace_ms),
    }
}

/// Serves `listener` on this thread's runtime until `shutdown` begins, then drains.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    router: Router,
    connections: Connections,
    shutdown: Shutdown,
) -> io::Result<()> {
    let limits = limits(&state.config().server);
    serving::serve(listener, router, limits, connections, shutdown).await
}
