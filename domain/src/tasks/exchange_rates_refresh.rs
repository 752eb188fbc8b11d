//! The periodic exchange-rate refresh: every `exchange_rates.refresh_secs` (schedules.rs).
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::queue::{Claimed, Handler, JobFailure};
use crate::stores::currency;
use crate::stores::jobs::ExchangeRatesRefresh;

impl Handler<TaskContext> for ExchangeRatesRefresh {
    async fn handle(ctx: &TaskContext, _: &Claimed, _: ExchangeRatesRefresh) -> Result<Value, JobFailure> {
        // An outage keeps the stored rates; the queue retries, and the next slot tries again.
        let stored = currency::refresh(&ctx.pool, &ctx.settings.exchange_rates).await.map_err(JobFailure::transient)?;
        Ok(json!({ "rates": stored }))
    }
}
