//! Recording paid supplier orders, many per transaction. Each paid order needs its row moved to
//! `order_placed`, a log line and its order's status worked out again under the order's lock;
//! one transaction each made that five round trips and a commit per supplier order. The worker's
//! jobs hand their paid orders to one batcher per process (`TaskContext::paid_orders`): the
//! orders paid while a batch is being written form the next one, written by one statement and
//! one `status::refresh_many`.
use serde_json::Value;
use sqlx::PgPool;

use super::status;
use crate::Result;
use crate::context::{PaidOrder as Paid, PaidOrders};
use crate::queue::Batcher;

/// Up to 500 per transaction, two transactions in flight, started `BATCH_SPACING` apart.
pub fn grouped(pool: PgPool) -> PaidOrders {
    Batcher::spaced(500, 2, crate::queue::BATCH_SPACING, move |paid: Vec<Paid>| {
        let pool = pool.clone();
        async move {
            record(&pool, &paid).await.map_err(|e| e.to_string())?;
            Ok(vec![(); paid.len()])
        }
    })
}

/// Moves each row still `paying` to `order_placed` and logs `paid` for every one (the supplier
/// has been paid either way), then refreshes their orders. A lost commit is redone by the jobs'
/// reruns, which find the charge by its reference and the supplier's order paid
/// (`db::begin_redoable`; test `orders::a_paid_supplier_order_whose_commit_was_lost...`).
pub async fn record(pool: &PgPool, paid: &[Paid]) -> Result<()> {
    let ids: Vec<i64> = paid.iter().map(|p| p.source_order_id).collect();
    let workplaces: Vec<uuid::Uuid> = paid.iter().map(|p| p.workplace_id).collect();
    let orders: Vec<i64> = paid.iter().map(|p| p.order_id).collect();
    let details: Vec<Value> = paid.iter().map(|p| p.detail.clone()).collect();
    let mut tx = crate::db::begin_redoable(pool).await?;
    sqlx::query(
        "WITH n AS (SELECT * FROM UNNEST($1::bigint[], $2::uuid[], $3::bigint[], $4::jsonb[]) AS n(id, workplace_id, order_id, detail)),
         u AS (UPDATE source_orders s SET status = 'order_placed', paid_at = now(), error = NULL, updated_at = now()
               FROM n WHERE s.id = n.id AND s.status = 'paying')
         INSERT INTO order_logs (workplace_id, order_id, source_order_id, event, detail)
         SELECT workplace_id, order_id, id, 'paid', detail FROM n",
    )
    .bind(&ids)
    .bind(&workplaces)
    .bind(&orders)
    .bind(&details)
    .execute(&mut *tx)
    .await?;
    // `refresh_many` locks the orders in id order itself, and a repeated id is one order.
    status::refresh_many(&mut tx, &orders).await?;
    tx.commit().await?;
    Ok(())
}
