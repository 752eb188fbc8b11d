//! The route of the `wc-auth` key-issuing endpoint (`wc_auth.rs`) and the `/_sandbox/woo/...`
//! controls: issue keys directly, simulate a customer order, inspect a store.
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::model::ApiKey;
use super::{order_create, webhooks, with_store};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/woo/{store}/wc-auth/v1/authorize", get(super::wc_auth::authorize))
        .route("/_sandbox/woo/{store}", get(inspect))
        .route("/_sandbox/woo/{store}/keys", post(keys))
        .route("/_sandbox/woo/{store}/orders", post(create_order))
}

pub(super) fn new_key(app: &AppState, store: &str, user_id: &str, permissions: &str) -> ApiKey {
    let w = app.world();
    let key = ApiKey {
        key_id: w.next_id(),
        user_id: user_id.to_string(),
        // Real keys are ck_/cs_ + 40 hex chars.
        consumer_key: format!("ck_{}{}", w.token(""), &w.token("")[..8]),
        consumer_secret: format!("cs_{}{}", w.token(""), &w.token("")[..8]),
        permissions: permissions.to_string(),
    };
    with_store(&w, store, |s| s.keys.push(key.clone()));
    key
}

async fn inspect(State(app): State<AppState>, Path(store): Path<String>) -> Json<Value> {
    Json(with_store(&app.world(), &store, |s| serde_json::to_value(&*s).unwrap_or(Value::Null)))
}

async fn keys(State(app): State<AppState>, Path(store): Path<String>, body: Option<Json<Value>>) -> Json<Value> {
    let perm = body.as_ref().and_then(|b| b.get("permissions")).and_then(Value::as_str).unwrap_or("read_write").to_string();
    Json(serde_json::to_value(new_key(&app, &store, "1", &perm)).unwrap_or(Value::Null))
}

/// A customer checks out: the order is created "processing" (paid) and order.created fires.
async fn create_order(State(app): State<AppState>, Path(store): Path<String>, body: Option<Json<Value>>) -> Response {
    let input = body.map(|b| b.0).unwrap_or(json!({}));
    let w = app.world();
    let now = w.clock.now_ms();
    match with_store(&w, &store, |st| order_create::create(st, &input, order_create::Via::Checkout, now)) {
        Ok(o) => webhooks::announce(&app, &store, "order.created", StatusCode::CREATED, o),
        Err(order_create::Refused(_, message)) => (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({"error": message}))).into_response(),
    }
}
