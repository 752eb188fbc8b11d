//! A Stripe-style payment vendor: hosted checkout, payment intents, refunds,
//! subscriptions renewing on the virtual clock, and signed webhooks. Paths
//! live under `/payments/…` with Stripe's `/v1/…` names inside; request bodies
//! are form-encoded (as Stripe's clients send, `metadata[k]=v`) or JSON.
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::util::{b64_decode, bearer, json_error};
use crate::{AppState, creds};
pub use form::params;

pub mod checkout;
pub mod events;
pub mod form;
pub mod intents;
pub mod model;
pub mod setup;
pub mod subscriptions;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/payments/v1/checkout/sessions", post(checkout::create))
        .route("/payments/v1/checkout/sessions/{id}", get(checkout::retrieve))
        .route("/payments/checkout/{id}", get(checkout::page))
        .route("/payments/checkout/{id}/pay", post(checkout::pay))
        .route("/payments/checkout/{id}/decline", post(checkout::decline))
        .route("/payments/v1/payment_intents", post(intents::create))
        .route("/payments/v1/payment_intents/{id}", get(intents::retrieve))
        .route("/payments/v1/refunds", post(intents::refund))
        .route("/payments/v1/subscriptions", post(subscriptions::create))
        .route("/payments/v1/subscriptions/{id}", get(subscriptions::retrieve).post(subscriptions::update).delete(subscriptions::cancel))
        .route("/payments/v1/subscriptions/{id}/cancel", post(subscriptions::cancel))
        .route("/payments/v1/webhook_endpoints", post(events::create_endpoint))
        .route("/payments/v1/customers", post(setup::create_customer))
        .route("/payments/v1/customers/{id}", get(setup::retrieve_customer))
        .route("/payments/v1/setup_intents/{id}", get(setup::retrieve_setup_intent))
        .route("/payments/v1/payment_methods/{id}", get(setup::retrieve_payment_method))
        .route("/_sandbox/payments", get(inspect))
}

/// Stripe's error envelope.
pub fn stripe_error(status: StatusCode, kind: &str, code: Option<&str>, message: &str) -> Response {
    let mut e = json!({"type": kind, "message": message});
    if let Some(c) = code {
        e["code"] = json!(c);
    }
    json_error(status, json!({"error": e}))
}

/// Secret key as Bearer, or as the Basic-auth username (both accepted by Stripe).
pub fn authorised(headers: &HeaderMap) -> Result<(), Response> {
    let basic = || {
        let v = headers.get("authorization")?.to_str().ok()?.strip_prefix("Basic ")?;
        let raw = String::from_utf8(b64_decode(v.trim())?).ok()?;
        Some(raw.split(':').next().unwrap_or_default().to_string())
    };
    match bearer(headers).or_else(basic) {
        Some(k) if k == creds::PAYMENTS_KEY => Ok(()),
        Some(k) => Err(stripe_error(StatusCode::UNAUTHORIZED, "invalid_request_error", None, &format!("Invalid API Key provided: {k}"))),
        None => Err(stripe_error(StatusCode::UNAUTHORIZED, "invalid_request_error", None, "You did not provide an API key.")),
    }
}

/// Field as string (JSON string or number).
pub fn s(p: &Value, key: &str) -> Option<String> {
    match p.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Field as integer amount in the smallest currency unit.
pub fn int(p: &Value, key: &str) -> Option<i64> {
    s(p, key)?.parse().ok()
}

pub fn metadata(p: &Value) -> Value {
    p.get("metadata").filter(|m| m.is_object()).cloned().unwrap_or_else(|| json!({}))
}

/// Renewals are lazy: anything that reads payments first books the renewals
/// the virtual clock has passed (also run by `/_sandbox/clock/advance`).
async fn inspect(State(app): State<AppState>) -> axum::Json<Value> {
    subscriptions::catch_up(&app);
    let w = app.world();
    let p = w.payments.read().expect("payments lock");
    axum::Json(json!({
        "checkout_sessions": p.sessions.values().collect::<Vec<_>>(),
        "payment_intents": p.intents.values().collect::<Vec<_>>(),
        "charges": p.charges, "refunds": p.refunds,
        "subscriptions": p.subscriptions.values().collect::<Vec<_>>(), "invoices": p.invoices,
        "webhook_endpoints": p.endpoints, "events": p.events, "deliveries": p.deliveries,
    }))
}
