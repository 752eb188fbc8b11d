//! The order center's counts are exact whatever happened to the orders (bought, moved between
//! statuses, marked, archived, lines moved to another supplier, deleted), per filter, per
//! workspace, before and after the tallies are folded; and pages walked with `next_after` hold
//! every order of the tab once, newest first. Each expectation is counted from `orders` itself.
use dropline_tests::{StoreOwner, store_owner};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

const STATUSES: [&str; 8] = ["ready", "waiting_payment", "order_placed", "in_transit", "delivered", "cancelled_channel", "cancelled_source", "failed"];
const SOURCES: [&str; 3] = ["dropline", "cj", "aliexpress"];

/// `n` orders over the last 20 days in both stores, each with one to three lines (some unmapped).
async fn buy(pool: &PgPool, w: Uuid, stores: [Uuid; 2], n: i64, seed: i64) {
    sqlx::query(
        "INSERT INTO orders (workplace_id, store_id, platform, platform_order_id, name, email, ordered_at, status, refund_status, marked)
         SELECT $1, ($2::uuid[])[1 + (i * 7 + $4) % 2], 'shopify', 'o-' || $4 || '-' || i, '#' || i, 'c' || i || '@example.com',
                now() - make_interval(hours => ((i * 37 + $4) % 480)::int), ($5::text[])[1 + (i * 5 + $4) % 8],
                CASE WHEN i % 9 = 0 THEN 'pending' WHEN i % 13 = 0 THEN 'completed' END, i % 4 = 0
         FROM generate_series(1, $3) i",
    )
    .bind(w)
    .bind(stores.to_vec())
    .bind(n)
    .bind(seed)
    .bind(STATUSES.to_vec())
    .execute(pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO order_line_items (order_id, workplace_id, platform_line_item_id, title, quantity, price_cents, source)
         SELECT o.id, o.workplace_id, 'l' || k, 'Lamp', 1, 1000, CASE WHEN (o.id + k) % 5 = 0 THEN NULL ELSE ($2::text[])[1 + (o.id * k) % 3] END
         FROM orders o CROSS JOIN generate_series(1, 1 + (o.id % 3)::int) k WHERE o.workplace_id = $1 AND NOT EXISTS (SELECT 1 FROM order_line_items x WHERE x.order_id = o.id)",
    )
    .bind(w)
    .bind(SOURCES.to_vec())
    .execute(pool)
    .await
    .unwrap();
}

/// What happens to orders after they arrive, in statements of one and of many rows.
async fn churn(pool: &PgPool, w: Uuid) {
    for sql in [
        "UPDATE orders SET status = 'order_placed' WHERE workplace_id = $1 AND status = 'ready' AND id % 3 = 0",
        "UPDATE orders SET marked = NOT marked WHERE workplace_id = $1 AND id % 7 = 0",
        "UPDATE orders SET archived = true WHERE workplace_id = $1 AND id % 11 = 0",
        "UPDATE orders SET refund_status = 'accepted' WHERE workplace_id = $1 AND refund_status = 'pending' AND id % 2 = 0",
        "UPDATE order_line_items SET source = 'cj' WHERE workplace_id = $1 AND source = 'aliexpress' AND id % 2 = 0",
        "UPDATE order_line_items SET source = NULL WHERE workplace_id = $1 AND source = 'dropline' AND id % 5 = 0",
        "DELETE FROM order_line_items WHERE workplace_id = $1 AND id % 17 = 0",
        "DELETE FROM orders WHERE workplace_id = $1 AND id % 19 = 0",
        "UPDATE orders SET archived = false WHERE workplace_id = $1 AND id % 22 = 0",
    ] {
        sqlx::query(sql).bind(w).execute(pool).await.unwrap();
    }
    let one: i64 = sqlx::query_scalar("SELECT min(id) FROM orders WHERE workplace_id = $1 AND status = 'ready'").bind(w).fetch_one(pool).await.unwrap();
    sqlx::query("UPDATE orders SET status = 'delivered' WHERE id = $1").bind(one).execute(pool).await.unwrap();
}

/// The tab counts counted from the orders themselves (every date, `and` narrowing).
async fn expected(pool: &PgPool, w: Uuid, and: &str) -> Value {
    let rows: Vec<(String, Option<String>, i64)> =
        sqlx::query_as(&format!("SELECT status, refund_status, count(*) FROM orders o WHERE workplace_id = $1 AND NOT archived {and} GROUP BY 1, 2"))
            .bind(w)
            .fetch_all(pool)
            .await
            .unwrap();
    let n = |f: &dyn Fn(&(String, Option<String>, i64)) -> bool| rows.iter().filter(|r| f(r)).map(|r| r.2).sum::<i64>();
    let st = |s: &'static str| n(&|r| r.0 == s);
    let rf = |s: &'static str| n(&|r| r.1.as_deref() == Some(s));
    serde_json::json!({
        "placement": { "ready": st("ready") },
        "payment": { "waiting_payment": st("waiting_payment"), "order_placed": st("order_placed"), "all": st("waiting_payment") + st("order_placed") },
        "cancelled": { "channel": st("cancelled_channel"), "source": st("cancelled_source") },
        "refund": { "completed": rf("completed"), "pending": rf("pending"), "accepted": rf("accepted"), "rejected": rf("rejected"),
                    "all": rf("completed") + rf("pending") + rf("accepted") + rf("rejected") },
        "shipment_in_transit": st("in_transit"), "shipment_delivered": st("delivered"),
    })
}

