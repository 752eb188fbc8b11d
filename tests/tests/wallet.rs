//! The wallet through the API: top-ups through the sandbox vendor's hosted checkout and its
//! signed webhook, validation, settings, tenant isolation. The ledger's own rules (concurrent
//! debits, idempotency, reversal, refunds, card payments) are in `wallet/ledger.rs`.
use dropline_tests::{TestApp, eventually, no_redirect, signed_up_on_sandbox};
use serde_json::{Value, json};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[path = "wallet/grouped.rs"]
mod grouped;
#[path = "wallet/ledger.rs"]
mod ledger;
#[path = "wallet/support.rs"]
mod support;

use support::{balance_cents, check_books, workplace_of};

async fn wallet(app: &TestApp, token: &str) -> Value {
    let a = app.get("/api/payments/user/wallets", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

async fn sandbox_payments(sandbox: &str) -> Value {
    reqwest::get(format!("{sandbox}/_sandbox/payments")).await.unwrap().json().await.unwrap()
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs().try_into().unwrap()
}

async fn post_webhook(app: &TestApp, signature: &str, body: &str) -> reqwest::StatusCode {
    let res = app.http.post(format!("{}/api/webhooks/payments", app.base)).header("content-type", "application/json");
    res.header("Stripe-Signature", signature).body(body.to_string()).send().await.unwrap().status()
}

#[tokio::test]
async fn a_hosted_checkout_top_up_is_credited_once_even_when_the_webhook_comes_twice() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox, token) = signed_up_on_sandbox(pool, "payer@example.com").await;
    // The vendor delivers every event twice from now on.
    let faults = json!({"platform": "payments", "duplicate_webhooks": true});
    app.http.post(format!("{sandbox}/_sandbox/faults")).json(&faults).send().await.unwrap();

    let a = app.post("/api/payments/user/wallets/topup", Some(&token), json!({"amount": 25.5})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let (url, session) = (a.data()["url"].as_str().unwrap(), a.data()["session_id"].as_str().unwrap());
    assert!(url.starts_with(&sandbox), "{url}");
    assert_eq!(wallet(&app, &token).await["total_balance"], json!(0.0), "nothing before the vendor confirms");

    // The customer pays on the hosted page and comes back to the dashboard.
    let res = no_redirect().post(format!("{sandbox}/payments/checkout/{session}/pay")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302);
    let back = res.headers()["location"].to_str().unwrap();
    assert!(back.starts_with(&format!("{}/app/orders/payment-success", app.base)) && back.contains(session), "{back}");

    eventually("both copies of checkout.session.completed are delivered", Duration::from_secs(60), || async {
        let p = sandbox_payments(&sandbox).await;
        // Both copies are recorded on the one delivery: two attempts, each answered 2xx.
        let done = p["deliveries"].as_array().unwrap().iter().find(|d| d["event_type"] == "checkout.session.completed" && d["delivered"] == true);
        if done.is_some_and(|d| d["attempts"] == 2 && d["last_status"] == 200) { Ok(()) } else { Err(p["deliveries"].clone()) }
    })
    .await;
    let w = wallet(&app, &token).await;
    assert_eq!((w["balance_topup"].clone(), w["total_balance"].clone()), (json!(25.5), json!(25.5)), "{w}");
    let status: String = sqlx::query_scalar("SELECT status FROM wallet_topups WHERE session_id = $1").bind(session).fetch_one(&app.pool).await.unwrap();
    assert_eq!(status, "completed");

    // A replay of the same event, freshly signed, books nothing either.
    let p = sandbox_payments(&sandbox).await;
    let event = p["events"].as_array().unwrap().iter().find(|e| e["type"] == "checkout.session.completed").unwrap().to_string();
    assert_eq!(post_webhook(&app, &sandbox::payments::events::signature(now(), &event), &event).await.as_u16(), 200);

    let logs = app.get("/api/orders/v6/payments/transaction-logs?page=1&page_size=10", Some(&token)).await;
    assert_eq!(logs.data()["total"], json!(1), "{}", logs.body);
    assert_eq!((logs.data()["items"][0]["kind"].clone(), logs.data()["items"][0]["amount"].clone()), (json!("topup"), json!(25.5)));
    let chart = app.get("/api/payments/user/wallets/chart-summary?days=30", Some(&token)).await;
    let points = chart.data()["points"].as_array().unwrap();
    assert_eq!(points.len(), 30);
    assert_eq!((points[29]["topup"].clone(), points[29]["balance"].clone(), points[0]["balance"].clone()), (json!(25.5), json!(25.5), json!(0.0)));
    let wp = workplace_of(&app, &token).await;
    assert_eq!(balance_cents(&app.pool, wp).await, 2550);
    check_books(&app.pool).await;
}

#[tokio::test]
async fn a_webhook_with_a_bad_or_stale_signature_is_refused_and_books_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _, token) = signed_up_on_sandbox(pool, "payer@example.com").await;
    let a = app.post("/api/payments/user/wallets/topup", Some(&token), json!({"amount": 40})).await;
    let session = a.data()["session_id"].as_str().unwrap().to_string();
    // The event the vendor would send once paid, forged without the secret.
    let event = json!({"id": "evt_forged", "type": "checkout.session.completed", "data": {"object": {
        "id": session, "amount_total": 4000, "payment_status": "paid", "metadata": {"purpose": "wallet_topup"}}}})
    .to_string();
    let t = now();
    let forged = format!("t={t},v1={}", hex_hmac("not-the-secret", &format!("{t}.{event}")));
    assert_eq!(post_webhook(&app, &forged, &event).await.as_u16(), 401);
    assert_eq!(post_webhook(&app, "", &event).await.as_u16(), 401);
    let stale = sandbox::payments::events::signature(t - 3600, &event);
    assert_eq!(post_webhook(&app, &stale, &event).await.as_u16(), 401, "an old signature is a replay");
    let tampered = event.replace("4000", "400000");
    assert_eq!(post_webhook(&app, &sandbox::payments::events::signature(t, &event), &tampered).await.as_u16(), 401);
    assert_eq!(wallet(&app, &token).await["total_balance"], json!(0.0));
    assert_eq!(app.count("SELECT count(*) FROM wallet_transactions").await, 0);

    // Signed with the vendor's secret, the same event credits.
    assert_eq!(post_webhook(&app, &sandbox::payments::events::signature(t, &event), &event).await.as_u16(), 200);
    assert_eq!(wallet(&app, &token).await["total_balance"], json!(40.0));
}

