//! Orders from the other paths: a store's own product mapped to two suppliers falls back to the
//! second when the first is sold out; a WooCommerce order is paid by card through the payment
//! vendor, once, and a declined card charges nothing.
use dropline_tests::{TestApp, connect_shopify, eventually, signed_up_on_sandbox, supplier_product};
use serde_json::{Value, json};
use std::time::Duration;

use crate::order_support as support;

use support::{placements, rerun, shop_with_product, tab};

/// A product of `source` that ships to the US with a variant of more than 5 in stock: its id and
/// that variant's SKU.
async fn shippable_sku(http: &reqwest::Client, sandbox: &str, source: &str) -> (String, String) {
    let api = format!("{sandbox}/suppliers/{source}/api/products");
    let page: Value = http.get(format!("{api}?page_size=20")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    for item in page["items"].as_array().unwrap() {
        let id = item["id"].as_str().unwrap();
        let p = supplier_product(http, sandbox, source, id).await;
        let ships =
            http.get(format!("{api}/{id}/freight?country=US&quantity=1")).bearer_auth("sandbox-supplier-token").send().await.unwrap().status().is_success();
        if let Some(v) = p["variants"].as_array().unwrap().iter().find(|v| v["stock"].as_i64().unwrap_or(0) > 5)
            && ships
        {
            return (id.to_string(), v["sku_id"].as_str().unwrap().to_string());
        }
    }
    panic!("no {source} product in stock that ships to the US");
}

/// Waits for the store's order webhook (delivered by the sandbox in the background), then runs its job.
async fn wait_for_order(app: &TestApp) {
    eventually("the store's order webhook is stored", Duration::from_secs(60), || async {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM webhook_events WHERE topic LIKE 'order%'").fetch_one(&app.pool).await.unwrap();
        if n > 0 { Ok(()) } else { Err(n) }
    })
    .await;
    app.drain().await;
}

#[tokio::test]
async fn a_sold_out_first_supplier_falls_back_to_the_second() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox, t) = signed_up_on_sandbox(pool, "fallback@example.com").await;
    let store = connect_shopify(&app, &t, "fallback-shop").await;
    let store_id = store.data()["store"]["id"].as_str().unwrap().to_string();
    app.post("/api/center/products/listings/sync", Some(&t), json!({ "store_id": store_id })).await;
    app.drain().await;
    let product = app.get("/api/center/products/listings/unmapped", Some(&t)).await.data()["items"][0].clone();
    let variant = product["variants"][0].clone();
    let (first, first_sku) = shippable_sku(&app.http, &sandbox, "dropline").await;
    let (second, second_sku) = shippable_sku(&app.http, &sandbox, "cj").await;
    let mapping = json!({ "mappings": [{ "variant_id": variant["id"], "suppliers": [
        { "source": "dropline", "source_product_id": first, "sku_id": first_sku },
        { "source": "cj", "source_product_id": second, "sku_id": second_sku },
    ]}]});
    let a = app.post(&format!("/api/products/{}/map-variant", product["id"].as_str().unwrap()), Some(&t), mapping).await;
    assert_eq!(a.code(), 200, "{}", a.body);

    let remote: String = sqlx::query_scalar("SELECT remote_id FROM store_variants WHERE id = $1::uuid")
        .bind(variant["id"].as_str().unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let numeric: u64 = remote.rsplit('/').next().unwrap().parse().unwrap();
    let res = app
        .http
        .post(format!("{sandbox}/_sandbox/shopify/fallback-shop.myshopify.com/orders"))
        .json(&json!({ "line_items": [{ "variant_id": numeric, "quantity": 1 }] }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    wait_for_order(&app).await;
    let list = app.get("/api/orders/v5/list?tab=placement&status=ready", Some(&t)).await;
    let order = list.data()["items"][0].clone();
    assert_eq!(order["line_items"][0]["source"], "dropline", "the first supplier by priority: {}", list.body);

    app.http
        .post(format!("{sandbox}/_sandbox/suppliers/dropline/products/{first}"))
        .json(&json!({ "variants": [{ "sku_id": first_sku, "stock": 0 }] }))
        .send()
        .await
        .unwrap();
    let me = app.get("/api/auth/account", Some(&t)).await;
    let wp = uuid::Uuid::parse_str(me.data()["workplaces"][0]["id"].as_str().unwrap()).unwrap();
    let mut tx = domain::db::begin(&app.pool).await.unwrap();
    use domain::wallet::ledger::{self, Account, Kind};
    ledger::post(&mut tx, wp, Kind::Topup, "topup:fallback", None, "test", &[(Account::VendorClearing, -100_000), (Account::WalletTopup, 100_000)])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let a = app.post("/api/orders/v5/create", Some(&t), json!({ "order_ids": [order["id"]], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;

    let toast = app.get("/api/orders/placements", Some(&t)).await;
    let items = toast.data()["items"].as_array().unwrap();
    let by_source = |s: &str| items.iter().find(|i| i["source"] == s).cloned().unwrap_or(Value::Null);
    assert_eq!(by_source("dropline")["error_key"], "product_sold_out", "{}", toast.body);
    assert_eq!(by_source("cj")["source_status"], "order_placed", "{}", toast.body);
    let placed = app.get("/api/orders/v5/list?tab=payment&status=order_placed", Some(&t)).await;
    assert_eq!(placed.data()["items"][0]["line_items"][0]["source"], "cj");
    let logs = app.get(&format!("/api/orders/v4/order_log/order/{}", order["id"]), Some(&t)).await;
    assert!(logs.data()["items"].as_array().unwrap().iter().any(|l| l["event"] == "supplier_fallback"));
}

/// The sandbox store's product id and variation id of the variation with `sku`.
async fn woo_ids(s: &dropline_tests::StoreOwner, store: &str, sku: &str) -> (u64, u64) {
    let state: Value = reqwest::get(format!("{}/_sandbox/woo/{store}", s.sandbox)).await.unwrap().json().await.unwrap();
    for (pid, vars) in state["variations"].as_object().unwrap() {
        for (vid, v) in vars.as_object().unwrap() {
            if v["sku"] == sku {
                return (pid.parse().unwrap(), vid.parse().unwrap());
            }
        }
    }
    panic!("no variation {sku} in {store}: {state}");
}

#[tokio::test]
async fn a_woocommerce_order_is_paid_by_card_once_and_a_declined_card_charges_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "cardholder@example.com", "card-shop").await;
    sh.s.pushed_everything_to(&sh.s.woo).await;
    let (pid, vid) = woo_ids(&sh.s, "card-shop-woo", &sh.sku).await;
    let body = json!({ "line_items": [{ "product_id": pid, "variation_id": vid, "quantity": 1 }] });
    sh.s.app.http.post(format!("{}/_sandbox/woo/card-shop-woo/orders", sh.s.sandbox)).json(&body).send().await.unwrap();
    wait_for_order(&sh.s.app).await;
    let ready = tab(&sh, "placement", "ready").await;
    let ev: Vec<(String, Option<String>)> = sqlx::query_as("SELECT topic, outcome FROM webhook_events").fetch_all(&sh.s.app.pool).await.unwrap();
    assert_eq!(ready.len(), 1, "{ev:?}");
    assert_eq!(ready[0]["platform"], "woocommerce");
    assert_eq!(ready[0]["line_items"][0]["sku_id"], sh.sku_id.as_str());

    // A declined card: the order waits for payment and nothing is booked.
    let a = sh.s.app.post("/api/orders/v6/payments/info", Some(&sh.s.token), json!({ "type": "credit_card", "payment_method": "pm_card_declined" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [ready[0]["id"]], "pay": "card" })).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    let waiting = tab(&sh, "payment", "waiting_payment").await;
    assert_eq!(waiting.len(), 1);
    assert!(waiting[0]["source_orders"][0]["error"].as_str().unwrap().contains("CardDeclined"), "{:?}", waiting[0]["source_orders"]);
    let booked: i64 = sqlx::query_scalar("SELECT count(*) FROM wallet_transactions").fetch_one(&sh.s.app.pool).await.unwrap();
    assert_eq!(booked, 0);

    // A good card: paid once, even when the job runs again.
    sh.s.app.post("/api/orders/v6/payments/info", Some(&sh.s.token), json!({ "type": "credit_card", "payment_method": "pm_card_visa" })).await;
    let pay = sh.s.app.post("/api/orders/v5/payment", Some(&sh.s.token), json!({ "source_order_ids": [so], "method": "card" })).await;
    assert_eq!(pay.code(), 200, "{}", pay.body);
    sh.s.app.drain().await;
    rerun(&sh, so).await;
    assert_eq!(tab(&sh, "payment", "order_placed").await.len(), 1);
    assert_eq!(placements(&sh).await.iter().find(|p| p["id"] == so).unwrap()["status"], "success");
    let vendor: Value = reqwest::get(format!("{}/_sandbox/payments", sh.s.sandbox)).await.unwrap().json().await.unwrap();
    let succeeded = vendor["payment_intents"].as_array().unwrap().iter().filter(|p| p["status"] == "succeeded").count();
    assert_eq!(succeeded, 1, "one card charge at the vendor");
    let wallet = sh.s.app.get("/api/payments/user/wallets", Some(&sh.s.token)).await;
    assert_eq!(wallet.data()["total_balance"].as_f64(), Some(0.0), "a card payment leaves the wallet alone");
}
