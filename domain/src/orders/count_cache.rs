//! The order center's counts (each page's `total`, count-order-status) kept for a moment in the
//! API process. A page of orders is an index walk of well under a millisecond, but a count
//! visits every order of the tab or range: at 200,000 orders 10 to 175 ms of PostgreSQL CPU
//! per request (bench-orders), which 50 clients on 2 cores turned into seconds of queueing.
//!
//! What a user sees: pages are always read fresh; a count that is expensive (see `keep`) may be
//! up to `2 × ttl` old (served at once while one background load reads it again, see
//! `PageCache`), and this API process forgets a workplace's counts when it changes that
//! workplace's orders itself (marks, archive, fail/revert, supplier change), so only changes
//! made elsewhere (the worker's placements and status syncs, webhooks, another API process)
//! show in a count up to that late. Cheap counts are never kept, and neither is any count under
//! `KEEP_OVER` orders, so small workplaces (and the tests) always see exact counts.
use serde_json::Value;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

use crate::catalogue::page_cache::PageCache;
use crate::error::Result;

/// Counts of at most this many orders are read every time, however long they took: too few to
/// be slow but through contention, and their users notice a wrong number most.
pub const KEEP_OVER: i64 = 100;
/// Counts that took less are read every time (a count also costs its time in CPU).
pub const KEEP_AFTER: Duration = Duration::from_millis(2);

fn keep(orders: i64, took: Duration) -> bool {
    // 5,000 orders: a count that size costs a millisecond or more even when it was quick once.
    orders > KEEP_OVER && (orders >= 5_000 || took >= KEEP_AFTER)
}

struct Counted {
    value: Value,
    /// How many orders were counted and how long it took (decide whether it is kept).
    orders: i64,
    took: Duration,
}

pub struct CountCache {
    cache: Arc<PageCache<Counted>>,
}

impl CountCache {
    /// `ttl` zero turns it off.
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        CountCache { cache: PageCache::new(ttl, capacity) }
    }

    /// The counts under `key` (which must name everything the count depends on), loading them
    /// when absent or too old; `load` answers the value and how many orders it counted.
    pub async fn get<F, Fut>(&self, workplace_id: Uuid, key: &str, load: F) -> Result<Value>
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(Value, i64)>> + Send + 'static,
    {
        // The closing `$` keeps one key from being the prefix of another (`forget`).
        let key = format!("{workplace_id}|{key}$");
        let got = self
            .cache
            .get_or_load(key.clone(), move || {
                let (fut, t) = (load(), std::time::Instant::now());
                async move { fut.await.map(|(value, orders)| Counted { value, orders, took: t.elapsed() }) }
            })
            .await?;
        if !keep(got.orders, got.took) {
            self.cache.forget(&key);
        }
        Ok(got.value.clone())
    }

    /// After this process changed the workplace's orders: its next counts are read fresh.
    pub fn forget_workplace(&self, workplace_id: Uuid) {
        self.cache.forget(&format!("{workplace_id}|"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::sync::atomic::{AtomicI64, Ordering};

    async fn read(c: &CountCache, w: Uuid, key: &str, n: &Arc<AtomicI64>) -> Value {
        let n = n.clone();
        c.get(w, key, move || {
            let v = n.load(Ordering::SeqCst);
            async move { Ok((json!(v), v)) }
        })
        .await
        .unwrap()
    }

    #[tokio::test]
    async fn small_counts_are_always_fresh_large_ones_kept_until_forgotten() {
        let c = CountCache::new(Duration::from_secs(60), 100);
        let (w, other) = (Uuid::new_v4(), Uuid::new_v4());
        let n = Arc::new(AtomicI64::new(3));
        assert_eq!(read(&c, w, "k", &n).await, json!(3));
        n.store(4, Ordering::SeqCst);
        assert_eq!(read(&c, w, "k", &n).await, json!(4), "a small count is not kept");
        n.store(5_000, Ordering::SeqCst);
        assert_eq!(read(&c, w, "k", &n).await, json!(5_000));
        assert_eq!(read(&c, other, "k", &n).await, json!(5_000));
        n.store(5_001, Ordering::SeqCst);
        assert_eq!(read(&c, w, "k", &n).await, json!(5_000), "a large count is kept");
        assert_eq!(read(&c, w, "k2", &n).await, json!(5_001), "another filter is its own key");
        c.forget_workplace(w);
        assert_eq!(read(&c, w, "k", &n).await, json!(5_001));
        assert_eq!(read(&c, other, "k", &n).await, json!(5_000), "other workplaces keep theirs");
    }

    #[test]
    fn slow_counts_are_kept_unless_tiny() {
        let ms = Duration::from_millis;
        assert!(!keep(100, ms(500)), "a small workplace's count is always exact");
        assert!(keep(101, ms(2)) && !keep(4_999, ms(1)) && keep(5_000, ms(0)));
    }
}
