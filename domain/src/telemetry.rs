//! Logs for every binary: `RUST_LOG` filters, `DROPLINE_LOG_FORMAT=json` for machines.
use tracing_subscriber::{EnvFilter, fmt};

pub fn init(default_filter: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let json = std::env::var("DROPLINE_LOG_FORMAT").is_ok_and(|v| v == "json");
    let builder = fmt().with_env_filter(filter).with_target(false);
    // Ignore the error: a test binary may have installed a subscriber already.
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}
