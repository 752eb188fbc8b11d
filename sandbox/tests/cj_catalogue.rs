//! The CJ dialect's catalogue reads: an access token from the API key, product/list,
//! product/query with `productKeyEn` and `variantKey`, product/variant/query, all over the
//! catalogue the JSON protocol serves for source `cj`.
use crate::common;
use serde_json::{Value, json};

async fn cj(sb: &common::Sandbox, path: &str, token: &str) -> Value {
    sb.http.get(sb.url(&format!("/cj/api2.0/v1{path}"))).header("CJ-Access-Token", token).send().await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn api_key_buys_the_access_token() {
    let sb = common::start().await;
    let bad = sb.post_json("/cj/api2.0/v1/authentication/getAccessToken", json!({"apiKey": "nope"})).await;
    assert_eq!(bad["result"], false);
    let ok = sb.post_json("/cj/api2.0/v1/authentication/getAccessToken", json!({"apiKey": "sandbox-cj-api-key"})).await;
    assert_eq!(ok["code"], 200);
    let token = ok["data"]["accessToken"].as_str().unwrap();
    assert_eq!(cj(&sb, "/product/list?pageNum=1&pageSize=1", token).await["code"], 200);
    // CJ's pages hold up to 200 products.
    for (asked, got) in [(200, 200), (250, 200)] {
        let page = cj(&sb, &format!("/product/list?pageNum=1&pageSize={asked}"), token).await;
        assert_eq!((page["data"]["list"].as_array().unwrap().len(), page["data"]["pageSize"].as_u64()), (got, Some(got as u64)));
    }
}

#[tokio::test]
async fn products_name_their_options_and_variants() {
    let sb = common::start().await;
    let token = "sandbox-cj-access-token";
    let list = cj(&sb, "/product/list?pageNum=1&pageSize=30", token).await;
    let mut named = 0;
    for item in list["data"]["list"].as_array().unwrap() {
        let pid = item["pid"].as_str().unwrap();
        let json_api: Value =
            sb.http.get(sb.url(&format!("/suppliers/cj/api/products/{pid}"))).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
        assert_eq!(item["listedNum"], json_api["orders"]);
        assert!(item["sellPrice"].is_number(), "CJ sends amounts as numbers");
        let p = cj(&sb, &format!("/product/query?pid={pid}"), token).await["data"].clone();
        let names: Vec<&str> = json_api["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
        assert_eq!(p["productKeyEn"], names.join("-"));
        assert_eq!(p["productImageSet"].as_array().unwrap().len(), json_api["images"].as_array().unwrap().len());
        let variants = cj(&sb, &format!("/product/variant/query?pid={pid}"), token).await["data"].clone();
        assert_eq!(variants, p["variants"], "variant/query lists what product/query embeds");
        for (v, expected) in variants.as_array().unwrap().iter().zip(json_api["variants"].as_array().unwrap()) {
            assert_eq!(v["vid"], expected["sku_id"]);
            let values: Vec<&str> = names.iter().map(|n| expected["options"][n].as_str().unwrap()).collect();
            assert_eq!(v["variantKey"], values.join("-"));
            assert_eq!(v["variantSellPrice"].as_f64(), expected["price"].as_str().unwrap().parse::<f64>().ok());
            assert_eq!(v["inventoryNum"], expected["stock"]);
            assert_eq!(v["inventories"][0]["countryCode"], json_api["ship_from"]);
        }
        named += usize::from(names.len() >= 2);
    }
    assert!(named > 0, "some products have two or more options");
    let one = cj(&sb, &format!("/product/variant/query?vid={}-0", list["data"]["list"][0]["pid"].as_str().unwrap()), token).await;
    assert_eq!(one["data"].as_array().unwrap().len(), 1);
    assert_eq!(cj(&sb, "/product/query?pid=nope", token).await["result"], false);
}
