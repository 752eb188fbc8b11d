//! Splits an imported product by an option (see `products::copies::split`); the job's progress
//! item is the split's tracking id.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::error::Error;
use crate::products::copies;
use crate::products::jobs::SplitProductJob;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};

/// A re-run after a finished split finds the option gone from the product and fails plainly;
/// the first run's outcome (its product ids) is what the tracking call shows.
impl Handler<TaskContext> for SplitProductJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: SplitProductJob) -> Result<Value, JobFailure> {
        match copies::split(&ctx.pool, job.workplace_id, job.product_id, &job.option).await {
            Ok(ids) => Ok(json!({ "product_ids": ids })),
            Err(e @ (Error::Validation { .. } | Error::DataNotFound)) => Err(JobFailure::permanent(e.to_string())),
            Err(e) => Err(e.into()),
        }
    }
}
