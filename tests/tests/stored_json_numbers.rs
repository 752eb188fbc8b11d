//! A number a client may send (any finite double, up to 1.7976931348623157e308) is read back
//! from PostgreSQL's jsonb, which writes it in full digits: the saved setting answers instead of
//! a server error on every later read (found by scripts/fuzz).
use dropline_tests::signed_up_on_sandbox;
use serde_json::json;

#[tokio::test]
async fn the_largest_double_in_a_saved_setting_reads_back() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "numbers@example.com").await;
    let columns = "/api/core/workplaces/settings/order-column-list";
    for width in [f64::MAX, -f64::MAX] {
        let a = app.post(columns, Some(&token), json!({"columns": [{"key": "total", "width": width}]})).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        let a = app.get(columns, Some(&token)).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        assert_eq!(a.data()["columns"][0]["width"], json!(width));
    }
    let rule = json!({"mode": "fixed", "default_value": f64::MAX, "compare_at": {"enabled": false, "multiplier": 1.5}});
    let a = app.call("PUT", "/api/center/products/setting/update", Some(&token), None, Some(json!({"pricing_rule": rule}))).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let a = app.get("/api/center/products/setting/get", Some(&token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["pricing_rule"]["default_value"], json!(f64::MAX));
}