async fn check(s: &StoreOwner, w: Uuid, store: Uuid) {
    let pool = &s.app.pool;
    for (query, and) in [
        (String::new(), String::new()),
        (format!("channel={store}"), format!("AND store_id = '{store}'")),
        ("source=cj".into(), "AND 'cj' = ANY(ARRAY(SELECT source FROM order_line_items l WHERE l.order_id = o.id))".into()),
        ("mark_order=1".into(), "AND marked".into()),
        (
            format!("mark_order=0&source=dropline&channel={store}"),
            format!("AND NOT marked AND store_id = '{store}' AND 'dropline' = ANY(ARRAY(SELECT source FROM order_line_items l WHERE l.order_id = o.id))"),
        ),
    ] {
        let got = s.app.get(&format!("/api/orders/v5/count-order-status?{query}"), Some(&s.token)).await;
        assert_eq!(got.code(), 200, "{}", got.body);
        let (g, want) = (got.data(), expected(pool, w, &and).await);
        for (tab, subs) in want.as_object().unwrap() {
            if let Some((t, sub)) = tab.split_once('_') {
                assert_eq!(g[t][sub], *subs, "{query}: {t}/{sub} in {g}");
            } else {
                assert_eq!(g[tab], *subs, "{query}: {tab} in {g}");
            }
        }
    }
    // A page's total over a date range is the tab's orders in that range.
    let from = (chrono::Utc::now() - chrono::Duration::days(5)).date_naive();
    let list = s.app.get(&format!("/api/orders/v5/list?tab=payment&from_date={from}&page_size=5"), Some(&s.token)).await;
    let want: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM orders WHERE workplace_id = $1 AND NOT archived AND status IN ('waiting_payment', 'order_placed')
         AND ordered_at >= $2::date AND ordered_at < current_date + 1",
    )
    .bind(w)
    .bind(from)
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(list.data()["total"], want, "{}", list.body);
}

#[tokio::test]
async fn counts_stay_exact_through_every_change_and_fold() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let a = store_owner(pool.clone(), "counts-a@example.com", "counts-a", "counts-a-woo").await;
    let b = store_owner(pool.clone(), "counts-b@example.com", "counts-b", "counts-b-woo").await;
    let (wa, wb) = (a.workplace().await, b.workplace().await);
    let stores = |s: &StoreOwner| [Uuid::parse_str(&s.shopify).unwrap(), Uuid::parse_str(&s.woo).unwrap()];
    buy(&pool, wa, stores(&a), 400, 1).await;
    buy(&pool, wb, stores(&b), 150, 2).await;
    churn(&pool, wa).await;
    buy(&pool, wa, stores(&a), 60, 3).await;
    check(&a, wa, stores(&a)[0]).await;
    // Another workspace's orders never count here, nor ours there.
    check(&b, wb, stores(&b)[1]).await;

    domain::orders::tally::fold(&pool, wa).await.unwrap();
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM order_tally_changes WHERE workplace_id = $1").bind(wa).fetch_one(&pool).await.unwrap();
    assert_eq!(left, 0, "the fold moved every change");
    churn(&pool, wa).await;
    check(&a, wa, stores(&a)[1]).await;

    // Deleting a workspace takes its tallies with it.
    sqlx::query("DELETE FROM workplaces WHERE id = $1").bind(wb).execute(&pool).await.unwrap();
    let left: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM order_tallies WHERE workplace_id = $1) + (SELECT count(*) FROM order_tally_changes WHERE workplace_id = $1)",
    )
    .bind(wb)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn pages_walked_by_next_after_hold_each_order_once_newest_first() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool.clone(), "walk@example.com", "walk", "walk-woo").await;
    let w = s.workplace().await;
    buy(&pool, w, [Uuid::parse_str(&s.shopify).unwrap(), Uuid::parse_str(&s.woo).unwrap()], 400, 4).await;
    // Orders bought in the same microsecond are told apart by id.
    sqlx::query("UPDATE orders SET ordered_at = date_trunc('hour', now()) WHERE workplace_id = $1 AND id % 4 = 0").bind(w).execute(&pool).await.unwrap();
    let want: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM orders WHERE workplace_id = $1 AND NOT archived AND status IN ('waiting_payment', 'order_placed')
         AND ordered_at >= current_date - 7 ORDER BY ordered_at DESC, id DESC",
    )
    .bind(w)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(want.len() > 14, "enough orders for several pages: {}", want.len());
    let (mut got, mut after, mut page) = (vec![], String::new(), 1);
    loop {
        let l = s.app.get(&format!("/api/orders/v5/list?tab=payment&page_size=7&page={page}&after={after}"), Some(&s.token)).await;
        assert_eq!(l.code(), 200, "{}", l.body);
        assert_eq!(l.data()["total"], want.len(), "{}", l.body);
        got.extend(l.data()["items"].as_array().unwrap().iter().map(|o| o["id"].as_i64().unwrap()));
        match l.data()["next_after"].as_str() {
            Some(next) => (after, page) = (next.to_string(), page + 1),
            None => break,
        }
    }
    assert_eq!(got, want);
    let bad = s.app.get("/api/orders/v5/list?tab=payment&after=yesterday", Some(&s.token)).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    assert!(bad.body["errors"]["after"].is_array(), "{}", bad.body);
}
