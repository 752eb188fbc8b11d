//! Helpers for the wallet tests: supplier orders written directly (the wallet needs only the
//! rows), money put in through the ledger, and the books' invariants.
use dropline_tests::TestApp;
use sqlx::PgPool;
use uuid::Uuid;

use domain::wallet::ledger::{self, Account, Kind};

pub use dropline_tests::workplace_of;

/// `n` waiting-payment supplier orders of the user's workplace, one store order each (a store
/// order has at most one live supplier order per source).
pub async fn source_orders(pool: &PgPool, app: &TestApp, token: &str, n: i32) -> Vec<i64> {
    let me = app.get("/api/auth/account", Some(token)).await;
    let user = Uuid::parse_str(me.data()["id"].as_str().unwrap()).unwrap();
    let wp = workplace_of(app, token).await;
    let store = Uuid::new_v4();
    sqlx::query("INSERT INTO stores (id, workplace_id, owner_id, platform, platform_domain, api_base, credentials) VALUES ($1, $2, $3, 'shopify', $4, 'http://127.0.0.1:1', '\\x00')")
        .bind(store)
        .bind(wp)
        .bind(user)
        .bind(format!("s-{store}.myshopify.com"))
        .execute(pool)
        .await
        .unwrap();
    sqlx::query_scalar(
        "WITH o AS (
             INSERT INTO orders (workplace_id, store_id, platform, platform_order_id, name, ordered_at)
             SELECT $1, $2, 'shopify', 'po-' || g, '#' || g, now() FROM generate_series(1, $3) g RETURNING id)
         INSERT INTO source_orders (workplace_id, order_id, source, idempotency_key, status, total_cents)
         SELECT $1, o.id, 'dropline', 'k-' || o.id, 'waiting_payment', 100 FROM o
         RETURNING id",
    )
    .bind(wp)
    .bind(store)
    .bind(n)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// Puts `cents` of top-up money in the wallet, as a completed top-up would.
pub async fn seed(pool: &PgPool, workplace_id: Uuid, cents: i64) {
    let mut tx = domain::db::begin(pool).await.unwrap();
    let entries = [(Account::VendorClearing, -cents), (Account::WalletTopup, cents)];
    ledger::post(&mut tx, workplace_id, Kind::Topup, &format!("topup:seed-{}", Uuid::new_v4()), None, "seed", &entries).await.unwrap();
    tx.commit().await.unwrap();
}

pub async fn balance_cents(pool: &PgPool, workplace_id: Uuid) -> i64 {
    sqlx::query_scalar("SELECT COALESCE((SELECT balance_topup_cents + balance_bonus_cents FROM wallets WHERE workplace_id = $1), 0)")
        .bind(workplace_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

pub async fn balances(pool: &PgPool, workplace_id: Uuid) -> (i64, i64) {
    sqlx::query_as("SELECT balance_topup_cents, balance_bonus_cents FROM wallets WHERE workplace_id = $1").bind(workplace_id).fetch_one(pool).await.unwrap()
}

/// The books' invariants over every workplace: each transaction sums to zero, its amount is
/// its wallet entries, the cached balances are the ledger's sums and never negative.
pub async fn check_books(pool: &PgPool) {
    let unbalanced: i64 = sqlx::query_scalar("SELECT count(*) FROM (SELECT transaction_id FROM ledger_entries GROUP BY 1 HAVING SUM(amount_cents) <> 0) x")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(unbalanced, 0, "every transaction sums to zero");
    let wrong_amount: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM wallet_transactions t
         WHERE t.amount_cents <> (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries e
                                  WHERE e.transaction_id = t.id AND e.account IN ('wallet_topup', 'wallet_bonus'))
            OR NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(wrong_amount, 0, "a transaction's amount is what it moved in the wallet");
    let drift: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM wallets w
         WHERE w.balance_topup_cents <> (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries WHERE workplace_id = w.workplace_id AND account = 'wallet_topup')
            OR w.balance_bonus_cents <> (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries WHERE workplace_id = w.workplace_id AND account = 'wallet_bonus')
            OR w.balance_topup_cents < 0 OR w.balance_bonus_cents < 0",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(drift, 0, "cached balances equal the ledger's sums");
}
