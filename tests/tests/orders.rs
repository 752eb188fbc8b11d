//! Orders end to end: a sandbox customer buys a pushed product on the Shopify sandbox store, the
//! order appears once in New orders, the merchant places and pays it from the wallet, and the
//! supplier has exactly one paid order, whatever is retried, re-delivered or clicked twice.
use dropline_tests::eventually;
use serde_json::{Value, json};
use std::time::Duration;

use crate::order_support as support;

use support::{balance, customer_buys, fund, placements, rerun, shop_with_product, supplier_stock, tab};

#[tokio::test]
async fn a_store_order_is_placed_and_paid_from_the_wallet() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "buyer@example.com", "orders-shop").await;
    customer_buys(&sh, 2, None).await;
    let ready = tab(&sh, "placement", "ready").await;
    assert_eq!(ready.len(), 1, "the order is in New orders");
    let order = &ready[0];
    let line = &order["line_items"][0];
    assert_eq!(line["source"], "dropline");
    assert_eq!(line["sku_id"], sh.sku_id.as_str());
    assert_eq!(line["quantity"], 2);
    assert_eq!(line["can_place"], true);
    let counts = sh.s.app.get("/api/orders/v5/count-order-status", Some(&sh.s.token)).await;
    assert_eq!(counts.data()["placement"]["ready"], 1, "{}", counts.body);

    fund(&sh, 100_000).await;
    let stock = supplier_stock(&sh).await;
    let id = order["id"].as_i64().unwrap();
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["items"][0]["status"], "processing");
    // A double click: the order is already being placed, nothing new starts.
    let again = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(again.data()["items"].as_array().unwrap().len(), 0, "{}", again.body);
    sh.s.app.drain().await;

    let toast = placements(&sh).await;
    assert_eq!(toast.len(), 1);
    assert_eq!(toast[0]["status"], "success", "{toast:?}");
    assert_eq!(toast[0]["source_status"], "order_placed");
    let placed = tab(&sh, "payment", "order_placed").await;
    assert_eq!(placed.len(), 1, "the order moved to the payment tab as order_placed");
    let total = placed[0]["source_orders"][0]["total"].as_f64().unwrap();
    assert!(total > 0.0);
    assert!((balance(&sh).await - (1000.0 - total)).abs() < 0.001, "the wallet paid exactly the supplier's total once");
    assert_eq!(supplier_stock(&sh).await, stock - 2, "one supplier order of two units");
    assert!(tab(&sh, "placement", "ready").await.is_empty());
    let logs = sh.s.app.get(&format!("/api/orders/v4/order_log/order/{id}"), Some(&sh.s.token)).await;
    let events: Vec<&str> = logs.data()["items"].as_array().unwrap().iter().map(|l| l["event"].as_str().unwrap()).collect();
    assert_eq!(events, ["order_received", "placement_started", "supplier_order_created", "paid"]);

    // The wallet's line names the store order and the supplier's own order number.
    let wallet = sh.s.app.get("/api/orders/v6/payments/transaction-logs", Some(&sh.s.token)).await;
    let line = wallet.data()["items"].as_array().unwrap().iter().find(|l| l["kind"] == "order_payment").cloned().unwrap();
    assert_eq!(line["store_order"], placed[0]["name"], "{line}");
    assert_eq!(line["supplier"], "dropline");
    assert_eq!(line["supplier_order_no"], placed[0]["source_orders"][0]["order_no"], "{line}");
    assert!(line["supplier_order_no"].is_string(), "{line}");
}

#[tokio::test]
async fn a_lost_supplier_answer_and_a_rerun_job_make_one_supplier_order_and_one_charge() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "crash@example.com", "crash-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;
    let stock = supplier_stock(&sh).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();

    // The worker asked the supplier and died before recording the answer: the supplier has the
    // order, Dropline's row is still `placing`.
    let row = domain::orders::placing::load(&sh.s.app.pool, so).await.unwrap().unwrap();
    let suppliers = domain::connectors::suppliers::Suppliers::new(&sh.s.app.settings.suppliers);
    let items = vec![domain::connectors::suppliers::orders::OrderItem { product_id: sh.source_product_id.clone(), sku_id: sh.sku_id.clone(), quantity: 1 }];
    let ship_to = json!({"name": "Jane Doe", "address1": "1 Sandbox Way", "city": "Springfield", "zip": "62701", "country": "US"});
    let lost = suppliers
        .place_order(
            domain::values::Source::Dropline,
            &row.idempotency_key,
            &domain::connectors::suppliers::orders::NewOrder { items, ship_to, shipping_method: None },
        )
        .await
        .unwrap();
    assert_eq!(supplier_stock(&sh).await, stock - 1);

    // The job runs again (and, as a duplicate delivery, once more).
    sh.s.app.drain().await;
    rerun(&sh, so).await;
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["order_no"], lost.id.as_str(), "the job found the order the lost answer was about");
    assert_eq!(toast[0]["source_status"], "order_placed");
    assert_eq!(supplier_stock(&sh).await, stock - 1, "still one supplier order");
    let total = toast[0]["total"].as_f64().unwrap();
    assert!((balance(&sh).await - (1000.0 - total)).abs() < 0.001, "charged once");
    let charges: i64 =
        sqlx::query_scalar("SELECT count(*) FROM wallet_transactions WHERE source_order_id = $1").bind(so).fetch_one(&sh.s.app.pool).await.unwrap();
    assert_eq!(charges, 1);
}

