//! `cargo run --release -p bench-push [-- PRODUCTS STORES PER_STORE]`
//!
//! 1. Throughput: PRODUCTS products (default 10,000) to a Shopify store, a WooCommerce store
//!    and TikTok Shop, throttling off, through the real API, dispatcher, Redis and worker;
//!    prints product-channel pushes per second end to end as a ratio to the 1,000/s aim.
//! 2. Pacing: STORES Shopify stores (default 50) on Shopify's Standard plan (2,000 points,
//!    100 a second), PER_STORE products each; prints the points per second Dropline achieved in
//!    steady state as a share of the sum of the stores' restore rates (aim 95%), and the
//!    THROTTLED answers the stores gave (aim 0 after the first).
use dropline_tests::bench::{app_on_sandbox, shopify_buckets};
use dropline_tests::{TestApp, connect_channel, connect_shopify, connect_woo, in_stock_ids, push_products};
use serde_json::json;
use sqlx::PgPool;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const PUSH_AIM: f64 = 1_000.0;
const SHARE_AIM: f64 = 0.95;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let arg = |i: usize, d: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (products, stores, per_store) = (arg(1, 10_000), arg(2, 50), arg(3, 120));
    let (app, sandbox) = app_on_sandbox("push", |s| {
        // Throughput is measured with the stores' own limits out of the way.
        s.woocommerce.requests_per_second = 1.0e6;
        s.woocommerce.burst = 1.0e6;
    })
    .await?;
    let pool = app.pool.clone();
    let (stop, rx) = watch::channel(false);
    let worker = worker::Worker::with_pool(app.settings.clone(), pool.clone()).await?;
    let running = tokio::spawn(worker.run_until_stopped(Some(rx)));

    // 1. Throughput.
    let token = app.signed_up("bench-push@example.com").await;
    let shop = connect_shopify(&app, &token, "bench-shop").await.data()["store"]["id"].as_str().unwrap_or_default().to_string();
    let woo = connect_woo(&app, &token, &sandbox, "bench-woo").await;
    connect_channel(&app, &token, "tiktok").await;
    unlimited(&app, &sandbox, "bench-shop").await;
    let ids = catalogue(&app, &token, &sandbox, products).await?;
    settle(&pool).await?;
    let t = Instant::now();
    push(&app, &token, &ids, &[shop.as_str(), woo.as_str(), "tiktok"]).await?;
    let pairs = wait_final(&pool, Duration::from_secs(3_600)).await?;
    let secs = t.elapsed().as_secs_f64();
    let failed: i64 = sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE status = 'error'").fetch_one(&pool).await?;
    let rate = pairs as f64 / secs;
    println!(
        "push: {pairs} product-channel pushes ({products} products x 3 destinations, {failed} failed) in {secs:.1} s = {rate:.0}/s; ratio to the {PUSH_AIM}/s aim: {:.2}",
        rate / PUSH_AIM
    );

    // 2. Pacing across Shopify stores with the standard bucket.
    let token = app.signed_up("bench-paced@example.com").await;
    let mut destinations = vec![];
    for i in 0..stores {
        let name = format!("paced-{i}");
        let a = connect_shopify(&app, &token, &name).await;
        destinations.push(a.data()["store"]["id"].as_str().unwrap_or_default().to_string());
    }
    settle(&pool).await?;
    // Every bucket full (Shopify's standard plan) when the push starts.
    let standard = json!({ "maximum_available": 1000, "currently_available": 1000, "restore_rate": 50 });
    for i in 0..stores {
        app.http.post(format!("{sandbox}/_sandbox/shopify/paced-{i}/throttle")).json(&standard).send().await?;
    }
    let paced: Vec<String> = (0..stores).map(|i| format!("paced-{i}")).collect();
    let (throttled_before, charged_before, available, restore) = shopify_buckets(&sandbox, &paced).await;
    let ids = catalogue(&app, &token, &sandbox, per_store).await?;
    sqlx::query("TRUNCATE push_targets").execute(&pool).await?;
    let refs: Vec<&str> = destinations.iter().map(String::as_str).collect();
    let t = Instant::now();
    push(&app, &token, &ids, &refs).await?;
    let done = wait_final(&pool, Duration::from_secs(3_600)).await?;
    let secs = t.elapsed().as_secs_f64();
    let (throttled_after, charged_after, _, _) = shopify_buckets(&sandbox, &paced).await;
    // What the buckets allowed over the run: what they held at the start plus what they
    // restored; the share is the part of that Dropline used.
    let allowed = available + restore * secs;
    let used = charged_after - charged_before;
    println!(
        "pacing: {stores} Shopify stores ({:.0} points/s each), {done} pushes in {secs:.1} s; points used {used:.0} of {allowed:.0} allowed = share {:.3} (aim {SHARE_AIM}); THROTTLED answers: {}",
        restore / stores.max(1) as f64,
        used / allowed,
        throttled_after - throttled_before
    );
    stop.send(true)?;
    let _ = running.await;
    Ok(())
}

/// A shop whose bucket never runs dry (throttling off).
async fn unlimited(app: &TestApp, sandbox: &str, shop: &str) {
    let big = json!({ "maximum_available": 1.0e12, "currently_available": 1.0e12, "restore_rate": 1.0e12 });
    app.http.post(format!("{sandbox}/_sandbox/shopify/{shop}/throttle")).json(&big).send().await.ok();
}

/// `n` products in the import list: one imported, the rest its copies.
async fn catalogue(app: &TestApp, token: &str, sandbox: &str, n: usize) -> anyhow::Result<Vec<String>> {
    sqlx::query("UPDATE workplaces SET plan_key = 'ENTERPRISE_DROPLINE_AO'").execute(&app.pool).await?;
    let id = in_stock_ids(sandbox, "aliexpress", 1, 2).await.remove(0);
    let a = app.post("/api/center/products/import/aliexpress", Some(token), json!({ "source_product_id": id })).await;
    let first: uuid::Uuid = a.data()["id"].as_str().ok_or_else(|| anyhow::anyhow!("import failed: {}", a.body))?.parse()?;
    let workplace: uuid::Uuid = sqlx::query_scalar("SELECT workplace_id FROM products WHERE id = $1").bind(first).fetch_one(&app.pool).await?;
    let mut ids = vec![first.to_string()];
    while ids.len() < n {
        let chunk = (n - ids.len()).min(500);
        ids.extend(domain::products::copies::duplicate(&app.pool, workplace, &vec![first; chunk]).await?.iter().map(|u| u.to_string()));
    }
    Ok(ids)
}

async fn push(app: &TestApp, token: &str, ids: &[String], to: &[&str]) -> anyhow::Result<()> {
    let a = push_products(app, token, ids, to).await;
    anyhow::ensure!(a.code() == 200, "push refused: {}", a.body);
    Ok(())
}

/// Waits for setup jobs (webhooks, publications) so they do not count in the measurement.
async fn settle(pool: &PgPool) -> anyhow::Result<()> {
    wait_final(pool, Duration::from_secs(900)).await.map(|_| ())
}

async fn wait_final(pool: &PgPool, limit: Duration) -> anyhow::Result<i64> {
    let t = Instant::now();
    loop {
        let open: i64 = sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE status IN ('queued', 'processing')").fetch_one(pool).await?;
        if open == 0 {
            return Ok(sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE status <> 'processing'").fetch_one(pool).await?);
        }
        anyhow::ensure!(t.elapsed() < limit, "{open} jobs still open after {limit:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
