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
    (
        "shipment",
        &["not_found", "info_received", "in_transit", "available_for_pickup", "out_for_delivery", "delivered", "expired", "delivery_failure", "exception"],
    ),
    ("cancelled", &[CANCELLED_CHANNEL, CANCELLED_SOURCE]),
    ("refund", &["completed", "pending", "accepted", "rejected"]),
];

/// Recomputes and stores the order's status and refund status.
pub async fn refresh(conn: &mut PgConnection, order_id: i64) -> Result<()> {
    refresh_many(conn, &[order_id]).await
}

/// `refresh` for many orders at once (placement of thousands): two statements however many
/// orders, the same rules (`REFRESH`) as one order.
pub async fn refresh_many(conn: &mut PgConnection, order_ids: &[i64]) -> Result<()> {
    if order_ids.is_empty() {
        return Ok(());
    }
    // Two supplier orders of one order finishing at once would each read the other's old state
    // and leave the order behind (bench-orders saw paid orders left in waiting_payment): the
    // order's row lock makes the second wait, and its next statement reads what the first
    // committed. Locked in id order, so two bulk refreshes cannot deadlock each other. NO KEY
    // UPDATE (what the UPDATE below takes anyway) and not UPDATE: callers insert the order's
    // log first, whose foreign key holds KEY SHARE on the order, and two such transactions both
    // upgrading to FOR UPDATE deadlocked (bench-orders: 218 retried jobs); KEY SHARE does not
    // conflict with NO KEY UPDATE, and NO KEY UPDATE still conflicts with itself.
    sqlx::query("SELECT 1 FROM orders WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE").bind(order_ids).execute(&mut *conn).await?;
    sqlx::query(REFRESH).bind(order_ids).bind(crate::tracking::ORDER_RANK.map(str::to_string).to_vec()).execute(conn).await?;
    Ok(())
}

/// The rules, first match wins: cancelled by the channel; failed; cancelled by the user
/// (order-cancel: its supplier orders are cancelled); ready while a line is unplaced or a
/// supplier order is placing; waiting payment; shipped (by the supplier, or by the user outside
/// Dropline: a tracking number added by hand or by CSV covers the lines nobody ordered here);
/// placed; cancelled by the source; else ready. The refund status is the newest supplier
/// order's. Literals are this module's constants (READY, WAITING_PAYMENT, ...). The facts are
/// LATERAL joins (one pass over the order's supplier orders) and the UPDATE repeats `o.id =
/// ANY($1)`: as EXISTS subqueries under the generic plan they were hashed scans of every
/// supplier order and the UPDATE hash-joined every order (67 ms for one order).
// (`placing` is a reserved word in SQL, hence `placing_now`.)
const REFRESH: &str = "
WITH f AS (
    SELECT o.id, o.channel_cancelled_at IS NOT NULL AS channel_cancelled, o.failed_at IS NOT NULL AS failed,
           o.cancel_reason IS NOT NULL AS user_cancelled, COALESCE(u.unplaced, false) AS unplaced,
           COALESCE(so.placing_now, false) AS placing_now, COALESCE(so.awaiting_payment, false) AS awaiting_payment,
           COALESCE(so.placed, false) AS placed, COALESCE(so.any_cancelled, false) AS any_cancelled,
           sh.status AS shipment, so.refund
    FROM orders o
    LEFT JOIN LATERAL (
        SELECT true AS unplaced FROM order_line_items l LEFT JOIN source_orders so ON so.id = l.source_order_id
        WHERE l.order_id = o.id AND l.source IS NOT NULL AND NOT l.disabled AND NOT l.need_change_supplier
          AND l.shipment_id IS NULL AND (so.id IS NULL OR so.status IN ('failed', 'cancelled'))
        LIMIT 1
    ) u ON true
    LEFT JOIN LATERAL (
        SELECT bool_or(so.status = 'placing') AS placing_now, bool_or(so.status IN ('waiting_payment', 'paying')) AS awaiting_payment,
               bool_or(so.status = 'order_placed') AS placed, bool_or(so.status = 'cancelled') AS any_cancelled,
               (array_agg(so.refund_status ORDER BY so.updated_at DESC) FILTER (WHERE so.refund_status IS NOT NULL))[1] AS refund
        FROM source_orders so WHERE so.order_id = o.id
    ) so ON true
    LEFT JOIN LATERAL (
        SELECT s.status FROM shipments s WHERE s.order_id = o.id ORDER BY array_position($2::text[], s.status) LIMIT 1
    ) sh ON true
    WHERE o.id = ANY($1)
), s AS (
    SELECT id, refund, CASE
        WHEN channel_cancelled THEN 'cancelled_channel'
        WHEN failed THEN 'failed'
        WHEN user_cancelled THEN 'cancelled_source'
        WHEN unplaced OR placing_now THEN 'ready'
        WHEN awaiting_payment THEN 'waiting_payment'
        WHEN shipment IS NOT NULL THEN shipment
        WHEN placed THEN 'order_placed'
        WHEN any_cancelled THEN 'cancelled_source'
        ELSE 'ready' END AS status
    FROM f
)
UPDATE orders o SET status = s.status, refund_status = s.refund, updated_at = now()
FROM s WHERE o.id = ANY($1) AND o.id = s.id AND (o.status, o.refund_status) IS DISTINCT FROM (s.status, s.refund)";

/// The statuses a tab and sub-status filter selects (`all` or none: the whole tab).
pub fn statuses_of(tab: &str, sub: Option<&str>) -> Option<Vec<&'static str>> {
    let (_, subs) = TABS.iter().find(|(t, _)| *t == tab)?;
    match sub.filter(|s| *s != "all") {
        None => Some(subs.to_vec()),
        // The cancelled tab's sub-statuses are `channel` and `source`.
        Some(s) => subs.iter().find(|x| **x == s || x.strip_prefix("cancelled_") == Some(s)).map(|x| vec![*x]),
    }
}

#[cfg(test)]
mod tests {
    /// The SQL spells the statuses out; this keeps it in step with the constants.
    #[test]
    fn rules_use_the_constants() {
        for s in [super::READY, super::WAITING_PAYMENT, super::ORDER_PLACED, super::CANCELLED_CHANNEL, super::CANCELLED_SOURCE, super::FAILED] {
            assert!(super::REFRESH.contains(&format!("THEN '{s}'")), "{s}");
        }
    }
}
