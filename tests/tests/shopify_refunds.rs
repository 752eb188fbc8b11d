//! Shopify reserves a query's requested cost, charges what the answer held and refunds the rest;
//! the shared bucket must get that refund back too, or every store is paced at the requested
//! cost, well below its limit (issue 22: tracking write-back used 42% of the stores' budget).
//! No clock in it: the shop's bucket restores a point in 1,000 s.
use domain::connectors::rate_limit::RateLimiter;
use domain::connectors::stores::shopify::Admin;
use secrecy::ExposeSecret;
use serde_json::{Value, json};

#[tokio::test]
async fn the_shared_bucket_gets_back_what_shopify_refunded() {
    let sandbox = dropline_tests::start_sandbox().await;
    let mut settings = domain::config::Settings::load_env("test").unwrap();
    dropline_tests::use_sandbox(&mut settings, &sandbox);
    // The bucket's key is the shop's domain, shared with every run on this Redis: a new shop each time.
    let shop = format!("refund-{}.myshopify.com", uuid::Uuid::new_v4().simple());
    let http = reqwest::Client::new();
    let install: Value = http.post(format!("{sandbox}/_sandbox/shopify/{shop}/install")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let token = install["access_token"].as_str().unwrap();
    let bucket = json!({ "maximum_available": 200, "currently_available": 200, "restore_rate": 0.001 });
    http.post(format!("{sandbox}/_sandbox/shopify/{shop}/throttle")).json(&bucket).send().await.unwrap();
    let limiter = RateLimiter::new(settings.redis.url.expose_secret(), &settings.redis.namespace);
    let admin = Admin::new(&settings.shopify, &shop, token).metered(limiter.clone(), &shop);

    // 52 points asked (2 + 50 products), a handful of products returned.
    let query = "{ products(first: 50) { nodes { id } } }";
    let mut left = 0.0;
    for _ in 0..3 {
        let a = admin.graphql_costed(query, json!({}), 52.0).await.unwrap();
        let cost = &a["extensions"]["cost"];
        let products = a["data"]["products"]["nodes"].as_array().unwrap().len() as f64;
        assert_eq!(cost["requestedQueryCost"], 52, "{a}");
        assert_eq!(cost["actualQueryCost"].as_f64(), Some(2.0 + products), "charged what it returned: {a}");
        left = cost["throttleStatus"]["currentlyAvailable"].as_f64().unwrap();
    }
    assert!(left > 200.0 - 3.0 * 52.0, "Shopify refunded the points the answers did not use: {left} left");
    // Crediting nothing, it would hold what the first answer left less two whole reservations: about 90.
    let held = limiter.available(&shop).await.expect("the bucket exists");
    assert!(held >= left - 1.0 && held <= left + 1.0, "the shared bucket holds what Shopify says is left ({left}), not {held}");
}
