//! eBay purchase orders read again (`getGuestPurchaseOrder`), part of the tracking sync: one the
//! owner's checkout left unpaid moves to `order_placed` once eBay says PAID, one eBay cancelled
//! is cancelled here. eBay's Order API v2 tells a purchase order's status and carrier but no
//! tracking number, so no parcel comes from it (the owner adds the number from eBay's emails);
//! paid orders are read for 60 days, until eBay's status can no longer change what Dropline shows.
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::settle::{Settled, settle};
use super::supplier_sync::Report;
use crate::connectors::suppliers::Suppliers;
use crate::error::Result;

#[instrument(skip_all)]
pub async fn run(pool: &PgPool, suppliers: &Suppliers, workplace_id: Option<Uuid>, ids: Option<&[i64]>, limit: i64) -> Result<Report> {
    let rows: Vec<(i64, Uuid, i64, String, String)> = sqlx::query_as(
        "SELECT so.id, so.workplace_id, so.order_id, so.purchase_order_id, so.status FROM source_orders so
         WHERE so.source = 'ebay' AND so.purchase_order_id IS NOT NULL AND so.payment_method IS DISTINCT FROM 'manual'
           AND (so.status = 'waiting_payment' OR (so.status = 'order_placed' AND so.paid_at > now() - interval '60 days'))
           AND ($1::uuid IS NULL OR so.workplace_id = $1) AND ($2::bigint[] IS NULL OR so.id = ANY($2))
         ORDER BY so.id LIMIT $3",
    )
    .bind(workplace_id)
    .bind(ids)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let mut report = Report { checked: rows.len(), ..Report::default() };
    for (id, wp, order_id, po, was) in rows {
        let o = match suppliers.ebay_purchase_order(&po).await {
            Ok(p) => p.order,
            Err(e) => {
                report.errors.push(format!("source order {id}: {e}"));
                continue;
            }
        };
        let now = match (was.as_str(), o.status.as_str()) {
            (_, "cancelled") => Some(("cancelled", "cancelled_at_source")),
            ("waiting_payment", _) if o.is_paid() => Some(("order_placed", "paid_at_source")),
            _ => None,
        };
        let Some((to, event)) = now else { continue };
        let mut tx = crate::db::begin(pool).await?;
        let detail = json!({"source": "ebay", "purchase_order_id": po});
        let settled = Settled { workplace_id: wp, order_id, source_order_id: id, from: &was, to, paid_by: "ebay", total_cents: o.total_cents(), event, detail };
        settle(&mut tx, settled).await?;
        tx.commit().await?;
    }
    Ok(report)
}
