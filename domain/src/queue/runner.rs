//! Runs one job given its row id: claim the row, run the handler of its kind, record the outcome.
//! The same path serves the apalis workers and the tests' `drain`.
use futures::FutureExt;
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;
use tracing::{instrument, warn};
use uuid::Uuid;

use super::batch::Batcher;
use super::job::Registry;
use crate::config::QueueSettings;

/// A row taken by this worker.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: i64,
    pub kind: String,
    pub workplace_id: Option<Uuid>,
    pub payload: Value,
    pub attempts: i32,
    pub max_attempts: i32,
}

/// Why a job did not succeed. `retryable` failures go back to the backlog until `max_attempts`,
/// after `retry_in` when the far side said how long to wait (a rate limit), else after an
/// exponential backoff; the others end the item in `error` at once.
#[derive(Debug)]
pub struct JobFailure {
    pub message: String,
    pub retryable: bool,
    pub retry_in: Option<Duration>,
    /// Not a failure: the far side asked to come back later (a daily cap). The job waits that
    /// long and the attempt is not counted.
    pub deferred: bool,
}

impl JobFailure {
    pub fn permanent(message: impl Into<String>) -> Self {
        Self { message: message.into(), retryable: false, retry_in: None, deferred: false }
    }
    pub fn transient(message: impl Into<String>) -> Self {
        Self { message: message.into(), retryable: true, retry_in: None, deferred: false }
    }
    /// A transient failure to retry no sooner than `wait` from now.
    pub fn retry_in(message: impl Into<String>, wait: Duration) -> Self {
        Self { message: message.into(), retryable: true, retry_in: Some(wait), deferred: false }
    }
    /// Comes back after `wait` (at most a day and a bit), the attempt given back.
    pub fn wait_for(message: impl Into<String>, wait: Duration) -> Self {
        Self { message: message.into(), retryable: true, retry_in: Some(wait.min(MAX_DEFERRAL)), deferred: true }
    }
}

impl From<crate::Error> for JobFailure {
    fn from(e: crate::Error) -> Self {
        match e {
            crate::Error::Database(_) | crate::Error::Queue(_) | crate::Error::Internal(_) | crate::Error::Upstream(_) => Self::transient(e.to_string()),
            other => Self::permanent(other.to_string()),
        }
    }
}

struct Outcome {
    id: i64,
    status: &'static str,
    error: Option<String>,
    refs: Value,
    delay_secs: f64,
    /// A deferral gives its attempt back.
    refund: i32,
}

/// The longest a job waits for a far side's cap to reset.
const MAX_DEFERRAL: Duration = Duration::from_secs(26 * 3600);

/// Runs the jobs of the registered families with the context `C` their handlers take.
pub struct Runner<C> {
    pool: PgPool,
    settings: QueueSettings,
    ctx: C,
    registry: Registry<C>,
    claims: Batcher<i64, Option<Claimed>>,
    outcomes: Batcher<Outcome, ()>,
}

