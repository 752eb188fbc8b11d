//! The `wc-auth` key-issuing endpoint (auto-approved) and `/_sandbox/woo/...`
//! controls: issue keys directly, simulate a customer order, inspect a store.
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::model::{ApiKey, woo_date};
use super::{webhooks, with_store};
use crate::AppState;
use crate::util::{found, money, parse_money, with_query};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/woo/{store}/wc-auth/v1/authorize", get(authorize))
        .route("/_sandbox/woo/{store}", get(inspect))
        .route("/_sandbox/woo/{store}/keys", post(keys))
        .route("/_sandbox/woo/{store}/orders", post(create_order))
}

fn new_key(app: &AppState, store: &str, user_id: &str, permissions: &str) -> ApiKey {
    let w = app.world();
    let key = ApiKey {
        key_id: w.next_id(),
        user_id: user_id.to_string(),
        // Real keys are ck_/cs_ + 40 hex chars.
        consumer_key: format!("ck_{}{}", w.token(""), &w.token("")[..8]),
        consumer_secret: format!("cs_{}{}", w.token(""), &w.token("")[..8]),
        permissions: permissions.to_string(),
    };
    with_store(&w, store, |s| s.keys.push(key.clone()));
    key
}

/// Woo shows an approval screen; the sandbox merchant approves at once:
/// POST the keys to callback_url, then redirect to return_url.
async fn authorize(State(app): State<AppState>, Path(store): Path<String>, Query(q): Query<HashMap<String, String>>) -> Response {
    let need = ["app_name", "scope", "user_id", "return_url", "callback_url"];
    if let Some(missing) = need.iter().find(|k| q.get(**k).is_none_or(|v| v.is_empty())) {
        return (StatusCode::BAD_REQUEST, format!("Error: {missing} parameter is missing")).into_response();
    }
    let scope = q["scope"].as_str();
    if !["read", "write", "read_write"].contains(&scope) {
        return (StatusCode::BAD_REQUEST, "Error: Invalid scope").into_response();
    }
    let key = new_key(&app, &store, &q["user_id"], scope);
    let body = json!({
        "key_id": key.key_id, "user_id": key.user_id, "consumer_key": key.consumer_key,
        "consumer_secret": key.consumer_secret, "key_permissions": key.permissions,
    });
    let ok = app.http().post(&q["callback_url"]).json(&body).send().await.is_ok_and(|r| r.status().is_success());
    tracing::info!(%store, app_name = %q["app_name"], ok, "woo: wc-auth keys posted");
    let pairs = [("success", if ok { "1" } else { "0" }.to_string()), ("user_id", q["user_id"].clone())];
    found(&with_query(&q["return_url"], &pairs))
}

async fn inspect(State(app): State<AppState>, Path(store): Path<String>) -> Json<Value> {
    Json(with_store(&app.world(), &store, |s| serde_json::to_value(&*s).unwrap_or(Value::Null)))
}

async fn keys(State(app): State<AppState>, Path(store): Path<String>, body: Option<Json<Value>>) -> Json<Value> {
    let perm = body.as_ref().and_then(|b| b.get("permissions")).and_then(Value::as_str).unwrap_or("read_write").to_string();
    Json(serde_json::to_value(new_key(&app, &store, "1", &perm)).unwrap_or(Value::Null))
}

/// A customer checks out: the order is created "processing" (paid) and order.created fires.
async fn create_order(State(app): State<AppState>, Path(store): Path<String>, body: Option<Json<Value>>) -> Response {
    let input = body.map(|b| b.0).unwrap_or(json!({}));
    let w = app.world();
    let now = w.clock.now_ms();
    let r = with_store(&w, &store, |st| {
        let wanted: Vec<Value> = input
            .get("line_items")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_else(|| st.products.keys().next().map(|id| vec![json!({"product_id": id, "quantity": 1})]).unwrap_or_default());
        if wanted.is_empty() {
            return Err("store has no products");
        }
        let mut lines = vec![];
        let mut total = 0i64;
        for l in &wanted {
            let pid = l.get("product_id").and_then(Value::as_u64).unwrap_or(0);
            let vid = l.get("variation_id").and_then(Value::as_u64).unwrap_or(0);
            let p = st.products.get(&pid).ok_or("product not found")?;
            let v = if vid > 0 { st.variations.get(&pid).and_then(|m| m.get(&vid)).ok_or("variation not found")? } else { p };
            let qty = l.get("quantity").and_then(Value::as_i64).unwrap_or(1).max(1);
            let price = v["price"].as_str().and_then(parse_money).unwrap_or(0);
            total += price * qty;
            lines.push(json!({"name": p["name"], "product_id": pid, "variation_id": vid, "quantity": qty, "sku": v["sku"],
                "price": price as f64 / 100.0, "subtotal": money(price * qty), "total": money(price * qty), "meta_data": []}));
        }
        let id = st.id();
        for (i, l) in lines.iter_mut().enumerate() {
            l["id"] = json!(id * 10 + i as u64);
        }
        let ship = input.get("shipping").cloned().unwrap_or(json!({
            "first_name": "Jane", "last_name": "Doe", "company": "", "address_1": "1 Sandbox Way", "address_2": "", "city": "Springfield",
            "state": "IL", "postcode": "62701", "country": "US", "phone": ""}));
        let order = json!({
            "id": id, "parent_id": 0, "number": id.to_string(), "order_key": format!("wc_order_{id:x}"), "created_via": "checkout",
            "status": input.get("status").cloned().unwrap_or(json!("processing")), "currency": "USD",
            "date_created": woo_date(now), "date_created_gmt": woo_date(now), "date_modified": woo_date(now), "date_modified_gmt": woo_date(now),
            "date_paid": woo_date(now), "date_completed": null, "total": money(total), "shipping_total": "0.00", "total_tax": "0.00",
            "customer_id": 0, "customer_note": "", "billing": {"email": input.get("email").cloned().unwrap_or(json!("customer@example.com"))},
            "shipping": ship, "payment_method": "stripe", "payment_method_title": "Credit card", "transaction_id": "",
            "line_items": lines, "shipping_lines": [], "meta_data": [],
        });
        st.orders.insert(id, order.clone());
        Ok(order)
    });
    match r {
        Ok(o) => webhooks::announce(&app, &store, "order.created", StatusCode::CREATED, o),
        Err(e) => (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({"error": e}))).into_response(),
    }
}
