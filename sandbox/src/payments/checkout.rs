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

use super::form::Shape;
use super::intents::{confirm, no_such};
use super::{accepted, authorised, billing, events, invalid, line_items, metadata, missing, no_such_param, s};
use crate::AppState;
use crate::util::found;

/// What a Checkout Session takes (Stripe API reference, "Create a Checkout Session").
const CREATE: Shape = Shape::Map(&[
    ("mode", Shape::Value),
    ("line_items", Shape::List(&line_items::ITEM)),
    ("success_url", Shape::Value),
    ("cancel_url", Shape::Value),
    ("client_reference_id", Shape::Value),
    ("customer", Shape::Value),
    ("customer_email", Shape::Value),
    ("currency", Shape::Value),
    ("metadata", Shape::Free),
    ("payment_method_types", Shape::Free),
    ("payment_intent_data", Shape::Map(&[("metadata", Shape::Free), ("description", Shape::Value), ("setup_future_usage", Shape::Value)])),
    ("subscription_data", Shape::Map(&[("metadata", Shape::Free), ("description", Shape::Value)])),
    ("setup_intent_data", Shape::Map(&[("metadata", Shape::Free), ("description", Shape::Value)])),
    ("expires_at", Shape::Value),
    ("locale", Shape::Value),
    ("expand", Shape::Free),
]);

pub async fn create(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &CREATE) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let Some(mode) = s(&p, "mode") else { return missing("mode") };
    if !matches!(mode.as_str(), "payment" | "subscription" | "setup") {
        return invalid("mode", "Invalid mode: must be one of payment, setup, or subscription");
    }
    let Some(success) = s(&p, "success_url") else { return missing("success_url") };
    if let Some(c) = s(&p, "customer")
        && !app.world().payments.read().expect("payments lock").customers.contains_key(&c)
    {
        return no_such_param("customer", &c, "customer");
    }
    let (items, currency) = if mode == "setup" {
        match super::setup::check_session(&p) {
            Ok(currency) => (vec![], currency),
            Err(r) => return r,
        }
    } else {
        match line_items::resolve(&app, &p, &mode) {
            Ok(items) => {
                let currency = items[0].0["currency"].as_str().map(str::to_string);
                (items, currency)
            }
            Err(r) => return r,
        }
    };
    let amount = (mode != "setup").then(|| items.iter().map(|(price, q)| price["unit_amount"].as_i64().unwrap_or(0) * q).sum::<i64>());
    let w = app.world();
    let id = w.token("cs_test_");
    let session = json!({
        "id": id, "object": "checkout.session", "mode": mode, "status": "open", "payment_status": "unpaid",
        "amount_total": amount, "amount_subtotal": amount, "currency": currency,
        "success_url": success, "cancel_url": s(&p, "cancel_url"), "metadata": metadata(&p), "customer": s(&p, "customer"),
        "customer_email": s(&p, "customer_email"), "client_reference_id": s(&p, "client_reference_id"),
        "url": format!("{}/payments/checkout/{id}", app.base_url()), "payment_intent": null, "subscription": null, "setup_intent": null,
        "invoice": null, "created": w.clock.now_secs(), "expires_at": w.clock.now_secs() + 86_400, "livemode": false,
    });
    let kept: Vec<Value> = items.into_iter().map(|(price, quantity)| json!({"id": w.token("li_"), "price": price, "quantity": quantity})).collect();
    {
        let mut pay = w.payments.write().expect("payments lock");
        pay.sessions.insert(id.clone(), session.clone());
        pay.session_items.insert(id.clone(), kept);
        if let Some(data) = p.get("subscription_data") {
            pay.subscription_data.insert(id.clone(), data.clone());
        }
    }
    Json(session).into_response()
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
    let items = app.world().payments.read().expect("payments lock").session_items.get(&id).cloned().unwrap_or_default();
    let every = items.first().map(|i| &i["price"]["recurring"]).filter(|r| r.is_object());
    let what = every.map(|r| format!(" every {} {}", r["interval_count"], r["interval"].as_str().unwrap_or("month"))).unwrap_or_default();
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
        // Checkout makes a customer when the session names none, and saves the card typed here
        // as the subscription's default payment method.
        let customer = match cs["customer"].as_str() {
            Some(c) => c.to_string(),
            None => super::setup::new_customer(&app, cs["customer_email"].as_str().map(str::to_string)),
        };
        let pm = super::setup::save_card(&app, &json!(customer));
        let (items, data) = {
            let w = app.world();
            let p = w.payments.read().expect("payments lock");
            (p.session_items.get(&id).cloned().unwrap_or_default(), p.subscription_data.get(&id).cloned().unwrap_or(json!({})))
        };
        let items: Vec<(Value, i64)> = items.iter().map(|i| (i["price"].clone(), i["quantity"].as_i64().unwrap_or(1))).collect();
        let extra = json!({"default_payment_method": pm, "metadata": metadata(&data), "description": s(&data, "description")});
        let sub = billing::start(&app, &customer, &items, extra, billing::Behaviour::AllowIncomplete);
        cs["subscription"] = sub["id"].clone();
        cs["invoice"] = sub["latest_invoice"].clone();
        cs["customer"] = json!(customer);
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
    // Without a cancel_url Stripe's page offers no way back; the sandbox shows where it stops.
    match cs["cancel_url"].as_str() {
        Some(_) => found(&target(&cs, "cancel_url")),
        None => Html("<h1>Payment declined</h1>".to_string()).into_response(),
    }
}