impl<C: Send + Sync + 'static> Runner<C> {
    pub fn new(pool: PgPool, settings: QueueSettings, ctx: C, registry: Registry<C>) -> Arc<Self> {
        let p = pool.clone();
        let claims = Batcher::spawn(1000, 2, move |ids| claim(p.clone(), ids));
        let p = pool.clone();
        let outcomes = Batcher::spawn(1000, 2, move |items| record(p.clone(), items));
        Arc::new(Self { pool, settings, ctx, registry, claims, outcomes })
    }

    pub fn registry(&self) -> &Registry<C> {
        &self.registry
    }

    /// Returns false when the row was not ours to run (already taken, finished or unknown).
    #[instrument(skip_all, fields(job_id = id))]
    pub async fn handle(&self, id: i64) -> Result<bool, String> {
        let Some(job) = self.claims.call(id).await? else {
            return Ok(false);
        };
        let work = AssertUnwindSafe(self.registry.run(&self.ctx, &job)).catch_unwind();
        // The heartbeat keeps a live job from being reaped, so a job stuck for good needs its
        // own limit: it is cut off and retried.
        let limit = Duration::from_secs(self.settings.max_run_secs.max(1));
        let result = tokio::time::timeout(limit, with_heartbeat(&self.pool, self.settings.lease_secs, id, work)).await;
        let outcome = match result {
            Ok(Ok(Ok(refs))) => Outcome { id, status: "success", error: None, refs, delay_secs: 0.0, refund: 0 },
            Ok(Ok(Err(failure))) => failed(&job, failure),
            Ok(Err(_)) => failed(&job, JobFailure::permanent("the job crashed; see the worker log")),
            Err(_) => {
                warn!(kind = %job.kind, secs = limit.as_secs(), "job cut off after running too long");
                failed(&job, JobFailure::transient(format!("the job ran longer than {} s and was stopped", limit.as_secs())))
            }
        };
        self.outcomes.call(outcome).await?;
        Ok(true)
    }

    /// Runs every due job of the backlog in this process, without Redis: the tests' way to let
    /// queued work happen deterministically.
    pub async fn drain(self: &Arc<Self>) -> Result<usize, String> {
        let mut ran = 0;
        loop {
            let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM progress_items WHERE status = 'queued' AND run_after <= now() ORDER BY id LIMIT 1000")
                .fetch_all(&self.pool)
                .await
                .map_err(|e| e.to_string())?;
            if ids.is_empty() {
                return Ok(ran);
            }
            let runs = ids.into_iter().map(|id| {
                let me = self.clone();
                async move { me.handle(id).await }
            });
            for r in futures::future::join_all(runs).await {
                ran += r? as usize;
            }
        }
    }
}

/// Runs `work`, touching the row every third of the queue's lease so a job that runs long
/// (waiting on a store's rate limit) is never taken for one abandoned by a dead worker. The
/// heartbeat is its own task: were it a branch beside `work`, a beat waiting for a pool
/// connection would stop `work` from releasing the one it holds.
async fn with_heartbeat<T>(pool: &PgPool, lease_secs: u64, id: i64, work: impl std::future::Future<Output = T>) -> T {
    let every = std::time::Duration::from_secs_f64((lease_secs as f64 / 3.0).max(0.5));
    let pool = pool.clone();
    let _beat = AbortOnDrop(tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            let touched = sqlx::query("UPDATE progress_items SET updated_at = now() WHERE id = $1 AND status = 'processing'").bind(id).execute(&pool).await;
            if let Err(e) = touched {
                warn!(error = %e, "job heartbeat failed");
            }
        }
    }));
    work.await
}

