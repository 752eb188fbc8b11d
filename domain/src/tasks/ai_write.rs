//! Writes one product of a bulk AI writing request (`ai_writing::bulk`). A model that asks to
//! slow down is retried after the wait it gave; one that is down is retried with backoff; a
//! refusal (bad key, context too long, quota used up) ends the item with the reason.
use serde_json::Value;

use crate::ai_writing::bulk::{self, AiWriteJob};
use crate::context::TaskContext;
use crate::error::Error;
use crate::queue::{Claimed, Handler, JobFailure};

impl Handler<TaskContext> for AiWriteJob {
    async fn handle(ctx: &TaskContext, job: &Claimed, payload: AiWriteJob) -> Result<Value, JobFailure> {
        match bulk::run(&ctx.pool, &ctx.sealer, &ctx.settings.inspect, job.id, &payload).await {
            Ok(v) => Ok(v),
            Err(e @ Error::RateLimited { retry_after_secs, .. }) => {
                Err(JobFailure::retry_in(e.to_string(), std::time::Duration::from_secs(retry_after_secs.max(1))))
            }
            Err(e) => Err(e.into()),
        }
    }
}
