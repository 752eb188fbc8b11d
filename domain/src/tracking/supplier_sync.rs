//! Tracking numbers from the suppliers: a paid supplier order without a parcel is read again
//! (`GET {api}/orders/{id}`); once the supplier ships it, its tracking number becomes a parcel.
//! AliExpress orders are read in the owner's account instead (`aliexpress_sync.rs`).
use futures::future::join_all;
use serde::Serialize;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::shipments;
use crate::connectors::suppliers::Suppliers;
use crate::error::Result;
use crate::values::Source;

#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub checked: usize,
    pub tracked: usize,
    pub errors: Vec<String>,
}

/// Reads at most `limit` supplier orders (of one workplace, one source, or the given ids).
#[instrument(skip_all)]
pub async fn run(pool: &PgPool, suppliers: &Suppliers, workplace_id: Option<Uuid>, source: Option<&str>, ids: Option<&[i64]>, limit: i64) -> Result<Report> {
    let rows: Vec<(i64, Uuid, i64, String, String)> = sqlx::query_as(
        "SELECT so.id, so.workplace_id, so.order_id, so.source, so.order_no FROM source_orders so
         WHERE so.status = 'order_placed' AND so.order_no IS NOT NULL AND so.payment_method IS DISTINCT FROM 'manual'
           AND ($1::uuid IS NULL OR so.workplace_id = $1) AND ($2::text IS NULL OR so.source = $2)
           AND ($3::bigint[] IS NULL OR so.id = ANY($3))
           AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.source_order_id = so.id) AND so.source NOT IN ('aliexpress', 'ebay')
         ORDER BY so.paid_at NULLS LAST, so.id LIMIT $4",
    )
    .bind(workplace_id)
    .bind(source)
    .bind(ids)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let mut report = Report { checked: rows.len(), ..Report::default() };
    for chunk in rows.chunks(16) {
        let reads = chunk.iter().map(|(_, _, _, source, no)| {
            let source = Source::parse(source).ok();
            let no = no.clone();
            async move {
                match source {
                    Some(s) => suppliers.get_order(s, &no).await.map_err(|e| e.to_string()),
                    None => Err("unknown source".to_string()),
                }
            }
        });
        let answers = join_all(reads).await;
        for ((id, workplace_id, order_id, _, _), answer) in chunk.iter().zip(answers) {
            let order = match answer {
                Ok(o) => o,
                Err(e) => {
                    report.errors.push(format!("source order {id}: {e}"));
                    continue;
                }
            };
            let mut tx = crate::db::begin(pool).await?;
            if shipments::add_supplier_parcel(&mut tx, *workplace_id, *order_id, *id, &order.tracking).await? {
                report.tracked += 1;
            }
            tx.commit().await?;
        }
    }
    Ok(report)
}
