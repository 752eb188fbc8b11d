//! Lookups by handle and SKU read each store's index, not a scan of its products: whatever a
//! write changes (a handle, a SKU, a deletion), the next lookup finds it where it is now and
//! no longer where it was, and a freed handle or SKU can be taken again.
use crate::channel_products::{tiktok_product, tiktok_token, tts};
use crate::common;
use crate::woocommerce::{Woo, keys_via_wc_auth};
use common::shopify::{gql, install};
use reqwest::Method;
use serde_json::{Value, json};

const SET: &str = "mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) { product { id handle } userErrors { code } } }";
const UPDATE: &str = "mutation($product: ProductUpdateInput!) { productUpdate(product: $product) { product { handle } userErrors { message } } }";
const BY_HANDLE: &str = "query($h: String!) { productByIdentifier(identifier: { handle: $h }) { id } }";
const BY_SKU: &str = "query($q: String!) { productVariants(first: 5, query: $q) { nodes { sku product { id } } } }";

#[tokio::test]
async fn a_shopify_handle_or_sku_that_moved_is_found_where_it_is_now() {
    let sb = common::start().await;
    let token = install(&sb, "moves").await;
    let call = |q: &'static str, v: Value| gql(&sb, "moves", &token, q, v);
    let variants = |sku: &str| json!([{ "optionValues": [{ "optionName": "Title", "name": "Default Title" }], "sku": sku }]);
    let options = json!([{ "name": "Title", "values": [{ "name": "Default Title" }] }]);
    let input = |sku: &str| json!({ "title": "Lamp", "handle": "lamp-a", "productOptions": options, "variants": variants(sku) });
    let made = call(SET, json!({ "identifier": { "handle": "lamp-a" }, "input": input("SKU-1") })).await;
    let id = made["data"]["productSet"]["product"]["id"].as_str().unwrap().to_string();
    assert_eq!(call(BY_HANDLE, json!({ "h": "lamp-a" })).await["data"]["productByIdentifier"]["id"], id.as_str());
    assert_eq!(call(BY_SKU, json!({ "q": "sku:sku-1" })).await["data"]["productVariants"]["nodes"][0]["product"]["id"], id.as_str());

    let moved = call(UPDATE, json!({ "product": { "id": id, "handle": "lamp-b" } })).await;
    assert_eq!(moved["data"]["productUpdate"]["product"]["handle"], "lamp-b", "{moved}");
    assert_eq!(call(BY_HANDLE, json!({ "h": "lamp-a" })).await["data"]["productByIdentifier"], Value::Null);
    assert_eq!(call(BY_HANDLE, json!({ "h": "lamp-b" })).await["data"]["productByIdentifier"]["id"], id.as_str());
    // The freed handle is free: an upsert under it makes a second product.
    let again = call(SET, json!({ "identifier": { "handle": "lamp-a" }, "input": input("SKU-2") })).await;
    let second = again["data"]["productSet"]["product"]["id"].as_str().unwrap().to_string();
    assert_ne!(second, id, "{again}");
    // productSet replaced the first product's variants: its SKU follows.
    call(SET, json!({ "identifier": { "id": id }, "input": { "title": "Lamp", "productOptions": options, "variants": variants("SKU-3") } })).await;
    assert_eq!(call(BY_SKU, json!({ "q": "sku:SKU-1" })).await["data"]["productVariants"]["nodes"], json!([]));
    assert_eq!(call(BY_SKU, json!({ "q": "sku:SKU-3" })).await["data"]["productVariants"]["nodes"][0]["product"]["id"], id.as_str());
    let deleted = call("mutation($id: ID!) { productDelete(input: { id: $id }) { deletedProductId } }", json!({ "id": second })).await;
    assert_eq!(deleted["data"]["productDelete"]["deletedProductId"], second.as_str(), "{deleted}");
    assert_eq!(call(BY_HANDLE, json!({ "h": "lamp-a" })).await["data"]["productByIdentifier"], Value::Null);
    assert_eq!(call(BY_SKU, json!({ "q": "sku:SKU-2" })).await["data"]["productVariants"]["nodes"], json!([]));
}

