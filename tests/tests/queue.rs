//! The job path through real Redis: nothing lost between PostgreSQL and Redis, bounded queue
//! depth, abandoned work re-run, failures visible.
use domain::accounts::jobs::SendEmail;
use domain::queue::{Dispatcher, Job, Noop, enqueue, enqueue_kind, enqueue_many};
use dropline_tests::{TestApp, eventually};
use serde_json::json;
use sqlx::PgPool;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::watch;

/// The real worker (dispatcher + apalis workers) running for this test's namespace.
struct RunningWorker {
    stop: watch::Sender<bool>,
    handle: tokio::task::JoinHandle<()>,
}

async fn start_worker(app: &TestApp) -> RunningWorker {
    let w = worker::Worker::with_pool(app.settings.clone(), app.pool.clone()).await.unwrap();
    let (stop, rx) = watch::channel(false);
    let handle = tokio::spawn(async move { w.run_until_stopped(Some(rx)).await.unwrap() });
    RunningWorker { stop, handle }
}

impl RunningWorker {
    /// Stops the worker and waits until it has ended.
    async fn stop(self) {
        self.stop.send(true).unwrap();
        self.handle.await.unwrap();
    }
}

async fn status(pool: &PgPool, id: i64) -> (String, i32) {
    sqlx::query_as("SELECT status, attempts FROM progress_items WHERE id = $1").bind(id).fetch_one(pool).await.unwrap()
}

/// Waits until the real worker ran job `id` to success (at most `within`).
async fn wait_for_success(pool: &PgPool, id: i64, within: Duration) {
    eventually(&format!("job {id} succeeds"), within, || async {
        let now = status(pool, id).await;
        if now.0 == "success" { Ok(()) } else { Err(now) }
    })
    .await;
}

async fn enqueue_noop(pool: &PgPool) -> i64 {
    let mut conn = pool.acquire().await.unwrap();
    enqueue(&mut conn, None, &Noop {}, json!({})).await.unwrap()
}

fn dispatcher(app: &TestApp) -> Dispatcher {
    let kinds = app.runner.registry().kinds().into_iter().map(|(kind, _)| kind).collect();
    Dispatcher::new(app.pool.clone(), app.queues.clone(), app.settings.queue.clone(), kinds)
}

#[tokio::test]
async fn first_visit_job_runs_through_redis_and_notifies_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("wel@come.com").await;
    let me = app.get("/api/auth/account", Some(&token)).await;
    let owner = me.data()["id"].clone();
    let worker = start_worker(&app).await;

    let a = app.post("/api/auth/first-time-in-app", Some(&token), json!({"owner_id": owner})).await;
    let id = a.data()["progress_id"].as_i64().unwrap();
    wait_for_success(&app.pool, id, Duration::from_secs(60)).await;
    let p = app.get(&format!("/api/progress/{id}"), Some(&token)).await;
    assert_eq!(p.data()["status"], "success");

    // A second call (double click, second tab) is the same job, not a second welcome.
    let again = app.post("/api/auth/first-time-in-app", Some(&token), json!({"owner_id": owner})).await;
    assert_eq!(again.data()["progress_id"].as_i64(), Some(id));
    let n = app.get("/api/core/list-notification", Some(&token)).await;
    assert_eq!(n.data()["unread"]["total"], 1);
    assert_eq!(n.data()["items"][0]["title"], "Welcome to Dropline");
    worker.stop().await;
}

#[tokio::test]
async fn a_failed_push_leaves_the_job_in_the_backlog() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let id = enqueue_noop(&app.pool).await;
    // Make Redis refuse the push: the queue's data hash key holds a string.
    let data_key = app.queues.config(Noop::KIND).job_data_hash();
    let mut redis = redis::Client::open("redis://127.0.0.1:6379").unwrap().get_multiplexed_async_connection().await.unwrap();
    redis::cmd("SET").arg(&data_key).arg("not a hash").query_async::<()>(&mut redis).await.unwrap();

    assert!(dispatcher(&app).tick().await.is_err(), "the push must fail");
    let undispatched: bool =
        sqlx::query_scalar("SELECT dispatched_at IS NULL AND status = 'queued' FROM progress_items WHERE id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(undispatched, "the row stays in the backlog, undispatched");

    redis::cmd("DEL").arg(&data_key).query_async::<()>(&mut redis).await.unwrap();
    let worker = start_worker(&app).await;
    wait_for_success(&app.pool, id, Duration::from_secs(60)).await;
    worker.stop().await;
    app.queues.clear().await.unwrap();
}

#[tokio::test]
async fn a_job_lost_by_redis_is_pushed_again_after_the_grace_period() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let id = enqueue_noop(&app.pool).await;
    assert_eq!(dispatcher(&app).tick().await.unwrap(), 1);
    // Redis restarts without persistence: the pushed job is gone.
    app.queues.clear().await.unwrap();
    let worker = start_worker(&app).await;
    let grace = Duration::from_secs(app.settings.queue.redispatch_after_secs);
    wait_for_success(&app.pool, id, grace + Duration::from_secs(60)).await;
    assert_eq!(status(&app.pool, id).await.1, 1, "run exactly once");
    worker.stop().await;
    app.queues.clear().await.unwrap();
}

