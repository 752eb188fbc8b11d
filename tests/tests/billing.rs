//! Paying for plans through the sandbox payment vendor: Checkout in subscription mode, the
//! signed webhooks applied once and in the vendor's order, renewals on the vendor's clock,
//! failed renewals, cancellation and downgrades at the period end, extra quota, payment logs,
//! tenant isolation and field errors.
use dropline_tests::{eventually, signed_up_on_sandbox};
use serde_json::json;
use std::time::Duration;

#[path = "billing/support.rs"]
mod support;

use support::*;

#[tokio::test]
async fn an_upgrade_through_checkout_changes_the_plan_only_after_the_vendors_webhook_and_once() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "upgrader@example.com").await;
    // The vendor delivers every event twice from now on.
    app.http.post(format!("{sandbox}/_sandbox/faults")).json(&json!({"platform": "payments", "duplicate_webhooks": true})).send().await.unwrap();

    let a = app.post("/api/payments/charge-subscription", Some(&token), json!({ "package_key": PRO })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!((a.data()["pending_plan_key"].clone(), a.data()["effective_at"].clone()), (json!(null), json!(null)));
    let url = a.data()["url"].as_str().unwrap().to_string();
    assert_eq!(current(&app, &token).await["package"]["key"], FREE, "nothing changes before the vendor says it is paid");
    let v = vendor(&sandbox).await;
    let session = v["checkout_sessions"].as_array().unwrap().iter().find(|s| s["mode"] == "subscription").unwrap().clone();
    assert!(session["customer"].as_str().is_some_and(|c| c.starts_with("cus_")), "checkout for the workplace's customer: {session}");
    let price = v["prices"].as_array().unwrap().iter().find(|p| p["lookup_key"].as_str().is_some_and(|k| k.contains(PRO))).unwrap().clone();
    assert_eq!((price["unit_amount"].clone(), price["recurring"]["interval"].clone()), (json!(2990), json!("month")));

    pay(&sandbox, &url).await;
    let c = plan_becomes(&app, &token, PRO, "the webhook applies the paid plan").await;
    let sub = &c["subscription"];
    assert_eq!((sub["status"].clone(), sub["provider"].clone(), sub["cycle"].clone()), (json!("active"), json!("stripe"), json!("monthly")), "{c}");
    assert_eq!((sub["next_charge"]["amount"].clone(), sub["cancel_at_period_end"].clone()), (json!(29.9), json!(false)), "{c}");
    assert_eq!(c["provider_payment"], "stripe");
    assert_eq!(c["package"]["features"]["LISTING_PRODUCTS"]["limit"], 1000, "the new limits apply at once");

    // Every delivery came twice; each event was applied once, and one invoice is logged.
    eventually("all deliveries answered", Duration::from_secs(60), || async {
        let v = vendor(&sandbox).await;
        let pending = v["deliveries"].as_array().unwrap().iter().filter(|d| d["delivered"] != true).count();
        if pending == 0 { Ok(()) } else { Err(v["deliveries"].clone()) }
    })
    .await;
    let applied = app.count("SELECT count(*) FROM billing_events").await;
    let distinct = app.count("SELECT count(DISTINCT event_id) FROM billing_events").await;
    assert_eq!(applied, distinct);
    let before = current(&app, &token).await;
    let v = vendor(&sandbox).await;
    let created = v["events"].as_array().unwrap().iter().find(|e| e["type"] == "customer.subscription.created").unwrap().clone();
    assert_eq!(post_event(&app, &created).await, 200, "a replay is answered 2xx");
    assert_eq!(app.count("SELECT count(*) FROM billing_events").await, applied, "and applies nothing");
    assert_eq!(current(&app, &token).await, before);
    let l = logs(&app, &token).await;
    assert_eq!(l["total"], 1, "{l}");
    assert_eq!(
        (l["items"][0]["amount"].clone(), l["items"][0]["status"].clone(), l["items"][0]["kind"].clone()),
        (json!(29.9), json!("paid"), json!("subscription"))
    );

    // A second workplace's upgrade finds the same Price by its lookup key.
    let other = app.signed_up("second@example.com").await;
    let a = app.post("/api/payments/charge-subscription", Some(&other), json!({ "package_key": PRO })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let prices = vendor(&sandbox).await["prices"].as_array().unwrap().iter().filter(|p| p["lookup_key"] == price["lookup_key"]).count();
    assert_eq!(prices, 1, "one Price per plan");
}

#[tokio::test]
async fn an_older_event_delivered_after_a_newer_state_does_not_undo_it() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "late@example.com").await;
    subscribe(&app, &sandbox, &token, PRO).await;
    let a = app.post("/api/payments/cancel-subscription", Some(&token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!((a.data()["cancel_at_period_end"].clone(), a.data()["pending_plan_key"].clone()), (json!(true), json!(FREE)), "{}", a.body);
    assert!(a.data()["current_period_end"].as_str().is_some(), "the date the plan ends: {}", a.body);

    // The subscription as it was when created (not cancelling), delivered late as a new event.
    let v = vendor(&sandbox).await;
    let mut late = v["events"].as_array().unwrap().iter().find(|e| e["type"] == "customer.subscription.created").unwrap().clone();
    late["id"] = json!("evt_late_1");
    late["type"] = json!("customer.subscription.updated");
    assert_eq!(post_event(&app, &late).await, 200);
    // And a deletion the vendor never made.
    let mut gone = late.clone();
    gone["id"] = json!("evt_late_2");
    gone["type"] = json!("customer.subscription.deleted");
    gone["data"]["object"]["status"] = json!("canceled");
    assert_eq!(post_event(&app, &gone).await, 200);

    let c = current(&app, &token).await;
    assert_eq!(c["package"]["key"], PRO, "{c}");
    assert_eq!((c["subscription"]["cancel_at_period_end"].clone(), c["subscription"]["status"].clone()), (json!(true), json!("active")), "{c}");
    assert_eq!(c["subscription"]["next_charge"], json!(null), "no renewal is coming: {c}");
}

#[tokio::test]
async fn a_renewal_on_the_vendors_clock_starts_a_new_usage_cycle() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "renew@example.com").await;
    let first = subscribe(&app, &sandbox, &token, PRO).await;
    let a = app.post("/api/payments/quota/calc-usage", Some(&token), json!({ "feature_id": "LISTING_PRODUCTS", "usage_amount": 5 })).await;
    assert_eq!((a.code(), a.data()["usage"].clone()), (200, json!(5)), "{}", a.body);

    advance_days(&app, &sandbox, 32).await;
    // The plan page reads the usage and the subscription one after the other, so a renewal
    // applied between the two reads can show the new period beside the old usage for a moment:
    // wait for both, and fail if the usage never starts again.
    let c = eventually("the renewal's invoice moves the period and starts the usage again", Duration::from_secs(60), || async {
        let c = current(&app, &token).await;
        let moved = c["subscription"]["current_period_end"] != first["subscription"]["current_period_end"];
        if moved && c["package"]["features"]["LISTING_PRODUCTS"]["usage"] == 0 { Ok(c) } else { Err(c) }
    })
    .await;
    assert_eq!((c["package"]["key"].clone(), c["subscription"]["status"].clone()), (json!(PRO), json!("active")));
    let l = logs(&app, &token).await;
    assert_eq!(l["total"], 2, "both invoices are in the payment logs: {l}");
}

