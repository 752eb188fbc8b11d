//! Checkout Sessions and the sandbox-hosted checkout page. Paying completes
//! the session (a payment intent, or a subscription in subscription mode),
//! emits `checkout.session.completed` and 302s to `success_url`; declining
//! records a failed card payment and 302s to `cancel_url`, leaving the session
//! open as Stripe does. Wallet top-ups are ordinary sessions with
//! `metadata.purpose=wallet_topup`; nothing here treats them specially.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde_json::{Value, json};

use super::intents::{confirm, no_such};
use super::{authorised, events, int, metadata, params, s, stripe_error, subscriptions};
use crate::AppState;
use crate::util::found;

pub async fn create(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let p = params(&headers, &body);
    if let Some(k) = super::form::unknown(&p, KNOWN) {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_unknown"), &format!("Received unknown parameter: {k}"));
    }
    let mode = s(&p, "mode").unwrap_or_default();
    if !matches!(mode.as_str(), "payment" | "subscription" | "setup") {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_invalid_empty"), "mode must be payment, setup or subscription.");
    }
    let (Some(success), Some(cancel)) = (s(&p, "success_url"), s(&p, "cancel_url")) else {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_missing"), "Missing required param: success_url.");
    };
    let (amount, currency, interval) = if mode == "setup" {
        match super::setup::check_session(&app, &p) {
            Ok(currency) => (None, currency, None),
            Err(r) => return r,
        }
    } else {
        match line_items(&p, &mode) {
            Ok((amount, currency, interval)) => (Some(amount), Some(currency), interval),
            Err(message) => return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_missing"), &message),
        }
    };
    let w = app.world();
    let id = w.token("cs_test_");
    let session = json!({
        "id": id, "object": "checkout.session", "mode": mode, "status": "open", "payment_status": "unpaid",
        "amount_total": amount, "currency": currency,
        "success_url": success, "cancel_url": cancel, "metadata": metadata(&p), "customer": s(&p, "customer"),
        "client_reference_id": s(&p, "client_reference_id"), "interval": interval,
        "url": format!("{}/payments/checkout/{id}", app.base_url()), "payment_intent": null, "subscription": null, "setup_intent": null,
        "created": w.clock.now_secs(), "expires_at": w.clock.now_secs() + 86_400, "livemode": false,
    });
    w.payments.write().expect("payments lock").sessions.insert(id, session.clone());
    Json(session).into_response()
}

/// What a Checkout Session takes (Stripe API reference, "Create a Checkout Session").
const KNOWN: &[&str] = &[
    "mode",
    "line_items",
    "success_url",
    "cancel_url",
    "client_reference_id",
    "customer",
    "customer_email",
    "currency",
    "metadata",
    "payment_method_types",
    "payment_intent_data",
    "subscription_data",
    "expand",
];

/// The session's total, currency and (subscription mode) billing interval, from `line_items`
/// with `price_data` (currency, unit_amount, product_data.name; recurring.interval in
/// subscription mode) and `quantity`.
fn line_items(p: &Value, mode: &str) -> Result<(i64, String, Option<String>), String> {
    let items = p.get("line_items").and_then(Value::as_array).filter(|a| !a.is_empty()).ok_or("Missing required param: line_items.")?;
    let (mut total, mut currency, mut interval) = (0, None, None);
    for (i, item) in items.iter().enumerate() {
        let at = |f: &str| format!("Missing required param: line_items[{i}][{f}].");
        let data = item.get("price_data").ok_or_else(|| at("price_data"))?;
        let unit = int(data, "unit_amount").ok_or_else(|| at("price_data][unit_amount"))?;
        let cur = s(data, "currency").ok_or_else(|| at("price_data][currency"))?.to_lowercase();
        data.get("product_data").and_then(|d| s(d, "name")).ok_or_else(|| at("price_data][product_data][name"))?;
        let quantity = int(item, "quantity").ok_or_else(|| at("quantity"))?;
        let recurring = data.get("recurring").and_then(|r| s(r, "interval"));
        match (mode, &recurring) {
            ("subscription", None) => return Err("You must provide at least one recurring price in `subscription` mode when using prices.".into()),
            ("payment", Some(_)) => return Err("You specified `payment` mode but passed a recurring price.".into()),
            _ => {}
        }
        total += unit * quantity;
        currency.get_or_insert(cur);
        interval = interval.or(recurring);
    }
    Ok((total, currency.unwrap_or_default(), interval))
}

