//! Processes one stored store webhook. `app/uninstalled` disconnects the store (keeping its
//! products, orders and history); order topics store the order once (`orders::ingest`).
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::orders;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::stores;
use crate::stores::jobs::WebhookEvent;

impl Handler<TaskContext> for WebhookEvent {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: WebhookEvent) -> Result<Value, JobFailure> {
        let row: Option<(String, String, String, Option<chrono::DateTime<chrono::Utc>>, Option<uuid::Uuid>, String)> =
            sqlx::query_as("SELECT platform, topic, shop_domain, processed_at, store_id, body FROM webhook_events WHERE id = $1")
                .bind(job.event_id)
                .fetch_optional(&ctx.pool)
                .await
                .map_err(crate::Error::from)?;
        let Some((platform, topic, shop_domain, processed_at, store_id, body)) = row else {
            return Err(JobFailure::permanent(format!("webhook event {} is gone", job.event_id)));
        };
        if processed_at.is_some() {
            return Ok(json!({ "outcome": "already processed" }));
        }
        let mut tx = ctx.pool.begin().await.map_err(crate::Error::from)?;
        let outcome = match topic.as_str() {
            "app/uninstalled" => match stores::disconnect(&mut tx, &platform, &shop_domain, None).await? {
                Some(id) => format!("store {id} disconnected"),
                None => "no connected store".to_string(),
            },
            "orders/create" | "orders/cancelled" | "orders/updated" | "order.created" | "order.updated" => {
                store_order(&mut tx, &platform, store_id, &body).await?
            }
            _ => "stored".to_string(),
        };
        sqlx::query("UPDATE webhook_events SET processed_at = now(), outcome = $2 WHERE id = $1")
            .bind(job.event_id)
            .bind(&outcome)
            .execute(&mut *tx)
            .await
            .map_err(crate::Error::from)?;
        tx.commit().await.map_err(crate::Error::from)?;
        Ok(json!({ "outcome": outcome }))
    }
}

/// An order topic: the order is stored (once) in the event's transaction, so a redelivered or
/// duplicated webhook and the catch-up sync never make two orders.
async fn store_order(tx: &mut sqlx::PgConnection, platform: &str, store_id: Option<uuid::Uuid>, body: &str) -> Result<String, JobFailure> {
    let Some(store_id) = store_id else { return Ok("no store".into()) };
    let workplace: Option<uuid::Uuid> =
        sqlx::query_scalar("SELECT workplace_id FROM stores WHERE id = $1").bind(store_id).fetch_optional(&mut *tx).await.map_err(crate::Error::from)?;
    let Some(workplace_id) = workplace else { return Ok("no store".into()) };
    let value: Value = serde_json::from_str(body).map_err(|e| JobFailure::permanent(format!("order body is not JSON: {e}")))?;
    let parsed = match platform {
        "shopify" => orders::ingest::from_shopify(&value),
        _ => orders::ingest::from_woocommerce(&value),
    };
    let Some(order) = parsed else { return Ok("not an order".into()) };
    let stored = orders::ingest::save(tx, workplace_id, store_id, platform, &order).await?;
    if stored.new {
        orders::automation::on_new_order(tx, workplace_id, stored.order_id).await?;
    }
    Ok(format!("order {} {}", stored.order_id, if stored.new { "stored" } else { "known" }))
}