fn hex_hmac(secret: &str, text: &str) -> String {
    domain::crypto::hmac_sha256(secret.as_bytes(), text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn bad_amounts_and_settings_are_422_naming_the_field() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("payer@example.com").await;
    for body in [json!({"amount": 9.99}), json!({"amount": 10000.01}), json!({"amount": "ten"}), json!({}), json!({"amount": 10.001}), json!({"amount": -20})] {
        let a = app.post("/api/payments/user/wallets/topup", Some(&token), body.clone()).await;
        assert_eq!((a.http.as_u16(), a.code()), (422, 204), "{body}: {}", a.body);
        assert!(a.body["errors"]["amount"].is_array(), "{}", a.body);
    }
    assert_eq!(app.count("SELECT count(*) FROM wallet_topups").await, 0);

    let a = app.call("PUT", "/api/orders/v6/payments/setting", Some(&token), None, Some(json!({"method": "card"}))).await;
    assert_eq!(a.code(), 204, "card needs a saved card: {}", a.body);
    assert!(a.body["errors"]["method"].is_array());
    let a = app.post("/api/orders/v6/payments/info", Some(&token), json!({"type": "credit_card", "payment_method": "4242424242424242"})).await;
    assert!(a.body["errors"]["payment_method"].is_array(), "{}", a.body);
    let a = app.post("/api/orders/v6/payments/info", Some(&token), json!({"type": "credit_card", "payment_method": "pm_card_visa"})).await;
    assert_eq!(a.data().clone(), json!({"type": "credit_card", "card_label": "Visa"}));
    let a = app.call("PUT", "/api/orders/v6/payments/setting", Some(&token), None, Some(json!({"payment_behavior": "default", "method": "card"}))).await;
    assert_eq!((a.data()["method"].clone(), a.data()["card_label"].clone()), (json!("card"), json!("Visa")), "{}", a.body);
    assert_eq!(app.get("/api/orders/v6/payments/setting", Some(&token)).await.data()["method"], json!("card"));
    assert_eq!(app.get("/api/payments/user/wallets/chart-summary?days=0", Some(&token)).await.code(), 204);

    let a = app.post("/api/payments/user/wallets/accept-policy", Some(&token), json!({})).await;
    assert_eq!(a.data()["policy_accepted"], json!(true), "{}", a.body);
    let b = app.get("/api/orders/v7/wallet/bonus", Some(&token)).await;
    assert_eq!(b.data()["balance_bonus"], json!(0.0), "{}", b.body);
}

#[tokio::test]
async fn another_workplace_sees_neither_the_wallet_nor_its_transactions() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let (alice, bob) = (app.signed_up("alice@example.com").await, app.signed_up("bob@example.com").await);
    let (wa, wb) = (workplace_of(&app, &alice).await, workplace_of(&app, &bob).await);
    let so = support::source_orders(&app.pool, &app, &alice, 1).await[0];
    support::seed(&app.pool, wa, 5_000).await;
    domain::wallet::charge::debit_for_order(&app.pool, wa, so, 1_200).await.unwrap();

    assert_eq!(wallet(&app, &alice).await["total_balance"], json!(38.0));
    assert_eq!(wallet(&app, &bob).await["total_balance"], json!(0.0));
    let logs = app.get("/api/orders/v6/payments/transaction-logs", Some(&bob)).await;
    assert_eq!((logs.data()["total"].clone(), logs.data()["items"].clone()), (json!(0), json!([])));
    // Bob naming Alice's workplace is NOT_FOUND, as for any workplace he is not a member of.
    for path in ["/api/payments/user/wallets", "/api/orders/v6/payments/transaction-logs", "/api/payments/user/wallets/chart-summary"] {
        let a = app.call("GET", path, Some(&bob), Some(&wa.to_string()), None).await;
        assert_eq!(a.code(), 202, "{path}: {}", a.body);
    }
    // Nor can Bob's workplace pay with Alice's supplier order.
    support::seed(&app.pool, wb, 5_000).await;
    let e = domain::wallet::charge::debit_for_order(&app.pool, wb, so, 100).await.unwrap_err();
    assert!(matches!(e, domain::Error::NotFound(_)), "{e:?}");
    assert_eq!(balance_cents(&app.pool, wb).await, 5_000);
    check_books(&app.pool).await;
}
