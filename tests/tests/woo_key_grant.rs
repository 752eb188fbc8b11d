//! WooCommerce's key grant (wc-auth) posts the keys only to an `https://` callback, so a Dropline
//! served over plain HTTP says so before sending the owner to a page that can only fail; the
//! dashboard then offers the pasted REST keys. Tests have no TLS: with `woocommerce.allow_http`
//! (test and development) their loopback callback is let through, which only the sandbox takes
//! (its documented leniency, `sandbox/README.md`); without it, as in production, it is refused.
use dropline_tests::TestApp;
use serde_json::json;

#[tokio::test]
async fn a_dropline_on_plain_http_refuses_the_key_grant() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| s.woocommerce.allow_http = false).await;
    assert!(app.settings.application.base_url.starts_with("http://"), "tests serve plain HTTP");
    let token = app.signed_up("owner@example.com").await;
    let a = app.post("/api/auth/platform/woocommerce/install", Some(&token), json!({ "shop": "https://shop.example" })).await;
    assert_ne!(a.code(), 200, "{}", a.body);
    assert_eq!(a.body["errors"]["shop"][0], domain::stores::install::WC_AUTH_NEEDS_HTTPS, "{}", a.body);
    assert_eq!(app.count("SELECT count(*) FROM store_install_states").await, 0, "no state is kept for a grant that cannot come");
}
