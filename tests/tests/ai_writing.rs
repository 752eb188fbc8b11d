//! AI product writing against the sandbox's chat-completions service: settings saved per
//! workspace with the key sealed and never shown, a private address refused, a product's
//! listing written in the asked language and style (the sandbox writes from the prompt), one
//! quota unit per product written, and the model's failures (bad key, rate limit, context too
//! long) told clearly and never counted.
use dropline_tests::{Answer, TestApp, in_stock_ids, signed_up_on_sandbox};
use serde_json::{Value, json};

const SETTINGS: &str = "/api/core/workplaces/settings/ai-writing";
const KEY: &str = "sandbox-openai-key";

async fn configure(app: &TestApp, token: &str, base: &str, model: &str, key: Option<&str>) -> Answer {
    let mut body = json!({ "base_url": base, "model": model, "style": "storytelling", "tone": "expert", "language": "de" });
    if let Some(k) = key {
        body["api_key"] = json!(k);
    }
    app.post(&format!("{SETTINGS}/update"), Some(token), body).await
}

async fn import_one(app: &TestApp, token: &str, sandbox: &str) -> (String, String) {
    let id = in_stock_ids(sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = app.post("/api/center/products/import/aliexpress", Some(token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    (a.data()["id"].as_str().unwrap().to_string(), a.data()["title"].as_str().unwrap().to_string())
}

async fn written(app: &TestApp) -> i64 {
    app.count("SELECT COALESCE(SUM(usage), 0)::BIGINT FROM feature_usage WHERE feature LIKE '%AI_PRODUCT_WRITING'").await
}

async fn write(app: &TestApp, token: &str, product: &str, body: Value) -> Answer {
    app.post(&format!("/api/center/products/import/{product}/ai-write"), Some(token), body).await
}

async fn sandbox_calls(app: &TestApp, sandbox: &str) -> i64 {
    let v: Value = app.http.get(format!("{sandbox}/_sandbox/openai/requests")).send().await.unwrap().json().await.unwrap();
    v["count"].as_i64().unwrap()
}

async fn arm(app: &TestApp, sandbox: &str, fail: Value) {
    app.http.post(format!("{sandbox}/_sandbox/openai/fail")).json(&fail).send().await.unwrap();
}

#[tokio::test]
async fn settings_are_saved_per_workspace_and_the_key_is_never_shown() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "ai-settings@example.com").await;
    let fresh = app.get(&format!("{SETTINGS}/get"), Some(&token)).await;
    assert_eq!(fresh.data()["configured"], false, "{}", fresh.body);
    let smart = app.get("/api/center/products/setting/automation-product/get", Some(&token)).await;
    assert_eq!(smart.data()["ai_writing_available"], false);

    let a = configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o-mini", Some(KEY)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let got = app.get(&format!("{SETTINGS}/get"), Some(&token)).await;
    let d = got.data();
    assert_eq!((d["configured"].clone(), d["api_key_set"].clone(), d["model"].clone()), (json!(true), json!(true), json!("gpt-4o-mini")));
    assert_eq!((d["style"].as_str(), d["tone"].as_str(), d["language"].as_str()), (Some("storytelling"), Some("expert"), Some("de")));
    assert!(!got.body.to_string().contains(KEY) && !a.body.to_string().contains(KEY), "the key is never answered");
    let stored: Vec<u8> = sqlx::query_scalar("SELECT api_key FROM ai_writing_settings").fetch_one(&db.pool).await.unwrap();
    assert!(!String::from_utf8_lossy(&stored).contains(KEY), "the key is sealed at rest");
    let smart = app.get("/api/center/products/setting/automation-product/get", Some(&token)).await;
    assert_eq!(smart.data()["ai_writing_available"], true);

    // Saving again without a key keeps it; an empty key forgets it.
    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o", None).await;
    assert_eq!(app.get(&format!("{SETTINGS}/get"), Some(&token)).await.data()["api_key_set"], true);
    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o", Some("")).await;
    assert_eq!(app.get(&format!("{SETTINGS}/get"), Some(&token)).await.data()["api_key_set"], false);

    let other = app.signed_up("ai-other@example.com").await;
    let theirs = app.get(&format!("{SETTINGS}/get"), Some(&other)).await;
    assert_eq!(
        (theirs.data()["configured"].clone(), theirs.data()["base_url"].clone()),
        (json!(false), json!("")),
        "another workspace sees its own, empty settings"
    );
}

#[tokio::test]
async fn bad_settings_and_private_addresses_are_field_errors() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "ai-bad@example.com").await;
    let port = sandbox.rsplit(':').next().unwrap();
    for base in [format!("http://127.0.0.2:{port}/openai"), format!("http://[::1]:{port}/openai"), "http://10.0.0.5:11434".to_string()] {
        let a = configure(&app, &token, &base, "gpt-4o-mini", Some(KEY)).await;
        assert_eq!(a.code(), 204, "{base}: {}", a.body);
        assert!(a.body["errors"]["base_url"][0].as_str().unwrap().contains("private, loopback or link-local"), "{base}: {}", a.body);
    }
    let a = app.post(&format!("{SETTINGS}/update"), Some(&token), json!({ "base_url": "ftp://x", "model": "", "language": "tlh" })).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    for field in ["base_url", "model", "language"] {
        assert!(a.body["errors"][field].is_array(), "{field}: {}", a.body);
    }
    let a = app.post(&format!("{SETTINGS}/update"), Some(&token), json!({ "base_url": sandbox, "model": "m", "style": "loud" })).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert_eq!(app.count("SELECT count(*) FROM ai_writing_settings").await, 0, "nothing saved");

    let (product, _) = import_one(&app, &token, &sandbox).await;
    let a = write(&app, &token, &product, json!({})).await;
    assert_eq!(a.code(), 201, "not set up yet: {}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("Set up AI writing"), "{}", a.body);
    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o-mini", Some(KEY)).await;
    let a = write(&app, &token, &product, json!({ "fields": ["price"], "language": "xx" })).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"]["fields"].is_array() && a.body["errors"]["language"].is_array(), "{}", a.body);
    assert_eq!(written(&app).await, 0);
}

