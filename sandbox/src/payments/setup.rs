//! Saving a card for later: Customers, Checkout in `setup` mode (the customer types the card on
//! the vendor's page), the SetupIntent it completes and the PaymentMethod it leaves attached to
//! the customer. A saved method is charged off-session only with its customer, as Stripe
//! requires for a method attached to one.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::intents::no_such;
use super::{authorised, events, metadata, params, s, stripe_error};
use crate::AppState;

pub async fn create_customer(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let p = params(&headers, &body);
    let w = app.world();
    let customer = json!({
        "id": w.token("cus_"), "object": "customer", "email": s(&p, "email"), "name": s(&p, "name"),
        "metadata": metadata(&p), "created": w.clock.now_secs(), "livemode": false,
    });
    let id = customer["id"].as_str().unwrap_or_default().to_string();
    w.payments.write().expect("payments lock").customers.insert(id, customer.clone());
    Json(customer).into_response()
}

fn read(app: &AppState, headers: &HeaderMap, kind: &str, id: &str, pick: impl Fn(&super::model::State) -> Option<Value>) -> Response {
    if let Err(r) = authorised(headers) {
        return r;
    }
    match pick(&app.world().payments.read().expect("payments lock")) {
        Some(v) => Json(v).into_response(),
        None => no_such(kind, id),
    }
}

pub async fn retrieve_customer(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    read(&app, &headers, "customer", &id, |p| p.customers.get(&id).cloned())
}

pub async fn retrieve_setup_intent(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    read(&app, &headers, "setup_intent", &id, |p| p.setup_intents.get(&id).cloned())
}

pub async fn retrieve_payment_method(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    read(&app, &headers, "payment_method", &id, |p| p.payment_methods.get(&id).cloned())
}

/// A setup-mode session's checks: no line items; a currency unless the method types are given;
/// a customer that exists, when one is named.
pub fn check_session(app: &AppState, p: &Value) -> Result<Option<String>, Response> {
    let bad = |code: &str, m: &str| Err(stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some(code), m));
    if p.get("line_items").is_some() {
        return bad("parameter_invalid_empty", "You cannot pass `line_items` in `setup` mode.");
    }
    let currency = s(p, "currency").map(|c| c.to_lowercase());
    if currency.is_none() && p.get("payment_method_types").is_none() {
        return bad("parameter_missing", "Missing required param: currency.");
    }
    if let Some(c) = s(p, "customer")
        && !app.world().payments.read().expect("payments lock").customers.contains_key(&c)
    {
        return Err(no_such("customer", &c));
    }
    Ok(currency)
}

/// The customer saved a card on the hosted page: a PaymentMethod attached to the session's
/// customer, the SetupIntent that made it, and `checkout.session.completed`.
pub fn complete(app: &AppState, cs: &mut Value) {
    let w = app.world();
    let now = w.clock.now_secs();
    let pm = json!({
        "id": w.token("pm_"), "object": "payment_method", "type": "card", "customer": cs["customer"], "created": now,
        "card": {"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030}, "livemode": false,
    });
    let si = json!({
        "id": w.token("seti_"), "object": "setup_intent", "status": "succeeded", "usage": "off_session",
        "customer": cs["customer"], "payment_method": pm["id"], "metadata": cs["metadata"], "created": now, "livemode": false,
    });
    {
        let mut p = w.payments.write().expect("payments lock");
        p.payment_methods.insert(pm["id"].as_str().unwrap_or_default().into(), pm);
        p.setup_intents.insert(si["id"].as_str().unwrap_or_default().into(), si.clone());
    }
    cs["setup_intent"] = si["id"].clone();
    cs["status"] = json!("complete");
    cs["payment_status"] = json!("no_payment_required");
    events::emit(app, "setup_intent.succeeded", si);
}

/// A saved method's customer, which an off-session payment with it must name.
pub fn owner(app: &AppState, payment_method: &str) -> Option<Value> {
    app.world().payments.read().expect("payments lock").payment_methods.get(payment_method).map(|pm| pm["customer"].clone())
}
