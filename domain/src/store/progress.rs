use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

/// A job as the user sees it. `queued` rows are reported as `processing`: to the user, waiting
/// and running are one state (spec: processing, then success or error).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct ProgressItem {
    pub id: i64,
    pub kind: String,
    pub status: String,
    pub error: Option<String>,
    #[schema(value_type = Object)]
    pub refs: Value,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, kind, CASE WHEN status = 'queued' THEN 'processing' ELSE status END AS status, \
     CASE WHEN status = 'queued' THEN NULL ELSE error END AS error, refs, created_at, updated_at";

pub async fn get(pool: &PgPool, workplace_id: Uuid, id: i64) -> Result<Option<ProgressItem>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM progress_items WHERE id = $1 AND workplace_id = $2"))
        .bind(id)
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?)
}

pub async fn list(pool: &PgPool, workplace_id: Uuid, kind: Option<&str>, limit: i64) -> Result<Vec<ProgressItem>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM progress_items WHERE workplace_id = $1 AND ($2::text IS NULL OR kind = $2)
         ORDER BY id DESC LIMIT $3"
    ))
    .bind(workplace_id)
    .bind(kind)
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

/// Jobs of a workplace by kind and status: (kind, status, count).
pub async fn counts(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<(String, String, i64)>> {
    Ok(sqlx::query_as("SELECT kind, status, count(*) FROM progress_items WHERE workplace_id = $1 GROUP BY kind, status ORDER BY kind, status")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?)
}
