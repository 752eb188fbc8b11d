//! CJ Dropshipping API 2.0 dialect (`/cj/api2.0/v1/...`, `CJ-Access-Token`
//! header, `{code, result, message, data, requestId}` envelope) over the `cj`
//! catalogue: product list/query, freight, createOrderV2, payBalance, getOrderDetail.
use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::orders::{ItemIn, OrderIn, commit, order_json, place};
use crate::catalogue::SearchQuery;
use crate::util::money;
use crate::{AppState, creds};

pub fn routes() -> Router<AppState> {
    let v1 = "/cj/api2.0/v1";
    Router::new()
        .route(&format!("{v1}/product/list"), get(list))
        .route(&format!("{v1}/product/query"), get(query))
        .route(&format!("{v1}/logistic/freightCalculate"), post(freight))
        .route(&format!("{v1}/shopping/order/createOrderV2"), post(create))
        .route(&format!("{v1}/shopping/pay/payBalance"), post(pay))
        .route(&format!("{v1}/shopping/order/getOrderDetail"), get(detail))
}

fn envelope(code: i64, message: &str, data: Value) -> Response {
    Json(json!({"code": code, "result": code == 200, "message": message, "data": data, "requestId": "sandbox"})).into_response()
}

fn authed(h: &HeaderMap) -> Result<(), Response> {
    if h.get("CJ-Access-Token").and_then(|v| v.to_str().ok()) == Some(creds::CJ_ACCESS_TOKEN) {
        Ok(())
    } else {
        Err(envelope(1600001, "Invalid API key or access token", Value::Null))
    }
}

/// CJ variant ids are the catalogue sku ids; the product id is the part before the last '-'.
fn pid_of(vid: &str) -> String {
    vid.rsplit_once('-').map(|(p, _)| p.to_string()).unwrap_or_default()
}

async fn list(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) { return e; }
    let w = app.world();
    let base = app.base_url();
    let sq = SearchQuery {
        keyword: q.get("productNameEn").cloned(),
        category: q.get("categoryId").and_then(|c| c.parse().ok()),
        page: q.get("pageNum").and_then(|p| p.parse().ok()).unwrap_or(1),
        page_size: q.get("pageSize").and_then(|p| p.parse().ok()).unwrap_or(20),
        ..Default::default()
    };
    let (total, hits) = w.catalogue.search("cj", &sq);
    let list: Vec<Value> = hits.iter().map(|s| json!({"pid": s.id, "productNameEn": s.title, "productSku": s.id,
        "productImage": super::img(&base, &format!("{}-0", s.id)), "sellPrice": money(s.price_cents), "categoryId": s.category})).collect();
    envelope(200, "Success", json!({"pageNum": sq.page.max(1), "pageSize": sq.page_size.clamp(1, 100), "total": total, "list": list}))
}

async fn query(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) { return e; }
    let w = app.world();
    let base = app.base_url();
    let Some(p) = q.get("pid").and_then(|pid| w.catalogue.product("cj", pid)) else { return envelope(1600100, "Product not found", Value::Null) };
    let variants: Vec<Value> = p.variants.iter().map(|v| json!({"vid": v.sku_id, "pid": p.summary.id,
        "variantNameEn": format!("{} {}", p.summary.title, v.options.iter().map(|(_, x)| x.as_str()).collect::<Vec<_>>().join("-")),
        "variantSku": v.sku_id, "variantSellPrice": money(v.price_cents), "variantImage": v.image.as_ref().map(|i| super::img(&base, i)),
        "variantKey": v.options.iter().map(|(_, x)| x.as_str()).collect::<Vec<_>>().join("-"),
        "inventoryNum": super::stock_left(&app, &v.sku_id, v.stock)})).collect();
    envelope(200, "Success", json!({"pid": p.summary.id, "productNameEn": p.summary.title, "description": p.description,
        "productImage": super::img(&base, &p.images[0]), "sellPrice": money(p.summary.price_cents), "variants": variants}))
}

async fn freight(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) { return e; }
    let w = app.world();
    let country = b["endCountryCode"].as_str().unwrap_or("US");
    let first = &b["products"][0];
    let vid = first["vid"].as_str().unwrap_or("");
    let Some(p) = w.catalogue.product("cj", &pid_of(vid)) else { return envelope(1600100, "Product not found", Value::Null) };
    let opts = p.freight(country, first["quantity"].as_u64().unwrap_or(1) as u32).unwrap_or_default();
    envelope(200, "Success", json!(opts.iter().map(|o| json!({"logisticName": o.company, "logisticPrice": o.amount,
        "logisticAging": format!("{}-{}", o.min_days, o.max_days)})).collect::<Vec<_>>()))
}

async fn create(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) { return e; }
    let items = b["products"].as_array().cloned().unwrap_or_default().iter().map(|i| {
        let vid = i["vid"].as_str().unwrap_or("").to_string();
        ItemIn { product_id: pid_of(&vid), sku_id: vid, quantity: i["quantity"].as_u64().unwrap_or(1) as u32, expected_price: None }
    }).collect();
    let body = OrderIn {
        items,
        ship_to: json!({"name": b["shippingCustomerName"], "address1": b["shippingAddress"], "city": b["shippingCity"], "zip": b["shippingZip"],
            "country": b["shippingCountryCode"], "phone": b["shippingPhone"]}),
        shipping_method: None,
    };
    match place(&app, "cj", &body) {
        Ok(o) => {
            // CJ's orderNumber is the caller's reference and makes creation idempotent.
            let (_, o) = commit(&app, "cj", b["orderNumber"].as_str().map(str::to_string), o);
            envelope(200, "Success", json!({"orderId": o.id, "orderNumber": b["orderNumber"], "orderStatus": "CREATED", "orderAmount": money(o.total_cents)}))
        }
        Err((_, code, msg)) => envelope(1603000, &format!("{code}: {msg}"), Value::Null),
    }
}

async fn pay(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) { return e; }
    let w = app.world();
    let now = w.clock.now_ms();
    let id = b["orderId"].as_str().unwrap_or("");
    let mut st = w.suppliers.write().expect("suppliers lock");
    match st.orders.get_mut(id) {
        Some(o) if o.paid_ms.is_none() && o.cancelled_ms.is_none() => {
            o.paid_ms = Some(now);
            envelope(200, "Success", Value::Null)
        }
        Some(_) => envelope(1603001, "Order status does not allow payment", Value::Null),
        None => envelope(1603002, "Order not found", Value::Null),
    }
}

async fn detail(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) { return e; }
    let o = q.get("orderId").and_then(|id| app.world().suppliers.read().expect("suppliers lock").orders.get(id).cloned());
    let Some(o) = o else { return envelope(1603002, "Order not found", Value::Null) };
    let j = order_json(&app, &o);
    let status = match j["status"].as_str().unwrap_or("") {
        "awaiting_payment" => "UNPAID",
        "paid" | "processing" => "UNSHIPPED",
        "shipped" => "SHIPPED",
        "delivered" => "DELIVERED",
        _ => "CANCELLED",
    };
    envelope(200, "Success", json!({"orderId": o.id, "orderStatus": status, "orderAmount": money(o.total_cents),
        "trackNumber": j["tracking"]["number"], "logisticName": o.shipping_method,
        "productList": o.items.iter().map(|i| json!({"vid": i.sku_id, "quantity": i.quantity, "sellPrice": i.unit_price})).collect::<Vec<_>>()}))
}
