//! The orders jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::{Family, Job};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct RefundSyncJob {}

impl Job for RefundSyncJob {
    const KIND: &'static str = "refund_sync";
    const FAMILY: Family = Family::Background;
}

#[derive(Debug, Serialize, Deserialize)]
pub struct StoreOrdersSyncJob {
    pub store_id: Uuid,
    pub workplace_id: Uuid,
}

impl Job for StoreOrdersSyncJob {
    const KIND: &'static str = "store_orders_sync";
    const FAMILY: Family = Family::Background;
}

#[derive(Debug, Serialize, Deserialize)]
pub struct PlaceOrder {
    pub source_order_id: i64,
}

/// A user placed the orders and waits. Its reads and writes go through the worker's batchers
/// (`TaskContext::placing_loads`, `created_orders`, `wallet_debits`, `paid_orders`), each
/// holding at most two connections, so many more jobs than connections run at once without
/// queueing on the pool, and the batches grow with them.
impl Job for PlaceOrder {
    const KIND: &'static str = "place_order";
    const FAMILY: Family = Family::Interactive;
}
