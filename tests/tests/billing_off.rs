//! A self-hosted Dropline that charges nobody (`plans.billing = false`): billing is hidden, every
//! charging call is FORBIDDEN and stores nothing, and the plan the operator assigns (UNLIMITED,
//! as `dropline plan set --plan unlimited` gives it) lifts the plan's gates.
use dropline_tests::TestApp;
use serde_json::json;

#[tokio::test]
async fn with_billing_off_nothing_is_charged_and_the_operators_plan_applies() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| s.plans.billing = false).await;
    let t = app.signed_up("operator@example.com").await;
    let account = app.get("/api/auth/account", Some(&t)).await;
    assert_eq!(account.data()["is_hide_billing"], true, "no billing menu: {}", account.body);

    let charging = [
        ("/api/payments/charge-subscription", json!({ "package_key": "PRO_DROPLINE_AO_TIER_1" })),
        ("/api/payments/charge-extra", json!({ "feature_id": "IMPORT_PRODUCT" })),
        ("/api/payments/charge-ready2sale", json!({})),
        ("/api/payments/cancel-subscription", json!({})),
        ("/api/payments/skip-recharge", json!({})),
        ("/api/payments/update-payment-method", json!({})),
    ];
    for (path, body) in charging {
        let a = app.post(path, Some(&t), body).await;
        assert_eq!(a.code(), 103, "{path} is FORBIDDEN: {}", a.body);
        assert!(a.body["message"].as_str().unwrap_or("").contains("Billing is turned off"), "{path}: {}", a.body);
    }
    let asked: i64 = sqlx::query_scalar("SELECT (SELECT count(*) FROM workplace_subscriptions) + (SELECT count(*) FROM billing_payments)")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(asked, 0, "nothing was asked of the vendor nor stored");
    let unsigned = app.post("/api/payments/charge-subscription", None, json!({})).await;
    assert_eq!(unsigned.code(), 101, "a missing session is still UNAUTHORIZED first: {}", unsigned.body);

    let place = app.post("/api/orders/place-orders", Some(&t), json!({ "all_ready": true })).await;
    assert_eq!(place.body["message"], "BulkOrderPlacementIsDisabled", "the free plan's gate: {}", place.body);
    let workplace: uuid::Uuid = sqlx::query_scalar("SELECT id FROM workplaces").fetch_one(&app.pool).await.unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    assert!(domain::plans::assign(&mut conn, workplace, "UNLIMITED", None).await.unwrap());
    let plan = app.get("/api/payments/user/current-plan", Some(&t)).await;
    assert_eq!(plan.data()["package"]["key"], "UNLIMITED", "{}", plan.body);
    let place = app.post("/api/orders/place-orders", Some(&t), json!({ "all_ready": true })).await;
    assert_ne!(place.code(), 401, "the unlimited plan places in bulk: {}", place.body);
}

#[tokio::test]
async fn an_unlisted_plan_is_assigned_never_bought() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let t = app.signed_up("buyer@example.com").await;
    for key in ["UNLIMITED", "FREE_AO_MKT"] {
        let a = app.post("/api/payments/charge-subscription", Some(&t), json!({ "package_key": key })).await;
        assert_eq!(a.code(), 204, "{key}: {}", a.body);
        assert!(a.body["errors"]["package_key"].is_array(), "{key}: {}", a.body);
    }
    let key: String = sqlx::query_scalar("SELECT plan_key FROM workplaces").fetch_one(&app.pool).await.unwrap();
    assert_eq!(key, "FREE_ORDER_FULFILLMENT_2");
}
