//! The worker records the orders suppliers created and paid many per transaction
//! (`orders::created`, `orders::paid`): each row of a batch gets its own outcome, and a row the
//! user stopped meanwhile is left for the cancellation at the supplier.
use serde_json::json;

use crate::order_support as support;
use domain::context::{CreatedOrder as Created, PaidOrder as Paid};
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
    customer_buys(&sh, 1, None).await;
    customer_buys(&sh, 1, None).await;
    let ids: Vec<i64> = tab(&sh, "placement", "ready").await.iter().map(|o| o["id"].as_i64().unwrap()).collect();
    for id in ids {
        let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
    }
    // Not run: both rows are `placing`. The user stops the second one.
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, order_id FROM source_orders WHERE workplace_id = $1 ORDER BY id").bind(sh.workplace).fetch_all(pool).await.unwrap();
    assert_eq!(rows.len(), 2);
    sqlx::query("UPDATE source_orders SET status = 'failed', error_key = 'cancel_order' WHERE id = $1").bind(rows[1].0).execute(pool).await.unwrap();

    let answer = |(so, order_id): (i64, i64), no: &str| Created {
        source_order_id: so,
        order_id,
        order_no: no.into(),
        total_cents: 1234,
        shipping_cents: 234,
        detail: json!({ "order_no": no }),
        refresh: true,
    };
    let recorded = created::record(pool, &[answer(rows[0], "S-1"), answer(rows[1], "S-2")]).await.unwrap();
    assert_eq!(recorded, vec![true, false]);
    assert_eq!(state(pool, rows[0].0).await, ("waiting_payment".into(), Some("S-1".into()), 1234, 234, 1000));
    let stopped = state(pool, rows[1].0).await;
    assert_eq!((stopped.0.as_str(), stopped.1.as_deref()), ("failed", Some("S-2")), "stays stopped, keeps the number to cancel");
    assert_eq!((logged(pool, rows[0].0, "supplier_order_created").await, logged(pool, rows[1].0, "supplier_order_created").await), (1, 0));
    let waiting = tab(&sh, "payment", "waiting_payment").await;
    assert_eq!(waiting.len(), 1, "the recorded order's status was worked out");
    assert_eq!(waiting[0]["id"].as_i64(), Some(rows[0].1));

    // Paid: only a row being paid moves, and its order with it.
    sqlx::query("UPDATE source_orders SET status = 'paying' WHERE id = $1").bind(rows[0].0).execute(pool).await.unwrap();
    let paid = |(so, order_id): (i64, i64)| Paid { source_order_id: so, workplace_id: sh.workplace, order_id, detail: json!({ "method": "wallet" }) };
    paid::record(pool, &[paid(rows[0]), paid(rows[1])]).await.unwrap();
    assert_eq!(state(pool, rows[0].0).await.0, "order_placed");
    assert_eq!(state(pool, rows[1].0).await.0, "failed", "a stopped row is not made paid");
    let placed = tab(&sh, "payment", "order_placed").await;
    assert_eq!(placed.iter().map(|o| o["id"].as_i64()).collect::<Vec<_>>(), vec![Some(rows[0].1)]);
    assert_eq!(logged(pool, rows[0].0, "paid").await, 1);
}
