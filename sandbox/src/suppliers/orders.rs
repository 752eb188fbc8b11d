//! Supplier order placement (idempotent), payment, cancel, refund.
//! Placement errors: SKU_NOT_FOUND, SOLD_OUT, OUT_OF_STOCK,
//! CANNOT_SHIP_TO_COUNTRY, PRICE_CHANGED; payment: PAYMENT_FAILED.
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{Item, Order};
use super::{check, err, stock_left};
use crate::AppState;
use crate::util::{money, parse_money, rfc3339};

#[derive(Deserialize)]
pub struct ItemIn {
    pub product_id: String,
    pub sku_id: String,
    pub quantity: u32,
    /// If given and the current price differs, placement fails with PRICE_CHANGED.
    pub expected_price: Option<String>,
}

#[derive(Deserialize)]
pub struct OrderIn {
    pub items: Vec<ItemIn>,
    pub ship_to: Value,
    pub shipping_method: Option<String>,
}

/// Sources that take orders through their own API (`cj_orders`, `aliexpress_orders`,
/// `ebay_orders`): the JSON gateway has no orders of theirs.
const OWN_ORDER_API: [&str; 3] = ["cj", "aliexpress", "ebay"];

/// The gateway's order routes: a known source, the bearer token, and no order API of its own.
fn check_orders(source: &str, headers: &HeaderMap) -> Result<(), Response> {
    check(source, headers)?;
    if OWN_ORDER_API.contains(&source) {
        return Err(err(StatusCode::NOT_FOUND, "NOT_FOUND", "this source takes orders through its own API"));
    }
    Ok(())
}

/// Orders over this total are declined at payment (a deterministic PAYMENT_FAILED trigger).
const PAYMENT_LIMIT_CENTS: i64 = 500_000;

fn carrier_for(source: &str) -> (&'static str, &'static str) {
    match source {
        "aliexpress" => ("Cainiao", "LP"),
        "cj" => ("CJPacket", "CJPKL"),
        "temu" => ("YunExpress", "YT"),
        "amazon" => ("USPS", "9400"),
        _ => ("YunExpress", "YT"),
    }
}

/// Validates and prices an order request; shared with the AliExpress/CJ dialects.
pub fn place(app: &AppState, source: &str, body: &OrderIn) -> Result<Order, (StatusCode, &'static str, String)> {
    let w = app.world();
    let country = body.ship_to.get("country").and_then(Value::as_str).unwrap_or("US").to_uppercase();
    let mut items = vec![];
    let mut total = 0;
    let mut freight_opt = None;
    if body.items.is_empty() {
        return Err((StatusCode::UNPROCESSABLE_ENTITY, "INVALID_REQUEST", "items must not be empty".into()));
    }
    for it in &body.items {
        let product = w.catalogue.product(source, &it.product_id);
        let Some((p, v)) = product.as_ref().and_then(|p| p.variant(&it.sku_id).map(|v| (p, v))) else {
            return Err((StatusCode::UNPROCESSABLE_ENTITY, "SKU_NOT_FOUND", format!("sku {} of product {} not found", it.sku_id, it.product_id)));
        };
        let left = stock_left(app, &v.sku_id, v.stock);
        if left == 0 {
            return Err((StatusCode::CONFLICT, "SOLD_OUT", format!("sku {} is sold out", v.sku_id)));
        }
        if it.quantity > left {
            return Err((StatusCode::CONFLICT, "OUT_OF_STOCK", format!("only {left} left of sku {}", v.sku_id)));
        }
        let Some(opts) = p.freight(&country, it.quantity) else {
            return Err((StatusCode::UNPROCESSABLE_ENTITY, "CANNOT_SHIP_TO_COUNTRY", format!("product {} does not ship to {country}", p.summary.id)));
        };
        if let Some(exp) = it.expected_price.as_deref().and_then(parse_money)
            && exp != v.price_cents
        {
            return Err((StatusCode::CONFLICT, "PRICE_CHANGED", format!("price of sku {} is now {}", v.sku_id, money(v.price_cents))));
        }
        let chosen = body.shipping_method.as_deref().and_then(|m| opts.iter().find(|o| o.code == m)).unwrap_or(&opts[0]).clone();
        total += v.price_cents * it.quantity as i64;
        items.push(Item {
            product_id: p.summary.id.clone(),
            sku_id: v.sku_id.clone(),
            title: p.summary.title.clone(),
            quantity: it.quantity,
            unit_price: money(v.price_cents),
        });
        freight_opt.get_or_insert(chosen);
    }
    let f = freight_opt.expect("at least one item");
    let ship = parse_money(&f.amount).unwrap_or(0);
    let n = w.next_id();
    let (carrier, prefix) = carrier_for(source);
    let h = crate::util::hash_str(w.seed, &format!("{source}-{n}"));
    let tracking_number = if prefix == "LP" { format!("LP{:014}CN", h % 10u64.pow(14)) } else { format!("{prefix}{:016}", h % 10u64.pow(16)) };
    Ok(Order {
        id: format!("{}-{n}", source.to_uppercase().chars().take(2).collect::<String>()),
        source: source.into(),
        items,
        ship_to: body.ship_to.clone(),
        shipping_method: f.code,
        shipping_amount_cents: ship,
        total_cents: total + ship,
        min_days: f.min_days,
        max_days: f.max_days,
        created_ms: w.clock.now_ms(),
        paid_ms: None,
        cancelled_ms: None,
        refunded_ms: None,
        tracking_number,
        carrier: carrier.into(),
        buyer: None,
    })
}