#[tokio::test]
async fn a_paid_supplier_order_whose_commit_was_lost_is_not_charged_twice() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "paycrash@example.com", "paycrash-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    assert_eq!(tab(&sh, "payment", "waiting_payment").await.len(), 1, "placed without payment: waiting_payment");

    // A payment run charged the wallet and paid the supplier, then died before its commit.
    let row = domain::orders::placing::load(&sh.s.app.pool, so).await.unwrap().unwrap();
    sqlx::query("UPDATE source_orders SET status = 'paying', pay_with = 'wallet' WHERE id = $1").bind(so).execute(&sh.s.app.pool).await.unwrap();
    domain::wallet::charge::debit_for_order(&sh.s.app.pool, sh.workplace, so, row.total_cents).await.unwrap();
    let suppliers = domain::connectors::suppliers::Suppliers::new(&sh.s.app.settings.suppliers);
    suppliers.pay_order(domain::values::Source::Dropline, row.order_no.as_deref().unwrap()).await.unwrap();

    rerun(&sh, so).await;
    assert_eq!(tab(&sh, "payment", "order_placed").await.len(), 1);
    assert!((balance(&sh).await - (1000.0 - row.total_cents as f64 / 100.0)).abs() < 0.001, "one charge");
}

#[tokio::test]
async fn a_redelivered_webhook_stores_the_order_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "twice@example.com", "twice-shop").await;
    let res =
        sh.s.app
            .http
            .post(format!("{}/_sandbox/faults", sh.s.sandbox))
            .json(&json!({ "platform": "shopify", "duplicate_webhooks": true }))
            .send()
            .await
            .unwrap();
    assert!(res.status().is_success());
    customer_buys(&sh, 1, None).await;
    // Both copies of the delivery reached the API (each records an attempt on the one delivery),
    // then their jobs run.
    let shop = format!("{}/_sandbox/shopify/{}", sh.s.sandbox, sh.shop);
    eventually("both copies of orders/create are answered", Duration::from_secs(60), || async {
        let state: Value = sh.s.app.http.get(&shop).send().await.unwrap().json().await.unwrap();
        let delivery = state["deliveries"].as_array().unwrap().iter().find(|d| d["topic"] == "orders/create").cloned().unwrap_or(Value::Null);
        if delivery["attempts"].as_u64().unwrap_or(0) >= 2 { Ok(()) } else { Err(delivery) }
    })
    .await;
    sh.s.app.drain().await;
    assert_eq!(tab(&sh, "placement", "ready").await.len(), 1);
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM orders").fetch_one(&sh.s.app.pool).await.unwrap();
    assert_eq!(n, 1);
}

#[tokio::test]
async fn placement_errors_carry_the_spec_keys_and_stop_fails_what_is_processing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "errors@example.com", "errors-shop").await;
    // Sold out at the supplier.
    customer_buys(&sh, 1, None).await;
    let url = format!("{}/_sandbox/suppliers/{}/products/{}", sh.s.sandbox, sh.source, sh.source_product_id);
    sh.s.app.http.post(url).json(&json!({ "variants": [{ "sku_id": sh.sku_id, "stock": 0 }] })).send().await.unwrap();
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    sh.s.app.drain().await;
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["status"], "error");
    assert_eq!(toast[0]["error_key"], "product_sold_out");
    assert_eq!(tab(&sh, "placement", "ready").await.len(), 1, "a failed placement leaves the order in New orders");

    // The user stops while a placement is processing.
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    assert_eq!(a.data()["items"][0]["status"], "processing");
    let stop = sh.s.app.post("/api/orders/placements/stop", Some(&sh.s.token), json!({ "source": sh.source })).await;
    assert_eq!(stop.data()["changed"], 1, "{}", stop.body);
    sh.s.app.drain().await;
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["status"], "error");
    assert_eq!(toast[0]["error_key"], "cancel_order");
    assert_eq!(toast[0]["message"], "OrderFailedDueToUserSkipStopProgress");

    // An address the supplier cannot ship to is refused before any supplier call.
    let bad = json!({ "name": "No Street", "address1": "", "city": "", "zip": "", "country_code": "US" });
    customer_buys(&sh, 1, Some(bad)).await;
    let newest = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [newest] })).await;
    sh.s.app.drain().await;
    assert_eq!(placements(&sh).await[0]["error_key"], "error_save_all_address");
    let clear = sh.s.app.post("/api/orders/placements/clear", Some(&sh.s.token), json!({})).await;
    assert_eq!(clear.code(), 200);
    assert!(placements(&sh).await.is_empty(), "clear empties the toast");
}

