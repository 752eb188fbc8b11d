//! What the benchmarks under `bench/` share: a fresh database of their own, their settings, the
//! product on a sandbox, and the sandbox shops' buckets.
use crate::TestApp;
use domain::config::Settings;
use secrecy::SecretString;
use serde_json::Value;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use std::time::Duration;
use tokio::runtime::Runtime;

const SERVER: &str = "postgres://postgres@127.0.0.1:5432";

/// `dropline_bench_<name>`, followed by the test command's run id (`DROPLINE_TEST_RUN`) when it
/// runs the benches, so a smoke run never touches a developer's bench databases.
pub fn database_name(name: &str) -> String {
    match std::env::var("DROPLINE_TEST_RUN") {
        Ok(run) if !run.is_empty() => format!("dropline_bench_{name}_{run}"),
        _ => format!("dropline_bench_{name}"),
    }
}

/// Drops and recreates the bench's database (see `database_name`) and migrates it.
pub async fn fresh_database(name: &str) -> anyhow::Result<PgPool> {
    domain::db::recreate(SERVER, &database_name(name), 40).await
}

/// Environment `env`'s settings on the bench's database, with a Redis namespace of its own and
/// the worker's schedules off (a bench that measures them runs `schedules::tick` itself).
pub fn settings(env: &str, name: &str) -> anyhow::Result<Settings> {
    let mut settings = Settings::load_env(env)?;
    settings.database.url = SecretString::from(format!("{SERVER}/{}", database_name(name)));
    settings.redis.namespace = database_name(name).replace('_', "-");
    settings.queue.schedules = false;
    Ok(settings)
}

/// The product on a fresh database of the bench's own (`fresh_database(name)`) and a sandbox of
/// its own, with the worker's schedules off (a bench runs what it measures itself), after
/// `tweak`; answers the app and the sandbox's base address.
pub async fn app_on_sandbox(name: &str, tweak: impl FnOnce(&mut Settings)) -> anyhow::Result<(TestApp, String)> {
    let pool = fresh_database(name).await?;
    Ok(TestApp::on_sandbox_with(pool, |s| {
        s.queue.schedules = false;
        tweak(s);
    })
    .await)
}

/// The parts a bench measures, each on a tokio runtime of its own whose threads carry its name
/// (`sandbox`, `api`, `worker`), so `usage::thread_cpu` tells their CPU time apart inside one
/// process. The threads are kept alive for the whole run, so none takes its CPU time away.
pub struct Split {
    pub sandbox: Runtime,
    pub api: Runtime,
    pub worker: Runtime,
}

impl Split {
    pub fn new() -> std::io::Result<Self> {
        Ok(Split { sandbox: runtime("sandbox")?, api: runtime("api")?, worker: runtime("worker")? })
    }

    /// Stops the runtimes without waiting for their tasks (a runtime dropped inside async code
    /// would panic).
    pub fn stop(self) {
        for rt in [self.sandbox, self.api, self.worker] {
            rt.shutdown_background();
        }
    }
}

fn runtime(name: &str) -> std::io::Result<Runtime> {
    tokio::runtime::Builder::new_multi_thread().thread_name(name).thread_keep_alive(Duration::from_secs(86_400)).enable_all().build()
}

/// `app_on_sandbox` with the sandbox and the API on `split`'s runtimes, the API on connections
/// of its own (opened on its runtime, `max_connections` of them); the app's `pool` is the
/// bench's, on the caller's runtime.
pub async fn app_on_split_sandbox(
    name: &str,
    split: &Split,
    max_connections: u32,
    tweak: impl FnOnce(&mut Settings) + Send + 'static,
) -> anyhow::Result<(TestApp, String)> {
    let pool = fresh_database(name).await?;
    let sandbox = split.sandbox.spawn(crate::start_sandbox()).await?;
    let (base, options) = (sandbox.clone(), (*pool.connect_options()).clone());
    let mut app = split
        .api
        .spawn(async move {
            let own = PgPoolOptions::new().max_connections(max_connections).connect_lazy_with(options);
            TestApp::spawn_with(own, |s| {
                crate::use_sandbox(s, &base);
                s.queue.schedules = false;
                tweak(s);
            })
            .await
        })
        .await?;
    app.pool = pool;
    Ok((app, sandbox))
}

/// Summed over the sandbox shops: THROTTLED answers, points charged, points available now, and
/// points restored a second (each shop's plan).
pub async fn shopify_buckets(sandbox: &str, shops: &[String]) -> (u64, f64, f64, f64) {
    let mut sum = (0, 0.0, 0.0, 0.0);
    for shop in shops {
        let state: Value = match reqwest::get(format!("{sandbox}/_sandbox/shopify/{shop}")).await {
            Ok(r) => r.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        };
        let b = &state["throttle"];
        sum.0 += b["throttled_replies"].as_u64().unwrap_or(0);
        sum.1 += b["points_charged"].as_f64().unwrap_or(0.0);
        sum.2 += b["available"].as_f64().unwrap_or(0.0);
        sum.3 += b["restore_rate"].as_f64().unwrap_or(0.0);
    }
    sum
}
