//! Shopify stocks a pushed product's variants at a location (`locationId` is required). The
//! store keeps the shop's primary location from when it connected, and when the merchant moves
//! the default and deactivates the old one, the next push stocks the new one, whether or not
//! the `locations/*` webhooks arrive.
use std::time::Duration;

use dropline_tests::{StoreOwner, eventually, in_stock_ids, store_owner};
use serde_json::{Value, json};

async fn shop(s: &StoreOwner, shop: &str) -> Value {
    reqwest::get(format!("{}/_sandbox/shopify/{shop}", s.sandbox)).await.unwrap().json().await.unwrap()
}

async fn kept_location(s: &StoreOwner) -> Option<String> {
    sqlx::query_scalar("SELECT stock_location_name FROM stores WHERE id = $1::uuid").bind(&s.shopify).fetch_one(&s.app.pool).await.unwrap()
}

/// Pushes `product` to the shop and runs the jobs; returns where each of its variants is stocked.
async fn push_and_stocked_at(s: &StoreOwner, shop_name: &str, product: &str) -> Vec<Value> {
    s.pushed(&[product], &[&s.shopify]).await;
    s.assert_pushed(product).await;
    let key = s.remote_key(product, &s.shopify).await;
    let state = shop(s, shop_name).await;
    let p = state["products"].as_object().unwrap().values().find(|p| p["handle"] == key.as_str()).expect("the product is in the shop").clone();
    p["variants"].as_array().unwrap().iter().map(|v| v["stocked_at"].clone()).collect()
}

async fn import(s: &StoreOwner) -> String {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 2).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["id"].as_str().unwrap().to_string()
}

/// The merchant adds "Warehouse" as the new default location and deactivates the old one.
async fn move_default(s: &StoreOwner, shop_name: &str) -> (u64, u64) {
    let old = shop(s, shop_name).await["locations"][0]["id"].as_u64().unwrap();
    let locations = format!("{}/_sandbox/shopify/{shop_name}/locations", s.sandbox);
    let new: Value = s.app.http.post(locations).json(&json!({ "name": "Warehouse", "primary": true })).send().await.unwrap().json().await.unwrap();
    let r = s.app.http.post(format!("{}/_sandbox/shopify/{shop_name}/locations/{old}/deactivate", s.sandbox)).send().await.unwrap();
    assert!(r.status().is_success());
    (old, new["id"].as_u64().unwrap())
}

#[tokio::test]
async fn pushes_follow_the_merchants_new_default_location_told_by_webhook() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "stock@example.com", "stocked", "stocked-woo").await;
    assert_eq!(kept_location(&s).await.as_deref(), Some("Shop location"), "read when the store connected");
    let product = import(&s).await;
    let primary = shop(&s, "stocked").await["locations"][0]["id"].clone();
    let stocked = push_and_stocked_at(&s, "stocked", &product).await;
    assert!(!stocked.is_empty() && stocked.iter().all(|l| *l == primary), "{stocked:?}");

    let (_, new) = move_default(&s, "stocked").await;
    eventually("the locations/deactivate webhook is stored", Duration::from_secs(60), || async {
        let topics: Vec<String> = sqlx::query_scalar("SELECT topic FROM webhook_events").fetch_all(&s.app.pool).await.unwrap();
        if topics.iter().any(|t| t == "locations/deactivate") { Ok(()) } else { Err(topics) }
    })
    .await;
    s.app.drain().await;
    assert_eq!(kept_location(&s).await, None, "the webhook makes the next push read the locations again");
    let stocked = push_and_stocked_at(&s, "stocked", &product).await;
    assert!(stocked.iter().all(|l| *l == json!(new)), "{stocked:?}");
    assert_eq!(kept_location(&s).await.as_deref(), Some("Warehouse"));
}

#[tokio::test]
async fn pushes_follow_the_new_default_location_when_the_webhooks_are_lost() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "lost@example.com", "unheard", "unheard-woo").await;
    let product = import(&s).await;
    push_and_stocked_at(&s, "unheard", &product).await;

    let fault = json!({ "platform": "shopify", "drop_webhooks": true });
    s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&fault).send().await.unwrap();
    let (_, new) = move_default(&s, "unheard").await;
    assert_eq!(kept_location(&s).await.as_deref(), Some("Shop location"), "no webhook came: the old location is still kept");
    // Shopify refuses stock at the deactivated location; the push reads the locations again.
    let stocked = push_and_stocked_at(&s, "unheard", &product).await;
    assert!(stocked.iter().all(|l| *l == json!(new)), "{stocked:?}");
    assert_eq!(kept_location(&s).await.as_deref(), Some("Warehouse"));
}
