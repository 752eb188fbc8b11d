//! AliExpress orders as the Open Platform takes them: the buyer signs in (authorize, then the
//! signed system call `/auth/token/create`), and `ds.order.create` / `trade.ds.order.get` run
//! under that buyer's `access_token`. The JSON gateway has no AliExpress orders.
use crate::common;
use std::collections::BTreeMap;

use serde_json::{Value, json};

/// Signs like the Open Platform: `prefix` (a system call's API path, or nothing) + sorted pairs.
fn signed(prefix: &str, params: &[(&str, String)]) -> Vec<(String, String)> {
    let mut all: BTreeMap<String, String> = params.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    all.insert("app_key".into(), "sandbox-ae-app-key".into());
    all.insert("timestamp".into(), "1700000000000".into());
    all.insert("sign_method".into(), "sha256".into());
    let msg: String = std::iter::once(prefix.to_string()).chain(all.iter().map(|(k, v)| format!("{k}{v}"))).collect();
    let sign = common::hmac_hex("sandbox-ae-app-secret", &msg).to_uppercase();
    let mut out: Vec<(String, String)> = all.into_iter().collect();
    out.push(("sign".into(), sign));
    out
}

async fn call(sb: &common::Sandbox, path: &str, prefix: &str, params: &[(&str, String)]) -> Value {
    sb.http.post(sb.url(path)).form(&signed(prefix, params)).send().await.unwrap().json().await.unwrap()
}

