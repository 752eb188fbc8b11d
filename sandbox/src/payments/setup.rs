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

use super::form::Shape;
use super::intents::no_such;
use super::{accepted, authorised, events, invalid, no_such_param, s, stripe_error};
use crate::AppState;

const CUSTOMER: Shape = Shape::Map(&[
    ("email", Shape::Value),
    ("name", Shape::Value),
    ("description", Shape::Value),
    ("phone", Shape::Value),
    ("address", Shape::Free),
    ("shipping", Shape::Free),
    ("invoice_settings", Shape::Map(&[("default_payment_method", Shape::Value), ("footer", Shape::Value), ("custom_fields", Shape::Free)])),
    ("preferred_locales", Shape::Free),
    ("tax_exempt", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);

pub async fn create_customer(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &CUSTOMER) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let w = app.world();
    let mut customer = customer_object(&app, None);
    if let Err(r) = change_customer(&app, &mut customer, &p) {
        return r;
    }
    let id = customer["id"].as_str().unwrap_or_default().to_string();
    w.payments.write().expect("payments lock").customers.insert(id, customer.clone());
    Json(customer).into_response()
}

/// `POST /v1/customers/{id}`: the fields given change, metadata keys merge.
pub async fn update_customer(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &CUSTOMER) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let w = app.world();
    let Some(mut customer) = w.payments.read().expect("payments lock").customers.get(&id).cloned() else { return no_such("customer", &id) };
    if let Err(r) = change_customer(&app, &mut customer, &p) {
        return r;
    }
    w.payments.write().expect("payments lock").customers.insert(id, customer.clone());
    Json(customer).into_response()
}

fn change_customer(app: &AppState, customer: &mut Value, p: &Value) -> Result<(), Response> {
    for k in ["email", "name", "description", "phone"] {
        if let Some(v) = s(p, k) {
            customer[k] = json!(v);
        }
    }
    if let Some(Value::Object(m)) = p.get("metadata") {
        for (k, v) in m {
            customer["metadata"][k] = v.clone();
        }
    }
    if let Some(pm) = p.get("invoice_settings").and_then(|i| s(i, "default_payment_method")) {
        let id = customer["id"].as_str().unwrap_or_default().to_string();
        customer["invoice_settings"]["default_payment_method"] = json!(usable_by(app, &id, &pm, "invoice_settings[default_payment_method]")?);
    }
    Ok(())
}

/// A payment method `customer` may be billed with, named in `param`: one saved to that
/// customer, or one of Stripe's `pm_card_*` test cards (which Stripe would first attach; the
/// sandbox takes them as they are).
pub fn usable_by(app: &AppState, customer: &str, pm: &str, param: &str) -> Result<String, Response> {
    match owner(app, pm) {
        Some(owner) if owner == customer => Ok(pm.to_string()),
        Some(_) => {
            let m = format!("The customer does not have a payment method with the ID {pm}. The payment method must be attached to the customer.");
            Err(invalid(param, &m))
        }
        None if pm.starts_with("pm_card_") => Ok(pm.to_string()),
        None => Err(no_such_param("PaymentMethod", pm, param)),
    }
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

/// A setup-mode session's checks: no line items; a currency unless the method types are given.
pub fn check_session(p: &Value) -> Result<Option<String>, Response> {
    let bad = |code: &str, m: &str| Err(stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some(code), m));
    if p.get("line_items").is_some() {
        return bad("parameter_invalid_empty", "You cannot pass `line_items` in `setup` mode.");
    }
    let currency = s(p, "currency").map(|c| c.to_lowercase());
    if currency.is_none() && p.get("payment_method_types").is_none() {
        return bad("parameter_missing", "Missing required param: currency.");
    }
    Ok(currency)
}

/// The customer saved a card on the hosted page: a PaymentMethod attached to the session's
/// customer, the SetupIntent that made it, and `checkout.session.completed`.
pub fn complete(app: &AppState, cs: &mut Value) {
    let w = app.world();
    let now = w.clock.now_secs();
    let pm = save_card(app, &cs["customer"]);
    let si = json!({
        "id": w.token("seti_"), "object": "setup_intent", "status": "succeeded", "usage": "off_session",
        "customer": cs["customer"], "payment_method": pm, "metadata": cs["metadata"], "created": now, "livemode": false,
    });
    w.payments.write().expect("payments lock").setup_intents.insert(si["id"].as_str().unwrap_or_default().into(), si.clone());
    cs["setup_intent"] = si["id"].clone();
    cs["status"] = json!("complete");
    cs["payment_status"] = json!("no_payment_required");
    events::emit(app, "setup_intent.succeeded", si);
}

/// The card the customer typed on the hosted page, kept as a PaymentMethod attached to
/// `customer` (none: an unattached one); answers its id.
pub fn save_card(app: &AppState, customer: &Value) -> String {
    let w = app.world();
    let pm = json!({
        "id": w.token("pm_"), "object": "payment_method", "type": "card", "customer": customer, "created": w.clock.now_secs(),
        "card": {"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030}, "livemode": false,
    });
    let id = pm["id"].as_str().unwrap_or_default().to_string();
    w.payments.write().expect("payments lock").payment_methods.insert(id.clone(), pm);
    id
}

/// A new Customer, as Checkout makes one for a subscription bought without one.
pub fn new_customer(app: &AppState, email: Option<String>) -> String {
    let customer = customer_object(app, email);
    let id = customer["id"].as_str().unwrap_or_default().to_string();
    app.world().payments.write().expect("payments lock").customers.insert(id.clone(), customer);
    id
}

fn customer_object(app: &AppState, email: Option<String>) -> Value {
    let w = app.world();
    json!({
        "id": w.token("cus_"), "object": "customer", "email": email, "name": null, "description": null, "phone": null,
        "invoice_settings": {"default_payment_method": null}, "metadata": {}, "created": w.clock.now_secs(), "livemode": false,
    })
}

/// A saved method's customer, which an off-session payment with it must name.
pub fn owner(app: &AppState, payment_method: &str) -> Option<Value> {
    app.world().payments.read().expect("payments lock").payment_methods.get(payment_method).map(|pm| pm["customer"].clone())
}
