//! Places the orders a `scheduled` automation flow holds for its time of day (one job per flow
//! and daily slot, enqueued by `schedules.rs`).
use serde_json::Value;

use super::TaskContext;
use crate::orders::automation::{self, ScheduledRun};
use crate::queue::JobFailure;

pub const KIND: &str = "order_automation";

pub async fn run(ctx: &TaskContext, job: ScheduledRun) -> Result<Value, JobFailure> {
    Ok(automation::place_scheduled(&ctx.pool, &job).await?)
}
