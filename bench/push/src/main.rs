//! `cargo run --release -p bench-push [-- PRODUCTS STORES PER_STORE DURATION_SECS BULK]`
//!
//! 1. Throughput: PRODUCTS products (default 10,000) to a Shopify store, a WooCommerce store
//!    and TikTok Shop, throttling off, through the real API, dispatcher, Redis and worker;
//!    prints product-channel pushes per second end to end as a ratio to the 1,000/s aim, the
//!    CPU milliseconds per push of the api, the worker and the sandbox (each on a runtime of
//!    its own, `bench::Split`), the rate with the sandbox's CPU set apart, and how flat the
//!    rate stays as the stores fill (the run's last quarter against its second).
//!    With DURATION_SECS (default 0), the same products are then pushed again and again for
//!    that long, the resident memory printed every minute (does anything grow without bound?).
//! 2. Pacing: STORES Shopify stores (default 50) on Shopify's Standard plan (2,000 points,
//!    100 a second), PER_STORE products each; prints the points per second Dropline achieved in
//!    steady state as a share of the sum of the stores' restore rates (aim 95%), and the
//!    THROTTLED answers the stores gave (aim 0 after the first).
//! 3. Bulk: BULK products (default 1,000; 0 skips it) to one Standard-plan Shopify store by the
//!    per-call path and by Shopify's bulk path, products per minute side by side (`bulk.rs`).
mod bulk;

use dropline_tests::bench::{Split, app_on_split_sandbox, shopify_buckets};
use dropline_tests::usage::{self, MemoryWatch, peak_rss_line};
use dropline_tests::{TestApp, connect_channel, connect_shopify, connect_woo, in_stock_ids, push_products};
use serde_json::json;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const PUSH_AIM: f64 = 1_000.0;
const SHARE_AIM: f64 = 0.95;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let arg = |i: usize, d: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (products, stores, per_store, duration, bulk_products) = (arg(1, 10_000), arg(2, 50), arg(3, 120), arg(4, 0), arg(5, 1_000));
    let split = Split::new()?;
    // The api and the worker each on connections of their own, as many as in production.
    let connections = domain::config::Settings::load_env("test")?.database.max_connections;
    let (app, sandbox) = app_on_split_sandbox("push", &split, connections, move |s| {
        // Throughput is measured with the stores' own limits out of the way.
        s.woocommerce.requests_per_second = 1.0e6;
        s.woocommerce.burst = 1.0e6;
        s.shopify.bulk_threshold = bulk::threshold(bulk_products, s.shopify.bulk_threshold);
    })
    .await?;
    let pool = app.pool.clone();
    let (stop, rx) = watch::channel(false);
    let (settings, options) = (app.settings.clone(), (*pool.connect_options()).clone());
    let running = split.worker.spawn(async move {
        let own = PgPoolOptions::new().max_connections(connections).connect_lazy_with(options);
        worker::Worker::with_pool(settings, own).await?.run_until_stopped(Some(rx)).await
    });

    // 1. Throughput.
    let token = app.signed_up("bench-push@example.com").await;
    let shop = connect_shopify(&app, &token, "bench-shop").await.data()["store"]["id"].as_str().unwrap_or_default().to_string();
    let woo = connect_woo(&app, &token, &sandbox, "bench-woo").await;
    connect_channel(&app, &token, "tiktok").await;
    unlimited(&app, &sandbox, "bench-shop").await;
    let ids = catalogue(&app, &token, &sandbox, products).await?;
    settle(&pool).await?;
    let to = [shop.as_str(), woo.as_str(), "tiktok"];
    let started: chrono::DateTime<chrono::Utc> = sqlx::query_scalar("SELECT now()").fetch_one(&pool).await?;
    let cpu = usage::thread_cpu();
    let postgres = usage::named_processes_cpu("postgres");
    let t = Instant::now();
    push(&app, &token, &ids, &to).await?;
    let pairs = wait_final(&pool, Duration::from_secs(3_600)).await?;
    let secs = t.elapsed().as_secs_f64();
    let cpu = usage::spent(&cpu, &usage::thread_cpu());
    let postgres = usage::named_processes_cpu("postgres") - postgres;
    let failed: i64 = sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE status = 'error'").fetch_one(&pool).await?;
    let rate = pairs as f64 / secs;
    println!(
        "push: {pairs} product-channel pushes ({products} products x 3 destinations, {failed} failed) in {secs:.1} s = {rate:.0}/s; ratio to the {PUSH_AIM}/s aim: {:.2}",
        rate / PUSH_AIM
    );
    report_cpu(&cpu, postgres, pairs, secs);
    flatness(&pool, started).await?;
    if duration > 0 {
        endurance(&app, &token, &ids, &to, Duration::from_secs(duration as u64)).await?;
    }

    // 2. Pacing across Shopify stores with the standard bucket (0 stores skips it).
    if stores > 0 {
        pacing(&app, &sandbox, stores, per_store).await?;
    }
    // 3. The per-call and the bulk path to one Standard-plan store.
    if bulk_products > 0 {
        bulk::compare(&app, &sandbox, bulk_products).await?;
    }
    println!("{}", peak_rss_line("api, worker and sandbox, each on a runtime of its own", &[]));
    stop.send(true)?;
    let _ = running.await;
    split.stop();
    Ok(())
}

