//! The write-back half: STORES Shopify stores on Shopify's Standard plan (100 points restored a
//! second, 2,000 held; the sandbox's `standard` bucket), PER_STORE customer orders each with a
//! parcel added, written back by the real worker (in process). Prints fulfillments per second,
//! the share of the stores' limits the write-back used (the product is not the bottleneck when
//! the share is close to 1) as a ratio to the 95% aim, and the THROTTLED answers the stores gave.
//! A parcel is charged about 19 points (Shopify refunds what its reads did not return), so a
//! store's full bucket alone writes about 100 parcels: PER_STORE well above that (300 by default)
//! keeps work waiting on the limits for most of the run, which is what the share is about.
use dropline_tests::bench::shopify_buckets;
use dropline_tests::{TestApp, connect_shopify};
use serde_json::json;
use sqlx::PgPool;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The share of the stores' limits the write-back should use while parcels wait (issue 22).
const SHARE_AIM: f64 = 0.95;

pub async fn run(app: &TestApp, sandbox: &str, pool: &PgPool, stores: usize, per_store: usize) -> anyhow::Result<()> {
    let token = app.signed_up("bench-writeback@example.com").await;
    for i in 0..stores {
        connect_shopify(app, &token, &format!("wb-{i}")).await;
    }
    app.drain().await;
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM webhook_events").fetch_one(pool).await?;
    for i in 0..stores {
        for _ in 0..per_store {
            app.http.post(format!("{sandbox}/_sandbox/shopify/wb-{i}.myshopify.com/orders")).json(&json!({})).send().await?;
        }
    }
    let wanted = before + (stores * per_store) as i64;
    let t = Instant::now();
    while sqlx::query_scalar::<_, i64>("SELECT count(*) FROM webhook_events").fetch_one(pool).await? < wanted {
        anyhow::ensure!(t.elapsed() < Duration::from_secs(300), "webhooks did not arrive");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    app.drain().await;
    // Parcels reach the write-back mixed across stores (carrier updates come as they come), so
    // they are added one store after another in turn, not a store's whole batch at a time.
    let orders: Vec<(i64, uuid::Uuid)> = sqlx::query_as(
        "SELECT o.id, o.workplace_id FROM orders o JOIN stores s ON s.id = o.store_id WHERE s.platform_domain LIKE 'wb-%'
         ORDER BY row_number() OVER (PARTITION BY o.store_id ORDER BY o.id), o.store_id",
    )
    .fetch_all(pool)
    .await?;
    // Shopify's Standard plan as the sandbox emulates it: 100 points a second, 2,000 held, full.
    let standard = json!({ "plan": "standard" });
    for i in 0..stores {
        app.http.post(format!("{sandbox}/_sandbox/shopify/wb-{i}.myshopify.com/throttle")).json(&standard).send().await?;
    }
    let shops: Vec<String> = (0..stores).map(|i| format!("wb-{i}.myshopify.com")).collect();
    let (throttled_before, charged_before, available, restore) = shopify_buckets(sandbox, &shops).await;
    let mut tx = domain::db::begin(pool).await?;
    for (id, workplace_id) in &orders {
        let number = format!("YT{id:016}");
        let s = domain::tracking::shipments::NewShipment {
            workplace_id: *workplace_id,
            order_id: *id,
            source_order_id: None,
            tracking_number: &number,
            carrier: Some("YunExpress"),
            origin: "manual",
        };
        domain::tracking::shipments::add(&mut tx, &s).await?;
    }
    tx.commit().await?;

    let t = Instant::now();
    let (stop, rx) = watch::channel(false);
    let worker = worker::Worker::with_pool(app.settings.clone(), pool.clone()).await?;
    let running = tokio::spawn(worker.run_until_stopped(Some(rx)));
    loop {
        let open: i64 = sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE kind = 'tracking_writeback' AND status IN ('queued', 'processing')")
            .fetch_one(pool)
            .await?;
        if open == 0 {
            break;
        }
        anyhow::ensure!(t.elapsed() < Duration::from_secs(3_600), "{open} write-backs still open");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let secs = t.elapsed().as_secs_f64();
    stop.send(true)?;
    let _ = running.await;
    let written: i64 =
        sqlx::query_scalar("SELECT count(*) FROM shipments WHERE store_fulfillment_id IS NOT NULL AND NOT writeback_pending").fetch_one(pool).await?;
    let failed: Vec<(Option<String>, i64)> =
        sqlx::query_as("SELECT error, count(*) FROM progress_items WHERE kind = 'tracking_writeback' AND status = 'error' GROUP BY 1").fetch_all(pool).await?;
    if !failed.is_empty() {
        println!("write-back failures: {failed:?}");
    }
    let (throttled_after, charged_after, _, _) = shopify_buckets(sandbox, &shops).await;
    let allowed = available + restore * secs;
    let used = charged_after - charged_before;
    println!(
        "write-back: {written} of {} parcels written to {stores} Shopify stores ({:.0} points/s each) in {secs:.1} s = {:.1} fulfillments/s; points used {used:.0} of {allowed:.0} allowed = share {:.3}, ratio to the {SHARE_AIM} aim {:.3}; {:.0} points per parcel; THROTTLED answers: {} (aim: none after the first)",
        orders.len(),
        restore / stores.max(1) as f64,
        written as f64 / secs,
        used / allowed,
        used / allowed / SHARE_AIM,
        used / written.max(1) as f64,
        throttled_after - throttled_before
    );
    Ok(())
}
