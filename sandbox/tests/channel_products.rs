//! The channels' product APIs: TikTok Shop 202309 products, Meta's catalog Batch API and
//! Google's Content API products, each checked the way a seller's app meets them.
use crate::common;
use common::oauth::{consent_code, exchange_code, tiktok_code_exchange};
use common::{Sandbox, hmac_hex};
use serde_json::{Value, json};

/// The shop's access token and the seller's open_id.
pub(crate) async fn tiktok_token(sb: &Sandbox) -> (String, String) {
    let code = consent_code(sb, "/channels/tiktok/oauth/authorize?app_key=k&state=s&redirect_uri=http%3A%2F%2Fx").await;
    let tok = tiktok_code_exchange(sb, "k", "sandbox-tiktok-secret", &code).await;
    (tok["data"]["access_token"].as_str().unwrap().to_string(), tok["data"]["open_id"].as_str().unwrap().to_string())
}

/// A signed TikTok 202309 call, signed as the Partner API documents it.
pub(crate) async fn tts(sb: &Sandbox, token: &str, method: &str, path: &str, query: &[(&str, &str)], body: Option<Value>) -> (u16, Value) {
    let mut params: Vec<(String, String)> = query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    params.extend([("app_key".to_string(), "k".to_string()), ("timestamp".to_string(), "1700000000".to_string())]);
    let mut sorted = params.clone();
    sorted.sort();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let joined: String = sorted.iter().map(|(k, v)| format!("{k}{v}")).collect();
    let secret = "sandbox-tiktok-secret";
    params.push(("sign".into(), hmac_hex(secret, &format!("{secret}{path}{joined}{body}{secret}"))));
    let req = sb
        .http
        .request(method.parse().unwrap(), sb.url(path))
        .query(&params)
        .header("x-tts-access-token", token)
        .header("content-type", "application/json")
        .body(body);
    let r = req.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

pub(crate) fn tiktok_product(title: &str, warehouse: &str, prices: [&str; 2]) -> Value {
    let sku = |i: usize, color: &str| {
        json!({"seller_sku": format!("DL-sku{i}"), "price": {"amount": prices[i], "currency": "USD"},
        "inventory": [{"warehouse_id": warehouse, "quantity": 5}], "sales_attributes": [{"name": "Color", "value_name": color}]})
    };
    json!({"title": title, "description": "<p>Warm light</p>", "category_id": "601152", "main_images": [{"uri": "https://img.example/a.jpg"}],
        "package_weight": {"value": "1", "unit": "KILOGRAM"}, "skus": [sku(0, "Black"), sku(1, "White")]})
}

#[tokio::test]
async fn tiktok_products_are_created_found_by_seller_sku_and_edited_in_place() {
    let sb = common::start().await;
    let (token, open_id) = tiktok_token(&sb).await;
    let wh: Value = sb
        .http
        .get(sb.url("/channels/tiktok/api/logistics/202309/warehouses"))
        .header("x-tts-access-token", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let warehouse = wh["data"]["warehouses"][0]["id"].as_str().unwrap().to_string();
    let base = "/channels/tiktok/api/product/202309";

    let (_, cat) = tts(&sb, &token, "POST", &format!("{base}/categories/recommend"), &[], Some(json!({"product_title": "LED Desk Lamp"}))).await;
    assert_eq!(cat["data"]["leaf_category_id"], "601152", "{cat}");

    // Unsigned, mis-signed and unauthenticated calls are refused.
    let r = sb.http.post(sb.url(&format!("{base}/products"))).header("x-tts-access-token", &token).json(&json!({})).send().await.unwrap();
    assert_ne!(r.json::<Value>().await.unwrap()["code"], 0);
    let (status, denied) = tts(&sb, "bogus", "POST", &format!("{base}/products"), &[], Some(json!({}))).await;
    assert_eq!((status, denied["code"].clone()), (401, json!(105002)));

    // Validation errors are HTTP 200 with a non-zero code and a reason.
    let mut bad = tiktok_product("Lamp", &warehouse, ["12.99", "13.99"]);
    bad.as_object_mut().unwrap().remove("package_weight");
    let (status, r) = tts(&sb, &token, "POST", &format!("{base}/products"), &[], Some(bad)).await;
    assert_eq!(status, 200);
    assert!(r["code"].as_i64().unwrap() != 0 && r["message"].as_str().unwrap().contains("package_weight"), "{r}");
    let (_, r) = tts(&sb, &token, "POST", &format!("{base}/products"), &[], Some(tiktok_product("Lamp", "1", ["12.99", "13.99"]))).await;
    assert!(r["message"].as_str().unwrap().contains("warehouse"), "{r}");

    let (_, made) = tts(&sb, &token, "POST", &format!("{base}/products"), &[], Some(tiktok_product("Lamp", &warehouse, ["12.99", "13.99"]))).await;
    assert_eq!(made["code"], 0, "{made}");
    let id = made["data"]["product_id"].as_str().unwrap().to_string();
    let sku_ids: Vec<Value> = made["data"]["skus"].as_array().unwrap().iter().map(|s| s["id"].clone()).collect();

    let (_, found) = tts(&sb, &token, "POST", &format!("{base}/products/search"), &[("page_size", "10")], Some(json!({"seller_skus": ["DL-sku1"]}))).await;
    assert_eq!(found["data"]["total_count"], 1, "{found}");
    assert_eq!(found["data"]["products"][0]["id"], id.as_str());
    assert_eq!(found["data"]["products"][0]["skus"][1]["price"]["sale_price"], "13.99");
    let (_, none) = tts(&sb, &token, "POST", &format!("{base}/products/search"), &[("page_size", "10")], Some(json!({"seller_skus": ["other"]}))).await;
    assert_eq!(none["data"]["total_count"], 0);

    let (_, edited) = tts(&sb, &token, "PUT", &format!("{base}/products/{id}"), &[], Some(tiktok_product("Lamp", &warehouse, ["10.00", "13.99"]))).await;
    assert_eq!(edited["code"], 0, "{edited}");
    let (_, got) = tts(&sb, &token, "GET", &format!("{base}/products/{id}"), &[], None).await;
    assert_eq!(got["data"]["skus"][0]["price"]["amount"], "10.00");
    let kept: Vec<Value> = got["data"]["skus"].as_array().unwrap().iter().map(|s| s["id"].clone()).collect();
    assert_eq!(kept, sku_ids, "SKU ids survive an edit");
    let (_, missing) = tts(&sb, &token, "PUT", &format!("{base}/products/123"), &[], Some(tiktok_product("Lamp", &warehouse, ["1", "2"]))).await;
    assert_ne!(missing["code"], 0);

    let shop = sb.get_json(&format!("/_sandbox/channels/tiktok/{open_id}")).await;
    assert_eq!(shop["count"], 1, "refused calls created nothing");
    assert_eq!(sb.get_json("/_sandbox/channels/tiktok/someone-else").await["count"], 0);
}

async fn facebook(sb: &Sandbox) -> (String, String) {
    let code = consent_code(sb, "/channels/facebook/v19.0/dialog/oauth?client_id=c&redirect_uri=http%3A%2F%2Fx&state=f").await;
    let tok: Value = sb
        .get_json(&format!(
            "/channels/facebook/v19.0/oauth/access_token?client_id=c&client_secret=sandbox-client-secret&redirect_uri=http%3A%2F%2Fx&code={code}"
        ))
        .await;
    let token = tok["access_token"].as_str().unwrap().to_string();
    let biz: Value = sb.http.get(sb.url("/channels/facebook/v19.0/me/businesses")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    let id = biz["data"][0]["id"].as_str().unwrap();
    let cats: Value =
        sb.http.get(sb.url(&format!("/channels/facebook/v19.0/{id}/owned_product_catalogs"))).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    (token, cats["data"][0]["id"].as_str().unwrap().to_string())
}

fn meta_item(method: &str, id: &str, price: &str) -> Value {
    json!({"method": method, "data": {"id": id, "title": "Lamp", "description": "Warm light", "availability": "in stock", "condition": "new",
        "price": price, "link": "https://shop.example/products/lamp", "image_link": "https://img.example/a.jpg", "brand": "Acme", "item_group_id": "lamp-dl1"}})
}

#[tokio::test]
async fn meta_items_batch_upserts_by_retailer_id_and_reports_item_errors_in_the_status() {
    let sb = common::start().await;
    let (token, catalog) = facebook(&sb).await;
    let base = format!("/channels/facebook/v19.0/{catalog}");
    let batch = |requests: Value| {
        sb.http.post(sb.url(&format!("{base}/items_batch"))).bearer_auth(&token).json(&json!({"item_type": "PRODUCT_ITEM", "requests": requests})).send()
    };
    let status = |handle: String| sb.http.get(sb.url(&format!("{base}/check_batch_request_status?handle={handle}"))).bearer_auth(&token).send();

    for _ in 0..2 {
        let r: Value = batch(json!([meta_item("CREATE", "DL-a", "12.99 USD"), meta_item("CREATE", "DL-b", "13.99 USD")])).await.unwrap().json().await.unwrap();
        let s: Value = status(r["handles"][0].as_str().unwrap().into()).await.unwrap().json().await.unwrap();
        assert_eq!((s["data"][0]["status"].clone(), s["data"][0]["errors_total_count"].clone()), (json!("finished"), json!(0)), "{s}");
    }
    assert_eq!(sb.get_json(&format!("/_sandbox/channels/facebook/{catalog}")).await["count"], 2, "CREATE twice upserts");

    // A form-encoded UPDATE (requests as a JSON string) changes one field.
    let requests = json!([{"method": "UPDATE", "data": {"id": "DL-a", "price": "9.50 USD"}}]).to_string();
    let r = sb
        .http
        .post(sb.url(&format!("{base}/items_batch")))
        .form(&[("access_token", token.as_str()), ("item_type", "PRODUCT_ITEM"), ("requests", &requests)])
        .send()
        .await
        .unwrap();
    assert!(r.json::<Value>().await.unwrap()["handles"].is_array());
    let filter = r#"{"retailer_id":{"eq":"DL-a"}}"#;
    let found: Value = sb
        .http
        .get(sb.url(&format!("{base}/products")))
        .bearer_auth(&token)
        .query(&[("filter", filter), ("fields", "price,name")])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(found["data"].as_array().unwrap().len(), 1, "{found}");
    assert_eq!((found["data"][0]["price"].clone(), found["data"][0]["retailer_id"].clone()), (json!("9.50 USD"), json!("DL-a")));
    assert!(found["data"][0]["id"].is_string());
    let group: Value =
        sb.get_json(&format!("{base}/products?access_token={token}&filter=%7B%22retailer_product_group_id%22%3A%7B%22eq%22%3A%22lamp-dl1%22%7D%7D")).await;
    assert_eq!(group["data"].as_array().unwrap().len(), 2);
    let any: Value = sb.get_json(&format!("{base}/products?access_token={token}&retailer_id=DL-b")).await;
    assert_eq!(any["data"][0]["retailer_id"], "DL-b");

    // An invalid item is accepted by the batch call and reported by the status call.
    let mut bad = meta_item("CREATE", "DL-c", "12.99");
    bad["data"].as_object_mut().unwrap().remove("link");
    let r: Value = batch(json!([bad, meta_item("CREATE", "DL-d", "1 EUROS")])).await.unwrap().json().await.unwrap();
    let s: Value = status(r["handles"][0].as_str().unwrap().into()).await.unwrap().json().await.unwrap();
    assert_eq!(s["data"][0]["errors_total_count"], 2, "{s}");
    assert!(s["data"][0]["errors"][0]["message"].as_str().unwrap().contains("link"), "{s}");

    let strict: Value = sb
        .http
        .post(sb.url(&format!("{base}/items_batch")))
        .bearer_auth(&token)
        .json(&json!({"item_type": "PRODUCT_ITEM", "allow_upsert": false, "requests": [meta_item("UPDATE", "DL-e", "1.00 USD")]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let s: Value = status(strict["handles"][0].as_str().unwrap().into()).await.unwrap().json().await.unwrap();
    assert_eq!(s["data"][0]["ids_of_invalid_requests"], json!(["DL-e"]), "{s}");

    let r: Value = batch(json!([{"method": "DELETE", "data": {"id": "DL-b"}}])).await.unwrap().json().await.unwrap();
    assert!(r["handles"].is_array());
    assert_eq!(sb.get_json(&format!("/_sandbox/channels/facebook/{catalog}")).await["count"], 1);

    let foreign = sb
        .http
        .post(sb.url("/channels/facebook/v19.0/1/items_batch"))
        .bearer_auth(&token)
        .json(&json!({"item_type": "PRODUCT_ITEM", "requests": [meta_item("CREATE", "x", "1.00 USD")]}))
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.json::<Value>().await.unwrap()["error"]["code"], 100);
    let r = sb.http.post(sb.url(&format!("{base}/items_batch"))).bearer_auth("bogus").json(&json!({})).send().await.unwrap();
    assert_eq!(r.json::<Value>().await.unwrap()["error"]["code"], 190);
}

async fn google(sb: &Sandbox) -> (String, String) {
    let code = consent_code(sb, "/channels/google-merchant/o/oauth2/v2/auth?client_id=c&redirect_uri=http%3A%2F%2Fx&state=g").await;
    let tok: Value = exchange_code(sb, "/channels/google-merchant/token", &code, "http://x", "c", "sandbox-client-secret").await.json().await.unwrap();
    let token = tok["access_token"].as_str().unwrap().to_string();
    let info: Value =
        sb.http.get(sb.url("/channels/google-merchant/content/v2.1/accounts/authinfo")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    (token, info["accountIdentifiers"][0]["merchantId"].as_str().unwrap().to_string())
}

fn offer(price: &str) -> Value {
    json!({"offerId": "DL-a", "title": "Lamp", "description": "Warm light", "link": "https://shop.example/products/lamp", "imageLink": "https://img.example/a.jpg",
        "contentLanguage": "en", "targetCountry": "US", "channel": "online", "availability": "in stock", "condition": "new",
        "price": {"value": price, "currency": "USD"}, "brand": "Acme", "itemGroupId": "lamp-dl1"})
}

#[tokio::test]
async fn google_insert_is_an_upsert_by_offer_id() {
    let sb = common::start().await;
    let (token, merchant) = google(&sb).await;
    let base = format!("/channels/google-merchant/content/v2.1/{merchant}/products");
    for price in ["12.99", "10.00"] {
        let r = sb.http.post(sb.url(&base)).bearer_auth(&token).json(&offer(price)).send().await.unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.json::<Value>().await.unwrap()["id"], "online:en:US:DL-a");
    }
    let list: Value = sb.http.get(sb.url(&base)).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    assert_eq!(list["resources"].as_array().unwrap().len(), 1, "{list}");
    let got: Value = sb.http.get(sb.url(&format!("{base}/online:en:US:DL-a"))).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    assert_eq!(got["price"]["value"], "10.00");
    assert_eq!(sb.get_json(&format!("/_sandbox/channels/google-merchant/{merchant}")).await["count"], 1);

    let mut bad = offer("1.00");
    bad.as_object_mut().unwrap().remove("link");
    let r = sb.http.post(sb.url(&base)).bearer_auth(&token).json(&bad).send().await.unwrap();
    assert_eq!(r.status(), 400);
    assert!(r.json::<Value>().await.unwrap()["error"]["message"].as_str().unwrap().contains("[link]"));
    let r = sb.http.post(sb.url("/channels/google-merchant/content/v2.1/1/products")).bearer_auth(&token).json(&offer("1")).send().await.unwrap();
    assert_eq!(r.status(), 403);
    assert_eq!(sb.http.get(sb.url(&base)).send().await.unwrap().status(), 401);

    let r = sb.http.delete(sb.url(&format!("{base}/online:en:US:DL-a"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(r.status(), 204);
    assert_eq!(sb.http.get(sb.url(&format!("{base}/online:en:US:DL-a"))).bearer_auth(&token).send().await.unwrap().status(), 404);
}

#[tokio::test]
async fn faults_reach_the_channel_product_calls_per_channel() {
    let sb = common::start().await;
    let (token, merchant) = google(&sb).await;
    sb.post_json("/_sandbox/faults", json!({"platform": "google-merchant", "burst_429": 1})).await;
    let base = format!("/channels/google-merchant/content/v2.1/{merchant}/products");
    let r = sb.http.post(sb.url(&base)).bearer_auth(&token).json(&offer("1.00")).send().await.unwrap();
    assert_eq!((r.status().as_u16(), r.headers()["retry-after"].to_str().unwrap()), (429, "1"));
    assert_eq!(sb.http.post(sb.url(&base)).bearer_auth(&token).json(&offer("1.00")).send().await.unwrap().status(), 200);
    // Another channel is not affected by Google's rule.
    let (fb, catalog) = facebook(&sb).await;
    let r = sb.http.get(sb.url(&format!("/channels/facebook/v19.0/{catalog}/products"))).bearer_auth(&fb).send().await.unwrap();
    assert_eq!(r.status(), 200);
}
