//! Smart push: the scheduler enqueues one job per slot that scans every workplace whose
//! settings apply now (see `automation::smart_push_run`).
use chrono::Utc;
use serde_json::Value;

use crate::automation::jobs::SmartPushJob;
use crate::automation::optimise::Writer;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};

impl Handler<TaskContext> for SmartPushJob {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: SmartPushJob) -> Result<Value, JobFailure> {
        let writer = Writer { sealer: &ctx.sealer, inspect: &ctx.settings.inspect };
        Ok(crate::automation::smart_push_run::run(&ctx.pool, &writer, p.workplace_id, Utc::now(), job.id, ctx.settings.shopify.bulk_threshold).await?)
    }
}
