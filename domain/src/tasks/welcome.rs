//! `POST auth/first-time-in-app`: the first-visit bookkeeping and a welcome notification.
use serde_json::{Value, json};
use uuid::Uuid;

use crate::accounts::jobs::Welcome;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler, Job};
use crate::store::notifications;

impl Handler<TaskContext> for Welcome {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: Welcome) -> Result<Value, JobFailure> {
        let mut tx = ctx.pool.begin().await.map_err(crate::Error::from)?;
        sqlx::query("UPDATE users SET first_time_in_app_at = COALESCE(first_time_in_app_at, now()) WHERE id = $1")
            .bind(job.user_id)
            .execute(&mut *tx)
            .await
            .map_err(crate::Error::from)?;
        // The dedup key makes a re-run (a retry, a re-delivered job) a no-op.
        let id = notifications::insert(
            &mut tx,
            job.workplace_id,
            job.user_id,
            notifications::NewNotification {
                kind: "general",
                title: "Welcome to Dropline",
                body: "Find a product, import it and push it to your store: the quick-start guide on your home page walks you through it.",
                dedup_key: Some("welcome"),
            },
        )
        .await?;
        tx.commit().await.map_err(crate::Error::from)?;
        Ok(json!({ "notification_id": id }))
    }
}

/// Queues the welcome job once per user; a repeat call returns the first job's id.
pub async fn enqueue(pool: &sqlx::PgPool, user_id: Uuid, workplace_id: Uuid) -> crate::Result<i64> {
    let mut tx = pool.begin().await?;
    // Serialise concurrent first visits of the same user (double click, two tabs).
    sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE").bind(user_id).execute(&mut *tx).await?;
    let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM progress_items WHERE kind = $1 AND refs->>'user_id' = $2::text ORDER BY id LIMIT 1")
        .bind(Welcome::KIND)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
    if let Some(id) = existing {
        return Ok(id);
    }
    let id = crate::queue::enqueue(&mut tx, Some(workplace_id), &Welcome { user_id, workplace_id }, json!({ "user_id": user_id })).await?;
    tx.commit().await?;
    Ok(id)
}
