use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

pub struct NewNotification<'a> {
    pub kind: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    /// Same key for the same user: inserted once.
    pub dedup_key: Option<&'a str>,
}

/// Returns the notification's id, or the existing one's for a repeated `dedup_key`.
pub async fn insert(conn: &mut PgConnection, workplace_id: Uuid, user_id: Uuid, n: NewNotification<'_>) -> Result<i64> {
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO notifications (workplace_id, user_id, kind, title, body, dedup_key)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING RETURNING id",
    )
    .bind(workplace_id)
    .bind(user_id)
    .bind(n.kind)
    .bind(n.title)
    .bind(n.body)
    .bind(n.dedup_key)
    .fetch_optional(&mut *conn)
    .await?;
    match inserted {
        Some(id) => Ok(id),
        None => {
            Ok(sqlx::query_scalar("SELECT id FROM notifications WHERE user_id = $1 AND dedup_key = $2").bind(user_id).bind(n.dedup_key).fetch_one(conn).await?)
        }
    }
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct Notification {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub body: String,
    pub read: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Default, Serialize, sqlx::FromRow, ToSchema)]
pub struct UnreadCounts {
    pub total: i64,
    pub product: i64,
    pub supplier: i64,
    pub order: i64,
}

pub async fn list(pool: &PgPool, workplace_id: Uuid, user_id: Uuid, limit: i64) -> Result<Vec<Notification>> {
    Ok(sqlx::query_as(
        "SELECT id, kind, title, body, read_at IS NOT NULL AS read, created_at FROM notifications
         WHERE workplace_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(workplace_id)
    .bind(user_id)
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

pub async fn unread(pool: &PgPool, workplace_id: Uuid, user_id: Uuid) -> Result<UnreadCounts> {
    Ok(sqlx::query_as(
        "SELECT count(*) AS total,
                count(*) FILTER (WHERE kind = 'product') AS product,
                count(*) FILTER (WHERE kind = 'supplier') AS supplier,
                count(*) FILTER (WHERE kind = 'order') AS \"order\"
         FROM notifications WHERE workplace_id = $1 AND user_id = $2 AND read_at IS NULL",
    )
    .bind(workplace_id)
    .bind(user_id)
    .fetch_one(pool)
    .await?)
}
