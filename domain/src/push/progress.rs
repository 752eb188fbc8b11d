//! What the dashboard polls: push-progress items, the product center with each product's
//! destinations and sync state, and a product's sync log.
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

/// A push-progress item (spec section 3): one product and one destination.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[schema(as = PushProgressItem)]
pub struct ProgressItem {
    pub id: i64,
    pub channel: String,
    pub channel_label: String,
    pub status: String,
    pub product_package_id: Uuid,
    pub image: Option<String>,
    pub title: String,
    pub error: Option<String>,
    /// The product's id at the destination (the first part's).
    pub product_id: Option<String>,
}

const LABEL: &str = "CASE t.destination WHEN 'tiktok' THEN 'TikTok Shop' WHEN 'facebook' THEN 'Facebook & Instagram'
    WHEN 'google' THEN 'Google Merchant Center' ELSE COALESCE(NULLIF(s.name, ''), s.platform_domain) END";

/// The items of the given jobs, or the workplace's pushes of the last hour.
pub async fn items(pool: &PgPool, workplace_id: Uuid, ids: Option<&[i64]>) -> Result<Vec<ProgressItem>> {
    let sql = format!(
        "SELECT t.progress_id AS id, t.destination AS channel, {LABEL} AS channel_label, t.status, t.product_id AS product_package_id,
                p.thumbnail AS image, p.title, t.error, t.remote_ids[1] AS product_id
         FROM push_targets t JOIN products p ON p.id = t.product_id LEFT JOIN stores s ON s.id = t.store_id
         WHERE t.workplace_id = $1 AND t.progress_id IS NOT NULL
           AND (($2::bigint[] IS NULL AND t.updated_at > now() - interval '1 hour') OR t.progress_id = ANY($2))
         ORDER BY t.progress_id"
    );
    Ok(sqlx::query_as(&sql).bind(workplace_id).bind(ids).fetch_all(pool).await?)
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct TargetView {
    pub destination: String,
    pub channel_label: String,
    pub status: String,
    pub error: Option<String>,
    pub remote_ids: Vec<String>,
    pub pushed_at: Option<DateTime<Utc>>,
    pub synced_at: Option<DateTime<Utc>>,
    pub sync_change: Option<String>,
    pub sync_error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PushedProduct {
    pub id: Uuid,
    pub title: String,
    pub image: Option<String>,
    pub source: String,
    pub variant_count: i64,
    pub price_from: f64,
    pub price_to: f64,
    /// Destination key to its push status.
    #[schema(value_type = Object)]
    pub pushed: Value,
    pub targets: Vec<TargetView>,
}

/// The product center: products pushed at least once (or being pushed), newest first.
pub async fn pushed(pool: &PgPool, workplace_id: Uuid, keyword: Option<&str>, page: i64, page_size: i64) -> Result<(i64, Vec<PushedProduct>)> {
    let pattern = keyword.map(|k| format!("%{}%", k.trim()));
    let total: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM products p WHERE p.workplace_id = $1 AND EXISTS (SELECT 1 FROM push_targets t WHERE t.product_id = p.id)
           AND ($2::text IS NULL OR p.title ILIKE $2)",
    )
    .bind(workplace_id)
    .bind(&pattern)
    .fetch_one(pool)
    .await?;
    let rows: Vec<(Uuid, String, Option<String>, String, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT p.id, p.title, p.thumbnail, p.source, count(v.id), min(v.price_cents), max(v.price_cents)
         FROM products p LEFT JOIN product_variants v ON v.product_id = p.id AND v.enabled
         WHERE p.workplace_id = $1 AND EXISTS (SELECT 1 FROM push_targets t WHERE t.product_id = p.id) AND ($2::text IS NULL OR p.title ILIKE $2)
         GROUP BY p.id ORDER BY max(p.updated_at) DESC, p.id LIMIT $3 OFFSET $4",
    )
    .bind(workplace_id)
    .bind(&pattern)
    .bind(page_size)
    .bind((page.max(1) - 1) * page_size)
    .fetch_all(pool)
    .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.0).collect();
    let sql = format!(
        "SELECT t.product_id, t.destination, {LABEL} AS channel_label, t.status, t.error, t.remote_ids, t.pushed_at, t.synced_at, t.sync_change, t.sync_error
         FROM push_targets t LEFT JOIN stores s ON s.id = t.store_id WHERE t.workplace_id = $1 AND t.product_id = ANY($2) ORDER BY t.created_at"
    );
    let targets: Vec<(Uuid, TargetRow)> =
        sqlx::query_as::<_, TargetRow>(&sql).bind(workplace_id).bind(&ids).fetch_all(pool).await?.into_iter().map(|r| (r.product_id, r)).collect();
    let items = rows
        .into_iter()
        .map(|(id, title, image, source, n, lo, hi)| {
            let mine: Vec<TargetView> = targets.iter().filter(|(p, _)| *p == id).map(|(_, r)| r.view()).collect();
            let pushed = Value::Object(mine.iter().map(|t| (t.destination.clone(), Value::from(t.status.clone()))).collect());
            PushedProduct {
                id,
                title,
                image,
                source,
                variant_count: n,
                price_from: lo.unwrap_or(0) as f64 / 100.0,
                price_to: hi.unwrap_or(0) as f64 / 100.0,
                pushed,
                targets: mine,
            }
        })
        .collect();
    Ok((total, items))
}

#[derive(sqlx::FromRow)]
struct TargetRow {
    product_id: Uuid,
    destination: String,
    channel_label: String,
    status: String,
    error: Option<String>,
    remote_ids: Vec<String>,
    pushed_at: Option<DateTime<Utc>>,
    synced_at: Option<DateTime<Utc>>,
    sync_change: Option<String>,
    sync_error: Option<String>,
}

impl TargetRow {
    fn view(&self) -> TargetView {
        TargetView {
            destination: self.destination.clone(),
            channel_label: self.channel_label.clone(),
            status: self.status.clone(),
            error: self.error.clone(),
            remote_ids: self.remote_ids.clone(),
            pushed_at: self.pushed_at,
            synced_at: self.synced_at,
            sync_change: self.sync_change.clone(),
            sync_error: self.sync_error.clone(),
        }
    }
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct SyncLogEntry {
    pub id: i64,
    pub destination: Option<String>,
    pub kind: String,
    #[schema(value_type = Object)]
    pub detail: Value,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub async fn sync_log(pool: &PgPool, workplace_id: Uuid, product_id: Uuid) -> Result<Vec<SyncLogEntry>> {
    Ok(sqlx::query_as(
        "SELECT id, destination, kind, detail, error, created_at FROM sync_log WHERE workplace_id = $1 AND product_id = $2 ORDER BY id DESC LIMIT 200",
    )
    .bind(workplace_id)
    .bind(product_id)
    .fetch_all(pool)
    .await?)
}
