use crate::common;
use common::shopify::{SECRET, gql, install};
use common::{Receiver, hmac_b64, param};
use serde_json::{Value, json};

const PRODUCT_SET: &str = "mutation($input: ProductSetInput!) { productSet(input: $input, synchronous: true) {
  product { id title handle options { name values } variantsCount { count } variants(first: 10) { edges { node { id sku price selectedOptions { name value } } } } }
  userErrors { field message code } } }";

/// `productSet` of a product "Huge" in the shop `acme` with one option of `n` values and a variant
/// for each; answers the product's id and variant count, or the errors.
async fn set_product_with_variants(sb: &common::Sandbox, token: &str, n: usize) -> Value {
    let values: Vec<Value> = (0..n).map(|i| json!({"name": format!("v{i}")})).collect();
    let variants: Vec<Value> = (0..n).map(|i| json!({"optionValues": [{"optionName": "N", "name": format!("v{i}")}], "price": "1.00"})).collect();
    let set = "mutation($input: ProductSetInput!) { productSet(input: $input) { product { id variantsCount { count } } userErrors { field message } } }";
    gql(sb, "acme", token, set, json!({"input": {"title": "Huge", "productOptions": [{"name": "N", "values": values}], "variants": variants}})).await
}

#[tokio::test]
async fn oauth_graphql_products_and_limits() {
    let sb = common::start().await;
    let token = install(&sb, "acme").await;

    let bad = sb
        .http
        .post(sb.url("/shops/acme.myshopify.com/admin/api/2025-01/graphql.json"))
        .header("X-Shopify-Access-Token", "nope")
        .json(&json!({"query": "{ shop { name } }"}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 401);

    let r = gql(&sb, "acme", &token, PRODUCT_SET, json!({"input": {
        "title": "Magnetic Phone Holder", "productOptions": [
            {"name": "Color", "values": [{"name": "Black"}, {"name": "White"}]},
            {"name": "Size", "values": [{"name": "S"}, {"name": "M"}]}],
        "variants": [
            {"optionValues": [{"optionName": "Color", "name": "Black"}, {"optionName": "Size", "name": "S"}], "price": "12.50", "inventoryItem": {"sku": "MPH-BK-S"}},
            {"optionValues": [{"optionName": "Color", "name": "White"}, {"optionName": "Size", "name": "M"}], "price": "13.00", "sku": "MPH-WH-M"}]
    }})).await;
    let p = &r["data"]["productSet"]["product"];
    assert_eq!(r["data"]["productSet"]["userErrors"], json!([]), "{r}");
    assert_eq!(p["handle"], "magnetic-phone-holder");
    assert_eq!(p["variantsCount"]["count"], 2);
    let v0 = &p["variants"]["edges"][0]["node"];
    assert_eq!(v0["sku"], "MPH-BK-S");
    assert_eq!(v0["price"], "12.50");
    assert!(p["id"].as_str().unwrap().starts_with("gid://shopify/Product/"));
    let cost = &r["extensions"]["cost"];
    assert!(cost["requestedQueryCost"].as_u64().unwrap() >= 10);
    // A new shop is on the Standard plan: 100 points restored a second.
    assert_eq!(cost["throttleStatus"]["maximumAvailable"], 2000.0);
    assert_eq!(cost["throttleStatus"]["restoreRate"], 100.0);

    // Four options are rejected.
    let opts: Vec<Value> = ["A", "B", "C", "D"].iter().map(|n| json!({"name": n, "values": [{"name": "x"}]})).collect();
    let r = gql(&sb, "acme", &token, PRODUCT_SET, json!({"input": {"title": "Too many", "productOptions": opts}})).await;
    assert_eq!(r["data"]["productSet"]["product"], Value::Null);
    assert!(r["data"]["productSet"]["userErrors"][0]["message"].as_str().unwrap().contains("3"));

    // 2048 variants are fine, 2049 are not.
    let r = set_product_with_variants(&sb, &token, 2049).await;
    assert_eq!(r["data"]["productSet"]["product"], Value::Null, "{r}");
    let r = set_product_with_variants(&sb, &token, 2048).await;
    assert_eq!(r["data"]["productSet"]["product"]["variantsCount"]["count"], 2048, "{r}");
    let huge = r["data"]["productSet"]["product"]["id"].as_str().unwrap().to_string();

    // Cursor pagination walks the variants 250 at a time.
    let mut after: Option<String> = None;
    let mut seen = 0;
    loop {
        let r = gql(&sb, "acme", &token, "query($id: ID!, $after: String) { product(id: $id) { variants(first: 250, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }",
            json!({"id": huge, "after": after})).await;
        let conn = &r["data"]["product"]["variants"];
        seen += conn["edges"].as_array().unwrap().len();
        if !conn["pageInfo"]["hasNextPage"].as_bool().unwrap() {
            break;
        }
        after = conn["pageInfo"]["endCursor"].as_str().map(str::to_string);
        sb.post_json("/_sandbox/clock/advance", json!({"seconds": 20})).await;
    }
    assert_eq!(seen, 2048);

    // productCreate + productVariantsBulkCreate + productUpdate + search + delete.
    let r = gql(
        &sb,
        "acme",
        &token,
        "mutation($p: ProductCreateInput!) { productCreate(product: $p) { product { id variants(first: 5) { nodes { title } } } userErrors { message } } }",
        json!({"p": {"title": "Cat Tree", "status": "DRAFT"}}),
    )
    .await;
    let pid = r["data"]["productCreate"]["product"]["id"].as_str().unwrap().to_string();
    assert_eq!(r["data"]["productCreate"]["product"]["variants"]["nodes"][0]["title"], "Default Title");
    let r = gql(&sb, "acme", &token, "mutation($id: ID!, $v: [ProductVariantsBulkInput!]!) { productVariantsBulkCreate(productId: $id, variants: $v) { productVariants { id title } product { variantsCount { count } } userErrors { message } } }",
        json!({"id": pid, "v": [{"optionValues": [{"optionName": "Height", "name": "120cm"}], "price": "59.00", "inventoryItem": {"sku": "CT-120"}},
                                 {"optionValues": [{"optionName": "Height", "name": "150cm"}], "price": "79.00", "inventoryItem": {"sku": "CT-150"}}]})).await;
    assert_eq!(r["data"]["productVariantsBulkCreate"]["product"]["variantsCount"]["count"], 2, "{r}");
    let r = gql(
        &sb,
        "acme",
        &token,
        "mutation($p: ProductUpdateInput!) { productUpdate(product: $p) { product { title status } userErrors { message } } }",
        json!({"p": {"id": pid, "title": "Cat Tree XL", "status": "ACTIVE"}}),
    )
    .await;
    assert_eq!(r["data"]["productUpdate"]["product"]["status"], "ACTIVE");
    let r = gql(
        &sb,
        "acme",
        &token,
        "{ products(first: 5, query: \"sku:CT-150\") { edges { node { title } } } productVariants(first: 5, query: \"sku:CT-120\") { nodes { sku price } } }",
        json!({}),
    )
    .await;
    assert_eq!(r["data"]["products"]["edges"][0]["node"]["title"], "Cat Tree XL");
    assert_eq!(r["data"]["productVariants"]["nodes"][0]["price"], "59.00");
    let r = gql(
        &sb,
        "acme",
        &token,
        "mutation($i: ProductDeleteInput!) { productDelete(input: $i) { deletedProductId userErrors { message } } }",
        json!({"i": {"id": pid}}),
    )
    .await;
    assert_eq!(r["data"]["productDelete"]["deletedProductId"], pid);

    // Missing first/last is an error like Shopify's.
    let r = gql(&sb, "acme", &token, "{ products { edges { node { id } } } }", json!({})).await;
    assert!(r["errors"][0]["message"].as_str().unwrap().contains("first or last"));
}

/// Whether product `pid` of the shop `pubshop` is published on `publication`.
async fn published_on(sb: &common::Sandbox, token: &str, pid: &str, publication: &str) -> Value {
    let q = "query($id: ID!, $p: ID!) { product(id: $id) { publishedOnPublication(publicationId: $p) } }";
    gql(sb, "pubshop", token, q, json!({"id": pid, "p": publication})).await["data"]["product"]["publishedOnPublication"].clone()
}

#[tokio::test]
async fn publications_and_channels() {
    let sb = common::start().await;
    let token = install(&sb, "pubshop").await;
    let r = gql(&sb, "pubshop", &token, "{ publications(first: 20) { nodes { id name app { handle } } } }", json!({})).await;
    let pubs = r["data"]["publications"]["nodes"].as_array().unwrap().clone();
    let handles: Vec<&str> = pubs.iter().map(|p| p["app"]["handle"].as_str().unwrap()).collect();
    for h in ["facebook-ads", "google", "tiktok-ads-2", "shop-72", "snap-ads-sync", "pinterest-4", "x-ads"] {
        assert!(handles.contains(&h), "{h} missing from {handles:?}");
    }
    assert!(pubs.iter().any(|p| p["name"] == "Online Store"));
    let tiktok = pubs.iter().find(|p| p["app"]["handle"] == "tiktok-ads-2").unwrap()["id"].as_str().unwrap().to_string();
    let r = gql(&sb, "pubshop", &token, PRODUCT_SET, json!({"input": {"title": "Lamp"}})).await;
    let pid = r["data"]["productSet"]["product"]["id"].as_str().unwrap().to_string();
    let q = "mutation($id: ID!, $input: [PublicationInput!]!) { publishablePublish(id: $id, input: $input) { publishable { ... on Product { id } availablePublicationsCount { count } } userErrors { field message } } }";
    let r = gql(&sb, "pubshop", &token, q, json!({"id": pid, "input": [{"publicationId": tiktok}]})).await;
    assert_eq!(r["data"]["publishablePublish"]["userErrors"], json!([]), "{r}");
    assert_eq!(published_on(&sb, &token, &pid, &tiktok).await, true);
    let q = "mutation($id: ID!, $input: [PublicationInput!]!) { publishableUnpublish(id: $id, input: $input) { userErrors { message } } }";
    gql(&sb, "pubshop", &token, q, json!({"id": pid, "input": [{"publicationId": tiktok}]})).await;
    assert_eq!(published_on(&sb, &token, &pid, &tiktok).await, false);
}

#[tokio::test]
async fn orders_webhooks_fulfillment_and_uninstall() {
    let sb = common::start().await;
    let token = install(&sb, "shipshop").await;
    let rx = Receiver::start(1).await; // first delivery fails → redelivered
    for topic in ["ORDERS_CREATE", "ORDERS_CANCELLED", "APP_UNINSTALLED"] {
        let r = gql(&sb, "shipshop", &token, "mutation($t: WebhookSubscriptionTopic!, $s: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: $t, webhookSubscription: $s) { webhookSubscription { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } userErrors { message } } }",
            json!({"t": topic, "s": {"callbackUrl": rx.url("/hooks"), "format": "JSON"}})).await;
        assert_eq!(r["data"]["webhookSubscriptionCreate"]["webhookSubscription"]["endpoint"]["callbackUrl"], rx.url("/hooks"), "{r}");
    }
    let order = sb.post_json("/_sandbox/shopify/shipshop/orders", json!({"email": "buyer@example.com"})).await;
    assert_eq!(order["name"], "#1001");
    let hits = rx.wait_for(2).await;
    assert_eq!(hits.len(), 2, "one failed delivery + one redelivery");
    for h in &hits {
        assert_eq!(h.headers["x-shopify-topic"], "orders/create");
        assert_eq!(h.headers["x-shopify-shop-domain"], "shipshop.myshopify.com");
        assert_eq!(h.headers["x-shopify-hmac-sha256"].to_str().unwrap(), hmac_b64(SECRET, &h.body));
        assert!(h.headers.contains_key("x-shopify-api-version"));
    }
    assert_eq!(hits[0].headers["x-shopify-webhook-id"], hits[1].headers["x-shopify-webhook-id"]);
    let body: Value = serde_json::from_slice(&hits[1].body).unwrap();
    assert_eq!(body["email"], "buyer@example.com");

    let r = gql(&sb, "shipshop", &token, "{ orders(first: 5) { nodes { id name displayFulfillmentStatus fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id remainingQuantity } } } } } } }", json!({})).await;
    let o = &r["data"]["orders"]["nodes"][0];
    assert_eq!(o["displayFulfillmentStatus"], "UNFULFILLED", "{r}");
    let fo = o["fulfillmentOrders"]["nodes"][0]["id"].as_str().unwrap().to_string();
    let r = gql(&sb, "shipshop", &token, "{ fulfillmentOrders(first: 5) { nodes { id status } } }", json!({})).await;
    assert_eq!(r["data"]["fulfillmentOrders"]["nodes"][0]["id"], fo);
    let r = gql(&sb, "shipshop", &token, "mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id status trackingInfo { company number url } } userErrors { field message } } }",
        json!({"f": {"lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": fo}], "trackingInfo": {"company": "YunExpress", "number": "YT123"}, "notifyCustomer": true}})).await;
    let f = &r["data"]["fulfillmentCreate"]["fulfillment"];
    assert_eq!(f["status"], "SUCCESS", "{r}");
    assert_eq!(f["trackingInfo"][0]["number"], "YT123");
    let fid = f["id"].as_str().unwrap().to_string();
    let r = gql(&sb, "shipshop", &token, "mutation($id: ID!, $t: FulfillmentTrackingInput!) { fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $t) { fulfillment { trackingInfo { number url } } userErrors { message } } }",
        json!({"id": fid, "t": {"number": "YT999", "url": "https://t.example/YT999"}})).await;
    assert_eq!(r["data"]["fulfillmentTrackingInfoUpdate"]["fulfillment"]["trackingInfo"][0]["number"], "YT999");
    let r = gql(&sb, "shipshop", &token, "{ orders(first: 1) { nodes { displayFulfillmentStatus } } }", json!({})).await;
    assert_eq!(r["data"]["orders"]["nodes"][0]["displayFulfillmentStatus"], "FULFILLED");
    // Fulfilling again is a userError.
    let r = gql(
        &sb,
        "shipshop",
        &token,
        "mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id } userErrors { message } } }",
        json!({"f": {"lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": fo}]}}),
    )
    .await;
    assert!(r["data"]["fulfillmentCreate"]["fulfillment"].is_null());

    let oid = order["id"].as_u64().unwrap();
    sb.post_json(&format!("/_sandbox/shopify/shipshop/orders/{oid}/cancel"), json!({})).await;
    let hits = rx.wait_for(3).await;
    assert_eq!(hits[2].headers["x-shopify-topic"], "orders/cancelled");

    sb.post_json("/_sandbox/shopify/shipshop/uninstall", json!({})).await;
    let hits = rx.wait_for(4).await;
    assert_eq!(hits[3].headers["x-shopify-topic"], "app/uninstalled");
    let r = sb
        .http
        .post(sb.url("/shops/shipshop.myshopify.com/admin/api/2025-01/graphql.json"))
        .header("X-Shopify-Access-Token", &token)
        .json(&json!({"query": "{ shop { name } }"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let inspect = sb.get_json("/_sandbox/shopify/shipshop").await;
    assert_eq!(inspect["installed"], false);
    assert!(inspect["deliveries"].as_array().unwrap().len() >= 3);
}

#[tokio::test]
async fn webhook_faults_drop_and_duplicate() {
    let sb = common::start().await;
    let token = install(&sb, "faulty").await;
    let rx = Receiver::start(0).await;
    gql(
        &sb,
        "faulty",
        &token,
        "mutation($s: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: $s) { userErrors { message } } }",
        json!({"s": {"callbackUrl": rx.url("/h")}}),
    )
    .await;
    sb.post_json("/_sandbox/faults", json!({"platform": "shopify", "duplicate_webhooks": true})).await;
    sb.post_json("/_sandbox/shopify/faulty/orders", json!({})).await;
    let hits = rx.wait_for(2).await;
    assert_eq!(hits.len(), 2);
    assert_eq!(hits[0].headers["x-shopify-webhook-id"], hits[1].headers["x-shopify-webhook-id"]);
    sb.http.delete(sb.url("/_sandbox/faults")).send().await.unwrap();
    sb.post_json("/_sandbox/faults", json!({"platform": "shopify", "drop_webhooks": true})).await;
    sb.post_json("/_sandbox/shopify/faulty/orders", json!({})).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(rx.hits().len(), 2);
}

#[tokio::test]
async fn throttling_by_cost() {
    let sb = common::start().await;
    let token = install(&sb, "busy").await;
    let q = "{ products(first: 250) { edges { node { id title } } } }"; // requested 252
    // A query runs only when the bucket holds its requested cost, however little it would return.
    sb.post_json("/_sandbox/shopify/busy/throttle", json!({"currently_available": 251})).await;
    let r = gql(&sb, "busy", &token, q, json!({})).await;
    assert_eq!(r["errors"][0]["extensions"]["code"], "THROTTLED", "{r}");
    assert!(r["extensions"]["cost"]["throttleStatus"]["currentlyAvailable"].as_f64().unwrap() < 252.0);
    // The bucket refills on the virtual clock (the Standard plan's holds 2,000 points), and a
    // query is charged what it returned: 2 for the connection and 1 a product, the rest refunded.
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 30})).await;
    let r = gql(&sb, "busy", &token, q, json!({})).await;
    assert!(r["errors"].is_null(), "{r}");
    let actual = 2 + r["data"]["products"]["edges"].as_array().unwrap().len() as u64;
    assert_eq!(r["extensions"]["cost"]["requestedQueryCost"], 252, "{r}");
    assert_eq!(r["extensions"]["cost"]["actualQueryCost"], actual, "{r}");
    assert!(r["extensions"]["cost"]["throttleStatus"]["currentlyAvailable"].as_f64().unwrap() >= 2000.0 - actual as f64, "{r}");
    // A mutation is charged its 10 whatever it returns.
    let m = gql(&sb, "busy", &token, "mutation { productDelete(input: {id: \"gid://shopify/Product/1\"}) { deletedProductId } }", json!({})).await;
    assert_eq!(m["extensions"]["cost"]["actualQueryCost"], 10, "{m}");
    // Throttling can be switched off per shop.
    sb.post_json("/_sandbox/shopify/busy/throttle", json!({"enabled": false})).await;
    for _ in 0..6 {
        assert!(gql(&sb, "busy", &token, q, json!({})).await["errors"].is_null());
    }
    let r = gql(&sb, "busy", &token, "{ products(first: 100) { edges { node { variants(first: 100) { edges { node { id } } } } } } }", json!({})).await;
    assert_eq!(r["errors"][0]["extensions"]["code"], "MAX_COST_EXCEEDED");
}

