use std::time::Duration;

/// Why a call into the renderer did not produce an answer.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    #[error("render exceeded its deadline of {0:?}; the isolate was replaced")]
    Deadline(Duration),
    #[error("render exceeded the isolate heap limit; the isolate was replaced")]
    HeapLimit,
    #[error("javascript error: {0}")]
    Js(String),
    /// The input was not JSON: nothing was rendered.
    #[error("render input is not JSON: {0}")]
    Input(String),
    #[error("renderer answer does not follow the contract: {0}")]
    Contract(String),
    #[error("isolate failed to start: {0}")]
    Start(String),
    #[error("renderer pool is closed")]
    Closed,
    /// Too many pages wait for this thread's isolate: refused rather than queued.
    #[error("too many pages wait for the renderer")]
    Busy,
}