#[tokio::test]
async fn twenty_thousand_jobs_all_run_with_a_bounded_redis_queue() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let n = 20_000;
    enqueue_many(&app.pool, None, &(0..n).map(|_| Noop {}).collect::<Vec<_>>()).await.unwrap();

    let max_seen = Arc::new(AtomicUsize::new(0));
    let sampler = {
        let (queues, max_seen) = (app.queues.clone(), max_seen.clone());
        tokio::spawn(async move {
            loop {
                let d = queues.depth(Noop::KIND).await.unwrap_or(0);
                max_seen.fetch_max(d, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
    };
    let worker = start_worker(&app).await;
    eventually(&format!("all {n} jobs run"), Duration::from_secs(240), || async {
        let done: i64 =
            sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE kind = 'noop' AND status = 'success'").fetch_one(&app.pool).await.unwrap();
        if done == n as i64 { Ok(()) } else { Err(format!("only {done} of {n} ran")) }
    })
    .await;
    sampler.abort();
    // Only this test's jobs: the worker's scheduler also enqueues catalogue syncs at start.
    assert_eq!(app.count("SELECT count(*) FROM progress_items WHERE kind = 'noop' AND attempts <> 1").await, 0, "every job ran once");
    let max = max_seen.load(Ordering::Relaxed);
    assert!(max <= app.settings.queue.max_depth, "Redis held {max} waiting jobs, over the bound");
    // Finished jobs do not pile up in Redis: the vacuum leaves a handful of keys, not 20,000.
    let pattern = format!("{}:*", app.settings.redis.namespace);
    let redis = redis::Client::open("redis://127.0.0.1:6379").unwrap().get_multiplexed_async_connection().await.unwrap();
    eventually("the vacuum leaves fewer than 50 Redis keys", Duration::from_secs(60), || {
        let (mut redis, pattern) = (redis.clone(), pattern.clone());
        async move {
            let keys: Vec<String> = redis::cmd("KEYS").arg(&pattern).query_async(&mut redis).await.unwrap();
            if keys.len() < 50 { Ok(()) } else { Err(format!("{} Redis keys left after the jobs finished", keys.len())) }
        }
    })
    .await;
    worker.stop().await;
    app.queues.clear().await.unwrap();
}

#[tokio::test]
async fn work_abandoned_by_a_dead_worker_is_run_again() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let id = enqueue_noop(&app.pool).await;
    sqlx::query("UPDATE progress_items SET status = 'processing', attempts = 1, updated_at = now() - interval '1 hour' WHERE id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(dispatcher(&app).reap().await.unwrap(), 1);
    assert_eq!(app.drain().await, 1);
    assert_eq!(status(&app.pool, id).await, ("success".into(), 2));
}

#[tokio::test]
async fn transient_failures_retry_then_show_the_error() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    app.signed_up("smtp@down.com").await;
    // A mail server that refuses connections.
    let mut settings = app.settings.clone();
    settings.email.smtp_url = "smtp://127.0.0.1:9".to_string().into();
    let runner = domain::tasks::runner(app.pool.clone(), Arc::new(settings)).unwrap();
    app.post("/api/auth/forgot-password", None, json!({"email": "smtp@down.com"})).await;
    let id: i64 = sqlx::query_scalar("SELECT max(id) FROM progress_items WHERE kind = $1").bind(SendEmail::KIND).fetch_one(&app.pool).await.unwrap();
    sqlx::query("UPDATE progress_items SET max_attempts = 2 WHERE id = $1").bind(id).execute(&app.pool).await.unwrap();

    runner.drain().await.unwrap();
    let (st, attempts, error, later): (String, i32, Option<String>, bool) =
        sqlx::query_as("SELECT status, attempts, error, run_after > now() FROM progress_items WHERE id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((st.as_str(), attempts, later), ("queued", 1, true), "retried later with a backoff");
    assert!(error.is_some());

    sqlx::query("UPDATE progress_items SET run_after = now() WHERE id = $1").bind(id).execute(&app.pool).await.unwrap();
    runner.drain().await.unwrap();
    assert_eq!(status(&app.pool, id).await, ("error".into(), 2));
}

#[tokio::test]
async fn an_unknown_job_kind_ends_in_error_not_in_a_loop() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let mut conn = app.pool.acquire().await.unwrap();
    let id = enqueue_kind(&mut conn, "no-such-kind", None, &json!({}), json!({})).await.unwrap();
    app.drain().await;
    let (st, attempts) = status(&app.pool, id).await;
    assert_eq!((st.as_str(), attempts), ("error", 1));
}
