//! Connecting Shopify and WooCommerce stores through the sandbox, and the rules around them.
use dropline_tests::{TestApp, connect_shopify, no_redirect};
use serde_json::{Value, json};

async fn list(app: &TestApp, token: &str) -> Vec<Value> {
    app.get("/api/stores/list-store", Some(token)).await.data()["stores"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_shopify_store_connects_with_its_webhooks_and_sales_channels() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("owner@example.com").await;
    let a = connect_shopify(&app, &token, "acme").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let store = &a.data()["store"];
    assert_eq!(store["platform_domain"], "acme.myshopify.com");
    assert_eq!(store["is_default"], true, "the first store is the default");
    assert_eq!(store["setup"], "pending");

    app.drain().await;
    let stores = list(&app, &token).await;
    assert_eq!(stores[0]["setup"], "ready", "{}", stores[0]);
    let channels: Vec<&str> = stores[0]["metadata"]["external_channels"].as_array().unwrap().iter().map(|c| c["handle"].as_str().unwrap()).collect();
    assert!(channels.contains(&"tiktok-ads-2") && channels.contains(&"facebook-ads"), "{channels:?}");

    // Shopify holds Dropline's three webhooks, pointing at this API.
    let shop: Value = reqwest::get(format!("{sandbox}/_sandbox/shopify/acme.myshopify.com")).await.unwrap().json().await.unwrap();
    let text = shop.to_string();
    for topic in ["ORDERS_CREATE", "ORDERS_CANCELLED", "APP_UNINSTALLED"] {
        assert!(text.contains(topic), "{topic} missing");
    }
    assert!(text.contains(&format!("{}/api/webhooks/shopify", app.base)));

    // The token is stored sealed, never in clear.
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT credentials FROM stores").fetch_one(&app.pool).await.unwrap();
    assert!(!String::from_utf8_lossy(&sealed).contains("access_token"));

    let me = app.get("/api/auth/account", Some(&token)).await;
    assert_eq!(me.data()["has_shop"], true);
    assert_eq!(me.data()["linked_stores"]["shopify"][0]["platform_domain"], "acme.myshopify.com");

    // Embedded in the store's admin, the store's workplace is chosen by its domain.
    let w = app.post("/api/core/workplaces", Some(&token), json!({ "name": "Second" })).await;
    let second = w.data()["id"].as_str().unwrap().to_string();
    assert!(app.call("GET", "/api/stores/list-store", Some(&token), Some(&second), None).await.data()["stores"].as_array().unwrap().is_empty());
    let embedded = app
        .http
        .get(format!("{}/api/stores/list-store", app.base))
        .bearer_auth(&token)
        .header("workplace-id", &second)
        .header("platform-domain-embedded", "acme.myshopify.com")
        .send()
        .await
        .unwrap();
    let embedded: Value = embedded.json().await.unwrap();
    assert_eq!(embedded["data"]["stores"][0]["platform_domain"], "acme.myshopify.com");

    let pubs = app
        .http
        .get(format!("{}/status/shopify-service/api/shopify/shop/publications?clear_cache=1&update_external_channels=1", app.base))
        .bearer_auth(&token)
        .header("store-id", stores[0]["id"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    let pubs: Value = pubs.json().await.unwrap();
    assert!(pubs["data"]["publications"].as_array().unwrap().iter().any(|p| p["handle"] == "online_store"), "{pubs}");
}

#[tokio::test]
async fn a_forged_or_replayed_shopify_callback_connects_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _sandbox) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("owner@example.com").await;
    let forged = json!({ "code": "x", "hmac": "00", "shop": "acme.myshopify.com", "state": "s", "timestamp": "1" });
    let a = app.post("/api/auth/platform/shopify/callback", Some(&token), forged).await;
    assert_eq!(a.code(), 201, "{}", a.body);
    assert!(list(&app, &token).await.is_empty());
}

#[tokio::test]
async fn one_store_belongs_to_one_account() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _sandbox) = TestApp::on_sandbox(pool).await;
    let a_token = app.signed_up("a@example.com").await;
    let b_token = app.signed_up("b@example.com").await;
    assert_eq!(connect_shopify(&app, &a_token, "acme").await.code(), 200);

    let again = app.post("/api/auth/platform/shopify/install", Some(&a_token), json!({ "shop": "acme.myshopify.com" })).await;
    assert_eq!(again.code(), 201);
    assert_eq!(again.body["message"], "StoreAlreadyExistsInThisAccount");
    let other = app.post("/api/auth/platform/shopify/install", Some(&b_token), json!({ "shop": "https://ACME.myshopify.com/" })).await;
    assert_eq!(other.code(), 111, "{}", other.body);
    let bad = app.post("/api/auth/platform/shopify/install", Some(&b_token), json!({ "shop": "not a shop!" })).await;
    assert_eq!(bad.code(), 204);
    assert!(bad.body["errors"]["shop"].is_array());

    // Tenant isolation: B sees none of A's stores and cannot act on them.
    assert!(list(&app, &b_token).await.is_empty());
    let a_store = list(&app, &a_token).await[0]["id"].as_str().unwrap().to_string();
    let a = app.post("/api/core/stores/update-default-store", Some(&b_token), json!({ "store_id": a_store })).await;
    assert_eq!(a.code(), 801);
    assert_eq!(app.call("DELETE", &format!("/api/stores/{a_store}"), Some(&b_token), None, None).await.code(), 801);
    assert_eq!(list(&app, &a_token).await.len(), 1);
}

