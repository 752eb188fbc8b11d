//! The payment vendor gives each webhook endpoint its own signing secret, shown once when the
//! endpoint is made. Dropline registers its endpoint once for the deployment (not once per
//! process or restart), keeps that secret sealed, and accepts the vendor's deliveries signed
//! with it; a delivery signed with neither that secret nor the configured one is refused.
use dropline_tests::{TestApp, eventually, no_redirect, signed_up_on_sandbox};
use serde_json::{Value, json};
use std::time::Duration;

async fn sandbox_payments(app: &TestApp, sandbox: &str) -> Value {
    app.http.get(format!("{sandbox}/_sandbox/payments")).send().await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn one_endpoint_is_registered_and_its_own_secret_verifies_the_deliveries() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "whsec@example.com").await;
    let mut sessions = vec![];
    for amount in [20, 30] {
        let a = app.post("/api/payments/user/wallets/topup", Some(&token), json!({ "amount": amount })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        sessions.push(a.data()["session_id"].as_str().unwrap().to_string());
    }
    let p = sandbox_payments(&app, &sandbox).await;
    let endpoints = p["webhook_endpoints"].as_array().unwrap();
    assert_eq!(endpoints.len(), 1, "one endpoint for the deployment: {endpoints:?}");
    let secret = endpoints[0]["secret"].as_str().unwrap();
    assert!(secret.starts_with("whsec_"));
    let kept: Vec<u8> = sqlx::query_scalar("SELECT secret FROM payment_webhook_endpoints").fetch_one(&app.pool).await.unwrap();
    assert!(!kept.windows(secret.len()).any(|w| w == secret.as_bytes()), "the secret is sealed at rest");

    let res = no_redirect().post(format!("{sandbox}/payments/checkout/{}/pay", sessions[0])).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302);
    eventually("the delivery signed with the endpoint's own secret is accepted", Duration::from_secs(30), || async {
        let p = sandbox_payments(&app, &sandbox).await;
        let d = p["deliveries"].as_array().unwrap().iter().find(|d| d["event_type"] == "checkout.session.completed").cloned();
        if d.as_ref().is_some_and(|d| d["delivered"] == true && d["last_status"] == 200) { Ok(()) } else { Err(d) }
    })
    .await;
    let w = app.get("/api/payments/user/wallets", Some(&token)).await;
    assert_eq!(w.data()["total_balance"], json!(20.0), "{}", w.body);

    // Signed with some other endpoint's secret: refused, nothing credited.
    let event = json!({ "id": "evt_forged", "type": "checkout.session.completed", "data": { "object": { "id": sessions[1] } } }).to_string();
    let t = chrono::Utc::now().timestamp();
    let forged = sandbox::payments::events::sign("whsec_someone_elses", t, &event);
    let res = app.http.post(format!("{}/api/webhooks/payments", app.base)).header("Stripe-Signature", forged).body(event).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 401);
    let w = app.get("/api/payments/user/wallets", Some(&token)).await;
    assert_eq!(w.data()["total_balance"], json!(20.0), "{}", w.body);
}

/// An endpoint registered before Dropline handled plan billing listened to checkout events only;
/// the next charge brings it up to date at the vendor, once, so renewals and failed payments arrive.
#[tokio::test]
async fn an_endpoint_registered_for_fewer_events_is_brought_up_to_date_once() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "older@example.com").await;
    let topup = || async { assert_eq!(app.post("/api/payments/user/wallets/topup", Some(&token), json!({ "amount": 20 })).await.code(), 200) };
    topup().await;
    let p = sandbox_payments(&app, &sandbox).await;
    let id = p["webhook_endpoints"][0]["id"].as_str().unwrap().to_string();
    // As an older Dropline left it: at the vendor and in its own row.
    let key = app.settings.payments.secret_key.clone();
    let res = app
        .http
        .post(format!("{sandbox}/payments/v1/webhook_endpoints/{id}"))
        .bearer_auth(secrecy::ExposeSecret::expose_secret(&key))
        .form(&[("enabled_events[]", "checkout.session.completed")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    sqlx::query("UPDATE payment_webhook_endpoints SET enabled_events = 'checkout.session.completed'").execute(&app.pool).await.unwrap();

    topup().await;
    let p = sandbox_payments(&app, &sandbox).await;
    let endpoints = p["webhook_endpoints"].as_array().unwrap();
    assert_eq!(endpoints.len(), 1, "the same endpoint, not a second one: {endpoints:?}");
    let events: Vec<&str> = endpoints[0]["enabled_events"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    for wanted in ["customer.subscription.updated", "invoice.payment_failed", "charge.dispute.created"] {
        assert!(events.contains(&wanted), "{wanted} missing from {events:?}");
    }
    let stored: String = sqlx::query_scalar("SELECT enabled_events FROM payment_webhook_endpoints").fetch_one(&app.pool).await.unwrap();
    assert!(stored.contains("invoice.payment_failed"), "{stored}");
}
