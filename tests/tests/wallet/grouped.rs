//! Wallet payments booked many per wallet lock (`wallet::debits::grouped`, what the worker's
//! payments go through): the same rules per payment as one at a time, and each paid once.
use domain::wallet::{self, charge, debits};
use dropline_tests::TestApp;
use futures::future::join_all;

use super::support::{balances, check_books, seed, source_orders, workplace_of};

#[tokio::test]
async fn payments_grouped_under_one_lock_keep_the_books_exact_and_a_retried_one_is_paid_once() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let (ta, tb) = (app.signed_up("group-a@example.com").await, app.signed_up("group-b@example.com").await);
    let (wa, wb) = (workplace_of(&app, &ta).await, workplace_of(&app, &tb).await);
    let (sa, sb) = (source_orders(&app.pool, &app, &ta, 8).await, source_orders(&app.pool, &app, &tb, 2).await);
    seed(&app.pool, wa, 1_000).await;
    charge::grant_bonus(&app.pool, wa, "welcome", 300, "Welcome bonus").await.unwrap();
    seed(&app.pool, wb, 500).await;
    // Paid before, alone: found by its reference inside the batch, not booked again.
    let earlier = charge::debit_for_order(&app.pool, wa, sa[7], 100).await.unwrap();

    // All at once: A's seven payments of $2 (each sent twice, a retry racing the first run)
    // against $12 left, B's two of $3 against $5, B paying A's order, A's earlier payment again.
    let grouped = debits::grouped(app.pool.clone());
    let mut calls: Vec<(uuid::Uuid, i64, i64)> = sa[..7].iter().flat_map(|&so| [(wa, so, 200), (wa, so, 200)]).collect();
    calls.extend([(wb, sb[0], 300), (wb, sb[1], 300), (wb, sa[0], 100), (wa, sa[7], 100)]);
    let answers = join_all(calls.iter().map(|&c| grouped.call(c))).await;
    let answers: Vec<domain::Result<i64>> = answers.into_iter().map(|a| a.expect("the batch ran")).collect();

    let paid: Vec<i64> = answers[..14].iter().filter_map(|a| a.as_ref().ok().copied()).collect();
    assert_eq!(paid.len(), 12, "six of A's seven payments, each answered twice: {answers:?}");
    for pair in answers[..14].chunks(2) {
        assert_eq!(pair[0].as_ref().ok(), pair[1].as_ref().ok(), "a retry gets the first run's answer");
    }
    assert!(wallet::is_insufficient_balance(answers[12].as_ref().unwrap_err()), "the seventh finds $0 left: {:?}", answers[12]);
    assert!(answers[14].is_ok() && wallet::is_insufficient_balance(answers[15].as_ref().unwrap_err()), "B: one of two");
    assert!(matches!(answers[16], Err(domain::Error::NotFound(_))), "another workplace's order: {:?}", answers[16]);
    assert_eq!(answers[17].as_ref().ok(), Some(&earlier));

    assert_eq!(balances(&app.pool, wa).await, (0, 0), "$13 - $1 earlier - 6 x $2, bonus first");
    assert_eq!(balances(&app.pool, wb).await, (200, 0));
    let (payments, locks): (i64, i64) =
        sqlx::query_as("SELECT count(*), count(DISTINCT xmin::text) FROM wallet_transactions WHERE kind = 'order_payment' AND id <> $1")
            .bind(earlier)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(payments, 7, "one transaction per paid supplier order");
    assert!(locks < payments, "booked in fewer database transactions than payments: {locks}");
    // Again after the batch: nothing new.
    assert_eq!(grouped.call((wa, sa[0], 200)).await.unwrap().unwrap(), *answers[0].as_ref().unwrap());
    assert_eq!(sqlx::query_scalar::<_, i64>("SELECT count(*) FROM wallet_transactions WHERE kind = 'order_payment'").fetch_one(&app.pool).await.unwrap(), 8);
    check_books(&app.pool).await;
}
