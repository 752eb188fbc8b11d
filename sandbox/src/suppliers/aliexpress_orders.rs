//! AliExpress dropshipping orders under the buyer's own authorisation (`access_token`):
//! `aliexpress.ds.order.create` (`param_place_order_request4_open_api_d_t_o`: `logistics_address`
//! and `product_items[{product_id, product_count, sku_attr, logistics_service_name, order_memo}]`)
//! and `aliexpress.trade.ds.order.get` (`single_order_query.order_id`). The order is created in
//! the buyer's account unpaid (`PLACE_ORDER_SUCCESS`) and waits until the buyer pays it on
//! AliExpress (`/_sandbox/aliexpress/orders/{id}/pay`). Nothing documents a key that makes
//! creation idempotent, so a repeated call creates another order, as it would there.
use std::collections::HashMap;

use axum::response::Response;
use serde_json::{Value, json};

use super::aliexpress::{error, ok, param_json, sku_attr};
use super::aliexpress_auth::buyer_of;
use super::orders::{ItemIn, OrderIn, commit, order_json, place};
use crate::AppState;

/// The buyer behind the call's `access_token`, or IOP's refusal.
fn buyer(app: &AppState, q: &HashMap<String, String>) -> Result<String, Response> {
    let token = q.get("access_token").filter(|t| !t.is_empty());
    let Some(token) = token else {
        return Err(error("MissingParameter", "The input parameter access_token that is mandatory for processing this request is not supplied"));
    };
    buyer_of(app, token).ok_or_else(|| error("IllegalAccessToken", "The specified access token is invalid or expired"))
}

fn text(v: &Value) -> Option<String> {
    v.as_str().map(|s| s.trim().to_string()).or_else(|| v.as_u64().map(|n| n.to_string())).filter(|s| !s.is_empty())
}

fn missing(name: &str) -> Response {
    error("MissingParameter", &format!("The input parameter {name} that is mandatory for processing this request is not supplied"))
}

/// A business refusal: HTTP 200 with `is_success: false` and AliExpress's code.
fn failed(method: &str, code: &str, msg: &str) -> Response {
    ok(method, json!({"is_success": false, "error_code": code, "error_msg": msg}))
}

