//! A job is a type: its payload (stored in the row) with the kind that names its queue. The
//! handler of each kind is registered once, in a `Registry` the worker hands to the `Runner`;
//! the queue itself knows no job family.
use futures::future::BoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::BTreeMap;
use std::future::Future;

use super::runner::{Claimed, JobFailure};

/// How a worker schedules a family's jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// A user is waiting: as many at once as `queue.worker_concurrency`.
    Interactive,
    /// Work through many rows in the background (catalogue refreshes, scheduled syncs): a few
    /// at a time (`queue.background_concurrency`), so they never take the connections users'
    /// jobs need.
    Background,
    /// Most of a run is a wait on a store's shared rate limit, holding no connection (tracking
    /// write-back): as many at once as `queue.paced_concurrency`, so a backlog for some stores
    /// does not keep the others' jobs from starting while their limits go unused (bench-tracking,
    /// 10 stores x 300 parcels: 512 slots taken by 7 stores' write-backs left 3 stores idle for
    /// half the run, share of the limits used 0.59; with 4,096, 0.87).
    Paced,
}

/// A job's payload, tied to its kind.
pub trait Job: Serialize + DeserializeOwned + Send + 'static {
    /// The row's `kind` and the Redis queue's name.
    const KIND: &'static str;
    const FAMILY: Family = Family::Interactive;
}

/// What runs a job of kind `Self::KIND` given a context `C` (the domain's, for the product).
pub trait Handler<C>: Job {
    fn handle<'a>(ctx: &'a C, job: &'a Claimed, payload: Self) -> impl Future<Output = Result<Value, JobFailure>> + Send + 'a;
}

type Erased<C> = for<'a> fn(&'a C, &'a Claimed) -> BoxFuture<'a, Result<Value, JobFailure>>;

/// Every job family a worker runs: its kind, how it is scheduled and its handler.
pub struct Registry<C> {
    families: BTreeMap<&'static str, (Family, Erased<C>)>,
}

impl<C: Sync + 'static> Default for Registry<C> {
    fn default() -> Self {
        Self { families: BTreeMap::new() }
    }
}

impl<C: Sync + 'static> Registry<C> {
    /// Registers `J`'s handler; a kind registered twice is a programming error.
    pub fn add<J: Handler<C>>(mut self) -> Self {
        let previous = self.families.insert(J::KIND, (J::FAMILY, erase::<C, J>));
        assert!(previous.is_none(), "job kind {} registered twice", J::KIND);
        self
    }

    /// The kinds with their scheduling, in a stable order.
    pub fn kinds(&self) -> Vec<(&'static str, Family)> {
        self.families.iter().map(|(k, (f, _))| (*k, *f)).collect()
    }

    pub(crate) fn run<'a>(&self, ctx: &'a C, job: &'a Claimed) -> BoxFuture<'a, Result<Value, JobFailure>> {
        match self.families.get(job.kind.as_str()) {
            Some((_, handle)) => handle(ctx, job),
            None => Box::pin(std::future::ready(Err(JobFailure::permanent(format!("no handler for job kind {}", job.kind))))),
        }
    }
}

fn erase<'a, C: Sync + 'static, J: Handler<C>>(ctx: &'a C, job: &'a Claimed) -> BoxFuture<'a, Result<Value, JobFailure>> {
    Box::pin(async move {
        let payload: J = serde_json::from_value(job.payload.clone()).map_err(|e| JobFailure::permanent(format!("bad {} payload: {e}", job.kind)))?;
        J::handle(ctx, job, payload).await
    })
}

/// A job that does nothing: the queue's own benchmark and tests measure the path with it.
#[derive(Debug, Default, Serialize, serde::Deserialize)]
pub struct Noop {}

impl Job for Noop {
    const KIND: &'static str = "noop";
}

impl<C: Sync> Handler<C> for Noop {
    async fn handle(_: &C, _: &Claimed, _: Self) -> Result<Value, JobFailure> {
        Ok(Value::Null)
    }
}
