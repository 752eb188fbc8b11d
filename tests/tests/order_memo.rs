//! The api keeps order-list pages and counts in memory (`orders::memo`); an owner must still see
//! every change at once: to the order, its lines, supplier orders, parcels, the store's name,
//! the exchange rates, made by any process, in one statement or a long transaction, and after
//! the worker prunes the change log. Never another workspace's page.
use domain::orders::memo::{self, Fresh, Reads, columns};
use dropline_tests::{StoreOwner, store_owner};
use serde_json::Value;
use sqlx::PgPool;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use uuid::Uuid;

/// Three ready orders in EUR, newest `#3`, each with one line.
async fn buy(pool: &PgPool, w: Uuid, store: &str) {
    sqlx::query(
        "INSERT INTO orders (workplace_id, store_id, platform, platform_order_id, name, email, ordered_at, status, currency)
         SELECT $1, $2::uuid, 'shopify', 'memo-' || i, '#' || i, 'c' || i || '@example.com', now() - make_interval(mins => 10 - i), 'ready', 'EUR'
         FROM generate_series(1, 3) i",
    )
    .bind(w)
    .bind(store)
    .execute(pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO order_line_items (order_id, workplace_id, platform_line_item_id, title, quantity, price_cents, source)
         SELECT id, workplace_id, 'l' || id, 'Lamp', 1, 1000, 'cj' FROM orders WHERE workplace_id = $1",
    )
    .bind(w)
    .execute(pool)
    .await
    .unwrap();
}

async fn page(s: &StoreOwner) -> Value {
    let l = s.app.get("/api/orders/v5/list?tab=placement", Some(&s.token)).await;
    assert_eq!(l.code(), 200, "{}", l.body);
    l.data().clone()
}

async fn ready_count(s: &StoreOwner) -> i64 {
    let c = s.app.get("/api/orders/v5/count-order-status", Some(&s.token)).await;
    assert_eq!(c.code(), 200, "{}", c.body);
    c.data()["placement"]["ready"].as_i64().unwrap()
}

async fn run(pool: &PgPool, sql: &str, w: Uuid) {
    sqlx::query(sql).bind(w).execute(pool).await.unwrap();
}

#[tokio::test]
async fn a_kept_page_shows_every_change_at_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let a = store_owner(pool.clone(), "memo-a@example.com", "memo-a", "memo-a-woo").await;
    let b = store_owner(pool.clone(), "memo-b@example.com", "memo-b", "memo-b-woo").await;
    let (wa, wb) = (a.workplace().await, b.workplace().await);
    buy(&pool, wa, &a.shopify).await;
    buy(&pool, wb, &b.shopify).await;
    sqlx::query("INSERT INTO exchange_rates (pair, rate, quoted_at) VALUES ('USDEUR', 0.9, now()) ON CONFLICT (pair) DO UPDATE SET rate = 0.9")
        .execute(&pool)
        .await
        .unwrap();

    let first = page(&a).await;
    assert_eq!(first["total"], 3);
    assert_eq!(page(&a).await, first, "nothing changed: the same page");
    assert_eq!(ready_count(&a).await, 3);
    // Another workspace asking the same question gets its own orders.
    run(&pool, "UPDATE orders SET name = 'B-' || name WHERE workplace_id = $1", wb).await;
    let theirs = page(&b).await;
    assert!(theirs["items"].as_array().unwrap().iter().all(|o| o["name"].as_str().unwrap().starts_with("B-")), "{theirs}");
    assert_eq!(page(&a).await, first, "another workspace's change leaves ours as it was");

    let newest = |p: &Value| p["items"][0].clone();
    run(&pool, "UPDATE orders SET name = '#3 renamed' WHERE workplace_id = $1 AND name = '#3'", wa).await;
    assert_eq!(newest(&page(&a).await)["name"], "#3 renamed");

    run(&pool, "UPDATE order_line_items SET title = 'Desk lamp' WHERE workplace_id = $1", wa).await;
    assert_eq!(newest(&page(&a).await)["line_items"][0]["title"], "Desk lamp");

    run(
        &pool,
        "INSERT INTO source_orders (workplace_id, order_id, source, idempotency_key, status, order_no)
         SELECT workplace_id, id, 'cj', 'memo-' || id, 'waiting_payment', 'CJ-' || id FROM orders WHERE workplace_id = $1 AND name = '#3 renamed'",
        wa,
    )
    .await;
    assert_eq!(newest(&page(&a).await)["source_orders"][0]["status"], "waiting_payment");

    run(
        &pool,
        "INSERT INTO shipments (workplace_id, order_id, tracking_number, origin)
         SELECT workplace_id, id, 'TRK-MEMO', 'manual' FROM orders WHERE workplace_id = $1 AND name = '#3 renamed'",
        wa,
    )
    .await;
    assert_eq!(newest(&page(&a).await)["shipments"][0]["tracking_number"], "TRK-MEMO");

    run(&pool, "UPDATE stores SET name = 'Renamed shop' WHERE workplace_id = $1", wa).await;
    assert_eq!(newest(&page(&a).await)["store_name"], "Renamed shop");

    sqlx::query("UPDATE exchange_rates SET rate = 0.8 WHERE pair = 'USDEUR'").execute(&pool).await.unwrap();
    assert_eq!(page(&a).await["display"]["rates"]["USDEUR"], 0.8);
    assert_eq!(page(&b).await["display"]["rates"]["USDEUR"], 0.8, "rates are every workspace's");

    // A change made inside a longer transaction shows once it commits, not before.
    let mut tx = domain::db::begin(&pool).await.unwrap();
    sqlx::query("UPDATE orders SET status = 'waiting_payment' WHERE workplace_id = $1 AND name = '#1'").bind(wa).execute(&mut *tx).await.unwrap();
    assert_eq!(ready_count(&a).await, 3, "not committed yet");
    assert_eq!(page(&a).await["total"], 3);
    tx.commit().await.unwrap();
    assert_eq!(ready_count(&a).await, 2);
    assert_eq!(page(&a).await["total"], 2);

    run(&pool, "DELETE FROM orders WHERE workplace_id = $1 AND name = '#2'", wa).await;
    assert_eq!(page(&a).await["total"], 1);
    assert_eq!(ready_count(&a).await, 1);
    assert_eq!(ready_count(&b).await, 3, "their counts are their own");
}

