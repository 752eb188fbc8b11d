//! Installing the sandbox's Shopify app as a real app does (HMAC checked), and Admin GraphQL calls.
use super::{Sandbox, hmac_hex, param, query_pairs};
use serde_json::{Value, json};

pub const SECRET: &str = "sandbox-shopify-secret";

pub async fn install(sb: &Sandbox, shop: &str) -> String {
    let r = sb.http.get(sb.url(&format!(
        "/shops/{shop}.myshopify.com/admin/oauth/authorize?client_id=app1&scope=write_products,read_orders&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fshopify%2Fcb&state=n0nce"
    ))).send().await.unwrap();
    assert_eq!(r.status(), 302);
    let loc = r.headers()["location"].to_str().unwrap().to_string();
    // Verify the HMAC exactly as a Shopify app does.
    let mut pairs: Vec<(String, String)> = query_pairs(&loc).into_iter().filter(|(k, _)| k != "hmac").collect();
    pairs.sort();
    // The message is the sorted query string, form-encoded as it travels.
    let mut url = reqwest::Url::parse("http://check/").unwrap();
    url.query_pairs_mut().extend_pairs(&pairs);
    let msg = url.query().unwrap().replace('+', "%20");
    assert_eq!(param(&loc, "hmac").unwrap(), hmac_hex(SECRET, &msg));
    assert_eq!(param(&loc, "shop").unwrap(), format!("{shop}.myshopify.com"));
    assert_eq!(param(&loc, "state").unwrap(), "n0nce");
    assert!(param(&loc, "timestamp").is_some() && param(&loc, "host").is_some());
    let code = param(&loc, "code").unwrap();
    let tok: Value = sb
        .http
        .post(sb.url(&format!("/shops/{shop}.myshopify.com/admin/oauth/access_token")))
        .json(&json!({"client_id": "app1", "client_secret": SECRET, "code": code}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(tok["scope"], "write_products,read_orders");
    let reuse = sb
        .http
        .post(sb.url(&format!("/shops/{shop}.myshopify.com/admin/oauth/access_token")))
        .json(&json!({"client_id": "app1", "client_secret": SECRET, "code": code}))
        .send()
        .await
        .unwrap();
    assert_eq!(reuse.status(), 400);
    tok["access_token"].as_str().unwrap().to_string()
}

pub async fn gql(sb: &Sandbox, shop: &str, token: &str, query: &str, vars: Value) -> Value {
    sb.http
        .post(sb.url(&format!("/shops/{shop}.myshopify.com/admin/api/2025-01/graphql.json")))
        .header("X-Shopify-Access-Token", token)
        .json(&json!({"query": query, "variables": vars}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}
