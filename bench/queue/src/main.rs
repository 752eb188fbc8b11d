//! `cargo run --release -p bench-queue [-- JOBS]`: no-op jobs through the whole path
//! (PostgreSQL row, dispatcher, Redis, worker, completion in PostgreSQL) with one real worker
//! process and then with two, beside the raw Redis rate measured in the same run, as ratios.
//! The worker binary is spawned, not linked: build it first (`cargo build --release -p worker`;
//! `DROPLINE_WORKER_BIN` overrides the path).
use domain::config::Settings;
use domain::queue::{NOTIFY_CHANNEL, RedisQueues};
use dropline_tests::bench::{self, fresh_database};
use dropline_tests::production_worker;

use secrecy::ExposeSecret;
use sqlx::PgPool;
use std::process::Child;
use std::time::{Duration, Instant};

const TARGET: f64 = 10_000.0;
const SIDEKIQ_PUBLISHED: f64 = 23_500.0;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    domain::telemetry::init("warn");
    let jobs_n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    // The production queue settings, on a fresh database; only this bench's no-op jobs run.
    let settings = bench::settings("development", "queue")?;
    let pool = fresh_database("queue").await?;
    let queues = RedisQueues::connect(settings.redis.url.expose_secret(), &settings.redis.namespace).await?;
    queues.clear().await?;

    let url = settings.redis.url.expose_secret().to_string();
    let (redis_rps, redis_pipelined) = (round_trips(&url, 1).await?, round_trips(&url, 100).await?);
    let mut rates = vec![];
    for processes in [1, 2] {
        rates.push(run(&settings, &pool, &queues, jobs_n, processes).await?);
    }
    queues.clear().await?;

    println!("queue benchmark: {jobs_n} no-op jobs per run, whole path (PostgreSQL -> dispatcher -> Redis -> worker -> completion in PostgreSQL)");
    println!("  raw Redis PING:              {redis_rps:>10.0} round trips/s (same run, one connection, unpipelined)");
    println!("                               {redis_pipelined:>10.0} commands/s (pipelined 100 at a time)");
    for (processes, (jps, secs, _)) in [1, 2].iter().zip(&rates) {
        println!("  whole path, {processes} worker process{}: {jps:>9.0} jobs/s  ({secs:.2} s)", if *processes == 1 { " " } else { "es" });
    }
    let (one, two) = (rates[0].0, rates[1].0);
    println!("  ratio of two worker processes to one: {:.2}", two / one);
    println!("  ratio to raw Redis round trips: one process {:.2}, two {:.2}", one / redis_rps, two / redis_rps);
    println!("  ratio to the 10,000 jobs/s aim: one process {:.2}, two {:.2}", one / TARGET, two / TARGET);
    println!("  ratio to Sidekiq's published 23,500 jobs/s: one process {:.2}, two {:.2}", one / SIDEKIQ_PUBLISHED, two / SIDEKIQ_PUBLISHED);
    let peak = dropline_tests::usage::peak_rss_mb(None).unwrap_or(0.0);
    let worker = rates.iter().map(|r| r.2).fold(0.0, f64::max);
    println!(
        "peak RSS api -, worker {worker:.0} MB (the largest worker process; no api in this bench); the bench process (enqueuing, dispatching) {peak:.0} MB"
    );
    Ok(())
}

/// `jobs_n` no-op jobs through `processes` worker processes. The clock starts when the jobs
/// are committed, after every process has registered its workers with Redis (so process start
/// is not measured), and stops when none is queued or processing. Answers (jobs/s, seconds,
/// the largest worker process's peak resident memory in MB).
async fn run(settings: &Settings, pool: &PgPool, queues: &RedisQueues, jobs_n: usize, processes: usize) -> anyhow::Result<(f64, f64, f64)> {
    sqlx::query("DELETE FROM progress_items").execute(pool).await?;
    let mut procs: Vec<Child> = vec![];
    let result = async {
        for i in 0..processes {
            procs.push(production_worker("release", settings, &format!("bench-queue-worker-{processes}-{i}"))?);
        }
        let workers = queues.config("noop").workers_set();
        let started = Instant::now();
        let mut redis = redis::Client::open(settings.redis.url.expose_secret())?.get_multiplexed_async_connection().await?;
        // Each process registers one worker per family with a name of its own (`noop-{pid}-..`).
        while redis::cmd("ZCARD").arg(&workers).query_async::<usize>(&mut redis).await? < processes {
            anyhow::ensure!(started.elapsed() < Duration::from_secs(60), "the worker processes did not start in a minute");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // One statement, so no job is visible (or dispatched) before the clock starts.
        let mut tx = domain::db::begin(pool).await?;
        sqlx::query("INSERT INTO progress_items (kind, payload) SELECT 'noop', '{}'::jsonb FROM generate_series(1, $1)")
            .bind(jobs_n as i64)
            .execute(&mut *tx)
            .await?;
        sqlx::query("SELECT pg_notify($1, 'noop')").bind(NOTIFY_CHANNEL).execute(&mut *tx).await?;
        tx.commit().await?;
        let t = Instant::now();
        // Both unfinished states have partial indexes: this check costs nothing while jobs run.
        loop {
            let busy: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM progress_items WHERE status = 'queued')
                     OR EXISTS (SELECT 1 FROM progress_items WHERE status = 'processing')",
            )
            .fetch_one(pool)
            .await?;
            if !busy {
                break;
            }
            anyhow::ensure!(t.elapsed() < Duration::from_secs(600), "jobs still unfinished after 10 minutes");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let secs = t.elapsed().as_secs_f64();
        let done: i64 = sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE status = 'success'").fetch_one(pool).await?;
        anyhow::ensure!(done as usize == jobs_n, "{done} of {jobs_n} jobs succeeded");
        Ok((jobs_n as f64 / secs, secs))
    }
    .await;
    // Read before the processes go: a peak dies with its process.
    let worker_peak = procs.iter().filter_map(|p| dropline_tests::usage::peak_rss_mb(Some(p.id()))).fold(0.0, f64::max);
    for p in &mut procs {
        p.kill().ok();
        p.wait().ok();
    }
    // The killed processes' worker registrations would count as started in the next run.
    queues.clear().await?;
    result.map(|(rate, secs)| (rate, secs, worker_peak))
}

/// PINGs per second on one connection for two seconds, `depth` per round trip.
async fn round_trips(url: &str, depth: usize) -> anyhow::Result<f64> {
    let mut conn = redis::Client::open(url)?.get_multiplexed_async_connection().await?;
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed() < Duration::from_secs(2) {
        let mut pipe = redis::pipe();
        for _ in 0..depth {
            pipe.cmd("PING");
        }
        pipe.query_async::<Vec<String>>(&mut conn).await?;
        n += depth as u64;
    }
    Ok(n as f64 / t.elapsed().as_secs_f64())
}
