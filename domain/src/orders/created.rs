//! Recording the orders suppliers created, many per transaction: each row still `placing` moves
//! to `waiting_payment` with the supplier's order number and totals, and gets its log line. The
//! worker's jobs hand them to one batcher per process (`TaskContext::created_orders`, built by
//! `tasks::runner`), as paid orders go to `orders::paid`: one transaction a batch instead of
//! three round trips and a commit per supplier order.
use serde_json::Value;
use sqlx::PgPool;

use super::status;
use crate::Result;
use crate::context::{CreatedOrder as Created, CreatedOrders};
use crate::queue::Batcher;

/// Up to 500 per transaction, two transactions in flight.
pub fn grouped(pool: PgPool) -> CreatedOrders {
    Batcher::spawn(500, 2, move |created: Vec<Created>| {
        let pool = pool.clone();
        async move { record(&pool, &created).await.map_err(|e| e.to_string()) }
    })
}

/// Records the batch in one transaction. A row no longer `placing` keeps the supplier's order
/// number (for the cancellation that follows) and is answered false. The commit does not wait
/// for the disk: lost in a server crash, the reruns ask the suppliers again under the same
/// idempotency keys and record the same orders (`db::begin_redoable`; test
/// `orders::a_lost_supplier_answer_and_a_rerun_job...`).
pub async fn record(pool: &PgPool, created: &[Created]) -> Result<Vec<bool>> {
    let ids: Vec<i64> = created.iter().map(|c| c.source_order_id).collect();
    let numbers: Vec<&str> = created.iter().map(|c| c.order_no.as_str()).collect();
    let totals: Vec<i64> = created.iter().map(|c| c.total_cents).collect();
    let shipping: Vec<i64> = created.iter().map(|c| c.shipping_cents).collect();
    let details: Vec<Value> = created.iter().map(|c| c.detail.clone()).collect();
    let mut tx = crate::db::begin_redoable(pool).await?;
    let recorded: Vec<i64> = sqlx::query_scalar(
        "WITH n AS (SELECT * FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::jsonb[]) AS n(id, order_no, total, shipping, detail)),
         u AS (UPDATE source_orders s SET status = 'waiting_payment', order_no = n.order_no, total_cents = n.total, shipping_cents = n.shipping,
                      product_cents = n.total - n.shipping, error_key = NULL, error = NULL, updated_at = now()
               FROM n WHERE s.id = n.id AND s.status = 'placing' RETURNING s.id, s.workplace_id, s.order_id),
         l AS (INSERT INTO order_logs (workplace_id, order_id, source_order_id, event, detail)
               SELECT u.workplace_id, u.order_id, u.id, 'supplier_order_created', n.detail FROM u JOIN n ON n.id = u.id)
         SELECT id FROM u",
    )
    .bind(&ids)
    .bind(&numbers)
    .bind(&totals)
    .bind(&shipping)
    .bind(&details)
    .fetch_all(&mut *tx)
    .await?;
    let answers: Vec<bool> = ids.iter().map(|id| recorded.contains(id)).collect();
    let stopped: Vec<usize> = (0..created.len()).filter(|&i| !answers[i]).collect();
    if !stopped.is_empty() {
        let ids: Vec<i64> = stopped.iter().map(|&i| ids[i]).collect();
        let numbers: Vec<&str> = stopped.iter().map(|&i| numbers[i]).collect();
        sqlx::query(
            "UPDATE source_orders s SET order_no = COALESCE(s.order_no, n.order_no)
             FROM UNNEST($1::bigint[], $2::text[]) AS n(id, order_no) WHERE s.id = n.id",
        )
        .bind(&ids)
        .bind(&numbers)
        .execute(&mut *tx)
        .await?;
    }
    // `refresh_many` locks the orders in id order itself, and a repeated id is one order.
    let orders: Vec<i64> = (0..created.len()).filter(|&i| answers[i] && created[i].refresh).map(|i| created[i].order_id).collect();
    status::refresh_many(&mut tx, &orders).await?;
    tx.commit().await?;
    Ok(answers)
}
