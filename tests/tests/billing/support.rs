//! Helpers for the billing tests: the owner pays on the sandbox vendor's hosted page, the
//! vendor's own API is called as the vendor's dashboard would, and its clock moves.
use dropline_tests::{TestApp, eventually, no_redirect};
use serde_json::{Value, json};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub const PRO: &str = "PRO_DROPLINE_AO_TIER_1";
pub const ENTERPRISE: &str = "ENTERPRISE_DROPLINE_AO";
pub const FREE: &str = "FREE_ORDER_FULFILLMENT_2";

pub async fn current(app: &TestApp, token: &str) -> Value {
    let a = app.get("/api/payments/user/current-plan", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

pub async fn vendor(sandbox: &str) -> Value {
    reqwest::get(format!("{sandbox}/_sandbox/payments")).await.unwrap().json().await.unwrap()
}

/// A call to the vendor's API with the secret key (what a test does in the vendor's dashboard).
pub async fn stripe(sandbox: &str, path: &str, form: &[(&str, &str)]) -> Value {
    let res = reqwest::Client::new().post(format!("{sandbox}/payments/v1{path}")).bearer_auth(sandbox::creds::PAYMENTS_KEY).form(form).send().await.unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap()
}

/// Moves the vendor's clock on; reading its state books what came due (renewals, period ends).
pub async fn advance_days(app: &TestApp, sandbox: &str, days: i64) {
    let res = app.http.post(format!("{sandbox}/_sandbox/clock/advance")).json(&json!({ "seconds": days * 86_400 })).send().await.unwrap();
    assert!(res.status().is_success());
    vendor(sandbox).await;
}

/// Pays the checkout at `url` on the vendor's page.
pub async fn pay(sandbox: &str, url: &str) {
    assert!(url.starts_with(sandbox), "paid on the vendor's page: {url}");
    let session = url.rsplit('/').next().unwrap();
    let res = no_redirect().post(format!("{sandbox}/payments/checkout/{session}/pay")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302);
}

pub async fn plan_becomes(app: &TestApp, token: &str, plan: &str, what: &str) -> Value {
    eventually(what, Duration::from_secs(60), || async {
        let c = current(app, token).await;
        if c["package"]["key"] == plan { Ok(c) } else { Err(c) }
    })
    .await
}

/// Upgrades to `plan` through the vendor's Checkout and waits for its webhook.
pub async fn subscribe(app: &TestApp, sandbox: &str, token: &str, plan: &str) -> Value {
    let a = app.post("/api/payments/charge-subscription", Some(token), json!({ "package_key": plan })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    pay(sandbox, a.data()["url"].as_str().unwrap()).await;
    let c = plan_becomes(app, token, plan, "the vendor's webhook changes the plan").await;
    assert_eq!(c["subscription"]["status"], "active", "{c}");
    c
}

pub async fn post_event(app: &TestApp, event: &Value) -> u16 {
    let body = event.to_string();
    let t = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
    let res = app.http.post(format!("{}/api/webhooks/payments", app.base)).header("content-type", "application/json");
    res.header("Stripe-Signature", sandbox::payments::events::signature(t, &body)).body(body).send().await.unwrap().status().as_u16()
}

pub async fn logs(app: &TestApp, token: &str) -> Value {
    let a = app.get("/api/payments/user/payment-logs?page=1&page_size=20", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

pub async fn notified(app: &TestApp, prefix: &str) -> i64 {
    app.count(&format!("SELECT count(*) FROM notifications WHERE dedup_key LIKE '{prefix}:%'")).await
}
