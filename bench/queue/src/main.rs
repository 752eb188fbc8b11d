//! `cargo run --release -p bench-queue [-- JOBS]`: no-op jobs through the whole path
//! (PostgreSQL row, dispatcher, Redis, apalis worker, completion in PostgreSQL), and the raw
//! Redis round-trip rate on the same machine in the same run, as ratios.
use domain::queue::{Noop, RedisQueues, enqueue_many};
use dropline_tests::bench::{self, fresh_database};

use secrecy::ExposeSecret;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const TARGET: f64 = 10_000.0;
const SIDEKIQ_PUBLISHED: f64 = 23_500.0;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    domain::telemetry::init("warn");
    let jobs_n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    // The production queue settings, on a fresh database; only this bench's no-op jobs run.
    let settings = bench::settings("development", "queue")?;
    fresh_database("queue").await?;
    let pool = domain::db::pool(&settings.database)?;
    let queues = RedisQueues::connect(settings.redis.url.expose_secret(), &settings.redis.namespace).await?;
    queues.clear().await?;

    let redis_rps = redis_round_trips(settings.redis.url.expose_secret(), Duration::from_secs(2)).await?;

    let t = Instant::now();
    for chunk in 0..jobs_n.div_ceil(10_000) {
        let n = (jobs_n - chunk * 10_000).min(10_000);
        enqueue_many(&pool, None, &(0..n).map(|_| Noop {}).collect::<Vec<_>>()).await?;
    }
    let enqueue_secs = t.elapsed().as_secs_f64();

    let worker = worker::Worker::with_pool(settings.clone(), pool.clone()).await?;
    let (stop, rx) = watch::channel(false);
    let t = Instant::now();
    let running = tokio::spawn(worker.run_until_stopped(Some(rx)));
    // Both unfinished states have partial indexes: this check costs nothing while jobs run.
    loop {
        let busy: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM progress_items WHERE status = 'queued')
                 OR EXISTS (SELECT 1 FROM progress_items WHERE status = 'processing')",
        )
        .fetch_one(&pool)
        .await?;
        if !busy {
            break;
        }
        anyhow::ensure!(t.elapsed() < Duration::from_secs(600), "jobs still unfinished after 10 minutes");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let done: i64 = sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE status = 'success'").fetch_one(&pool).await?;
    anyhow::ensure!(done as usize == jobs_n, "{done} of {jobs_n} jobs succeeded");
    let secs = t.elapsed().as_secs_f64();
    stop.send(true)?;
    let _ = running.await;
    queues.clear().await?;

    let jps = jobs_n as f64 / secs;
    println!("queue benchmark: {jobs_n} no-op jobs, whole path (PostgreSQL -> dispatcher -> Redis -> worker -> PostgreSQL)");
    println!("  enqueue into PostgreSQL:     {:>10.0} jobs/s", jobs_n as f64 / enqueue_secs);
    println!("  whole path:                  {:>10.0} jobs/s  ({secs:.2} s)", jps);
    println!("  raw Redis PING round trips:  {:>10.0} /s (same run, one connection, unpipelined)", redis_rps);
    println!("  ratio to raw Redis round trips: {:.2}", jps / redis_rps);
    println!("  ratio to the 10,000 jobs/s aim: {:.2}", jps / TARGET);
    println!("  ratio to Sidekiq's published 23,500 jobs/s: {:.2}", jps / SIDEKIQ_PUBLISHED);
    let peak = dropline_tests::usage::peak_rss_mb(None).unwrap_or(0.0);
    println!("peak RSS api -, worker {peak:.0} MB: the bench process (the worker and the enqueuing; no api runs in this bench)");
    Ok(())
}

async fn redis_round_trips(url: &str, for_how_long: Duration) -> anyhow::Result<f64> {
    let mut conn = redis::Client::open(url)?.get_multiplexed_async_connection().await?;
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed() < for_how_long {
        redis::cmd("PING").query_async::<String>(&mut conn).await?;
        n += 1;
    }
    Ok(n as f64 / t.elapsed().as_secs_f64())
}