/// The worker's prune drops the log's rows of finished transactions: a page kept from before a
/// change that the prune dropped is read again, not served.
#[tokio::test]
async fn a_kept_page_is_read_again_after_the_log_is_pruned() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let a = store_owner(pool.clone(), "memo-prune@example.com", "memo-prune", "memo-prune-woo").await;
    let w = a.workplace().await;
    buy(&pool, w, &a.shopify).await;
    assert_eq!(page(&a).await["items"][0]["name"], "#3");
    run(&pool, "UPDATE orders SET name = '#3 after' WHERE workplace_id = $1 AND name = '#3'", w).await;
    // A transaction running anywhere on the server (other tests) holds the prune back, as it
    // holds back VACUUM: prune until the change's row is gone.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        domain::orders::memo::prune(&pool).await.unwrap();
        let left: i64 = sqlx::query_scalar("SELECT count(*) FROM order_changes WHERE workplace_id = $1").bind(w).fetch_one(&pool).await.unwrap();
        if left == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the change's row was never pruned");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(page(&a).await["items"][0]["name"], "#3 after");
}

/// What makes the memo worth having: an unchanged answer is not read again, and only a
/// committed change of the same workspace makes it read again.
#[tokio::test]
async fn the_memo_reads_again_only_after_a_committed_change() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let a = store_owner(pool.clone(), "memo-reads@example.com", "memo-reads", "memo-reads-woo").await;
    let b = store_owner(pool.clone(), "memo-reads-b@example.com", "memo-reads-b", "memo-reads-b-woo").await;
    let (wa, wb) = (a.workplace().await, b.workplace().await);
    buy(&pool, wa, &a.shopify).await;
    let memo = domain::orders::memo::OrderMemo::new(pool.clone(), 1 << 20);
    let reads = Arc::new(AtomicUsize::new(0));
    let get = || {
        let (memo, pool, reads) = (memo.clone(), pool.clone(), reads.clone());
        async move {
            memo.get_or_read(wa, "names", || async {
                reads.fetch_add(1, Ordering::SeqCst);
                let snapshot = memo::snapshot(&pool).await?;
                let names: Vec<String> = sqlx::query_scalar("SELECT name FROM orders WHERE workplace_id = $1 ORDER BY id").bind(wa).fetch_all(&pool).await?;
                Ok(Fresh { json: serde_json::to_vec(&names).unwrap(), reads: Reads::new(columns::WORDS, []), snapshot })
            })
            .await
            .unwrap()
        }
    };
    let names = |j: Arc<Vec<u8>>| serde_json::from_slice::<Vec<String>>(&j).unwrap();
    assert_eq!(names(get().await), ["#1", "#2", "#3"]);
    get().await;
    assert_eq!(reads.load(Ordering::SeqCst), 1, "unchanged: kept");
    run(&pool, "UPDATE orders SET name = 'theirs' WHERE workplace_id = $1", wb).await;
    get().await;
    assert_eq!(reads.load(Ordering::SeqCst), 1, "another workspace's change: kept");
    let mut tx = domain::db::begin(&pool).await.unwrap();
    sqlx::query("UPDATE orders SET name = '#1 new' WHERE workplace_id = $1 AND name = '#1'").bind(wa).execute(&mut *tx).await.unwrap();
    assert_eq!(names(get().await), ["#1", "#2", "#3"]);
    assert_eq!(reads.load(Ordering::SeqCst), 1, "uncommitted: kept");
    tx.commit().await.unwrap();
    assert_eq!(names(get().await), ["#1 new", "#2", "#3"]);
    assert_eq!(reads.load(Ordering::SeqCst), 2);
    get().await;
    assert_eq!(reads.load(Ordering::SeqCst), 2);
}

