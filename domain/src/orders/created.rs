//! Recording the orders suppliers created, many per transaction: each row still `placing` moves
//! to `waiting_payment` with the supplier's order number and totals, and gets its log line; a
//! row the owner asked to pay on placement moves straight to `paying` with its method, which
//! `pay::claim` would otherwise do in a statement and a commit of its own. The
//! worker's jobs hand them to one batcher per process (`TaskContext::created_orders`, built by
//! `tasks::runner`), as paid orders go to `orders::paid`: one transaction a batch instead of
//! three round trips and a commit per supplier order.
use serde_json::Value;
use sqlx::PgPool;

use super::status;
use crate::Result;
use crate::context::{CreatedOrder as Created, CreatedOrders, Recorded};
use crate::queue::Batcher;

/// Up to 500 per transaction, two transactions in flight, started `BATCH_SPACING` apart.
pub fn grouped(pool: PgPool) -> CreatedOrders {
    Batcher::spaced(500, 2, crate::queue::BATCH_SPACING, move |created: Vec<Created>| {
        let pool = pool.clone();
        async move { record(&pool, &created).await.map_err(|e| e.to_string()) }
    })
}

/// Records the batch in one transaction. A row no longer `placing` keeps the supplier's order
/// number (for the cancellation that follows) and is answered `Stopped`. The orders of rows left
/// waiting for payment get their status worked out; a row taken into `paying` is refreshed by
/// the job that pays it next, once paid or not. The commit does not wait for the disk: lost in
/// a server crash, the reruns ask the suppliers again under the same idempotency keys and record
/// the same orders (`db::begin_redoable`; test `orders::a_lost_supplier_answer_and_a_rerun_job...`).
pub async fn record(pool: &PgPool, created: &[Created]) -> Result<Vec<Recorded>> {
    let ids: Vec<i64> = created.iter().map(|c| c.source_order_id).collect();
    let numbers: Vec<&str> = created.iter().map(|c| c.order_no.as_str()).collect();
    let totals: Vec<i64> = created.iter().map(|c| c.total_cents).collect();
    let shipping: Vec<i64> = created.iter().map(|c| c.shipping_cents).collect();
    let details: Vec<Value> = created.iter().map(|c| c.detail.clone()).collect();
    let mut tx = crate::db::begin_redoable(pool).await?;
    let recorded: Vec<(i64, i64, Option<String>)> = sqlx::query_as(concat!(
        "WITH n AS (SELECT * FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::jsonb[]) AS n(id, order_no, total, shipping, detail)),
         u AS (UPDATE source_orders so SET status = CASE WHEN so.pay_with IS NULL THEN 'waiting_payment' ELSE 'paying' END,
                      payment_method = CASE WHEN so.pay_with IS NULL THEN so.payment_method ELSE ",
        super::pay::paying_method!(),
        " END,
                      order_no = n.order_no, total_cents = n.total, shipping_cents = n.shipping,
                      product_cents = n.total - n.shipping, error_key = NULL, error = NULL, updated_at = now()
               FROM n WHERE so.id = n.id AND so.status = 'placing'
               RETURNING so.id, so.workplace_id, so.order_id, so.pay_with IS NOT NULL AS paying, so.payment_method),
         l AS (INSERT INTO order_logs (workplace_id, order_id, source_order_id, event, detail)
               SELECT u.workplace_id, u.order_id, u.id, 'supplier_order_created', n.detail FROM u JOIN n ON n.id = u.id)
         SELECT id, order_id, CASE WHEN paying THEN payment_method END FROM u"
    ))
    .bind(&ids)
    .bind(&numbers)
    .bind(&totals)
    .bind(&shipping)
    .bind(&details)
    .fetch_all(&mut *tx)
    .await?;
    let answers: Vec<Recorded> = ids
        .iter()
        .map(|id| match recorded.iter().find(|r| r.0 == *id) {
            None => Recorded::Stopped,
            Some((_, _, None)) => Recorded::Waiting,
            Some((_, _, Some(method))) => Recorded::Paying(method.clone()),
        })
        .collect();
    let stopped: Vec<usize> = (0..created.len()).filter(|&i| answers[i] == Recorded::Stopped).collect();
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
    let waiting: Vec<i64> = recorded.iter().filter(|r| r.2.is_none()).map(|r| r.1).collect();
    status::refresh_many(&mut tx, &waiting).await?;
    tx.commit().await?;
    Ok(answers)
}
