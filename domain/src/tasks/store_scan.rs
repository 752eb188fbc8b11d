//! `POST stores/inspect`: read a store's public page and products.json (see `crate::inspect`)
//! and keep the result on the scan.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::inspect;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::store_scans;
use crate::stores::jobs::StoreScanJob;

/// Runs the scan and records its outcome on the scan. A store that cannot be read is the
/// scan's `error` (and the job's, so the dashboard's toast says it too); it is not retried:
/// the answer would be the same, and the user can scan again.
impl Handler<TaskContext> for StoreScanJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: StoreScanJob) -> Result<Value, JobFailure> {
        let scan = store_scans::get(&ctx.pool, job.workplace_id, job.scan_id).await?.ok_or_else(|| JobFailure::permanent("the store scan no longer exists"))?;
        if scan.status != "processing" {
            return Ok(json!({ "scan_id": scan.id }));
        }
        let outcome = inspect::scan(&ctx.settings.inspect, &scan.url).await;
        let recorded = match &outcome {
            Ok(result) => Ok(serde_json::to_value(result).map_err(|e| JobFailure::permanent(e.to_string()))?),
            Err(e) => Err(e.to_string()),
        };
        store_scans::finish(&ctx.pool, job.workplace_id, scan.id, recorded).await?;
        match outcome {
            Ok(_) => Ok(json!({ "scan_id": scan.id })),
            Err(e) => Err(JobFailure::permanent(e.to_string())),
        }
    }
}
