//! Shopify's product limits as the shop states them: a product is split into parts only when
//! it has more variants than the shop's own `resourceLimits.maxProductVariants` (2,048 for every
//! merchant since 2025-10-15, not the old 100), and a large store's daily cap on new variants
//! (`VARIANT_THROTTLE_EXCEEDED`) makes the push wait for the next day instead of failing.
use dropline_tests::{StoreOwner, in_stock_ids, store_owner, store_owner_of_shop};
use serde_json::{Value, json};

/// Sets what the sandbox shop reports and enforces.
async fn limits(sandbox: &str, shop: &str, body: Value) {
    let r = reqwest::Client::new().post(format!("{sandbox}/_sandbox/shopify/{shop}/limits")).json(&body).send().await.unwrap();
    assert!(r.status().is_success());
}

/// The shop's products that carry the pushed product's key, with their variant counts.
async fn parts_in_shop(s: &StoreOwner, shop: &str, product: &str) -> Vec<usize> {
    let key = s.remote_key(product, &s.shopify).await;
    let state: Value = reqwest::get(format!("{}/_sandbox/shopify/{shop}", s.sandbox)).await.unwrap().json().await.unwrap();
    let products = state["products"].as_object().unwrap().values();
    products.filter(|p| p["handle"].as_str().unwrap_or_default().starts_with(&key)).map(|p| p["variants"].as_array().unwrap().len()).collect()
}

async fn import(s: &StoreOwner, min_variants: usize) -> (String, usize) {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, min_variants).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM product_variants WHERE product_id = $1::uuid AND enabled")
        .bind(&product)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    (product, n as usize)
}

#[tokio::test]
async fn a_product_is_split_where_the_shops_own_variant_limit_requires_it() {
    let db = domain::db::TestDatabase::new().await;
    let setup = [("limits", json!({ "max_product_variants": 3 }))];
    let s = store_owner_of_shop(db.pool.clone(), "limits@example.com", "tight", "tight-woo", &setup).await;
    let kept: Option<i32> =
        sqlx::query_scalar("SELECT max_product_variants FROM stores WHERE id = $1::uuid").bind(&s.shopify).fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(kept, Some(3), "the shop's limit is read when it connects");
    let (product, n) = import(&s, 4).await;
    assert!(n > 3, "{n} variants");
    s.pushed(&[&product], &[&s.shopify]).await;
    s.assert_pushed(&product).await;
    let mut parts = parts_in_shop(&s, "tight", &product).await;
    parts.sort_unstable();
    assert_eq!(parts.len(), n.div_ceil(3), "one part per 3 variants: {parts:?}");
    assert!(parts.iter().all(|v| *v <= 3) && parts.iter().sum::<usize>() == n, "{parts:?}");
}

#[tokio::test]
async fn a_large_stores_daily_variant_cap_makes_the_push_wait_for_the_next_day() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "capped@example.com", "capped", "capped-woo").await;
    let (product, n) = import(&s, 2).await;
    // 50,000 variants held and 999 created today: the product's new variants are over the cap.
    limits(&s.sandbox, "capped", json!({ "extra_variants": 50_000, "created_today": 999 })).await;
    s.pushed(&[&product], &[&s.shopify]).await;

    let (status, attempts, error): (String, i32, Option<String>) = sqlx::query_as(
        "SELECT status, attempts, error FROM progress_items WHERE kind = 'push_product' AND payload->>'product_id' = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(&product)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(status, "queued", "waiting, not failed");
    assert_eq!(attempts, 0, "the deferral is not a failed attempt");
    assert!(error.unwrap_or_default().contains("daily limit on new variants"), "the owner is told why it waits");
    let target: String = sqlx::query_scalar("SELECT status FROM push_targets WHERE product_id = $1::uuid").bind(&product).fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(target, "processing");
    assert!(parts_in_shop(&s, "capped", &product).await.is_empty(), "nothing was created");

    // The next day: Shopify's allowance is back and the waiting push goes through.
    s.app.http.post(format!("{}/_sandbox/clock/advance", s.sandbox)).json(&json!({ "seconds": 86_400 })).send().await.unwrap();
    sqlx::query("UPDATE progress_items SET run_after = now() WHERE status = 'queued'").execute(&s.app.pool).await.unwrap();
    s.app.drain().await;
    s.assert_pushed(&product).await;
    assert_eq!(parts_in_shop(&s, "capped", &product).await, vec![n]);
}
