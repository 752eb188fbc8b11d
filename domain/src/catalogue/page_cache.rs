//! A small in-process cache of workplace-independent answers (search pages), because a search
//! costs PostgreSQL 1 to 25 ms of CPU while the catalogue it reads changes only when a
//! background sync rewrites it (every `catalogue.refresh_secs`, hours). An entry is fresh for
//! `ttl`; after that the next request still gets it at once while one background task reads it
//! again (so a popular search never waits on PostgreSQL), and past `2 × ttl` it is not served
//! at all. Concurrent misses of one key share one load. Size is bounded by entry count.
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::OnceCell;
use tokio::time::Instant;

use crate::error::Result;

struct Slot<V> {
    value: OnceCell<Arc<V>>,
    born: Instant,
    /// Set by the one request that starts the background re-read of a stale entry.
    refreshing: AtomicBool,
}

impl<V> Slot<V> {
    fn new(born: Instant) -> Arc<Self> {
        Arc::new(Slot { value: OnceCell::new(), born, refreshing: AtomicBool::new(false) })
    }
}

pub struct PageCache<V> {
    slots: Mutex<Slots<V>>,
    ttl: Duration,
    capacity: usize,
}

/// The entries, and their keys in the order they were put, with each one's birth: the front is
/// the oldest, so making room costs no scan. A key put again leaves its earlier place behind,
/// which no longer matches the entry's birth and is skipped.
struct Slots<V> {
    map: HashMap<String, Arc<Slot<V>>>,
    order: VecDeque<(String, Instant)>,
}

