//! `POST stores/inspect`: read a store's public page and products.json (see `crate::inspect`)
//! and keep the result on the scan.
use serde_json::{Value, json};
use uuid::Uuid;

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

/// Validates the address, creates the scan and queues its job in one transaction.
pub async fn enqueue(pool: &sqlx::PgPool, workplace_id: Uuid, user_id: Uuid, raw_url: &str) -> crate::Result<(Uuid, i64)> {
    let url = inspect::parse_user_url(raw_url).map_err(|e| crate::Error::field("url", e.to_string()))?;
    let mut tx = pool.begin().await?;
    let scan_id = store_scans::create(&mut tx, workplace_id, user_id, url.as_str()).await?;
    let progress_id = crate::queue::enqueue(&mut tx, Some(workplace_id), &StoreScanJob { scan_id, workplace_id }, json!({ "scan_id": scan_id })).await?;
    store_scans::set_progress(&mut tx, scan_id, progress_id).await?;
    tx.commit().await?;
    Ok((scan_id, progress_id))
}