/// Order as JSON; a shipped order's parcel becomes known to the carrier emulation.
pub fn order_json(app: &AppState, o: &Order) -> Value {
    let w = app.world();
    let now = w.clock.now_ms();
    let status = o.status(now);
    let shipped = matches!(status, "shipped" | "delivered");
    if shipped {
        let country = o.ship_to.get("country").and_then(Value::as_str).unwrap_or("US");
        crate::carriers::note_shipment(&w, &o.tracking_number, o.shipped_at().unwrap_or(now), o.delivered_at().unwrap_or(now), country);
    }
    json!({
        "id": o.id, "source": o.source, "status": status, "items": o.items, "ship_to": o.ship_to,
        "shipping": {"method": o.shipping_method, "amount": money(o.shipping_amount_cents), "currency": "USD", "delivery_time": format!("{}-{} day", o.min_days, o.max_days)},
        "total": {"amount": money(o.total_cents), "currency": "USD"},
        "created_at": rfc3339(o.created_ms), "paid_at": o.paid_ms.map(rfc3339),
        "shipped_at": if shipped { o.shipped_at().map(rfc3339) } else { None },
        "delivered_at": if status == "delivered" { o.delivered_at().map(rfc3339) } else { None },
        "cancelled_at": o.cancelled_ms.map(rfc3339), "refunded_at": o.refunded_ms.map(rfc3339),
        "tracking": if shipped { json!({"number": o.tracking_number, "carrier": o.carrier}) } else { Value::Null },
    })
}

/// Store a placed order (reserving stock) unless the idempotency key was seen.
pub fn commit(app: &AppState, source: &str, key: Option<String>, o: Order) -> (bool, Order) {
    let w = app.world();
    let mut st = w.suppliers.write().expect("suppliers lock");
    if let Some(k) = &key {
        if let Some(existing) = st.idempotency.get(&(source.to_string(), k.clone())).and_then(|id| st.orders.get(id)) {
            return (false, existing.clone());
        }
        st.idempotency.insert((source.to_string(), k.clone()), o.id.clone());
    }
    for i in &o.items {
        *st.sold.entry(i.sku_id.clone()).or_default() += i.quantity;
    }
    st.orders.insert(o.id.clone(), o.clone());
    (true, o)
}