#[tokio::test]
async fn storefront_html_and_products_json() {
    let sb = common::start().await;
    let html = sb.http.get(sb.url("/shops/storefront-demo.myshopify.com/")).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("window.Shopify.shop = \"storefront-demo.myshopify.com\""));
    assert!(html.contains("window.Shopify.theme = {"));
    assert!(html.contains("\"schema_name\""));
    assert!(html.contains("window.Shopify.currency"));
    assert!(html.contains("facebook.com/storefront-demo"));
    let again = sb.http.get(sb.url("/shops/storefront-demo/")).send().await.unwrap().text().await.unwrap();
    assert_eq!(html, again, "deterministic");
    let pj = sb.get_json("/shops/storefront-demo.myshopify.com/products.json?limit=2").await;
    let products = pj["products"].as_array().unwrap();
    assert_eq!(products.len(), 2);
    assert!(products[0]["variants"][0]["price"].is_string());
    assert!(products[0]["images"][0]["src"].as_str().unwrap().ends_with(".png"));
    // Host-header addressing reaches the same shop.
    let r = sb
        .http
        .get(sb.url("/admin/oauth/authorize?client_id=a&redirect_uri=http%3A%2F%2Fx%2Fcb&state=s"))
        .header("X-Shop-Domain", "storefront-demo.myshopify.com")
        .send()
        .await
        .unwrap();
    assert_eq!(param(r.headers()["location"].to_str().unwrap(), "shop").unwrap(), "storefront-demo.myshopify.com");
}

