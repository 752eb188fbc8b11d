//! Feeds Redis from the PostgreSQL backlog, never past `max_depth` jobs waiting per queue, and
//! puts abandoned work back in the backlog. Safe to run in several processes at once: rows are
//! taken with `FOR UPDATE SKIP LOCKED`.
use sqlx::PgPool;
use std::time::{Duration, Instant};
use tracing::{debug, instrument, warn};

use super::{NOTIFY_CHANNEL, RedisQueues};
use crate::config::QueueSettings;
use crate::error::Result;

#[derive(Clone)]
pub struct Dispatcher {
    pool: PgPool,
    queues: RedisQueues,
    settings: QueueSettings,
    /// The queues it feeds: the kinds of the runner's registry.
    kinds: Vec<&'static str>,
}

impl Dispatcher {
    pub fn new(pool: PgPool, queues: RedisQueues, settings: QueueSettings, kinds: Vec<&'static str>) -> Self {
        Self { pool, queues, settings, kinds }
    }

    /// One pass over every family with due work; returns how many jobs went to Redis.
    pub async fn tick(&self) -> Result<usize> {
        self.reap().await?;
        let mut sent = 0;
        for kind in self.due_kinds().await? {
            sent += self.fill(kind).await?.0;
        }
        Ok(sent)
    }

