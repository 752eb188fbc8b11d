//! Writes one parcel's tracking to its store (see `tracking::writeback`).
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::TaskContext;
use crate::queue::JobFailure;
use crate::queue::runner::Claimed;

pub const KIND: &str = "tracking_writeback";

#[derive(Debug, Serialize, Deserialize)]
pub struct TrackingWriteback {
    pub shipment_id: i64,
}

pub async fn run(ctx: &TaskContext, job: &Claimed, p: TrackingWriteback) -> Result<Value, JobFailure> {
    crate::tracking::writeback::run(ctx, job, p.shipment_id).await
}
