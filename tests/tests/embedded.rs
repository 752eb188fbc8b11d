//! Dropline inside Shopify's admin: App Bridge's session token signs the shop's owner in, the
//! first time installing the app through Shopify's token exchange (the sandbox's).
use dropline_tests::{TestApp, connect_shopify};
use serde_json::{Value, json};

const AUTO_LOGIN: &str = "/api/auth/platform/shopify/auto-login";

/// The session token App Bridge would hand the app `client_id` in `shop`'s admin.
async fn session_token(sandbox: &str, shop: &str, client_id: &str, ttl_secs: i64) -> String {
    let body = json!({ "client_id": client_id, "ttl_secs": ttl_secs });
    let a: Value =
        reqwest::Client::new().post(format!("{sandbox}/_sandbox/shopify/{shop}/session-token")).json(&body).send().await.unwrap().json().await.unwrap();
    a["session_token"].as_str().unwrap().to_string()
}

async fn shop_tokens(sandbox: &str, shop: &str) -> usize {
    let s: Value = reqwest::get(format!("{sandbox}/_sandbox/shopify/{shop}")).await.unwrap().json().await.unwrap();
    assert!(s["installed"].is_boolean(), "{s}");
    usize::from(s["installed"] == true)
}

#[tokio::test]
async fn a_session_token_installs_a_new_shop_and_signs_its_owner_in() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let client_id = app.settings.shopify.client_id.clone();
    let token = session_token(&sandbox, "acme.myshopify.com", &client_id, 60).await;

    let a = app.post(AUTO_LOGIN, None, json!({ "session_token": token })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["user"]["email"], "owner@acme.myshopify.com", "the account is the shop owner's, from Shopify");
    assert_eq!(shop_tokens(&sandbox, "acme.myshopify.com").await, 1, "the token exchange installed the app");
    let bearer = a.data()["token"].as_str().unwrap().to_string();
    let stores = app.get("/api/stores/list-store", Some(&bearer)).await;
    let store = &stores.data()["stores"][0];
    assert_eq!(store["platform_domain"], "acme.myshopify.com", "{}", stores.body);
    let from: String = sqlx::query_scalar("SELECT installed_from FROM stores").fetch_one(&app.pool).await.unwrap();
    assert_eq!(from, "shopify", "installed from Shopify's admin, so billed through Shopify");

    // Opened again: signed in without a new exchange (a new exchange would store a new token).
    let sealed = || sqlx::query_scalar::<_, Vec<u8>>("SELECT credentials FROM stores").fetch_one(&app.pool);
    let before = sealed().await.unwrap();
    let again = app.post(AUTO_LOGIN, None, json!({ "session_token": session_token(&sandbox, "acme.myshopify.com", &client_id, 60).await })).await;
    assert_eq!(again.code(), 200, "{}", again.body);
    assert_eq!(again.data()["user"]["id"], a.data()["user"]["id"]);
    assert_ne!(again.data()["token"], a.data()["token"], "a session of its own");
    assert_eq!(app.count("SELECT count(*) FROM stores").await, 1);
    assert_eq!(app.count("SELECT count(*) FROM users").await, 1);
    assert_eq!(sealed().await.unwrap(), before, "the stored access token is the first one");
}

#[tokio::test]
async fn an_installed_shop_signs_in_its_owner() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let bearer = app.signed_up("owner@example.com").await;
    assert_eq!(connect_shopify(&app, &bearer, "acme").await.code(), 200);
    let token = session_token(&sandbox, "acme.myshopify.com", &app.settings.shopify.client_id, 60).await;
    let a = app.post(AUTO_LOGIN, None, json!({ "session_token": token })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["user"]["email"], "owner@example.com");
    assert_eq!(app.count("SELECT count(*) FROM users").await, 1);
}

