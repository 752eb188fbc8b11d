//! The job path: a `progress_items` row written in the caller's transaction is the job; the
//! dispatcher feeds Redis from that backlog with a bounded depth; apalis workers claim rows,
//! run the handler of the row's kind and record the outcome, all in PostgreSQL.
mod batch;
pub mod dispatcher;
mod enqueue;
pub mod redis_queues;
pub mod runner;

pub use dispatcher::Dispatcher;
pub use enqueue::{NOTIFY_CHANNEL, enqueue, enqueue_many, enqueue_many_in, enqueue_many_with_refs_in};
pub use redis_queues::{JobRef, RedisQueues};
pub use runner::{JobFailure, Runner};

/// Families that work through many rows in the background (catalogue refreshes, scheduled
/// automation): a few at a time, so they never take the connections users' jobs need.
pub const BACKGROUND_KINDS: &[&str] = &[
    crate::tasks::catalogue_sync::KIND,
    crate::tasks::catalogue_detail::KIND,
    crate::tasks::smart_push::KIND,
    crate::tasks::supplier_sync::KIND,
    crate::tasks::store_orders_sync::KIND,
    crate::tasks::refund_sync::KIND,
    crate::tasks::tracking_sync::KIND,
];

/// Families whose every step is database work between short outside calls: more of them at
/// once than the worker has connections only queue on the pool (bench-orders: 512 `place_order`
/// jobs on 16 connections timed out waiting for one and were retried, 587 times).
pub const POOL_BOUND_KINDS: &[&str] = &[crate::tasks::place_order::KIND];

/// How many jobs of `kind` one worker runs at once; `pool_size` is the worker's database
/// connections (`database.max_connections`).
pub fn concurrency(kind: &str, settings: &crate::config::QueueSettings, pool_size: u32) -> usize {
    if BACKGROUND_KINDS.contains(&kind) {
        settings.background_concurrency.max(1)
    } else if POOL_BOUND_KINDS.contains(&kind) {
        settings.worker_concurrency.min(pool_size as usize).max(1)
    } else {
        settings.worker_concurrency
    }
}

/// Every job family; each has its own Redis queue and its own handler in `crate::tasks`.
pub const KINDS: &[&str] = &[
    crate::tasks::welcome::KIND,
    crate::tasks::send_email::KIND,
    crate::tasks::noop::KIND,
    crate::tasks::store_setup::KIND,
    crate::tasks::webhook_event::KIND,
    crate::tasks::store_scan::KIND,
    crate::tasks::catalogue_sync::KIND,
    crate::tasks::catalogue_detail::KIND,
    crate::tasks::import_product::KIND,
    crate::tasks::store_products_sync::KIND,
    crate::tasks::split_product::KIND,
    crate::tasks::push_product::KIND,
    crate::tasks::smart_push::KIND,
    crate::tasks::supplier_sync::KIND,
    crate::tasks::place_order::KIND,
    crate::tasks::tracking_sync::KIND,
    crate::tasks::tracking_writeback::KIND,
    crate::tasks::order_automation::KIND,
    crate::tasks::refund_sync::KIND,
    crate::tasks::store_orders_sync::KIND,
];
