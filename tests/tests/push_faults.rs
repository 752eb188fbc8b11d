//! Push under faults: the worker process killed mid-push and restarted (call by call, and with
//! the Shopify store's products going through its bulk path), 20% 5xx and timeouts from the
//! stores, and the same job delivered several times. Each ends with every product in each store
//! exactly once and every push item final.
use dropline_tests::{TestApp, connect_shopify, connect_woo, in_stock_ids, push_products, start_sandbox_with, use_sandbox, worker_command};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::{Duration, Instant};

struct Setup {
    app: TestApp,
    sandbox: String,
    token: String,
    stores: Vec<String>,
}

async fn setup(pool: PgPool, tag: &str) -> Setup {
    setup_with(pool, tag, usize::MAX).await
}

/// `setup` on a product whose Shopify bulk threshold is `bulk_threshold` (none by default: these
/// tests are about the per-call path unless they say otherwise).
async fn setup_with(pool: PgPool, tag: &str, bulk_threshold: usize) -> Setup {
    let sandbox = start_sandbox_with(|c| c.fault_timeout_ms = 300).await;
    let app = TestApp::spawn_with(pool, |s| {
        use_sandbox(s, &sandbox);
        s.shopify.bulk_threshold = bulk_threshold;
    })
    .await;
    let token = app.signed_up(&format!("{tag}@example.com")).await;
    let shop = connect_shopify(&app, &token, &format!("{tag}-shop")).await;
    assert_eq!(shop.code(), 200, "{}", shop.body);
    let woo = connect_woo(&app, &token, &sandbox, &format!("{tag}-woo")).await;
    app.drain().await;
    // Throttling is its own test; here Shopify's bucket is large (as on Shopify Plus and above).
    let big = json!({ "maximum_available": 1.0e9, "currently_available": 1.0e9, "restore_rate": 1.0e9 });
    app.http.post(format!("{sandbox}/_sandbox/shopify/{tag}-shop/throttle")).json(&big).send().await.unwrap();
    sqlx::query("UPDATE workplaces SET plan_key = 'ENTERPRISE_DROPLINE_AO'").execute(&app.pool).await.unwrap();
    let stores = vec![shop.data()["store"]["id"].as_str().unwrap().to_string(), woo];
    Setup { app, sandbox, token, stores }
}

/// `n` products: one imported, the rest its copies (each its own product with its own key).
async fn products(s: &Setup, n: usize) -> Vec<String> {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 2).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let first: uuid::Uuid = a.data()["id"].as_str().unwrap().parse().unwrap();
    let workplace: uuid::Uuid = sqlx::query_scalar("SELECT workplace_id FROM products WHERE id = $1").bind(first).fetch_one(&s.app.pool).await.unwrap();
    let copies = domain::products::copies::duplicate(&s.app.pool, workplace, &vec![first; n - 1]).await.unwrap();
    std::iter::once(first).chain(copies).map(|u| u.to_string()).collect()
}

async fn push(s: &Setup, ids: &[String]) {
    let a = push_products(&s.app, &s.token, ids, &s.stores).await;
    assert_eq!(a.code(), 200, "{}", a.body);
}

async fn count(s: &Setup, status: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE status = $1").bind(status).fetch_one(&s.app.pool).await.unwrap()
}

/// Every product is in each store once: Shopify by handle, WooCommerce by parent SKU.
async fn assert_each_once(s: &Setup, tag: &str, n: usize) {
    let state: Value = reqwest::get(format!("{}/_sandbox/shopify/{tag}-shop", s.sandbox)).await.unwrap().json().await.unwrap();
    let handles: Vec<String> =
        state["products"].as_object().map(|m| m.values().filter_map(|p| p["handle"].as_str().map(str::to_string)).collect()).unwrap_or_default();
    let keys: Vec<(String, String)> = sqlx::query_as("SELECT destination, remote_key FROM push_targets").fetch_all(&s.app.pool).await.unwrap();
    assert_eq!(keys.len(), n * 2);
    let woo: Value = reqwest::get(format!("{}/_sandbox/woo/{tag}-woo", s.sandbox)).await.unwrap().json().await.unwrap();
    let skus: Vec<String> = woo["products"]
        .as_object()
        .map(|m| m.values().filter_map(|p| p["sku"].as_str().map(str::to_string)).collect())
        .or_else(|| woo["products"].as_array().map(|a| a.iter().filter_map(|p| p["sku"].as_str().map(str::to_string)).collect()))
        .unwrap_or_default();
    for (destination, key) in keys {
        let found = if destination == s.stores[0] { handles.iter().filter(|h| **h == key).count() } else { skus.iter().filter(|k| **k == key).count() };
        assert_eq!(found, 1, "{key} is in {destination} exactly once");
    }
}

