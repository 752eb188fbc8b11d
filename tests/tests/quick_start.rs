//! The quick-start guide follows what the owner did, on the server, as it happens: importing a
//! product, a push that reached the store and a placed supplier order each complete their step,
//! and a step stays done.
use dropline_tests::{Answer, StoreOwner, in_stock_ids, store_owner};
use serde_json::json;

use crate::order_support::{customer_buys, fund, shop_with_product, tab};

async fn guide(s: &StoreOwner) -> Answer {
    let g = s.app.get("/api/core/settings/quick-start-guide", Some(&s.token)).await;
    assert_eq!(g.code(), 200, "{}", g.body);
    g
}

fn done_steps(g: &Answer) -> Vec<&str> {
    let steps = g.data()["steps"].as_object().unwrap();
    ["CHOOSE_A_PLAN", "FIND_AND_IMPORT", "PUSH_PRODUCT", "PLACE_ORDER"].into_iter().filter(|k| steps[*k] == true).collect()
}

#[tokio::test]
async fn importing_and_pushing_complete_their_steps() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "guide@example.com", "guide-shop", "guide-woo").await;
    let g = guide(&s).await;
    assert_eq!(done_steps(&g), ["CHOOSE_A_PLAN"]);
    assert_eq!(g.data()["active_step"], "FIND_AND_IMPORT");

    let id = in_stock_ids(&s.sandbox, "dropline", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/dropline", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    let g = guide(&s).await;
    assert_eq!(done_steps(&g), ["CHOOSE_A_PLAN", "FIND_AND_IMPORT"]);
    assert_eq!(g.data()["active_step"], "PUSH_PRODUCT");

    let channels = json!({ s.shopify.clone(): { "is_publish": true } });
    let body = json!({ "settings": { "channels": channels }, "product_package_ids": [product] });
    let a = s.app.post("/api/center/products/push-to-multiple-channels", Some(&s.token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(done_steps(&guide(&s).await).len(), 2, "a push still processing completes nothing");
    s.app.drain().await;
    let g = guide(&s).await;
    assert_eq!(done_steps(&g), ["CHOOSE_A_PLAN", "FIND_AND_IMPORT", "PUSH_PRODUCT"]);
    assert_eq!(g.data()["active_step"], "PLACE_ORDER");

    // Deleting the product later does not undo the steps.
    let a = s.app.call("DELETE", "/api/center/products/import/delete", Some(&s.token), None, Some(json!({ "ids": [product] }))).await;
    assert_eq!(a.data()["deleted"], 1, "{}", a.body);
    assert_eq!(done_steps(&guide(&s).await).len(), 3);
}

#[tokio::test]
async fn a_placed_supplier_order_completes_the_guide() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "guide-order@example.com", "guide-order-shop").await;
    customer_buys(&sh, 1, None).await;
    assert_eq!(done_steps(&guide(&sh.s).await).len(), 3, "a store order alone places nothing");
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    let g = guide(&sh.s).await;
    assert_eq!(done_steps(&g).len(), 4, "{}", g.body);
    assert_eq!(g.data()["done"], true);
}

#[tokio::test]
async fn an_owner_whose_store_already_sells_follows_the_order_checklist() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "guide-orders@example.com", "guide-orders-shop", "guide-orders-woo").await;
    assert_eq!(guide(&s).await.data()["checklist"], "products", "no order yet: the product steps");

    // A customer buys one of the store's own products (nothing imported into Dropline).
    let shop: serde_json::Value =
        s.app.http.get(format!("{}/_sandbox/shopify/guide-orders-shop.myshopify.com", s.sandbox)).send().await.unwrap().json().await.unwrap();
    let variant = shop["products"].as_object().unwrap().values().next().unwrap()["variants"][0]["id"].clone();
    let body = json!({ "line_items": [{ "variant_id": variant, "quantity": 1 }] });
    let res = s.app.http.post(format!("{}/_sandbox/shopify/guide-orders-shop.myshopify.com/orders", s.sandbox)).json(&body).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    dropline_tests::eventually("the order arrives", std::time::Duration::from_secs(60), || async {
        s.app.drain().await;
        let n = s.app.count("SELECT count(*) FROM orders").await;
        if n > 0 { Ok(()) } else { Err(n) }
    })
    .await;

    let g = guide(&s).await;
    assert_eq!(g.data()["checklist"], "orders", "{}", g.body);
    assert_eq!(g.data()["active_step"], "NAVIGATE_TO_ORDER_CENTER");
    let mark = |step: &'static str| s.app.post("/api/core/settings/quick-start-guide", Some(&s.token), json!({ "step": step }));
    assert_eq!(mark("NAVIGATE_TO_ORDER_CENTER").await.data()["active_step"], "FIND_READY_ORDER");
    let g = mark("FIND_READY_ORDER").await;
    assert_eq!(g.data()["order_steps"]["FIND_READY_ORDER"], true, "{}", g.body);
    assert_eq!(g.data()["active_step"], "PLACE_ORDER");
    assert_eq!(mark("SOMETHING_ELSE").await.code(), 204, "an unknown step is a field error");
}
