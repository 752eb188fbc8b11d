//! eBay orders go to eBay's Buy Order API v2 (guest checkout), never to the suppliers' JSON order
//! protocol: placing one opens a checkout session for the variant's own eBay item id (read
//! through Browse), the order waits for the owner to pay it at eBay (v2 has no call that pays),
//! the purchase order eBay's checkout hands back is checked at eBay, and eBay's refusals reach the
//! owner with eBay's id and the next step. The sandbox's eBay is asked what it was sent.
use serde_json::{Value, json};

use crate::order_support as support;

use support::{Shop, balance, customer_buys, fund, placements, shop_with_source, tab};

/// Every checkout session the sandbox's eBay opened, with the request it was opened with.
async fn at_ebay(sh: &Shop) -> Vec<Value> {
    let v: Value = sh.s.app.http.get(format!("{}/_sandbox/ebay", sh.s.sandbox)).send().await.unwrap().json().await.unwrap();
    v["sessions"].as_array().unwrap().clone()
}

async fn place(sh: &Shop, id: i64) -> i64 {
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    a.data()["items"][0]["id"].as_i64().unwrap()
}

async fn sync(sh: &Shop) -> Value {
    let a = sh.s.app.post("/api/orders/v5/sync-status", Some(&sh.s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    a.body
}

async fn complete(sh: &Shop, so: i64, po: &str) -> dropline_tests::Answer {
    let body = json!({ "source_order_id": so, "purchase_order_id": po });
    sh.s.app.post("/api/suppliers/ebay/checkout-complete", Some(&sh.s.token), body).await
}

/// A customer with a phone number (eBay requires one on the shipping address).
fn with_phone() -> Option<Value> {
    Some(json!({ "name": "Ada Lovelace", "phone": "+12175550100" }))
}

#[tokio::test]
async fn an_ebay_order_is_a_checkout_session_the_owner_pays_at_ebay() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "eb-buyer@example.com", "eb-orders-shop", "ebay").await;
    // The variant was read through Browse: its SKU is the listing's own eBay item id.
    assert!(sh.sku_id.starts_with(&format!("v1|{}|", sh.source_product_id)), "{}", sh.sku_id);
    customer_buys(&sh, 2, with_phone()).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;

    let so = place(&sh, id).await;
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["warning"], "waiting_complete_order", "the owner completes it at eBay: {toast:?}");
    assert_eq!((toast[0]["status"].as_str(), toast[0]["source_status"].as_str()), (Some("processing"), Some("waiting_payment")), "{toast:?}");
    assert!((balance(&sh).await - 1000.0).abs() < 0.001, "Dropline charged nothing: the owner pays at eBay");

    // eBay's Order API got the order, for the variant's own item; the JSON protocol got nothing
    // (the sandbox's gateway refuses eBay orders, so a placement sent there would have failed).
    let sessions = at_ebay(&sh).await;
    assert_eq!(sessions.len(), 1, "{sessions:?}");
    let r = &sessions[0]["request"];
    assert_eq!(r["lineItemInputs"], json!([{ "itemId": sh.sku_id, "quantity": 2 }]), "{r}");
    assert_eq!(r["contactEmail"], "eb-buyer@example.com", "eBay's receipt goes to the owner who pays: {r}");
    assert_eq!((r["shippingAddress"]["country"].as_str(), r["shippingAddress"]["phoneNumber"].as_str()), (Some("US"), Some("+12175550100")));
    assert_eq!(r["shippingAddress"]["recipient"], json!({ "firstName": "Ada", "lastName": "Lovelace" }));
    let session = sessions[0]["checkoutSessionId"].as_str().unwrap().to_string();
    let order = sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&sh.s.token)).await.data().clone();
    let waiting = &order["source_orders"][0];
    assert_eq!(waiting["order_no"], session.as_str(), "{order}");
    assert!(waiting["total"].as_f64().unwrap() > 0.0, "eBay's price is the order's cost: {waiting}");

    // Neither the wallet nor the sync pays or moves it.
    let pay = sh.s.app.post("/api/orders/v5/payment", Some(&sh.s.token), json!({ "source_order_ids": [so], "method": "wallet" })).await;
    assert!((balance(&sh).await - 1000.0).abs() < 0.001, "{}", pay.body);
    sync(&sh).await;
    assert_eq!(tab(&sh, "payment", "waiting_payment").await.len(), 1);

    // The owner pays in eBay's checkout, which answers the purchase order id.
    let paid: Value = sh.s.app.http.post(format!("{}/_sandbox/ebay/checkout/{session}/pay", sh.s.sandbox)).send().await.unwrap().json().await.unwrap();
    let po = paid["purchaseOrderId"].as_str().unwrap().to_string();
    let wrong = complete(&sh, so, "50000000001").await;
    assert_eq!(wrong.http.as_u16(), 422, "eBay knows no such purchase order: {}", wrong.body);
    assert!(wrong.body["errors"]["purchase_order_id"][0].as_str().unwrap().contains("16002"), "{}", wrong.body);
    let done = complete(&sh, so, &po).await;
    assert_eq!(done.code(), 200, "{}", done.body);
    assert_eq!(done.data()["items"][0]["source_status"], "order_placed", "{}", done.body);
    assert_eq!(complete(&sh, so, &po).await.code(), 200, "the same purchase order again changes nothing");
    let placed = tab(&sh, "payment", "order_placed").await;
    assert_eq!(placed.len(), 1);
    assert!(placed[0]["source_orders"][0]["warning"].is_null(), "{:?}", placed[0]);
    let kept: Option<String> =
        sqlx::query_scalar("SELECT purchase_order_id FROM source_orders WHERE id = $1").bind(so).fetch_one(&sh.s.app.pool).await.unwrap();
    assert_eq!(kept.as_deref(), Some(po.as_str()));

    // The status sync reads the purchase order at eBay, without errors.
    let advance = json!({ "seconds": 10 * 86_400 });
    sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&advance).send().await.unwrap();
    sync(&sh).await;
    // The owner's sync is a job of its own kind, run beside the users' jobs, not behind the schedules.
    let ran: Value =
        sqlx::query_scalar("SELECT refs FROM progress_items WHERE kind = 'tracking_sync_on_demand' AND status = 'success' ORDER BY id DESC LIMIT 1")
            .fetch_one(&sh.s.app.pool)
            .await
            .unwrap();
    assert_eq!(ran["ebay"]["checked"], 1, "{ran}");
    assert_eq!(ran["ebay"]["errors"], json!([]), "{ran}");
    assert!((balance(&sh).await - 1000.0).abs() < 0.001);
}