impl<V: Send + Sync + 'static> PageCache<V> {
    /// `ttl` zero turns the cache off (every call loads).
    pub fn new(ttl: Duration, capacity: usize) -> Arc<Self> {
        Arc::new(PageCache { slots: Mutex::new(Slots { map: HashMap::new(), order: VecDeque::new() }), ttl, capacity: capacity.max(1) })
    }

    /// The value for `key`, loading it when absent or too old. `load` must be repeatable: it
    /// also runs in the background to refresh a stale entry.
    pub async fn get_or_load<F, Fut>(self: &Arc<Self>, key: String, load: F) -> Result<Arc<V>>
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<V>> + Send + 'static,
    {
        if self.ttl.is_zero() {
            return Ok(Arc::new(load().await?));
        }
        let slot = self.slot(&key);
        let value = slot.value.get_or_try_init(|| async { load().await.map(Arc::new) }).await?.clone();
        if slot.born.elapsed() >= self.ttl && !slot.refreshing.swap(true, Ordering::AcqRel) {
            let cache = self.clone();
            tokio::spawn(async move {
                match load().await {
                    Ok(v) => {
                        let fresh = Slot::new(Instant::now());
                        let _ = fresh.value.set(Arc::new(v));
                        cache.put(key, fresh);
                    }
                    // The stale entry stays until 2 × ttl; a later request tries again.
                    Err(e) => {
                        tracing::warn!(error = %e, "refreshing a cached search page failed");
                        slot.refreshing.store(false, Ordering::Release);
                    }
                }
            });
        }
        Ok(value)
    }

    /// Forgets every entry (tests, and after a change every page must show at once).
    pub fn clear(&self) {
        let mut slots = self.slots.lock().unwrap();
        slots.map.clear();
        slots.order.clear();
    }

    pub fn len(&self) -> usize {
        self.slots.lock().unwrap().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The live slot for `key`, or a new empty one that the caller's load fills.
    fn slot(&self, key: &str) -> Arc<Slot<V>> {
        let mut slots = self.slots.lock().unwrap();
        if let Some(s) = slots.map.get(key).filter(|s| s.born.elapsed() < self.ttl * 2) {
            return s.clone();
        }
        let s = Slot::new(Instant::now());
        self.insert(&mut slots, key.to_string(), s.clone());
        s
    }

    fn put(&self, key: String, slot: Arc<Slot<V>>) {
        let mut slots = self.slots.lock().unwrap();
        self.insert(&mut slots, key, slot);
    }

    /// Inserts within the bound: the oldest entry makes room (an expired one is older than
    /// any live one).
    fn insert(&self, slots: &mut Slots<V>, key: String, slot: Arc<Slot<V>>) {
        if slots.map.len() >= self.capacity && !slots.map.contains_key(&key) {
            while let Some((oldest, born)) = slots.order.pop_front() {
                if slots.map.get(&oldest).is_some_and(|s| s.born == born) {
                    slots.map.remove(&oldest);
                    break;
                }
            }
        }
        slots.order.push_back((key.clone(), slot.born));
        slots.map.insert(key, slot);
        // Places left behind by keys put again: never more than the entries themselves.
        if slots.order.len() > 2 * self.capacity {
            let Slots { map, order } = slots;
            order.retain(|(k, born)| map.get(k).is_some_and(|s| s.born == *born));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn counting(loads: &Arc<AtomicUsize>, delay_ms: u64) -> impl Fn() -> std::pin::Pin<Box<dyn Future<Output = Result<usize>> + Send>> + Send + Sync + 'static {
        let loads = loads.clone();
        move || {
            let loads = loads.clone();
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(delay_ms)).await;
                Ok(loads.fetch_add(1, Ordering::SeqCst) + 1)
            })
        }
    }

    #[tokio::test]
    async fn concurrent_misses_share_one_load_and_fresh_hits_do_not_load() {
        let cache = PageCache::new(Duration::from_secs(60), 10);
        let loads = Arc::new(AtomicUsize::new(0));
        let calls = (0..8).map(|_| cache.get_or_load("k".into(), counting(&loads, 20)));
        let got = futures::future::try_join_all(calls).await.unwrap();
        assert!(got.iter().all(|v| **v == 1));
        assert_eq!(*cache.get_or_load("k".into(), counting(&loads, 0)).await.unwrap(), 1);
        assert_eq!(loads.load(Ordering::SeqCst), 1);
    }

    /// Makes the entry of `key` look `by` old, with the same value: time passes without a sleep
    /// (a sleep against a short ttl is at the mercy of the machine's load).
    fn age(cache: &PageCache<usize>, key: &str, by: Duration) {
        let mut slots = cache.slots.lock().unwrap();
        let old = slots.map.get(key).expect("a cached entry").clone();
        let aged = Slot::new(Instant::now().checked_sub(by).expect("the clock reaches back that far"));
        if let Some(v) = old.value.get() {
            let _ = aged.value.set(v.clone());
        }
        slots.map.insert(key.to_string(), aged);
    }

    #[tokio::test]
    async fn a_stale_entry_is_served_while_one_refresh_reads_it_again() {
        // Long: no entry goes stale on its own while the test runs; `age` makes them old.
        let ttl = Duration::from_secs(30);
        let cache = PageCache::new(ttl, 10);
        let loads = Arc::new(AtomicUsize::new(0));
        assert_eq!(*cache.get_or_load("k".into(), counting(&loads, 0)).await.unwrap(), 1);
        age(&cache, "k", ttl + Duration::from_secs(1));
        // Stale: answered from the cache at once, refreshed once in the background.
        for _ in 0..3 {
            assert_eq!(*cache.get_or_load("k".into(), counting(&loads, 10)).await.unwrap(), 1);
        }
        // Until the refresh lands the stale entry keeps answering (and starts no second one).
        let started = std::time::Instant::now();
        loop {
            let v = *cache.get_or_load("k".into(), counting(&loads, 0)).await.unwrap();
            if v == 2 {
                break;
            }
            assert_eq!(v, 1);
            assert!(started.elapsed() < Duration::from_secs(60), "the background refresh did not land");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(loads.load(Ordering::SeqCst), 2);
        // Past twice the ttl an entry is not served: the caller waits for a new load.
        age(&cache, "k", 2 * ttl + Duration::from_secs(1));
        assert_eq!(*cache.get_or_load("k".into(), counting(&loads, 0)).await.unwrap(), 3);
    }

    #[tokio::test]
    async fn size_is_bounded_and_off_means_always_load() {
        let cache = PageCache::new(Duration::from_secs(60), 3);
        let loads = Arc::new(AtomicUsize::new(0));
        for k in 0..10 {
            cache.get_or_load(format!("k{k}"), counting(&loads, 0)).await.unwrap();
        }
        assert_eq!(cache.len(), 3);
        let off = PageCache::new(Duration::ZERO, 3);
        let loads = Arc::new(AtomicUsize::new(0));
        for _ in 0..3 {
            off.get_or_load("k".into(), counting(&loads, 0)).await.unwrap();
        }
        assert_eq!((loads.load(Ordering::SeqCst), off.len()), (3, 0));
    }
}
