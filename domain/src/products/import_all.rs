//! import-all: a batch of products, one job each. A batch item is finished in the transaction
//! that stores its product, so a re-run job sees it done and imports nothing twice.
use serde::Serialize;
use sqlx::PgPool;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

use super::import::ImportRequest;
use crate::error::{Error, Result};
use crate::plans::quota;
use crate::products::jobs::ImportProductJob;
use crate::values::product_key;

pub const MAX_ITEMS: usize = 5_000;
pub const SYSTEM_QUOTA_EXCEEDED: &str = "SYSTEM_QUOTA_EXCEEDED";
pub const EXCEED_QUOTA_LIMIT: &str = "EXCEED_QUOTA_LIMIT";

/// Creates the batch, its items and their jobs in one transaction.
pub async fn start(pool: &PgPool, workplace_id: Uuid, items: &[ImportRequest]) -> Result<(Uuid, usize)> {
    if items.is_empty() || items.len() > MAX_ITEMS {
        return Err(Error::field("import_data", format!("send 1 to {MAX_ITEMS} products")));
    }
    if quota::state(pool, workplace_id, "IMPORT_PRODUCT").await?.is_out_quota {
        return Err(Error::QuotaExpired(SYSTEM_QUOTA_EXCEEDED.into()));
    }
    let batch_id = Uuid::new_v4();
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("INSERT INTO import_batches (id, workplace_id, total) VALUES ($1, $2, $3)")
        .bind(batch_id)
        .bind(workplace_id)
        .bind(items.len() as i32)
        .execute(&mut *tx)
        .await?;
    let payloads: Vec<ImportProductJob> = (0..items.len()).map(|i| ImportProductJob { batch_id, position: i as i32, workplace_id }).collect();
    let job_ids = crate::queue::enqueue_many_in(&mut tx, Some(workplace_id), &payloads).await?;
    sqlx::query(
        "INSERT INTO import_batch_items (batch_id, position, source, source_product_id, ship_to, progress_id)
         SELECT $1, n - 1, s, i, c, j FROM UNNEST($2::text[], $3::text[], $4::text[], $5::bigint[]) WITH ORDINALITY AS t(s, i, c, j, n)",
    )
    .bind(batch_id)
    .bind(items.iter().map(|r| r.source.as_str()).collect::<Vec<_>>())
    .bind(items.iter().map(|r| r.source_product_id.as_str()).collect::<Vec<_>>())
    .bind(items.iter().map(|r| r.ship_to.0.as_str()).collect::<Vec<_>>())
    .bind(&job_ids)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((batch_id, items.len()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BatchStatus {
    pub tracking_id: Uuid,
    /// processing or done
    pub status: &'static str,
    pub total: i64,
    pub done: i64,
    /// "source:productId" → product_package_id
    #[schema(value_type = Object)]
    pub success: BTreeMap<String, Uuid>,
    /// "source:productId" → error key or message
    #[schema(value_type = Object)]
    pub failed: BTreeMap<String, String>,
}

/// The batch's items; an item whose job ended in error without finishing it counts as failed.
pub async fn status(pool: &PgPool, workplace_id: Uuid, batch_id: Uuid) -> Result<BatchStatus> {
    let total: i32 = sqlx::query_scalar("SELECT total FROM import_batches WHERE id = $1 AND workplace_id = $2")
        .bind(batch_id)
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?
        .ok_or(Error::NotFound("import"))?;
    let rows: Vec<(String, String, String, Option<Uuid>, Option<String>, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT i.source, i.source_product_id, i.status, i.product_id, i.error, p.status, p.error
         FROM import_batch_items i LEFT JOIN progress_items p ON p.id = i.progress_id
         WHERE i.batch_id = $1 ORDER BY i.position",
    )
    .bind(batch_id)
    .fetch_all(pool)
    .await?;
    let (mut success, mut failed) = (BTreeMap::new(), BTreeMap::new());
    for (source, id, status, product, error, job_status, job_error) in rows {
        let key = product_key(&source, &id);
        match (status.as_str(), job_status.as_deref()) {
            ("success", _) => {
                success.insert(key, product.unwrap_or_default());
            }
            ("error", _) => {
                failed.insert(key, error.unwrap_or_default());
            }
            (_, Some("error")) => {
                failed.insert(key, job_error.unwrap_or_else(|| "The import failed".into()));
            }
            _ => {}
        }
    }
    let done = (success.len() + failed.len()) as i64;
    Ok(BatchStatus { tracking_id: batch_id, status: if done >= total as i64 { "done" } else { "processing" }, total: total as i64, done, success, failed })
}

/// One item of a batch of the workplace: (status, source, source product id, ship-to).
pub async fn item(pool: &PgPool, workplace_id: Uuid, batch_id: Uuid, position: i32) -> Result<Option<(String, String, String, String)>> {
    Ok(sqlx::query_as(
        "SELECT i.status, i.source, i.source_product_id, i.ship_to FROM import_batch_items i
         JOIN import_batches b ON b.id = i.batch_id AND b.workplace_id = $3
         WHERE i.batch_id = $1 AND i.position = $2",
    )
    .bind(batch_id)
    .bind(position)
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?)
}

/// Ends an item still being imported with the spec's reason.
pub async fn fail_item(pool: &PgPool, batch_id: Uuid, position: i32, reason: &str) -> Result<()> {
    sqlx::query("UPDATE import_batch_items SET status = 'error', error = $3 WHERE batch_id = $1 AND position = $2 AND status = 'processing'")
        .bind(batch_id)
        .bind(position)
        .bind(reason)
        .execute(pool)
        .await?;
    Ok(())
}
