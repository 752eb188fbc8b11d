//! Reads one source's catalogue into the cache: its category tree and its product pages, then
//! queues detail reads (price range, variants, shipping) in chunks for what is due.
use chrono::Utc;
use serde_json::{Value, json};

use crate::catalogue::jobs::CatalogueDetailJob;
use crate::catalogue::jobs::CatalogueSyncJob;
use crate::connectors::suppliers::SupplierError;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::supplier_products;

const PAGE_SIZE: i64 = 100;
const DETAIL_CHUNK: usize = 50;

pub fn failure(e: SupplierError) -> JobFailure {
    match e {
        SupplierError::Unavailable(m) => JobFailure::transient(m),
        other => JobFailure::permanent(other.to_string()),
    }
}

impl Handler<TaskContext> for CatalogueSyncJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: CatalogueSyncJob) -> Result<Value, JobFailure> {
        let source = job.source;
        let tree = ctx.suppliers.categories(source).await.map_err(failure)?;
        supplier_products::save_document(&ctx.pool, source, "categories", &tree["categories"]).await?;
        let max_pages = ctx.settings.catalogue.max_pages;
        let (mut page, mut pages, mut read) = (1, 1, 0u64);
        while page <= pages {
            let answer = ctx.suppliers.page(source, page, PAGE_SIZE).await.map_err(failure)?;
            pages = (answer.total + PAGE_SIZE - 1) / PAGE_SIZE;
            if max_pages > 0 {
                pages = pages.min(max_pages);
            }
            read += supplier_products::upsert_summaries(&ctx.pool, source, &answer.items).await?;
            page += 1;
        }
        // A first load changes the table from empty to thousands of rows: without fresh statistics
        // the planner joins every row before sorting instead of walking the sort index.
        supplier_products::analyze(&ctx.pool).await?;
        let fresh_after = Utc::now() - chrono::Duration::seconds(ctx.settings.catalogue.detail_fresh_secs);
        let due = supplier_products::due_for_detail(&ctx.pool, source, fresh_after, pages * PAGE_SIZE).await?;
        let payloads: Vec<CatalogueDetailJob> = due.chunks(DETAIL_CHUNK).map(|ids| CatalogueDetailJob { source, ids: ids.to_vec() }).collect();
        let detail_jobs = payloads.len();
        crate::queue::enqueue_many(&ctx.pool, None, &payloads).await?;
        Ok(json!({ "source": source, "products": read, "detail_jobs": detail_jobs }))
    }
}
