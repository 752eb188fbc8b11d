//! The ledger's rules through `domain::wallet::charge`, the calls the order payment flow makes.
use domain::connectors::payments::PaymentVendor;
use domain::wallet::{self, charge};
use dropline_tests::TestApp;
use futures::future::join_all;
use serde_json::json;
use sqlx::PgPool;
use std::time::Instant;

use super::support::{balance_cents, balances, check_books, seed, source_orders, workplace_of};

async fn transactions(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM wallet_transactions").fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn a_thousand_concurrent_debits_spend_exactly_the_balance() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("busy@example.com").await;
    let wp = workplace_of(&app, &token).await;
    let orders = source_orders(&app.pool, &app, &token, 1000).await;
    seed(&app.pool, wp, 10_000).await;

    // $100, 1,000 debits of $1 from distinct supplier orders, all at once.
    let started = Instant::now();
    let results = join_all(orders.iter().map(|&so| {
        let pool = app.pool.clone();
        tokio::spawn(async move { charge::debit_for_order(&pool, wp, so, 100).await })
    }))
    .await;
    let elapsed = started.elapsed();
    let (mut ok, mut refused) = (0, 0);
    for r in results {
        match r.unwrap() {
            Ok(_) => ok += 1,
            Err(e) if wallet::is_insufficient_balance(&e) => refused += 1,
            Err(e) => panic!("a debit failed otherwise: {e:?}"),
        }
    }
    println!("1000 concurrent debits in {elapsed:?} ({:.0}/s): {ok} paid, {refused} refused", 1000.0 / elapsed.as_secs_f64());
    assert_eq!((ok, refused), (100, 900));
    assert_eq!(balance_cents(&app.pool, wp).await, 0);
    let paid: i64 = sqlx::query_scalar("SELECT count(*) FROM wallet_transactions WHERE kind = 'order_payment'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(paid, 100, "a refused debit stores nothing");
    check_books(&app.pool).await;
}

#[tokio::test]
async fn one_source_order_is_paid_once_bonus_first_and_given_back_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("payer@example.com").await;
    let wp = workplace_of(&app, &token).await;
    let so = source_orders(&app.pool, &app, &token, 3).await;
    seed(&app.pool, wp, 1_000).await;
    charge::grant_bonus(&app.pool, wp, "welcome", 300, "Welcome bonus").await.unwrap();

    // The same supplier order paid by 20 racing calls: one transaction, one id for all.
    let ids = join_all((0..20).map(|_| charge::debit_for_order(&app.pool, wp, so[0], 500))).await;
    let first = *ids[0].as_ref().unwrap();
    assert!(ids.iter().all(|r| r.as_ref().ok() == Some(&first)), "{ids:?}");
    assert_eq!(balances(&app.pool, wp).await, (800, 0), "bonus spent first: 300 bonus + 200 top-up");
    assert_eq!(transactions(&app.pool).await, 3);

    // Too much for the balance: refused, nothing stored.
    let e = charge::debit_for_order(&app.pool, wp, so[1], 801).await.unwrap_err();
    assert!(wallet::is_insufficient_balance(&e), "{e:?}");
    assert_eq!(transactions(&app.pool).await, 3);

    // Cancelled: exactly what was taken comes back, to the same accounts, once.
    let r = charge::reverse_order_payment(&app.pool, wp, so[0]).await.unwrap().unwrap();
    assert_eq!(charge::reverse_order_payment(&app.pool, wp, so[0]).await.unwrap(), Some(r));
    assert_eq!(balances(&app.pool, wp).await, (1_000, 300));
    assert_eq!(charge::refund_to_wallet(&app.pool, wp, so[0], 500).await.unwrap(), None, "nothing is owed after the reversal");
    assert_eq!(charge::reverse_order_payment(&app.pool, wp, so[2]).await.unwrap(), None, "never paid");

    // A supplier refund credits top-up once, and a later cancellation gives back only the rest.
    charge::debit_for_order(&app.pool, wp, so[1], 400).await.unwrap();
    let f = charge::refund_to_wallet(&app.pool, wp, so[1], 150).await.unwrap().unwrap();
    assert_eq!(charge::refund_to_wallet(&app.pool, wp, so[1], 150).await.unwrap(), Some(f));
    assert_eq!(balances(&app.pool, wp).await, (1_000 - 100 + 150, 0));
    charge::reverse_order_payment(&app.pool, wp, so[1]).await.unwrap().unwrap();
    assert_eq!(balances(&app.pool, wp).await, (1_300, 0), "after a partial refund the rest (250) comes back as top-up");
    check_books(&app.pool).await;
}

#[tokio::test]
async fn a_saved_card_is_charged_once_and_a_declined_card_books_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox(pool).await;
    let vendor = PaymentVendor::new(&app.settings.payments);
    let token = app.signed_up("card@example.com").await;
    let wp = workplace_of(&app, &token).await;
    let so = source_orders(&app.pool, &app, &token, 2).await;

    let e = charge::card_charge(&app.pool, &vendor, wp, so[0], 2_599).await.unwrap_err();
    assert!(format!("{e:?}").contains("NoCardSaved"), "{e:?}");
    let a = app.post("/api/orders/v6/payments/info", Some(&token), json!({"type": "credit_card", "payment_method": "pm_card_visa"})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let id = charge::card_charge(&app.pool, &vendor, wp, so[0], 2_599).await.unwrap();
    assert_eq!(charge::card_charge(&app.pool, &vendor, wp, so[0], 2_599).await.unwrap(), id);
    let p: serde_json::Value = reqwest::get(format!("{sandbox}/_sandbox/payments")).await.unwrap().json().await.unwrap();
    let intents = p["payment_intents"].as_array().unwrap();
    assert_eq!(intents.len(), 1, "one charge at the vendor");
    assert_eq!((intents[0]["amount"].clone(), intents[0]["status"].clone()), (json!(2599), json!("succeeded")));
    let amount: i64 = sqlx::query_scalar("SELECT amount_cents FROM wallet_transactions WHERE id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(amount, 0, "a card payment does not move the wallet");

    app.post("/api/orders/v6/payments/info", Some(&token), json!({"type": "credit_card", "payment_method": "pm_card_declined"})).await;
    let e = charge::card_charge(&app.pool, &vendor, wp, so[1], 1_000).await.unwrap_err();
    assert!(matches!(&e, domain::Error::Validation { message, .. } if message == wallet::CARD_DECLINED), "{e:?}");
    assert_eq!(transactions(&app.pool).await, 1);

    // Another card after the decline: a new attempt (the vendor would replay the decline for
    // the first key), charged once.
    app.post("/api/orders/v6/payments/info", Some(&token), json!({"type": "credit_card", "payment_method": "pm_card_mastercard"})).await;
    let second = charge::card_charge(&app.pool, &vendor, wp, so[1], 1_000).await.unwrap();
    assert_eq!(charge::card_charge(&app.pool, &vendor, wp, so[1], 1_000).await.unwrap(), second);
    let p: serde_json::Value = reqwest::get(format!("{sandbox}/_sandbox/payments")).await.unwrap().json().await.unwrap();
    let ok = p["payment_intents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["status"] == "succeeded" && i["metadata"]["source_order_id"] == so[1].to_string().as_str())
        .count();
    assert_eq!(ok, 1);

    // Cancelling the card-paid order credits the wallet (docs: cancellations refund to the wallet).
    charge::reverse_order_payment(&app.pool, wp, so[0]).await.unwrap().unwrap();
    assert_eq!(balances(&app.pool, wp).await, (2_599, 0));
    check_books(&app.pool).await;
}
