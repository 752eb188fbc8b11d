//! Drives one supplier order forward: places it (exactly once, by its idempotency key) and, when
//! the user asked to pay on placement, pays it. Safe to run any number of times.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::orders::jobs::PlaceOrder;
use crate::orders::placing::{self, Placed};
use crate::orders::{aliexpress_placing, ebay_placing};
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};

impl Handler<TaskContext> for PlaceOrder {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: PlaceOrder) -> Result<Value, JobFailure> {
        let Some((row, lines)) = ctx.placing_loads.call(p.source_order_id).await.map_err(JobFailure::transient)? else {
            return Err(JobFailure::permanent(format!("source order {} is gone", p.source_order_id)));
        };
        if row.status == "placing" {
            // AliExpress and eBay orders are completed by the owner at the marketplace.
            let placed = match row.source.as_str() {
                "aliexpress" => aliexpress_placing::place(&ctx.pool, &ctx.sealer, &ctx.suppliers, &row, &lines).await,
                "ebay" => ebay_placing::place(&ctx.pool, &ctx.suppliers, &row, &lines).await,
                _ => placing::place(&ctx.pool, &ctx.suppliers, &ctx.created_orders, &row, &lines).await,
            };
            match placed {
                // Recorded waiting for payment: the owner did not ask to pay it now.
                Ok(Placed::Ok) => return Ok(json!({ "outcome": "waiting_payment" })),
                Ok(Placed::Paying { method, order_no, total_cents }) => {
                    let row = placing::Row { status: "paying".into(), order_no: Some(order_no), total_cents, ..row };
                    return crate::orders::pay::pay_claimed(ctx, job, &row, &method).await;
                }
                Ok(Placed::Nothing) => return Ok(json!({ "outcome": "nothing to do" })),
                Ok(Placed::Refused(key)) => return Ok(json!({ "outcome": "refused", "error_key": key })),
                Err(e) if job.attempts >= job.max_attempts => {
                    placing::fail(&ctx.pool, &row, "error_checkout_products", Some(e.to_string())).await?;
                    return Ok(json!({ "outcome": "gave up", "error": e.to_string() }));
                }
                Err(e) => return Err(JobFailure::transient(e.to_string())),
            }
        }
        crate::orders::pay::after_placement(ctx, job, p.source_order_id).await
    }
}
