//! CJ and eBay are read through their own APIs (CJ Dropshipping API 2.0, eBay Browse), not the
//! suppliers' JSON protocol: with the JSON protocol's product routes failing for both sources,
//! a catalogue sync still fills the cache, and products import with named options, priced, with
//! sold-out SKUs dropped; what they hold matches the sandbox's catalogue.
use domain::catalogue::jobs::CatalogueSyncJob;
use domain::values::Source;
use dropline_tests::{TestApp, start_sandbox, use_sandbox};
use serde_json::{Value, json};
use sqlx::PgPool;

async fn fail_json_protocol(sandbox: &str) {
    for source in ["cj", "ebay"] {
        let rule = json!({"platform": source, "route_prefix": format!("/suppliers/{source}/api/products"), "error_rate": 1.0});
        reqwest::Client::new().post(format!("{sandbox}/_sandbox/faults")).json(&rule).send().await.unwrap();
    }
}

/// A user on an app whose cache holds the first CJ and eBay pages, read while the JSON
/// protocol's product routes fail.
async fn synced(pool: PgPool) -> (TestApp, String, String) {
    let sandbox = start_sandbox().await;
    let app = TestApp::spawn_with(pool, |s| {
        use_sandbox(s, &sandbox);
        s.catalogue.max_pages = 1;
    })
    .await;
    let token = app.signed_up("dialects@example.com").await;
    fail_json_protocol(&sandbox).await;
    let syncs = [CatalogueSyncJob { source: Source::Cj }, CatalogueSyncJob { source: Source::Ebay }];
    domain::queue::enqueue_many(&app.pool, None, &syncs).await.unwrap();
    app.drain().await;
    (app, token, sandbox)
}