#[tokio::test]
async fn a_woocommerce_store_connects_by_key_grant_and_by_pasted_keys() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("owner@example.com").await;
    let a = app.post("/api/auth/platform/woocommerce/install", Some(&token), json!({ "shop": format!("{sandbox}/woo/granted") })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let res = no_redirect().get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = res.headers()["location"].to_str().unwrap().to_string();
    assert!(back.contains("/app/channel?platform=woocommerce") && back.contains("success=1"), "{back}");
    let stores = list(&app, &token).await;
    assert_eq!(stores.len(), 1);
    assert_eq!(stores[0]["platform"], "woocommerce");

    // Pasted keys are tried before they are saved.
    let keys: Value = app.http.post(format!("{sandbox}/_sandbox/woo/pasted/keys")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let wrong = json!({ "shop": format!("{sandbox}/woo/pasted"), "consumer_key": keys["consumer_key"], "consumer_secret": "cs_wrong" });
    assert_eq!(app.post("/api/auth/platform/woocommerce/link", Some(&token), wrong).await.code(), 113);
    let right = json!({ "shop": format!("{sandbox}/woo/pasted/"), "consumer_key": keys["consumer_key"], "consumer_secret": keys["consumer_secret"] });
    let a = app.post("/api/auth/platform/woocommerce/link", Some(&token), right).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["store"]["is_default"], false);
    let second = a.data()["store"]["id"].as_str().unwrap().to_string();

    app.drain().await;
    let woo: Value = reqwest::get(format!("{sandbox}/_sandbox/woo/pasted")).await.unwrap().json().await.unwrap();
    assert!(woo.to_string().contains(&format!("/api/webhooks/woocommerce/{second}")), "webhooks registered");

    // Default switches; removing the default hands it to the remaining store.
    let a = app.post("/api/core/stores/update-default-store", Some(&token), json!({ "store_id": second })).await;
    assert_eq!(a.code(), 200);
    assert_eq!(list(&app, &token).await[0]["id"], second.as_str(), "default first");
    assert_eq!(app.call("DELETE", &format!("/api/stores/{second}"), Some(&token), None, None).await.code(), 200);
    let stores = list(&app, &token).await;
    assert_eq!(stores.len(), 1);
    assert_eq!(stores[0]["is_default"], true);
    let stale = app.post("/api/core/stores/update-default-store", Some(&token), json!({ "store_id": second })).await;
    assert_eq!(stale.code(), 801);
}