#[tokio::test]
async fn paying_more_than_the_wallet_holds_charges_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "poor@example.com", "poor-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    fund(&sh, 1).await;
    let pay = sh.s.app.post("/api/orders/v5/payment", Some(&sh.s.token), json!({ "source_order_ids": [so], "method": "wallet" })).await;
    assert_eq!(pay.code(), 204, "{}", pay.body);
    assert_eq!(pay.body["message"], "InsufficientBalance");
    assert!((balance(&sh).await - 0.01).abs() < 0.0001);
    assert_eq!(tab(&sh, "payment", "waiting_payment").await.len(), 1);
}

#[tokio::test]
async fn another_workplace_cannot_see_place_or_pay_the_order() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "owner@example.com", "owned-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let other = sh.s.app.signed_up("stranger@example.com").await;
    let list = sh.s.app.get("/api/orders/v5/list?tab=placement", Some(&other)).await;
    assert_eq!(list.data()["total"], 0);
    assert_eq!(sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&other)).await.code(), 202);
    let a = sh.s.app.post("/api/orders/v5/create", Some(&other), json!({ "order_ids": [id] })).await;
    assert_eq!(a.data()["items"].as_array().unwrap().len(), 0, "{}", a.body);
    let mark = sh.s.app.call("PUT", "/api/orders/v5/mark-order", Some(&other), None, Some(json!({ "orders": [id], "marked": true }))).await;
    assert_eq!(mark.data()["updated"], 0);
    assert_eq!(tab(&sh, "placement", "ready").await[0]["marked"], false);
    let bulk = sh.s.app.post("/api/orders/place-orders", Some(&sh.s.token), json!({ "all_ready": true })).await;
    assert_eq!(bulk.code(), 401, "the free plan has no bulk placement: {}", bulk.body);
    assert_eq!(bulk.body["message"], "BulkOrderPlacementIsDisabled");
}

#[tokio::test]
async fn a_sku_the_supplier_dropped_needs_a_new_supplier_and_is_left_out_until_then() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "dropped@example.com", "dropped-shop").await;
    customer_buys(&sh, 1, None).await;
    let url = format!("{}/_sandbox/suppliers/{}/products/{}", sh.s.sandbox, sh.source, sh.source_product_id);
    sh.s.app.http.post(url).json(&json!({ "variants": [{ "sku_id": sh.sku_id, "remove": true }] })).send().await.unwrap();
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    sh.s.app.drain().await;
    assert_eq!(placements(&sh).await[0]["error_key"], "error_not_found_sku");
    let order = &tab(&sh, "placement", "ready").await[0];
    assert_eq!(order["line_items"][0]["need_change_supplier"], true);
    assert_eq!(order["line_items"][0]["can_place"], false);
    let again = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    assert!(again.data()["items"].as_array().unwrap().is_empty(), "excluded from placement: {}", again.body);
}

#[tokio::test]
async fn a_placed_order_is_processing_in_the_toast_from_the_payment_request_until_it_is_paid() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "between@example.com", "between-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": null })).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    assert_eq!((placements(&sh).await[0]["status"].as_str(), placements(&sh).await[0]["source_status"].as_str()), (Some("success"), Some("waiting_payment")));
    // Payment asked for, not yet run: the toast must not call it done.
    let pay = sh.s.app.post("/api/orders/v5/payment", Some(&sh.s.token), json!({ "source_order_ids": [so], "method": "wallet" })).await;
    assert_eq!(pay.data()["items"][0]["status"], "processing", "{}", pay.body);
    assert_eq!(placements(&sh).await[0]["status"], "processing");
    sh.s.app.drain().await;
    let after = placements(&sh).await;
    assert_eq!((after[0]["status"].as_str(), after[0]["source_status"].as_str()), (Some("success"), Some("order_placed")));
}

#[tokio::test]
async fn an_order_whose_payment_fails_for_now_waits_for_payment_until_the_retry_pays_it_once() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "payretry@example.com", "payretry-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;
    // The supplier takes orders (`POST /api/orders`) but fails every call below that path: its payments.
    let faults = format!("{}/_sandbox/faults", sh.s.sandbox);
    let rule = json!({"platform": "dropline", "route_prefix": "/api/orders/", "error_rate": 1.0});
    sh.s.app.http.post(&faults).json(&rule).send().await.unwrap();
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    assert!(tab(&sh, "placement", "ready").await.is_empty(), "the supplier has the order: it is no longer to be placed");
    assert_eq!(tab(&sh, "payment", "waiting_payment").await.len(), 1, "its payment waits for the retry");

    sh.s.app.http.delete(&faults).send().await.unwrap();
    rerun(&sh, so).await;
    assert_eq!(tab(&sh, "payment", "order_placed").await.len(), 1);
    let charges: i64 =
        sqlx::query_scalar("SELECT count(*) FROM wallet_transactions WHERE source_order_id = $1").bind(so).fetch_one(&sh.s.app.pool).await.unwrap();
    assert_eq!(charges, 1, "charged once, by the first attempt");
}
