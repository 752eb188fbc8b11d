//! Places the orders a `scheduled` automation flow holds for its time of day (one job per flow
//! and daily slot, enqueued by `schedules.rs`).
use serde_json::Value;

use crate::context::TaskContext;
use crate::orders::automation::{self, ScheduledRun};
use crate::queue::{Claimed, Handler, JobFailure};

impl Handler<TaskContext> for ScheduledRun {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: ScheduledRun) -> Result<Value, JobFailure> {
        Ok(automation::place_scheduled(&ctx.pool, &job).await?)
    }
}