#[tokio::test]
async fn errors_and_timeouts_end_with_each_product_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "faulty").await;
    let ids = products(&s, 40).await;
    for platform in ["shopify", "woocommerce"] {
        let rule = json!({ "platform": platform, "error_rate": 0.2, "timeout_rate": 0.05 });
        s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&rule).send().await.unwrap();
    }
    push(&s, &ids).await;
    // Retries wait out a backoff; the test lets that time pass instead of sleeping through it.
    for _ in 0..40 {
        s.app.drain().await;
        if count(&s, "processing").await == 0 {
            break;
        }
        sqlx::query("UPDATE progress_items SET run_after = now() WHERE status = 'queued'").execute(&s.app.pool).await.unwrap();
    }
    assert_eq!(count(&s, "success").await, 80, "every pair pushed despite the faults");
    assert_each_once(&s, "faulty", 40).await;
}

#[tokio::test]
async fn a_job_delivered_three_times_at_once_pushes_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "dupe").await;
    let ids = products(&s, 5).await;
    push(&s, &ids).await;
    let jobs: Vec<i64> = sqlx::query_scalar("SELECT id FROM progress_items WHERE kind = 'push_product'").fetch_all(&s.app.pool).await.unwrap();
    let runs = jobs.iter().flat_map(|id| (0..3).map(move |_| *id)).map(|id| s.app.runner.handle(id));
    let ran = futures::future::join_all(runs).await.into_iter().filter(|r| *r.as_ref().unwrap()).count();
    assert_eq!(ran, jobs.len(), "each delivery after the first finds the job taken");
    assert_eq!(count(&s, "success").await, 10);
    assert_each_once(&s, "dupe", 5).await;
}

#[tokio::test]
async fn killing_the_worker_mid_push_and_restarting_it_pushes_each_product_once() {
    let db = domain::db::TestDatabase::new().await;
    killed(setup(db.pool.clone(), "killed").await, "killed", false).await;
}

#[tokio::test]
async fn killing_the_worker_mid_bulk_push_and_restarting_it_pushes_each_product_once() {
    let db = domain::db::TestDatabase::new().await;
    let s = setup_with(db.pool.clone(), "bulkkill", 500).await;
    killed(s, "bulkkill", true).await;
    let bulk: i64 = sqlx::query_scalar("SELECT count(*) FROM shopify_bulk_pushes WHERE phase = 'done'").fetch_one(&db.pool).await.unwrap();
    assert_eq!(bulk, 1, "the Shopify store's 1,000 went through one bulk push");
}

/// 1,000 products to both stores, the worker killed mid-push; `bulk`: without their video (which
/// would keep them on single calls), so Shopify's bulk path takes them.
async fn killed(s: Setup, tag: &str, bulk: bool) {
    let ids = products(&s, 1000).await;
    if bulk {
        sqlx::query("UPDATE products SET video_url = NULL").execute(&s.app.pool).await.unwrap();
    }
    push(&s, &ids).await;
    let mut worker = spawn_worker(&s.app);
    let started = Instant::now();
    while count(&s, "success").await < 300 {
        assert!(started.elapsed() < Duration::from_secs(180), "the worker makes progress");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    worker.kill().expect("kill -9 the worker");
    worker.wait().unwrap();
    let done = count(&s, "success").await;
    assert!(done < 2000, "killed mid-push ({done} of 2000 done)");
    let mut worker = spawn_worker(&s.app);
    // Done means every pair final, every push job final (a job ends its pairs, then its own row)
    // and every bulk push's phase final (it ends its pairs, then its phase): killing the worker
    // between those writes would leave what a running worker finishes.
    let open = "SELECT (SELECT count(*) FROM push_targets WHERE status = 'processing')
                     + (SELECT count(*) FROM progress_items WHERE kind IN ('push_product', 'push_bulk') AND status NOT IN ('success', 'error'))
                     + (SELECT count(*) FROM shopify_bulk_pushes WHERE phase NOT IN ('done', 'failed'))";
    loop {
        let left: i64 = sqlx::query_scalar(open).fetch_one(&s.app.pool).await.unwrap();
        if left == 0 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(600), "the restarted worker finishes every pair and push job: {left} left");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    worker.kill().ok();
    worker.wait().ok();
    assert_eq!(count(&s, "success").await, 2000);
    assert_each_once(&s, tag, 1000).await;
}

/// The real worker binary (built by scripts/test before the Rust tests) on the test's
/// database, Redis namespace and sandbox.
fn spawn_worker(app: &TestApp) -> std::process::Child {
    worker_command("debug", &app.settings)
        .env("DROPLINE__QUEUE__LEASE_SECS", "3")
        // Rate limits have their own test; this one is about crashes.
        .env("DROPLINE__WOOCOMMERCE__REQUESTS_PER_SECOND", "10000")
        .env("DROPLINE__WOOCOMMERCE__BURST", "10000")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the worker starts")
}
