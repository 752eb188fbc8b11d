//! Pushing imported products to a Shopify and a WooCommerce sandbox store: every product
//! arrives once, a re-run or re-delivered job creates no twin, an update push overwrites,
//! and the spec's rules (a channel is needed, LISTING_PRODUCTS quota, isolation) hold.
use dropline_tests::{Answer, StoreOwner as Setup, connect_channel, connect_shopify, in_stock_ids, push_products, store_owner as setup, woo_rest};
use serde_json::{Value, json};

async fn import(s: &Setup, n: usize, min_variants: usize) -> Vec<String> {
    let mut out = vec![];
    for id in in_stock_ids(&s.sandbox, "aliexpress", n, min_variants).await {
        let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        out.push(a.data()["id"].as_str().unwrap().to_string());
    }
    out
}

async fn push(s: &Setup, ids: &[String], channels: &[&str]) -> Answer {
    push_products(&s.app, &s.token, ids, channels).await
}

async fn progress(s: &Setup) -> Vec<Value> {
    let a = s.app.get("/api/center/products/push/progress", Some(&s.token)).await;
    a.data()["items"].as_array().unwrap().clone()
}

async fn woo_products(s: &Setup, store: &str, sku: &str) -> Vec<Value> {
    let a = woo_rest(&s.app.http, &s.sandbox, store, &format!("products?sku={sku}&status=any"), None).await;
    a.as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn products_reach_both_stores_once_even_when_a_job_runs_again() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "pusher@example.com", "push-shop", "push-woo").await;
    let ids = import(&s, 2, 2).await;
    let a = push(&s, &ids, &[&s.shopify, &s.woo]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["total_push"], 4, "two products times two stores");
    assert_eq!(a.data()["progress_ids"].as_array().unwrap().len(), 4);
    assert!(progress(&s).await.iter().all(|i| i["status"] == "processing"));
    s.app.drain().await;
    let items = progress(&s).await;
    assert_eq!(items.len(), 4);
    assert!(items.iter().all(|i| i["status"] == "success" && i["product_id"].is_string()), "{items:?}");

    for id in &ids {
        let handle = s.remote_key(id, &s.shopify).await;
        let found = s.shopify_products("push-shop", &handle).await;
        assert_eq!(found.len(), 1, "one Shopify product {handle}");
        let (_, variants) = domain::store::products::get(&s.app.pool, workplace(&s).await, id.parse().unwrap()).await.unwrap().unwrap();
        assert_eq!(found[0]["variants"].as_array().unwrap().len(), variants.iter().filter(|v| v.enabled).count());
        let sku = s.remote_key(id, &s.woo).await;
        let woo = woo_products(&s, "push-woo", &sku).await;
        assert_eq!(woo.len(), 1, "one WooCommerce product {sku}");
        assert_eq!(woo[0]["type"], "variable");
    }

    // A worker died after creating the products but before recording them; the jobs run again.
    sqlx::query("UPDATE push_targets SET status = 'processing', remote_ids = '{}'").execute(&s.app.pool).await.unwrap();
    sqlx::query("UPDATE progress_items SET status = 'queued', run_after = now() WHERE kind = 'push_product'").execute(&s.app.pool).await.unwrap();
    s.app.drain().await;
    assert!(progress(&s).await.iter().all(|i| i["status"] == "success"));
    for id in &ids {
        assert_eq!(s.shopify_products("push-shop", &s.remote_key(id, &s.shopify).await).await.len(), 1, "no twin in Shopify");
        assert_eq!(woo_products(&s, "push-woo", &s.remote_key(id, &s.woo).await).await.len(), 1, "no twin in WooCommerce");
    }

    // The product center lists them with each store's status.
    let center = s.app.get("/api/center/products/pushed", Some(&s.token)).await;
    assert_eq!(center.data()["total"], 2, "{}", center.body);
    assert_eq!(center.data()["items"][0]["pushed"][&s.shopify], "success");
}

