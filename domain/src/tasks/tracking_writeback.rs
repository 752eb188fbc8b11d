//! Writes one parcel's tracking to its store (see `tracking::writeback`).
use serde_json::Value;

use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::tracking::jobs::TrackingWriteback;

impl Handler<TaskContext> for TrackingWriteback {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: TrackingWriteback) -> Result<Value, JobFailure> {
        crate::tracking::writeback::run(ctx, job, p.shipment_id).await
    }
}
