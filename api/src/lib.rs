//! Dropline's thin REST layer: extract, call `domain`, answer in the spec's envelope.
pub mod error;
pub mod extract;
mod openapi;
mod request_limits;
mod routes;
pub mod scope_cache;
mod security_headers;
pub mod startup;

pub use startup::{AppState, Application, router};
