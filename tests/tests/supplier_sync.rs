//! Supplier sync (auto update): a supplier's new price and stock reach the Shopify and
//! WooCommerce sandbox stores, with the sync state on the product and a log row per run; a
//! dropped SKU notifies and moves to the next mapped supplier; out-of-stock products can be
//! unpublished and come back; the worker's scheduler runs one sync per workplace and interval.
use chrono::{Duration, Utc};
use dropline_tests::{StoreOwner as Setup, in_stock_ids, store_owner as setup, supplier_product};
use serde_json::{Value, json};
use uuid::Uuid;

/// Imports one AliExpress product with at least two variants in stock and pushes it.
async fn pushed_product(s: &Setup, to: &[&str]) -> (String, Uuid) {
    let source_id = in_stock_ids(&s.sandbox, "aliexpress", 1, 2).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": source_id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let id: Uuid = a.data()["id"].as_str().unwrap().parse().unwrap();
    s.pushed(&[id], to).await;
    (source_id, id)
}

#[derive(sqlx::FromRow, Debug, Clone)]
struct V {
    id: Uuid,
    sku_id: String,
    cost_cents: i64,
    price_cents: i64,
    stock: i32,
    supplier_source: Option<String>,
}

async fn variants(s: &Setup, product: Uuid) -> Vec<V> {
    sqlx::query_as(
        "SELECT id, sku_id, cost_cents, price_cents, stock, supplier_source FROM product_variants WHERE product_id = $1 AND enabled ORDER BY position",
    )
    .bind(product)
    .fetch_all(&s.app.pool)
    .await
    .unwrap()
}

fn sku(v: &V) -> String {
    format!("DL-{}", v.id.simple())
}

fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The supplier changes its product (the sandbox's control API).
async fn supplier_changes(s: &Setup, source: &str, id: &str, variants: Value) {
    let res = s.app.http.post(format!("{}/_sandbox/suppliers/{source}/products/{id}", s.sandbox)).json(&json!({ "variants": variants })).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
}

/// "Sync now", run to the end; returns the job's report.
async fn sync_now(s: &Setup) -> Value {
    let a = s.app.post("/api/center/products/auto_update", Some(&s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let id = a.data()["progress_id"].as_i64().unwrap();
    s.app.drain().await;
    let p = s.app.get(&format!("/api/progress/{id}"), Some(&s.token)).await;
    assert_eq!(p.data()["status"], "success", "{}", p.body);
    p.data()["refs"].clone()
}

async fn woo_get(s: &Setup, store: &str, path: &str) -> Value {
    dropline_tests::woo_rest(&s.app.http, &s.sandbox, store, path, None).await
}

async fn remote_id(s: &Setup, product: Uuid, destination: &str) -> String {
    sqlx::query_scalar("SELECT remote_ids[1] FROM push_targets WHERE product_id = $1 AND destination = $2")
        .bind(product)
        .bind(destination)
        .fetch_one(&s.app.pool)
        .await
        .unwrap()
}

/// The WooCommerce variation with `sku`.
async fn woo_variation(s: &Setup, store: &str, product: Uuid, sku: &str) -> Value {
    let list = woo_get(s, store, &format!("products/{}/variations", remote_id(s, product, &s.woo).await)).await;
    list.as_array().unwrap().iter().find(|v| v["sku"] == sku).cloned().unwrap_or_else(|| panic!("no variation {sku} in {list}"))
}

#[tokio::test]
async fn supplier_price_and_stock_reach_both_stores_with_sync_state_and_log() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "sync@example.com", "sync-shop", "sync-woo").await;
    let (source_id, product) = pushed_product(&s, &[&s.shopify, &s.woo]).await;
    let before = variants(&s, product).await;
    let (a, b) = (before[0].clone(), before[1].clone());
    let cost = a.cost_cents + 123;
    supplier_changes(&s, "aliexpress", &source_id, json!([{ "sku_id": a.sku_id, "price": money(cost) }, { "sku_id": b.sku_id, "stock": 0 }])).await;

    let pushes = s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'push_product'").await;
    let report = sync_now(&s).await;
    let change = report["changed"][0]["change"].as_str().unwrap_or_default().to_string();
    assert!(
        change.contains(&format!("price {} → {}", money(a.price_cents), money(cost * 2))) && change.contains(&format!("stock {} → 0", b.stock)),
        "{report}"
    );
    assert_eq!(report["progress_ids"].as_array().unwrap().len(), 2, "an update push per store");

    let after = variants(&s, product).await;
    assert_eq!((after[0].cost_cents, after[0].price_cents), (cost, cost * 2), "priced by the rule in force (the default doubles the cost)");
    assert_eq!(after[1].stock, 0);

    // Shopify and WooCommerce both show the new price and stock.
    let handle = s.remote_key(product, &s.shopify).await;
    let shop: Value = reqwest::get(format!("{}/_sandbox/shopify/sync-shop", s.sandbox)).await.unwrap().json().await.unwrap();
    let all: Vec<Value> = match &shop["products"] {
        Value::Object(m) => m.values().cloned().collect(),
        Value::Array(v) => v.clone(),
        _ => vec![],
    };
    let found: Vec<&Value> = all.iter().filter(|p| p["handle"] == handle.as_str()).collect();
    assert_eq!(found.len(), 1, "updated in place, no twin");
    let shop_variant = |sku: String| found[0]["variants"].as_array().unwrap().iter().find(|v| v["sku"] == sku.as_str()).cloned().unwrap();
    assert_eq!(shop_variant(sku(&a))["price_cents"], cost * 2, "{}", found[0]);
    assert_eq!(shop_variant(sku(&b))["inventory_quantity"], 0);
    // The price paid: WooCommerce's sale price while the variant keeps the supplier's discount as its compare-at.
    let woo = woo_variation(&s, "sync-woo", product, &sku(&a)).await;
    let paid = if woo["sale_price"].as_str().is_some_and(|p| !p.is_empty()) { &woo["sale_price"] } else { &woo["regular_price"] };
    assert_eq!(paid, &json!(money(cost * 2)), "{woo}");
    assert_eq!(woo_variation(&s, "sync-woo", product, &sku(&b)).await["stock_quantity"], 0);

    // The product center shows the sync state, the product page the log.
    let center = s.app.get("/api/center/products/pushed", Some(&s.token)).await;
    for t in center.data()["items"][0]["targets"].as_array().unwrap() {
        assert!(t["synced_at"].is_string() && t["sync_error"].is_null(), "{t}");
        assert_eq!(t["sync_change"], change.as_str());
    }
    let log = s.app.get(&format!("/api/center/products/{product}/sync-log"), Some(&s.token)).await;
    assert_eq!(log.data()["items"][0]["kind"], "supplier_sync", "{}", log.body);
    assert_eq!(log.data()["items"][0]["detail"]["change"], change.as_str());

    // The owner is told what the supplier changed.
    let told = crate::notifications::of_type(&s.app, &s.token, "supplier_change").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["body"], change.as_str());

    // Nothing changed since: a second sync pushes nothing, and logs its run.
    let pushed = s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'push_product'").await;
    assert_eq!(pushed, pushes + 2);
    let again = sync_now(&s).await;
    assert!(again["changed"].as_array().unwrap().is_empty(), "{again}");
    assert_eq!(s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'push_product'").await, pushed);
    assert_eq!(s.app.count("SELECT count(*) FROM sync_log WHERE kind = 'supplier_sync'").await, 2);

    // A sync that died after saving its changes, before handing them to the push engine, runs
    // again: it pushes them, writes no second log row for its run, and no twin appears.
    sqlx::query("UPDATE push_targets SET sync_pending = true").execute(&s.app.pool).await.unwrap();
    sqlx::query("UPDATE progress_items SET status = 'queued', run_after = now() WHERE id = (SELECT max(id) FROM progress_items WHERE kind = 'supplier_sync')")
        .execute(&s.app.pool)
        .await
        .unwrap();
    s.app.drain().await;
    assert_eq!(s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'push_product'").await, pushed + 2);
    assert_eq!(s.app.count("SELECT count(*) FROM push_targets WHERE sync_pending OR status <> 'success'").await, 0);
    assert_eq!(s.app.count("SELECT count(*) FROM sync_log WHERE kind = 'supplier_sync'").await, 2);
    let shop: Value = reqwest::get(format!("{}/_sandbox/shopify/sync-shop", s.sandbox)).await.unwrap().json().await.unwrap();
    let all: Vec<Value> = match &shop["products"] {
        Value::Object(m) => m.values().cloned().collect(),
        Value::Array(v) => v.clone(),
        _ => vec![],
    };
    assert_eq!(all.iter().filter(|p| p["handle"] == handle.as_str()).count(), 1);
    let woo_key = s.remote_key(product, &s.woo).await;
    assert_eq!(woo_get(&s, "sync-woo", &format!("products?sku={woo_key}&status=any")).await.as_array().map(Vec::len), Some(1));
    assert_eq!(crate::notifications::of_type(&s.app, &s.token, "supplier_change").await.len(), 1, "a re-run tells nothing twice");
}

#[tokio::test]
async fn settings_and_the_schedule() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "sync-settings@example.com", "sync-settings-shop", "sync-settings-woo").await;
    let a = s.app.get("/api/products/auto-update", Some(&s.token)).await;
    assert_eq!(
        a.data()["settings"],
        json!({ "is_enable": true, "update_price": true, "price_rule": "pricing_rule", "out_of_stock": "set_zero",
        "notify_sku_removed": true, "switch_supplier": true, "interval_hours": 24 })
    );
    assert!(a.data()["last_run_at"].is_null());
    let bad = s.app.call("PUT", "/api/products/auto-update", Some(&s.token), None, Some(json!({ "interval_hours": 0 }))).await;
    assert_eq!(bad.code(), 204);
    assert!(bad.body["errors"]["interval_hours"].is_array(), "{}", bad.body);
    let bad = s.app.call("PUT", "/api/products/auto-update", Some(&s.token), None, Some(json!({ "price_rule": "magic" }))).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);

    // No pushed product, no sync; then one per workplace and interval, however many ticks.
    let now = Utc::now();
    let syncs = "SELECT count(*) FROM progress_items WHERE kind = 'supplier_sync'";
    domain::schedules::tick(&s.app.pool, &s.app.settings, now).await.unwrap();
    assert_eq!(s.app.count(syncs).await, 0);
    // This test is about supplier sync: the catalogue refreshes the tick also queued are not run.
    sqlx::query("DELETE FROM progress_items WHERE kind = 'catalogue_sync'").execute(&s.app.pool).await.unwrap();
    pushed_product(&s, &[&s.woo]).await;
    domain::schedules::tick(&s.app.pool, &s.app.settings, now).await.unwrap();
    domain::schedules::tick(&s.app.pool, &s.app.settings, now + Duration::minutes(1)).await.unwrap();
    assert_eq!(s.app.count(syncs).await, 1);
    domain::schedules::tick(&s.app.pool, &s.app.settings, now + Duration::hours(25)).await.unwrap();
    assert_eq!(s.app.count(syncs).await, 2, "the next day's slot");
    let off = s.app.call("PUT", "/api/products/auto-update", Some(&s.token), None, Some(json!({ "is_enable": false }))).await;
    assert_eq!(off.code(), 200, "{}", off.body);
    domain::schedules::tick(&s.app.pool, &s.app.settings, now + Duration::hours(50)).await.unwrap();
    assert_eq!(s.app.count(syncs).await, 2, "off: no scheduled sync");
    sqlx::query("DELETE FROM progress_items WHERE kind IN ('catalogue_sync', 'smart_push')").execute(&s.app.pool).await.unwrap();
    s.app.drain().await;
    assert!(s.app.get("/api/products/auto-update", Some(&s.token)).await.data()["last_run_at"].is_string());
}

