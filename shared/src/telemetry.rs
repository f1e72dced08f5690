//! JSON log lines (`tracing`), one per request from [`crate::http::request_context`]. Headers and
//! bodies are never logged, so tokens and passwords never reach the logs.

use tracing_subscriber::EnvFilter;

/// Installs the JSON subscriber once; later calls (tests) are no-ops.
pub fn init(filter: &str) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(false)
        .with_span_list(false)
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
