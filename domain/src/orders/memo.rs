//! Order-center answers (list pages, counts) kept in memory for as long as they are exact. A
//! page costs PostgreSQL about 1 ms of CPU and an owner's list is read far more often than it
//! changes, so the api keeps each answer, serialized, with the PostgreSQL snapshot it was read
//! in (or one taken before it). Before serving it again it asks the change log
//! (`order_changes`, written by triggers on every table the answers read, migration
//! `order_changes`) whether a transaction that snapshot did not see has committed a change for
//! the workspace since: one index probe, and the checks of concurrent requests share one
//! statement.
//!
//! Why that is exact: the answer was read in the snapshot or after it, so it saw at least what
//! the snapshot saw; when every committed change is visible in the snapshot, the answer already
//! holds all of them and nothing newer exists. The worker's tick prunes the log (`prune`) and
//! raises a horizon; an answer whose snapshot is older than the horizon is read again.
//!
//! A change counts for an answer only when it can alter it (`Reads`): it changed a column the
//! answer's filter or counts read, or one of the orders the answer shows (the log keeps the
//! span of `ordered_at` a transaction touched; the answer, the instant of each order it shows).
//! The answer's set of orders depends only on those columns, its totals on the tallies of those
//! columns, and the rest of it on the orders it shows; so any other change leaves it exact, and
//! it then equals a read at the check's own snapshot, which it keeps from then on (so a check
//! looks only at the changes since the last one).
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;
use crate::queue::Batcher;

/// The order columns the change log records as changed (bits of `order_changes.changed_columns`,
/// migration `order_changes_scoped`); a change of everything sets all of them.
pub mod columns {
    /// `status` or `refund_status`.
    pub const STATUS: i32 = 1;
    pub const MARKED: i32 = 2;
    pub const ARCHIVED: i32 = 4;
    pub const STORE: i32 = 8;
    pub const SOURCES: i32 = 16;
    /// What a keyword matches: name, email, platform order id.
    pub const WORDS: i32 = 32;
    pub const ORDERED_AT: i32 = 64;
}

/// What an answer was read from: the order columns its filter and counts read (`columns`) on
/// orders of which statuses (`statuses`, comma-separated; none: any), and the `ordered_at` of
/// each order it shows (`shown`: a change touching orders of other instants leaves the answer's
/// orders as they were, however far apart the shown orders lie).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Reads {
    columns: i32,
    statuses: Option<Arc<str>>,
    shown: Arc<[DateTime<Utc>]>,
}

impl Reads {
    pub fn new(columns: i32, shown: impl IntoIterator<Item = DateTime<Utc>>) -> Reads {
        Reads { columns, statuses: None, shown: shown.into_iter().collect() }
    }

    /// Only orders whose status or refund status is one of `statuses` (a tab's) can be among
    /// the answer's or counted by it.
    pub fn among(self, statuses: &[&str]) -> Reads {
        Reads { statuses: Some(statuses.join(",").into()), ..self }
    }
}

/// A read's answer as JSON, what it read, and a PostgreSQL snapshot it saw at least all of:
/// the one its statement read in (`SNAPSHOT` as a column of it) or one taken before (`snapshot`).
pub struct Fresh {
    pub json: Vec<u8>,
    pub reads: Reads,
    pub snapshot: String,
}

/// A column giving the snapshot of the statement it is part of (a statement of several reads
/// all of them in that one snapshot).
pub const SNAPSHOT: &str = "pg_current_snapshot()::text";

/// A snapshot taken now, for a read of several statements made after it.
pub async fn snapshot(pool: &PgPool) -> Result<String> {
    Ok(sqlx::query_scalar("SELECT pg_current_snapshot()::text").fetch_one(pool).await?)
}

/// One kept answer to check: its workspace, snapshot and what it read.
type Ask = (Uuid, String, Reads);

struct Kept {
    snapshot: String,
    /// When the read started (its snapshot is taken later): a request that arrived before then
    /// is answered by the read without a check.
    read_from: Instant,
    reads: Reads,
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
    checks: Batcher<Ask, Option<String>>,
}

