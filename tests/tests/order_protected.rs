//! Shopify withholds an order's customer (name, email, phone, address) from an app it has not
//! approved for protected customer data. The order still arrives and is shown; its log says why
//! it cannot be placed, placing it is refused with the address error, and once the owner enters
//! the address it is placed.
use serde_json::{Value, json};

use crate::order_support as support;

use support::{customer_buys, fund, placements, shop_with_product, tab};

async fn place(sh: &support::Shop, id: i64) -> Vec<Value> {
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    placements(sh).await
}

#[tokio::test]
async fn an_order_without_its_customer_is_kept_explained_and_placed_once_completed() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "withheld@example.com", "withheld-shop").await;
    let r =
        sh.s.app.http.post(format!("{}/_sandbox/shopify/{}/protected-data", sh.s.sandbox, sh.shop)).json(&json!({ "approved": false })).send().await.unwrap();
    assert!(r.status().is_success());
    customer_buys(&sh, 1, None).await;

    let orders = tab(&sh, "placement", "all").await;
    assert_eq!(orders.len(), 1, "the order is kept and shown");
    let id = orders[0]["id"].as_i64().unwrap();
    assert!(orders[0]["email"].is_null(), "{}", orders[0]);
    let log = sh.s.app.get(&format!("/api/orders/v4/order_log/order/{id}"), Some(&sh.s.token)).await;
    let events: Vec<&str> = log.data()["items"].as_array().unwrap().iter().filter_map(|e| e["event"].as_str()).collect();
    assert!(events.contains(&"customer_withheld"), "the log says why: {events:?}");

    fund(&sh, 100_000).await;
    let refused = place(&sh, id).await;
    assert_eq!(refused[0]["status"], "error", "{refused:?}");
    assert_eq!(refused[0]["error_key"], "error_save_all_address");

    let address = json!({ "name": "Ada Lovelace", "address1": "12 St James's Square", "city": "London", "zip": "SW1Y 4JH", "country_code": "gb" });
    let ok = sh.s.app.post("/api/orders/update-customer", Some(&sh.s.token), json!({ "order_id": id, "address": address })).await;
    assert_eq!(ok.code(), 200, "{}", ok.body);
    let placed = place(&sh, id).await;
    assert!(placed.iter().any(|p| p["status"] == "success"), "{placed:?}");
}
