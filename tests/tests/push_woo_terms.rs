//! WooCommerce takes a product's tags by id only (a name alone is ignored), so a push looks each
//! tag up, creates the missing ones once, and sends ids: the store shows the product's tags, and
//! pushing again or naming a tag in another case makes no second term.
use dropline_tests::{StoreOwner, in_stock_ids, store_owner};
use serde_json::{Value, json};

async fn woo(s: &StoreOwner, path: &str, body: Option<Value>) -> Value {
    dropline_tests::woo_rest(&s.app.http, &s.sandbox, "termed-woo", path, body).await
}

async fn push(s: &StoreOwner, product: &str) {
    s.pushed(&[product], &[&s.woo]).await;
    s.assert_pushed(product).await;
}

#[tokio::test]
async fn tags_reach_woocommerce_as_terms_made_once() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "terms@example.com", "termed-shop", "termed-woo").await;
    let existing = woo(&s, "products/tags", Some(json!({ "name": "Gift Ideas" }))).await;
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    sqlx::query("UPDATE products SET tags = ARRAY['Summer', 'gift ideas', 'summer'] WHERE id = $1::uuid").bind(&product).execute(&s.app.pool).await.unwrap();

    push(&s, &product).await;
    push(&s, &product).await;

    let key = s.remote_key(&product, &s.woo).await;
    let found = woo(&s, &format!("products?sku={key}&status=any"), None).await;
    let names: Vec<&str> = found[0]["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Summer", "Gift Ideas"], "the product's tags, the store's existing term reused: {found}");
    let terms = woo(&s, "products/tags?per_page=100", None).await;
    assert_eq!(terms.as_array().unwrap().len(), 2, "no term made twice: {terms}");
    assert!(terms.as_array().unwrap().iter().any(|t| t["id"] == existing["id"]));
}
