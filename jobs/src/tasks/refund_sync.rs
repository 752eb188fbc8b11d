//! The scheduled refund sync: every open supplier refund (all workplaces, least recently
//! checked first, 200 per run) is read at its supplier; see `orders::refund`.
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::TaskContext;
use crate::orders::refund;
use crate::queue::JobFailure;

pub const KIND: &str = "refund_sync";

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct RefundSyncJob {}

pub async fn run(ctx: &TaskContext, _job: RefundSyncJob) -> Result<Value, JobFailure> {
    let items = refund::sync(&ctx.pool, &ctx.suppliers, None, None, None).await?;
    let completed = items.iter().filter(|i| i.refund_status.as_deref() == Some("completed")).count();
    let errors = items.iter().filter(|i| i.status == "error").count();
    Ok(json!({ "checked": items.len(), "completed": completed, "errors": errors }))
}