async fn pacing(app: &TestApp, sandbox: &str, stores: usize, per_store: usize) -> anyhow::Result<()> {
    let pool = &app.pool;
    let token = app.signed_up("bench-paced@example.com").await;
    let mut destinations = vec![];
    for i in 0..stores {
        let name = format!("paced-{i}");
        let a = connect_shopify(app, &token, &name).await;
        destinations.push(a.data()["store"]["id"].as_str().unwrap_or_default().to_string());
    }
    settle(pool).await?;
    // Every bucket full (Shopify's standard plan) when the push starts.
    let standard = json!({ "plan": "standard" });
    for i in 0..stores {
        app.http.post(format!("{sandbox}/_sandbox/shopify/paced-{i}/throttle")).json(&standard).send().await?;
    }
    let paced: Vec<String> = (0..stores).map(|i| format!("paced-{i}")).collect();
    let (throttled_before, charged_before, available, restore) = shopify_buckets(sandbox, &paced).await;
    let ids = catalogue(app, &token, sandbox, per_store).await?;
    sqlx::query("TRUNCATE push_targets").execute(pool).await?;
    let refs: Vec<&str> = destinations.iter().map(String::as_str).collect();
    let t = Instant::now();
    push(app, &token, &ids, &refs).await?;
    let done = wait_final(pool, Duration::from_secs(3_600)).await?;
    let secs = t.elapsed().as_secs_f64();
    let (throttled_after, charged_after, _, _) = shopify_buckets(sandbox, &paced).await;
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
    Ok(())
}

/// CPU milliseconds per push of each part (its runtime's threads, and PostgreSQL's processes),
/// and the rate with the sandbox's CPU time taken out of the run's (spread over the machine's
/// cores): the sandbox stands in for the stores, whose own work is not Dropline's.
fn report_cpu(cpu: &std::collections::BTreeMap<String, f64>, postgres: f64, pairs: i64, secs: f64) {
    let part = |name: &str| cpu.get(name).copied().unwrap_or(0.0);
    let (api, worker, sandbox) = (part("api"), part("worker"), part("sandbox"));
    let client = cpu.values().sum::<f64>() - api - worker - sandbox;
    let per = |s: f64| s * 1000.0 / pairs.max(1) as f64;
    let cores = usage::cores() as f64;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "push CPU per push: api {:.2} ms, worker {:.2} ms, sandbox {:.2} ms, bench client {:.2} ms, PostgreSQL {:.2} ms; {cores} cores shared with them, Redis and whatever else runs (load average {})",
        per(api),
        per(worker),
        per(sandbox),
        per(client),
        per(postgres),
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    let without = (secs - sandbox / cores).max(f64::EPSILON);
    let rate = pairs as f64 / without;
    println!(
        "push without the sandbox: {rate:.0}/s ({without:.1} s: the run less the sandbox's {sandbox:.1} CPU s over {cores} cores); ratio to the {PUSH_AIM}/s aim: {:.2}",
        rate / PUSH_AIM
    );
}

/// The rate over the run's last quarter of pushes against its second (the first holds the
/// start-up), as the stores fill: 1.0 is flat. Pushes made call by call only: a Shopify store's
/// first push of more than the bulk threshold lands in one transaction, all at one instant.
async fn flatness(pool: &PgPool, started: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
    let at: Vec<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT pushed_at FROM push_targets WHERE status = 'success' AND pushed_at >= $1 AND bulk_id IS NULL ORDER BY pushed_at")
            .bind(started)
            .fetch_all(pool)
            .await?;
    let n = at.len();
    if n < 8 {
        return Ok(());
    }
    let rate = |a: usize, b: usize| (b - a) as f64 / ((at[b] - at[a]).num_microseconds().unwrap_or(1).max(1) as f64 / 1e6);
    let (second, last) = (rate(n / 4, n / 2), rate(3 * n / 4, n - 1));
    println!("push flatness: {last:.0}/s over the last quarter of pushes, {second:.0}/s over the second; ratio {:.2} (1.00 is flat)", last / second);
    Ok(())
}

/// Pushes the same products again and again for `length`, printing the rate and the resident
/// memory each minute: a leak shows as memory that keeps climbing after the first minutes.
async fn endurance(app: &TestApp, token: &str, ids: &[String], to: &[&str], length: Duration) -> anyhow::Result<()> {
    let memory = MemoryWatch::start(vec![]);
    let t = Instant::now();
    let (mut pushes, mut mark) = (0, (Instant::now(), 0));
    while t.elapsed() < length {
        push(app, token, ids, to).await?;
        wait_final(&app.pool, Duration::from_secs(3_600)).await?;
        pushes += ids.len() * to.len();
        if mark.0.elapsed() >= Duration::from_secs(60) {
            let rate = (pushes - mark.1) as f64 / mark.0.elapsed().as_secs_f64();
            println!("endurance: at {:.1} min: {rate:.0} pushes/s", t.elapsed().as_secs_f64() / 60.0);
            mark = (Instant::now(), pushes);
        }
    }
    println!("endurance: {pushes} pushes in {:.0} s", t.elapsed().as_secs_f64());
    memory.finish().await;
    Ok(())
}

/// The shop's limits out of the way: a bucket that never empties, on Plus, which Shopify exempts
/// from the 1,000-new-variants-a-day throttle of stores holding 50,000 variants (10,000
/// products of six variants reach it: 1,668 of them were refused at the default size).
async fn unlimited(app: &TestApp, sandbox: &str, shop: &str) {
    let big = json!({ "plan": "plus", "maximum_available": 1.0e12, "currently_available": 1.0e12, "restore_rate": 1.0e12 });
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
