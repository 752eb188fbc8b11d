//! The welcome on a user's first visit to the app: one job per user, however often it is asked.
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::jobs::Welcome;
use crate::error::Result;
use crate::queue::Job;

/// Queues the welcome job once per user; a repeat call returns the first job's id.
pub async fn first_visit(pool: &PgPool, user_id: Uuid, workplace_id: Uuid) -> Result<i64> {
    let mut tx = crate::db::begin(pool).await?;
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