#[tokio::test]
async fn a_failed_renewal_keeps_the_plan_for_the_grace_period_then_the_free_plan_with_a_notification() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "declined@example.com").await;
    subscribe(&app, &sandbox, &token, PRO).await;
    let sub: String = sqlx::query_scalar("SELECT subscription_id FROM workplace_subscriptions").fetch_one(&app.pool).await.unwrap();
    // The card now declines (a test card the vendor refuses).
    stripe(&sandbox, &format!("/subscriptions/{sub}"), &[("default_payment_method", "pm_card_declined")]).await;
    let a = app.post("/api/payments/skip-recharge", Some(&token), json!({})).await;
    assert_eq!(a.code(), 204, "nothing to skip while paid up: {}", a.body);

    advance_days(&app, &sandbox, 32).await;
    // The vendor's events arrive one by one: the status, then the failed invoice in the logs.
    let c = eventually("the failed renewal is applied", Duration::from_secs(60), || async {
        let c = current(&app, &token).await;
        let failed = logs(&app, &token).await["items"].as_array().unwrap().iter().any(|i| i["status"] == "failed");
        if c["subscription"]["status"] == "past_due" && failed { Ok(c) } else { Err(c) }
    })
    .await;
    assert_eq!(c["package"]["key"], PRO, "the plan is kept during the grace period: {c}");
    let grace: chrono::DateTime<chrono::Utc> = c["subscription"]["grace_until"].as_str().unwrap().parse().unwrap();
    let days = (grace - chrono::Utc::now()).num_hours();
    assert!((6 * 24..=7 * 24).contains(&days), "seven days of grace: {grace}");
    assert_eq!(notified(&app, "payment_failed").await, 1);
    assert!(app.count("SELECT count(*) FROM email_outbox WHERE to_address = 'declined@example.com' AND subject LIKE '%failed%'").await >= 1, "emailed");
    let l = logs(&app, &token).await;
    assert!(l["items"].as_array().unwrap().iter().any(|i| i["status"] == "failed"), "{l}");

    // The grace period passes, under the lock the vendor's events take: one still being applied
    // would otherwise write back the grace period it read before.
    let workplace_id: uuid::Uuid = sqlx::query_scalar("SELECT workplace_id FROM workplace_subscriptions").fetch_one(&app.pool).await.unwrap();
    let mut tx = domain::db::begin(&app.pool).await.unwrap();
    domain::billing::apply::lock(&mut tx, workplace_id).await.unwrap();
    sqlx::query("UPDATE workplace_subscriptions SET grace_until = now() - interval '1 second'").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let vendor_api = domain::connectors::payments::PaymentVendor::new(&app.settings.payments);
    assert_eq!(domain::billing::grace::settle(&app.pool, &vendor_api).await.unwrap(), 1);
    let c = current(&app, &token).await;
    assert_eq!(c["package"]["key"], FREE, "{c}");
    assert_eq!(notified(&app, "plan_ended").await, 1);
    let v = vendor(&sandbox).await;
    assert_eq!(v["subscriptions"][0]["status"], "canceled", "no more charges for a plan it no longer has");
}

