use apalis::prelude::TaskSink;
use apalis_redis::{Config, ConnectionManager, RedisStorage};
use serde::{Deserialize, Serialize};
use std::time::Duration;

use crate::error::{Error, Result};

/// What travels through Redis: only the row id. The row in PostgreSQL holds the payload.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct JobRef {
    pub id: i64,
}

/// One apalis-redis storage per job family, named `{namespace}:{kind}`.
#[derive(Clone)]
pub struct RedisQueues {
    conn: ConnectionManager,
    namespace: String,
}

impl RedisQueues {
    pub async fn connect(url: &str, namespace: &str) -> Result<Self> {
        let conn = apalis_redis::connect(url).await.map_err(|e| Error::Queue(e.to_string()))?;
        Ok(Self { conn, namespace: namespace.to_string() })
    }

    pub fn queue_name(&self, kind: &str) -> String {
        format!("{}:{}", self.namespace, kind)
    }

    /// Settings chosen for throughput with PostgreSQL as the record (see STACK.md): a fetch
    /// batch of 100, no per-task locks or stored results (the row's lease and status do that job),
    /// and orphans re-enqueued by apalis after 3 x 10 s.
    pub fn config(&self, kind: &str) -> Config {
        Config::default()
            .queue(self.queue_name(kind))
            .batch_size(100)
            .lock_tasks(false)
            .persist_results(false)
            .emit_events(false)
            .heartbeat_interval(Duration::from_secs(10))
            .missed_heartbeats(3)
    }

    pub fn storage(&self, kind: &str) -> RedisStorage<JobRef> {
        RedisStorage::new(self.conn.clone()).with_config(self.config(kind))
    }

    /// Jobs waiting in Redis for this family. apalis-redis puts every pushed task in the
    /// scheduled set first and promotes all due ones to the active list at each fetch, so the
    /// backlog is the sum of both (and the promotion is what stalls past about 8,000).
    pub async fn depth(&self, kind: &str) -> Result<usize> {
        let config = self.config(kind);
        let mut conn = self.conn.clone();
        let (active, scheduled): (usize, usize) = redis::pipe()
            .cmd("LLEN")
            .arg(config.active_jobs_list())
            .cmd("ZCARD")
            .arg(config.scheduled_jobs_set())
            .query_async(&mut conn)
            .await
            .map_err(|e| Error::Queue(e.to_string()))?;
        Ok(active + scheduled)
    }

    pub async fn push(&self, kind: &str, ids: &[i64]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let jobs = ids.iter().map(|&id| JobRef { id }).collect();
        self.storage(kind).push_bulk(jobs).await.map_err(|e| Error::Queue(e.to_string()))
    }

    /// Drops what apalis-redis keeps of fetched jobs. With results off it never acknowledges a
    /// task, so data, metadata and the worker's inflight set keep every job forever. A fetched
    /// task is PostgreSQL's business from then on (its claim, lease and re-dispatch), so what
    /// the inflight sets name can go. Works in chunks of 1,000 so Redis is never blocked for
    /// long (apalis' own vacuum walks the whole data hash in one script).
    pub async fn vacuum(&self, kind: &str) -> Result<usize> {
        let config = self.config(kind);
        let meta = config.job_meta_hash();
        let mut conn = self.conn.clone();
        let workers: Vec<String> =
            redis::cmd("ZRANGE").arg(config.workers_set()).arg(0).arg(-1).query_async(&mut conn).await.map_err(|e| Error::Queue(e.to_string()))?;
        let inflight = config.inflight_jobs_set();
        let mut sets: Vec<String> = workers.iter().map(|w| format!("{inflight}:{w}")).collect();
        sets.extend([config.done_jobs_set(), config.dead_jobs_set()]);
        let mut removed = 0;
        for finished in sets {
            loop {
                let ids: Vec<String> = redis::cmd("SPOP").arg(&finished).arg(1000).query_async(&mut conn).await.map_err(|e| Error::Queue(e.to_string()))?;
                if ids.is_empty() {
                    break;
                }
                let mut pipe = redis::pipe();
                pipe.cmd("HDEL").arg(config.job_data_hash()).arg(&ids).ignore();
                pipe.cmd("HDEL").arg(format!("{meta}:result")).arg(&ids).ignore();
                let meta_keys: Vec<String> = ids.iter().map(|id| format!("{meta}:{id}")).collect();
                pipe.cmd("DEL").arg(&meta_keys).ignore();
                pipe.query_async::<()>(&mut conn).await.map_err(|e| Error::Queue(e.to_string()))?;
                removed += ids.len();
            }
        }
        Ok(removed)
    }

    pub async fn ping(&self) -> bool {
        let mut conn = self.conn.clone();
        redis::cmd("PING").query_async::<String>(&mut conn).await.is_ok()
    }

    /// Removes every key of this namespace (tests and the sandbox reset use it).
    pub async fn clear(&self) -> Result<()> {
        let mut conn = self.conn.clone();
        let keys: Vec<String> =
            redis::cmd("KEYS").arg(format!("*{}:*", self.namespace)).query_async(&mut conn).await.map_err(|e| Error::Queue(e.to_string()))?;
        for chunk in keys.chunks(500) {
            redis::cmd("DEL").arg(chunk).query_async::<()>(&mut conn).await.map_err(|e| Error::Queue(e.to_string()))?;
        }
        Ok(())
    }
}
