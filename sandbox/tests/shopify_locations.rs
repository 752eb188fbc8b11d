//! Locations as Shopify keeps them: a stock line of `productSet` must name one (`locationId:
//! ID!`), reading them needs `read_locations`, and a merchant can add a new default location
//! and deactivate the old one.
use crate::common;
use common::shopify::{gql, install};
use serde_json::{Value, json};

const SET: &str = "mutation($input: ProductSetInput!) {
  productSet(input: $input, synchronous: true) { product { id totalInventory } userErrors { field message code } } }";
const LOCATIONS: &str = "query($inactive: Boolean) { location { id name isActive }
  locations(first: 10, includeInactive: $inactive) { nodes { id name isActive } } }";

fn product(stock: Value) -> Value {
    json!({ "input": { "title": "Desk Lamp", "variants": [{ "optionValues": [], "price": "19.99", "inventoryQuantities": [stock] }] } })
}

async fn install_with(sb: &common::Sandbox, shop: &str, scope: &str) -> String {
    let r = sb.post_json(&format!("/_sandbox/shopify/{shop}/install"), json!({ "scope": scope })).await;
    r["access_token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_stock_line_must_name_an_active_location() {
    let sb = common::start().await;
    let token = install_with(&sb, "stock", "write_products,read_locations").await;
    let missing = gql(&sb, "stock", &token, SET, product(json!({ "name": "available", "quantity": 5 }))).await;
    assert!(missing["data"].is_null(), "refused before it runs, as Shopify's schema refuses it: {missing}");
    assert!(missing["errors"][0]["message"].as_str().unwrap().contains("locationId"), "{missing}");

    let unknown = gql(&sb, "stock", &token, SET, product(json!({ "locationId": "gid://shopify/Location/1", "name": "available", "quantity": 5 }))).await;
    let e = &unknown["data"]["productSet"]["userErrors"][0];
    assert_eq!(e["code"], "NOT_FOUND", "{unknown}");
    assert_eq!(e["field"], json!(["input", "variants", "0", "inventoryQuantities", "0", "locationId"]));

    let primary = gql(&sb, "stock", &token, LOCATIONS, json!({})).await["data"]["location"]["id"].as_str().unwrap().to_string();
    let named = gql(&sb, "stock", &token, SET, product(json!({ "locationId": primary, "name": "committed", "quantity": 5 }))).await;
    assert_eq!(named["data"]["productSet"]["userErrors"][0]["code"], "INVALID_INPUT", "only available and on_hand are set: {named}");
    let ok = gql(&sb, "stock", &token, SET, product(json!({ "locationId": primary, "name": "available", "quantity": 5 }))).await;
    assert_eq!(ok["data"]["productSet"]["userErrors"], json!([]), "{ok}");
    assert_eq!(ok["data"]["productSet"]["product"]["totalInventory"], 5);
}

#[tokio::test]
async fn reading_locations_needs_the_read_locations_scope() {
    let sb = common::start().await;
    let token = install(&sb, "noscope").await;
    let denied = gql(&sb, "noscope", &token, "{ locations(first: 5) { nodes { name } } }", json!({})).await;
    assert_eq!(denied["errors"][0]["extensions"]["code"], "ACCESS_DENIED", "{denied}");
    assert!(denied["data"].is_null() || denied["data"]["locations"].is_null(), "{denied}");
}

#[tokio::test]
async fn a_new_default_location_takes_over_and_the_old_one_can_be_deactivated() {
    let sb = common::start().await;
    let token = install_with(&sb, "moving", "write_products,read_locations").await;
    let first = gql(&sb, "moving", &token, LOCATIONS, json!({})).await;
    assert_eq!(first["data"]["location"]["name"], "Shop location", "{first}");
    let old = first["data"]["location"]["id"].as_str().unwrap().to_string();
    let old_id: u64 = old.rsplit('/').next().unwrap().parse().unwrap();

    let refused = sb.http.post(sb.url(&format!("/_sandbox/shopify/moving/locations/{old_id}/deactivate"))).send().await.unwrap();
    assert_eq!(refused.status(), 409, "the default location cannot be deactivated");

    sb.post_json("/_sandbox/shopify/moving/locations", json!({ "name": "Warehouse", "primary": true })).await;
    let r = sb.http.post(sb.url(&format!("/_sandbox/shopify/moving/locations/{old_id}/deactivate"))).send().await.unwrap();
    assert_eq!(r.status(), 200);

    let now = gql(&sb, "moving", &token, LOCATIONS, json!({})).await;
    assert_eq!(now["data"]["location"]["name"], "Warehouse", "{now}");
    let names = |v: &Value| v["data"]["locations"]["nodes"].as_array().unwrap().iter().map(|n| n["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(names(&now), vec!["Warehouse"], "inactive locations are left out by default");
    let all = gql(&sb, "moving", &token, LOCATIONS, json!({ "inactive": true })).await;
    assert_eq!(names(&all), vec!["Shop location", "Warehouse"], "sorted by name");

    let stale = gql(&sb, "moving", &token, SET, product(json!({ "locationId": old, "name": "available", "quantity": 1 }))).await;
    assert_eq!(stale["data"]["productSet"]["userErrors"][0]["code"], "NOT_FOUND", "stock cannot go to a deactivated location: {stale}");
}
