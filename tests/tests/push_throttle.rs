//! Shopify's cost-based rate limit: pushes pace themselves from the shared bucket (learned from
//! Shopify's throttle status), so a tight store is not hammered into THROTTLED answers, and a
//! slow store never holds up another.
use dropline_tests::{TestApp, connect_shopify, in_stock_ids, push_products, signed_up_on_sandbox};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// A connected shop, set up (webhooks, publications) before its bucket is narrowed.
async fn shop(app: &TestApp, token: &str, sandbox: &str, name: &str, bucket: Value) -> String {
    let a = connect_shopify(app, token, name).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;
    app.http.post(format!("{sandbox}/_sandbox/shopify/{name}/throttle")).json(&bucket).send().await.unwrap();
    a.data()["store"]["id"].as_str().unwrap().to_string()
}

async fn throttled_replies(sandbox: &str, name: &str) -> u64 {
    let state: Value = reqwest::get(format!("{sandbox}/_sandbox/shopify/{name}")).await.unwrap().json().await.unwrap();
    state["throttle"]["throttled_replies"].as_u64().unwrap()
}

async fn done(app: &TestApp, store: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE destination = $1 AND status = 'success'").bind(store).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_tight_store_is_paced_without_throttling_and_never_slows_another() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox, token) = signed_up_on_sandbox(pool, "paced@example.com").await;
    // 50 points, 10 restored a second: about one product every two seconds.
    let tight = shop(&app, &token, &sandbox, "tight-shop", json!({ "maximum_available": 50, "currently_available": 50, "restore_rate": 10 })).await;
    let roomy = shop(&app, &token, &sandbox, "roomy-shop", json!({ "maximum_available": 1.0e9, "currently_available": 1.0e9, "restore_rate": 1.0e9 })).await;
    sqlx::query("UPDATE workplaces SET plan_key = 'ENTERPRISE_DROPLINE_AO'").execute(&app.pool).await.unwrap();

    let id = in_stock_ids(&sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = app.post("/api/center/products/import/aliexpress", Some(&token), json!({ "source_product_id": id })).await;
    let first: uuid::Uuid = a.data()["id"].as_str().unwrap().parse().unwrap();
    let workplace: uuid::Uuid = sqlx::query_scalar("SELECT workplace_id FROM products WHERE id = $1").bind(first).fetch_one(&app.pool).await.unwrap();
    let mut ids = domain::products::copies::duplicate(&app.pool, workplace, &[first; 9]).await.unwrap();
    ids.push(first);
    let a = push_products(&app, &token, &ids, &[&tight, &roomy]).await;
    assert_eq!(a.code(), 200, "{}", a.body);

    let started = Instant::now();
    let runner = app.runner.clone();
    let drained = tokio::spawn(async move { runner.drain().await });
    while done(&app, &roomy).await < 10 {
        assert!(started.elapsed() < Duration::from_secs(60), "the roomy store finishes");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(done(&app, &tight).await < 10, "the roomy store finished while the tight one was still pacing itself");
    drained.await.unwrap().unwrap();
    assert_eq!(done(&app, &tight).await, 10);
    assert_eq!(throttled_replies(&sandbox, "tight-shop").await, 0, "Dropline paced itself: Shopify never had to refuse a call");
}