pub fn create(app: &AppState, method: &str, q: &HashMap<String, String>) -> Response {
    let buyer = match buyer(app, q) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let key = "param_place_order_request4_open_api_d_t_o";
    let r = param_json(q, key);
    let a = &r["logistics_address"];
    if a.is_null() {
        return missing(&format!("{key}.logistics_address"));
    }
    if text(&a["address"]).is_none() {
        return missing(&format!("{key}.logistics_address.address"));
    }
    let lines = r["product_items"].as_array().cloned().unwrap_or_default();
    if lines.is_empty() {
        return missing(&format!("{key}.product_items"));
    }
    let country = text(&a["country"]).unwrap_or_default().to_uppercase();
    let mut items = vec![];
    let mut service = None;
    for l in &lines {
        let Some(product_id) = text(&l["product_id"]) else { return missing(&format!("{key}.product_items.product_id")) };
        let count = l["product_count"].as_u64().or_else(|| l["product_count"].as_str().and_then(|s| s.parse().ok())).unwrap_or(0);
        if count == 0 {
            return missing(&format!("{key}.product_items.product_count"));
        }
        let attr = text(&l["sku_attr"]).unwrap_or_default();
        let Some(p) = app.world().catalogue.product("aliexpress", &product_id) else {
            return failed(method, "ERROR_WHEN_BUILD_FOR_PLACE_ORDER", &format!("product {product_id} cannot be bought"));
        };
        // The SKU is named by its property ids; the "#alias" part is what the buyer saw.
        let ids = |s: &str| s.split(';').map(|p| p.split('#').next().unwrap_or_default().to_string()).collect::<Vec<_>>();
        let Some(v) = p.variants.iter().find(|v| ids(&sku_attr(v)) == ids(&attr)) else {
            return failed(method, "ERROR_WHEN_BUILD_FOR_PLACE_ORDER", &format!("sku_attr {attr:?} is not a SKU of product {product_id}"));
        };
        let offered = p.freight(&country, count as u32).unwrap_or_default();
        let chosen = match text(&l["logistics_service_name"]) {
            Some(name) => offered.iter().find(|o| o.code == name).map(|o| o.code.clone()),
            None => offered.first().map(|o| o.code.clone()),
        };
        let Some(chosen) = chosen else {
            return failed(method, "DELIVERY_METHOD_NOT_EXIST", &format!("no such delivery method for product {product_id} to {country}"));
        };
        service.get_or_insert(chosen);
        items.push(ItemIn { product_id, sku_id: v.sku_id.clone(), quantity: count as u32, expected_price: None });
    }
    let body = OrderIn {
        items,
        ship_to: json!({"name": a["full_name"].as_str().or(a["contact_person"].as_str()), "address1": a["address"], "address2": a["address2"],
            "city": a["city"], "province": a["province"], "zip": a["zip"], "country": country, "phone": a["mobile_no"]}),
        shipping_method: service,
    };
    match place(app, "aliexpress", &body) {
        Ok(mut o) => {
            o.buyer = Some(buyer.clone());
            let (_, o) = commit(app, "aliexpress", None, o);
            let w = app.world();
            w.suppliers.write().expect("suppliers lock").ae.created.push(json!({"order_id": o.id, "buyer": buyer, "request": r}));
            ok(method, json!({"is_success": true, "order_list": {"number": [o.id]}}))
        }
        Err((_, "SOLD_OUT" | "OUT_OF_STOCK", msg)) => failed(method, "INVENTORY_HOLD_ERROR", &msg),
        Err((_, "CANNOT_SHIP_TO_COUNTRY", msg)) => failed(method, "DELIVERY_METHOD_NOT_EXIST", &msg),
        Err((_, code, msg)) => failed(method, "ERROR_WHEN_BUILD_FOR_PLACE_ORDER", &format!("{code}: {msg}")),
    }
}

/// aliexpress.trade.ds.order.get: only the buyer's own orders.
pub fn get(app: &AppState, method: &str, q: &HashMap<String, String>) -> Response {
    let buyer = match buyer(app, q) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let r = param_json(q, "single_order_query");
    let Some(id) = text(&r["order_id"]) else { return missing("single_order_query.order_id") };
    let o = app.world().suppliers.read().expect("suppliers lock").orders.get(&id).filter(|o| o.buyer.as_deref() == Some(&buyer)).cloned();
    let Some(o) = o else { return error("OrderNotFound", "order not found") };
    let j = order_json(app, &o);
    let status = match j["status"].as_str().unwrap_or("") {
        "awaiting_payment" => "PLACE_ORDER_SUCCESS",
        "paid" | "processing" => "WAIT_SELLER_SEND_GOODS",
        "shipped" => "WAIT_BUYER_ACCEPT_GOODS",
        "cancelled" | "refunded" => "IN_CANCEL",
        _ => "FINISH",
    };
    let logistics: Vec<Value> =
        j["tracking"].as_object().map(|t| vec![json!({"logistics_no": t["number"], "logistics_service": t["carrier"]})]).unwrap_or_default();
    let children: Vec<Value> = o
        .items
        .iter()
        .map(|i| json!({"product_id": i.product_id, "product_name": i.title, "product_count": i.quantity, "product_price": {"amount": i.unit_price, "currency_code": "USD"}}))
        .collect();
    ok(
        method,
        json!({"order_status": status, "logistics_status": if logistics.is_empty() { "NO_LOGISTICS" } else { "SELLER_SEND_GOODS" },
            "order_amount": {"amount": j["total"]["amount"], "currency_code": "USD"}, "gmt_create": j["created_at"],
            "child_order_list": {"aeop_child_order_info": children}, "logistics_info_list": {"aeop_order_logistics_info": logistics}}),
    )
}
