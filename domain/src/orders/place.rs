//! Starting placement: one supplier (source) order per store order and source, written with its
//! `place_order` job in one transaction. The live-order unique index makes a double click or two
//! racing requests place once. The source orders are the placement toast's items.
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{log, status};
use crate::connectors::suppliers::orders::error_message;
use crate::error::{Error, Result};
use crate::orders::jobs::PlaceOrder;
use crate::queue::enqueue_many_with_refs_in;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PayWith {
    Wallet,
    Card,
    Auto,
}

impl PayWith {
    pub fn as_str(self) -> &'static str {
        match self {
            PayWith::Wallet => "wallet",
            PayWith::Card => "card",
            PayWith::Auto => "auto",
        }
    }
}

/// A placement toast item: one supplier order.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct PlacementItem {
    pub id: i64,
    pub order_id: i64,
    pub order_name: String,
    pub source: String,
    /// processing, success or error.
    pub status: String,
    pub source_status: String,
    pub warning: Option<String>,
    pub error_key: Option<String>,
    pub message: Option<String>,
    pub order_no: Option<String>,
    #[sqlx(skip)]
    pub total: f64,
    #[serde(skip)]
    pub total_cents: i64,
}

/// Placing several orders at once needs a plan with BULK_ORDER_FULFILLMENT: QUOTA_EXPIRED with
/// the BulkOrderPlacementIsDisabled prompt otherwise.
pub async fn check_bulk(pool: &PgPool, workplace_id: Uuid) -> Result<()> {
    crate::plans::gates::check(pool, workplace_id, crate::plans::gates::Gate::BulkOrderPlacement).await
}

/// Whether the workplace's plan allows placing several orders at once.
pub async fn bulk_allowed(pool: &PgPool, workplace_id: Uuid) -> Result<bool> {
    match check_bulk(pool, workplace_id).await {
        Err(Error::QuotaExpired(_)) => Ok(false),
        other => other.map(|_| true),
    }
}

/// Orders per transaction in `start`: jobs begin as soon as the first chunk commits, order
/// locks are held for one chunk only, and a statement's cost stays proportional to its chunk
/// (bench-orders: one transaction over 10,000 orders took 153 s, 15 ms an order).
const CHUNK: usize = 200;

/// Places the given orders (their placeable lines not yet ordered), one supplier order per
/// source. Orders of other workplaces, and orders with nothing to place, are skipped. Commits
/// every `CHUNK` orders: a failure keeps the chunks before it placed (each order whole).
#[instrument(skip_all, fields(workplace = %workplace_id, orders = order_ids.len()))]
pub async fn start(pool: &PgPool, workplace_id: Uuid, order_ids: &[i64], source: Option<&str>, pay: Option<PayWith>) -> Result<Vec<PlacementItem>> {
    if order_ids.is_empty() {
        return Err(Error::field("order_ids", "choose at least one order"));
    }
    refuse_aliexpress_without_account(pool, workplace_id, order_ids, source).await?;
    let mut created = vec![];
    for chunk in order_ids.chunks(CHUNK) {
        let mut tx = crate::db::begin(pool).await?;
        created.extend(start_many(&mut tx, workplace_id, chunk, source, pay).await?);
        tx.commit().await?;
    }
    items(pool, workplace_id, Some(&created)).await
}

/// AliExpress orders are created in the owner's own AliExpress account: without one connected,
/// placing them is refused up front, and the web asks the owner to sign in.
async fn refuse_aliexpress_without_account(pool: &PgPool, workplace_id: Uuid, order_ids: &[i64], source: Option<&str>) -> Result<()> {
    if source.is_some_and(|s| s != "aliexpress") || super::aliexpress_account::connected(pool, workplace_id).await? {
        return Ok(());
    }
    let wanted: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM order_line_items l JOIN orders o ON o.id = l.order_id
                        WHERE l.order_id = ANY($1) AND o.workplace_id = $2 AND l.source = 'aliexpress' AND NOT l.disabled
                          AND NOT l.need_change_supplier AND l.shipment_id IS NULL
                          AND (l.source_order_id IS NULL OR EXISTS (SELECT 1 FROM source_orders so WHERE so.id = l.source_order_id AND so.status IN ('failed', 'cancelled'))))",
    )
    .bind(order_ids)
    .bind(workplace_id)
    .fetch_one(pool)
    .await?;
    if wanted {
        return Err(Error::field(super::aliexpress_account::SIGN_IN_FIELD, super::aliexpress_account::SIGN_IN_MESSAGE));
    }
    Ok(())
}

