//! The job path: a `progress_items` row written in the caller's transaction is the job; the
//! dispatcher feeds Redis from that backlog with a bounded depth; apalis workers claim rows,
//! run the handler of the row's kind and record the outcome, all in PostgreSQL.
mod batch;
pub mod dispatcher;
mod enqueue;
pub mod job;
pub mod redis_queues;
pub mod runner;

pub use batch::Batcher;
pub use dispatcher::Dispatcher;
pub use enqueue::{NOTIFY_CHANNEL, enqueue, enqueue_kind, enqueue_many, enqueue_many_in, enqueue_many_with_refs_in};
pub use job::{Family, Handler, Job, Noop, Registry};
pub use redis_queues::{JobRef, RedisQueues};
pub use runner::{Claimed, JobFailure, Runner};

/// How far apart the batches of the placement path's grouped reads and writes start under a
/// steady stream (`Batcher::spaced`): what arrives meanwhile joins the batch. Each of these
/// batches has a fixed cost (an order status refresh, a wallet lock) several times a supplier
/// order's; bench-orders formed batches of 1.6 to 2 with none.
pub const BATCH_SPACING: std::time::Duration = std::time::Duration::from_millis(50);

/// How many jobs of a family one worker runs at once.
pub fn concurrency(family: Family, settings: &crate::config::QueueSettings) -> usize {
    match family {
        Family::Background => settings.background_concurrency.max(1),
        Family::Interactive => settings.worker_concurrency,
        Family::Paced => settings.paced_concurrency.max(1),
    }
}
