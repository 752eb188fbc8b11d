//! The worker records the orders suppliers created and paid many per transaction
//! (`orders::created`, `orders::paid`): each row of a batch gets its own outcome (waiting for
//! payment, taken into `paying` when it is paid on placement, or stopped), and a row the user
//! stopped meanwhile is left for the cancellation at the supplier.
use serde_json::json;

use crate::order_support as support;
use domain::context::{CreatedOrder as Created, PaidOrder as Paid, Recorded};
use domain::orders::{created, paid};
use support::{customer_buys, shop_with_product, tab};

type RowState = (String, Option<String>, i64, i64, i64);

async fn state(pool: &sqlx::PgPool, so: i64) -> RowState {
    sqlx::query_as("SELECT status, order_no, total_cents, shipping_cents, product_cents FROM source_orders WHERE id = $1")
        .bind(so)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn logged(pool: &sqlx::PgPool, so: i64, event: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM order_logs WHERE source_order_id = $1 AND event = $2").bind(so).bind(event).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn a_batch_records_each_supplier_order_once_and_leaves_a_stopped_one_to_be_cancelled() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "batches@example.com", "batches-shop").await;
    let pool = &sh.s.app.pool;
    for _ in 0..3 {
        customer_buys(&sh, 1, None).await;
    }
    let mut ids: Vec<i64> = tab(&sh, "placement", "ready").await.iter().map(|o| o["id"].as_i64().unwrap()).collect();
    ids.sort_unstable();
    for (i, id) in ids.iter().enumerate() {
        // The third is to be paid from the wallet on placement.
        let body = if i == 2 { json!({ "order_ids": [id], "pay": "wallet" }) } else { json!({ "order_ids": [id] }) };
        let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), body).await;
        assert_eq!(a.code(), 200, "{}", a.body);
    }
    // Not run: the rows are `placing`. The user stops the second one.
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, order_id FROM source_orders WHERE workplace_id = $1 ORDER BY id").bind(sh.workplace).fetch_all(pool).await.unwrap();
    assert_eq!(rows.len(), 3);
    sqlx::query("UPDATE source_orders SET status = 'failed', error_key = 'cancel_order' WHERE id = $1").bind(rows[1].0).execute(pool).await.unwrap();

    let answer = |(so, order_id): (i64, i64), no: &str| Created {
        source_order_id: so,
        order_id,
        order_no: no.into(),
        total_cents: 1234,
        shipping_cents: 234,
        detail: json!({ "order_no": no }),
    };
    let recorded = created::record(pool, &[answer(rows[0], "S-1"), answer(rows[1], "S-2"), answer(rows[2], "S-3")]).await.unwrap();
    assert_eq!(recorded, vec![Recorded::Waiting, Recorded::Stopped, Recorded::Paying("wallet".into())]);
    assert_eq!(state(pool, rows[0].0).await, ("waiting_payment".into(), Some("S-1".into()), 1234, 234, 1000));
    let stopped = state(pool, rows[1].0).await;
    assert_eq!((stopped.0.as_str(), stopped.1.as_deref()), ("failed", Some("S-2")), "stays stopped, keeps the number to cancel");
    assert_eq!((logged(pool, rows[0].0, "supplier_order_created").await, logged(pool, rows[1].0, "supplier_order_created").await), (1, 0));
    // Paid on placement: taken into `paying` with its method, for the same job to pay next.
    assert_eq!(state(pool, rows[2].0).await, ("paying".into(), Some("S-3".into()), 1234, 234, 1000));
    let method: Option<String> = sqlx::query_scalar("SELECT payment_method FROM source_orders WHERE id = $1").bind(rows[2].0).fetch_one(pool).await.unwrap();
    assert_eq!(method.as_deref(), Some("wallet"));
    assert_eq!(logged(pool, rows[2].0, "supplier_order_created").await, 1);
    let waiting = tab(&sh, "payment", "waiting_payment").await;
    assert_eq!(waiting.len(), 1, "the recorded order's status was worked out, the one being paid waits for its payment: {waiting:?}");
    assert_eq!(waiting[0]["id"].as_i64(), Some(rows[0].1));

    // Paid: only a row being paid moves, and its order with it.
    sqlx::query("UPDATE source_orders SET status = 'paying' WHERE id = $1").bind(rows[0].0).execute(pool).await.unwrap();
    let paid = |(so, order_id): (i64, i64)| Paid { source_order_id: so, workplace_id: sh.workplace, order_id, detail: json!({ "method": "wallet" }) };
    paid::record(pool, &[paid(rows[0]), paid(rows[1]), paid(rows[2])]).await.unwrap();
    assert_eq!(state(pool, rows[0].0).await.0, "order_placed");
    assert_eq!(state(pool, rows[2].0).await.0, "order_placed");
    assert_eq!(state(pool, rows[1].0).await.0, "failed", "a stopped row is not made paid");
    let placed = tab(&sh, "payment", "order_placed").await;
    let mut placed: Vec<Option<i64>> = placed.iter().map(|o| o["id"].as_i64()).collect();
    placed.sort_unstable();
    assert_eq!(placed, vec![Some(rows[0].1), Some(rows[2].1)]);
    assert_eq!(logged(pool, rows[0].0, "paid").await, 1);
}
