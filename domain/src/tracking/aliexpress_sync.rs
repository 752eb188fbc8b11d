//! AliExpress orders read in the owner's own account (`aliexpress.trade.ds.order.get`): one the
//! owner has paid on AliExpress leaves `waiting_payment` for `order_placed` (its warning gone), one
//! cancelled there is cancelled here, and a shipped one's logistics number becomes a parcel. Part
//! of the tracking sync, for the same orders the supplier sync would read, grouped by workplace so
//! each account's token is opened (and renewed) once.
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::settle::{Settled, settle};
use super::shipments;
use super::supplier_sync::Report;
use crate::connectors::suppliers::Suppliers;
use crate::crypto::Sealer;
use crate::error::Result;
use crate::orders::aliexpress_account;

#[instrument(skip_all)]
pub async fn run(pool: &PgPool, sealer: &Sealer, suppliers: &Suppliers, workplace_id: Option<Uuid>, ids: Option<&[i64]>, limit: i64) -> Result<Report> {
    let rows: Vec<(i64, Uuid, i64, String, String)> = sqlx::query_as(
        "SELECT so.id, so.workplace_id, so.order_id, so.order_no, so.status FROM source_orders so
         WHERE so.source = 'aliexpress' AND so.order_no IS NOT NULL AND so.payment_method IS DISTINCT FROM 'manual'
           AND (so.status = 'waiting_payment' OR (so.status = 'order_placed' AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.source_order_id = so.id)))
           AND ($1::uuid IS NULL OR so.workplace_id = $1) AND ($2::bigint[] IS NULL OR so.id = ANY($2))
         ORDER BY so.workplace_id, so.id LIMIT $3",
    )
    .bind(workplace_id)
    .bind(ids)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let mut report = Report { checked: rows.len(), ..Report::default() };
    let mut token: Option<(Uuid, Option<String>)> = None;
    for (id, wp, order_id, order_no, was) in rows {
        if token.as_ref().is_none_or(|(w, _)| *w != wp) {
            let t = match aliexpress_account::access_token(pool, sealer, suppliers, wp).await {
                Ok(t) => t,
                Err(e) => {
                    report.errors.push(format!("source order {id}: {e}"));
                    None
                }
            };
            token = Some((wp, t));
        }
        let Some(t) = token.as_ref().and_then(|(_, t)| t.clone()) else {
            report.errors.push(format!("source order {id}: sign in to your AliExpress account"));
            continue;
        };
        let o = match suppliers.aliexpress_order(&t, &order_no).await {
            Ok(o) => o,
            Err(e) => {
                report.errors.push(format!("source order {id}: {e}"));
                continue;
            }
        };
        let mut tx = crate::db::begin(pool).await?;
        let now = match (was.as_str(), o.status.as_str()) {
            ("waiting_payment", "cancelled") => Some(("cancelled", "cancelled_at_source")),
            ("waiting_payment", _) if o.is_paid() => Some(("order_placed", "paid_at_source")),
            _ => None,
        };
        if let Some((to, event)) = now {
            let detail = json!({"source": "aliexpress", "order_no": order_no});
            let settled =
                Settled { workplace_id: wp, order_id, source_order_id: id, from: &was, to, paid_by: "aliexpress", total_cents: o.total_cents(), event, detail };
            settle(&mut tx, settled).await?;
        }
        if shipments::add_supplier_parcel(&mut tx, wp, order_id, id, &o.tracking).await? {
            report.tracked += 1;
        }
        tx.commit().await?;
    }
    Ok(report)
}
