//! Plans billed through Shopify for a store installed from Shopify's admin: the upgrade answers
//! Shopify's confirmation page, the merchant approves or declines it in the sandbox, and the plan
//! follows the signed `app_subscriptions/update` webhook, once per delivery, never undone by a
//! stale one, and only for the workplace that asked.
use base64::Engine;
use dropline_tests::{TestApp, eventually, no_redirect, signed_up_on_sandbox};
use serde_json::{Value, json};
use std::time::Duration;

const SECRET: &str = "sandbox-shopify-secret";
const PRO: &str = "PRO_DROPLINE_AO_TIER_1";
const ENTERPRISE: &str = "ENTERPRISE_DROPLINE_AO";

fn sign(secret: &str, body: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(domain::crypto::hmac_sha256(secret.as_bytes(), body.as_bytes()))
}

/// Installs `shop` the way the dashboard does inside Shopify's admin: the callback carries the
/// embedded shop's domain.
async fn install_embedded(app: &TestApp, token: &str, shop: &str) {
    let a = app.post("/api/auth/platform/shopify/install", Some(token), json!({ "shop": shop })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let res = no_redirect().get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let params: serde_json::Map<String, Value> = back.query_pairs().map(|(k, v)| (k.to_string(), Value::from(v.to_string()))).collect();
    let res = app
        .http
        .post(format!("{}/api/auth/platform/shopify/callback", app.base))
        .bearer_auth(token)
        .header("platform-domain-embedded", format!("{shop}.myshopify.com"))
        .json(&Value::Object(params))
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], 200, "{body}");
    app.drain().await;
}