#[tokio::test]
async fn ebays_refusals_reach_the_owner_with_the_next_step() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "eb-refused@example.com", "eb-refused-shop", "ebay").await;

    // No phone on the address: eBay requires one (15001), the owner is asked for the address.
    customer_buys(&sh, 1, None).await;
    let first = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    place(&sh, first).await;
    let toast = placements(&sh).await;
    assert_eq!((toast[0]["status"].as_str(), toast[0]["error_key"].as_str()), (Some("error"), Some("error_save_all_address")), "{toast:?}");
    let message = toast[0]["message"].as_str().unwrap();
    assert!(message.contains("15001") && message.contains("phoneNumber") && message.contains("correct the customer's shipping address"), "{message}");

    // The listing ended at eBay: eBay no longer sells the item (15018).
    let url = format!("{}/suppliers/ebay/api/products/{}", sh.s.sandbox, sh.source_product_id);
    let p: Value = sh.s.app.http.get(&url).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    let gone: Vec<Value> = p["variants"].as_array().unwrap().iter().map(|v| json!({ "sku_id": v["sku_id"], "remove": true })).collect();
    let change = format!("{}/_sandbox/suppliers/ebay/products/{}", sh.s.sandbox, sh.source_product_id);
    assert!(sh.s.app.http.post(change).json(&json!({ "variants": gone })).send().await.unwrap().status().is_success());
    customer_buys(&sh, 1, with_phone()).await;
    let ready = tab(&sh, "placement", "ready").await;
    let second = ready.iter().map(|o| o["id"].as_i64().unwrap()).find(|i| *i != first).unwrap();
    let so = place(&sh, second).await;
    let toast = placements(&sh).await;
    let item = toast.iter().find(|t| t["id"] == so).unwrap();
    assert_eq!((item["status"].as_str(), item["error_key"].as_str()), (Some("error"), Some("error_not_found_sku")), "{toast:?}");
    let message = item["message"].as_str().unwrap();
    assert!(message.contains("eBay 15018") && message.contains("change this line's supplier"), "{message}");
    let order = sh.s.app.get(&format!("/api/orders/v5/detail/{second}"), Some(&sh.s.token)).await.data().clone();
    let line = &order["line_items"][0];
    assert_eq!(line["sku_id"], sh.sku_id.as_str(), "the line keeps its eBay item: {order}");
    assert!(line["cost"].as_f64().unwrap() > 0.0, "a failed placement keeps the costs: {line}");
    assert_eq!(line["need_change_supplier"], true, "{line}");
    assert!(at_ebay(&sh).await.is_empty(), "eBay opened no checkout for either");
}
