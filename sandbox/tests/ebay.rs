//! The eBay dialect (OAuth2 client credentials, Browse API) serves the same catalogue as the
//! JSON protocol for source `ebay`: same listings in the same order, same variants, prices,
//! stock, sales and shipping.
use crate::common;
use serde_json::{Value, json};

const TOKEN: &str = "sandbox-ebay-app-token";

async fn json_api(sb: &common::Sandbox, path: &str) -> Value {
    sb.http.get(sb.url(&format!("/suppliers/ebay/api{path}"))).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap()
}

async fn browse(sb: &common::Sandbox, path: &str, country: Option<&str>) -> (u16, Value) {
    let mut req = sb.http.get(sb.url(&format!("/ebay/buy/browse/v1{path}"))).bearer_auth(TOKEN).header("X-EBAY-C-MARKETPLACE-ID", "EBAY_US");
    if let Some(c) = country {
        req = req.header("X-EBAY-C-ENDUSERCTX", format!("contextualLocation=country%3D{c}%2Czip%3D10115"));
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

#[tokio::test]
async fn client_credentials_token_and_search_rules() {
    let sb = common::start().await;
    let url = sb.url("/ebay/identity/v1/oauth2/token");
    let form = [("grant_type", "client_credentials"), ("scope", "https://api.ebay.com/oauth/api_scope")];
    let bad = sb.http.post(&url).basic_auth("sandbox-ebay-client-id", Some("wrong")).form(&form).send().await.unwrap();
    assert_eq!(bad.status().as_u16(), 401);
    let ok: Value =
        sb.http.post(&url).basic_auth("sandbox-ebay-client-id", Some("sandbox-ebay-client-secret")).form(&form).send().await.unwrap().json().await.unwrap();
    assert_eq!((ok["access_token"].as_str(), ok["expires_in"].as_i64()), (Some(TOKEN), Some(7200)));

    let anonymous = sb.http.get(sb.url("/ebay/buy/browse/v1/item_summary/search?q=lamp")).send().await.unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
    let (status, body) = browse(&sb, "/item_summary/search?limit=3", None).await;
    assert_eq!((status, body["errors"][0]["errorId"].as_i64()), (400, Some(12001)), "a query or a category is required");
}

#[tokio::test]
async fn search_pages_are_the_catalogue_pages() {
    let sb = common::start().await;
    let (p1, p2, p3) = (
        json_api(&sb, "/products?page=1&page_size=100").await,
        json_api(&sb, "/products?page=2&page_size=100").await,
        json_api(&sb, "/products?page=3&page_size=100").await,
    );
    let catalogue: Vec<Value> = [p1, p2, p3].iter().flat_map(|p| p["items"].as_array().unwrap().clone()).collect();
    let (status, page) = browse(&sb, "/item_summary/search?category_ids=0&limit=100&offset=150", None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 3000);
    let summaries = page["itemSummaries"].as_array().unwrap();
    let ids: Vec<&Value> = summaries.iter().map(|s| &s["legacyItemId"]).collect();
    let expected: Vec<&Value> = catalogue[150..250].iter().map(|s| &s["id"]).collect();
    assert_eq!(ids, expected, "offset paging walks the catalogue order");
    let (first, hit) = (&catalogue[150], &summaries[0]);
    assert_eq!(hit["price"], json!({"value": first["price"]["amount"], "currency": "USD"}));
    assert_eq!(hit["title"], first["title"]);
    assert_eq!(hit["categories"][0]["categoryId"], first["category"]["id"].to_string());

    let word = first["title"].as_str().unwrap().split_whitespace().last().unwrap().to_lowercase();
    let (_, found) = browse(&sb, &format!("/item_summary/search?q={word}&limit=200"), None).await;
    assert!(found["itemSummaries"].as_array().unwrap().iter().all(|s| s["title"].as_str().unwrap().to_lowercase().contains(&word)));
}

#[tokio::test]
async fn items_and_groups_carry_the_catalogue_variants() {
    let sb = common::start().await;
    let list = json_api(&sb, "/products?page_size=40").await;
    let (mut groups, mut singles) = (0, 0);
    for id in list["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap()) {
        let product = json_api(&sb, &format!("/products/{id}")).await;
        let variants = product["variants"].as_array().unwrap();
        let (status, single) = browse(&sb, &format!("/item/v1%7C{id}%7C0"), None).await;
        let items: Vec<Value> = if product["options"].as_array().unwrap().is_empty() {
            singles += 1;
            assert_eq!(status, 200, "{single}");
            vec![single]
        } else {
            groups += 1;
            assert_eq!((status, single["errors"][0]["errorId"].as_i64()), (400, Some(11006)), "a group's parent is not an item");
            let (status, group) = browse(&sb, &format!("/item/get_items_by_item_group?item_group_id={id}"), None).await;
            assert_eq!(status, 200);
            assert_eq!(group["commonDescriptions"][0]["description"], product["description"]);
            group["items"].as_array().unwrap().clone()
        };
        assert_eq!(items.len(), variants.len());
        let sold: i64 = items.iter().map(|i| i["estimatedAvailabilities"][0]["estimatedSoldQuantity"].as_i64().unwrap()).sum();
        assert_eq!(sold, product["orders"].as_i64().unwrap(), "item sales add up to the listing's orders");
        for (item, v) in items.iter().zip(variants) {
            assert_eq!(item["price"]["value"], v["price"]);
            assert_eq!(item["marketingPrice"]["originalPrice"]["value"], v["compare_at_price"]);
            assert_eq!(item["estimatedAvailabilities"][0]["estimatedAvailableQuantity"], v["stock"]);
            for (name, value) in v["options"].as_object().unwrap() {
                assert!(item["localizedAspects"].as_array().unwrap().iter().any(|a| a["name"] == name.as_str() && a["value"] == *value), "{name} in {item}");
            }
        }
    }
    assert!(groups > 0 && singles > 0, "groups {groups}, single items {singles}");
    let (status, _) = browse(&sb, "/item/v1%7Cno-such-item%7C0", None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn shipping_is_estimated_for_the_buyers_country() {
    let sb = common::start().await;
    let list = json_api(&sb, "/products?page_size=100").await;
    let mut checked_refusal = false;
    for id in list["items"].as_array().unwrap().iter().take(40).map(|i| i["id"].as_str().unwrap()) {
        let product = json_api(&sb, &format!("/products/{id}")).await;
        let first = if product["options"].as_array().unwrap().is_empty() { format!("v1%7C{id}%7C0") } else { format!("v1%7C{id}%7C1") };
        let (_, de) = browse(&sb, &format!("/item/{first}?quantity_for_shipping_estimate=2"), Some("DE")).await;
        if !product["ships_to"].as_array().unwrap().contains(&json!("DE")) {
            assert!(de.get("shippingOptions").is_none(), "made in the US ships to US and CA only");
            continue;
        }
        let freight = json_api(&sb, &format!("/products/{id}/freight?country=DE&quantity=2")).await;
        let costs: Vec<&Value> = de["shippingOptions"].as_array().unwrap().iter().map(|o| &o["shippingCost"]["value"]).collect();
        let expected: Vec<&Value> = freight["options"].as_array().unwrap().iter().map(|o| &o["amount"]).collect();
        assert_eq!(costs, expected);
        assert_eq!(de["shippingOptions"][0]["quantityUsedForEstimate"], 2);
        if !product["ships_to"].as_array().unwrap().contains(&json!("BR")) {
            let (_, br) = browse(&sb, &format!("/item/{first}"), Some("BR")).await;
            assert!(br.get("shippingOptions").is_none(), "no shipping where it does not ship");
            checked_refusal = true;
        }
    }
    assert!(checked_refusal);
}