impl OrderMemo {
    /// At most `capacity` bytes of answers (0 turns the memo off: every call reads). Needs a
    /// Tokio runtime (its checks run on a task of their own).
    pub fn new(pool: PgPool, capacity: usize) -> Arc<Self> {
        // Checks that arrive while one statement runs form the next: that statement starts after
        // each of them arrived, so its answer holds for them.
        let checks = Batcher::spawn(500, 2, move |asked: Vec<Ask>| {
            let pool = pool.clone();
            async move { unchanged_many(&pool, &asked).await.map_err(|e| e.to_string()) }
        });
        Arc::new(OrderMemo { slots: Mutex::new(Slots::default()), capacity, checks })
    }

    /// The answer `key` of the workspace, as JSON: the kept one while nothing it read has
    /// changed, else `read` (which must read only what the change log covers, and says what it
    /// read and in which snapshot).
    pub async fn get_or_read<F, Fut>(&self, workplace_id: Uuid, key: &str, read: F) -> Result<Arc<Vec<u8>>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Fresh>>,
    {
        if self.capacity == 0 {
            return Ok(Arc::new(read().await?.json));
        }
        let arrived = Instant::now();
        // The workspace is part of the key: one workspace's answer is never another's.
        let key = format!("{workplace_id}/{key}");
        let seen = self.kept(&key);
        if let Some(json) = self.if_unchanged(workplace_id, &key, seen.as_ref()).await? {
            return Ok(json);
        }
        // One read per key at a time: the requests that missed together wait for it and take
        // its answer when it started reading after they arrived; else they check what it
        // kept like any other request (their check starts after they arrived).
        let reading = self.slots.lock().unwrap().reading.entry(key.clone()).or_default().clone();
        let answer = async {
            let _turn = reading.lock().await;
            let now = self.kept(&key);
            if let Some(k) = now.as_ref().filter(|k| Some(k.seq) != seen.as_ref().map(|s| s.seq)) {
                if k.read_from >= arrived {
                    return Ok(k.json.clone());
                }
                if let Some(json) = self.if_unchanged(workplace_id, &key, now.as_ref()).await? {
                    return Ok(json);
                }
            }
            let read_from = Instant::now();
            let Fresh { json, reads, snapshot } = read().await?;
            let json = Arc::new(json);
            self.keep(key.clone(), Kept { snapshot, read_from, reads, json: json.clone(), seq: 0 });
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

    /// The kept answer's JSON if nothing it read has changed since. It then holds at the check's
    /// snapshot too, which it keeps from now on: the next check looks only at changes after
    /// this one, however long the answer stays exact.
    async fn if_unchanged(&self, workplace_id: Uuid, key: &str, kept: Option<&Arc<Kept>>) -> Result<Option<Arc<Vec<u8>>>> {
        let Some(k) = kept else { return Ok(None) };
        let checked =
            self.checks.call((workplace_id, k.snapshot.clone(), k.reads.clone())).await.map_err(|e| anyhow::anyhow!("checking a kept order page: {e}"))?;
        let mut s = self.slots.lock().unwrap();
        // Unless a newer answer took its place meanwhile.
        let still = s.by_key.get(key).is_some_and(|now| now.seq == k.seq);
        let Some(snapshot) = checked else {
            // Stale for every later request too: they go straight to the read instead of
            // checking it again.
            if still && let Some(old) = s.by_key.remove(key) {
                s.bytes -= old.json.len();
            }
            return Ok(None);
        };
        if still && snapshot != k.snapshot {
            s.by_key.insert(key.to_string(), Arc::new(Kept { snapshot, read_from: k.read_from, reads: k.reads.clone(), json: k.json.clone(), seq: k.seq }));
        }
        Ok(Some(k.json.clone()))
    }

    /// Keeps `kept` (numbered here), dropping the oldest answers until it fits (one larger than
    /// the whole memo is not kept).
    fn keep(&self, key: String, mut kept: Kept) {
        let size = kept.json.len();
        if size > self.capacity {
            return;
        }
        let mut s = self.slots.lock().unwrap();
        if let Some(old) = s.by_key.remove(&key) {
            s.bytes -= old.json.len();
        }
        while s.bytes + size > self.capacity {
            let Some(oldest) = s.by_key.iter().min_by_key(|(_, k)| k.seq).map(|(k, _)| k.clone()) else { break };
            if let Some(old) = s.by_key.remove(&oldest) {
                s.bytes -= old.json.len();
            }
        }
        s.seq += 1;
        s.bytes += size;
        kept.seq = s.seq;
        s.by_key.insert(key, Arc::new(kept));
    }
}

/// For each (workspace, snapshot, reads): the snapshot of this check when every change committed
/// for the workspace (or for all of them) that could alter such an answer is visible in the
/// asked snapshot and the log still reaches back to it (the answer holds at both); none when the
/// answer must be read again. One statement; an ask made twice is checked once.
pub async fn unchanged_many(pool: &PgPool, asked: &[Ask]) -> Result<Vec<Option<String>>> {
    let mut distinct = asked.to_vec();
    distinct.sort();
    distinct.dedup();
    let workplaces: Vec<Uuid> = distinct.iter().map(|a| a.0).collect();
    let snapshots: Vec<&str> = distinct.iter().map(|a| a.1.as_str()).collect();
    let columns: Vec<i32> = distinct.iter().map(|a| a.2.columns).collect();
    let statuses: Vec<Option<&str>> = distinct.iter().map(|a| a.2.statuses.as_deref()).collect();
    // Every ask's instants in one array (bound in binary), each ask's its slice: (count, end).
    let shown: Vec<DateTime<Utc>> = distinct.iter().flat_map(|a| a.2.shown.iter().copied()).collect();
    let counts: Vec<i32> = distinct.iter().map(|a| a.2.shown.len() as i32).collect();
    let mut end = 0;
    let ends: Vec<i32> = counts
        .iter()
        .map(|n| {
            end += n;
            end
        })
        .collect();
    // Materialized: each ask's snapshot is parsed and its instants sliced once, not per log row.
    let answers: Vec<(bool, String)> = sqlx::query_as(
        "WITH q AS MATERIALIZED (
             SELECT w, s::pg_snapshot AS s, cols, string_to_array(st, ',') AS statuses, ($4::timestamptz[])[e - n + 1 : e] AS shown, i
             FROM unnest($1::uuid[], $2::text[], $3::int[], $5::int[], $6::int[], $7::text[]) WITH ORDINALITY AS u(w, s, cols, n, e, st, i))
         SELECT pg_snapshot_xmin(q.s) >= (SELECT xid FROM order_changes_horizon)
                AND NOT EXISTS (SELECT 1 FROM order_changes c
                                WHERE c.workplace_id IN (q.w, '00000000-0000-0000-0000-000000000000')
                                  AND c.xid >= pg_snapshot_xmin(q.s)
                                  AND NOT pg_visible_in_snapshot(c.xid, q.s)
                                  AND (((c.changed_columns & q.cols) <> 0 AND (c.statuses IS NULL OR q.statuses IS NULL OR c.statuses && q.statuses))
                                       OR EXISTS (SELECT 1 FROM unnest(q.shown) t WHERE t BETWEEN c.oldest AND c.newest))),
                pg_current_snapshot()::text
         FROM q
         ORDER BY q.i",
    )
    .bind(&workplaces)
    .bind(&snapshots)
    .bind(&columns)
    .bind(&shown)
    .bind(&counts)
    .bind(&ends)
    .bind(&statuses)
    // Planned for each batch: a plan kept from when the log was nearly empty scans it whole,
    // and the log grows between the tick's prunes (a kept plan read 3,000 rows per ask by the
    // end of a ten-minute bench; this one walks the key's index).
    .persistent(false)
    .fetch_all(pool)
    .await?;
    Ok(asked.iter().map(|a| distinct.binary_search(a).ok().and_then(|i| answers[i].0.then(|| answers[i].1.clone()))).collect())
}

/// Drops the log's rows of finished transactions (the worker's tick); returns how many.
pub async fn prune(pool: &PgPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT order_changes_prune()").fetch_one(pool).await?)
}
