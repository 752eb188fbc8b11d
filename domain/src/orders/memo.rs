//! Order-center answers (list pages, counts) kept in memory for as long as they are exact. A
//! page costs PostgreSQL about 1 ms of CPU and an owner's list is read far more often than it
//! changes, so the api keeps each answer, serialized, with a PostgreSQL snapshot taken before it
//! was read. Before serving it again it asks the change log (`order_changes`, written by
//! triggers on every table the answers read, migration `order_changes`) whether a transaction
//! that snapshot did not see has committed a change for the workspace since: one index probe,
//! and the checks of concurrent requests share one statement.
//!
//! Why that is exact: the answer was read after the snapshot, so it saw at least what the
//! snapshot saw; when every committed change is visible in the snapshot, the answer already
//! holds all of them and nothing newer exists. The worker's tick prunes the log (`prune`) and
//! raises a horizon; an answer whose snapshot is older than the horizon is read again.
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;
use crate::queue::Batcher;

struct Kept {
    snapshot: String,
    json: Arc<Vec<u8>>,
    /// Insertion order, for evicting the oldest when full.
    seq: u64,
}

#[derive(Default)]
struct Slots {
    by_key: HashMap<String, Arc<Kept>>,
    /// Keys being read, and the lock the requests that missed them queue on.
    reading: HashMap<String, Arc<tokio::sync::Mutex<()>>>,
    bytes: usize,
    seq: u64,
}

pub struct OrderMemo {
    slots: Mutex<Slots>,
    capacity: usize,
    /// Checks of kept answers, many per statement (`unchanged_many`).
    checks: Batcher<(Uuid, String), bool>,
}

impl OrderMemo {
    /// At most `capacity` bytes of answers (0 turns the memo off: every call reads). Needs a
    /// Tokio runtime (its checks run on a task of their own).
    pub fn new(pool: PgPool, capacity: usize) -> Arc<Self> {
        // Checks that arrive while one statement runs form the next: that statement starts after
        // each of them arrived, so its answer holds for them.
        let checks = Batcher::spawn(500, 2, move |asked: Vec<(Uuid, String)>| {
            let pool = pool.clone();
            async move { unchanged_many(&pool, &asked).await.map_err(|e| e.to_string()) }
        });
        Arc::new(OrderMemo { slots: Mutex::new(Slots::default()), capacity, checks })
    }

    /// The answer `key` of the workspace, as JSON: the kept one while nothing it read has
    /// changed, else `read` (which must read only what the change log covers).
    pub async fn get_or_read<F, Fut>(&self, pool: &PgPool, workplace_id: Uuid, key: &str, read: F) -> Result<Arc<Vec<u8>>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Vec<u8>>>,
    {
        if self.capacity == 0 {
            return Ok(Arc::new(read().await?));
        }
        // The workspace is part of the key: one workspace's answer is never another's.
        let key = format!("{workplace_id}/{key}");
        let seen = self.kept(&key);
        if let Some(json) = self.if_unchanged(workplace_id, seen.as_ref()).await? {
            return Ok(json);
        }
        // One read per key at a time: the requests that missed together wait for it, then check
        // what it kept like any other request (their check starts after they arrived).
        let reading = self.slots.lock().unwrap().reading.entry(key.clone()).or_default().clone();
        let answer = async {
            let _turn = reading.lock().await;
            let now = self.kept(&key);
            if now.as_ref().map(|k| k.seq) != seen.as_ref().map(|k| k.seq)
                && let Some(json) = self.if_unchanged(workplace_id, now.as_ref()).await?
            {
                return Ok(json);
            }
            let snapshot: String = sqlx::query_scalar("SELECT pg_current_snapshot()::text").fetch_one(pool).await?;
            let json = Arc::new(read().await?);
            self.keep(key.clone(), snapshot, json.clone());
            Ok(json)
        }
        .await;
        let mut s = self.slots.lock().unwrap();
        // The map's and ours: nobody else waits for this key.
        if Arc::strong_count(&reading) == 2 {
            s.reading.remove(&key);
        }
        answer
    }

    fn kept(&self, key: &str) -> Option<Arc<Kept>> {
        self.slots.lock().unwrap().by_key.get(key).cloned()
    }

    /// The kept answer's JSON if nothing it read has changed since.
    async fn if_unchanged(&self, workplace_id: Uuid, kept: Option<&Arc<Kept>>) -> Result<Option<Arc<Vec<u8>>>> {
        let Some(k) = kept else { return Ok(None) };
        let unchanged = self.checks.call((workplace_id, k.snapshot.clone())).await.map_err(|e| anyhow::anyhow!("checking a kept order page: {e}"))?;
        Ok(unchanged.then(|| k.json.clone()))
    }

    /// Keeps `json`, dropping the oldest answers until it fits (one larger than the whole
    /// memo is not kept).
    fn keep(&self, key: String, snapshot: String, json: Arc<Vec<u8>>) {
        if json.len() > self.capacity {
            return;
        }
        let mut s = self.slots.lock().unwrap();
        if let Some(old) = s.by_key.remove(&key) {
            s.bytes -= old.json.len();
        }
        while s.bytes + json.len() > self.capacity {
            let Some(oldest) = s.by_key.iter().min_by_key(|(_, k)| k.seq).map(|(k, _)| k.clone()) else { break };
            if let Some(old) = s.by_key.remove(&oldest) {
                s.bytes -= old.json.len();
            }
        }
        s.seq += 1;
        s.bytes += json.len();
        let seq = s.seq;
        s.by_key.insert(key, Arc::new(Kept { snapshot, json, seq }));
    }
}

/// For each (workspace, snapshot): whether every change committed for the workspace (or for
/// all of them) is visible in the snapshot, and the log still reaches back to it. One statement;
/// a pair asked twice is checked once.
pub async fn unchanged_many(pool: &PgPool, asked: &[(Uuid, String)]) -> Result<Vec<bool>> {
    let mut distinct = asked.to_vec();
    distinct.sort();
    distinct.dedup();
    let (workplaces, snapshots): (Vec<Uuid>, Vec<String>) = distinct.iter().cloned().unzip();
    let answers: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_snapshot_xmin(q.s) >= (SELECT xid FROM order_changes_horizon)
                AND NOT EXISTS (SELECT 1 FROM order_changes c
                                WHERE c.workplace_id IN (q.w, '00000000-0000-0000-0000-000000000000')
                                  AND c.xid >= pg_snapshot_xmin(q.s)
                                  AND NOT pg_visible_in_snapshot(c.xid, q.s))
         FROM (SELECT w, s::pg_snapshot AS s, i FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS u(w, s, i)) q
         ORDER BY q.i",
    )
    .bind(&workplaces)
    .bind(&snapshots)
    .fetch_all(pool)
    .await?;
    Ok(asked.iter().map(|a| distinct.binary_search(a).map(|i| answers[i]).unwrap_or(false)).collect())
}

/// Drops the log's rows of finished transactions (the worker's tick); returns how many.
pub async fn prune(pool: &PgPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT order_changes_prune()").fetch_one(pool).await?)
}
