//! The tracking sync: tracking numbers from the suppliers' orders, then the carrier's status of
//! every parcel due (or, with `now`, every parcel in scope). Scheduled for everyone every
//! `tracking.sync_secs`; on demand for one workplace, source, supplier orders or parcels.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::tracking::jobs::{TrackingSync, TrackingSyncOnDemand};
use crate::tracking::{aliexpress_sync, ebay_sync, follow, supplier_sync};

/// Parcels one run reads at most; a larger backlog is left for the next run.
const LIMIT: i64 = 20_000;

impl Handler<TaskContext> for TrackingSync {
    async fn handle(ctx: &TaskContext, _: &Claimed, p: TrackingSync) -> Result<Value, JobFailure> {
        let reads_suppliers = p.shipment_ids.is_none();
        let suppliers = if reads_suppliers {
            Some(supplier_sync::run(&ctx.pool, &ctx.suppliers, p.workplace_id, p.source.as_deref(), p.source_order_ids.as_deref(), LIMIT).await?)
        } else {
            None
        };
        let aliexpress = if reads_suppliers && p.source.as_deref().is_none_or(|s| s == "aliexpress") {
            let ids = p.source_order_ids.as_deref();
            Some(aliexpress_sync::run(&ctx.pool, &ctx.sealer, &ctx.suppliers, p.workplace_id, ids, LIMIT).await?)
        } else {
            None
        };
        let ebay = if reads_suppliers && p.source.as_deref().is_none_or(|s| s == "ebay") {
            Some(ebay_sync::run(&ctx.pool, &ctx.suppliers, p.workplace_id, p.source_order_ids.as_deref(), LIMIT).await?)
        } else {
            None
        };
        let scope = follow::Scope {
            workplace_id: p.workplace_id,
            ids: p.shipment_ids.as_deref(),
            now: p.now,
            limit: LIMIT,
            poll_secs: ctx.settings.tracking.poll_secs,
        };
        let carrier = follow::run(&ctx.pool, &ctx.track, &scope).await?;
        Ok(json!({ "suppliers": suppliers, "aliexpress": aliexpress, "ebay": ebay, "carrier": carrier }))
    }
}

impl Handler<TaskContext> for TrackingSyncOnDemand {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: TrackingSyncOnDemand) -> Result<Value, JobFailure> {
        TrackingSync::handle(ctx, job, p.0).await
    }
}
