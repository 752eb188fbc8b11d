//! The push jobs' reads and writes of their pairs, grouped across the jobs of one worker
//! process: a lease, the product with its variants, and the end of a run each go through a
//! batcher, so a thousand concurrent pushes cost PostgreSQL a few statements and commits
//! instead of four each (bench-push).
use sqlx::PgPool;
use std::collections::BTreeMap;
use std::sync::Arc;
use uuid::Uuid;

use crate::context::{PushEnds, PushLeases, PushProducts};
use crate::queue::Batcher;
use crate::store::{products, push_leases};

/// Up to 500 asks per statement, two statements in flight, as the other grouped writes.
const BATCH: usize = 500;
const IN_FLIGHT: usize = 2;

/// Leases for `secs` (the queue's own lease: a crashed worker's pair frees itself with its job).
pub fn leases(pool: PgPool, secs: f64) -> PushLeases {
    Batcher::spawn(BATCH, IN_FLIGHT, move |asks: Vec<push_leases::LeaseAsk>| {
        let pool = pool.clone();
        async move { push_leases::lease_many(&pool, &asks, secs).await.map_err(|e| e.to_string()) }
    })
}

pub fn ends(pool: PgPool) -> PushEnds {
    Batcher::spawn(BATCH, IN_FLIGHT, move |ends: Vec<push_leases::Finish>| {
        let pool = pool.clone();
        async move {
            push_leases::finish_many(&pool, &ends).await.map_err(|e| e.to_string())?;
            Ok(vec![(); ends.len()])
        }
    })
}

/// Products by (workplace, id), read two statements a workplace per batch; a product pushed to
/// three destinations at once is read once. `None`: not the workplace's, or deleted.
pub fn products(pool: PgPool) -> PushProducts {
    Batcher::spawn(BATCH, IN_FLIGHT, move |asks: Vec<(Uuid, Uuid)>| {
        let pool = pool.clone();
        async move {
            let mut by_workplace: BTreeMap<Uuid, Vec<Uuid>> = BTreeMap::new();
            for (workplace, id) in &asks {
                by_workplace.entry(*workplace).or_default().push(*id);
            }
            let mut found = BTreeMap::new();
            for (workplace, ids) in by_workplace {
                for (id, product) in products::get_many(&pool, workplace, &ids).await.map_err(|e| e.to_string())? {
                    found.insert((workplace, id), Arc::new(product));
                }
            }
            Ok(asks.iter().map(|key| found.get(key).cloned()).collect())
        }
    })
}
