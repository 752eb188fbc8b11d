//! Connecting a WooCommerce store sends the pasted keys to the address the user typed, so it goes
//! through the guarded client: a private, loopback or IPv6-loopback address, also written as a
//! decimal number, is refused before any call, nothing is saved, and the answer names the field.
use dropline_tests::signed_up_on_sandbox;
use serde_json::json;

#[tokio::test]
async fn a_store_address_on_a_private_network_is_refused_before_the_keys_are_sent() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "guarded@example.com").await;
    let port = sandbox.rsplit(':').next().unwrap();
    for shop in [format!("http://127.0.0.2:{port}/woo/guarded"), format!("http://[::1]:{port}/woo/guarded"), format!("http://2130706434:{port}/woo/guarded")] {
        let body = json!({ "shop": shop, "consumer_key": "ck_secret_key", "consumer_secret": "cs_secret_value" });
        let a = app.post("/api/auth/platform/woocommerce/link", Some(&token), body).await;
        assert_eq!(a.code(), 204, "{shop}: {}", a.body);
        assert!(a.body["errors"]["shop"][0].as_str().unwrap_or_default().contains("private, loopback or link-local"), "{shop}: {}", a.body);
    }
    assert_eq!(app.count("SELECT count(*) FROM stores").await, 0, "no store was saved");
    // The sandbox's own address, which the test settings allow, still connects.
    let ok = json!({ "shop": format!("{sandbox}/woo/guarded"), "consumer_key": "ck_x", "consumer_secret": "cs_x" });
    let a = app.post("/api/auth/platform/woocommerce/link", Some(&token), ok).await;
    assert_ne!(a.code(), 204, "an allowed address is not refused by the guard: {}", a.body);
}
