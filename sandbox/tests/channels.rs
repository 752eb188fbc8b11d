use crate::common;
use common::oauth::{consent_code, consent_redirect, exchange_code, tiktok_code_exchange};
use common::param;
use serde_json::Value;

const GOOGLE_TOKEN: &str = "/channels/google-merchant/token";

#[tokio::test]
async fn tiktok_code_exchange_and_warehouses() {
    let sb = common::start().await;
    let loc = consent_redirect(&sb, "/channels/tiktok/oauth/authorize?app_key=sbx-app&state=s1&redirect_uri=http%3A%2F%2Fapp.local%2Ftiktok%2Fcb").await;
    assert!(loc.starts_with("http://app.local/tiktok/cb?"));
    assert_eq!(param(&loc, "state").unwrap(), "s1");
    let code = param(&loc, "code").unwrap();

    let bad = tiktok_code_exchange(&sb, "sbx-app", "nope", &code).await;
    assert_ne!(bad["code"], 0);
    let tok = tiktok_code_exchange(&sb, "sbx-app", "sandbox-tiktok-secret", &code).await;
    assert_eq!(tok["code"], 0, "{tok}");
    let data = &tok["data"];
    assert!(data["open_id"].is_string() && data["seller_name"].is_string() && data["refresh_token"].is_string());
    // Codes are single-use.
    let reuse: Value = sb
        .http
        .get(sb.url(&format!("/channels/tiktok/api/v2/token/get?app_key=sbx-app&app_secret=sandbox-tiktok-secret&auth_code={code}&grant_type=authorized_code")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_ne!(reuse["code"], 0);

    let access = data["access_token"].as_str().unwrap();
    let wh: Value =
        sb.http.get(sb.url("/channels/tiktok/api/logistics/warehouses")).header("x-tts-access-token", access).send().await.unwrap().json().await.unwrap();
    assert_eq!(wh["code"], 0);
    let list = wh["data"]["warehouses"].as_array().unwrap();
    assert!(!list.is_empty());
    assert_eq!(list.iter().filter(|w| w["is_default"] == true).count(), 1);
    assert!(list[0]["address"]["region_code"].is_string());
    let denied = sb.http.get(sb.url("/channels/tiktok/api/logistics/warehouses")).header("x-tts-access-token", "bogus").send().await.unwrap();
    assert_eq!(denied.status(), 401);
}

#[tokio::test]
async fn google_merchant_authinfo() {
    let sb = common::start().await;
    let code = consent_code(&sb, "/channels/google-merchant/o/oauth2/v2/auth?client_id=sandbox-client-id&redirect_uri=http%3A%2F%2Fapp.local%2Fgmc&state=g&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcontent&access_type=offline").await;
    let tok: Value = exchange_code(&sb, GOOGLE_TOKEN, &code, "http://app.local/gmc", "sandbox-client-id", "sandbox-client-secret").await.json().await.unwrap();
    let access = tok["access_token"].as_str().unwrap();
    let info: Value =
        sb.http.get(sb.url("/channels/google-merchant/content/v2.1/accounts/authinfo")).bearer_auth(access).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["kind"], "content#accountsAuthInfoResponse");
    let merchant = info["accountIdentifiers"][0]["merchantId"].as_str().unwrap().to_string();
    // Deterministic from the seed: a second sandbox with the same seed connects the same account.
    let sb2 = common::start().await;
    let code = consent_code(&sb2, "/channels/google-merchant/o/oauth2/v2/auth?client_id=c&redirect_uri=http%3A%2F%2Fx&state=g").await;
    let tok: Value = exchange_code(&sb2, GOOGLE_TOKEN, &code, "http://x", "c", "sandbox-client-secret").await.json().await.unwrap();
    let info2: Value = sb2
        .http
        .get(sb2.url("/channels/google-merchant/content/v2.1/accounts/authinfo"))
        .bearer_auth(tok["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info2["accountIdentifiers"][0]["merchantId"], merchant.as_str());
    let denied = sb.http.get(sb.url("/channels/google-merchant/content/v2.1/accounts/authinfo")).send().await.unwrap();
    assert_eq!(denied.status(), 401);
}

#[tokio::test]
async fn facebook_business_login_lists_businesses_and_catalogs() {
    let sb = common::start().await;
    let code = consent_code(&sb, "/channels/facebook/v19.0/dialog/oauth?client_id=sandbox-client-id&redirect_uri=http%3A%2F%2Fapp.local%2Ffb&state=f&scope=business_management,catalog_management").await;
    let tok: Value = sb.http.get(sb.url(&format!(
        "/channels/facebook/v19.0/oauth/access_token?client_id=sandbox-client-id&client_secret=sandbox-client-secret&redirect_uri=http%3A%2F%2Fapp.local%2Ffb&code={code}"
    ))).send().await.unwrap().json().await.unwrap();
    let access = tok["access_token"].as_str().unwrap();
    let biz: Value = sb.http.get(sb.url("/channels/facebook/v19.0/me/businesses")).bearer_auth(access).send().await.unwrap().json().await.unwrap();
    let id = biz["data"][0]["id"].as_str().unwrap();
    let cats: Value =
        sb.http.get(sb.url(&format!("/channels/facebook/v19.0/{id}/owned_product_catalogs?access_token={access}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(cats["data"].as_array().unwrap().len(), 2);
    assert_eq!(cats["data"][0]["vertical"], "commerce");
    let r = sb.http.get(sb.url("/channels/facebook/v19.0/me/businesses")).bearer_auth("bogus").send().await.unwrap();
    assert_eq!(r.json::<Value>().await.unwrap()["error"]["code"], 190);
}
