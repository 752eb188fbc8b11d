//! Splits an imported product by an option (see `products::copies::split`); the job's progress
//! item is the split's tracking id.
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use super::TaskContext;
use crate::error::Error;
use crate::products::copies;
use crate::queue::JobFailure;

pub const KIND: &str = "split_product";

#[derive(Debug, Serialize, Deserialize)]
pub struct SplitProductJob {
    pub workplace_id: Uuid,
    pub product_id: Uuid,
    pub option: String,
}

/// A re-run after a finished split finds the option gone from the product and fails plainly;
/// the first run's outcome (its product ids) is what the tracking call shows.
pub async fn run(ctx: &TaskContext, job: SplitProductJob) -> Result<Value, JobFailure> {
    match copies::split(&ctx.pool, job.workplace_id, job.product_id, &job.option).await {
        Ok(ids) => Ok(json!({ "product_ids": ids })),
        Err(e @ (Error::Validation { .. } | Error::DataNotFound)) => Err(JobFailure::permanent(e.to_string())),
        Err(e) => Err(e.into()),
    }
}
