//! Plan gates answer QUOTA_EXPIRED (401) with the spec's prompt, and the account flags of spec
//! section 3 follow the sign-up source, the stores and the client's `app` header.
use dropline_tests::TestApp;
use serde_json::{Value, json};

async fn set_plan(app: &TestApp, plan: &str) {
    sqlx::query("UPDATE workplaces SET plan_key = $1").bind(plan).execute(&app.pool).await.unwrap();
}

#[tokio::test]
async fn the_free_plan_is_refused_bulk_placement_and_bulk_editing_and_pro_is_not() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let t = app.signed_up("gated@example.com").await;
    let two = json!({ "ids": [uuid::Uuid::new_v4(), uuid::Uuid::new_v4()], "tags_add": ["sale"] });
    let edit = app.call("PUT", "/api/center/products/bulk_update", Some(&t), None, Some(two.clone())).await;
    assert_eq!((edit.code(), edit.body["message"].as_str()), (401, Some("UpgradeForBulkEditingListings")), "{}", edit.body);
    let one = json!({ "ids": [uuid::Uuid::new_v4()], "tags_add": ["sale"] });
    // One product is no bulk edit: past the gate, to the check that the product is this workplace's.
    assert_eq!(app.call("PUT", "/api/center/products/bulk_update", Some(&t), None, Some(one)).await.code(), 204);
    let place = app.post("/api/orders/place-orders", Some(&t), json!({ "all_ready": true })).await;
    assert_eq!((place.code(), place.body["message"].as_str()), (401, Some("BulkOrderPlacementIsDisabled")), "{}", place.body);
    let two_orders = app.post("/api/orders/v5/create", Some(&t), json!({ "order_ids": [1, 2] })).await;
    assert_eq!(two_orders.code(), 401, "two orders at once through the single route too: {}", two_orders.body);

    set_plan(&app, "PRO_DROPLINE_AO_TIER_1").await;
    assert_eq!(app.call("PUT", "/api/center/products/bulk_update", Some(&t), None, Some(two)).await.code(), 204, "Pro edits in bulk");
    let place = app.post("/api/orders/place-orders", Some(&t), json!({ "all_ready": true })).await;
    assert_ne!(place.code(), 401, "Pro places in bulk: {}", place.body);
}

async fn account(app: &TestApp, token: &str, client: &str) -> Value {
    let res = app.http.get(format!("{}/api/auth/account", app.base)).bearer_auth(token).header("app", client).send().await.unwrap();
    let body: Value = res.json().await.unwrap();
    body["data"].clone()
}

/// Signs up through the API as the client `app` would.
async fn signed_up_from(app: &TestApp, email: &str, client: &str) -> String {
    let body = json!({ "email": email, "password": dropline_tests::PASSWORD, "first_name": "M" });
    let res = app.http.post(format!("{}/api/auth/register", app.base)).header("app", client).json(&body).send().await.unwrap();
    assert!(res.status().is_success());
    let link = app.last_link(email).await;
    let (id, code) = link.split_once('?').unwrap().1.split_once('&').unwrap();
    let path = format!("/api/auth/verify-email/{}/{}/", id.trim_start_matches("id="), code.trim_start_matches("code="));
    app.get(&path, None).await.data()["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn account_flags_follow_the_sign_up_source_the_stores_and_the_client() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let web = app.signed_up("owner@example.com").await;
    let a = account(&app, &web, "dropline").await;
    assert_eq!((a["is_user_mkt"].as_bool(), a["is_hide_billing"].as_bool(), a["from_mobile"].as_bool()), (Some(false), Some(false), Some(false)));
    assert_eq!((a["onboarding_enabled"].as_bool(), a["is_workplace_no_store"].as_bool()), (Some(true), Some(true)), "a new owner onboards");
    let in_wrapper = account(&app, &web, "dropline-mobile").await;
    assert_eq!((in_wrapper["is_user_mkt"].as_bool(), in_wrapper["is_hide_billing"].as_bool()), (Some(true), Some(true)), "the mobile wrapper hides billing");

    let mkt = signed_up_from(&app, "market@example.com", "dropline-marketplace").await;
    let m = account(&app, &mkt, "dropline").await;
    assert_eq!((m["from_user_mkt"].as_bool(), m["is_user_mkt"].as_bool(), m["is_hide_billing"].as_bool()), (Some(true), Some(true), Some(false)));
    let mobile = signed_up_from(&app, "phone@example.com", "dropline-mobile").await;
    let p = account(&app, &mobile, "dropline").await;
    assert_eq!((p["from_mobile"].as_bool(), p["is_user_mkt"].as_bool()), (Some(true), Some(true)), "came from mobile, no store yet");

    // A linked store makes the marketplace user an owner who sees billing.
    sqlx::query(
        "INSERT INTO stores (id, workplace_id, owner_id, platform, platform_domain, api_base, credentials, is_default)
         SELECT gen_random_uuid(), m.workplace_id, u.id, 'shopify', 'mkt-shop.myshopify.com', 'http://127.0.0.1:1', '\\x00', true
         FROM workplace_members m JOIN users u ON u.id = m.user_id WHERE u.email = 'market@example.com'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let m = account(&app, &mkt, "dropline").await;
    assert_eq!((m["has_shop"].as_bool(), m["is_user_mkt"].as_bool(), m["onboarding_enabled"].as_bool()), (Some(true), Some(false), Some(false)), "{m}");
}
