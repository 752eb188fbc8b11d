//! Cancellations and refunds through the API: a paid supplier order cancelled with a reason is
//! cancelled at the supplier and its payment goes back to the wallet once; a shipped one is
//! refused while the others proceed; unpaid supplier orders are cancelled; a refund request is
//! completed by the refund sync and credited once; a WooCommerce order cancelled in the store
//! moves to the cancelled tab.
use dropline_tests::{StoreOwner, store_owner};
use serde_json::{Value, json};

use crate::automation_support as support;

use support::{WOO, at_supplier, detail, orders, pushed_to_woo, save_card, wallet_total, woo_order};

/// Places the ready order `id` (paid by card when `pay`) and runs the jobs; returns its one
/// supplier order as the detail shows it.
async fn place(s: &StoreOwner, id: i64, pay: bool) -> Value {
    let a = s.app.post("/api/orders/v5/create", Some(&s.token), json!({ "order_ids": [id], "pay": if pay { json!("card") } else { Value::Null } })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
    let so = detail(s, id).await["source_orders"][0].clone();
    assert_eq!(so["status"], if pay { "order_placed" } else { "waiting_payment" }, "{so}");
    so
}

async fn cancel(s: &StoreOwner, ids: &[i64], reason: &str) -> dropline_tests::Answer {
    s.app.call("PUT", "/api/orders/order-cancel", Some(&s.token), None, Some(json!({ "order_ids": ids, "reason": reason }))).await
}

/// A new ready order of one item; returns its id.
async fn ready_order(s: &StoreOwner, product: (u64, u64)) -> i64 {
    woo_order(s, product, 1).await;
    orders(s, "placement").await[0]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_paid_order_is_cancelled_at_the_supplier_and_refunded_to_the_wallet_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "cancel@example.com", "cancel-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    save_card(&s).await;
    let id = ready_order(&s, product).await;
    let so = place(&s, id, true).await;
    let total = so["total"].as_f64().unwrap();
    assert!(total > 0.0);
    assert_eq!(wallet_total(&s).await, 0.0, "paid by card");

    let a = cancel(&s, &[id], "changed_my_mind").await;
    assert_eq!(a.http.as_u16(), 422, "{}", a.body);
    assert!(a.body.to_string().contains("reason"), "{}", a.body);

    let a = cancel(&s, &[id], "item_unavailable").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["items"], json!([{ "id": id, "status": "cancelled", "error": null }]));
    let d = detail(&s, id).await;
    assert_eq!(d["source_orders"][0]["status"], "cancelled", "{d}");
    assert_eq!(d["source_orders"][0]["cancel_reason"], "item_unavailable");
    assert_eq!(d["cancel_reason"], "item_unavailable");
    assert_eq!(d["status"], "cancelled_source", "the order moves to the cancelled tab");
    let counts = s.app.get("/api/orders/v5/count-order-status", Some(&s.token)).await;
    assert_eq!(counts.data()["cancelled"]["source"], 1, "{}", counts.body);
    assert_eq!(at_supplier(&s, "dropline", so["order_no"].as_str().unwrap()).await["status"], "cancelled");
    assert_eq!(wallet_total(&s).await, total, "the card payment comes back to the wallet");

    // Cancelling again gives nothing back twice.
    let a = cancel(&s, &[id], "item_unavailable").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(wallet_total(&s).await, total);
    let logs = s.app.get("/api/orders/v6/payments/transaction-logs", Some(&s.token)).await;
    let back: Vec<&Value> = logs.data()["items"].as_array().unwrap().iter().filter(|t| t["kind"] == "reversal" || t["kind"] == "refund").collect();
    assert_eq!(back.len(), 1, "{}", logs.body);
}

#[tokio::test]
async fn a_shipped_supplier_order_is_refused_while_the_others_are_cancelled() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "shipped@example.com", "shipped-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    save_card(&s).await;
    let shipped = ready_order(&s, product).await;
    place(&s, shipped, true).await;
    // Four days later the supplier has shipped it (1 to 3 days after payment).
    s.app.http.post(format!("{}/_sandbox/clock/advance", s.sandbox)).json(&json!({ "seconds": 4 * 86_400 })).send().await.unwrap();
    let fresh = ready_order(&s, product).await;
    let so = place(&s, fresh, true).await;

    let a = cancel(&s, &[shipped, fresh], "customer_changed_or_cancelled_order").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let items = a.data()["items"].as_array().unwrap();
    assert_eq!((items[0]["id"].as_i64(), items[0]["status"].as_str()), (Some(shipped), Some("error")), "{items:?}");
    assert!(items[0]["error"].as_str().unwrap().contains("shipped"), "{items:?}");
    assert_eq!((items[1]["id"].as_i64(), items[1]["status"].as_str()), (Some(fresh), Some("cancelled")));
    assert_eq!(detail(&s, shipped).await["source_orders"][0]["status"], "order_placed");
    assert_eq!(wallet_total(&s).await, so["total"].as_f64().unwrap(), "only the cancelled one is refunded");
}

