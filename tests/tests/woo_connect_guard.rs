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

/// A store's address can later point somewhere else (its owner edits DNS, or the stored row
/// changes), so every later call to it (setup, syncs, pushes, tracking) goes through the same
/// guard: a push to a store now on a private address is refused without a connection and
/// the owner sees why.
#[tokio::test]
async fn later_calls_to_a_stored_address_on_a_private_network_are_never_sent() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "guarded-later@example.com").await;
    let store = dropline_tests::connect_woo(&app, &token, &sandbox, "guarded-later").await;
    app.drain().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.2:0").await.expect("a loopback address other than 127.0.0.1");
    let private = format!("http://{}/woo/guarded-later", listener.local_addr().unwrap());
    let connections = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = connections.clone();
    tokio::spawn(async move {
        while listener.accept().await.is_ok() {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    });
    sqlx::query("UPDATE stores SET api_base = $1 WHERE id = $2::uuid").bind(&private).bind(&store).execute(&app.pool).await.unwrap();

    let id = dropline_tests::in_stock_ids(&sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = app.post("/api/center/products/import/aliexpress", Some(&token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    let a = dropline_tests::push_products(&app, &token, &[&product], &[&store]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;

    assert_eq!(connections.load(std::sync::atomic::Ordering::SeqCst), 0, "nothing was sent to the private address");
    let (status, error): (String, Option<String>) =
        sqlx::query_as("SELECT status, error FROM push_targets WHERE product_id = $1::uuid").bind(&product).fetch_one(&app.pool).await.unwrap();
    assert_ne!(status, "success");
    let error = error.unwrap_or_default();
    assert!(error.contains("private, loopback or link-local"), "the owner is told why: {status} {error}");
}
