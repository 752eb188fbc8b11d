//! CJ Dropshipping API 2.0 orders: `shopping/order/createOrderV2`, `shopping/pay/payBalance`,
//! `shopping/order/getOrderDetail` and `shopping/order/deleteOrder`, as CJ documents them
//! ("05. Shopping"): the required fields of createOrderV2 are refused when missing or empty
//! (1600300), the `logisticName` must be one freightCalculate offers for the destination
//! (1605000), an unknown `vid` is 1602000, an unknown order 1603100; `payType` 1 or empty
//! answers a `cjPayUrl`, 2 pays from the balance at once, 3 only creates the order.
use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::cj::{ILLEGAL_PARAMETER, VARIANT_NOT_FOUND, authed, envelope, number, pid_of};
use super::orders::{ItemIn, OrderIn, commit, order_json, place};
use crate::AppState;

const ORDER_CREATE_FAIL: i64 = 1603000;
const ORDER_DELETE_FAIL: i64 = 1603002;
const ORDER_NOT_FOUND: i64 = 1603100;
const ORDER_PAY_FAIL: i64 = 1603101;
const BALANCE_INSUFFICIENT: i64 = 1604000;
const LOGISTIC_NOT_FOUND: i64 = 1605000;

/// The sandbox's CJ balance: orders above it cannot be paid (a deterministic 1604000).
const BALANCE_CENTS: i64 = 500_000;

/// createOrderV2's required strings (the documented "Y" fields).
const REQUIRED: [&str; 7] =
    ["orderNumber", "shippingCountryCode", "shippingCountry", "shippingCustomerName", "shippingAddress", "logisticName", "fromCountryCode"];

pub fn routes(v1: &str) -> Router<AppState> {
    Router::new()
        .route(&format!("{v1}/shopping/order/createOrderV2"), post(create))
        .route(&format!("{v1}/shopping/pay/payBalance"), post(pay))
        .route(&format!("{v1}/shopping/order/getOrderDetail"), get(detail))
        .route(&format!("{v1}/shopping/order/deleteOrder"), delete(remove))
}

fn text<'a>(b: &'a Value, key: &str) -> Option<&'a str> {
    b[key].as_str().map(str::trim).filter(|s| !s.is_empty())
}

/// The first documented rule the body breaks, as CJ's code and message.
fn invalid(b: &Value) -> Option<(i64, String)> {
    if let Some(missing) = REQUIRED.iter().find(|k| text(b, k).is_none()) {
        return Some((ILLEGAL_PARAMETER, format!("{missing} can not be empty")));
    }
    if text(b, "orderNumber").is_some_and(|n| n.len() > 50) {
        return Some((ILLEGAL_PARAMETER, "orderNumber is longer than 50".into()));
    }
    let products = b["products"].as_array().filter(|p| !p.is_empty());
    let Some(products) = products else { return Some((ILLEGAL_PARAMETER, "products can not be empty".into())) };
    if products.iter().any(|p| text(p, "vid").is_none() || quantity(p) == 0) {
        return Some((ILLEGAL_PARAMETER, "products need a vid and a quantity".into()));
    }
    None
}

/// CJ documents `quantity` as a string; a number is read too.
fn quantity(p: &Value) -> u32 {
    p["quantity"].as_u64().or_else(|| p["quantity"].as_str().and_then(|q| q.parse().ok())).unwrap_or(0) as u32
}

async fn create(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    if let Some((code, message)) = invalid(&b) {
        return envelope(code, &message, Value::Null);
    }
    let number_key = text(&b, "orderNumber").map(str::to_string);
    let items: Vec<ItemIn> = b["products"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            let vid = text(i, "vid").unwrap_or_default().to_string();
            ItemIn { product_id: pid_of(&vid), sku_id: vid, quantity: quantity(i), expected_price: None }
        })
        .collect();
    let country = text(&b, "shippingCountryCode").unwrap_or_default().to_uppercase();
    let logistic = text(&b, "logisticName").unwrap_or_default();
    // The logistic is named as freightCalculate names it; the order keeps that method's code.
    let method = {
        let w = app.world();
        let first = &items[0];
        let Some(p) = w.catalogue.product("cj", &first.product_id).filter(|p| p.variant(&first.sku_id).is_some()) else {
            return envelope(VARIANT_NOT_FOUND, "Variant not found", Value::Null);
        };
        let options = p.freight(&country, first.quantity).unwrap_or_default();
        match options.iter().find(|o| o.company.eq_ignore_ascii_case(logistic)) {
            Some(o) => o.code.clone(),
            None => return envelope(LOGISTIC_NOT_FOUND, &format!("Logistic not found: {logistic} to {country}"), Value::Null),
        }
    };
    let body = OrderIn {
        items,
        ship_to: json!({"name": b["shippingCustomerName"], "address1": b["shippingAddress"], "address2": b["shippingAddress2"], "city": b["shippingCity"],
            "province": b["shippingProvince"], "zip": b["shippingZip"], "country": country, "phone": b["shippingPhone"]}),
        shipping_method: Some(method),
    };
    let placed = match place(&app, "cj", &body) {
        Ok(o) => o,
        Err((_, "SKU_NOT_FOUND", m)) => return envelope(VARIANT_NOT_FOUND, &format!("Variant not found: {m}"), Value::Null),
        Err((_, "CANNOT_SHIP_TO_COUNTRY", m)) => return envelope(LOGISTIC_NOT_FOUND, &m, Value::Null),
        Err((_, code, m)) => return envelope(ORDER_CREATE_FAIL, &format!("Order create fail: {code}: {m}"), Value::Null),
    };
    // The sandbox keys orders by orderNumber: a repeated one answers the order it made.
    let (_, mut o) = commit(&app, "cj", number_key, placed);
    let pay_type = b["payType"].as_i64().or_else(|| b["payType"].as_str().and_then(|t| t.parse().ok())).unwrap_or(1);
    if pay_type == 2 && o.paid_ms.is_none() && o.total_cents <= BALANCE_CENTS {
        o = mark_paid(&app, &o.id).unwrap_or(o);
    }
    let base = app.base_url();
    envelope(
        200,
        "Success",
        json!({"orderId": o.id, "orderNumber": b["orderNumber"], "shippingCountryCode": country, "logisticName": logistic,
            "productAmount": number(o.total_cents - o.shipping_amount_cents), "postageAmount": number(o.shipping_amount_cents),
            "orderAmount": number(o.total_cents), "orderStatus": if o.paid_ms.is_some() { "UNSHIPPED" } else { "CREATED" },
            "cjPayUrl": (pay_type == 1).then(|| format!("{base}/cj/pay/{}", o.id))}),
    )
}

