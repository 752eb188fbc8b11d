//! `GET center/products/imported_list`: every product the workplace imported, in the import
//! list or already pushed, one row per supplier product it came from (copies included, marked),
//! newest first. It sits with the mapping calls: the mapping screen's supplier picker offers
//! these so an owner maps a store variant to a supplier product already imported instead of
//! typing its id.
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct ImportedItem {
    pub id: Uuid,
    pub source: String,
    pub source_product_id: String,
    pub title: String,
    pub image: Option<String>,
    /// `import_list` or `product_center` (pushed at least once).
    pub stage: String,
    /// The product this one is a duplicate or split part of.
    pub copy_of: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

/// One page and the total; `keyword` matches the title, `source` the supplier.
pub async fn page(
    pool: &PgPool,
    workplace_id: Uuid,
    keyword: Option<&str>,
    source: Option<&str>,
    page: i64,
    page_size: i64,
) -> Result<(i64, Vec<ImportedItem>)> {
    let pattern = keyword.map(str::trim).filter(|k| !k.is_empty()).map(|k| format!("%{}%", k.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
    let total: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM products WHERE workplace_id = $1 AND ($2::text IS NULL OR title ILIKE $2) AND ($3::text IS NULL OR source = $3)",
    )
    .bind(workplace_id)
    .bind(&pattern)
    .bind(source)
    .fetch_one(pool)
    .await?;
    let items = sqlx::query_as(
        "SELECT id, source, source_product_id, title, thumbnail AS image, stage, copy_of, created_at FROM products
         WHERE workplace_id = $1 AND ($2::text IS NULL OR title ILIKE $2) AND ($3::text IS NULL OR source = $3)
         ORDER BY created_at DESC, id LIMIT $4 OFFSET $5",
    )
    .bind(workplace_id)
    .bind(&pattern)
    .bind(source)
    .bind(page_size)
    .bind((page.max(1) - 1) * page_size)
    .fetch_all(pool)
    .await?;
    Ok((total, items))
}
