//! Wires `domain` handlers to apalis-redis queues, and runs the dispatcher that feeds them from
//! PostgreSQL. `Worker::build` then `run_until_stopped`, the same in production and in tests.
use apalis::prelude::*;
use domain::config::Settings;
use domain::context::TaskContext;
use domain::queue::{Dispatcher, JobRef, RedisQueues, Runner};
use secrecy::ExposeSecret;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

pub struct Worker {
    dispatcher: Dispatcher,
    pool: sqlx::PgPool,
    settings: Arc<Settings>,
    queues: RedisQueues,
    runner: Arc<Runner<TaskContext>>,
}

/// The apalis handler: everything but the row id lives in PostgreSQL.
async fn handle(job: JobRef, runner: Data<Arc<Runner<TaskContext>>>) -> Result<(), BoxDynError> {
    runner.handle(job.id).await.map(|_| ()).map_err(Into::into)
}

impl Worker {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        domain::db::create_database_if_missing(&settings.database).await?;
        let pool = domain::db::pool(&settings.database)?;
        domain::db::migrate(&pool).await?;
        Self::with_pool(settings, pool).await
    }

    /// Builds on a migrated pool (the tests' fresh databases).
    pub async fn with_pool(settings: Settings, pool: sqlx::PgPool) -> anyhow::Result<Self> {
        domain::plans::load(&settings.plans.file).map_err(anyhow::Error::msg)?;
        let settings = Arc::new(settings);
        let queues = RedisQueues::connect(settings.redis.url.expose_secret(), &settings.redis.namespace).await?;
        let runner = domain::tasks::runner(pool.clone(), settings.clone())?;
        let kinds = runner.registry().kinds().into_iter().map(|(kind, _)| kind).collect();
        Ok(Self { dispatcher: Dispatcher::new(pool.clone(), queues.clone(), settings.queue.clone(), kinds), pool, settings: settings.clone(), queues, runner })
    }

    /// Runs until `stop` flips to true (or SIGINT/SIGTERM when `stop` is `None`).
    pub async fn run_until_stopped(self, stop: Option<watch::Receiver<bool>>) -> anyhow::Result<()> {
        let stop = stop.unwrap_or_else(signal_watch);
        let dispatcher = tokio::spawn(self.dispatcher.clone().run(wait_true(stop.clone())));
        let schedules = self.settings.queue.schedules.then(|| tokio::spawn(run_schedules(self.pool.clone(), self.settings.clone(), stop.clone())));
        // A Redis hiccup (restart, timeout) kills an apalis worker's fetch loop: always restart
        // it; the backlog in PostgreSQL makes sure nothing was lost meanwhile.
        let mut monitor = Monitor::new().shutdown_timeout(Duration::from_secs(30)).should_restart(|ctx, error| {
            tracing::warn!(worker = %ctx.name(), %error, "restarting queue worker");
            true
        });
        // Unique per process, or a crashed process's in-flight jobs are never re-enqueued.
        let pid = std::process::id();
        for (kind, family) in self.runner.registry().kinds() {
            let storage = self.queues.storage(kind);
            let runner = self.runner.clone();
            let concurrency = domain::queue::concurrency(family, &self.settings.queue);
            monitor = monitor.register(move |restarts| {
                WorkerBuilder::new(format!("{kind}-{pid}-{restarts}"))
                    .backend(storage.clone().poll_with_interval(Duration::from_millis(250)))
                    .data(runner.clone())
                    .concurrency(concurrency)
                    .build(handle)
            });
        }
        let signal = async move {
            wait_true(stop).await;
            Ok(())
        };
        monitor.run_with_signal(signal).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        dispatcher.await?;
        if let Some(s) = schedules {
            s.abort();
        }
        Ok(())
    }
}

/// Enqueues periodic jobs at start and then every minute (see `domain::schedules`).
async fn run_schedules(pool: sqlx::PgPool, settings: Arc<Settings>, stop: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(Duration::from_secs(60));
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = wait_true(stop.clone()) => return,
        }
        if let Err(error) = domain::schedules::tick(&pool, &settings, chrono::Utc::now()).await {
            tracing::warn!(%error, "periodic jobs could not be enqueued");
        }
    }
}

async fn wait_true(mut rx: watch::Receiver<bool>) {
    let _ = rx.wait_for(|v| *v).await;
}

/// Flips to true on SIGINT or SIGTERM.
fn signal_watch() -> watch::Receiver<bool> {
    let (tx, rx) = watch::channel(false);
    tokio::spawn(async move {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        let term = async {
            match term.as_mut() {
                Some(t) => {
                    t.recv().await;
                }
                None => std::future::pending().await,
            }
        };
        tokio::select! { _ = tokio::signal::ctrl_c() => {}, _ = term => {} }
        let _ = tx.send(true);
    });
    rx
}
