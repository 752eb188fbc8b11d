//! Collections and product tags as Shopify's Admin API serves them: `collections` filtered by
//! `collection_type`, `productTags` up to 5000 a page (2 points: a connection of strings returns no objects),
//! `collectionCreate`, and `productSet`'s declarative `collections`, which refuses a smart
//! collection and an unknown id before writing anything.
use crate::common;
use common::shopify::{gql, install};
use serde_json::{Value, json};

const COLLECTIONS: &str = "query($q: String) { collections(first: 10, query: $q) { nodes { id title handle } } }";
const TAGS: &str = "query($n: Int) { productTags(first: $n) { nodes pageInfo { hasNextPage } } }";
const CREATE: &str = "mutation($c: CollectionCreateInput!) { collectionCreate(collection: $c) { collection { id handle } userErrors { field message } } }";
const SET: &str = "mutation($input: ProductSetInput!) { productSet(input: $input, synchronous: true) { product { id } userErrors { field message code } } }";

fn titles(a: &Value) -> Vec<&str> {
    a["data"]["collections"]["nodes"].as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn collections_tags_and_a_products_membership() {
    let sb = common::start().await;
    let token = install(&sb, "collect").await;
    let all = gql(&sb, "collect", &token, COLLECTIONS, json!({})).await;
    assert_eq!(titles(&all), ["Home page", "Best sellers"]);
    let custom = gql(&sb, "collect", &token, COLLECTIONS, json!({ "q": "collection_type:custom" })).await;
    assert_eq!(titles(&custom), ["Home page"]);
    let smart_id = all["data"]["collections"]["nodes"][1]["id"].clone();

    let made = gql(&sb, "collect", &token, CREATE, json!({ "c": { "title": "Home page" } })).await;
    assert_eq!(made["data"]["collectionCreate"]["collection"]["handle"], "home-page-1", "titles may repeat, handles not: {made}");
    let gifts = gql(&sb, "collect", &token, CREATE, json!({ "c": { "title": "Gifts" } })).await["data"]["collectionCreate"]["collection"]["id"].clone();
    let blank = gql(&sb, "collect", &token, CREATE, json!({ "c": { "title": " " } })).await;
    assert_eq!(blank["data"]["collectionCreate"]["userErrors"][0]["field"], json!(["title"]));

    let refused = gql(&sb, "collect", &token, SET, json!({ "input": { "title": "Lamp", "tags": ["zebra"], "collections": [gifts, smart_id] } })).await;
    assert_eq!(refused["data"]["productSet"]["userErrors"][0]["field"], json!(["input", "collections", "1"]), "{refused}");
    let unknown = gql(&sb, "collect", &token, SET, json!({ "input": { "title": "Lamp", "collections": ["gid://shopify/Collection/1"] } })).await;
    assert_eq!(unknown["data"]["productSet"]["userErrors"][0]["code"], "INVALID_INPUT", "{unknown}");
    let set = gql(&sb, "collect", &token, SET, json!({ "input": { "title": "Lamp", "tags": ["zebra"], "collections": [gifts] } })).await;
    let product = set["data"]["productSet"]["product"]["id"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let holding = gql(&sb, "collect", &token, COLLECTIONS, json!({ "q": format!("product_id:{product}") })).await;
    assert_eq!(titles(&holding), ["Gifts"], "the refused calls changed nothing");

    let tags = gql(&sb, "collect", &token, TAGS, json!({ "n": 5000 })).await;
    assert_eq!(tags["data"]["productTags"]["nodes"], json!(["sandbox-seed", "zebra"]), "{tags}");
    assert_eq!(tags["extensions"]["cost"]["requestedQueryCost"], 2, "strings are no objects: 2 at any size");
    let over = gql(&sb, "collect", &token, TAGS, json!({ "n": 5001 })).await;
    assert!(over["errors"].is_array(), "{over}");
}
