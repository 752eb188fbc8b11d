//! Refunds of paid supplier orders. The request asks the supplier at once (its refund route) and
//! marks the supplier order `pending`; the refund sync (on demand, `sync-status/{source}`, and
//! every 15 minutes, `refund_sync`) reads the supplier's order and, once the supplier shows it
//! refunded, credits the wallet (`refund:so:<id>`, once) and marks the refund `completed`.
use serde::Serialize;
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{log, status, view};
use crate::connectors::suppliers::Suppliers;
use crate::connectors::suppliers::orders::OrderError;
use crate::error::{Error, Result};
use crate::values::Source;
use crate::wallet::charge;

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    workplace_id: Uuid,
    order_id: i64,
    source: String,
    order_no: Option<String>,
    status: String,
    paid_at: Option<chrono::DateTime<chrono::Utc>>,
    total_cents: i64,
    refund_status: Option<String>,
}

const SELECT: &str = "SELECT id, workplace_id, order_id, source, order_no, status, paid_at, total_cents, refund_status FROM source_orders";

/// `POST /orders/v4/refund/request`: only a paid supplier order, once (a rejected one may ask
/// again). Answers the supplier order as the order detail shows it (`None`: not found there,
/// answered as null).
#[instrument(skip_all, fields(%workplace_id, source_order_id))]
pub async fn request(
    pool: &PgPool,
    suppliers: &Suppliers,
    workplace_id: Uuid,
    source_order_id: i64,
    reason: Option<&str>,
) -> Result<Option<view::SourceOrderView>> {
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    if reason.is_some_and(|r| r.chars().count() > 500) {
        return Err(Error::field("reason", "at most 500 characters"));
    }
    let row: Row = sqlx::query_as(&format!("{SELECT} WHERE id = $1 AND workplace_id = $2"))
        .bind(source_order_id)
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?
        .ok_or(Error::NotFound("Source order"))?;
    let (Some(order_no), Some(_), "order_placed") = (row.order_no.as_deref(), row.paid_at, row.status.as_str()) else {
        return Err(Error::field("source_order_id", "only a paid supplier order can be refunded"));
    };
    if matches!(row.refund_status.as_deref(), Some("pending" | "accepted" | "completed")) {
        return Err(Error::field("source_order_id", "a refund was already requested for this supplier order"));
    }
    let source = Source::parse(&row.source).map_err(|e| Error::field("source_order_id", e))?;
    match suppliers.refund_order(source, order_no).await {
        Ok(_) => {}
        Err(OrderError::Refused { message, .. }) => return Err(Error::field("source_order_id", format!("the supplier refused the refund: {message}"))),
        // Not reached: still recorded as pending; the sync asks again.
        Err(e) => tracing::warn!(error = %e, "refund request not delivered; the refund sync will retry"),
    }
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query(
        "UPDATE source_orders SET refund_status = 'pending', refund_cents = total_cents, refund_requested_at = now(), refund_reason = $3,
                refund_checked_at = NULL, updated_at = now()
         WHERE id = $1 AND workplace_id = $2",
    )
    .bind(row.id)
    .bind(workplace_id)
    .bind(reason)
    .execute(&mut *tx)
    .await?;
    log(&mut tx, workplace_id, row.order_id, Some(row.id), "refund_requested", json!({"reason": reason})).await?;
    status::refresh(&mut tx, row.order_id).await?;
    tx.commit().await?;
    let order = view::one(pool, workplace_id, row.order_id).await?;
    Ok(order.source_orders.into_iter().find(|s| s.id == row.id))
}

/// One supplier order's sync result (the sync-status toast item).
#[derive(Debug, Serialize, ToSchema)]
pub struct SyncItem {
    pub id: i64,
    /// success or error.
    pub status: String,
    pub refund_status: Option<String>,
    pub error: Option<String>,
}

/// Sets the refund's state (and the order's status) in one transaction.
async fn set_refund(pool: &PgPool, row: &Row, to: &str) -> Result<()> {
    let mut tx = crate::db::begin(pool).await?;
    let n = sqlx::query(
        "UPDATE source_orders SET refund_status = $2, refund_checked_at = now(), updated_at = now() WHERE id = $1 AND refund_status IN ('pending', 'accepted')",
    )
    .bind(row.id)
    .bind(to)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if n > 0 {
        log(&mut tx, row.workplace_id, row.order_id, Some(row.id), &format!("refund_{to}"), json!({"amount": super::dollars(row.total_cents)})).await?;
        status::refresh(&mut tx, row.order_id).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Reads one open refund at the supplier and moves it on.
async fn sync_one(pool: &PgPool, suppliers: &Suppliers, row: &Row) -> std::result::Result<String, String> {
    let (Some(order_no), Ok(source)) = (row.order_no.as_deref(), Source::parse(&row.source)) else { return Err("NotFoundOrderNo".into()) };
    let mut o = suppliers.get_order(source, order_no).await.map_err(|e| e.to_string())?;
    if o.status != "refunded" {
        // The request never reached the supplier (or it has not refunded yet): ask again.
        o = match suppliers.refund_order(source, order_no).await {
            Ok(o) => o,
            Err(OrderError::Refused { code, message }) if code == "INVALID_STATE" => {
                let again = suppliers.get_order(source, order_no).await.map_err(|e| e.to_string())?;
                if again.status != "refunded" {
                    set_refund(pool, row, "rejected").await.map_err(|e| e.to_string())?;
                    return Ok(format!("rejected: {message}"));
                }
                again
            }
            Err(e) => return Err(e.to_string()),
        };
    }
    if o.status != "refunded" {
        set_refund(pool, row, "accepted").await.map_err(|e| e.to_string())?;
        return Ok("accepted".into());
    }
    // Credit first, then mark: a crash in between credits nothing twice (the reference) and
    // the next sync marks it.
    charge::refund_to_wallet(pool, row.workplace_id, row.id, row.total_cents).await.map_err(|e| e.to_string())?;
    set_refund(pool, row, "completed").await.map_err(|e| e.to_string())?;
    Ok("completed".into())
}

/// Syncs open refunds: a workplace's (optionally of one source and some ids) or, for the
/// schedule, everyone's, least recently checked first.
#[instrument(skip_all)]
pub async fn sync(pool: &PgPool, suppliers: &Suppliers, workplace_id: Option<Uuid>, source: Option<&str>, ids: Option<&[i64]>) -> Result<Vec<SyncItem>> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "{SELECT} WHERE refund_status IN ('pending', 'accepted') AND ($1::uuid IS NULL OR workplace_id = $1)
           AND ($2::text IS NULL OR source = $2) AND ($3::bigint[] IS NULL OR id = ANY($3))
         ORDER BY refund_checked_at NULLS FIRST, id LIMIT 200"
    ))
    .bind(workplace_id)
    .bind(source)
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let mut items = vec![];
    for row in &rows {
        let r = sync_one(pool, suppliers, row).await;
        if r.is_err() {
            sqlx::query("UPDATE source_orders SET refund_checked_at = now() WHERE id = $1").bind(row.id).execute(pool).await?;
        }
        let now: Option<String> = sqlx::query_scalar("SELECT refund_status FROM source_orders WHERE id = $1").bind(row.id).fetch_one(pool).await?;
        items.push(match r {
            Ok(_) => SyncItem { id: row.id, status: "success".into(), refund_status: now, error: None },
            Err(e) => SyncItem { id: row.id, status: "error".into(), refund_status: now, error: Some(e) },
        });
    }
    Ok(items)
}
