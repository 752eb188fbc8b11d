//! `automation_settings`: smart push and auto update settings, one row per workplace (no row:
//! the spec's defaults), and the sync log written by supplier sync and smart push.
use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Row {
    pub smart_push: Value,
    pub auto_update: Value,
    pub smart_push_since: DateTime<Utc>,
}

pub async fn get(pool: &PgPool, workplace_id: Uuid) -> Result<Option<Row>> {
    Ok(sqlx::query_as("SELECT smart_push, auto_update, smart_push_since FROM automation_settings WHERE workplace_id = $1")
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?)
}

/// Saves smart push; `restart` moves `smart_push_since` to now (smart push just became active,
/// so what was imported while it was off is not "new").
pub async fn save_smart_push(pool: &PgPool, workplace_id: Uuid, settings: &Value, restart: bool) -> Result<DateTime<Utc>> {
    Ok(sqlx::query_scalar(
        "INSERT INTO automation_settings (workplace_id, smart_push) VALUES ($1, $2)
         ON CONFLICT (workplace_id) DO UPDATE SET smart_push = EXCLUDED.smart_push, updated_at = now(),
             smart_push_since = CASE WHEN $3 THEN now() ELSE automation_settings.smart_push_since END
         RETURNING smart_push_since",
    )
    .bind(workplace_id)
    .bind(settings)
    .bind(restart)
    .fetch_one(pool)
    .await?)
}

pub async fn save_auto_update(pool: &PgPool, workplace_id: Uuid, settings: &Value) -> Result<()> {
    sqlx::query(
        "INSERT INTO automation_settings (workplace_id, auto_update) VALUES ($1, $2)
         ON CONFLICT (workplace_id) DO UPDATE SET auto_update = EXCLUDED.auto_update, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(settings)
    .execute(pool)
    .await?;
    Ok(())
}

/// Workplaces whose saved smart push is on and names at least one destination (the spec's
/// first two conditions, checked in SQL so a tick does not read every workplace).
pub async fn smart_push_candidates(pool: &PgPool, only: Option<Uuid>) -> Result<Vec<(Uuid, Row)>> {
    #[derive(sqlx::FromRow)]
    struct Candidate {
        workplace_id: Uuid,
        #[sqlx(flatten)]
        row: Row,
    }
    let rows: Vec<Candidate> = sqlx::query_as(
        "SELECT workplace_id, smart_push, auto_update, smart_push_since FROM automation_settings
         WHERE ($1::uuid IS NULL OR workplace_id = $1)
           AND COALESCE((smart_push->>'is_enable')::boolean, true)
           AND jsonb_array_length(COALESCE(smart_push #> '{actions,pushed_connected_channels,store_ids}', '[]')) > 0",
    )
    .bind(only)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.workplace_id, r.row)).collect())
}

/// Workplaces holding pushed products, with their saved auto update settings (`{}` when none).
pub async fn sync_candidates(pool: &PgPool) -> Result<Vec<(Uuid, Value)>> {
    Ok(sqlx::query_as(
        // One index probe per workplace (push_targets_workplace), not a scan of every target.
        "SELECT w.id, COALESCE(a.auto_update, '{}')
         FROM workplaces w LEFT JOIN automation_settings a ON a.workplace_id = w.id
         WHERE EXISTS (SELECT 1 FROM push_targets t WHERE t.workplace_id = w.id AND t.status = 'success')",
    )
    .fetch_all(pool)
    .await?)
}

/// When the workplace's last supplier sync ended well.
pub async fn last_sync(pool: &PgPool, workplace_id: Uuid, kind: &str) -> Result<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar("SELECT max(finished_at) FROM progress_items WHERE workplace_id = $1 AND kind = $2 AND status = 'success'")
        .bind(workplace_id)
        .bind(kind)
        .fetch_one(pool)
        .await?)
}

/// One sync log row per product, kind and run. The first write wins: a job run again after a
/// crash finds its earlier changes already saved ("no change"), and must not hide them.
pub async fn log(
    conn: &mut PgConnection,
    workplace_id: Uuid,
    product_id: Uuid,
    kind: &str,
    progress_id: i64,
    detail: &Value,
    error: Option<&str>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO sync_log (workplace_id, product_id, kind, progress_id, detail, error) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (product_id, kind, progress_id) WHERE progress_id IS NOT NULL DO NOTHING",
    )
    .bind(workplace_id)
    .bind(product_id)
    .bind(kind)
    .bind(progress_id)
    .bind(detail)
    .bind(error)
    .execute(conn)
    .await?;
    Ok(())
}

/// The workplace's owner: who automation acts as and whom it notifies.
pub async fn owner(pool: &PgPool, workplace_id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT owner_id FROM workplaces WHERE id = $1").bind(workplace_id).fetch_optional(pool).await?)
}
