//! Smart push's "optimise product content" (issue 21): a new product is written by the
//! workspace's model in the action's style, tone and language before its first push, so both
//! stores get the model's title; a product is written once (one quota unit) whatever the number
//! of destinations and passes; a model that fails leaves the supplier's words, and the product is
//! pushed all the same with the failure in its sync log.
use dropline_tests::{StoreOwner as Setup, in_stock_ids, store_owner as setup};
use serde_json::{Value, json};

async fn configure(s: &Setup, model: &str) {
    let body = json!({ "base_url": format!("{}/openai", s.sandbox), "model": model, "api_key": "sandbox-openai-key" });
    let a = s.app.post("/api/core/workplaces/settings/ai-writing/update", Some(&s.token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
}

async fn smart_push_writing_in_french(s: &Setup) {
    let body = json!({ "condition": { "apply_all_products": false },
        "actions": { "optimize_product_content": { "style": "minimalism", "tone": "playful", "language": "fr" },
                     "pushed_connected_channels": { "store_ids": [s.shopify, s.woo], "publish_status": "publish" } } });
    let res =
        s.app.http.put(format!("{}/api/center/products/setting/automation-product/update", s.app.base)).bearer_auth(&s.token).json(&body).send().await.unwrap();
    let v: Value = res.json().await.unwrap();
    assert_eq!(v["status"], 200, "{v}");
}

async fn import(s: &Setup) -> (String, String) {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    (a.data()["id"].as_str().unwrap().to_string(), a.data()["title"].as_str().unwrap().to_string())
}

/// One smart push pass as the worker runs it, and every job it starts.
async fn pass(s: &Setup) {
    let mut tx = domain::db::begin(&s.app.pool).await.unwrap();
    domain::queue::enqueue(&mut tx, None, &domain::automation::jobs::SmartPushJob::default(), json!({})).await.unwrap();
    tx.commit().await.unwrap();
    s.app.drain().await;
}

async fn shop_title(s: &Setup, product: &str) -> String {
    let found = s.shopify_products("smart-ai-shop", &s.remote_key(product, &s.shopify).await).await;
    assert_eq!(found.len(), 1, "one product in the shop: {found:?}");
    found[0]["title"].as_str().unwrap().to_string()
}

async fn log_of(s: &Setup, product: &str) -> Vec<(String, Option<String>)> {
    sqlx::query_as("SELECT kind, error FROM sync_log WHERE product_id = $1::uuid AND kind = 'ai_writing'").bind(product).fetch_all(&s.app.pool).await.unwrap()
}

async fn written(s: &Setup) -> i64 {
    s.app.count("SELECT COALESCE(SUM(usage), 0)::BIGINT FROM feature_usage WHERE feature LIKE '%AI_PRODUCT_WRITING'").await
}

#[tokio::test]
async fn a_new_product_reaches_both_stores_with_the_models_words_written_once() {
    let db = domain::db::TestDatabase::new().await;
    let s = setup(db.pool.clone(), "smart-ai@example.com", "smart-ai-shop", "smart-ai-woo").await;
    configure(&s, "gpt-4o-mini").await;
    smart_push_writing_in_french(&s).await;
    let (product, supplier_title) = import(&s).await;

    pass(&s).await;
    let title: String = sqlx::query_scalar("SELECT title FROM products WHERE id = $1::uuid").bind(&product).fetch_one(&s.app.pool).await.unwrap();
    assert!(title.contains("[fr minimalism playful]"), "the model wrote it in French, minimalist and playful: {title}");
    assert_ne!(title, supplier_title);
    assert_eq!(shop_title(&s, &product).await, title, "Shopify got the written title");
    let woo: i64 = sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE product_id = $1::uuid AND destination = $2 AND status = 'success'")
        .bind(&product)
        .bind(&s.woo)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    assert_eq!(woo, 1, "WooCommerce got it too");
    assert_eq!(written(&s).await, 1, "two destinations, one product written, one unit");
    assert_eq!(log_of(&s, &product).await, vec![("ai_writing".to_string(), None)]);
    let log = s.app.get(&format!("/api/center/products/{product}/sync-log"), Some(&s.token)).await;
    assert!(log.body.to_string().contains("\"kind\":\"ai_writing\""), "the owner sees it in the product's log: {}", log.body);

    pass(&s).await;
    assert_eq!(written(&s).await, 1, "a later pass writes nothing again");
}

#[tokio::test]
async fn a_failing_model_leaves_the_suppliers_words_and_the_product_is_still_pushed() {
    let db = domain::db::TestDatabase::new().await;
    let s = setup(db.pool.clone(), "smart-ai-fail@example.com", "smart-ai-shop", "smart-ai-woo-2").await;
    configure(&s, "gpt-5-imaginary").await;
    smart_push_writing_in_french(&s).await;
    let (product, supplier_title) = import(&s).await;

    pass(&s).await;
    assert_eq!(shop_title(&s, &product).await, supplier_title, "pushed with the supplier's title");
    let log = log_of(&s, &product).await;
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].1.as_deref().unwrap_or("").contains("does not know the model"), "{log:?}");
    assert_eq!(written(&s).await, 0, "a failure costs nothing");
}