fn get(app: &AppState, id: &str) -> Option<Value> {
    app.world().payments.read().expect("payments lock").sessions.get(id).cloned()
}

fn put(app: &AppState, session: &Value) {
    let id = session["id"].as_str().unwrap_or_default().to_string();
    app.world().payments.write().expect("payments lock").sessions.insert(id, session.clone());
}

pub async fn retrieve(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    get(&app, &id).map(|s| Json(s).into_response()).unwrap_or_else(|| no_such("checkout.session", &id))
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The hosted page a customer is sent to (`session.url`).
pub async fn page(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(cs) = get(&app, &id) else {
        return (StatusCode::NOT_FOUND, Html("<h1>Checkout session not found</h1>".to_string())).into_response();
    };
    let amount = cs["amount_total"].as_i64().unwrap_or(0);
    let cur = cs["currency"].as_str().unwrap_or("usd").to_uppercase();
    let what = if cs["mode"] == "subscription" { format!(" / {}", cs["interval"].as_str().unwrap_or("month")) } else { String::new() };
    let id = esc(&id);
    let (title, action) = if cs["mode"] == "setup" {
        ("Save a card for future payments".to_string(), "Save card")
    } else {
        (format!("Pay {}.{:02} {cur}{what}", amount / 100, amount % 100), "Pay")
    };
    Html(format!(
        "<!doctype html><html><head><title>Sandbox Checkout</title></head><body>\
         <h1>{title}</h1><p>Session <code>{id}</code> — status {}</p>\
         <form method=\"post\" action=\"/payments/checkout/{id}/pay\"><button id=\"pay\">{action}</button></form>\
         <form method=\"post\" action=\"/payments/checkout/{id}/decline\"><button id=\"decline\">Decline</button></form>\
         </body></html>",
        esc(cs["status"].as_str().unwrap_or("")),
    ))
    .into_response()
}

/// Stripe fills `{CHECKOUT_SESSION_ID}` in success_url.
fn target(cs: &Value, key: &str) -> String {
    cs[key].as_str().unwrap_or("/").replace("{CHECKOUT_SESSION_ID}", cs["id"].as_str().unwrap_or(""))
}

pub async fn pay(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(mut cs) = get(&app, &id) else { return no_such("checkout.session", &id) };
    if cs["status"] != "open" {
        // A second click lands on the success page again without paying twice.
        return found(&target(&cs, "success_url"));
    }
    let amount = cs["amount_total"].as_i64().unwrap_or(0);
    let currency = cs["currency"].as_str().unwrap_or("usd").to_string();
    if cs["mode"] == "setup" {
        super::setup::complete(&app, &mut cs);
        put(&app, &cs);
        events::emit(&app, "checkout.session.completed", cs.clone());
        return found(&target(&cs, "success_url"));
    }
    if cs["mode"] == "subscription" {
        let customer = if cs["customer"].is_null() { json!(app.world().token("cus_")) } else { cs["customer"].clone() };
        let interval = cs["interval"].as_str().unwrap_or("month").to_string();
        let sub = subscriptions::start(&app, customer.clone(), amount, &currency, &interval, cs["metadata"].clone(), Some("pm_card_visa".into()));
        cs["subscription"] = sub["id"].clone();
        cs["customer"] = customer;
    } else {
        let pi = confirm(&app, amount, &currency, Some("pm_card_visa".into()), cs["customer"].clone(), cs["metadata"].clone());
        cs["payment_intent"] = pi["id"].clone();
    }
    cs["status"] = json!("complete");
    cs["payment_status"] = json!("paid");
    put(&app, &cs);
    events::emit(&app, "checkout.session.completed", cs.clone());
    found(&target(&cs, "success_url"))
}

pub async fn decline(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(cs) = get(&app, &id) else { return no_such("checkout.session", &id) };
    if cs["status"] == "open" && cs["mode"] == "payment" {
        let amount = cs["amount_total"].as_i64().unwrap_or(0);
        let currency = cs["currency"].as_str().unwrap_or("usd").to_string();
        confirm(&app, amount, &currency, Some("pm_card_declined".into()), cs["customer"].clone(), cs["metadata"].clone());
    }
    found(&target(&cs, "cancel_url"))
}
