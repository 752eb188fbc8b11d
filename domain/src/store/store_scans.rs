//! Store inspections and their results. Reads are scoped to the workplace.
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

/// A scan as the dashboard polls it: `processing`, then `success` with `result` or `error` with
/// a sentence saying why.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
pub struct StoreScan {
    pub id: Uuid,
    pub url: String,
    pub status: String,
    pub error: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub result: Option<Value>,
    pub progress_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, url, status, error, result, progress_id, created_at, updated_at";

/// A new scan in the caller's transaction (its job is enqueued in the same one).
pub async fn create(conn: &mut PgConnection, workplace_id: Uuid, user_id: Uuid, url: &str) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO store_scans (id, workplace_id, user_id, url) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(workplace_id)
        .bind(user_id)
        .bind(url)
        .execute(conn)
        .await?;
    Ok(id)
}

pub async fn set_progress(conn: &mut PgConnection, id: Uuid, progress_id: i64) -> Result<()> {
    sqlx::query("UPDATE store_scans SET progress_id = $2 WHERE id = $1").bind(id).bind(progress_id).execute(conn).await?;
    Ok(())
}

pub async fn get(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<Option<StoreScan>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM store_scans WHERE id = $1 AND workplace_id = $2"))
        .bind(id)
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?)
}

/// Records the outcome once: a scan that already finished is left as it is (a re-run job).
/// Returns whether this call recorded it.
pub async fn finish(pool: &PgPool, workplace_id: Uuid, id: Uuid, outcome: std::result::Result<Value, String>) -> Result<bool> {
    let (status, result, error) = match outcome {
        Ok(result) => ("success", Some(result), None),
        Err(error) => ("error", None, Some(error)),
    };
    let done = sqlx::query(
        "UPDATE store_scans SET status = $3, result = $4, error = $5, updated_at = now(), finished_at = now()
         WHERE id = $1 AND workplace_id = $2 AND status = 'processing'",
    )
    .bind(id)
    .bind(workplace_id)
    .bind(status)
    .bind(result)
    .bind(error)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
