//! A double-clicked push is charged once: twenty pushes of one product to one store at the same
//! moment use the product's listing units once, and a later push of the same pair (after it
//! failed or succeeded) uses none.
use dropline_tests::{in_stock_ids, push_products, store_owner};
use serde_json::json;

#[tokio::test]
async fn simultaneous_pushes_of_one_product_to_one_store_charge_one_listing() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "clicks@example.com", "clicks", "clicks-woo").await;
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    let product = a.data()["id"].as_str().unwrap().to_string();
    let usage = || s.app.count("SELECT coalesce(sum(usage), 0)::bigint FROM feature_usage WHERE feature = 'LISTING_PRODUCTS'");
    let before = usage().await;
    let (products, stores) = ([product.clone()], [s.shopify.clone()]);
    let clicks = (0..20).map(|_| push_products(&s.app, &s.token, &products, &stores));
    let answers = futures::future::join_all(clicks).await;
    assert!(answers.iter().all(|a| a.code() == 200), "{:?}", answers.iter().map(|a| a.body.clone()).collect::<Vec<_>>());
    assert_eq!(usage().await - before, 1, "one product, one store: one unit");
    s.app.drain().await;
    s.assert_pushed(&product).await;
    let again = push_products(&s.app, &s.token, &[&product], &[&s.shopify]).await;
    assert_eq!((again.code(), again.data()["total_push"].as_i64()), (200, Some(0)), "{}", again.body);
    assert_eq!(usage().await - before, 1);
}