/// Marks the order paid now; None when it is not payable.
fn mark_paid(app: &AppState, id: &str) -> Option<super::model::Order> {
    let w = app.world();
    let now = w.clock.now_ms();
    let mut st = w.suppliers.write().expect("suppliers lock");
    let o = st.orders.get_mut(id).filter(|o| o.source == "cj" && o.paid_ms.is_none() && o.cancelled_ms.is_none())?;
    o.paid_ms = Some(now);
    Some(o.clone())
}

async fn pay(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let id = text(&b, "orderId").unwrap_or_default().to_string();
    let order = app.world().suppliers.read().expect("suppliers lock").orders.get(&id).filter(|o| o.source == "cj").cloned();
    let Some(order) = order else { return envelope(ORDER_NOT_FOUND, "Order not found, Please check the CJ order id", Value::Null) };
    if order.paid_ms.is_none() && order.cancelled_ms.is_none() && order.total_cents > BALANCE_CENTS {
        return envelope(BALANCE_INSUFFICIENT, "Balance is insufficient", Value::Null);
    }
    match mark_paid(&app, &id) {
        Some(_) => envelope(200, "Success", Value::Null),
        None => envelope(ORDER_PAY_FAIL, "Order pay fail, Please contact CJ Order Center", Value::Null),
    }
}

/// Only an unpaid order can be deleted.
async fn remove(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let now = w.clock.now_ms();
    let mut st = w.suppliers.write().expect("suppliers lock");
    match q.get("orderId").and_then(|id| st.orders.get_mut(id)).filter(|o| o.source == "cj") {
        Some(o) if o.paid_ms.is_none() => {
            let first = o.cancelled_ms.is_none();
            o.cancelled_ms.get_or_insert(now);
            let (id, items) = (o.id.clone(), o.items.clone());
            if first {
                // A deleted order gives its reserved stock back.
                for i in &items {
                    if let Some(s) = st.sold.get_mut(&i.sku_id) {
                        *s = s.saturating_sub(i.quantity);
                    }
                }
            }
            envelope(200, "Success", json!(id))
        }
        Some(_) => envelope(ORDER_DELETE_FAIL, "Order delete fail: the order is paid", Value::Null),
        None => envelope(ORDER_NOT_FOUND, "Order not found, Please check the CJ order id", Value::Null),
    }
}

async fn detail(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let o = q.get("orderId").and_then(|id| app.world().suppliers.read().expect("suppliers lock").orders.get(id).filter(|o| o.source == "cj").cloned());
    let Some(o) = o else { return envelope(ORDER_NOT_FOUND, "Order not found, Please check the CJ order id", Value::Null) };
    let j = order_json(&app, &o);
    let status = match j["status"].as_str().unwrap_or("") {
        "awaiting_payment" => "UNPAID",
        "paid" | "processing" => "UNSHIPPED",
        "shipped" => "SHIPPED",
        "delivered" => "DELIVERED",
        _ => "CANCELLED",
    };
    let a = &o.ship_to;
    envelope(
        200,
        "Success",
        json!({"orderId": o.id, "orderStatus": status, "shippingCountryCode": a["country"], "shippingCustomerName": a["name"],
            "shippingAddress": a["address1"], "shippingCity": a["city"], "shippingZip": a["zip"], "shippingPhone": a["phone"],
            "productAmount": number(o.total_cents - o.shipping_amount_cents), "postageAmount": number(o.shipping_amount_cents),
            "orderAmount": number(o.total_cents), "trackNumber": j["tracking"]["number"], "logisticName": j["tracking"]["carrier"],
            "createDate": j["created_at"], "paymentDate": j["paid_at"],
            "productList": o.items.iter().map(|i| json!({"vid": i.sku_id, "quantity": i.quantity, "sellPrice": i.unit_price})).collect::<Vec<_>>()}),
    )
}
