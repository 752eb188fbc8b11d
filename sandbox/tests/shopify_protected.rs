//! Protected customer data: without Shopify's approval an app reads an order's customer fields as
//! null, in the Admin API and in the orders/* webhooks.
use crate::common;
use serde_json::json;

#[tokio::test]
async fn an_unapproved_app_reads_no_customer() {
    let sb = common::start().await;
    let token = sb.post_json("/_sandbox/shopify/guarded/install", json!({})).await["access_token"].as_str().unwrap().to_string();
    let q = "{ orders(first: 5) { nodes { name email shippingAddress { name address1 } } } }";
    sb.post_json("/_sandbox/shopify/guarded/orders", json!({ "email": "ada@example.com" })).await;
    let seen = common::shopify::gql(&sb, "guarded", &token, q, json!({})).await;
    assert_eq!(seen["data"]["orders"]["nodes"][0]["email"], "ada@example.com", "{seen}");

    sb.post_json("/_sandbox/shopify/guarded/protected-data", json!({ "approved": false })).await;
    let hidden = common::shopify::gql(&sb, "guarded", &token, q, json!({})).await;
    let order = &hidden["data"]["orders"]["nodes"][0];
    assert!(order["email"].is_null() && order["shippingAddress"].is_null(), "{hidden}");
    assert!(order["name"].is_string(), "the order itself is still there");
}