async fn current(app: &TestApp, token: &str) -> Value {
    let a = app.get("/api/payments/user/current-plan", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

async fn charge(app: &TestApp, token: &str, plan: &str) -> Value {
    let a = app.post("/api/payments/charge-subscription", Some(token), json!({ "package_key": plan })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

/// The merchant's answer on Shopify's confirmation page (`approve` or `decline`).
async fn decide(confirmation_url: &str, decision: &str) -> reqwest::Url {
    let page = reqwest::get(confirmation_url).await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    let start = html.find(&format!("RecurringApplicationCharge/{decision}")).expect("the page offers the decision");
    let action = &html[html[..start].rfind("action=\"").unwrap() + 8..];
    let action = &action[..action.find('"').unwrap()];
    let base = reqwest::Url::parse(confirmation_url).unwrap();
    let res = no_redirect().post(base.join(action).unwrap()).send().await.unwrap();
    assert_eq!(res.status(), 302, "{}", res.text().await.unwrap());
    reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap()
}

/// Waits until `n` app_subscriptions/update deliveries are stored, then runs their jobs.
async fn updates_applied(app: &TestApp, n: i64) {
    eventually("app_subscriptions/update webhooks are stored", Duration::from_secs(60), || async {
        let c = app.count("SELECT count(*) FROM webhook_events WHERE topic = 'app_subscriptions/update'").await;
        if c >= n { Ok(()) } else { Err(c) }
    })
    .await;
    app.drain().await;
}

async fn post_webhook(app: &TestApp, shop: &str, id: &str, body: &str, hmac: &str) -> u16 {
    app.http
        .post(format!("{}/api/webhooks/shopify", app.base))
        .header("content-type", "application/json")
        .header("x-shopify-topic", "app_subscriptions/update")
        .header("x-shopify-hmac-sha256", hmac)
        .header("x-shopify-webhook-id", id)
        .header("x-shopify-shop-domain", shop)
        .body(body.to_string())
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn an_embedded_store_upgrades_through_shopify_once_the_merchant_approves() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "embedded@example.com").await;
    install_embedded(&app, &token, "embedded-shop").await;
    let before = current(&app, &token).await;
    assert_eq!(before["provider_payment"], "shopify", "{before}");
    let free = before["package"]["key"].clone();

    let reply = charge(&app, &token, PRO).await;
    let url = reply["url"].as_str().expect("Shopify's confirmation page");
    assert!(url.starts_with(&format!("{sandbox}/shops/embedded-shop.myshopify.com/admin/charges/")), "{url}");
    assert_eq!(current(&app, &token).await["package"]["key"], free, "nothing changes before the merchant approves");

    let back = decide(url, "approve").await;
    assert!(back.as_str().starts_with(&format!("{}/app/setting/billing", app.base)) && back.query().unwrap().contains("charge_id="), "{back}");
    updates_applied(&app, 1).await;
    let now = current(&app, &token).await;
    assert_eq!(now["package"]["key"], PRO, "{now}");
    assert_eq!(now["subscription"]["provider"], "shopify", "{now}");
    assert_eq!(now["subscription"]["status"], "active", "{now}");

    // Shopify redelivers the same webhook: stored and applied once.
    let (id, body): (String, String) =
        sqlx::query_as("SELECT delivery_id, body FROM webhook_events WHERE topic = 'app_subscriptions/update'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(post_webhook(&app, "embedded-shop.myshopify.com", &id, &body, &sign(SECRET, &body)).await, 200);
    assert_eq!(app.count("SELECT count(*) FROM webhook_events WHERE topic = 'app_subscriptions/update'").await, 1, "a redelivery is not a second event");

    // An upgrade replaces the subscription in force; then the first one's old ACTIVE news,
    // delivered late under a new id, does not bring the cheaper plan back.
    let url = charge(&app, &token, ENTERPRISE).await["url"].as_str().unwrap().to_string();
    decide(&url, "approve").await;
    updates_applied(&app, 3).await;
    assert_eq!(current(&app, &token).await["package"]["key"], ENTERPRISE);
    assert_eq!(post_webhook(&app, "embedded-shop.myshopify.com", "late-1", &body, &sign(SECRET, &body)).await, 200);
    app.drain().await;
    let after = current(&app, &token).await;
    assert_eq!(after["package"]["key"], ENTERPRISE, "a stale webhook does not undo a newer state: {after}");
    let (outcome,): (String,) = sqlx::query_as("SELECT outcome FROM webhook_events WHERE delivery_id = 'late-1'").fetch_one(&app.pool).await.unwrap();
    assert!(outcome.contains(ENTERPRISE), "{outcome}");

    // Forged: a wrong signature is refused and stored nowhere.
    let forged = body.replace("ACTIVE", "CANCELLED");
    assert_eq!(post_webhook(&app, "embedded-shop.myshopify.com", "forged-1", &forged, &sign("not-the-secret", &forged)).await, 401);
    assert_eq!(app.count("SELECT count(*) FROM webhook_events WHERE delivery_id = 'forged-1'").await, 0);
}

#[tokio::test]
async fn declining_keeps_the_plan_and_cancelling_or_a_frozen_subscription_means_the_free_plan() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "decliner@example.com").await;
    install_embedded(&app, &token, "decliner").await;
    let free = current(&app, &token).await["package"]["key"].clone();

    let url = charge(&app, &token, PRO).await["url"].as_str().unwrap().to_string();
    decide(&url, "decline").await;
    updates_applied(&app, 1).await;
    assert_eq!(current(&app, &token).await["package"]["key"], free, "a declined subscription changes nothing");

    let url = charge(&app, &token, PRO).await["url"].as_str().unwrap().to_string();
    decide(&url, "approve").await;
    updates_applied(&app, 2).await;
    assert_eq!(current(&app, &token).await["package"]["key"], PRO);

    // Extra quota is a usage charge on the subscription in force, credited at once.
    let a = app.post("/api/payments/charge-extra", Some(&token), json!({ "feature_id": "AI_PRODUCT_WRITING", "quantity": 2 })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let units = app.count("SELECT COALESCE(SUM(units), 0)::BIGINT FROM feature_extras WHERE feature = 'AI_PRODUCT_WRITING'").await;
    assert_eq!(units, 200, "two packs of 100 AI product writings for this cycle");
    let shop: Value = reqwest::get(format!("{sandbox}/_sandbox/shopify/decliner.myshopify.com")).await.unwrap().json().await.unwrap();
    let records = shop["billing"]["usage_records"].as_array().unwrap();
    assert_eq!((records.len(), records[0]["price_cents"].as_i64()), (1, Some(1000)), "{records:?}");

    // Shopify freezes it while the shop does not pay, and activates it again once it does.
    let gid: String = sqlx::query_scalar("SELECT subscription_id FROM shopify_app_subscriptions WHERE status = 'ACTIVE'").fetch_one(&app.pool).await.unwrap();
    let number = gid.rsplit('/').next().unwrap();
    let force = |status: &'static str| {
        let url = format!("{sandbox}/_sandbox/shopify/decliner.myshopify.com/app_subscriptions/{number}/status");
        async move { assert!(reqwest::Client::new().post(url).json(&json!({ "status": status })).send().await.unwrap().status().is_success()) }
    };
    force("FROZEN").await;
    updates_applied(&app, 3).await;
    assert_eq!(current(&app, &token).await["package"]["key"], free, "a frozen subscription is not paid for");
    force("ACTIVE").await;
    updates_applied(&app, 4).await;
    assert_eq!(current(&app, &token).await["package"]["key"], PRO);

    // The owner cancels on the billing page: Dropline cancels the subscription on Shopify.
    let a = app.post("/api/payments/cancel-subscription", Some(&token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    updates_applied(&app, 5).await;
    let now = current(&app, &token).await;
    assert_eq!(now["package"]["key"], free, "{now}");
    assert_eq!(now["provider_payment"], "shopify");
}

#[tokio::test]
async fn a_webhook_from_another_shop_cannot_change_a_workplace() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "first@example.com").await;
    install_embedded(&app, &token, "first-shop").await;
    let other = app.signed_up("second@example.com").await;
    install_embedded(&app, &other, "second-shop").await;

    let url = charge(&app, &token, PRO).await["url"].as_str().unwrap().to_string();
    decide(&url, "approve").await;
    updates_applied(&app, 1).await;
    assert_eq!(current(&app, &token).await["package"]["key"], PRO);

    // Signed (the app secret is one for every shop), but from the other shop: the subscription is
    // not one that shop's workplace asked for.
    let body: String = sqlx::query_scalar("SELECT body FROM webhook_events WHERE topic = 'app_subscriptions/update'").fetch_one(&app.pool).await.unwrap();
    let cancelled = body.replace("\"ACTIVE\"", "\"CANCELLED\"");
    assert_eq!(post_webhook(&app, "second-shop.myshopify.com", "cross-1", &cancelled, &sign(SECRET, &cancelled)).await, 200);
    app.drain().await;
    assert_eq!(current(&app, &token).await["package"]["key"], PRO, "the first workplace keeps its plan");
    let second = current(&app, &other).await;
    assert_ne!(second["package"]["key"], PRO, "{second}");

    // A store connected from Dropline's own dashboard keeps paying through the payment vendor.
    let third = app.signed_up("third@example.com").await;
    let a = dropline_tests::connect_shopify(&app, &third, "plain-shop").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(current(&app, &third).await["provider_payment"], "stripe");
}

/// Shopify's refusals, straight on the sandbox's GraphQL Admin API.
#[tokio::test]
async fn the_sandbox_refuses_what_shopify_refuses() {
    let sandbox = dropline_tests::start_sandbox().await;
    let http = reqwest::Client::new();
    let shop = "rules.myshopify.com";
    let install: Value = http.post(format!("{sandbox}/_sandbox/shopify/{shop}/install")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let token = install["access_token"].as_str().unwrap().to_string();
    let gql = |query: &'static str, variables: Value| {
        let (http, token, url) = (http.clone(), token.clone(), format!("{sandbox}/shops/{shop}/admin/api/2026-07/graphql.json"));
        async move {
            let r = http.post(url).header("x-shopify-access-token", token).json(&json!({ "query": query, "variables": variables })).send().await.unwrap();
            r.json::<Value>().await.unwrap()
        }
    };
    let create = domain::connectors::stores::shopify_billing::CREATE;
    let line = |amount: &str| json!([{ "plan": { "appRecurringPricingDetails": { "price": { "amount": amount, "currencyCode": "USD" } } } }]);
    let a = gql(create, json!({ "name": "Pro", "lineItems": line("0.10"), "returnUrl": "https://app.example/back" })).await;
    assert_eq!(a["data"]["appSubscriptionCreate"]["userErrors"][0]["field"][0], "lineItems", "{a}");
    assert!(a["data"]["appSubscriptionCreate"]["confirmationUrl"].is_null());
    let a = gql(create, json!({ "name": "Pro", "lineItems": line("9.90"), "returnUrl": "not a url" })).await;
    assert_eq!(a["data"]["appSubscriptionCreate"]["userErrors"][0]["field"], json!(["returnUrl"]), "{a}");
    let a = gql(create, json!({ "name": "Pro", "lineItems": line("9.90") })).await;
    assert!(a["errors"][0]["message"].as_str().is_some(), "returnUrl is required: {a}");

    // Usage charges stop at the capped amount, and a repeated idempotency key charges once.
    let items = json!([
        { "plan": { "appRecurringPricingDetails": { "price": { "amount": "9.90", "currencyCode": "USD" } } } },
        { "plan": { "appUsagePricingDetails": { "cappedAmount": { "amount": "10.00", "currencyCode": "USD" }, "terms": "Extra imports" } } }
    ]);
    let a = gql(create, json!({ "name": "Pro", "lineItems": items, "returnUrl": "https://app.example/back", "test": true })).await;
    let url = a["data"]["appSubscriptionCreate"]["confirmationUrl"].as_str().expect("created").to_string();
    decide(&url, "approve").await;
    let active = gql(domain::connectors::stores::shopify_billing::ACTIVE, json!({})).await;
    let sub = &active["data"]["currentAppInstallation"]["activeSubscriptions"][0];
    assert_eq!(sub["status"], "ACTIVE", "{active}");
    assert_eq!(sub["test"], true);
    let usage = sub["lineItems"].as_array().unwrap().iter().find(|l| l["plan"]["pricingDetails"]["__typename"] == "AppUsagePricing").unwrap()["id"].clone();
    let record = domain::connectors::stores::shopify_billing::USAGE_RECORD;
    let charge =
        |amount: &str, key: &str| json!({ "lineItem": usage, "price": { "amount": amount, "currencyCode": "USD" }, "description": "50 imports", "key": key });
    let first = gql(record, charge("6.00", "k1")).await;
    let again = gql(record, charge("6.00", "k1")).await;
    assert_eq!(first["data"]["appUsageRecordCreate"]["appUsageRecord"]["id"], again["data"]["appUsageRecordCreate"]["appUsageRecord"]["id"], "{again}");
    let over = gql(record, charge("6.00", "k2")).await;
    assert_eq!(over["data"]["appUsageRecordCreate"]["userErrors"][0]["field"], json!(["price"]), "past the cap: {over}");
}
