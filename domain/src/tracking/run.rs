//! What a tracking run covers and how far it got, for those who follow one (the CLI's bar).
use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;

/// Parcels a run will read now: not final, and due (or all when `now`); one workplace or all.
pub async fn due(pool: &PgPool, workplace_id: Option<Uuid>, now: bool) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT count(*) FROM shipments WHERE status NOT IN ('delivered', 'expired') AND ($1::uuid IS NULL OR workplace_id = $1) AND (next_check_at <= now() OR $2)",
    )
    .bind(workplace_id)
    .bind(now)
    .fetch_one(pool)
    .await?)
}

/// Parcels read since `since` (the database's clock: compare with `database_now`).
pub async fn read_since(pool: &PgPool, workplace_id: Option<Uuid>, since: DateTime<Utc>) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM shipments WHERE checked_at >= $1 AND ($2::uuid IS NULL OR workplace_id = $2)")
        .bind(since)
        .bind(workplace_id)
        .fetch_one(pool)
        .await?)
}

pub async fn database_now(pool: &PgPool) -> Result<DateTime<Utc>> {
    Ok(sqlx::query_scalar("SELECT now()").fetch_one(pool).await?)
}

/// A job's state as the operator follows it: (status, refs, error).
pub async fn job_state(pool: &PgPool, id: i64) -> Result<(String, Value, Option<String>)> {
    Ok(sqlx::query_as("SELECT status, refs, error FROM progress_items WHERE id = $1").bind(id).fetch_one(pool).await?)
}
