//! Handles as Shopify keeps them since 2025-01: a given handle must be free, one made from the
//! title gets a suffix, and `productSet(identifier: {handle})` (2025-04) upserts, so two pushes
//! of one product at once leave one product.
use crate::common;
use common::shopify::{gql, install};
use serde_json::{Value, json};

const UPSERT: &str = "mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) { product { id handle title } userErrors { field message code } } }";
const CREATE: &str = "mutation($product: ProductCreateInput!) { productCreate(product: $product) { product { id handle } userErrors { field message } } }";

/// The shop's handles that start with `prefix` (some shops come with seeded products).
fn handles(shop: &Value, prefix: &str) -> Vec<String> {
    let all = shop["products"].as_object().unwrap().values().map(|p| p["handle"].as_str().unwrap().to_string());
    let mut h: Vec<String> = all.filter(|h| h.starts_with(prefix)).collect();
    h.sort();
    h
}

#[tokio::test]
async fn concurrent_upserts_by_handle_leave_one_product() {
    let sb = common::start().await;
    let token = install(&sb, "upsert").await;
    let input = |title: &str| json!({ "identifier": { "handle": "lamp-dl1" }, "input": { "title": title, "handle": "lamp-dl1" } });
    let calls = (0..8).map(|i| gql(&sb, "upsert", &token, UPSERT, input(&format!("Lamp {i}"))));
    let answers = futures::future::join_all(calls).await;
    for a in &answers {
        assert_eq!(a["data"]["productSet"]["userErrors"], json!([]), "{a}");
    }
    let ids: std::collections::HashSet<&str> = answers.iter().map(|a| a["data"]["productSet"]["product"]["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 1, "every upsert answered the same product");
    assert_eq!(handles(&sb.get_json("/_sandbox/shopify/upsert").await, "lamp"), vec!["lamp-dl1"]);
}

#[tokio::test]
async fn a_taken_handle_is_refused_and_a_title_handle_gets_a_suffix() {
    let sb = common::start().await;
    let token = install(&sb, "handles").await;
    let first = gql(&sb, "handles", &token, CREATE, json!({ "product": { "title": "Desk Lamp" } })).await;
    assert_eq!(first["data"]["productCreate"]["product"]["handle"], "desk-lamp", "{first}");
    let twin = gql(&sb, "handles", &token, CREATE, json!({ "product": { "title": "Desk Lamp" } })).await;
    assert_eq!(twin["data"]["productCreate"]["product"]["handle"], "desk-lamp-1", "{twin}");

    let taken = gql(&sb, "handles", &token, CREATE, json!({ "product": { "title": "Other", "handle": "desk-lamp" } })).await;
    // productCreate answers Shopify's plain UserError, which has no code.
    let e = &taken["data"]["productCreate"]["userErrors"][0];
    assert_eq!(e["field"], json!(["handle"]), "{taken}");
    assert!(e["message"].as_str().unwrap().contains("already in use"), "{taken}");
    let set = gql(&sb, "handles", &token, UPSERT, json!({ "input": { "title": "Other", "handle": "desk-lamp-1" } })).await;
    assert_eq!(set["data"]["productSet"]["userErrors"][0]["code"], "HANDLE_NOT_UNIQUE", "{set}");
    assert_eq!(set["data"]["productSet"]["userErrors"][0]["field"], json!(["input", "handle"]));
    assert_eq!(handles(&sb.get_json("/_sandbox/shopify/handles").await, "desk-lamp"), vec!["desk-lamp", "desk-lamp-1"], "the refused calls created nothing");
}
