//! Smart push: the scheduler enqueues one job per slot that scans every workplace whose
//! settings apply now (see `automation::smart_push_run`).
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::TaskContext;
use crate::queue::JobFailure;
use crate::queue::runner::Claimed;

pub const KIND: &str = "smart_push";

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct SmartPushJob {
    /// One workplace; none: every workplace with smart push on.
    #[serde(default)]
    pub workplace_id: Option<Uuid>,
}

pub async fn run(ctx: &TaskContext, job: &Claimed, p: SmartPushJob) -> Result<Value, JobFailure> {
    Ok(crate::automation::smart_push_run::run(&ctx.pool, p.workplace_id, Utc::now(), job.id).await?)
}
