//! Shopify serves the API version in the URL when it supports it, falls an unsupported one
//! forward to the oldest supported stable version, and says which in `X-Shopify-API-Version`.
use crate::common;
use serde_json::json;

/// `{ shop { name } }` on the shop "versions" at `version`.
async fn ask(sb: &common::Sandbox, shop: &str, token: &str, version: &str) -> reqwest::Response {
    let url = sb.url(&format!("/shops/{shop}.myshopify.com/admin/api/{version}/graphql.json"));
    let r = sb.http.post(url).header("X-Shopify-Access-Token", token).json(&json!({ "query": "{ shop { name } }" })).send().await.unwrap();
    assert_eq!(r.status(), 200);
    r
}

async fn served(sb: &common::Sandbox, token: &str, version: &str) -> String {
    ask(sb, "versions", token, version).await.headers()["x-shopify-api-version"].to_str().unwrap().to_string()
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

/// Shopify's GraphQL Admin limits follow the shop's plan (Standard 100, Advanced 200, Plus 1,000,
/// Enterprise 2,000 points a second), and every answer's throttle status says so.
#[tokio::test]
async fn a_shops_plan_sets_its_rate_limit() {
    let sb = common::start().await;
    let token = sb.post_json("/_sandbox/shopify/planned/install", json!({})).await["access_token"].as_str().unwrap().to_string();
    for (plan, rate) in [("advanced", 200.0), ("plus", 1000.0), ("enterprise", 2000.0), ("standard", 100.0)] {
        sb.post_json("/_sandbox/shopify/planned/throttle", json!({ "plan": plan })).await;
        let r: serde_json::Value = ask(&sb, "planned", &token, "2026-07").await.json().await.unwrap();
        assert_eq!(r["extensions"]["cost"]["throttleStatus"]["restoreRate"], rate, "{plan}: {r}");
    }
    let unknown = sb.http.post(sb.url("/_sandbox/shopify/planned/throttle")).json(&json!({ "plan": "gold" })).send().await.unwrap();
    assert_eq!(unknown.status(), 422);
}