    /// The families with rows to dispatch: one statement instead of a transaction per family
    /// (twenty-odd per pass, nearly all of them idle).
    async fn due_kinds(&self) -> Result<Vec<&'static str>> {
        let due: Vec<String> = sqlx::query_scalar(
            "SELECT k FROM UNNEST($1::text[]) AS k WHERE EXISTS (
                SELECT 1 FROM progress_items
                WHERE kind = k AND status = 'queued' AND run_after <= now()
                  AND (dispatched_at IS NULL OR dispatched_at < now() - make_interval(secs => $2)))",
        )
        .bind(&self.kinds)
        .bind(self.settings.redispatch_after_secs as f64)
        .fetch_all(&self.pool)
        .await?;
        Ok(self.kinds.iter().copied().filter(|k| due.iter().any(|d| d == k)).collect())
    }

    /// Pushes due rows until the queue holds `max_depth` waiting jobs. The rows are marked in the
    /// same transaction that is committed only after Redis accepted them: a failed push leaves
    /// them undispatched, and a crash after the push leaves them to be pushed again (the claim
    /// step makes a second copy harmless).
    ///
    /// A row dispatched long ago and still `queued` may simply be waiting in a backed-up queue,
    /// so it is pushed again only once the queue's waiting list is empty: then it was lost
    /// (Redis restarted without persistence, or was flushed).
    pub async fn top_up(&self, kind: &str) -> Result<usize> {
        Ok(self.fill(kind).await?.0)
    }

    /// `top_up`, also answering whether the queue was full enough to be left alone. A queue is
    /// topped up only once it is down to half its depth (or empty), so each top-up is a batch
    /// of at least half `max_depth`, however often the dispatcher looks.
    #[instrument(skip_all, fields(kind))]
    async fn fill(&self, kind: &str) -> Result<(usize, bool)> {
        let depth = self.queues.depth(kind).await?;
        let room = self.settings.max_depth.saturating_sub(depth);
        if room == 0 || (depth > 0 && depth * 2 > self.settings.max_depth) {
            return Ok((0, true));
        }
        let mut tx = crate::db::begin(&self.pool).await?;
        let ids: Vec<i64> = sqlx::query_scalar(
            "UPDATE progress_items SET dispatched_at = now()
             WHERE id IN (
                SELECT id FROM progress_items
                WHERE kind = $1 AND status = 'queued' AND run_after <= now()
                  AND (dispatched_at IS NULL OR ($4 AND dispatched_at < now() - make_interval(secs => $2)))
                ORDER BY id LIMIT $3
                FOR UPDATE SKIP LOCKED)
             RETURNING id",
        )
        .bind(kind)
        .bind(self.settings.redispatch_after_secs as f64)
        .bind(room as i64)
        .bind(depth == 0)
        .fetch_all(&mut *tx)
        .await?;
        if ids.is_empty() {
            return Ok((0, false));
        }
        self.queues.push(kind, &ids).await?;
        tx.commit().await?;
        debug!(count = ids.len(), "dispatched");
        Ok((ids.len(), false))
    }

    /// Rows left `processing` past their lease belong to a worker that died: back to the backlog.
    pub async fn reap(&self) -> Result<u64> {
        let n = sqlx::query(
            "UPDATE progress_items SET status = 'queued', dispatched_at = NULL, updated_at = now()
             WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1)",
        )
        .bind(self.settings.lease_secs as f64)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if n > 0 {
            warn!(count = n, "re-queued jobs abandoned by a worker");
        }
        Ok(n)
    }

    /// Runs until `shutdown` resolves. Every family with due work is looked at on each NOTIFY
    /// from `enqueue` and at least every `dispatch_interval_ms` (for re-dispatch, retries coming
    /// due and missed notifications). A family that just sent jobs or whose queue was full is
    /// looked at again within a few milliseconds: at 10,000 jobs/s a full queue of 2,000 lasts
    /// 200 ms, less than the interval, and waiting for the interval starved the workers.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()>) {
        let mut listener = match sqlx::postgres::PgListener::connect_with(&self.pool).await {
            Ok(mut l) => l.listen(NOTIFY_CHANNEL).await.map(|_| l).ok(),
            Err(e) => {
                warn!(error = %e, "no LISTEN connection; dispatching on the interval only");
                None
            }
        };
        let interval = Duration::from_millis(self.settings.dispatch_interval_ms);
        let vacuum_every = Duration::from_secs(self.settings.vacuum_interval_secs);
        let (mut last_vacuum, mut last_reap, mut last_pass) = (Instant::now(), Instant::now(), Instant::now());
        // Families to look at again soon; every family with due work when `everything`.
        let (mut busy, mut everything): (Vec<&'static str>, bool) = (vec![], true);
        tokio::pin!(shutdown);
        loop {
            if last_vacuum.elapsed() >= vacuum_every {
                last_vacuum = Instant::now();
                for kind in &self.kinds {
                    if let Err(e) = self.queues.vacuum(kind).await {
                        warn!(error = %e, kind, "vacuum failed");
                    }
                }
            }
            // Leases are minutes long: once a second is soon enough to find a dead worker's jobs.
            if last_reap.elapsed() >= REAP_EVERY {
                last_reap = Instant::now();
                if let Err(e) = self.reap().await {
                    warn!(error = %e, "reaping abandoned jobs failed");
                }
            }
            let kinds = if everything || last_pass.elapsed() >= interval {
                last_pass = Instant::now();
                self.due_kinds().await.unwrap_or_else(|e| {
                    warn!(error = %e, "dispatch failed; will retry");
                    vec![]
                })
            } else {
                std::mem::take(&mut busy)
            };
            busy.clear();
            let mut sent = 0;
            for kind in kinds {
                match self.fill(kind).await {
                    Ok((n, full)) if n > 0 || full => {
                        sent += n;
                        busy.push(kind);
                    }
                    Ok(_) => {}
                    Err(e) => warn!(error = %e, kind, "dispatch failed; will retry"),
                }
            }
            everything = false;
            // A full batch went out: there may be more, go again without waiting.
            if sent > 0 {
                continue;
            }
            let pause = if busy.is_empty() { interval } else { BUSY_POLL };
            let woken = async {
                match listener.as_mut() {
                    Some(l) => {
                        let _ = l.try_recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = &mut shutdown => return,
                _ = woken => everything = true,
                _ = tokio::time::sleep(pause) => {}
            }
        }
    }
}

/// How often abandoned jobs are looked for.
const REAP_EVERY: Duration = Duration::from_secs(1);
/// How soon a family that is being fed is looked at again.
const BUSY_POLL: Duration = Duration::from_millis(5);