#[tokio::test]
async fn a_dropped_sku_notifies_switches_supplier_and_out_of_stock_unpublishes() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "switch@example.com", "switch-shop", "switch-woo").await;
    let (source_id, product) = pushed_product(&s, &[&s.woo]).await;
    let vs = variants(&s, product).await;
    let (a, b) = (vs[0].clone(), vs[1].clone());

    // The store variant of `a` (as mapping reads it from the store) has a CJ fallback.
    let cj_id = in_stock_ids(&s.sandbox, "cj", 1, 1).await.remove(0);
    let cj = supplier_product(&s.app.http, &s.sandbox, "cj", &cj_id).await;
    let cj_sku = cj["variants"].as_array().unwrap().iter().find(|v| v["stock"].as_i64().unwrap() > 0).unwrap().clone();
    let (workplace, store): (Uuid, Uuid) =
        sqlx::query_as("SELECT workplace_id, store_id FROM push_targets WHERE product_id = $1").bind(product).fetch_one(&s.app.pool).await.unwrap();
    let (sp, sv) = (Uuid::new_v4(), Uuid::new_v4());
    sqlx::query("INSERT INTO store_products (id, workplace_id, store_id, remote_id, title) VALUES ($1, $2, $3, $4, 'pushed')")
        .bind(sp)
        .bind(workplace)
        .bind(store)
        .bind(remote_id(&s, product, &s.woo).await)
        .execute(&s.app.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO store_variants (id, store_product_id, remote_id, title, sku) VALUES ($1, $2, 'v', 'a', $3)")
        .bind(sv)
        .bind(sp)
        .bind(sku(&a))
        .execute(&s.app.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO variant_suppliers (store_variant_id, priority, source, source_product_id, sku_id) VALUES ($1, 1, 'aliexpress', $2, $3), ($1, 2, 'cj', $4, $5)")
        .bind(sv).bind(&source_id).bind(&a.sku_id).bind(&cj_id).bind(cj_sku["sku_id"].as_str().unwrap()).execute(&s.app.pool).await.unwrap();
    let put = s.app.call("PUT", "/api/products/auto-update", Some(&s.token), None, Some(json!({ "out_of_stock": "unpublish" }))).await;
    assert_eq!(put.code(), 200, "{}", put.body);

    // The supplier drops both SKUs and runs out of the rest.
    let mut change = vec![json!({ "sku_id": a.sku_id, "remove": true }), json!({ "sku_id": b.sku_id, "remove": true })];
    change.extend(vs[2..].iter().map(|v| json!({ "sku_id": v.sku_id, "stock": 0 })));
    supplier_changes(&s, "aliexpress", &source_id, json!(change)).await;
    let report = sync_now(&s).await;
    let now = variants(&s, product).await;
    assert_eq!(now[0].supplier_source.as_deref(), Some("cj"), "{report}");
    assert_eq!(now[0].sku_id, cj_sku["sku_id"].as_str().unwrap());
    assert_eq!(now[0].stock as i64, cj_sku["stock"].as_i64().unwrap());
    assert_eq!(now[1].stock, 0, "no other supplier: nothing to sell");
    let notes = "SELECT count(*) FROM notifications WHERE dedup_key LIKE 'sku-gone:%'";
    assert_eq!(s.app.count(notes).await, 2, "one notice per dropped SKU");
    assert_eq!(woo_variation(&s, "switch-woo", product, &sku(&a)).await["stock_quantity"], cj_sku["stock"]);
    assert_eq!(woo_variation(&s, "switch-woo", product, &sku(&b)).await["stock_quantity"], 0);
    let remote = remote_id(&s, product, &s.woo).await;
    assert_eq!(woo_get(&s, "switch-woo", &format!("products/{remote}")).await["status"], "publish", "one variant still sells");

    // The fallback runs out too: every variant is out, so the product is unpublished...
    supplier_changes(&s, "cj", &cj_id, json!([{ "sku_id": cj_sku["sku_id"], "stock": 0 }])).await;
    sync_now(&s).await;
    assert_eq!(woo_get(&s, "switch-woo", &format!("products/{remote}")).await["status"], "draft");
    // ... and published again once it is back.
    supplier_changes(&s, "cj", &cj_id, json!([{ "sku_id": cj_sku["sku_id"], "stock": 5 }])).await;
    sync_now(&s).await;
    assert_eq!(woo_get(&s, "switch-woo", &format!("products/{remote}")).await["status"], "publish");
    assert_eq!(woo_variation(&s, "switch-woo", product, &sku(&a)).await["stock_quantity"], 5);
    assert_eq!(s.app.count(notes).await, 2, "a dropped SKU is told once");
}