#[tokio::test]
async fn unpaid_supplier_orders_are_cancelled_and_the_order_can_be_placed_again() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "unpaid@example.com", "unpaid-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    let id = ready_order(&s, product).await;
    let so = place(&s, id, false).await;
    let so_id = so["id"].as_i64().unwrap();
    let a = s.app.post("/api/orders/v5/payments/cancel", Some(&s.token), json!({ "source_order_ids": [so_id, 999_999] })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["items"][0], json!({ "id": so_id, "status": "cancelled", "error": null }));
    assert_eq!(a.data()["items"][1]["status"], "error");
    assert_eq!(at_supplier(&s, "dropline", so["order_no"].as_str().unwrap()).await["status"], "cancelled");
    let ready = orders(&s, "placement").await;
    assert_eq!(ready.len(), 1, "back to ready: {ready:?}");
    assert_eq!(wallet_total(&s).await, 0.0, "nothing was paid, nothing comes back");
}

#[tokio::test]
async fn a_refund_request_is_completed_by_the_sync_and_credited_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "refund@example.com", "refund-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    save_card(&s).await;
    let unpaid = ready_order(&s, product).await;
    let unpaid_so = place(&s, unpaid, false).await;
    let a = s.app.post("/api/orders/v4/refund/request", Some(&s.token), json!({ "source_order_id": unpaid_so["id"] })).await;
    assert_eq!(a.http.as_u16(), 422, "only a paid supplier order: {}", a.body);

    let id = ready_order(&s, product).await;
    let so = place(&s, id, true).await;
    let a = s.app.post("/api/orders/v4/refund/request", Some(&s.token), json!({ "source_order_id": so["id"], "reason": "arrived broken" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["refund_info"]["status"], "pending", "{}", a.body);
    let again = s.app.post("/api/orders/v4/refund/request", Some(&s.token), json!({ "source_order_id": so["id"] })).await;
    assert_eq!(again.http.as_u16(), 422, "asked once: {}", again.body);
    let tab = s.app.get("/api/orders/v5/list?tab=refund&status=pending", Some(&s.token)).await;
    assert_eq!(tab.data()["total"], 1, "{}", tab.body);

    for _ in 0..2 {
        let a = s.app.post("/api/orders/sync-status/dropline", Some(&s.token), json!({ "source_orders": [so["id"]] })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
    }
    let d = detail(&s, id).await;
    assert_eq!(d["source_orders"][0]["refund_info"]["status"], "completed", "{d}");
    assert_eq!(d["refund_status"], "completed");
    assert_eq!(wallet_total(&s).await, so["total"].as_f64().unwrap(), "credited once");
    let bad = s.app.post("/api/orders/sync-status/nowhere", Some(&s.token), json!({ "source_orders": [] })).await;
    assert_eq!(bad.http.as_u16(), 422);
}

#[tokio::test]
async fn a_woocommerce_order_cancelled_in_the_store_moves_to_the_cancelled_tab() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "wooc@example.com", "wooc-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    let woo_id = woo_order(&s, product, 1).await;
    let keys: Value = s.app.http.post(format!("{}/_sandbox/woo/{WOO}/keys", s.sandbox)).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM webhook_events").fetch_one(&s.app.pool).await.unwrap();
    let url = format!("{}/woo/{WOO}/wp-json/wc/v3/orders/{woo_id}", s.sandbox);
    let res = s
        .app
        .http
        .put(url)
        .header("x-forwarded-proto", "https")
        .basic_auth(keys["consumer_key"].as_str().unwrap(), keys["consumer_secret"].as_str())
        .json(&json!({ "status": "cancelled" }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    support::webhooks_in(&s, before + 1).await;
    let cancelled = orders(&s, "cancelled").await;
    assert_eq!(cancelled.len(), 1, "{cancelled:?}");
    assert_eq!(cancelled[0]["status"], "cancelled_channel");
    assert!(orders(&s, "placement").await.is_empty());
}
