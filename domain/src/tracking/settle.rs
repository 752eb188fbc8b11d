//! What a supplier's own checkout settled, written the same way for every supplier whose orders
//! the owner pays there (AliExpress in the owner's account, eBay in eBay's checkout): a waiting
//! supplier order the supplier now calls paid becomes `order_placed` (paid by that supplier, at the
//! supplier's total), one it cancelled is cancelled, each with its log line and the order's status
//! refreshed. Nothing moves unless the supplier order is still where the sync read it.
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Result;
use crate::orders::{log, status};

/// A supplier order the sync read, and where the supplier says it now is.
pub struct Settled<'a> {
    pub workplace_id: Uuid,
    pub order_id: i64,
    pub source_order_id: i64,
    /// The status the sync read (the move happens only from it).
    pub from: &'a str,
    /// `order_placed` or `cancelled`.
    pub to: &'a str,
    /// Who took the payment (`aliexpress`, `ebay`).
    pub paid_by: &'a str,
    /// The supplier's total in cents; 0 keeps the total Dropline knew.
    pub total_cents: i64,
    /// The log line's event and detail.
    pub event: &'a str,
    pub detail: Value,
}

/// Moves the supplier order and logs it: whether it moved.
pub async fn settle(conn: &mut PgConnection, s: Settled<'_>) -> Result<bool> {
    let moved = sqlx::query(
        "UPDATE source_orders SET status = $2, warning = NULL, updated_at = now(),
                paid_at = CASE WHEN $2 = 'order_placed' THEN now() ELSE paid_at END,
                payment_method = CASE WHEN $2 = 'order_placed' THEN $4 ELSE payment_method END,
                cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE cancelled_at END,
                total_cents = CASE WHEN $2 = 'order_placed' AND $5 > 0 THEN $5 ELSE total_cents END
         WHERE id = $1 AND status = $3",
    )
    .bind(s.source_order_id)
    .bind(s.to)
    .bind(s.from)
    .bind(s.paid_by)
    .bind(s.total_cents)
    .execute(&mut *conn)
    .await?
    .rows_affected()
        > 0;
    if moved {
        log(&mut *conn, s.workplace_id, s.order_id, Some(s.source_order_id), s.event, s.detail).await?;
        status::refresh(&mut *conn, s.order_id).await?;
    }
    Ok(moved)
}