async fn cached_ids(app: &TestApp, source: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT source_product_id FROM supplier_products WHERE source = $1 AND detail IS NOT NULL ORDER BY source_product_id")
        .bind(source)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

/// A cached product with two or more options and a sold-out variant, else any with two options.
async fn with_named_options(app: &TestApp, source: &str) -> String {
    let rows: Vec<(String, Value)> =
        sqlx::query_as("SELECT source_product_id, detail FROM supplier_products WHERE source = $1 AND detail IS NOT NULL ORDER BY source_product_id")
            .bind(source)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    let two: Vec<&(String, Value)> = rows
        .iter()
        .filter(|(_, d)| d["options"].as_array().unwrap().len() >= 2 && d["variants"].as_array().unwrap().iter().any(|v| v["stock"].as_i64().unwrap() > 0))
        .collect();
    let sold_out = two.iter().find(|(_, d)| d["variants"].as_array().unwrap().iter().any(|v| v["stock"] == 0));
    sold_out.or(two.first()).expect("a product with named options").0.clone()
}

fn option_names(p: &Value) -> Vec<String> {
    p["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap().to_string()).collect()
}

/// Imports `source`/`id` through the API and checks the product's named options and variants.
async fn import_named(app: &TestApp, token: &str, source: &str, id: &str) -> Value {
    let a = app.post(&format!("/api/center/products/import/{source}"), Some(token), json!({"source_product_id": id, "ship_to": "US"})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let p = a.data().clone();
    let names = option_names(&p);
    assert!(names.len() >= 2 && names.iter().all(|n| ["Color", "Size", "Style"].contains(&n.as_str())), "{names:?}");
    for v in p["variants"].as_array().unwrap() {
        let keys: Vec<&String> = v["options"].as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), names.len(), "every variant names every option: {v}");
        assert!(v["stock"].as_i64().unwrap() > 0, "sold-out SKUs are not imported");
        assert!(v["price"].as_f64().unwrap() > v["cost"].as_f64().unwrap());
    }
    p
}

/// The sandbox catalogue's in-stock variants of a product, as (options, price) pairs.
async fn catalogue_variants(sandbox: &str, source: &str, id: &str) -> Vec<(Value, f64)> {
    let p: Value = reqwest::Client::new()
        .get(format!("{sandbox}/suppliers/{source}/api/products/{id}"))
        .bearer_auth("sandbox-supplier-token")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut out: Vec<(Value, f64)> = p["variants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["stock"].as_i64().unwrap() > 0)
        .map(|v| (v["options"].clone(), v["price"].as_str().unwrap().parse().unwrap()))
        .collect();
    out.sort_by_key(|a| a.0.to_string());
    out
}

fn imported_variants(p: &Value) -> Vec<(Value, f64)> {
    let mut out: Vec<(Value, f64)> = p["variants"].as_array().unwrap().iter().map(|v| (v["options"].clone(), v["cost"].as_f64().unwrap())).collect();
    out.sort_by_key(|a| a.0.to_string());
    out
}

#[tokio::test]
async fn cj_and_ebay_sync_and_import_through_their_own_apis() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, token, sandbox) = synced(pool).await;
    let http = reqwest::Client::new();

    // The cache holds the dialects' first pages: CJ's product/list, eBay's search.
    let list: Value = http
        .get(format!("{sandbox}/cj/api2.0/v1/product/list?pageNum=1&pageSize=100"))
        .header("CJ-Access-Token", "sandbox-cj-access-token")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut cj: Vec<String> = list["data"]["list"].as_array().unwrap().iter().map(|i| i["pid"].as_str().unwrap().to_string()).collect();
    cj.sort();
    assert_eq!(cached_ids(&app, "cj").await, cj);
    let search: Value = http
        .get(format!("{sandbox}/ebay/buy/browse/v1/item_summary/search?category_ids=0&limit=100"))
        .bearer_auth("sandbox-ebay-app-token")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut ebay: Vec<String> = search["itemSummaries"].as_array().unwrap().iter().map(|i| i["legacyItemId"].as_str().unwrap().to_string()).collect();
    ebay.sort();
    assert_eq!(cached_ids(&app, "ebay").await, ebay);
    let us_shipping: i64 = sqlx::query_scalar("SELECT count(*) FROM supplier_products WHERE source IN ('cj', 'ebay') AND us_shipping_cents IS NOT NULL")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(us_shipping >= 190, "US freight read through the dialects: {us_shipping}");
    let sold: i64 = sqlx::query_scalar("SELECT count(*) FROM supplier_products WHERE source = 'ebay' AND orders > 0").fetch_one(&app.pool).await.unwrap();
    assert!(sold > 50, "eBay sales come from the items' estimatedSoldQuantity: {sold}");

    // Import one of each, with named options, while the JSON protocol still fails.
    let (cj_id, ebay_id) = (with_named_options(&app, "cj").await, with_named_options(&app, "ebay").await);
    let t = token.as_str();
    let cj_product = import_named(&app, t, "cj", &cj_id).await;
    let ebay_product = import_named(&app, t, "ebay", &ebay_id).await;
    assert!(ebay_product["variants"][0]["sku_id"].as_str().unwrap().starts_with(&format!("v1|{ebay_id}|")), "eBay variants are its items");

    // Shipping elsewhere is asked of the dialects too.
    for (source, id) in [("cj", &cj_id), ("ebay", &ebay_id)] {
        let l = app.get(&format!("/api/product-sources/logistics/{source}/{id}?country_code=CA"), Some(t)).await;
        assert_eq!(l.code(), 200, "{}", l.body);
        let first = &l.data()["options"][0];
        assert!(first["amount"].is_number() && first["delivery_time"].as_str().unwrap().ends_with("day"), "{}", l.body);
    }
    let a = app.post("/api/center/products/import/ebay", Some(t), json!({"source_product_id": "no-such-item", "ship_to": "US"})).await;
    assert_eq!(a.code(), 202, "an unknown listing is not found: {}", a.body);

    // What was imported is the catalogue's product: same options and supplier prices.
    reqwest::Client::new().delete(format!("{sandbox}/_sandbox/faults")).send().await.unwrap();
    assert_eq!(imported_variants(&cj_product), catalogue_variants(&sandbox, "cj", &cj_id).await);
    assert_eq!(imported_variants(&ebay_product), catalogue_variants(&sandbox, "ebay", &ebay_id).await);
    let detail = app.get(&format!("/api/center/products/source/cj/{cj_id}?ship_to=US"), Some(t)).await;
    assert_eq!(option_names(detail.data()), option_names(&cj_product));
}
