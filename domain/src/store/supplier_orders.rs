//! Supplier orders as placement and payment read them: the row with its order's address, and
//! its lines. Every read is by the supplier order's id, which the job carries.
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use uuid::Uuid;

use crate::error::Result;

#[derive(Clone, sqlx::FromRow)]
pub struct Row {
    pub id: i64,
    pub workplace_id: Uuid,
    pub order_id: i64,
    pub store_id: Uuid,
    pub source: String,
    pub idempotency_key: String,
    pub status: String,
    pub pay_with: Option<String>,
    pub order_no: Option<String>,
    pub total_cents: i64,
    pub address: Value,
    pub country_code: String,
    /// When AliExpress's ds.order.create was sent (`aliexpress_placing.rs`).
    pub submitted_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// `Row`'s columns, of `source_orders so` and its order `o`.
macro_rules! columns {
    () => {
        "so.id, so.workplace_id, so.order_id, o.store_id, so.source, so.idempotency_key, so.status, so.pay_with, so.order_no,
         so.total_cents, o.address, o.country_code, so.submitted_at"
    };
}
pub(crate) use columns;

pub async fn load(pool: &PgPool, id: i64) -> Result<Option<Row>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM source_orders so JOIN orders o ON o.id = so.order_id WHERE so.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?)
}

/// A line of a supplier order, as placement sends it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Line {
    pub source_order_id: i64,
    pub source_product_id: String,
    pub sku_id: String,
    pub quantity: i32,
    pub shipping_info: Option<Value>,
}

/// The lines of supplier orders, in line order.
pub async fn lines(pool: &PgPool, source_order_ids: &[i64]) -> Result<Vec<Line>> {
    Ok(sqlx::query_as(
        "SELECT source_order_id, source_product_id, sku_id, quantity, shipping_info FROM order_line_items
         WHERE source_order_id = ANY($1) ORDER BY source_order_id, id",
    )
    .bind(source_order_ids)
    .fetch_all(pool)
    .await?)
}

/// Each supplier order with its lines, in the order asked; `None` for one that is gone.
pub async fn load_many(pool: &PgPool, ids: &[i64]) -> Result<Vec<Option<(Row, Vec<Line>)>>> {
    let rows: Vec<Row> = sqlx::query_as(concat!("SELECT ", columns!(), " FROM source_orders so JOIN orders o ON o.id = so.order_id WHERE so.id = ANY($1)"))
        .bind(ids)
        .fetch_all(pool)
        .await?;
    let found: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut by_order: HashMap<i64, Vec<Line>> = HashMap::new();
    for line in lines(pool, &found).await? {
        by_order.entry(line.source_order_id).or_default().push(line);
    }
    let rows: HashMap<i64, Row> = rows.into_iter().map(|r| (r.id, r)).collect();
    Ok(ids.iter().map(|id| rows.get(id).map(|r| (r.clone(), by_order.get(id).cloned().unwrap_or_default()))).collect())
}