#[tokio::test]
async fn product_set_files_become_the_products_media() {
    let sb = common::start().await;
    let token = install(&sb, "media").await;
    let set = "mutation($input: ProductSetInput!) { productSet(input: $input) { product { id
        images(first: 5) { nodes { url } }
        media(first: 5) { nodes { mediaContentType ... on MediaImage { image { url } } } } } userErrors { field message } } }";
    let files = json!([{"originalSource": "https://img.example/a.jpg", "alt": "front", "contentType": "IMAGE"},
                       {"originalSource": "https://img.example/b.jpg", "contentType": "IMAGE"}]);
    let r = gql(&sb, "media", &token, set, json!({"input": {"title": "Lamp", "files": files}})).await;
    assert_eq!(r["data"]["productSet"]["userErrors"], json!([]), "{r}");
    let p = &r["data"]["productSet"]["product"];
    assert_eq!(p["images"]["nodes"], json!([{"url": "https://img.example/a.jpg"}, {"url": "https://img.example/b.jpg"}]));
    assert_eq!(p["media"]["nodes"][1], json!({"mediaContentType": "IMAGE", "image": {"url": "https://img.example/b.jpg"}}));

    // Declarative: a second set with one file leaves one image; a bad source is a user error.
    let id = p["id"].as_str().unwrap();
    let r = gql(&sb, "media", &token, set, json!({"input": {"id": id, "files": [{"originalSource": "https://img.example/c.jpg"}]}})).await;
    assert_eq!(r["data"]["productSet"]["product"]["images"]["nodes"], json!([{"url": "https://img.example/c.jpg"}]), "{r}");
    let r = gql(&sb, "media", &token, set, json!({"input": {"id": id, "files": [{"originalSource": "c.jpg"}]}})).await;
    assert_eq!(r["data"]["productSet"]["userErrors"][0]["field"], json!(["input", "files", "0", "originalSource"]), "{r}");
    let shop = sb.get_json("/_sandbox/shopify/media").await;
    let ours = shop["products"].as_object().unwrap().values().find(|x| x["title"] == "Lamp").unwrap().clone();
    assert_eq!(ours["images"], json!(["https://img.example/c.jpg"]), "the failed set changed nothing");
}