/// A change makes the memo read again only the answers it can alter: one whose filter or counts
/// read a column it changed on orders of its statuses, or one showing an order it touched.
/// Marking an old order leaves the newest order's page as it was and re-reads the marked count
/// (but not when the order is of another tab); a line changed on the newest order re-reads that
/// page only; a status change or a new order re-reads both.
#[tokio::test]
async fn a_change_reads_again_only_the_answers_it_can_alter() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let a = store_owner(pool.clone(), "memo-scope@example.com", "memo-scope", "memo-scope-woo").await;
    let w = a.workplace().await;
    buy(&pool, w, &a.shopify).await;
    let memo = domain::orders::memo::OrderMemo::new(pool.clone(), 1 << 20);
    let (newest_reads, marked_reads) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    // The newest order's name and line title, as a page of one would show it.
    let newest = || {
        let (memo, pool, reads) = (memo.clone(), pool.clone(), newest_reads.clone());
        async move {
            let json = memo
                .get_or_read(w, "newest", || async {
                    reads.fetch_add(1, Ordering::SeqCst);
                    let (name, title, at, snapshot): (String, String, chrono::DateTime<chrono::Utc>, String) = sqlx::query_as(
                        "SELECT o.name, l.title, o.ordered_at, pg_current_snapshot()::text FROM orders o JOIN order_line_items l ON l.order_id = o.id
                         WHERE o.workplace_id = $1 AND o.status = 'ready' AND NOT o.archived ORDER BY o.ordered_at DESC LIMIT 1",
                    )
                    .bind(w)
                    .fetch_one(&pool)
                    .await?;
                    let reads = Reads::new(columns::STATUS | columns::ARCHIVED | columns::ORDERED_AT, [at]);
                    Ok(Fresh { json: serde_json::to_vec(&(name, title)).unwrap(), reads, snapshot })
                })
                .await
                .unwrap();
            serde_json::from_slice::<(String, String)>(&json).unwrap()
        }
    };
    // How many ready orders are marked, as the counts would say it.
    let marked = || {
        let (memo, pool, reads) = (memo.clone(), pool.clone(), marked_reads.clone());
        async move {
            let json = memo
                .get_or_read(w, "marked", || async {
                    reads.fetch_add(1, Ordering::SeqCst);
                    let (n, snapshot): (i64, String) =
                        sqlx::query_as("SELECT count(*), pg_current_snapshot()::text FROM orders WHERE workplace_id = $1 AND status = 'ready' AND marked")
                            .bind(w)
                            .fetch_one(&pool)
                            .await?;
                    let reads = Reads::new(columns::STATUS | columns::MARKED, []).among(&["ready"]);
                    Ok(Fresh { json: serde_json::to_vec(&n).unwrap(), reads, snapshot })
                })
                .await
                .unwrap();
            serde_json::from_slice::<i64>(&json).unwrap()
        }
    };
    // The oldest and the newest order's names, as a sparse page (a keyword's) shows orders far apart.
    let ends_reads = Arc::new(AtomicUsize::new(0));
    let ends = || {
        let (memo, pool, reads) = (memo.clone(), pool.clone(), ends_reads.clone());
        async move {
            let json = memo
                .get_or_read(w, "ends", || async {
                    reads.fetch_add(1, Ordering::SeqCst);
                    let snapshot = memo::snapshot(&pool).await?;
                    let rows: Vec<(String, chrono::DateTime<chrono::Utc>)> =
                        sqlx::query_as("SELECT name, ordered_at FROM orders WHERE workplace_id = $1 AND name IN ('#1', '#3') ORDER BY ordered_at")
                            .bind(w)
                            .fetch_all(&pool)
                            .await?;
                    let reads = Reads::new(columns::WORDS | columns::ORDERED_AT, rows.iter().map(|r| r.1));
                    Ok(Fresh { json: serde_json::to_vec(&rows.iter().map(|r| &r.0).collect::<Vec<_>>()).unwrap(), reads, snapshot })
                })
                .await
                .unwrap();
            serde_json::from_slice::<Vec<String>>(&json).unwrap()
        }
    };
    assert_eq!(ends().await, ["#1", "#3"]);
    run(&pool, "UPDATE order_line_items l SET title = 'Middle lamp' FROM orders o WHERE o.id = l.order_id AND o.workplace_id = $1 AND o.name = '#2'", w).await;
    assert_eq!(ends().await, ["#1", "#3"]);
    assert_eq!(ends_reads.load(Ordering::SeqCst), 1, "an order between the two shown is neither of them");
    run(&pool, "UPDATE orders SET name = '#1' || '' , cancel_reason = 'checked' WHERE workplace_id = $1 AND name = '#1'", w).await;
    ends().await;
    assert_eq!(ends_reads.load(Ordering::SeqCst), 2, "a change to a shown order re-reads it");

    let reads = || (newest_reads.load(Ordering::SeqCst), marked_reads.load(Ordering::SeqCst));
    assert_eq!(newest().await, ("#3".to_string(), "Lamp".to_string()));
    assert_eq!(marked().await, 0);
    assert_eq!(reads(), (1, 1));

    run(&pool, "UPDATE orders SET marked = true WHERE workplace_id = $1 AND name = '#1'", w).await;
    assert_eq!(marked().await, 1, "the mark shows at once");
    assert_eq!(newest().await.0, "#3");
    assert_eq!(reads(), (1, 2), "an older order's mark leaves the newest order's page kept");

    run(&pool, "UPDATE order_line_items l SET title = 'Old lamp' FROM orders o WHERE o.id = l.order_id AND o.workplace_id = $1 AND o.name = '#1'", w).await;
    assert_eq!(newest().await.1, "Lamp");
    assert_eq!(marked().await, 1);
    assert_eq!(reads(), (1, 2), "a line of an order neither shows nor counts by");

    run(&pool, "UPDATE order_line_items l SET title = 'New lamp' FROM orders o WHERE o.id = l.order_id AND o.workplace_id = $1 AND o.name = '#3'", w).await;
    assert_eq!(newest().await.1, "New lamp", "a line of the order shown shows at once");
    assert_eq!(marked().await, 1);
    assert_eq!(reads(), (2, 2));

    // Two statements in one transaction: the second widens what the first logged.
    let mut tx = domain::db::begin(&pool).await.unwrap();
    sqlx::query("UPDATE orders SET marked = false WHERE workplace_id = $1 AND name = '#2'").bind(w).execute(&mut *tx).await.unwrap();
    sqlx::query("UPDATE orders SET status = 'waiting_payment' WHERE workplace_id = $1 AND name = '#3'").bind(w).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(newest().await.0, "#2", "the newest ready order is now #2");
    assert_eq!(marked().await, 1);
    assert_eq!(reads(), (3, 3), "a status change re-reads both");

    run(&pool, "UPDATE orders SET marked = true WHERE workplace_id = $1 AND name = '#3'", w).await;
    assert_eq!(marked().await, 1);
    assert_eq!(reads(), (3, 3), "marking an order of another tab leaves the ready orders' answers kept");

    run(
        &pool,
        "INSERT INTO orders (workplace_id, store_id, platform, platform_order_id, name, ordered_at, status, currency, marked)
         SELECT workplace_id, store_id, platform, 'memo-4', '#4', now(), 'ready', 'EUR', true FROM orders WHERE workplace_id = $1 AND name = '#1'",
        w,
    )
    .await;
    run(&pool, "INSERT INTO order_line_items (order_id, workplace_id, platform_line_item_id, title, quantity, price_cents) SELECT id, workplace_id, 'l4', 'Rug', 1, 900 FROM orders WHERE name = '#4' AND workplace_id = $1", w).await;
    assert_eq!(newest().await, ("#4".to_string(), "Rug".to_string()));
    assert_eq!(marked().await, 2);
    assert_eq!(reads(), (4, 4), "a new order re-reads both");
}
