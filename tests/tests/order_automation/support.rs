//! Shared by the order automation and cancellation tests: a product pushed to the WooCommerce
//! sandbox store, customer orders bought there (arriving by the store's webhook), and the order
//! center read through the API.
#![allow(dead_code)]
use dropline_tests::{Answer, StoreOwner, eventually, in_stock_ids};
use serde_json::{Value, json};
use std::time::Duration;
use uuid::Uuid;

/// The WooCommerce sandbox store's name in these tests.
pub const WOO: &str = "auto-woo";

/// A supplier variant with stock, pushed to the WooCommerce store: (product id, variation id)
/// there (variation 0 for a simple product).
pub async fn pushed_to_woo(s: &StoreOwner) -> (u64, u64) {
    let id = in_stock_ids(&s.sandbox, "dropline", 1, 2).await.remove(0);
    let a = s.app.post("/api/center/products/import/dropline", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    let body = json!({ "settings": { "channels": { s.woo.clone(): { "is_publish": true } } }, "product_package_ids": [product] });
    let a = s.app.post("/api/center/products/push-to-multiple-channels", Some(&s.token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
    let variant: Uuid = sqlx::query_scalar("SELECT id FROM product_variants WHERE product_id = $1::uuid AND enabled AND stock > 0 ORDER BY position LIMIT 1")
        .bind(&product)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let sku = format!("DL-{}", variant.simple());
    let store: Value = reqwest::get(format!("{}/_sandbox/woo/{WOO}", s.sandbox)).await.unwrap().json().await.unwrap();
    for (pid, vars) in store["variations"].as_object().into_iter().flatten() {
        for (vid, v) in vars.as_object().into_iter().flatten() {
            if v["sku"] == sku.as_str() {
                return (pid.parse().unwrap(), vid.parse().unwrap());
            }
        }
    }
    for (pid, p) in store["products"].as_object().into_iter().flatten() {
        if p["sku"] == sku.as_str() {
            return (pid.parse().unwrap(), 0);
        }
    }
    panic!("{sku} is not in the WooCommerce store");
}

async fn events(s: &StoreOwner) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM webhook_events").fetch_one(&s.app.pool).await.unwrap()
}

/// Waits until the store's webhooks stored `n` events in all, then runs the jobs.
pub async fn webhooks_in(s: &StoreOwner, n: i64) {
    eventually(&format!("the store's webhooks store {n} events"), Duration::from_secs(60), || async {
        let now = events(s).await;
        if now >= n { Ok(()) } else { Err(now) }
    })
    .await;
    s.app.drain().await;
}

/// A customer buys `quantity` of the pushed product in the WooCommerce store; the order
/// arrives by webhook and the jobs run. Returns the store's order id.
pub async fn woo_order(s: &StoreOwner, (pid, vid): (u64, u64), quantity: i64) -> u64 {
    let before = events(s).await;
    let body = json!({ "line_items": [{ "product_id": pid, "variation_id": vid, "quantity": quantity }] });
    let res = s.app.http.post(format!("{}/_sandbox/woo/{WOO}/orders", s.sandbox)).json(&body).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let o: Value = res.json().await.unwrap();
    webhooks_in(s, before + 1).await;
    o["id"].as_u64().unwrap()
}

/// The orders of a tab, newest first.
pub async fn orders(s: &StoreOwner, tab: &str) -> Vec<Value> {
    // A wide date range: the sandbox's clock may have been moved forward.
    let a = s.app.get(&format!("/api/orders/v5/list?tab={tab}&from_date=2020-01-01&to_date=2100-01-01"), Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["items"].as_array().unwrap().clone()
}

pub async fn detail(s: &StoreOwner, id: i64) -> Value {
    let a = s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

/// Every order the user has, whatever its tab.
pub async fn all_orders(s: &StoreOwner) -> Vec<Value> {
    let mut out = vec![];
    for tab in ["placement", "payment", "shipment", "cancelled"] {
        out.extend(orders(s, tab).await);
    }
    out
}

pub async fn save_card(s: &StoreOwner) {
    let a = s.app.post("/api/orders/v6/payments/info", Some(&s.token), json!({ "type": "credit_card", "payment_method": "pm_card_visa" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
}

pub async fn wallet_total(s: &StoreOwner) -> f64 {
    let a = s.app.get("/api/payments/user/wallets", Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["total_balance"].as_f64().unwrap()
}

pub async fn flow(s: &StoreOwner, body: Value) -> Answer {
    s.app.post("/api/orders/v7/automation/panel", Some(&s.token), body).await
}

/// The supplier's own view of an order (the sandbox's supplier API).
pub async fn at_supplier(s: &StoreOwner, source: &str, order_no: &str) -> Value {
    let url = format!("{}/suppliers/{source}/api/orders/{order_no}", s.sandbox);
    s.app.http.get(url).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap()
}
