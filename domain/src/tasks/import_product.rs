//! One product of an import-all batch. Quota and "already imported" end the item with the
//! spec's keys; a supplier or database hiccup is retried, and the item is done exactly once.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::error::Error;
use crate::products::import::{self, ImportRequest};
use crate::products::import_all::EXCEED_QUOTA_LIMIT;
use crate::products::jobs::ImportProductJob;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::values::{Country, Source};

async fn fail_item(ctx: &TaskContext, job: &ImportProductJob, reason: &str) -> Result<(), JobFailure> {
    sqlx::query("UPDATE import_batch_items SET status = 'error', error = $3 WHERE batch_id = $1 AND position = $2 AND status = 'processing'")
        .bind(job.batch_id)
        .bind(job.position)
        .bind(reason)
        .execute(&ctx.pool)
        .await
        .map_err(Error::from)?;
    Ok(())
}

impl Handler<TaskContext> for ImportProductJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: ImportProductJob) -> Result<Value, JobFailure> {
        let item: Option<(String, String, String, String)> = sqlx::query_as(
            "SELECT i.status, i.source, i.source_product_id, i.ship_to FROM import_batch_items i
             JOIN import_batches b ON b.id = i.batch_id AND b.workplace_id = $3
             WHERE i.batch_id = $1 AND i.position = $2",
        )
        .bind(job.batch_id)
        .bind(job.position)
        .bind(job.workplace_id)
        .fetch_optional(&ctx.pool)
        .await
        .map_err(Error::from)?;
        let Some((status, source, id, ship_to)) = item else {
            return Err(JobFailure::permanent("the import batch no longer exists"));
        };
        if status != "processing" {
            return Ok(json!({ "batch_id": job.batch_id, "already": status }));
        }
        let request = ImportRequest {
            source: Source::parse(&source).map_err(JobFailure::permanent)?,
            source_product_id: id,
            ship_to: Country::parse(&ship_to).map_err(JobFailure::permanent)?,
        };
        let outcome =
            import::import_one(&ctx.pool, &ctx.suppliers, &ctx.settings.catalogue, job.workplace_id, &request, Some((job.batch_id, job.position))).await;
        let reason = match outcome {
            Ok(p) => return Ok(json!({ "batch_id": job.batch_id, "product_id": p.id })),
            Err(Error::QuotaExpired(_)) => EXCEED_QUOTA_LIMIT.to_string(),
            Err(Error::NotFound(_)) => "DataNotFound".to_string(),
            Err(Error::BadRequest(m)) => m,
            Err(e) => return Err(JobFailure::from(e)),
        };
        fail_item(ctx, &job, &reason).await?;
        Ok(json!({ "batch_id": job.batch_id, "failed": reason }))
    }
}
