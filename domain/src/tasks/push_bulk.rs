//! One run of a store's bulk push (`push::bulk`, `push::bulk_run`). The job's own run starts the
//! phases and, while an operation runs, comes back every `shopify.bulk_poll_secs` (the attempt
//! given back) in case `bulk_operations/finish` never arrives; a webhook's run reads only the
//! operation it names and never waits.
use serde_json::{Value, json};
use std::time::Duration;

use crate::context::TaskContext;
use crate::push::bulk::PushBulkJob;
use crate::push::bulk_run::{self, Step};
use crate::push::listing::PushError;
use crate::queue::{Claimed, Handler, JobFailure};

impl Handler<TaskContext> for PushBulkJob {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: PushBulkJob) -> Result<Value, JobFailure> {
        let lease = ctx.settings.queue.lease_secs as f64;
        let Some(mut row) = bulk_run::lease(&ctx.pool, p.workplace_id, p.bulk_id, lease).await? else {
            // The webhook's run and the poll at once: this one comes back in a moment.
            return Err(JobFailure::wait_for("another run of this bulk push is in progress", Duration::from_secs(2)));
        };
        let stepped = bulk_run::step(ctx, &mut row, p.operation.as_deref()).await;
        bulk_run::release(&ctx.pool, row.id).await?;
        let poll = Duration::from_secs(ctx.settings.shopify.bulk_poll_secs.max(1));
        match stepped {
            Ok(Step::Done(report)) => {
                if p.operation.is_some() && report.get("phase").is_some() {
                    bulk_run::wake_poller(&ctx.pool, row.id).await?;
                }
                Ok(report)
            }
            Ok(Step::Wait) if p.operation.is_none() => Err(JobFailure::wait_for("Shopify's bulk operation is running", poll)),
            Ok(Step::Wait) => Ok(json!({ "waiting": row.operation_id })),
            // The shop runs as many bulk operations as it may: not a failure, try again shortly.
            Err(e @ PushError::Throttled(_)) => Err(JobFailure::wait_for(e.to_string(), poll.min(Duration::from_secs(30)))),
            Err(e @ (PushError::Rejected(_) | PushError::Revoked(_))) => give_up(ctx, &row, &e).await,
            Err(e) if job.attempts >= job.max_attempts => give_up(ctx, &row, &e).await,
            Err(e) => Err(JobFailure::transient(e.to_string())),
        }
    }
}

/// Nothing will retry it: every product still in the bulk push ends in `error` with the reason.
async fn give_up(ctx: &TaskContext, row: &bulk_run::Row, e: &PushError) -> Result<Value, JobFailure> {
    bulk_run::fail(&ctx.pool, row, &e.to_string()).await?;
    Err(JobFailure::permanent(e.to_string()))
}
