//! The plan catalogue is the operator's data file (config/plans.toml, the `plans.file` setting):
//! a changed file changes the price list without a build, and a bad one stops start-up.
use dropline_tests::TestApp;
use serde_json::Value;

const SHIPPED: &str = include_str!("../../config/plans.toml");

fn file_with(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("plans-{}-{name}.toml", uuid::Uuid::new_v4()));
    std::fs::write(&path, text).unwrap();
    path
}

fn package<'a>(list: &'a Value, key: &str) -> &'a Value {
    list["packages"].as_array().unwrap().iter().find(|p| p["key"] == key).unwrap_or_else(|| panic!("{key} in {list}"))
}

#[tokio::test]
async fn the_price_list_is_the_shipped_catalogue() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let list = app.get("/api/payments/pricing", None).await;
    let pro = package(list.data(), "PRO_DROPLINE_AO_TIER_1");
    assert_eq!((pro["price"].as_f64(), pro["cycle"].as_i64()), (Some(29.9), Some(30)));
    assert_eq!(pro["features"]["LISTING_PRODUCTS"]["limit"], 1000);
    assert_eq!(pro["modules"][0]["key"], "BASIC_ORDER_FULFILLMENT");
    assert_eq!(package(list.data(), "PRO_DROPLINE_AO_TIER_1_YEARLY")["cycle"], 365);
    assert_eq!(package(list.data(), "FREE_ORDER_FULFILLMENT_2")["features"]["IMPORT_PRODUCT"]["limit"], 50);
    let keys: Vec<&str> = list.data()["packages"].as_array().unwrap().iter().filter_map(|p| p["key"].as_str()).collect();
    assert!(!keys.contains(&"FREE_AO_MKT"), "the marketplace plan is not for sale: {keys:?}");
}

#[tokio::test]
async fn a_changed_file_changes_prices_limits_and_the_quota_enforced() {
    let text = SHIPPED.replacen("price = 29.9", "price = 24.5", 1).replacen("IMPORT_PRODUCT = 50", "IMPORT_PRODUCT = 2", 1);
    let path = file_with("changed", &text);
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| s.plans.file = path.clone()).await;
    let list = app.get("/api/payments/pricing", None).await;
    assert_eq!(package(list.data(), "PRO_DROPLINE_AO_TIER_1")["price"].as_f64(), Some(24.5));
    let t = app.signed_up("operator@example.com").await;
    let plan = app.get("/api/payments/user/current-plan", Some(&t)).await;
    assert_eq!(plan.data()["package"]["features"]["IMPORT_PRODUCT"]["limit"], 2, "{}", plan.body);
    let calc = |n: i64| serde_json::json!({ "feature_id": "IMPORT_PRODUCT", "usage_amount": n });
    assert_eq!(app.post("/api/payments/quota/calc-usage", Some(&t), calc(2)).await.code(), 200);
    assert_eq!(app.post("/api/payments/quota/calc-usage", Some(&t), calc(1)).await.code(), 401, "the file's limit of 2 is the one enforced");
}

#[tokio::test]
async fn a_bad_file_stops_start_up_with_the_reason() {
    let db = domain::db::TestDatabase::new().await;
    for (bad, reason) in [
        (SHIPPED.replacen("LISTING_PRODUCTS = 20", "LISTING_PRODUCT = 20", 1), "unknown feature LISTING_PRODUCT"),
        (SHIPPED.replacen("cycle = 365", "cycle = 31", 1), "cycle 31 must be 30 (Monthly) or 365 (Yearly)"),
    ] {
        let path = file_with("bad", &bad);
        let mut settings = dropline_tests::test_settings(&db.pool);
        settings.application.port = 0;
        settings.plans.file = path.clone();
        let err = api::Application::with_pool(settings, db.pool.clone()).await.err().expect("a bad catalogue is refused");
        let text = err.to_string();
        assert!(text.contains(reason) && text.contains(&path.display().to_string()), "{text}");
    }
    let mut settings = dropline_tests::test_settings(&db.pool);
    settings.plans.file = "no-such-plans.toml".into();
    assert!(api::Application::with_pool(settings, db.pool.clone()).await.is_err(), "a missing file is refused too");
}