#[tokio::test]
async fn a_cancelled_plan_is_kept_until_the_period_ends_then_the_free_plan() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "leaver@example.com").await;
    subscribe(&app, &sandbox, &token, PRO).await;
    let a = app.post("/api/payments/cancel-subscription", Some(&token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    advance_days(&app, &sandbox, 10).await;
    assert_eq!(current(&app, &token).await["package"]["key"], PRO, "paid until the period ends");
    advance_days(&app, &sandbox, 25).await;
    let c = plan_becomes(&app, &token, FREE, "the period's end moves the workplace to the free plan").await;
    assert_eq!(c["subscription"]["status"], "canceled", "{c}");
    assert_eq!(logs(&app, &token).await["total"], 1, "no renewal was charged");
}

#[tokio::test]
async fn a_downgrade_waits_for_the_end_of_the_paid_period() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "downgrader@example.com").await;
    let c = subscribe(&app, &sandbox, &token, ENTERPRISE).await;
    let a = app.post("/api/payments/charge-subscription", Some(&token), json!({ "package_key": PRO })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!((a.data()["url"].clone(), a.data()["pending_plan_key"].clone()), (json!(null), json!(PRO)), "{}", a.body);
    assert_eq!(a.data()["effective_at"], c["subscription"]["current_period_end"]);
    let now = current(&app, &token).await;
    assert_eq!((now["package"]["key"].clone(), now["subscription"]["pending_plan_key"].clone()), (json!(ENTERPRISE), json!(PRO)));
    assert_eq!(now["subscription"]["next_charge"], json!(null), "{now}");

    advance_days(&app, &sandbox, 32).await;
    let c = plan_becomes(&app, &token, PRO, "the cheaper plan starts when the paid period ends").await;
    assert_eq!(c["subscription"]["status"], "active", "{c}");
    // The renewal's invoice is an event of its own, which may arrive after the plan's.
    eventually("both plans' invoices are in the payment logs", Duration::from_secs(60), || async {
        let l = logs(&app, &token).await;
        let amounts: Vec<_> = l["items"].as_array().unwrap().iter().map(|i| i["amount"].clone()).collect();
        if amounts.contains(&json!(29.9)) && amounts.contains(&json!(99.0)) { Ok(()) } else { Err(l) }
    })
    .await;
}

