//! The scheduled refund sync: every open supplier refund (all workplaces, least recently
//! checked first, 200 per run) is read at its supplier; see `orders::refund`.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::orders::jobs::RefundSyncJob;
use crate::orders::refund;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};

impl Handler<TaskContext> for RefundSyncJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, _job: RefundSyncJob) -> Result<Value, JobFailure> {
        let items = refund::sync(&ctx.pool, &ctx.suppliers, None, None, None).await?;
        let completed = items.iter().filter(|i| i.refund_status.as_deref() == Some("completed")).count();
        let errors = items.iter().filter(|i| i.status == "error").count();
        Ok(json!({ "checked": items.len(), "completed": completed, "errors": errors }))
    }
}
