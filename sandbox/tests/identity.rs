use crate::common;
use common::oauth::exchange_code;
use common::param;

async fn authorize(sb: &common::Sandbox, provider: &str, extra: &str) -> String {
    let r = sb.http.get(sb.url(&format!(
        "/oauth/{provider}/authorize?client_id=sandbox-client-id&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fcb&state=xyz&scope=openid%20email%20profile&response_type=code{extra}"
    ))).send().await.unwrap();
    assert_eq!(r.status(), 302);
    r.headers()["location"].to_str().unwrap().to_string()
}

async fn exchange(sb: &common::Sandbox, provider: &str, code: &str, secret: &str) -> reqwest::Response {
    exchange_code(sb, &format!("/oauth/{provider}/token"), code, "http://localhost:3000/cb", "sandbox-client-id", secret).await
}

#[tokio::test]
async fn google_code_flow_and_userinfo() {
    let sb = common::start().await;
    let loc = authorize(&sb, "google", "&login_hint=ada.lovelace%40example.org").await;
    assert!(loc.starts_with("http://localhost:3000/cb?"));
    assert_eq!(param(&loc, "state").unwrap(), "xyz");
    let code = param(&loc, "code").unwrap();

    assert_eq!(exchange(&sb, "google", &code, "wrong").await.status(), 401);
    // The failed try burnt the code (single use).
    let loc = authorize(&sb, "google", "&login_hint=ada.lovelace%40example.org").await;
    let code = param(&loc, "code").unwrap();
    let tok: serde_json::Value = exchange(&sb, "google", &code, "sandbox-client-secret").await.json().await.unwrap();
    assert_eq!(tok["token_type"], "Bearer");
    assert!(tok["expires_in"].as_i64().unwrap() > 0);
    assert_eq!(tok["id_token"].as_str().unwrap().split('.').count(), 3);
    let again = exchange(&sb, "google", &code, "sandbox-client-secret").await;
    assert_eq!(again.status(), 400);
    assert_eq!(again.json::<serde_json::Value>().await.unwrap()["error"], "invalid_grant");

    let access = tok["access_token"].as_str().unwrap();
    let me: serde_json::Value = sb.http.get(sb.url("/oauth/google/userinfo")).bearer_auth(access).send().await.unwrap().json().await.unwrap();
    assert_eq!(me["email"], "ada.lovelace@example.org");
    assert_eq!(me["email_verified"], true);
    assert_eq!(me["given_name"], "Ada");
    assert_eq!(me["family_name"], "Lovelace");
    assert!(me["sub"].as_str().unwrap().len() >= 20);
    assert!(me["picture"].as_str().unwrap().ends_with(".png"));
    assert_eq!(sb.http.get(sb.url("/oauth/google/userinfo")).send().await.unwrap().status(), 401);
}

#[tokio::test]
async fn redirect_uri_must_match() {
    let sb = common::start().await;
    let loc = authorize(&sb, "google", "").await;
    let code = param(&loc, "code").unwrap();
    let r = exchange_code(&sb, "/oauth/google/token", &code, "http://evil/cb", "sandbox-client-id", "sandbox-client-secret").await;
    assert_eq!(r.status(), 400);
}

#[tokio::test]
async fn facebook_flow_and_graph_me_fields() {
    let sb = common::start().await;
    let loc = authorize(&sb, "facebook", "").await;
    let code = param(&loc, "code").unwrap();
    let tok: serde_json::Value = exchange(&sb, "facebook", &code, "sandbox-client-secret").await.json().await.unwrap();
    let access = tok["access_token"].as_str().unwrap();
    let fields = sb.url("/oauth/facebook/me?fields=id,name,email,first_name,last_name,picture");
    let me: serde_json::Value = sb.http.get(fields).bearer_auth(access).send().await.unwrap().json().await.unwrap();
    // Default user is deterministic from the seed.
    assert_eq!(me["email"], "alex.morgan@example.com");
    assert_eq!(me["first_name"], "Alex");
    assert!(me["picture"]["data"]["url"].as_str().is_some());
    let short: serde_json::Value = sb.http.get(sb.url(&format!("/oauth/facebook/me?access_token={access}"))).send().await.unwrap().json().await.unwrap();
    assert!(short.get("email").is_none() && short["name"].is_string());
}
