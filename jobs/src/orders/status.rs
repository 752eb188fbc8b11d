//! The order center's status of an order, derived from its lines and supplier orders and stored
//! on the order (one indexed column serves the tabs, the counts and the list). Every transaction
//! that changes an order or its supplier orders calls `refresh` before it commits.
use sqlx::PgConnection;

use crate::error::Result;

pub const READY: &str = "ready";
pub const WAITING_PAYMENT: &str = "waiting_payment";
pub const ORDER_PLACED: &str = "order_placed";
pub const CANCELLED_CHANNEL: &str = "cancelled_channel";
pub const CANCELLED_SOURCE: &str = "cancelled_source";
pub const FAILED: &str = "failed";

/// Sub-statuses per tab, as the spec's table (`all` is the whole tab).
pub const TABS: [(&str, &[&str]); 5] = [
    ("placement", &[READY]),
    ("payment", &[WAITING_PAYMENT, ORDER_PLACED]),
    ("shipment", &["not_found", "info_received", "in_transit", "available_for_pickup", "out_for_delivery", "delivered", "expired", "delivery_failure", "exception"]),
    ("cancelled", &[CANCELLED_CHANNEL, CANCELLED_SOURCE]),
    ("refund", &["completed", "pending", "accepted", "rejected"]),
];

#[derive(sqlx::FromRow)]
struct Facts {
    channel_cancelled: bool,
    failed: bool,
    user_cancelled: bool,
    unplaced: bool,
    placing: bool,
    awaiting_payment: bool,
    placed: bool,
    any_cancelled: bool,
    shipment: Option<String>,
    refund: Option<String>,
}

/// Recomputes and stores the order's status and refund status.
pub async fn refresh(conn: &mut PgConnection, order_id: i64) -> Result<()> {
    // Two supplier orders of one order finishing at once would each read the other's old state
    // and leave the order behind (bench-orders saw paid orders left in waiting_payment): the
    // order's row lock makes the second wait, and its next statement reads what the first committed.
    sqlx::query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE").bind(order_id).execute(&mut *conn).await?;
    let f: Facts = sqlx::query_as(
        "SELECT o.channel_cancelled_at IS NOT NULL AS channel_cancelled, o.failed_at IS NOT NULL AS failed,
                o.cancel_reason IS NOT NULL AS user_cancelled,
                EXISTS (SELECT 1 FROM order_line_items l LEFT JOIN source_orders so ON so.id = l.source_order_id
                        WHERE l.order_id = o.id AND l.source IS NOT NULL AND NOT l.disabled AND NOT l.need_change_supplier
                          AND l.shipment_id IS NULL AND (so.id IS NULL OR so.status IN ('failed', 'cancelled'))) AS unplaced,
                EXISTS (SELECT 1 FROM source_orders so WHERE so.order_id = o.id AND so.status = 'placing') AS placing,
                EXISTS (SELECT 1 FROM source_orders so WHERE so.order_id = o.id AND so.status IN ('waiting_payment', 'paying')) AS awaiting_payment,
                EXISTS (SELECT 1 FROM source_orders so WHERE so.order_id = o.id AND so.status = 'order_placed') AS placed,
                EXISTS (SELECT 1 FROM source_orders so WHERE so.order_id = o.id AND so.status = 'cancelled') AS any_cancelled,
                (SELECT s.status FROM shipments s WHERE s.order_id = o.id
                 ORDER BY array_position($2::text[], s.status) LIMIT 1) AS shipment,
                (SELECT so.refund_status FROM source_orders so WHERE so.order_id = o.id AND so.refund_status IS NOT NULL
                 ORDER BY so.updated_at DESC LIMIT 1) AS refund
         FROM orders o WHERE o.id = $1",
    )
    .bind(order_id)
    .bind(crate::tracking::ORDER_RANK.map(str::to_string).to_vec())
    .fetch_one(&mut *conn)
    .await?;
    let status = if f.channel_cancelled {
        CANCELLED_CHANNEL
    } else if f.failed {
        FAILED
    } else if f.user_cancelled {
        // The user cancelled the order (order-cancel): its supplier orders are cancelled.
        CANCELLED_SOURCE
    } else if f.unplaced || f.placing {
        READY
    } else if f.awaiting_payment {
        WAITING_PAYMENT
    } else if let Some(shipment) = f.shipment.as_deref() {
        // Shipped: by the supplier, or by the user outside Dropline (a tracking number added by
        // hand or by CSV covers the lines nobody ordered here).
        shipment
    } else if f.placed {
        ORDER_PLACED
    } else if f.any_cancelled {
        CANCELLED_SOURCE
    } else {
        READY
    };
    sqlx::query("UPDATE orders SET status = $2, refund_status = $3, updated_at = now() WHERE id = $1 AND (status, refund_status) IS DISTINCT FROM ($2, $3)")
        .bind(order_id)
        .bind(status)
        .bind(f.refund)
        .execute(conn)
        .await?;
    Ok(())
}

/// The statuses a tab and sub-status filter selects (`all` or none: the whole tab).
pub fn statuses_of(tab: &str, sub: Option<&str>) -> Option<Vec<&'static str>> {
    let (_, subs) = TABS.iter().find(|(t, _)| *t == tab)?;
    match sub.filter(|s| *s != "all") {
        None => Some(subs.to_vec()),
        // The cancelled tab's sub-statuses are `channel` and `source`.
        Some(s) => subs.iter().find(|x| **x == s || x.strip_prefix("cancelled_") == Some(s)).map(|x| vec![*x]),
    }
}
