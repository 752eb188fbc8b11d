//! Subscriptions (Stripe API reference, "Subscriptions"): created for an existing customer from
//! `items[][price]` (a recurring Price) or `items[][price_data]` (an existing product, an amount
//! and `recurring`), with `payment_behavior` deciding what an unpaid first invoice does;
//! retrieved, listed, updated (card, metadata, `cancel_at_period_end`) and cancelled with
//! `DELETE`. Billing itself is `billing.rs`.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::billing::{self, Behaviour};
use super::catalog::{self, SUBSCRIPTION_PRICE_DATA};
use super::form::Shape;
use super::intents::no_such;
use super::{authorised, check, events, invalid, metadata, missing, no_such_param, params, s};
use crate::AppState;

const ITEM: Shape = Shape::Map(&[("price", Shape::Value), ("price_data", SUBSCRIPTION_PRICE_DATA), ("quantity", Shape::Value), ("metadata", Shape::Free)]);
const CREATE: Shape = Shape::Map(&[
    ("customer", Shape::Value),
    ("items", Shape::List(&ITEM)),
    ("default_payment_method", Shape::Value),
    ("payment_behavior", Shape::Value),
    ("collection_method", Shape::Value),
    ("currency", Shape::Value),
    ("cancel_at_period_end", Shape::Value),
    ("description", Shape::Value),
    ("off_session", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);
const UPDATE: Shape = Shape::Map(&[
    ("default_payment_method", Shape::Value),
    ("cancel_at_period_end", Shape::Value),
    ("description", Shape::Value),
    ("proration_behavior", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);
const CANCEL: Shape = Shape::Map(&[("invoice_now", Shape::Value), ("prorate", Shape::Value), ("cancellation_details", Shape::Free), ("expand", Shape::Free)]);
const LIST: Shape =
    Shape::Map(&[("customer", Shape::Value), ("status", Shape::Value), ("price", Shape::Value), ("limit", Shape::Value), ("expand", Shape::Free)]);

/// The subscription items as Prices and quantities: each by id (active and recurring) or made
/// from `price_data` (which must recur); one currency and one billing interval for them all.
fn items(app: &AppState, p: &Value) -> Result<Vec<(Value, i64)>, Response> {
    let list = p.get("items").and_then(Value::as_array).filter(|l| !l.is_empty()).ok_or_else(|| missing("items"))?;
    let mut out: Vec<(Value, i64)> = vec![];
    for (i, item) in list.iter().enumerate() {
        let at = format!("items[{i}]");
        let quantity = catalog::quantity(item, &at)?;
        let price = match (s(item, "price"), item.get("price_data")) {
            (Some(id), _) => catalog::price_by_id(app, &id, &format!("{at}[price]"))?,
            (None, Some(data)) if data.get("recurring").is_none() => return Err(missing(&format!("{at}[price_data][recurring]"))),
            (None, Some(data)) => catalog::make_price(app, data, &format!("{at}[price_data]"), false)?,
            (None, None) => return Err(missing(&format!("{at}[price]"))),
        };
        if price["type"] != "recurring" {
            let m = "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.";
            return Err(invalid(&format!("{at}[price]"), m));
        }
        if let Some((first, _)) = out.first()
            && (first["currency"] != price["currency"]
                || first["recurring"]["interval"] != price["recurring"]["interval"]
                || first["recurring"]["interval_count"] != price["recurring"]["interval_count"])
        {
            return Err(invalid("items", "Currency and interval fields must match across all plans on this subscription."));
        }
        out.push((price, quantity));
    }
    if let Some(c) = s(p, "currency")
        && json!(c.to_lowercase()) != out[0].0["currency"]
    {
        return Err(invalid("currency", &format!("The price's currency does not match the currency `{c}` of this subscription.")));
    }
    Ok(out)
}

fn behaviour(p: &Value) -> Result<Behaviour, Response> {
    match s(p, "payment_behavior").as_deref() {
        None | Some("allow_incomplete") => Ok(Behaviour::AllowIncomplete),
        Some("default_incomplete") => Ok(Behaviour::DefaultIncomplete),
        Some("error_if_incomplete") => Ok(Behaviour::ErrorIfIncomplete),
        Some(_) => Err(invalid("payment_behavior", "Invalid payment_behavior: must be one of allow_incomplete, default_incomplete, or error_if_incomplete")),
    }
}

pub async fn create(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let p = params(&headers, &body);
    match create_checked(&app, &p) {
        Ok(sub) => Json(sub).into_response(),
        Err(r) => r,
    }
}

fn create_checked(app: &AppState, p: &Value) -> Result<Value, Response> {
    check(p, &CREATE)?;
    let customer = s(p, "customer").ok_or_else(|| missing("customer"))?;
    if !app.world().payments.read().expect("payments lock").customers.contains_key(&customer) {
        return Err(no_such_param("customer", &customer, "customer"));
    }
    let behaviour = behaviour(p)?;
    if s(p, "collection_method").is_some_and(|m| m != "charge_automatically") {
        return Err(invalid("collection_method", "The sandbox bills subscriptions with collection_method=charge_automatically only."));
    }
    let pm = match s(p, "default_payment_method") {
        Some(pm) => Some(super::setup::usable_by(app, &customer, &pm, "default_payment_method")?),
        None => None,
    };
    let items = items(app, p)?;
    let extra = json!({
        "default_payment_method": pm, "metadata": metadata(p), "description": s(p, "description"),
        "cancel_at_period_end": s(p, "cancel_at_period_end").is_some_and(|c| c == "true"),
    });
    if behaviour == Behaviour::ErrorIfIncomplete {
        let card = billing::card_for(app, &json!({"default_payment_method": extra["default_payment_method"], "customer": customer}));
        match card {
            None => {
                let m = "This customer has no attached payment source or default payment method. Please consider adding a default payment method.";
                return Err(super::param_error(StatusCode::BAD_REQUEST, "resource_missing", "default_payment_method", m));
            }
            Some(pm) if billing::declines(&pm) => {
                let e =
                    json!({"error": {"type": "card_error", "code": "card_declined", "decline_code": "generic_decline", "message": "Your card was declined."}});
                return Err((StatusCode::PAYMENT_REQUIRED, Json(e)).into_response());
            }
            Some(_) => {}
        }
    }
    Ok(billing::start(app, &customer, &items, extra, behaviour))
}

/// Update a subscription: its card, description, metadata and `cancel_at_period_end`;
/// emits `customer.subscription.updated`.
pub async fn update(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    billing::catch_up(&app);
    let p = params(&headers, &body);
    if let Err(r) = check(&p, &UPDATE) {
        return r;
    }
    let Some(sub) = app.world().payments.read().expect("payments lock").subscriptions.get(&id).cloned() else { return no_such("subscription", &id) };
    if matches!(sub["status"].as_str(), Some("canceled" | "incomplete_expired"))
        && p.as_object().is_some_and(|m| m.keys().any(|k| k != "metadata" && k != "expand"))
    {
        return invalid("status", "A canceled subscription can only update its cancellation_details and metadata.");
    }
    let pm = match s(&p, "default_payment_method") {
        Some(pm) => match super::setup::usable_by(&app, sub["customer"].as_str().unwrap_or_default(), &pm, "default_payment_method") {
            Ok(pm) => Some(pm),
            Err(r) => return r,
        },
        None => None,
    };
    let changed = billing::update(&app, &id, |sub| {
        if let Some(pm) = pm {
            sub["default_payment_method"] = json!(pm);
        }
        if let Some(d) = s(&p, "description") {
            sub["description"] = json!(d);
        }
        if let Some(c) = s(&p, "cancel_at_period_end") {
            sub["cancel_at_period_end"] = json!(c == "true");
        }
        if let Some(Value::Object(m)) = p.get("metadata") {
            for (k, v) in m {
                sub["metadata"][k] = v.clone();
            }
        }
    });
    let Some(changed) = changed else { return no_such("subscription", &id) };
    events::emit(&app, "customer.subscription.updated", changed.clone());
    Json(changed).into_response()
}

pub async fn retrieve(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    billing::catch_up(&app);
    let found = app.world().payments.read().expect("payments lock").subscriptions.get(&id).cloned();
    found.map(|s| Json(s).into_response()).unwrap_or_else(|| no_such("subscription", &id))
}

/// `GET /v1/subscriptions?customer&price&status&limit`; cancelled ones only when asked for
/// (`status=canceled` or `all`), as Stripe lists them.
pub async fn list(State(app): State<AppState>, headers: HeaderMap, RawQuery(q): RawQuery) -> Response {
    let p = match catalog::query(&headers, q, &LIST) {
        Ok(p) => p,
        Err(r) => return r,
    };
    billing::catch_up(&app);
    let status = s(&p, "status");
    let keep = |v: &&Value| {
        let by_status = match status.as_deref() {
            None => v["status"] != "canceled" && v["status"] != "incomplete_expired",
            Some("all") => true,
            Some(st) => v["status"] == st,
        };
        let by_price = s(&p, "price").is_none_or(|pr| v["items"]["data"].as_array().is_some_and(|l| l.iter().any(|i| i["price"]["id"] == pr.as_str())));
        by_status && by_price && s(&p, "customer").is_none_or(|c| v["customer"] == c.as_str())
    };
    let mut all: Vec<Value> = app.world().payments.read().expect("payments lock").subscriptions.values().filter(keep).cloned().collect();
    all.sort_by_key(|v| v["created"].as_i64());
    super::list("/v1/subscriptions", all, &p).unwrap_or_else(|r| r)
}

/// Cancel at once (`DELETE /v1/subscriptions/{id}`); emits `customer.subscription.deleted`.
pub async fn cancel(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    billing::catch_up(&app);
    if let Err(r) = check(&params(&headers, &body), &CANCEL) {
        return r;
    }
    let w = app.world();
    let now = w.clock.now_secs();
    let Some(before) = w.payments.read().expect("payments lock").subscriptions.get(&id).cloned() else { return no_such("subscription", &id) };
    // Stripe no longer finds a cancelled subscription to cancel (it still retrieves it).
    if matches!(before["status"].as_str(), Some("canceled" | "incomplete_expired")) {
        return no_such("subscription", &id);
    }
    let sub = billing::update(&app, &id, |s| {
        s["status"] = json!("canceled");
        s["canceled_at"] = json!(now);
        s["ended_at"] = json!(now);
    })
    .unwrap_or(before);
    events::emit(&app, "customer.subscription.deleted", sub.clone());
    Json(sub).into_response()
}