pub async fn create(State(app): State<AppState>, Path(source): Path<String>, headers: HeaderMap, Json(body): Json<OrderIn>) -> Response {
    if let Err(e) = check_orders(&source, &headers) {
        return e;
    }
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_string);
    // Replays answer with the original order, even if stock has changed since.
    if let Some(k) = &key {
        let w = app.world();
        let existing = {
            let st = w.suppliers.read().expect("suppliers lock");
            st.idempotency.get(&(source.clone(), k.clone())).and_then(|id| st.orders.get(id)).cloned()
        };
        if let Some(o) = existing {
            return (StatusCode::OK, Json(order_json(&app, &o))).into_response();
        }
    }
    match place(&app, &source, &body) {
        Ok(o) => {
            let (new, o) = commit(&app, &source, key, o);
            let status = if new { StatusCode::CREATED } else { StatusCode::OK };
            (status, Json(order_json(&app, &o))).into_response()
        }
        Err((status, code, msg)) => err(status, code, &msg),
    }
}

fn with_order<R>(app: &AppState, source: &str, id: &str, f: impl FnOnce(&mut Order, i64) -> Result<R, Response>) -> Result<R, Response> {
    let w = app.world();
    let now = w.clock.now_ms();
    let mut st = w.suppliers.write().expect("suppliers lock");
    match st.orders.get_mut(id).filter(|o| o.source == source) {
        Some(o) => f(o, now),
        None => Err(err(StatusCode::NOT_FOUND, "ORDER_NOT_FOUND", "no such order")),
    }
}

fn respond(app: &AppState, r: Result<Order, Response>) -> Response {
    match r {
        Ok(o) => Json(order_json(app, &o)).into_response(),
        Err(e) => e,
    }
}

pub async fn get_one(State(app): State<AppState>, Path((source, id)): Path<(String, String)>, headers: HeaderMap) -> Response {
    if let Err(e) = check_orders(&source, &headers) {
        return e;
    }
    let r = with_order(&app, &source, &id, |o, _| Ok(o.clone()));
    respond(&app, r)
}

pub async fn pay(State(app): State<AppState>, Path((source, id)): Path<(String, String)>, headers: HeaderMap, body: Option<Json<Value>>) -> Response {
    if let Err(e) = check_orders(&source, &headers) {
        return e;
    }
    let method = body.as_ref().and_then(|b| b.get("payment_method")).and_then(Value::as_str).unwrap_or("balance").to_string();
    let r = with_order(&app, &source, &id, |o, now| {
        if o.status(now) != "awaiting_payment" {
            return Err(err(StatusCode::CONFLICT, "INVALID_STATE", &format!("order is {}", o.status(now))));
        }
        if method == "card_declined" || o.total_cents > PAYMENT_LIMIT_CENTS {
            return Err(err(StatusCode::PAYMENT_REQUIRED, "PAYMENT_FAILED", "payment was declined"));
        }
        o.paid_ms = Some(now);
        Ok(o.clone())
    });
    respond(&app, r)
}

pub async fn cancel(State(app): State<AppState>, Path((source, id)): Path<(String, String)>, headers: HeaderMap) -> Response {
    if let Err(e) = check_orders(&source, &headers) {
        return e;
    }
    let r = with_order(&app, &source, &id, |o, now| {
        if !matches!(o.status(now), "awaiting_payment" | "paid" | "processing") {
            return Err(err(StatusCode::CONFLICT, "INVALID_STATE", &format!("cannot cancel an order that is {}", o.status(now))));
        }
        o.cancelled_ms = Some(now);
        Ok(o.clone())
    });
    if let Ok(o) = &r {
        // Cancelling releases the reserved stock.
        let w = app.world();
        let mut st = w.suppliers.write().expect("suppliers lock");
        for i in &o.items {
            if let Some(s) = st.sold.get_mut(&i.sku_id) {
                *s = s.saturating_sub(i.quantity);
            }
        }
    }
    respond(&app, r)
}

pub async fn refund(State(app): State<AppState>, Path((source, id)): Path<(String, String)>, headers: HeaderMap) -> Response {
    if let Err(e) = check_orders(&source, &headers) {
        return e;
    }
    let r = with_order(&app, &source, &id, |o, now| {
        if o.paid_ms.is_none() || o.refunded_ms.is_some() {
            return Err(err(StatusCode::CONFLICT, "INVALID_STATE", &format!("cannot refund an order that is {}", o.status(now))));
        }
        o.refunded_ms = Some(now);
        Ok(o.clone())
    });
    respond(&app, r)
}