async fn sign_in(sb: &common::Sandbox, uuid: &str) -> Value {
    let bad = sb.http.get(sb.url("/aliexpress/oauth/authorize?response_type=code&client_id=nope&redirect_uri=http://x/cb")).send().await.unwrap();
    assert_eq!(bad.status(), 400, "an unknown app key gets no code");
    let res = sb
        .http
        .get(sb.url(&format!("/aliexpress/oauth/authorize?response_type=code&client_id=sandbox-ae-app-key&redirect_uri=http://x/cb&state=s1&uuid={uuid}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 302);
    let to = res.headers()["location"].to_str().unwrap().to_string();
    assert_eq!(common::param(&to, "state").as_deref(), Some("s1"));
    let code = common::param(&to, "code").unwrap();
    // Signed without the API path in front: refused.
    let unsigned = call(sb, "/aliexpress/rest/auth/token/create", "", &[("code", code.clone())]).await;
    assert_eq!(unsigned["code"], "IncompleteSignature", "{unsigned}");
    let t = call(sb, "/aliexpress/rest/auth/token/create", "/auth/token/create", &[("code", code.clone())]).await;
    assert_eq!(t["code"], "0", "{t}");
    let again = call(sb, "/aliexpress/rest/auth/token/create", "/auth/token/create", &[("code", code)]).await;
    assert_eq!(again["code"], "InvalidCode", "a code is used once");
    t
}

fn order(pid: &str, attr: &str, service: Option<&str>) -> Value {
    let mut line = json!({"product_id": pid, "product_count": 1, "sku_attr": attr, "order_memo": "dropline-so-1"});
    if let Some(s) = service {
        line["logistics_service_name"] = json!(s);
    }
    json!({"logistics_address": {"country": "US", "full_name": "Jane Doe", "address": "1 Main St", "city": "Austin", "province": "TX", "zip": "73301",
        "mobile_no": "5550100", "phone_country": "+1"}, "product_items": [line]})
}

#[tokio::test]
async fn orders_need_the_buyers_token_and_wait_for_the_buyer_to_pay() {
    let sb = common::start().await;
    let tokens = sign_in(&sb, "owner").await;
    let token = tokens["access_token"].as_str().unwrap().to_string();
    let list: Value =
        sb.http.get(sb.url("/suppliers/aliexpress/api/products?page_size=5")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    let pid = list["items"][0]["id"].as_str().unwrap().to_string();
    let got =
        call(&sb, "/aliexpress/sync", "", &[("method", "aliexpress.ds.product.get".into()), ("product_id", pid.clone()), ("ship_to_country", "US".into())])
            .await;
    let skus = got["aliexpress_ds_product_get_response"]["result"]["ae_item_sku_info_dtos"]["ae_item_sku_info_d_t_o"].as_array().unwrap().clone();
    let sku = skus.iter().find(|s| s["sku_available_stock"].as_u64().unwrap() > 0).unwrap();
    let attr = sku["sku_attr"].as_str().unwrap().to_string();
    let create = |req: Value, token: Option<String>| {
        let sb = &sb;
        async move {
            let mut p = vec![("method", "aliexpress.ds.order.create".to_string()), ("param_place_order_request4_open_api_d_t_o", req.to_string())];
            if let Some(t) = token {
                p.push(("access_token", t));
            }
            call(sb, "/aliexpress/sync", "", &p).await
        }
    };
    assert_eq!(create(order(&pid, &attr, None), None).await["error_response"]["code"], "MissingParameter");
    assert_eq!(create(order(&pid, &attr, None), Some("ae-at-forged".into())).await["error_response"]["code"], "IllegalAccessToken");
    let mut no_address = order(&pid, &attr, None);
    no_address["logistics_address"]["address"] = json!("");
    assert_eq!(create(no_address, Some(token.clone())).await["error_response"]["code"], "MissingParameter");
    let wrong_sku = create(order(&pid, "1:2#Nope", None), Some(token.clone())).await;
    assert_eq!(wrong_sku["aliexpress_ds_order_create_response"]["result"]["error_code"], "ERROR_WHEN_BUILD_FOR_PLACE_ORDER", "{wrong_sku}");
    let teleport = create(order(&pid, &attr, Some("TELEPORT")), Some(token.clone())).await;
    assert_eq!(teleport["aliexpress_ds_order_create_response"]["result"]["error_code"], "DELIVERY_METHOD_NOT_EXIST");

    let made = create(order(&pid, &attr, None), Some(token.clone())).await;
    let result = &made["aliexpress_ds_order_create_response"]["result"];
    assert_eq!(result["is_success"], true, "{made}");
    let id = result["order_list"]["number"][0].as_str().unwrap().to_string();
    let get = |token: String| {
        let (sb, id) = (&sb, id.clone());
        async move {
            let q = json!({"order_id": id}).to_string();
            call(sb, "/aliexpress/sync", "", &[("method", "aliexpress.trade.ds.order.get".into()), ("single_order_query", q), ("access_token", token)]).await
        }
    };
    let status = |v: &Value| v["aliexpress_trade_ds_order_get_response"]["result"]["order_status"].as_str().unwrap_or_default().to_string();
    assert_eq!(status(&get(token.clone()).await), "PLACE_ORDER_SUCCESS", "created unpaid in the buyer's account");
    let other = sign_in(&sb, "someone-else").await["access_token"].as_str().unwrap().to_string();
    assert_eq!(get(other.clone()).await["error_response"]["code"], "OrderNotFound", "another authorisation sees nothing of it");
    let paid = sb.post_json(&format!("/_sandbox/aliexpress/orders/{id}/pay"), json!({})).await;
    assert_eq!(paid["paid"], true);
    assert_eq!(status(&get(token.clone()).await), "WAIT_SELLER_SEND_GOODS");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 4 * 86400})).await;
    let shipped = get(token.clone()).await;
    assert_eq!(status(&shipped), "WAIT_BUYER_ACCEPT_GOODS");
    let parcel = &shipped["aliexpress_trade_ds_order_get_response"]["result"]["logistics_info_list"]["aeop_order_logistics_info"][0];
    assert!(parcel["logistics_no"].as_str().unwrap().starts_with("LP"), "{shipped}");

    // Nothing makes creation idempotent: the same request again is a second order.
    let twice = create(order(&pid, &attr, None), Some(token.clone())).await;
    assert_ne!(twice["aliexpress_ds_order_create_response"]["result"]["order_list"]["number"][0].as_str(), Some(id.as_str()));
    let seen = sb.get_json("/_sandbox/aliexpress").await;
    assert_eq!(seen["created"].as_array().unwrap().len(), 2);
    assert_eq!(seen["created"][0]["request"]["product_items"][0]["sku_attr"], attr.as_str());

    // The token lapses on the virtual clock; the refresh token renews it.
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 31 * 86400})).await;
    assert_eq!(get(token).await["error_response"]["code"], "IllegalAccessToken");
    let renewed =
        call(&sb, "/aliexpress/rest/auth/token/refresh", "/auth/token/refresh", &[("refresh_token", tokens["refresh_token"].as_str().unwrap().into())]).await;
    assert_eq!(renewed["code"], "0", "{renewed}");
    assert_eq!(status(&get(renewed["access_token"].as_str().unwrap().into()).await), "FINISH");
    let forged = call(&sb, "/aliexpress/rest/auth/token/refresh", "/auth/token/refresh", &[("refresh_token", "nope".into())]).await;
    assert_eq!(forged["code"], "IllegalRefreshToken");

    let gateway = sb
        .http
        .post(sb.url("/suppliers/aliexpress/api/orders"))
        .bearer_auth("sandbox-supplier-token")
        .json(&json!({"items": [{"product_id": pid, "sku_id": sku["sku_id"], "quantity": 1}], "ship_to": {"country": "US"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(gateway.status(), 404, "AliExpress orders go only through the Open Platform");
}
