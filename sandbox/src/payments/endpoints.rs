//! Webhook endpoints (Stripe API reference, "Webhook Endpoints"): created with a `url` and the
//! `enabled_events` it receives (`*` for all), each with a signing secret of its own that only
//! the create call shows; retrieved, listed, updated (url, events, `disabled`) and deleted. A
//! disabled or deleted endpoint receives nothing.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::form::Shape;
use super::intents::no_such;
use super::{accepted, authorised, catalog, invalid, metadata, missing, s};
use crate::AppState;

const CREATE: Shape = Shape::Map(&[
    ("url", Shape::Value),
    ("enabled_events", Shape::Free),
    ("description", Shape::Value),
    ("api_version", Shape::Value),
    ("connect", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);
const UPDATE: Shape = Shape::Map(&[
    ("url", Shape::Value),
    ("enabled_events", Shape::Free),
    ("description", Shape::Value),
    ("disabled", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);
const LIST: Shape = Shape::Map(&[("limit", Shape::Value), ("expand", Shape::Free)]);

/// Event types an endpoint may ask for: the ones this vendor sends, and Stripe's others on the
/// same objects. Anything else is refused, as Stripe refuses an unknown type.
const EVENT_TYPES: &[&str] = &[
    "checkout.session.completed",
    "checkout.session.expired",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "payment_intent.created",
    "payment_intent.canceled",
    "payment_intent.processing",
    "payment_intent.requires_action",
    "charge.succeeded",
    "charge.failed",
    "charge.refunded",
    "charge.updated",
    "charge.dispute.created",
    "charge.dispute.updated",
    "charge.dispute.closed",
    "invoice.paid",
    "invoice.payment_succeeded",
    "invoice.payment_failed",
    "invoice.created",
    "invoice.finalized",
    "invoice.upcoming",
    "customer.created",
    "customer.updated",
    "customer.deleted",
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "customer.subscription.trial_will_end",
    "setup_intent.succeeded",
    "setup_intent.setup_failed",
    "setup_intent.created",
    "payment_method.attached",
    "payment_method.detached",
    "price.created",
    "price.updated",
    "price.deleted",
    "product.created",
    "product.updated",
    "product.deleted",
    "refund.created",
    "refund.updated",
];

/// `enabled_events`, required and each a known type (or `*`).
fn enabled_events(p: &Value) -> Result<Vec<Value>, Response> {
    let events: Vec<Value> = match p.get("enabled_events") {
        Some(Value::Array(l)) => l.clone(),
        Some(Value::String(one)) => vec![json!(one)],
        _ => vec![],
    };
    if events.is_empty() {
        return Err(missing("enabled_events"));
    }
    for (i, e) in events.iter().enumerate() {
        let name = e.as_str().unwrap_or_default();
        if name != "*" && !EVENT_TYPES.contains(&name) {
            return Err(invalid(
                &format!("enabled_events[{i}]"),
                &format!("Invalid enabled_events[{i}]: must be one of the event types Stripe sends, or `*` ({name})"),
            ));
        }
    }
    Ok(events)
}

/// The endpoint as every call but create answers it: without its secret.
fn shown(ep: &Value) -> Value {
    let mut ep = ep.clone();
    if let Some(m) = ep.as_object_mut() {
        m.remove("secret");
    }
    ep
}

pub async fn create(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &CREATE) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let Some(url) = s(&p, "url") else { return missing("url") };
    let events = match enabled_events(&p) {
        Ok(e) => e,
        Err(r) => return r,
    };
    let w = app.world();
    let ep = json!({
        "id": w.token("we_"), "object": "webhook_endpoint", "url": url, "enabled_events": events, "status": "enabled",
        "description": s(&p, "description"), "metadata": metadata(&p), "api_version": s(&p, "api_version"), "application": null,
        "secret": w.token("whsec_"), "livemode": false, "created": w.clock.now_secs(),
    });
    w.payments.write().expect("payments lock").endpoints.push(ep.clone());
    Json(ep).into_response()
}

pub async fn retrieve(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let found = app.world().payments.read().expect("payments lock").endpoints.iter().find(|e| e["id"] == id.as_str()).map(shown);
    found.map(|e| Json(e).into_response()).unwrap_or_else(|| no_such("webhook_endpoint", &id))
}

pub async fn list(State(app): State<AppState>, headers: HeaderMap, RawQuery(q): RawQuery) -> Response {
    let p = match catalog::query(&headers, q, &LIST) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let all: Vec<Value> = app.world().payments.read().expect("payments lock").endpoints.iter().map(shown).collect();
    super::list("/v1/webhook_endpoints", all, &p).unwrap_or_else(|r| r)
}

pub async fn update(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &UPDATE) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let events = match p.get("enabled_events").map(|_| enabled_events(&p)).transpose() {
        Ok(e) => e,
        Err(r) => return r,
    };
    let w = app.world();
    let mut pay = w.payments.write().expect("payments lock");
    let Some(ep) = pay.endpoints.iter_mut().find(|e| e["id"] == id.as_str()) else { return no_such("webhook_endpoint", &id) };
    if let Some(url) = s(&p, "url") {
        ep["url"] = json!(url);
    }
    if let Some(events) = events {
        ep["enabled_events"] = json!(events);
    }
    if let Some(d) = s(&p, "description") {
        ep["description"] = json!(d);
    }
    if let Some(disabled) = s(&p, "disabled") {
        ep["status"] = json!(if disabled == "true" { "disabled" } else { "enabled" });
    }
    if let Some(Value::Object(m)) = p.get("metadata") {
        for (k, v) in m {
            ep["metadata"][k] = v.clone();
        }
    }
    Json(shown(ep)).into_response()
}

/// `DELETE /v1/webhook_endpoints/{id}` → `{id, object, deleted: true}`; nothing more is sent there.
pub async fn delete(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let w = app.world();
    let mut pay = w.payments.write().expect("payments lock");
    let before = pay.endpoints.len();
    pay.endpoints.retain(|e| e["id"] != id.as_str());
    if pay.endpoints.len() == before {
        return no_such("webhook_endpoint", &id);
    }
    Json(json!({"id": id, "object": "webhook_endpoint", "deleted": true})).into_response()
}
