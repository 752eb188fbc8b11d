//! Reads product details and US shipping for a chunk of cached products, a few calls at a time.
use futures::StreamExt;
use serde_json::{Value, json};

use crate::catalogue::image_hash;
use crate::catalogue::jobs::CatalogueDetailJob;
use crate::connectors::suppliers::SupplierError;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::supplier_products;
use crate::values::Source;

/// Reads one product and its US freight into the cache.
pub async fn refresh_one(ctx: &TaskContext, source: Source, id: &str) -> Result<(), SupplierError> {
    let product = ctx.suppliers.product(source, id).await?;
    let us = match ctx.suppliers.freight(source, id, "US", 1).await {
        Ok(options) => Some(options),
        Err(SupplierError::CannotShip(_)) => None,
        Err(e) => return Err(e),
    };
    supplier_products::save_detail(&ctx.pool, source, &product, us.as_deref()).await.map_err(|e| SupplierError::Unavailable(e.to_string()))?;
    if let Some(url) = product.images.first() {
        // The fingerprint only serves search by image: a missing or unreadable picture leaves
        // the product without one rather than failing its refresh.
        let fingerprint = match ctx.suppliers.image(url, 2 * 1024 * 1024).await {
            Ok(bytes) => image_hash::fingerprint_off_runtime(bytes).await,
            Err(e) => Err(e.to_string()),
        };
        match fingerprint {
            Ok(fp) => {
                supplier_products::save_fingerprint(&ctx.pool, source, id, fp.dhash, fp.color).await.map_err(|e| SupplierError::Unavailable(e.to_string()))?
            }
            Err(e) => tracing::debug!(%source, id, error = %e, "no image fingerprint"),
        }
    }
    if us.is_none() {
        supplier_products::save_freight(&ctx.pool, source, id, "US", None).await.map_err(|e| SupplierError::Unavailable(e.to_string()))?;
    }
    Ok(())
}

/// Products the supplier no longer has are skipped; an unreachable supplier fails the job
/// (transient), and the retry reads the chunk again: every write is an upsert.
impl Handler<TaskContext> for CatalogueDetailJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: CatalogueDetailJob) -> Result<Value, JobFailure> {
        let source = job.source;
        // Owned ids and context: a stream of futures borrowing the closure's argument is not Send
        // for every lifetime, which the worker's handler must be.
        let results: Vec<Result<(), SupplierError>> = futures::stream::iter(job.ids.clone())
            .map(|id| {
                let ctx = ctx.clone();
                async move { refresh_one(&ctx, source, &id).await }
            })
            .buffer_unordered(ctx.settings.catalogue.detail_concurrency.max(1))
            .collect()
            .await;
        let gone = results.iter().filter(|r| matches!(r, Err(SupplierError::NotFound(_)))).count();
        if let Some(Err(e)) = results.into_iter().find(|r| matches!(r, Err(SupplierError::Unavailable(_)))) {
            return Err(JobFailure::transient(e.to_string()));
        }
        Ok(json!({ "source": job.source, "read": job.ids.len() - gone, "gone": gone }))
    }
}
