#![allow(dead_code)]
//! Helpers for the order tests: a merchant whose pushed product a sandbox customer buys on the
//! Shopify sandbox store, the webhook's arrival, money in the wallet, and the order center.
use domain::orders::jobs::PlaceOrder;
use dropline_tests::{StoreOwner, eventually, in_stock_ids, store_owner};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;
use uuid::Uuid;

pub struct Shop {
    pub s: StoreOwner,
    pub shop: String,
    pub workplace: Uuid,
    /// The pushed product's supplier id and its first variant's store SKU (`DL-...`) and SKU id.
    pub source_product_id: String,
    pub sku: String,
    pub sku_id: String,
    pub source: &'static str,
}

/// A merchant with one product of Dropline's own catalogue imported and pushed to the Shopify
/// sandbox shop: a source the wallet pays (AliExpress orders are paid in the owner's own
/// AliExpress account, `aliexpress_orders.rs`).
pub async fn shop_with_product(pool: PgPool, email: &str, shop: &str) -> Shop {
    shop_with_source(pool, email, shop, "dropline").await
}

/// A merchant with one product of `source` imported and pushed to the Shopify sandbox shop.
pub async fn shop_with_source(pool: PgPool, email: &str, shop: &str, source: &'static str) -> Shop {
    let s = store_owner(pool, email, shop, &format!("{shop}-woo")).await;
    // With options, so a WooCommerce push makes variations the tests can buy by SKU.
    let id = in_stock_ids(&s.sandbox, source, 1, 2).await.remove(0);
    let a = s.app.post(&format!("/api/center/products/import/{source}"), Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    let channels = json!({ s.shopify.clone(): { "is_publish": true } });
    let a = s
        .app
        .post(
            "/api/center/products/push-to-multiple-channels",
            Some(&s.token),
            json!({ "settings": { "channels": channels }, "product_package_ids": [product] }),
        )
        .await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
    let (variant, sku_id): (Uuid, String) =
        sqlx::query_as("SELECT id, sku_id FROM product_variants WHERE product_id = $1::uuid AND enabled ORDER BY position LIMIT 1")
            .bind(&product)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    let me = s.app.get("/api/auth/account", Some(&s.token)).await;
    let workplace = Uuid::parse_str(me.data()["workplaces"][0]["id"].as_str().unwrap()).unwrap();
    Shop { shop: format!("{shop}.myshopify.com"), workplace, source_product_id: id, sku: format!("DL-{}", variant.simple()), sku_id, source, s }
}

async fn events(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM webhook_events WHERE topic LIKE 'orders/%'").fetch_one(pool).await.unwrap()
}

/// A sandbox customer buys `quantity` of the pushed variant; waits for the webhook and runs its job.
pub async fn customer_buys(sh: &Shop, quantity: u32, address: Option<Value>) -> Value {
    let before = events(&sh.s.app.pool).await;
    let mut body = json!({ "line_items": [{ "sku": sh.sku, "quantity": quantity }] });
    if let Some(a) = address {
        body["shipping_address"] = a;
    }
    let res = sh.s.app.http.post(format!("{}/_sandbox/shopify/{}/orders", sh.s.sandbox, sh.shop)).json(&body).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let order: Value = res.json().await.unwrap();
    eventually("the store's orders/create webhook arrives", Duration::from_secs(60), || async {
        let now = events(&sh.s.app.pool).await;
        if now > before { Ok(()) } else { Err(now) }
    })
    .await;
    sh.s.app.drain().await;
    order
}

/// Puts money in the wallet as a completed top-up would.
pub async fn fund(sh: &Shop, cents: i64) {
    use domain::wallet::ledger::{self, Account, Kind};
    let mut tx = domain::db::begin(&sh.s.app.pool).await.unwrap();
    let entries = [(Account::VendorClearing, -cents), (Account::WalletTopup, cents)];
    ledger::post(&mut tx, sh.workplace, Kind::Topup, &format!("topup:test-{}", Uuid::new_v4()), None, "test", &entries).await.unwrap();
    tx.commit().await.unwrap();
}

pub async fn balance(sh: &Shop) -> f64 {
    let w = sh.s.app.get("/api/payments/user/wallets", Some(&sh.s.token)).await;
    w.data()["total_balance"].as_f64().unwrap()
}

/// The orders of one tab and sub-status.
pub async fn tab(sh: &Shop, tab: &str, status: &str) -> Vec<Value> {
    let a = sh.s.app.get(&format!("/api/orders/v5/list?tab={tab}&status={status}"), Some(&sh.s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["items"].as_array().unwrap().clone()
}

pub async fn placements(sh: &Shop) -> Vec<Value> {
    let a = sh.s.app.get("/api/orders/placements", Some(&sh.s.token)).await;
    a.data()["items"].as_array().unwrap().clone()
}

/// Units of the SKU the supplier can still sell (its product page).
pub async fn supplier_stock(sh: &Shop) -> i64 {
    let url = format!("{}/suppliers/{}/api/products/{}", sh.s.sandbox, sh.source, sh.source_product_id);
    let p: Value = sh.s.app.http.get(url).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    p["variants"].as_array().unwrap().iter().find(|v| v["sku_id"] == sh.sku_id.as_str()).unwrap()["stock"].as_i64().unwrap()
}

/// Delivers the supplier order's job once more (a duplicate delivery or a retry) and runs it.
pub async fn rerun(sh: &Shop, source_order_id: i64) {
    let mut tx = domain::db::begin(&sh.s.app.pool).await.unwrap();
    let payload = PlaceOrder { source_order_id };
    domain::queue::enqueue(&mut tx, Some(sh.workplace), &payload, json!({})).await.unwrap();
    tx.commit().await.unwrap();
    sh.s.app.drain().await;
}
