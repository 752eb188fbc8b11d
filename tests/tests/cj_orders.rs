//! CJ orders go to CJ's API 2.0, not to a supplier gateway: a store owner places a CJ product's
//! order, pays it from the wallet (Dropline then pays CJ from its balance with `payBalance`), and
//! the parcel CJ ships comes back through `getOrderDetail`; a stopped order is withdrawn with
//! `deleteOrder`. CJ itself is asked what it holds, so nothing here can pass on a gateway.
use serde_json::{Value, json};

use crate::order_support as support;

use support::{Shop, balance, customer_buys, fund, placements, rerun, shop_with_source, supplier_stock, tab};

/// What CJ says about one of its orders, asked the way CJ's API is asked.
async fn at_cj(sh: &Shop, order_no: &str) -> Value {
    let url = format!("{}/cj/api2.0/v1/shopping/order/getOrderDetail?orderId={order_no}", sh.s.sandbox);
    sh.s.app.http.get(url).header("CJ-Access-Token", "sandbox-cj-access-token").send().await.unwrap().json().await.unwrap()
}

async fn advance_days(sh: &Shop, days: i64) {
    let res = sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&json!({ "seconds": days * 86_400 })).send().await.unwrap();
    assert!(res.status().is_success());
}

#[tokio::test]
async fn a_cj_order_is_placed_paid_and_tracked_through_cjs_own_api() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "cj-buyer@example.com", "cj-orders-shop", "cj").await;
    customer_buys(&sh, 2, None).await;
    let ready = tab(&sh, "placement", "ready").await;
    let id = ready[0]["id"].as_i64().unwrap();
    assert_eq!(ready[0]["line_items"][0]["source"], "cj");
    fund(&sh, 100_000).await;
    let stock = supplier_stock(&sh).await;

    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    let toast = placements(&sh).await;
    assert_eq!((toast[0]["status"].as_str(), toast[0]["source_status"].as_str()), (Some("success"), Some("order_placed")), "{toast:?}");

    let placed = &tab(&sh, "payment", "order_placed").await[0]["source_orders"][0];
    let order_no = placed["order_no"].as_str().unwrap().to_string();
    let total = placed["total"].as_f64().unwrap();
    let cj = at_cj(&sh, &order_no).await;
    assert_eq!(cj["code"], 200, "CJ holds the order: {cj}");
    assert_eq!(cj["data"]["orderStatus"], "UNSHIPPED", "paid from Dropline's CJ balance: {cj}");
    assert_eq!(cj["data"]["orderAmount"].as_f64(), Some(total), "the owner paid what CJ charged");
    assert!((balance(&sh).await - (1000.0 - total)).abs() < 0.001, "the wallet paid CJ's total once");
    let gateway = sh.s.app.http.get(format!("{}/suppliers/cj/api/orders/{order_no}", sh.s.sandbox)).bearer_auth("sandbox-supplier-token").send().await.unwrap();
    assert_eq!(gateway.status(), 404, "no supplier gateway was involved");

    // A re-delivered placement job sends the same orderNumber: still one CJ order of two units.
    rerun(&sh, so).await;
    assert_eq!(supplier_stock(&sh).await, stock - 2);
    assert!((balance(&sh).await - (1000.0 - total)).abs() < 0.001, "and one charge");

    advance_days(&sh, 4).await;
    sh.s.app.post("/api/orders/v5/sync-status", Some(&sh.s.token), json!({})).await;
    sh.s.app.drain().await;
    let order = sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&sh.s.token)).await.data().clone();
    let number = order["shipments"][0]["tracking_number"].as_str().unwrap_or_default();
    assert!(number.starts_with("CJPKL"), "CJ's parcel number reached the order: {order}");
    assert_eq!(at_cj(&sh, &order_no).await["data"]["trackNumber"], number);
}

#[tokio::test]
async fn an_unpaid_cj_order_is_withdrawn_at_cj_and_a_paid_ones_refund_is_sent_to_cjs_disputes() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "cj-stop@example.com", "cj-stop-shop", "cj").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let stock = supplier_stock(&sh).await;
    // Placed without paying: it waits in the payment tab, unpaid at CJ.
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": null })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    let so = tab(&sh, "payment", "waiting_payment").await[0]["source_orders"][0].clone();
    let order_no = so["order_no"].as_str().unwrap().to_string();
    assert_eq!(at_cj(&sh, &order_no).await["data"]["orderStatus"], "UNPAID");
    assert_eq!(supplier_stock(&sh).await, stock - 1);

    let a = sh.s.app.post("/api/orders/v5/payments/cancel", Some(&sh.s.token), json!({ "source_order_ids": [so["id"]] })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["items"][0]["status"], "cancelled", "{}", a.body);
    assert_eq!(at_cj(&sh, &order_no).await["data"]["orderStatus"], "CANCELLED", "withdrawn at CJ with deleteOrder");
    assert_eq!(supplier_stock(&sh).await, stock, "CJ released the unit");

    // Placed again and paid: CJ's API has no refund call, so the owner is told where to ask.
    fund(&sh, 100_000).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    let listed = tab(&sh, "payment", "order_placed").await[0]["source_orders"].clone();
    let paid = listed.as_array().unwrap().iter().find(|s| s["status"] == "order_placed").unwrap().clone();
    let a = sh.s.app.post("/api/orders/v4/refund/request", Some(&sh.s.token), json!({ "source_order_id": paid["id"], "reason": "damaged" })).await;
    assert_eq!(a.body["success"], false, "{}", a.body);
    assert!(a.body["errors"]["source_order_id"][0].as_str().unwrap_or_default().contains("disputes"), "the owner learns to open a CJ dispute: {}", a.body);
}
