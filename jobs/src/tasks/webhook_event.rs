//! Processes one stored store webhook. `app/uninstalled` disconnects the store (keeping its
//! products, orders and history); order topics are kept for the order center to read.
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::TaskContext;
use crate::queue::JobFailure;
use crate::store::stores;

pub const KIND: &str = "webhook_event";

#[derive(Debug, Serialize, Deserialize)]
pub struct WebhookEvent {
    pub event_id: i64,
}

pub async fn run(ctx: &TaskContext, job: WebhookEvent) -> Result<Value, JobFailure> {
    let row: Option<(String, String, String, Option<chrono::DateTime<chrono::Utc>>)> =
        sqlx::query_as("SELECT platform, topic, shop_domain, processed_at FROM webhook_events WHERE id = $1")
            .bind(job.event_id)
            .fetch_optional(&ctx.pool)
            .await
            .map_err(crate::Error::from)?;
    let Some((platform, topic, shop_domain, processed_at)) = row else {
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
