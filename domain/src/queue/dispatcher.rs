//! Feeds Redis from the PostgreSQL backlog, never past `max_depth` jobs waiting per queue, and
//! puts abandoned work back in the backlog. Safe to run in several processes at once: rows are
//! taken with `FOR UPDATE SKIP LOCKED`.
use sqlx::PgPool;
use std::time::Duration;
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

    /// One pass over every family; returns how many jobs went to Redis.
    pub async fn tick(&self) -> Result<usize> {
        self.reap().await?;
        let mut sent = 0;
        for kind in &self.kinds {
            sent += self.top_up(kind).await?;
        }
        Ok(sent)
    }

    /// Pushes due rows until the queue holds `max_depth` waiting jobs. The rows are marked in the
    /// same transaction that is committed only after Redis accepted them: a failed push leaves
    /// them undispatched, and a crash after the push leaves them to be pushed again (the claim
    /// step makes a second copy harmless).
    ///
    /// A row dispatched long ago and still `queued` may simply be waiting in a backed-up queue,
    /// so it is pushed again only once the queue's waiting list is empty: then it was lost
    /// (Redis restarted without persistence, or was flushed).
    #[instrument(skip_all, fields(kind))]
    pub async fn top_up(&self, kind: &str) -> Result<usize> {
        let depth = self.queues.depth(kind).await?;
        let room = self.settings.max_depth.saturating_sub(depth);
        if room == 0 {
            return Ok(0);
        }
        let mut tx = self.pool.begin().await?;
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
            return Ok(0);
        }
        self.queues.push(kind, &ids).await?;
        tx.commit().await?;
        debug!(count = ids.len(), "dispatched");
        Ok(ids.len())
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

    /// Runs until `shutdown` resolves: on every NOTIFY from `enqueue`, and at least every
    /// `dispatch_interval_ms` (for re-dispatch, retries coming due and missed notifications).
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
        let mut last_vacuum = std::time::Instant::now();
        tokio::pin!(shutdown);
        loop {
            if last_vacuum.elapsed() >= vacuum_every {
                last_vacuum = std::time::Instant::now();
                for kind in &self.kinds {
                    if let Err(e) = self.queues.vacuum(kind).await {
                        warn!(error = %e, kind, "vacuum failed");
                    }
                }
            }
            match self.tick().await {
                // A full batch went out: there may be more, go again without waiting.
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => warn!(error = %e, "dispatch failed; will retry"),
            }
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
                _ = woken => {}
                _ = tokio::time::sleep(interval) => {}
            }
        }
    }
}