#[tokio::test]
async fn extra_quota_is_credited_once_when_paid() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "extra@example.com").await;
    app.http.post(format!("{sandbox}/_sandbox/faults")).json(&json!({"platform": "payments", "duplicate_webhooks": true})).send().await.unwrap();
    let a = app.post("/api/payments/charge-extra", Some(&token), json!({ "feature_id": "IMPORT_PRODUCT", "quantity": 2 })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let used = app.post("/api/payments/quota/calc-usage", Some(&token), json!({ "feature_id": "IMPORT_PRODUCT" })).await;
    assert_eq!(used.data()["limit"], 50, "nothing before the payment: {}", used.body);
    pay(&sandbox, a.data()["url"].as_str().unwrap()).await;
    eventually("the payment's webhook credits the packs", Duration::from_secs(60), || async {
        let q = app.post("/api/payments/quota/calc-usage", Some(&token), json!({ "feature_id": "IMPORT_PRODUCT" })).await;
        if q.data()["limit"] == 250 { Ok(()) } else { Err(q.body.clone()) }
    })
    .await;
    let v = vendor(&sandbox).await;
    let done = v["events"].as_array().unwrap().iter().find(|e| e["type"] == "checkout.session.completed").unwrap().clone();
    let mut again = done.clone();
    again["id"] = json!("evt_same_session_again");
    assert_eq!(post_event(&app, &done).await, 200);
    assert_eq!(post_event(&app, &again).await, 200);
    let q = app.post("/api/payments/quota/calc-usage", Some(&token), json!({ "feature_id": "IMPORT_PRODUCT" })).await;
    assert_eq!(q.data()["limit"], 250, "credited once: {}", q.body);
    let l = logs(&app, &token).await;
    assert_eq!((l["total"].clone(), l["items"][0]["amount"].clone(), l["items"][0]["kind"].clone()), (json!(1), json!(10.0), json!("extra")), "{l}");

    let r = app.post("/api/payments/charge-ready2sale", Some(&token), json!({ "quantity": 1 })).await;
    assert_eq!(r.code(), 200, "{}", r.body);
    assert!(r.data()["url"].as_str().is_some_and(|u| u.starts_with(&sandbox)));
}

#[tokio::test]
async fn another_workplace_neither_sees_nor_changes_this_ones_billing() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "payer@example.com").await;
    subscribe(&app, &sandbox, &token, PRO).await;
    let other = app.signed_up("other@example.com").await;
    let c = current(&app, &other).await;
    assert_eq!((c["package"]["key"].clone(), c["subscription"].clone()), (json!(FREE), json!(null)), "{c}");
    assert_eq!(logs(&app, &other).await["total"], 0);
    for path in ["/api/payments/cancel-subscription", "/api/payments/update-payment-method", "/api/payments/skip-recharge"] {
        let a = app.post(path, Some(&other), json!({})).await;
        assert_eq!(a.code(), 204, "{path}: {}", a.body);
        assert!(a.body["errors"]["subscription"].is_array(), "{}", a.body);
    }
    let mine = current(&app, &token).await;
    assert_eq!((mine["package"]["key"].clone(), mine["subscription"]["cancel_at_period_end"].clone()), (json!(PRO), json!(false)));
    let a = app.post("/api/payments/update-payment-method", Some(&token), json!({})).await;
    assert_eq!(a.code(), 200, "the owner can change the plan's card: {}", a.body);
}

