//! Shopify's enum-typed output fields answer the enum's values (the contract test holds the types
//! to Shopify's schema; this holds what comes back over the wire), and publishablePublish answers
//! the `Publishable` interface, read through a fragment as clients must.
use crate::common;
use serde_json::json;

#[tokio::test]
async fn enum_fields_answer_shopifys_values() {
    let sb = common::start().await;
    let token = sb.post_json("/_sandbox/shopify/enums/install", json!({})).await["access_token"].as_str().unwrap().to_string();
    let gql = |q: &'static str, vars| common::shopify::gql(&sb, "enums", &token, q, vars);
    sb.post_json("/_sandbox/shopify/enums/orders", json!({ "shipping_address": { "country_code": "US" } })).await;

    let q = "{ shop { currencyCode } orders(first: 1) { nodes { id currencyCode displayFinancialStatus displayFulfillmentStatus cancelReason
        totalPriceSet { shopMoney { currencyCode } } shippingAddress { countryCodeV2 }
        fulfillmentOrders(first: 1) { nodes { status requestStatus } } } }
        products(first: 1) { nodes { id status variantsCount { precision } media(first: 1) { nodes { status mediaContentType } } } } }";
    let seen = gql(q, json!({})).await;
    let d = &seen["data"];
    let shop_currency = d["shop"]["currencyCode"].as_str().unwrap_or_default().to_string();
    assert!(["USD", "GBP", "EUR", "CAD", "AUD"].contains(&shop_currency.as_str()), "{seen}");
    let order = &d["orders"]["nodes"][0];
    assert_eq!(order["currencyCode"], shop_currency.as_str(), "{seen}");
    assert_eq!(order["totalPriceSet"]["shopMoney"]["currencyCode"], shop_currency.as_str());
    assert_eq!((&order["displayFinancialStatus"], &order["displayFulfillmentStatus"]), (&json!("PAID"), &json!("UNFULFILLED")));
    assert!(order["cancelReason"].is_null());
    assert_eq!(order["shippingAddress"]["countryCodeV2"], "US");
    assert_eq!(order["fulfillmentOrders"]["nodes"][0], json!({ "status": "OPEN", "requestStatus": "UNSUBMITTED" }));
    let product = &d["products"]["nodes"][0];
    assert_eq!((&product["status"], &product["variantsCount"]["precision"]), (&json!("ACTIVE"), &json!("EXACT")), "{seen}");
    assert_eq!(product["media"]["nodes"][0], json!({ "status": "READY", "mediaContentType": "IMAGE" }));

    let id = order["id"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    sb.post_json(&format!("/_sandbox/shopify/enums/orders/{id}/cancel"), json!({})).await;
    let cancelled = gql("{ orders(first: 1) { nodes { displayFinancialStatus cancelReason } } }", json!({})).await;
    assert_eq!(cancelled["data"]["orders"]["nodes"][0], json!({ "displayFinancialStatus": "REFUNDED", "cancelReason": "CUSTOMER" }));

    let publication = gql("{ publications(first: 1) { nodes { id } } }", json!({})).await["data"]["publications"]["nodes"][0]["id"].clone();
    let publish = "mutation($id: ID!, $input: [PublicationInput!]!) { publishablePublish(id: $id, input: $input) {
        publishable { __typename ... on Product { id } publishedOnPublication(publicationId: $pub) } userErrors { field message } } }"
        .replace("$input: [PublicationInput!]!)", "$input: [PublicationInput!]!, $pub: ID!)");
    let vars = json!({ "id": product["id"], "input": [{ "publicationId": publication }], "pub": publication });
    let published = common::shopify::gql(&sb, "enums", &token, &publish, vars).await;
    let p = &published["data"]["publishablePublish"]["publishable"];
    assert_eq!((&p["__typename"], &p["id"], &p["publishedOnPublication"]), (&json!("Product"), &product["id"], &json!(true)), "{published}");

    // A refused productSet answers ProductSetUserErrorCode's value.
    let set = "mutation($input: ProductSetInput!) { productSet(input: $input, synchronous: true) { userErrors { field code } } }";
    let refused = gql(set, json!({ "input": { "handle": "no-title" } })).await;
    assert_eq!(refused["data"]["productSet"]["userErrors"][0]["code"], "INVALID_PRODUCT", "{refused}");
}
