//! Supplier sync of one workplace: scheduled every `interval_hours` of its auto update settings,
//! or started now from the product center or `dropline sync --now`.
use serde_json::Value;

use crate::automation::jobs::SupplierSyncJob;
use crate::automation::{exclusive, supplier_sync};
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler, Job};

impl Handler<TaskContext> for SupplierSyncJob {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: SupplierSyncJob) -> Result<Value, JobFailure> {
        let work = supplier_sync::run(ctx, p.workplace_id, p.product_ids.as_deref(), job.id);
        match exclusive(&ctx.pool, SupplierSyncJob::KIND, p.workplace_id, work).await? {
            Some(report) => Ok(report),
            // Two syncs of one workplace would read the same suppliers twice and race on its rows:
            // this one waits its turn (the queue's backoff).
            None => Err(JobFailure::transient("another supplier sync of this workplace is running")),
        }
    }
}
