//! Bulk AI writing (the AI enhancer and product copy pages): many products written and saved as
//! jobs, one progress item each, in the asked language; one quota unit per product, never two
//! for a job run again, none when the model fails; refusals told before anything is queued.
use dropline_tests::{Answer, TestApp, in_stock_ids, signed_up_on_sandbox};
use serde_json::{Value, json};

const BULK: &str = "/api/center/products/ai-write";

async fn configure(app: &TestApp, token: &str, sandbox: &str, key: &str) {
    let body = json!({ "base_url": format!("{sandbox}/openai"), "model": "gpt-4o-mini", "api_key": key, "language": "de" });
    let a = app.post("/api/core/workplaces/settings/ai-writing/update", Some(token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
}

async fn import(app: &TestApp, token: &str, sandbox: &str, n: usize) -> Vec<String> {
    let mut ids = vec![];
    for id in in_stock_ids(sandbox, "aliexpress", n, 1).await {
        let a = app.post("/api/center/products/import/aliexpress", Some(token), json!({ "source_product_id": id })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        ids.push(a.data()["id"].as_str().unwrap().to_string());
    }
    ids
}

async fn written(app: &TestApp) -> i64 {
    app.count("SELECT COALESCE(SUM(usage), 0)::BIGINT FROM feature_usage WHERE feature LIKE '%AI_PRODUCT_WRITING'").await
}

async fn items(app: &TestApp, token: &str, started: &Answer) -> Vec<Value> {
    let mut out = vec![];
    for id in started.data()["ids"].as_array().unwrap() {
        out.push(app.get(&format!("/api/progress/{id}"), Some(token)).await.data().clone());
    }
    out
}

async fn title(app: &TestApp, token: &str, product: &str) -> String {
    let a = app.get(&format!("/api/center/products/import/{product}"), Some(token)).await;
    a.data()["title"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn products_are_written_and_saved_in_the_asked_language_one_unit_each() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "ai-bulk@example.com").await;
    configure(&app, &token, &sandbox, "sandbox-openai-key").await;
    let products = import(&app, &token, &sandbox, 3).await;

    let started = app.post(BULK, Some(&token), json!({ "product_ids": products, "language": "ar", "tone": "playful" })).await;
    assert_eq!(started.code(), 200, "{}", started.body);
    assert_eq!(started.data()["ids"].as_array().unwrap().len(), 3, "one progress item per product");
    assert_eq!(written(&app).await, 0, "nothing is counted before the model writes");
    app.drain().await;

    for (item, product) in items(&app, &token, &started).await.iter().zip(&products) {
        assert_eq!(item["status"], "success", "{item}");
        let saved = title(&app, &token, product).await;
        assert!(saved.contains("[ar highlight playful]"), "the product keeps the model's Arabic title: {saved}");
        assert_eq!(item["refs"]["title"].as_str(), Some(saved.as_str()), "the item says what was written");
    }
    assert_eq!(written(&app).await, 3, "three products, three units");

    // A job run again after it saved (a worker lost after the commit) writes and counts nothing.
    let first: i64 = started.data()["ids"][0].as_i64().unwrap();
    let job: domain::ai_writing::bulk::AiWriteJob =
        serde_json::from_value(sqlx::query_scalar("SELECT payload FROM progress_items WHERE id = $1").bind(first).fetch_one(&db.pool).await.unwrap()).unwrap();
    let sealer = domain::crypto::Sealer::from_base64(&app.settings.secrets.encryption_key).unwrap();
    domain::ai_writing::bulk::run(&db.pool, &sealer, &app.settings.inspect, first, &job).await.unwrap();
    assert_eq!(written(&app).await, 3, "a re-run is not a second product written");

    let other = app.signed_up("ai-bulk-other@example.com").await;
    configure(&app, &other, &sandbox, "sandbox-openai-key").await;
    let a = app.post(BULK, Some(&other), json!({ "product_ids": [products[0]] })).await;
    assert_eq!(a.code(), 204, "another workspace's product is refused: {}", a.body);
    assert!(a.body["errors"]["product_ids"].is_array(), "{}", a.body);
}

#[tokio::test]
async fn refusals_come_before_anything_is_queued_and_failures_cost_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "ai-bulk-fail@example.com").await;
    let products = import(&app, &token, &sandbox, 2).await;
    let queued = || app.count("SELECT count(*) FROM progress_items WHERE kind = 'ai_write'");

    let a = app.post(BULK, Some(&token), json!({ "product_ids": products })).await;
    assert_eq!(a.code(), 201, "not set up: {}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("Set up AI writing"), "{}", a.body);
    configure(&app, &token, &sandbox, "sandbox-openai-key").await;
    for body in [json!({ "product_ids": [] }), json!({ "product_ids": products, "language": "xx" })] {
        let a = app.post(BULK, Some(&token), body).await;
        assert_eq!(a.code(), 204, "{}", a.body);
    }
    let many: Vec<String> = (0..101).map(|_| uuid::Uuid::new_v4().to_string()).collect();
    let a = app.post(BULK, Some(&token), json!({ "product_ids": many })).await;
    assert!(a.code() == 204 && a.body["errors"]["product_ids"][0].as_str().unwrap().contains("at most 100"), "{}", a.body);
    assert_eq!(queued().await, 0, "nothing queued for a refused request");

    // The model refuses the key: each item ends with the reason, the products keep their words.
    let before = title(&app, &token, &products[0]).await;
    configure(&app, &token, &sandbox, "sk-wrong").await;
    let started = app.post(BULK, Some(&token), json!({ "product_ids": products })).await;
    assert_eq!(started.code(), 200, "{}", started.body);
    app.drain().await;
    for item in items(&app, &token, &started).await {
        assert_eq!(item["status"], "error", "{item}");
        assert!(item["error"].as_str().unwrap().contains("refused the API key"), "{item}");
    }
    assert_eq!(title(&app, &token, &products[0]).await, before);
    assert_eq!(written(&app).await, 0, "no failure was counted");
}