#[tokio::test]
async fn a_product_is_written_in_the_asked_language_and_counted_once() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "ai-write@example.com").await;
    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o-mini", Some(KEY)).await;
    let (product, title) = import_one(&app, &token, &sandbox).await;
    let start: String = title.chars().take(20).collect();
    let a = write(&app, &token, &product, json!({ "language": "ar", "style": "minimalism", "tone": "playful" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let d = a.data();
    let t = d["title"].as_str().unwrap();
    assert!(t.contains("[ar minimalism playful]") && t.contains(&start), "the model was asked in Arabic, minimalist and playful, about this product: {t}");
    let html = d["description_html"].as_str().unwrap();
    assert!(html.contains("[ar minimalism playful] description_html") && !html.contains("<script"), "{html}");
    assert!(!d["tags"].as_array().unwrap().is_empty());
    assert!(d["seo_title"].as_str().unwrap().chars().count() <= 70 && d["seo_description"].as_str().unwrap().contains("seo_description"));
    assert_eq!(written(&app).await, 1, "five parts, one product, one unit");
    assert_eq!(d["quota"]["usage"], 1);

    // The saved defaults apply when the request names none; one part is one product too.
    let a = write(&app, &token, &product, json!({ "fields": ["title"] })).await;
    assert!(a.data()["title"].as_str().unwrap().contains("[de storytelling expert]"), "{}", a.body);
    assert!(a.data()["description_html"].is_null());
    assert_eq!(written(&app).await, 2);

    // Streamed: pieces as the model writes them, then the suggestion.
    let url = format!("{}/api/center/products/import/{product}/ai-write/stream?language=fr&fields=title,tags", app.base);
    let res = app.http.get(url).bearer_auth(&token).send().await.unwrap();
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let body = res.text().await.unwrap();
    assert!(body.matches("event: delta").count() >= 4, "{body}");
    let done = body.split("event: done\ndata: ").nth(1).expect("a done event").lines().next().unwrap();
    let done: Value = serde_json::from_str(done).unwrap();
    assert!(done["title"].as_str().unwrap().contains("[fr "), "{done}");
    assert_eq!(written(&app).await, 3);

    let other = app.signed_up("ai-stranger@example.com").await;
    configure(&app, &other, &format!("{sandbox}/openai"), "gpt-4o-mini", Some(KEY)).await;
    assert_eq!(write(&app, &other, &product, json!({})).await.code(), 202, "another workspace's product is not found");
}

#[tokio::test]
async fn model_failures_are_clear_and_cost_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "ai-fail@example.com").await;
    let (product, _) = import_one(&app, &token, &sandbox).await;

    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o-mini", Some("sk-wrong")).await;
    let a = write(&app, &token, &product, json!({})).await;
    assert_eq!(a.code(), 201, "{}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("refused the API key"), "{}", a.body);

    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-5-imaginary", Some(KEY)).await;
    let a = write(&app, &token, &product, json!({})).await;
    assert!(a.code() == 201 && a.body["message"].as_str().unwrap().contains("does not know the model"), "{}", a.body);

    configure(&app, &token, &format!("{sandbox}/openai"), "sandbox-tiny", Some(KEY)).await;
    let a = write(&app, &token, &product, json!({})).await;
    assert!(a.code() == 201 && a.body["message"].as_str().unwrap().contains("longer than the model can read"), "{}", a.body);

    configure(&app, &token, &format!("{sandbox}/openai"), "gpt-4o-mini", Some(KEY)).await;
    let before = sandbox_calls(&app, &sandbox).await;
    arm(&app, &sandbox, json!({ "status": 429, "times": 10, "retry_after": 0 })).await;
    let a = write(&app, &token, &product, json!({})).await;
    assert_eq!(a.code(), 229, "{}", a.body);
    assert_eq!(sandbox_calls(&app, &sandbox).await - before, 3, "a rate limit is retried a bounded number of times");
    assert_eq!(written(&app).await, 0, "no failure was counted");

    // A rate limit that lifts within the retries: written, counted once.
    arm(&app, &sandbox, json!({ "status": 429, "times": 1, "retry_after": 1 })).await;
    let a = write(&app, &token, &product, json!({ "fields": ["title"] })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(written(&app).await, 1);
}
