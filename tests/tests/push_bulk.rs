//! A store's first push of more products than `shopify.bulk_threshold` goes through Shopify's
//! bulk path (issue 22 aim 6): one staged JSONL of productSet inputs, one bulk operation (and one
//! of publishablePublish), no productSet call per product; every product gets its progress item
//! and its Shopify id once, a line Shopify refuses shows on its product, a doubled
//! `bulk_operations/finish` changes nothing, and a lost one is made up for by the poll.
use base64::Engine;
use dropline_tests::{StoreOwner, eventually, in_stock_ids, push_products, store_owner_configured};
use serde_json::{Value, json};
use std::time::Duration;
use uuid::Uuid;

const SHOP: &str = "bulk-shop";

/// A merchant on a product whose bulk threshold is 3, with `n` products in the import list.
async fn merchant(pool: sqlx::PgPool, email: &str, poll_secs: u64, n: usize) -> (StoreOwner, Vec<Uuid>) {
    merchant_of_shop(pool, email, poll_secs, n, &[]).await
}

/// `merchant` with the shop set up as `shop_setup` says (the sandbox's shop settings).
async fn merchant_of_shop(pool: sqlx::PgPool, email: &str, poll_secs: u64, n: usize, shop_setup: &[(&str, Value)]) -> (StoreOwner, Vec<Uuid>) {
    let s = store_owner_configured(pool, email, SHOP, "bulk-woo", shop_setup, |c| {
        c.shopify.bulk_threshold = 3;
        c.shopify.bulk_poll_secs = poll_secs;
    })
    .await;
    sqlx::query("UPDATE workplaces SET plan_key = 'ENTERPRISE_DROPLINE_AO'").execute(&s.app.pool).await.unwrap();
    let source = in_stock_ids(&s.sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": source })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let first: Uuid = a.data()["id"].as_str().unwrap().parse().unwrap();
    let workplace: Uuid = sqlx::query_scalar("SELECT workplace_id FROM products WHERE id = $1").bind(first).fetch_one(&s.app.pool).await.unwrap();
    // A video would keep them on single calls (staged per product).
    sqlx::query("UPDATE products SET video_url = NULL").execute(&s.app.pool).await.unwrap();
    let mut ids = vec![first];
    ids.extend(domain::products::copies::duplicate(&s.app.pool, workplace, &vec![first; n - 1]).await.unwrap());
    (s, ids)
}

async fn shop(s: &StoreOwner) -> Value {
    reqwest::get(format!("{}/_sandbox/shopify/{SHOP}", s.sandbox)).await.unwrap().json().await.unwrap()
}

/// The shop's bulk operations, oldest first: (gid, status).
async fn operations(s: &StoreOwner) -> Vec<(String, String)> {
    let state = shop(s).await;
    let mut ops: Vec<(u64, String)> =
        state["bulk"]["ops"].as_object().unwrap().values().map(|o| (o["id"].as_u64().unwrap(), o["status"].as_str().unwrap().to_string())).collect();
    ops.sort();
    ops.into_iter().map(|(id, st)| (format!("gid://shopify/BulkOperation/{id}"), st)).collect()
}

/// (status, remote ids, error) of every pair to the shop, by product.
async fn pairs(s: &StoreOwner) -> Vec<(Uuid, String, Vec<String>, Option<String>)> {
    sqlx::query_as("SELECT product_id, status, remote_ids, error FROM push_targets WHERE destination = $1 ORDER BY product_id")
        .bind(&s.shopify)
        .fetch_all(&s.app.pool)
        .await
        .unwrap()
}

/// Delivers `bulk_operations/finish` for `operation` as Shopify would, under delivery id `delivery`.
async fn finished(s: &StoreOwner, operation: &str, delivery: &str) {
    let body = json!({ "admin_graphql_api_id": operation, "completed_at": "2026-12-06T10:00:01Z", "created_at": "2026-12-06T10:00:00Z",
        "error_code": null, "status": "completed", "type": "mutation" })
    .to_string();
    let mac = domain::crypto::hmac_sha256(b"sandbox-shopify-secret", body.as_bytes());
    let r = s
        .app
        .http
        .post(format!("{}/api/webhooks/shopify", s.app.base))
        .header("content-type", "application/json")
        .header("x-shopify-topic", "bulk_operations/finish")
        .header("x-shopify-hmac-sha256", base64::engine::general_purpose::STANDARD.encode(mac))
        .header("x-shopify-webhook-id", delivery)
        .header("x-shopify-shop-domain", format!("{SHOP}.myshopify.com"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
}

/// Waits until the shop's operation `n` (0-based) has completed; answers its id.
async fn completed(s: &StoreOwner, n: usize) -> String {
    eventually(&format!("bulk operation {n} completes"), Duration::from_secs(30), || async {
        s.app.drain().await;
        let ops = operations(s).await;
        match ops.get(n) {
            Some((id, st)) if st == "COMPLETED" => Ok(id.clone()),
            _ => Err(ops),
        }
    })
    .await
}

#[tokio::test]
async fn a_large_first_push_goes_through_the_bulk_path_and_a_doubled_webhook_changes_nothing() {
    let db = domain::db::TestDatabase::new().await;
    // No poll within the test: only the webhooks it delivers itself finish the push.
    let (s, ids) = merchant(db.pool.clone(), "bulk@example.com", 3600, 5).await;
    s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&json!({ "platform": "shopify", "drop_webhooks": true })).send().await.unwrap();
    let a = push_products(&s.app, &s.token, &ids, &[&s.shopify]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["progress_ids"].as_array().unwrap().len(), 5, "every product keeps its progress item");
    // One product loses its title before it goes: Shopify refuses that line alone.
    let refused = ids[4];
    sqlx::query("UPDATE products SET title = ' ' WHERE id = $1").bind(refused).execute(&s.app.pool).await.unwrap();

    let set = completed(&s, 0).await;
    finished(&s, &set, "delivery-1").await;
    finished(&s, &set, "delivery-2").await;
    let publish = completed(&s, 1).await;
    let after_set = pairs(&s).await;
    finished(&s, &publish, "delivery-3").await;
    finished(&s, &publish, "delivery-4").await;
    finished(&s, &set, "delivery-5").await;
    let done = eventually("every pair ends", Duration::from_secs(30), || async {
        s.app.drain().await;
        let p = pairs(&s).await;
        if p.iter().all(|(_, st, ..)| st != "processing") { Ok(p) } else { Err(p) }
    })
    .await;

    let state = shop(&s).await;
    assert_eq!(state["calls"]["product_set"], 0, "no productSet call per product");
    assert_eq!(operations(&s).await.len(), 2, "one productSet and one publishablePublish bulk operation, never repeated");
    for (product, status, remote_ids, error) in &done {
        if *product == refused {
            assert_eq!(status, "error");
            assert!(error.as_deref().unwrap_or_default().contains("Title can't be blank"), "{error:?}");
            assert!(remote_ids.is_empty());
            continue;
        }
        assert_eq!((status.as_str(), remote_ids.len()), ("success", 1), "{error:?}");
        let before = after_set.iter().find(|p| p.0 == *product).unwrap();
        assert_eq!(&before.2, remote_ids, "the id recorded when the first webhook was read stays");
        assert_eq!(s.shopify_products(SHOP, &s.remote_key(product, &s.shopify).await).await.len(), 1, "one Shopify product");
    }
    let online = state["publications"][0]["id"].as_u64().unwrap().to_string();
    let published: Vec<String> =
        state["published"][&online].as_array().unwrap().iter().map(|p| format!("gid://shopify/Product/{}", p.as_u64().unwrap())).collect();
    let made: Vec<&String> = done.iter().filter_map(|(_, _, ids, _)| ids.first()).collect();
    assert_eq!(made.len(), 4);
    assert!(made.iter().all(|id| published.contains(id)), "the four made are published on the Online Store: {made:?} {published:?}");
    let progress = s.app.get("/api/center/products/push/progress", Some(&s.token)).await;
    let items = progress.data()["items"].as_array().unwrap();
    assert_eq!(items.len(), 5);
    assert_eq!(items.iter().filter(|i| i["status"] == "success" && i["product_id"].is_string()).count(), 4, "{items:?}");
}

#[tokio::test]
async fn a_lost_webhook_is_made_up_for_by_the_poll_and_a_small_push_goes_call_by_call() {
    let db = domain::db::TestDatabase::new().await;
    let (s, ids) = merchant(db.pool.clone(), "bulk-poll@example.com", 1, 6).await;
    s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&json!({ "platform": "shopify", "drop_webhooks": true })).send().await.unwrap();
    let a = push_products(&s.app, &s.token, &ids[..4], &[&s.shopify]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    eventually("the poll finishes the bulk push", Duration::from_secs(60), || async {
        s.app.drain().await;
        let p = pairs(&s).await;
        if p.len() == 4 && p.iter().all(|(_, st, ids, _)| st == "success" && ids.len() == 1) { Ok(()) } else { Err(p) }
    })
    .await;
    assert_eq!(operations(&s).await.len(), 2);
    assert_eq!(s.app.count("SELECT count(*) FROM webhook_events WHERE topic = 'bulk_operations/finish'").await, 0);
    assert_eq!(shop(&s).await["calls"]["product_set"], 0);

    // Two more: not over the threshold, so one productSet call each and no bulk operation.
    let a = push_products(&s.app, &s.token, &ids[4..], &[&s.shopify]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
    assert_eq!(shop(&s).await["calls"]["product_set"], 2);
    assert_eq!(operations(&s).await.len(), 2);
    assert!(pairs(&s).await.iter().all(|(_, st, ids, _)| st == "success" && ids.len() == 1));
}

#[tokio::test]
async fn shopifys_own_webhook_finishes_the_bulk_push() {
    let db = domain::db::TestDatabase::new().await;
    // No poll within the test: the sandbox's bulk_operations/finish deliveries must do it.
    let (s, ids) = merchant(db.pool.clone(), "bulk-hook@example.com", 3600, 4).await;
    let a = push_products(&s.app, &s.token, &ids, &[&s.shopify]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    eventually("the webhooks finish the bulk push", Duration::from_secs(60), || async {
        s.app.drain().await;
        let p = pairs(&s).await;
        if p.iter().all(|(_, st, ids, _)| st == "success" && ids.len() == 1) { Ok(()) } else { Err(p) }
    })
    .await;
    assert_eq!(s.app.count("SELECT count(*) FROM webhook_events WHERE topic = 'bulk_operations/finish'").await, 2, "the set and the publish operation");
    assert_eq!(s.app.count("SELECT count(*) FROM shopify_bulk_pushes WHERE phase = 'done' AND operation_id IS NULL").await, 1);
}

/// Waits until the pairs of `products` have all ended.
async fn ended(s: &StoreOwner, products: &[Uuid]) -> Vec<(Uuid, String, Vec<String>, Option<String>)> {
    eventually("the bulk push ends", Duration::from_secs(60), || async {
        s.app.drain().await;
        let p: Vec<_> = pairs(s).await.into_iter().filter(|(p, ..)| products.contains(p)).collect();
        if p.len() == products.len() && p.iter().all(|(_, st, ..)| st != "processing") { Ok(p) } else { Err(p) }
    })
    .await
}

#[tokio::test]
async fn an_intermittent_failure_runs_the_operation_again_and_a_lasting_one_ends_each_product_in_error() {
    let db = domain::db::TestDatabase::new().await;
    let (s, ids) = merchant(db.pool.clone(), "bulk-fail@example.com", 1, 8).await;
    let fail = |n: u32| s.app.http.post(format!("{}/_sandbox/shopify/{SHOP}/limits", s.sandbox)).json(&json!({ "bulk_fail_next": n })).send();
    // One failure (INTERNAL_SERVER_ERROR, "might be intermittent"): the set phase runs again.
    fail(1).await.unwrap();
    assert_eq!(push_products(&s.app, &s.token, &ids[..4], &[&s.shopify]).await.code(), 200);
    let done = ended(&s, &ids[..4]).await;
    assert!(done.iter().all(|(_, st, ids, _)| st == "success" && ids.len() == 1), "{done:?}");
    let statuses: Vec<String> = operations(&s).await.into_iter().map(|(_, st)| st).collect();
    assert_eq!(statuses, ["FAILED", "COMPLETED", "COMPLETED"]);

    // Failing again and again: every product of the push ends in error with Shopify's reason.
    fail(3).await.unwrap();
    assert_eq!(push_products(&s.app, &s.token, &ids[4..], &[&s.shopify]).await.code(), 200);
    let failed = ended(&s, &ids[4..]).await;
    for (_, status, remote_ids, error) in &failed {
        assert_eq!((status.as_str(), remote_ids.len()), ("error", 0));
        assert_eq!(error.as_deref(), Some("Shopify's bulk operation ended FAILED (INTERNAL_SERVER_ERROR)"));
    }
    assert_eq!(operations(&s).await.len(), 6, "the failed operation run twice more, then given up");
    assert_eq!(shop(&s).await["calls"]["product_set"], 0);
}

#[tokio::test]
async fn a_bulk_push_to_an_aud_shop_sends_every_price_converted_with_the_stores_rule() {
    let db = domain::db::TestDatabase::new().await;
    let aud = [("currency", json!({ "currency": "AUD" }))];
    let (s, ids) = merchant_of_shop(db.pool.clone(), "bulk-aud@example.com", 3600, 4, &aud).await;
    // One USD is 1.6 AUD; $54.99 everywhere; the shop's pricing rule ends prices in .99.
    let r = s.app.http.post(format!("{}/_sandbox/rates", s.sandbox)).json(&json!({ "USDAUD": 1.6 })).send().await.unwrap();
    assert!(r.status().is_success());
    domain::stores::currency::refresh(&s.app.pool, &s.app.settings.exchange_rates).await.unwrap();
    sqlx::query("UPDATE product_variants SET price_cents = 5499, compare_at_cents = NULL").execute(&s.app.pool).await.unwrap();
    let rule = domain::products::pricing::PricingRule { cents: Some(0.99), ..Default::default() };
    domain::store::pricing_rules::save(&s.app.pool, s.workplace().await, Some(s.shopify.parse().unwrap()), &rule).await.unwrap();

    let a = push_products(&s.app, &s.token, &ids, &[&s.shopify]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let done = ended(&s, &ids).await;
    assert!(done.iter().all(|(_, st, ..)| st == "success"), "{done:?}");
    assert_eq!(shop(&s).await["calls"]["product_set"], 0, "the bulk path, not a call per product");
    for product in &ids {
        let handle = s.remote_key(product, &s.shopify).await;
        let made = s.shopify_products(SHOP, &handle).await;
        assert_eq!(made.len(), 1);
        let prices: Vec<i64> = made[0]["variants"].as_array().unwrap().iter().map(|v| v["price_cents"].as_i64().unwrap()).collect();
        // 54.99 x 1.6 = 87.98 AUD, ending .99: A$87.99 on every line, not 54.99 AUD.
        assert!(!prices.is_empty() && prices.iter().all(|p| *p == 8_799), "{handle}: {prices:?}");
    }
}
