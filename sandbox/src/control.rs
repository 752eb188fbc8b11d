//! `/_sandbox/*`: the test harness's handle on the world (health, reset,
//! virtual clock, faults). Platform-specific control routes live with their
//! platform (`shopify::control`, `woocommerce::control`).
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::AppState;
use crate::faults::FaultRule;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/_sandbox/health", get(health))
        .route("/_sandbox/reset", post(reset))
        .route("/_sandbox/clock", get(clock))
        .route("/_sandbox/clock/advance", post(advance))
        .route("/_sandbox/faults", post(add_fault).get(list_faults).delete(clear_faults))
}

async fn health(State(app): State<AppState>) -> Json<Value> {
    let w = app.world();
    Json(json!({"status": "ok", "seed": w.seed, "now": w.clock.now().to_rfc3339(), "products": w.catalogue.len()}))
}

#[derive(Deserialize, Default)]
struct ResetBody {
    seed: Option<u64>,
}

async fn reset(State(app): State<AppState>, body: Option<Json<ResetBody>>) -> Json<Value> {
    let seed = body.and_then(|b| b.0.seed).unwrap_or(app.config().seed);
    app.reset(seed);
    tracing::info!(seed, "world reset");
    Json(json!({"status": "reset", "seed": seed}))
}

async fn clock(State(app): State<AppState>) -> Json<Value> {
    let w = app.world();
    Json(json!({"now": w.clock.now().to_rfc3339(), "now_ms": w.clock.now_ms(), "offset_seconds": w.clock.offset_secs()}))
}

#[derive(Deserialize)]
struct Advance {
    seconds: i64,
}

async fn advance(State(app): State<AppState>, Json(a): Json<Advance>) -> Json<Value> {
    let w = app.world();
    w.clock.advance(a.seconds);
    // Subscriptions renew (and send invoice.paid) as soon as time moves.
    crate::payments::billing::catch_up(&app);
    Json(json!({"now": w.clock.now().to_rfc3339(), "now_ms": w.clock.now_ms(), "offset_seconds": w.clock.offset_secs()}))
}

async fn add_fault(State(app): State<AppState>, Json(rule): Json<FaultRule>) -> Json<Value> {
    let w = app.world();
    tracing::info!(?rule, "fault added");
    w.faults.add(rule);
    Json(json!({"faults": w.faults.list()}))
}

async fn list_faults(State(app): State<AppState>) -> Json<Value> {
    Json(json!({"faults": app.world().faults.list()}))
}

async fn clear_faults(State(app): State<AppState>) -> Json<Value> {
    app.world().faults.clear();
    Json(json!({"faults": []}))
}