#[tokio::test]
async fn a_woocommerce_sku_freed_by_an_edit_or_a_deletion_can_be_taken_again() {
    let sb = common::start().await;
    let (ck, cs) = keys_via_wc_auth(&sb, "skus").await;
    let woo = Woo { sb: &sb, store: "skus", ck, cs };
    let post = |name: &str, sku: &str| woo.send(Method::POST, "/products", Some(json!({ "name": name, "sku": sku })));
    let a: Value = post("A", "A-1").await.json().await.unwrap();
    let aid = a["id"].as_u64().unwrap();
    woo.send(Method::PUT, &format!("/products/{aid}"), Some(json!({ "sku": "A-2" }))).await;
    assert_eq!(by_sku(&woo, "A-1").await, json!([]));
    assert_eq!(by_sku(&woo, "A-2").await[0]["id"], aid);
    assert_eq!(post("B", "A-1").await.status(), 201, "the old SKU is free again");
    assert_eq!(post("C", "A-2").await.status(), 400, "the new one is taken");

    let v: Value = woo.send(Method::POST, &format!("/products/{aid}/variations"), Some(json!({ "sku": "V-1" }))).await.json().await.unwrap();
    let vid = v["id"].as_u64().unwrap();
    assert_eq!(post("D", "V-1").await.status(), 400, "a variation's SKU is taken for products too");
    woo.send(Method::PUT, &format!("/products/{aid}/variations/{vid}"), Some(json!({ "sku": "V-2" }))).await;
    assert_eq!(post("E", "V-1").await.status(), 201);
    woo.send(Method::DELETE, &format!("/products/{aid}?force=true"), None).await;
    assert_eq!(post("F", "A-2").await.status(), 201, "a deleted product frees its SKU");
    assert_eq!(post("G", "V-2").await.status(), 201, "and its variations'");
    let f = by_sku(&woo, "A-2").await;
    assert_eq!((f.as_array().unwrap().len(), &f[0]["name"]), (1, &json!("F")));
}

async fn by_sku(woo: &Woo<'_>, sku: &str) -> Value {
    woo.send(Method::GET, &format!("/products?sku={sku}"), None).await.json().await.unwrap()
}

#[tokio::test]
async fn a_tiktok_product_is_searched_by_the_seller_skus_it_has_now() {
    let sb = common::start().await;
    let (token, _) = tiktok_token(&sb).await;
    let wh = sb.http.get(sb.url("/channels/tiktok/api/logistics/202309/warehouses")).header("x-tts-access-token", &token).send().await.unwrap();
    let warehouse = wh.json::<Value>().await.unwrap()["data"]["warehouses"][0]["id"].as_str().unwrap().to_string();
    let base = "/channels/tiktok/api/product/202309";
    let (_, made) = tts(&sb, &token, "POST", &format!("{base}/products"), &[], Some(tiktok_product("Lamp", &warehouse, ["1.00", "2.00"]))).await;
    let id = made["data"]["product_id"].as_str().unwrap().to_string();
    let mut renamed = tiktok_product("Lamp", &warehouse, ["1.00", "2.00"]);
    renamed["skus"][0]["seller_sku"] = json!("NEW-0");
    let (_, edited) = tts(&sb, &token, "PUT", &format!("{base}/products/{id}"), &[], Some(renamed)).await;
    assert_eq!(edited["code"], 0, "{edited}");
    let path = format!("{base}/products/search");
    let search = |skus: Value| tts(&sb, &token, "POST", &path, &[("page_size", "10")], Some(json!({ "seller_skus": skus })));
    assert_eq!(search(json!(["DL-sku0"])).await.1["data"]["total_count"], 0, "the old SKU is gone");
    assert_eq!(search(json!(["NEW-0"])).await.1["data"]["products"][0]["id"], id.as_str());
    assert_eq!(search(json!(["NEW-0", "DL-sku1"])).await.1["data"]["total_count"], 1, "one product, however many of its SKUs match");
}