#[tokio::test]
async fn a_forged_foreign_or_expired_token_is_unauthorized_and_stores_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let client_id = app.settings.shopify.client_id.clone();
    let good = session_token(&sandbox, "acme.myshopify.com", &client_id, 60).await;
    let (signed, signature) = good.rsplit_once('.').unwrap();
    let flipped = if signature.starts_with('A') { "B" } else { "A" };
    let cases = [
        ("wrong signature", format!("{signed}.{flipped}{}", &signature[1..])),
        ("another app's", session_token(&sandbox, "acme.myshopify.com", "another-app", 60).await),
        ("expired", session_token(&sandbox, "acme.myshopify.com", &client_id, -60).await),
        ("not a token", "garbage".to_string()),
    ];
    for (what, token) in cases {
        let a = app.post(AUTO_LOGIN, None, json!({ "session_token": token })).await;
        assert_eq!((a.http.as_u16(), a.code()), (401, 101), "{what}: {}", a.body);
    }
    assert_eq!(app.count("SELECT count(*) FROM users").await, 0);
    assert_eq!(app.count("SELECT count(*) FROM stores").await, 0);
    assert_eq!(app.count("SELECT count(*) FROM sessions").await, 0);
    assert_eq!(shop_tokens(&sandbox, "acme.myshopify.com").await, 0, "no exchange was tried");
    let other = app.post("/api/auth/platform/woocommerce/auto-login", None, json!({ "session_token": good })).await;
    assert_eq!(other.code(), 202, "{}", other.body);
}

#[tokio::test]
async fn an_owner_email_with_an_account_must_sign_in_to_connect() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    app.signed_up("owner@acme.myshopify.com").await;
    let token = session_token(&sandbox, "acme.myshopify.com", &app.settings.shopify.client_id, 60).await;
    let a = app.post(AUTO_LOGIN, None, json!({ "session_token": token })).await;
    assert_eq!(a.code(), 114, "{}", a.body);
    assert_eq!(app.count("SELECT count(*) FROM stores").await, 0);
}

/// The sandbox refuses a subject token as Shopify does: 400 `invalid_subject_token`.
#[tokio::test]
async fn the_sandbox_token_exchange_refuses_what_shopify_refuses() {
    let sandbox = dropline_tests::start_sandbox().await;
    let exchange = |shop: &str, client_id: &str, token: &str| {
        let body = json!({
            "client_id": client_id, "client_secret": "sandbox-shopify-secret",
            "grant_type": "urn:ietf:params:oauth:grant-type:token-exchange",
            "subject_token": token, "subject_token_type": "urn:ietf:params:oauth:token-type:id_token",
            "requested_token_type": "urn:shopify:params:oauth:token-type:offline-access-token",
        });
        reqwest::Client::new().post(format!("{sandbox}/shops/{shop}/admin/oauth/access_token")).json(&body).send()
    };
    let token = session_token(&sandbox, "acme.myshopify.com", "app-1", 60).await;
    for (shop, client, why) in [("other.myshopify.com", "app-1", "another shop"), ("acme.myshopify.com", "app-2", "another app")] {
        let r = exchange(shop, client, &token).await.unwrap();
        assert_eq!(r.status(), 400, "{why}");
        assert_eq!(r.json::<Value>().await.unwrap()["error"], "invalid_subject_token", "{why}");
    }
    let expired = session_token(&sandbox, "acme.myshopify.com", "app-1", -1).await;
    assert_eq!(exchange("acme.myshopify.com", "app-1", &expired).await.unwrap().status(), 400, "expired");
    let ok: Value = exchange("acme.myshopify.com", "app-1", &token).await.unwrap().json().await.unwrap();
    assert!(ok["access_token"].as_str().unwrap().starts_with("shpat_"), "{ok}");
}

/// The embedded dashboard learns which App Bridge to load: the sandbox's stand-in here.
#[tokio::test]
async fn the_embedded_dashboard_is_told_its_app_bridge() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let a = app.get("/api/auth/platform/shopify/embedded-config", None).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["api_key"], app.settings.shopify.client_id.as_str());
    let script = a.data()["app_bridge_url"].as_str().unwrap();
    assert_eq!(script, format!("{sandbox}/_sandbox/shopify/app-bridge.js"));
    let js = reqwest::get(script).await.unwrap().text().await.unwrap();
    assert!(js.contains("idToken"), "{js}");
}
