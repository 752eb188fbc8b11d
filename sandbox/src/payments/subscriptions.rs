//! Subscriptions: the first invoice is paid at creation, then one renewal
//! invoice per period once the virtual clock passes `current_period_end`
//! (calendar months/years, as Stripe bills). Renewals are booked lazily by
//! `catch_up`, which payment reads and `/_sandbox/clock/advance` call.
//! A `default_payment_method` of `pm_card_declined` makes invoices fail
//! (`invoice.payment_failed`): `incomplete` at creation, `past_due` on renewal.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Months;
use serde_json::{Value, json};

use super::intents::no_such;
use super::{authorised, events, int, metadata, params, s, stripe_error};
use crate::AppState;
use crate::util::ts;

fn period_end(start: i64, interval: &str) -> i64 {
    let months = if interval == "year" { 12 } else { 1 };
    ts(start * 1000).checked_add_months(Months::new(months)).map(|d| d.timestamp()).unwrap_or(start + 30 * 86_400)
}

/// Create an active subscription and pay its first invoice.
pub fn start(app: &AppState, customer: Value, amount: i64, currency: &str, interval: &str, meta: Value, pm: Option<String>) -> Value {
    let w = app.world();
    let now = w.clock.now_secs();
    let sub = json!({
        "id": w.token("sub_"), "object": "subscription", "customer": customer, "status": "active", "metadata": meta,
        "currency": currency, "items": {"object": "list", "data": [{"price": {"unit_amount": amount, "currency": currency, "recurring": {"interval": interval}}, "quantity": 1}]},
        "current_period_start": now, "current_period_end": period_end(now, interval), "cancel_at_period_end": false,
        "canceled_at": null, "created": now, "livemode": false, "default_payment_method": pm,
    });
    let id = sub["id"].as_str().unwrap_or_default().to_string();
    w.payments.write().expect("payments lock").subscriptions.insert(id.clone(), sub.clone());
    if !invoice(app, &sub, now, "subscription_create") {
        set_status(app, &id, "incomplete");
    }
    w.payments.read().expect("payments lock").subscriptions.get(&id).cloned().unwrap_or(sub)
}

fn set_status(app: &AppState, id: &str, status: &str) {
    if let Some(s) = app.world().payments.write().expect("payments lock").subscriptions.get_mut(id) {
        s["status"] = json!(status);
    }
}

/// Invoice the period starting at `from`: paid (charge + `invoice.paid`) or,
/// with a declining payment method, open (`invoice.payment_failed`). Returns paid.
fn invoice(app: &AppState, sub: &Value, from: i64, reason: &str) -> bool {
    let w = app.world();
    let price = &sub["items"]["data"][0]["price"];
    let amount = price["unit_amount"].as_i64().unwrap_or(0);
    let interval = price["recurring"]["interval"].as_str().unwrap_or("month");
    let paid = sub["default_payment_method"] != "pm_card_declined";
    let mut inv = json!({
        "id": w.token("in_"), "object": "invoice", "subscription": sub["id"], "customer": sub["customer"], "status": "paid", "paid": true,
        "amount_due": amount, "amount_paid": amount, "currency": sub["currency"], "billing_reason": reason,
        "period_start": from, "period_end": period_end(from, interval), "created": w.clock.now_secs(),
        "charge": w.token("ch_"), "lines": {"object": "list", "data": [{"amount": amount, "price": price}]},
    });
    if !paid {
        inv["status"] = json!("open");
        inv["paid"] = json!(false);
        inv["amount_paid"] = json!(0);
        inv["charge"] = Value::Null;
        inv["attempt_count"] = json!(1);
        w.payments.write().expect("payments lock").invoices.push(inv.clone());
        events::emit(app, "invoice.payment_failed", inv);
        return false;
    }
    {
        let mut p = w.payments.write().expect("payments lock");
        let charge = json!({"id": inv["charge"], "amount": amount, "currency": sub["currency"], "customer": sub["customer"]});
        p.charge(inv["charge"].as_str().unwrap_or_default().into(), &charge, w.clock.now_secs());
        p.invoices.push(inv.clone());
    }
    events::emit(app, "invoice.paid", inv);
    true
}

/// Book every renewal the virtual clock has passed.
pub fn catch_up(app: &AppState) {
    let w = app.world();
    let now = w.clock.now_secs();
    loop {
        // One renewal at a time so the lock is never held across `invoice`.
        let due = {
            let mut p = w.payments.write().expect("payments lock");
            let sub = p.subscriptions.values_mut().find(|s| s["status"] == "active" && s["current_period_end"].as_i64().is_some_and(|e| e <= now));
            sub.map(|s| {
                let from = s["current_period_end"].as_i64().unwrap_or(now);
                let interval = s["items"]["data"][0]["price"]["recurring"]["interval"].as_str().unwrap_or("month").to_string();
                s["current_period_start"] = json!(from);
                s["current_period_end"] = json!(period_end(from, &interval));
                (s.clone(), from)
            })
        };
        let Some((sub, from)) = due else { break };
        if !invoice(app, &sub, from, "subscription_cycle") {
            set_status(app, sub["id"].as_str().unwrap_or_default(), "past_due");
        }
    }
}

pub async fn create(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let p = params(&headers, &body);
    let Some(customer) = s(&p, "customer") else {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_missing"), "Missing required param: customer.");
    };
    // No Price objects here: `price` or `amount` carries the unit amount itself.
    let Some(amount) = int(&p, "amount").or_else(|| int(&p, "price")) else {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            Some("resource_missing"),
            "No such price: give `amount` (or a numeric `price`) in cents.",
        );
    };
    let interval = s(&p, "interval").unwrap_or_else(|| "month".into());
    if !matches!(interval.as_str(), "month" | "year") {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_invalid_empty"), "interval must be month or year.");
    }
    let currency = s(&p, "currency").unwrap_or_else(|| "usd".into()).to_lowercase();
    Json(start(&app, json!(customer), amount, &currency, &interval, metadata(&p), s(&p, "default_payment_method"))).into_response()
}

/// Update a subscription: `default_payment_method` and `metadata`.
pub async fn update(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    catch_up(&app);
    let p = params(&headers, &body);
    let w = app.world();
    let mut pay = w.payments.write().expect("payments lock");
    let Some(sub) = pay.subscriptions.get_mut(&id) else { return no_such("subscription", &id) };
    if let Some(pm) = s(&p, "default_payment_method") {
        sub["default_payment_method"] = json!(pm);
    }
    if let Some(Value::Object(m)) = p.get("metadata") {
        for (k, v) in m {
            sub["metadata"][k] = v.clone();
        }
    }
    Json(sub.clone()).into_response()
}

pub async fn retrieve(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    catch_up(&app);
    let w = app.world();
    let found = w.payments.read().expect("payments lock").subscriptions.get(&id).cloned();
    found.map(|s| Json(s).into_response()).unwrap_or_else(|| no_such("subscription", &id))
}

/// Cancel at once (Stripe's `DELETE /v1/subscriptions/{id}`); emits `customer.subscription.deleted`.
pub async fn cancel(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    catch_up(&app);
    let w = app.world();
    let sub = {
        let mut p = w.payments.write().expect("payments lock");
        let Some(s) = p.subscriptions.get_mut(&id) else { return no_such("subscription", &id) };
        s["status"] = json!("canceled");
        s["canceled_at"] = json!(w.clock.now_secs());
        s.clone()
    };
    events::emit(&app, "customer.subscription.deleted", sub.clone());
    Json(sub).into_response()
}