async fn workplace(s: &Setup) -> uuid::Uuid {
    let a = s.app.get("/api/auth/account", Some(&s.token)).await;
    a.data()["workplaces"][0]["id"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn an_update_push_overwrites_the_store_product_and_costs_no_quota() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "updater@example.com", "update-shop", "update-woo").await;
    let ids = import(&s, 1, 1).await;
    assert_eq!(push(&s, &ids, &[&s.shopify, &s.woo]).await.code(), 200);
    s.app.drain().await;
    sqlx::query("UPDATE product_variants SET price_cents = 4321 WHERE product_id = $1::uuid").bind(&ids[0]).execute(&s.app.pool).await.unwrap();
    let body = json!({ "settings": { "channels": { s.woo.clone(): { "is_publish": true } }, "update": ids } });
    let a = s.app.post("/api/center/products/update-push", Some(&s.token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["total_push"], 0);
    s.app.drain().await;
    let woo = woo_products(&s, "update-woo", &s.remote_key(&ids[0], &s.woo).await).await;
    assert_eq!(woo.len(), 1);
    let variations = woo_rest(&s.app.http, &s.sandbox, "update-woo", &format!("products/{}/variations", woo[0]["id"]), None).await;
    let variations = variations.as_array().unwrap();
    assert!(!variations.is_empty());
    assert!(variations.iter().all(|v| v.to_string().contains("\"43.21\"")), "the new price reached every variation: {variations:?}");
}

#[tokio::test]
async fn push_rules_channels_quota_and_isolation() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "rules@example.com", "rules-shop", "rules-woo").await;
    let all = import(&s, 12, 1).await;
    let ids = all[..1].to_vec();
    let none = push(&s, &ids, &[]).await;
    assert_eq!(none.code(), 204);
    assert_eq!(none.body["errors"]["channels"][0], "NeedToSelectAtLeastChannel");
    let foreign = push(&s, &ids, &[&uuid::Uuid::new_v4().to_string()]).await;
    assert_eq!(foreign.code(), 204, "{}", foreign.body);

    // Another account can neither push these products nor see their progress.
    let other = s.app.signed_up("other@example.com").await;
    let _ = connect_shopify(&s.app, &other, "other-shop").await;
    let stores = s.app.get("/api/stores/list-store", Some(&other)).await;
    let other_store = stores.data()["stores"][0]["id"].as_str().unwrap().to_string();
    let a = push_products(&s.app, &other, &ids, &[other_store]).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(s.app.get("/api/center/products/push/progress", Some(&other)).await.data()["items"].as_array().unwrap().is_empty());

    // The free plan lists 20 products: 11 products to two stores is 22 or more.
    let more = all[1..].to_vec();
    let over = push(&s, &more, &[&s.shopify, &s.woo]).await;
    assert_eq!(over.code(), 401, "{}", over.body);
    // Each product counts ceil(enabled variants / 100) units per store.
    let units: i64 = sqlx::query_scalar(
        "SELECT sum(ceil(n / 100.0))::bigint FROM (SELECT count(*) AS n FROM product_variants WHERE enabled AND product_id = ANY($1::uuid[]) GROUP BY product_id) c",
    )
    .bind(&more)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(over.data()["total_push"], units * 2);
    assert_eq!(over.data()["limit"], 20);
    assert_eq!(s.app.count("SELECT count(*) FROM push_targets").await, 0, "a refused push stores nothing");
}

#[tokio::test]
async fn a_push_to_tiktok_lists_the_product_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "tiktoker@example.com", "tiktok-shop", "tiktok-woo").await;
    let a = connect_channel(&s.app, &s.token, "tiktok").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let ids = import(&s, 2, 1).await;
    assert_eq!(push(&s, &ids, &["tiktok", &s.shopify]).await.code(), 200);
    s.app.drain().await;
    let items = progress(&s).await;
    assert!(items.iter().all(|i| i["status"] == "success"), "{items:?}");
    assert!(items.iter().any(|i| i["channel"] == "tiktok" && i["channel_label"] == "TikTok Shop"));
    let open_id: String = sqlx::query_scalar("SELECT account_id FROM channel_connections WHERE channel = 'tiktok'").fetch_one(&s.app.pool).await.unwrap();
    let listed: Value = reqwest::get(format!("{}/_sandbox/channels/tiktok/{open_id}", s.sandbox)).await.unwrap().json().await.unwrap();
    assert_eq!(listed["count"], 2, "{listed}");
    // Pushed again over TikTok's copy: still two products there.
    let body = json!({ "settings": { "channels": { "tiktok": { "is_publish": true } }, "update": ids } });
    assert_eq!(s.app.post("/api/center/products/update-push", Some(&s.token), body).await.code(), 200);
    s.app.drain().await;
    let listed: Value = reqwest::get(format!("{}/_sandbox/channels/tiktok/{open_id}", s.sandbox)).await.unwrap().json().await.unwrap();
    assert_eq!(listed["count"], 2, "{listed}");
}
