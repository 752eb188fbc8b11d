//! Supplier sync of one workplace: scheduled every `interval_hours` of its auto update settings,
//! or started now from the product center or `dropline sync --now`.
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::TaskContext;
use crate::automation::{exclusive, supplier_sync};
use crate::queue::JobFailure;
use crate::queue::runner::Claimed;

pub const KIND: &str = "supplier_sync";

#[derive(Debug, Serialize, Deserialize)]
pub struct SupplierSyncJob {
    pub workplace_id: Uuid,
    /// Only these products; none: every pushed product.
    #[serde(default)]
    pub product_ids: Option<Vec<Uuid>>,
}

pub async fn run(ctx: &TaskContext, job: &Claimed, p: SupplierSyncJob) -> Result<Value, JobFailure> {
    let work = supplier_sync::run(ctx, p.workplace_id, p.product_ids.as_deref(), job.id);
    match exclusive(&ctx.pool, KIND, p.workplace_id, work).await? {
        Some(report) => Ok(report),
        // Two syncs of one workplace would read the same suppliers twice and race on its rows:
        // this one waits its turn (the queue's backoff).
        None => Err(JobFailure::transient("another supplier sync of this workplace is running")),
    }
}
