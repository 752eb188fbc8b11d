//! Webhooks from stores: HMAC over the raw body, one event per delivery id, uninstall.
use base64::Engine;
use dropline_tests::{TestApp, eventually, signed_up_on_sandbox};
use serde_json::{Value, json};
use std::time::Duration;

fn sign(secret: &str, body: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(domain::crypto::hmac_sha256(secret.as_bytes(), body.as_bytes()))
}

async fn post_shopify(app: &TestApp, topic: &str, id: &str, body: &str, hmac: &str) -> reqwest::StatusCode {
    app.http
        .post(format!("{}/api/webhooks/shopify", app.base))
        .header("content-type", "application/json")
        .header("x-shopify-topic", topic)
        .header("x-shopify-hmac-sha256", hmac)
        .header("x-shopify-webhook-id", id)
        .header("x-shopify-shop-domain", "acme.myshopify.com")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
        .status()
}

async fn events(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM webhook_events").fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_bad_hmac_is_refused_and_a_redelivery_is_stored_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let body = r#"{"id": 1001, "email": "buyer@example.com"}"#;
    assert_eq!(post_shopify(&app, "orders/create", "w-1", body, &sign("wrong-secret", body)).await.as_u16(), 401);
    assert_eq!(post_shopify(&app, "orders/create", "w-1", body, "").await.as_u16(), 401);
    assert_eq!(events(&app).await, 0);

    let secret = "sandbox-shopify-secret";
    assert_eq!(post_shopify(&app, "orders/create", "w-1", body, &sign(secret, body)).await.as_u16(), 200);
    assert_eq!(post_shopify(&app, "orders/create", "w-1", body, &sign(secret, body)).await.as_u16(), 200);
    assert_eq!(events(&app).await, 1, "a redelivery is not a second event");
    assert_eq!(app.count("SELECT count(*) FROM progress_items WHERE kind = 'webhook_event'").await, 1);
    let stored: String = sqlx::query_scalar("SELECT body FROM webhook_events").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, body, "the raw event is kept");
}

#[tokio::test]
async fn uninstalling_the_app_disconnects_the_store_and_keeps_it() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox, token) = signed_up_on_sandbox(pool, "owner@example.com").await;
    let a = app.post("/api/auth/platform/shopify/install", Some(&token), json!({ "shop": "leaver" })).await;
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = no_redirect.get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let params: serde_json::Map<String, Value> = back.query_pairs().map(|(k, v)| (k.to_string(), Value::from(v.to_string()))).collect();
    assert_eq!(app.post("/api/auth/platform/shopify/callback", Some(&token), Value::Object(params)).await.code(), 200);
    app.drain().await;

    // The merchant uninstalls in Shopify: Shopify sends a signed app/uninstalled webhook.
    let res = app.http.post(format!("{sandbox}/_sandbox/shopify/leaver.myshopify.com/uninstall")).send().await.unwrap();
    assert!(res.status().is_success());
    // The sandbox delivers it in the background (with retries): wait for it, then run its job.
    eventually("the app/uninstalled webhook is stored", Duration::from_secs(60), || async {
        let topics: Vec<String> = sqlx::query_scalar("SELECT topic FROM webhook_events").fetch_all(&app.pool).await.unwrap();
        if topics.iter().any(|t| t == "app/uninstalled") { Ok(()) } else { Err(topics) }
    })
    .await;
    app.drain().await;
    let stores = app.get("/api/stores/list-store", Some(&token)).await;
    let store = &stores.data()["stores"][0];
    assert_eq!(store["status"], "disconnected", "{store}");
    assert_eq!(store["platform_domain"], "leaver.myshopify.com", "still listed with its history");

    // Connecting it again brings the same store back.
    let again = app.post("/api/auth/platform/shopify/install", Some(&token), json!({ "shop": "leaver" })).await;
    assert_eq!(again.code(), 200, "a disconnected store can be connected again: {}", again.body);
}

#[tokio::test]
async fn woocommerce_webhooks_are_checked_with_the_store_secret() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox, token) = signed_up_on_sandbox(pool, "owner@example.com").await;
    let keys: Value = app.http.post(format!("{sandbox}/_sandbox/woo/hooks/keys")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let link = json!({ "shop": format!("{sandbox}/woo/hooks"), "consumer_key": keys["consumer_key"], "consumer_secret": keys["consumer_secret"] });
    let a = app.post("/api/auth/platform/woocommerce/link", Some(&token), link).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;

    let product = app
        .http
        .post(format!("{sandbox}/woo/hooks/wp-json/wc/v3/products"))
        .header("x-forwarded-proto", "https")
        .basic_auth(keys["consumer_key"].as_str().unwrap(), keys["consumer_secret"].as_str())
        .json(&json!({ "name": "Mug", "regular_price": "9.00" }))
        .send()
        .await
        .unwrap();
    assert!(product.status().is_success());
    // A customer checks out: WooCommerce signs order.created with the secret Dropline gave it.
    let res = app.http.post(format!("{sandbox}/_sandbox/woo/hooks/orders")).json(&json!({})).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let found = eventually("the signed order.created delivery is stored", Duration::from_secs(60), || async {
        let n = events(&app).await;
        if n > 0 { Ok(n) } else { Err(n) }
    })
    .await;
    assert_eq!(found, 1, "the signed delivery was accepted");

    let store_id = a.data()["store"]["id"].as_str().unwrap();
    let forged = app
        .http
        .post(format!("{}/api/webhooks/woocommerce/{store_id}", app.base))
        .header("x-wc-webhook-topic", "order.created")
        .header("x-wc-webhook-delivery-id", "forged-1")
        .header("x-wc-webhook-signature", sign("guess", "{}"))
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status().as_u16(), 401);
    assert_eq!(events(&app).await, 1);
}
