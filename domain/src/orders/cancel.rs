//! Cancelling supplier orders: the user's `order-cancel` (with a reason; what was paid goes back
//! to the wallet) and `payments/cancel` (unpaid supplier orders). Each supplier order is
//! cancelled at the supplier first; only then is it marked cancelled, with the order's status
//! refreshed in that same transaction. The money goes back after that commit, under a
//! reference unique to the supplier order, so a retried cancel (or one that died between the
//! two) gives it back exactly once.
use serde::Serialize;
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{log, status};
use crate::connectors::suppliers::Suppliers;
use crate::connectors::suppliers::orders::OrderError;
use crate::error::{Error, Result};
use crate::values::Source;
use crate::wallet::charge;

pub const CANCEL_REASONS: [&str; 3] = ["customer_changed_or_cancelled_order", "item_unavailable", "other"];

/// One item of a cancel answer: an order (order-cancel) or a supplier order (payments/cancel).
#[derive(Debug, Serialize, ToSchema)]
pub struct CancelItem {
    pub id: i64,
    /// cancelled or error.
    pub status: String,
    pub error: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Live {
    id: i64,
    order_id: i64,
    source: String,
    order_no: Option<String>,
    status: String,
}

/// Asks the supplier to cancel; `Ok` also when an earlier attempt already did.
async fn at_supplier(suppliers: &Suppliers, so: &Live) -> std::result::Result<(), String> {
    let Some(order_no) = so.order_no.as_deref() else { return Ok(()) };
    // An eBay order not yet paid is only a checkout session, which buys nothing: left unpaid.
    if so.source == "ebay" && so.status == "waiting_payment" {
        return Ok(());
    }
    let source = Source::parse(&so.source)?;
    match suppliers.cancel_order(source, order_no).await {
        Ok(_) => Ok(()),
        Err(OrderError::Refused { code, message }) if code == "INVALID_STATE" => match suppliers.get_order(source, order_no).await {
            Ok(o) if o.status == "cancelled" => Ok(()),
            Ok(o) => Err(format!("The supplier cannot cancel an order that is {} ({message})", o.status)),
            Err(e) => Err(e.to_string()),
        },
        Err(e) => Err(e.to_string()),
    }
}

/// Marks one supplier order cancelled (if still live) and refreshes its order, in one transaction.
async fn mark(pool: &PgPool, workplace_id: Uuid, so: &Live, reason: Option<&str>) -> Result<()> {
    let mut tx = crate::db::begin(pool).await?;
    let n = sqlx::query(
        "UPDATE source_orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = $3, updated_at = now()
         WHERE id = $1 AND workplace_id = $2 AND status NOT IN ('failed', 'cancelled')",
    )
    .bind(so.id)
    .bind(workplace_id)
    .bind(reason)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if n > 0 {
        log(
            &mut tx,
            workplace_id,
            so.order_id,
            Some(so.id),
            "supplier_order_cancelled",
            json!({"source": so.source, "order_no": so.order_no, "reason": reason}),
        )
        .await?;
    }
    if reason.is_some() {
        sqlx::query("UPDATE orders SET cancel_reason = $3, updated_at = now() WHERE id = $1 AND workplace_id = $2")
            .bind(so.order_id)
            .bind(workplace_id)
            .bind(reason)
            .execute(&mut *tx)
            .await?;
    }
    status::refresh(&mut tx, so.order_id).await?;
    tx.commit().await?;
    Ok(())
}

/// Cancels one live supplier order: a placement still running is stopped here (its job then
/// cancels whatever the supplier created), a payment under way must finish first.
async fn cancel_one(pool: &PgPool, suppliers: &Suppliers, workplace_id: Uuid, so: &Live, reason: Option<&str>) -> std::result::Result<(), String> {
    match so.status.as_str() {
        "paying" => return Err("A payment for this supplier order is under way; try again in a moment".into()),
        "placing" => {}
        _ => at_supplier(suppliers, so).await?,
    }
    mark(pool, workplace_id, so, reason).await.map_err(|e| e.to_string())?;
    charge::reverse_order_payment(pool, workplace_id, so.id).await.map_err(|e| e.to_string())?;
    Ok(())
}

/// `PUT /orders/order-cancel`: cancels every live supplier order of each order and returns
/// what was paid for them to the wallet. A supplier that refuses (the parcel has shipped)
/// fails that order's item; the other orders proceed.
#[instrument(skip_all, fields(%workplace_id, orders = order_ids.len()))]
pub async fn cancel_orders(pool: &PgPool, suppliers: &Suppliers, workplace_id: Uuid, order_ids: &[i64], reason: &str) -> Result<Vec<CancelItem>> {
    let mut fields = crate::error::FieldErrors::new();
    if !CANCEL_REASONS.contains(&reason) {
        fields.entry("reason".into()).or_default().push(format!("must be one of {}", CANCEL_REASONS.join(", ")));
    }
    if order_ids.is_empty() {
        fields.entry("order_ids".into()).or_default().push("choose at least one order".into());
    }
    Error::check(fields)?;
    let mut items = vec![];
    for &order_id in order_ids {
        let known: Option<i64> =
            sqlx::query_scalar("SELECT id FROM orders WHERE id = $1 AND workplace_id = $2").bind(order_id).bind(workplace_id).fetch_optional(pool).await?;
        if known.is_none() {
            items.push(CancelItem { id: order_id, status: "error".into(), error: Some("OrderNotFound".into()) });
            continue;
        }
        let live: Vec<Live> = sqlx::query_as(
            "SELECT id, order_id, source, order_no, status FROM source_orders
             WHERE order_id = $1 AND workplace_id = $2 AND status NOT IN ('failed', 'cancelled') ORDER BY id",
        )
        .bind(order_id)
        .bind(workplace_id)
        .fetch_all(pool)
        .await?;
        let mut errors = vec![];
        for so in &live {
            if let Err(e) = cancel_one(pool, suppliers, workplace_id, so, Some(reason)).await {
                tracing::info!(source_order = so.id, error = %e, "supplier order not cancelled");
                errors.push(format!("{} {}: {e}", so.source, so.order_no.as_deref().unwrap_or("")));
            }
        }
        if live.is_empty() {
            // Nothing placed: the order itself is cancelled.
            let mut tx = crate::db::begin(pool).await?;
            sqlx::query("UPDATE orders SET cancel_reason = $3, updated_at = now() WHERE id = $1 AND workplace_id = $2")
                .bind(order_id)
                .bind(workplace_id)
                .bind(reason)
                .execute(&mut *tx)
                .await?;
            log(&mut tx, workplace_id, order_id, None, "order_cancelled", json!({"reason": reason})).await?;
            status::refresh(&mut tx, order_id).await?;
            tx.commit().await?;
        }
        // A retry after a crash between the state change and the refund gives the money back
        // now; the reference makes it once.
        let cancelled: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM source_orders WHERE order_id = $1 AND workplace_id = $2 AND status = 'cancelled' AND cancel_reason IS NOT NULL")
                .bind(order_id)
                .bind(workplace_id)
                .fetch_all(pool)
                .await?;
        for id in cancelled {
            charge::reverse_order_payment(pool, workplace_id, id).await?;
        }
        items.push(match errors.is_empty() {
            true => CancelItem { id: order_id, status: "cancelled".into(), error: None },
            false => CancelItem { id: order_id, status: "error".into(), error: Some(errors.join("; ")) },
        });
    }
    Ok(items)
}

/// `POST /orders/v5/payments/cancel`: cancels supplier orders still waiting for payment (at the
/// supplier too); their lines can be placed again.
#[instrument(skip_all, fields(%workplace_id, n = ids.len()))]
pub async fn cancel_unpaid(pool: &PgPool, suppliers: &Suppliers, workplace_id: Uuid, ids: &[i64]) -> Result<Vec<CancelItem>> {
    if ids.is_empty() {
        return Err(Error::field("source_order_ids", "choose at least one supplier order"));
    }
    let rows: Vec<Live> = sqlx::query_as("SELECT id, order_id, source, order_no, status FROM source_orders WHERE workplace_id = $1 AND id = ANY($2)")
        .bind(workplace_id)
        .bind(ids)
        .fetch_all(pool)
        .await?;
    let mut items = vec![];
    for &id in ids {
        let item = match rows.iter().find(|r| r.id == id) {
            None => Err("SourceOrderNotFound".to_string()),
            Some(so) if so.status == "cancelled" => Ok(()),
            Some(so) if so.status != "waiting_payment" => Err(format!("Only an unpaid supplier order can be cancelled here; this one is {}", so.status)),
            Some(so) => cancel_one(pool, suppliers, workplace_id, so, None).await,
        };
        items.push(match item {
            Ok(()) => CancelItem { id, status: "cancelled".into(), error: None },
            Err(e) => CancelItem { id, status: "error".into(), error: Some(e) },
        });
    }
    Ok(items)
}