#[tokio::test]
async fn bad_billing_input_is_a_field_error_never_a_500() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "typo@example.com").await;
    let cases = [
        ("/api/payments/charge-subscription", json!({}), "package_key"),
        ("/api/payments/charge-subscription", json!({ "package_key": 5 }), "package_key"),
        ("/api/payments/charge-subscription", json!({ "package_key": "GOLD" }), "package_key"),
        ("/api/payments/charge-subscription", json!({ "package_key": FREE }), "package_key"),
        ("/api/payments/charge-extra", json!({ "feature_id": "BULK_ORDER_FULFILLMENT" }), "feature_id"),
        ("/api/payments/charge-extra", json!({}), "feature_id"),
        ("/api/payments/charge-extra", json!({ "feature_id": "IMPORT_PRODUCT", "quantity": 0 }), "quantity"),
        ("/api/payments/charge-ready2sale", json!({ "quantity": "many" }), "quantity"),
        ("/api/payments/charge-ready2sale", json!({ "quantity": 21 }), "quantity"),
    ];
    for (path, body, field) in cases {
        let a = app.post(path, Some(&token), body.clone()).await;
        assert_eq!(a.code(), 204, "{path} {body}: {}", a.body);
        assert!(a.body["errors"][field].is_array(), "{path} {body}: {}", a.body);
    }
    let a = app.get("/api/payments/package/detail?id=GOLD", Some(&token)).await;
    assert!(a.code() == 204 && a.body["errors"]["id"].is_array(), "{}", a.body);
    let a = app.get(&format!("/api/payments/package/detail?id={PRO}"), Some(&token)).await;
    assert_eq!((a.code(), a.data()["package"]["price"].clone()), (200, json!(29.9)), "{}", a.body);
    let a = app.get("/api/payments/user/payment-logs?page_size=x", Some(&token)).await;
    assert!(a.code() != 200 && a.http.as_u16() < 500, "{}", a.body);
}

#[tokio::test]
async fn an_owner_in_sandbox_mode_pays_with_the_test_keys_and_one_in_live_mode_with_the_live_keys() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = dropline_tests::TestApp::on_sandbox_with(db.pool.clone(), |s| {
        // A live key set this vendor (a test sandbox) does not know.
        s.payments.live_secret_key = Some(secrecy::SecretString::from("sk_live_unknown_here".to_string()));
        s.payments.live_webhook_secret = Some(secrecy::SecretString::from("whsec_live_unknown_here".to_string()));
    })
    .await;
    let token = app.signed_up("modes@example.com").await;
    let a = app.post("/api/payments/charge-subscription", Some(&token), json!({ "package_key": PRO })).await;
    assert!(a.code() != 200 && a.data()["url"].is_null(), "a live owner is charged with the live keys: {}", a.body);
    assert!(vendor(&sandbox).await["checkout_sessions"].as_array().unwrap().is_empty());

    let mode = || async { app.get("/api/auth/account", Some(&token)).await.data()["payment_mode"].clone() };
    assert_eq!(mode().await, "live");

    // The operator's `dropline user payment-mode --email … sandbox`.
    assert!(domain::store::users::set_payment_mode(&app.pool, "Modes@example.com", "sandbox").await.unwrap());
    assert_eq!(mode().await, "sandbox", "the account shows the mode it pays in");
    assert_eq!(current(&app, &token).await["test_mode"], true, "the billing page says test cards pay");
    subscribe(&app, &sandbox, &token, PRO).await;
}

#[tokio::test]
async fn a_disputed_plan_payment_ends_paid_access_and_is_logged() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "disputer@example.com").await;
    subscribe(&app, &sandbox, &token, PRO).await;
    let charge = eventually("the invoice's charge is logged", Duration::from_secs(60), || async {
        let c: Option<String> =
            sqlx::query_scalar("SELECT charge_id FROM billing_payments WHERE kind = 'subscription'").fetch_optional(&app.pool).await.unwrap().flatten();
        c.ok_or(())
    })
    .await;
    // The cardholder disputes the plan's charge at the bank; the vendor's signed event follows.
    let res = app.http.post(format!("{sandbox}/_sandbox/payments/charges/{charge}/dispute")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let c = plan_becomes(&app, &token, FREE, "the dispute's webhook ends paid access").await;
    assert_eq!((c["package"]["key"].clone(), c["subscription"]["status"].clone()), (json!(FREE), json!("canceled")), "{c}");
    assert_eq!(vendor(&sandbox).await["subscriptions"][0]["status"], "canceled");
    let l = logs(&app, &token).await;
    assert!(l["items"].as_array().unwrap().iter().any(|i| i["kind"] == "dispute" && i["amount"] == 29.9), "{l}");
    assert_eq!(notified(&app, "plan_ended").await, 1);
}
