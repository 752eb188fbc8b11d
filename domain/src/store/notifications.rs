use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

pub struct NewNotification<'a> {
    /// The unread-count group: product, supplier, order or general.
    pub kind: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    /// Same key for the same user: inserted once.
    pub dedup_key: Option<&'a str>,
}

/// What `insert_typed` did: the row's id, and whether this call wrote it (a repeated dedup key
/// did not, so the caller does not email it again).
pub struct Inserted {
    pub id: i64,
    pub new: bool,
}

/// Returns the notification's id, or the existing one's for a repeated `dedup_key`.
pub async fn insert(conn: &mut PgConnection, workplace_id: Uuid, user_id: Uuid, n: NewNotification<'_>) -> Result<i64> {
    Ok(insert_typed(conn, workplace_id, user_id, n, None, &serde_json::json!({}), true).await?.id)
}

/// `insert` with the notification's type (`notifications::Type`), the values of its text, and
/// whether it shows in the dashboard (the owner's setting for the type).
pub async fn insert_typed(
    conn: &mut PgConnection,
    workplace_id: Uuid,
    user_id: Uuid,
    n: NewNotification<'_>,
    kind_type: Option<&str>,
    params: &serde_json::Value,
    shown: bool,
) -> Result<Inserted> {
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO notifications (workplace_id, user_id, kind, title, body, dedup_key, type, params, shown)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING RETURNING id",
    )
    .bind(workplace_id)
    .bind(user_id)
    .bind(n.kind)
    .bind(n.title)
    .bind(n.body)
    .bind(n.dedup_key)
    .bind(kind_type)
    .bind(params)
    .bind(shown)
    .fetch_optional(&mut *conn)
    .await?;
    match inserted {
        Some(id) => Ok(Inserted { id, new: true }),
        None => {
            let id = sqlx::query_scalar("SELECT id FROM notifications WHERE user_id = $1 AND dedup_key = $2")
                .bind(user_id)
                .bind(n.dedup_key)
                .fetch_one(conn)
                .await?;
            Ok(Inserted { id, new: false })
        }
    }
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct Notification {
    pub id: i64,
    pub kind: String,
    /// The event's type (`notifications::Type`); none for the welcome note.
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    pub event_type: Option<String>,
    /// What the text is made of, for the dashboard to write it in the owner's language.
    #[schema(value_type = Object)]
    pub params: serde_json::Value,
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
        "SELECT id, kind, type, params, title, body, read_at IS NOT NULL AS read, created_at FROM notifications
         WHERE workplace_id = $1 AND user_id = $2 AND shown ORDER BY created_at DESC, id DESC LIMIT $3",
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
         FROM notifications WHERE workplace_id = $1 AND user_id = $2 AND shown AND read_at IS NULL",
    )
    .bind(workplace_id)
    .bind(user_id)
    .fetch_one(pool)
    .await?)
}

/// Marks one of the caller's notifications read; false when it is not theirs (or not there).
pub async fn mark_read(pool: &PgPool, workplace_id: Uuid, user_id: Uuid, id: i64) -> Result<bool> {
    let n = sqlx::query("UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND workplace_id = $2 AND user_id = $3 AND shown")
        .bind(id)
        .bind(workplace_id)
        .bind(user_id)
        .execute(pool)
        .await?
        .rows_affected();
    Ok(n > 0)
}

/// Marks every unread notification of the caller in the workplace read; returns how many.
pub async fn mark_all_read(pool: &PgPool, workplace_id: Uuid, user_id: Uuid) -> Result<u64> {
    Ok(sqlx::query("UPDATE notifications SET read_at = now() WHERE workplace_id = $1 AND user_id = $2 AND read_at IS NULL")
        .bind(workplace_id)
        .bind(user_id)
        .execute(pool)
        .await?
        .rows_affected())
}
