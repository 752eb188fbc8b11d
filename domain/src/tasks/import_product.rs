//! One product of an import-all batch. Quota and "already imported" end the item with the
//! spec's keys; a supplier or database hiccup is retried, and the item is done exactly once.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::error::Error;
use crate::products::import::{self, ImportRequest};
use crate::products::import_all::{self, EXCEED_QUOTA_LIMIT};
use crate::products::jobs::ImportProductJob;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::values::{Country, Source};

impl Handler<TaskContext> for ImportProductJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: ImportProductJob) -> Result<Value, JobFailure> {
        let item = import_all::item(&ctx.pool, job.workplace_id, job.batch_id, job.position).await?;
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
        import_all::fail_item(&ctx.pool, job.batch_id, job.position, &reason).await?;
        Ok(json!({ "batch_id": job.batch_id, "failed": reason }))
    }
}
