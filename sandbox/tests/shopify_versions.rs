//! Shopify serves the API version in the URL when it supports it, falls an unsupported one
//! forward to the oldest supported stable version, and says which in `X-Shopify-API-Version`.
mod common;
use serde_json::json;

async fn served(sb: &common::Sandbox, token: &str, version: &str) -> String {
    let r = sb
        .http
        .post(sb.url(&format!("/shops/versions.myshopify.com/admin/api/{version}/graphql.json")))
        .header("X-Shopify-Access-Token", token)
        .json(&json!({ "query": "{ shop { name } }" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.headers()["x-shopify-api-version"].to_str().unwrap().to_string()
}

#[tokio::test]
async fn the_version_served_is_named_and_old_ones_fall_forward() {
    let sb = common::start().await;
    let token = sb.post_json("/_sandbox/shopify/versions/install", json!({})).await["access_token"].as_str().unwrap().to_string();
    assert_eq!(served(&sb, &token, "2026-07").await, "2026-07");
    assert_eq!(served(&sb, &token, "2026-10").await, "2026-10");
    assert_eq!(served(&sb, &token, "2025-07").await, "2025-10", "out of Shopify's support window");
    assert_eq!(served(&sb, &token, "banana").await, "2025-10");
}
