use crate::common;
use std::collections::BTreeMap;

use serde_json::{Value, json};

fn signed(params: &[(&str, String)]) -> Vec<(String, String)> {
    let mut all: BTreeMap<String, String> = params.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    all.insert("app_key".into(), "sandbox-ae-app-key".into());
    all.insert("timestamp".into(), "1700000000000".into());
    all.insert("sign_method".into(), "sha256".into());
    let msg: String = all.iter().map(|(k, v)| format!("{k}{v}")).collect();
    let sign = common::hmac_hex("sandbox-ae-app-secret", &msg).to_uppercase();
    let mut out: Vec<(String, String)> = all.into_iter().collect();
    out.push(("sign".into(), sign));
    out
}

#[tokio::test]
async fn aliexpress_signed_methods() {
    let sb = common::start().await;
    let bad: Value = sb
        .http
        .get(sb.url("/aliexpress/sync?method=aliexpress.ds.product.get&app_key=sandbox-ae-app-key&sign_method=sha256&sign=00"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(bad["error_response"]["code"], "IncompleteSignature");
    let list: Value =
        sb.http.get(sb.url("/suppliers/aliexpress/api/products?page_size=1")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    let pid = list["items"][0]["id"].as_str().unwrap().to_string();
    let r: Value = sb
        .http
        .post(sb.url("/aliexpress/sync"))
        .form(&signed(&[("method", "aliexpress.ds.product.get".into()), ("product_id", pid.clone()), ("ship_to_country", "US".into())]))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let res = &r["aliexpress_ds_product_get_response"]["result"];
    assert_eq!(res["ae_item_base_info_dto"]["product_id"], pid.as_str());
    let skus = res["ae_item_sku_info_dtos"]["ae_item_sku_info_d_t_o"].as_array().unwrap();
    let sku = skus.iter().find(|s| s["sku_available_stock"].as_u64().unwrap() > 0).unwrap()["sku_id"].as_str().unwrap().to_string();
    let ae = |params: Vec<(&'static str, String)>| {
        let sb = &sb;
        async move { sb.http.post(sb.url("/aliexpress/sync")).form(&signed(&params)).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let gone = ae(vec![("method", "aliexpress.ds.product.get".into()), ("product_id", "1".into()), ("ship_to_country", "US".into())]).await;
    assert_eq!(gone["error_response"]["code"], "ITEM_ID_NOT_FOUND");
    // ds.freight.query requires the SKU, language, locale and currency as well.
    let freight = |req: Value| ae(vec![("method", "aliexpress.ds.freight.query".into()), ("queryDeliveryReq", req.to_string())]);
    let full = json!({"productId": pid, "selectedSkuId": sku, "quantity": 1, "shipToCountry": "US", "language": "en", "locale": "en_US", "currency": "USD"});
    for field in ["selectedSkuId", "language", "locale", "currency"] {
        let mut partial = full.clone();
        partial.as_object_mut().unwrap().remove(field);
        assert_eq!(freight(partial).await["error_response"]["code"], "MissingParameter", "{field} is required");
    }
    let quoted = freight(full.clone()).await;
    let result = &quoted["aliexpress_ds_freight_query_response"]["result"];
    assert_eq!(result["success"], true, "{quoted}");
    assert!(result["delivery_options"]["delivery_option_d_t_o"][0]["code"].is_string());
    let mut other = full.clone();
    other["selectedSkuId"] = json!("nope");
    assert_eq!(freight(other).await["aliexpress_ds_freight_query_response"]["result"]["msg"], "DELIVERY_INFO_EMPTY");
}

#[tokio::test]
async fn cj_api2_flow() {
    let sb = common::start().await;
    let tok = "sandbox-cj-access-token";
    let bad: Value = sb.http.get(sb.url("/cj/api2.0/v1/product/list")).send().await.unwrap().json().await.unwrap();
    assert_eq!(bad["result"], false);
    let list: Value =
        sb.http.get(sb.url("/cj/api2.0/v1/product/list?pageNum=1&pageSize=3")).header("CJ-Access-Token", tok).send().await.unwrap().json().await.unwrap();
    assert_eq!(list["code"], 200);
    let pid = list["data"]["list"][0]["pid"].as_str().unwrap().to_string();
    let p: Value =
        sb.http.get(sb.url(&format!("/cj/api2.0/v1/product/query?pid={pid}"))).header("CJ-Access-Token", tok).send().await.unwrap().json().await.unwrap();
    let vid = p["data"]["variants"].as_array().unwrap().iter().find(|v| v["inventoryNum"].as_u64().unwrap() > 0).unwrap()["vid"].as_str().unwrap().to_string();
    let f: Value = sb
        .http
        .post(sb.url("/cj/api2.0/v1/logistic/freightCalculate"))
        .header("CJ-Access-Token", tok)
        .json(&json!({"startCountryCode": "CN", "endCountryCode": "US", "products": [{"quantity": 1, "vid": vid}]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(f["data"][0]["logisticAging"].is_string());
    let logistic = f["data"][0]["logisticName"].as_str().unwrap().to_string();
    let create = |body: Value| {
        let sb = &sb;
        async move {
            let url = sb.url("/cj/api2.0/v1/shopping/order/createOrderV2");
            sb.http.post(url).header("CJ-Access-Token", tok).json(&body).send().await.unwrap().json::<Value>().await.unwrap()
        }
    };
    let order = json!({"orderNumber": "DL-9", "shippingCountryCode": "US", "shippingCountry": "United States", "shippingCustomerName": "Jane",
        "shippingAddress": "1 Main", "shippingCity": "X", "shippingZip": "1", "shippingPhone": "5", "logisticName": logistic, "fromCountryCode": "CN",
        "payType": 3, "products": [{"vid": vid, "quantity": 1}]});
    // CJ's documented required fields, its logistics and its variants are checked first.
    let mut no_logistic = order.clone();
    no_logistic["logisticName"] = json!("");
    assert_eq!(create(no_logistic).await["code"], 1600300);
    let mut unknown_logistic = order.clone();
    unknown_logistic["logisticName"] = json!("Teleport");
    assert_eq!(create(unknown_logistic).await["code"], 1605000);
    let mut unknown_vid = order.clone();
    unknown_vid["products"][0]["vid"] = json!("nope");
    assert_eq!(create(unknown_vid).await["code"], 1602000);
    let o = create(order.clone()).await;
    assert_eq!(o["data"]["orderStatus"], "CREATED", "payType 3 only creates: {o}");
    assert_eq!(create(order).await["data"]["orderId"], o["data"]["orderId"], "one order per orderNumber");
    let oid = o["data"]["orderId"].as_str().unwrap().to_string();
    let pay_balance = || {
        let (sb, oid) = (&sb, &oid);
        async move {
            let url = sb.url("/cj/api2.0/v1/shopping/pay/payBalance");
            sb.http.post(url).header("CJ-Access-Token", tok).json(&json!({"orderId": oid})).send().await.unwrap().json::<Value>().await.unwrap()
        }
    };
    assert_eq!(pay_balance().await["result"], true);
    let again = pay_balance().await;
    assert_eq!(again["code"], 1603101, "a paid order cannot be paid again");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 4 * 86400})).await;
    let d: Value = sb
        .http
        .get(sb.url(&format!("/cj/api2.0/v1/shopping/order/getOrderDetail?orderId={oid}")))
        .header("CJ-Access-Token", tok)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(d["data"]["orderStatus"], "SHIPPED");
    assert!(d["data"]["trackNumber"].is_string());
}