/// Stops a helper task when the job it serves ends, however it ends (finished, failed, cut off).
pub struct AbortOnDrop(pub tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn failed(job: &Claimed, failure: JobFailure) -> Outcome {
    if failure.deferred {
        let wait = failure.retry_in.unwrap_or(MAX_DEFERRAL).min(MAX_DEFERRAL);
        return Outcome {
            id: job.id,
            status: "queued",
            error: Some(failure.message),
            refs: Value::Object(Default::default()),
            delay_secs: wait.as_secs_f64(),
            refund: 1,
        };
    }
    let retry = failure.retryable && job.attempts < job.max_attempts;
    if !retry {
        warn!(kind = %job.kind, error = %failure.message, "job failed");
    }
    Outcome {
        id: job.id,
        status: if retry { "queued" } else { "error" },
        error: Some(failure.message),
        refs: Value::Object(Default::default()),
        delay_secs: if retry { retry_delay(job.attempts, failure.retry_in) } else { 0.0 },
        refund: 0,
    }
}

/// The far side's own wait when it gave one; else 2, 4, 8, 16 ... seconds. Capped at ten minutes.
fn retry_delay(attempts: i32, asked: Option<Duration>) -> f64 {
    asked.map(|d| d.as_secs_f64()).unwrap_or_else(|| 2f64.powi(attempts)).min(600.0)
}

/// The rows are found by primary key. `(status = 'queued') IS TRUE` and not `status = 'queued'`:
/// the plain test lets the planner read the whole backlog index (`status = 'queued'`) and filter
/// it by id, which it prefers while its statistics are older than a burst of jobs (bench-orders:
/// 2,700 buffers a claim with 5,871 jobs waiting, half of PostgreSQL's buffer reads).
async fn claim(pool: PgPool, ids: Vec<i64>) -> Result<Vec<Option<Claimed>>, String> {
    let rows: Vec<(i64, String, Option<Uuid>, Value, i32, i32)> = sqlx::query_as(
        "UPDATE progress_items SET status = 'processing', attempts = attempts + 1, updated_at = now()
         WHERE id = ANY($1) AND (status = 'queued') IS TRUE
         RETURNING id, kind, workplace_id, payload, attempts, max_attempts",
    )
    .bind(&ids)
    .fetch_all(&pool)
    .await
    .map_err(|e| e.to_string())?;
    let mut by_id: HashMap<i64, Claimed> = rows
        .into_iter()
        .map(|(id, kind, workplace_id, payload, attempts, max_attempts)| (id, Claimed { id, kind, workplace_id, payload, attempts, max_attempts }))
        .collect();
    Ok(ids.iter().map(|id| by_id.remove(id)).collect())
}

async fn record(pool: PgPool, items: Vec<Outcome>) -> Result<Vec<()>, String> {
    let n = items.len();
    let ids: Vec<i64> = items.iter().map(|o| o.id).collect();
    let statuses: Vec<&str> = items.iter().map(|o| o.status).collect();
    let errors: Vec<Option<String>> = items.iter().map(|o| o.error.clone()).collect();
    let refs: Vec<Value> = items.iter().map(|o| o.refs.clone()).collect();
    let delays: Vec<f64> = items.iter().map(|o| o.delay_secs).collect();
    let refunds: Vec<i32> = items.iter().map(|o| o.refund).collect();
    sqlx::query(
        "UPDATE progress_items p SET
            status = u.status, error = u.error, refs = p.refs || u.refs, updated_at = now(),
            run_after = now() + make_interval(secs => u.delay), attempts = p.attempts - u.refund,
            dispatched_at = CASE WHEN u.status = 'queued' THEN NULL ELSE p.dispatched_at END,
            finished_at = CASE WHEN u.status IN ('success', 'error') THEN now() END
         FROM UNNEST($1::bigint[], $2::text[], $3::text[], $4::jsonb[], $5::float8[], $6::int[])
              AS u(id, status, error, refs, delay, refund)
         WHERE p.id = u.id AND p.status = 'processing'",
    )
    .bind(ids)
    .bind(statuses)
    .bind(errors)
    .bind(refs)
    .bind(delays)
    .bind(refunds)
    .execute(&pool)
    .await
    .map_err(|e| e.to_string())?;
    Ok(vec![(); n])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_the_far_side_asked_for_replaces_the_backoff() {
        assert_eq!(retry_delay(3, None), 8.0);
        assert_eq!(retry_delay(3, Some(Duration::from_millis(1500))), 1.5);
        assert_eq!(retry_delay(20, None), 600.0);
        assert_eq!(retry_delay(1, Some(Duration::from_secs(3600))), 600.0);
    }

    #[test]
    fn a_deferral_waits_past_the_backoff_cap_even_on_the_last_attempt_and_gives_the_attempt_back() {
        let job = Claimed { id: 7, kind: "push_product".into(), workplace_id: None, payload: Value::Null, attempts: 5, max_attempts: 5 };
        let o = failed(&job, JobFailure::wait_for("daily cap", Duration::from_secs(8 * 3600)));
        assert_eq!((o.status, o.delay_secs, o.refund), ("queued", 28_800.0, 1));
        let o = failed(&job, JobFailure::retry_in("throttled", Duration::from_secs(8 * 3600)));
        assert_eq!((o.status, o.refund), ("error", 0), "an ordinary retry on the last attempt gives up");
    }
}