/// Queues the supplier orders of one store order in the caller's transaction; returns their ids.
pub async fn start_one(conn: &mut PgConnection, workplace_id: Uuid, order_id: i64, only_source: Option<&str>, pay: Option<PayWith>) -> Result<Vec<i64>> {
    start_many(conn, workplace_id, &[order_id], only_source, pay).await
}

/// `start_one` for many orders in the caller's transaction, in a fixed number of statements.
pub async fn start_many(conn: &mut PgConnection, workplace_id: Uuid, order_ids: &[i64], only_source: Option<&str>, pay: Option<PayWith>) -> Result<Vec<i64>> {
    // Serialises placements of an order, so two requests cannot both see its lines unplaced:
    // the second waits here, and its next statements read what the first committed. Id order,
    // so two requests over overlapping orders cannot deadlock; NO KEY UPDATE, as `status::refresh`.
    let ready: Vec<i64> = sqlx::query_scalar("SELECT id FROM orders WHERE id = ANY($1) AND workplace_id = $2 AND status = $3 ORDER BY id FOR NO KEY UPDATE")
        .bind(order_ids)
        .bind(workplace_id)
        .bind(status::READY)
        .fetch_all(&mut *conn)
        .await?;
    if ready.is_empty() {
        return Ok(vec![]);
    }
    // The live-order unique index has the last word: a pair already live is skipped.
    let mut rows: Vec<(i64, i64, String)> = sqlx::query_as(
        "WITH pairs AS (
             SELECT DISTINCT l.order_id, l.source FROM order_line_items l LEFT JOIN source_orders so ON so.id = l.source_order_id
             WHERE l.order_id = ANY($1) AND l.source IS NOT NULL AND NOT l.disabled AND NOT l.need_change_supplier AND l.shipment_id IS NULL
               AND (so.id IS NULL OR so.status IN ('failed', 'cancelled')) AND ($3::text IS NULL OR l.source = $3)
         ), numbered AS (
             SELECT nextval('source_orders_id_seq') AS id, order_id, source FROM (SELECT * FROM pairs ORDER BY order_id, source) p
         )
         INSERT INTO source_orders (id, workplace_id, order_id, source, idempotency_key, pay_with)
         SELECT id, $2, order_id, source, 'dropline-so-' || id, $4 FROM numbered ORDER BY id
         ON CONFLICT (order_id, source) WHERE status NOT IN ('failed', 'cancelled') DO NOTHING
         RETURNING id, order_id, source",
    )
    .bind(&ready)
    .bind(workplace_id)
    .bind(only_source)
    .bind(pay.map(PayWith::as_str))
    .fetch_all(&mut *conn)
    .await?;
    rows.sort_unstable();
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    if !ids.is_empty() {
        let orders: Vec<i64> = rows.iter().map(|r| r.1).collect();
        let sources: Vec<&str> = rows.iter().map(|r| r.2.as_str()).collect();
        sqlx::query(
            "UPDATE order_line_items l SET source_order_id = n.id FROM UNNEST($1::bigint[], $2::bigint[], $3::text[]) AS n(id, order_id, source)
             WHERE l.order_id = n.order_id AND l.source = n.source AND NOT l.disabled AND NOT l.need_change_supplier AND l.shipment_id IS NULL
               AND (l.source_order_id IS NULL OR EXISTS (SELECT 1 FROM source_orders so WHERE so.id = l.source_order_id AND so.status IN ('failed', 'cancelled')))",
        )
        .bind(&ids)
        .bind(&orders)
        .bind(&sources)
        .execute(&mut *conn)
        .await?;
        let payloads: Vec<PlaceOrder> = ids.iter().map(|id| PlaceOrder { source_order_id: *id }).collect();
        let refs = ids.iter().map(|id| json!({ "source_order_id": id })).collect();
        let jobs = enqueue_many_with_refs_in(conn, Some(workplace_id), &payloads, refs).await?;
        // The jobs' ids, and the orders' log lines (one per supplier order, as `log` writes them).
        sqlx::query(
            "WITH u AS (
                 UPDATE source_orders s SET progress_id = n.job FROM UNNEST($1::bigint[], $2::bigint[]) AS n(id, job)
                 WHERE s.id = n.id RETURNING s.id, s.order_id, s.source
             )
             INSERT INTO order_logs (workplace_id, order_id, source_order_id, event, detail)
             SELECT $3, u.order_id, u.id, 'placement_started', jsonb_build_object('source', u.source, 'pay', $4::text) FROM u ORDER BY u.id",
        )
        .bind(&ids)
        .bind(&jobs)
        .bind(workplace_id)
        .bind(pay.map(PayWith::as_str))
        .execute(&mut *conn)
        .await?;
    }
    status::refresh_many(conn, &ready).await?;
    Ok(ids)
}

