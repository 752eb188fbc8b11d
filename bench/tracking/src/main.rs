//! `cargo run --release -p bench-tracking [-- PARCELS RUNNERS STORES PER_STORE]`
//!
//! Follows PARCELS parcels (default 100,000) through the sandbox's 17TRACK API with the
//! product's own `tracking::follow` (RUNNERS concurrent runs, default 4, as several workers
//! would), twice: the first pass registers every number and reads it, the second (after the
//! sandbox clock moves 30 days) reads every parcel again and writes the status changes with
//! their order statuses, logs and write-back jobs. Prints status updates per second for each
//! pass as a ratio to the 2,000/s aim (limits off: the sandbox answers as fast as it can).
//! Then the write-back under Shopify's limits (`writeback.rs`).
use domain::connectors::carriers::track17::Track17;
use domain::tracking::follow;
use dropline_tests::bench::app_on_sandbox;
use dropline_tests::connect_shopify;
use serde_json::json;
use sqlx::PgPool;
use std::time::Instant;

mod writeback;

const AIM: f64 = 2_000.0;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let arg = |i: usize, d: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (parcels, runners, stores, per_store) = (arg(1, 100_000), arg(2, 4), arg(3, 10), arg(4, 300));
    // The bench runs the follow passes itself (the schedules are off); the worker only writes back.
    // The queue's lease and run limit as in production: the test configuration's 5 s lease has
    // each of the write-back's thousands of waiting jobs beat its row every 1.7 s, and a beat
    // late on the busy pool had live jobs taken for dead and run twice (618 extra runs of 3,000).
    let (app, sandbox) = app_on_sandbox("tracking", |s| {
        s.queue.lease_secs = 300;
        s.queue.max_run_secs = 600;
    })
    .await?;
    let pool = app.pool.clone();
    let token = app.signed_up("bench-tracking@example.com").await;
    let store = connect_shopify(&app, &token, "tracking-bench").await.data()["store"]["id"].as_str().unwrap_or_default().to_string();
    app.drain().await;
    seed(&pool, &store, parcels).await?;
    let track = Track17::new(&app.settings.tracking);

    let (n, secs) = follow_all(&pool, &track, runners).await?;
    report("first read (register + read)", n, secs);
    app.http.post(format!("{sandbox}/_sandbox/clock/advance")).json(&json!({ "seconds": 30 * 86_400 })).send().await?;
    sqlx::query("UPDATE shipments SET next_check_at = now()").execute(&pool).await?;
    let (n, secs) = follow_all(&pool, &track, runners).await?;
    report("second read (status changes written)", n, secs);
    let by_status: Vec<(String, i64)> = sqlx::query_as("SELECT status, count(*) FROM shipments GROUP BY 1 ORDER BY 2 DESC").fetch_all(&pool).await?;
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE kind = 'tracking_writeback'").fetch_one(&pool).await?;
    println!("parcels by status: {by_status:?}; write-back jobs queued: {jobs}");
    // The carrier half's write-back jobs are for a store that is not the point here.
    sqlx::query("DELETE FROM progress_items WHERE kind = 'tracking_writeback'").execute(&pool).await?;
    writeback::run(&app, &sandbox, &pool, stores, per_store).await?;
    println!("{}", dropline_tests::usage::peak_rss_line("api, worker and sandbox", &[]));
    Ok(())
}

fn report(pass: &str, n: usize, secs: f64) {
    let rate = n as f64 / secs;
    println!("tracking {pass}: {n} parcels in {secs:.1} s = {rate:.0} updates/s; ratio to the {AIM}/s aim: {:.2}", rate / AIM);
}

/// Runs `runners` follow passes at once until no parcel is due; returns parcels read and seconds.
async fn follow_all(pool: &PgPool, track: &Track17, runners: usize) -> anyhow::Result<(usize, f64)> {
    let t = Instant::now();
    let mut total = 0;
    loop {
        let passes = (0..runners).map(|_| {
            let (pool, track) = (pool.clone(), track.clone());
            tokio::spawn(async move {
                let scope = follow::Scope { workplace_id: None, ids: None, now: false, limit: 5_000, poll_secs: 21_600 };
                follow::run(&pool, &track, &scope).await
            })
        });
        let mut round = 0;
        for r in futures::future::join_all(passes).await {
            let r = r??;
            anyhow::ensure!(r.errors.is_empty(), "carrier errors: {:?}", &r.errors[..r.errors.len().min(3)]);
            round += r.checked;
        }
        if round == 0 {
            return Ok((total, t.elapsed().as_secs_f64()));
        }
        total += round;
    }
}

/// `n` placed orders of one line, each with one parcel not yet registered.
async fn seed(pool: &PgPool, store: &str, n: usize) -> anyhow::Result<()> {
    let store: uuid::Uuid = store.parse()?;
    let workplace: uuid::Uuid = sqlx::query_scalar("SELECT workplace_id FROM stores WHERE id = $1").bind(store).fetch_one(pool).await?;
    sqlx::query(
        "WITH o AS (
            INSERT INTO orders (workplace_id, store_id, platform, platform_order_id, name, country_code, ordered_at, status)
            SELECT $1, $2, 'shopify', 'b' || g, '#' || g, 'US', now(), 'order_placed' FROM generate_series(1, $3) g RETURNING id)
         INSERT INTO shipments (workplace_id, order_id, tracking_number, origin, writeback_pending)
         SELECT $1, o.id, 'YT' || lpad(o.id::text, 16, '0'), 'supplier', false FROM o",
    )
    .bind(workplace)
    .bind(store)
    .bind(n as i64)
    .execute(pool)
    .await?;
    Ok(())
}
