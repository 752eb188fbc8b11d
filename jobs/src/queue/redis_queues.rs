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

    /// Jobs waiting in the family's Redis list.
    pub async fn depth(&self, kind: &str) -> Result<usize> {
        let mut conn = self.conn.clone();
        redis::cmd("LLEN")
            .arg(self.config(kind).active_jobs_list())
            .query_async(&mut conn)
            .await
            .map_err(|e| Error::Queue(e.to_string()))
    }

    pub async fn push(&self, kind: &str, ids: &[i64]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let jobs = ids.iter().map(|&id| JobRef { id }).collect();
        self.storage(kind).push_bulk(jobs).await.map_err(|e| Error::Queue(e.to_string()))
    }

    pub async fn ping(&self) -> bool {
        let mut conn = self.conn.clone();
        redis::cmd("PING").query_async::<String>(&mut conn).await.is_ok()
    }

    /// Removes every key of this namespace (tests and the sandbox reset use it).
    pub async fn clear(&self) -> Result<()> {
        let mut conn = self.conn.clone();
        let keys: Vec<String> = redis::cmd("KEYS")
            .arg(format!("*{}:*", self.namespace))
            .query_async(&mut conn)
            .await
            .map_err(|e| Error::Queue(e.to_string()))?;
        for chunk in keys.chunks(500) {
            redis::cmd("DEL").arg(chunk).query_async::<()>(&mut conn).await.map_err(|e| Error::Queue(e.to_string()))?;
        }
        Ok(())
    }
}