/// The toast's items: the given supplier orders, or those not dismissed from the last day. A
/// placed order whose payment was asked for is still processing until it is paid or refused, and
/// so is an AliExpress order until the owner pays it on AliExpress (its warning says so).
pub async fn items(pool: &PgPool, workplace_id: Uuid, ids: Option<&[i64]>) -> Result<Vec<PlacementItem>> {
    let mut rows: Vec<PlacementItem> = sqlx::query_as(
        "SELECT so.id, so.order_id, o.name AS order_name, so.source, so.status AS source_status,
                CASE WHEN so.status IN ('placing', 'paying') OR (so.status = 'waiting_payment' AND so.pay_with IS NOT NULL)
                          OR (so.status = 'waiting_payment' AND so.warning = 'waiting_complete_order') THEN 'processing'
                     WHEN so.status IN ('failed', 'cancelled') THEN 'error' ELSE 'success' END AS status,
                so.warning, so.error_key, so.error AS message, so.order_no, so.total_cents
         FROM source_orders so JOIN orders o ON o.id = so.order_id
         WHERE so.workplace_id = $1
           AND (CASE WHEN $2::bigint[] IS NULL THEN NOT so.toast_dismissed AND so.created_at > now() - interval '1 day'
                     ELSE so.id = ANY($2) END)
         ORDER BY so.id DESC LIMIT 500",
    )
    .bind(workplace_id)
    .bind(ids)
    .fetch_all(pool)
    .await?;
    for r in &mut rows {
        r.total = super::dollars(r.total_cents);
        if r.message.is_none() {
            r.message = r.error_key.as_deref().map(|k| error_message(k).to_string());
        }
    }
    Ok(rows)
}

/// The toast's `stop` event: every processing placement of that source becomes an error
/// ("order failed due to the user stopping"). A job that already asked the supplier sees the
/// change when it records the answer and cancels that supplier order.
pub async fn stop(pool: &PgPool, workplace_id: Uuid, source: &str) -> Result<u64> {
    let mut tx = crate::db::begin(pool).await?;
    let stopped: Vec<(i64, i64)> = sqlx::query_as(
        "UPDATE source_orders SET status = 'failed', error_key = 'cancel_order', error = $3, updated_at = now()
         WHERE workplace_id = $1 AND source = $2 AND status = 'placing' RETURNING id, order_id",
    )
    .bind(workplace_id)
    .bind(source)
    .bind(error_message("cancel_order"))
    .fetch_all(&mut *tx)
    .await?;
    for (id, order_id) in &stopped {
        log(&mut tx, workplace_id, *order_id, Some(*id), "placement_stopped", json!({})).await?;
        status::refresh(&mut tx, *order_id).await?;
    }
    tx.commit().await?;
    Ok(stopped.len() as u64)
}

/// The toast's `remove` (one item) and `clear` (every finished item) events.
pub async fn dismiss(pool: &PgPool, workplace_id: Uuid, id: Option<i64>) -> Result<u64> {
    let n = sqlx::query(
        "UPDATE source_orders SET toast_dismissed = true
         WHERE workplace_id = $1 AND NOT toast_dismissed AND ($2::bigint IS NULL AND status NOT IN ('placing', 'paying') OR id = $2)",
    )
    .bind(workplace_id)
    .bind(id)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(n)
}
