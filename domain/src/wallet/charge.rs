//! Paying supplier orders, and giving the money back. Each function books at most one
//! transaction per source order and purpose (its reference), so the order flow may call it again
//! after a crash or a retry and get the first result.
//!
//! Cancelling a card-paid order credits the wallet (`reverse_order_payment`) rather than
//! refunding the card at the vendor: docs/API.md promises cancellations refund "to the wallet",
//! the cancel path then makes no outside call that could fail halfway, and one rule serves both
//! payment methods. The card charge stays at the vendor as paid.
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::ledger::{self, Account, Kind};
use super::{card_declined, insufficient_balance};
use crate::connectors::payments::{PaymentVendor, VendorError};
use crate::{Error, Result};

pub fn pay_reference(source_order_id: i64) -> String {
    format!("pay:so:{source_order_id}")
}

pub fn card_reference(source_order_id: i64) -> String {
    format!("card:so:{source_order_id}")
}

fn positive(amount_cents: i64) -> Result<()> {
    if amount_cents > 0 { Ok(()) } else { Err(Error::field("amount", "amount must be positive")) }
}

/// Pays a supplier order from the wallet, bonus first, then top-up. Returns the transaction id;
/// a second call for the same source order books nothing and returns the first id. A balance
/// below `amount_cents` is `InsufficientBalance` (422) and stores nothing.
///
/// Every wallet payment of a workplace waits for the `wallets` row lock, so the lock is held
/// for one statement and the commit only (bench-orders: ~8 round trips under the lock kept 27
/// of 32 worker connections waiting). The commit does not wait for its WAL flush, which would
/// otherwise be one disk flush per payment under the lock: a debit lost to a crash is booked
/// again by the retried job (the order is still `paying`), and any later durable commit (the
/// order's `order_placed`, a reversal) flushes the WAL up to and past this debit first.
#[instrument(skip_all, fields(%workplace_id, source_order_id, amount_cents))]
pub async fn debit_for_order(pool: &PgPool, workplace_id: Uuid, source_order_id: i64, amount_cents: i64) -> Result<i64> {
    positive(amount_cents)?;
    let reference = pay_reference(source_order_id);
    let description = format!("Payment for supplier order #{source_order_id}");
    // Its own implicit transaction: no BEGIN/COMMIT round trips while the lock is held.
    let row: Result<(Option<i64>, bool, bool, Option<i64>), sqlx::Error> =
        sqlx::query_as(DEBIT).bind(workplace_id).bind(&reference).bind(source_order_id).bind(amount_cents).bind(&description).fetch_one(pool).await;
    let (prior, enough, mine, booked) = match row {
        Ok(r) => r,
        // A replay that raced us past the `prior` read (its commit came after our snapshot):
        // the unique reference refused our copy, whose whole statement rolled back.
        Err(e) if e.as_database_error().and_then(|d| d.constraint()) == Some("wallet_transactions_workplace_id_reference_key") => {
            return ledger::existing(&mut *pool.acquire().await?, workplace_id, &reference).await?.ok_or_else(|| e.into());
        }
        // The wallet's CHECKs (never negative) are the last word on an overdraw.
        Err(e) if e.as_database_error().and_then(|d| d.constraint()).is_some_and(|c| c.starts_with("wallets_")) => return Err(insufficient_balance()),
        Err(e) => return Err(e.into()),
    };
    match (prior, booked) {
        (Some(id), _) => Ok(id),
        (None, Some(id)) => {
            // The payment is committed: a failed notice must not make it look refused.
            if let Err(e) = super::low_balance::check(pool, workplace_id).await {
                tracing::warn!(error = %e, "low balance notice failed");
            }
            Ok(id)
        }
        _ if !enough => Err(insufficient_balance()),
        _ if !mine => Err(Error::NotFound("Source order")),
        _ => Err(Error::Internal(anyhow::anyhow!("wallet debit {reference} booked nothing"))),
    }
}

/// `debit_for_order`'s statement ($1 workplace, $2 reference, $3 source order, $4 amount, $5
/// description). `old` locks the wallet and, being FOR UPDATE, reads its latest committed
/// balances even after waiting; the UPDATE then takes the bonus first from those. `prior` is
/// read before the lock: a concurrent replay that commits meanwhile makes our INSERT hit the
/// unique (workplace, reference), handled by the caller. A missing wallet has nothing to pay with.
/// `set_config(.., true)` is `SET LOCAL` for the statement's own transaction: its commit is
/// asynchronous (see `debit_for_order`; checked with pg_stat_wal: 100 such commits, 1 flush).
const DEBIT: &str = "
WITH prior AS (SELECT id FROM wallet_transactions WHERE workplace_id = $1 AND reference = $2),
old AS (
    SELECT balance_bonus_cents AS bonus, balance_topup_cents AS topup FROM wallets
    WHERE workplace_id = $1 AND NOT EXISTS (SELECT 1 FROM prior) FOR UPDATE
),
mine AS (SELECT EXISTS (SELECT 1 FROM source_orders WHERE id = $3 AND workplace_id = $1) AS ok),
take AS (
    SELECT LEAST(bonus, $4) AS bonus, $4 - LEAST(bonus, $4) AS topup FROM old
    WHERE bonus + topup >= $4 AND (SELECT ok FROM mine)
),
upd AS (
    UPDATE wallets w SET balance_bonus_cents = w.balance_bonus_cents - t.bonus,
                         balance_topup_cents = w.balance_topup_cents - t.topup, updated_at = now()
    FROM take t WHERE w.workplace_id = $1 RETURNING t.bonus, t.topup
),
txn AS (
    INSERT INTO wallet_transactions (workplace_id, kind, reference, amount_cents, source_order_id, description)
    SELECT $1, 'order_payment', $2, -$4::bigint, $3, $5 FROM upd RETURNING id
),
entries AS (
    INSERT INTO ledger_entries (transaction_id, workplace_id, account, amount_cents)
    SELECT txn.id, $1, e.account, e.amount FROM txn, upd,
           LATERAL (VALUES ('wallet_bonus', -upd.bonus), ('wallet_topup', -upd.topup), ('supplier_payable', $4::bigint)) AS e(account, amount)
    WHERE e.amount <> 0
)
SELECT (SELECT id FROM prior), EXISTS (SELECT 1 FROM old WHERE bonus + topup >= $4), (SELECT ok FROM mine), (SELECT id FROM txn)
FROM (SELECT set_config('synchronous_commit', 'off', true) AS s) AS async_commit WHERE async_commit.s = 'off'";

/// Pays a supplier order with the workplace's saved card: a PaymentIntent confirmed at the
/// vendor (Idempotency-Key `dropline-so-{id}`, so a retry replays the first charge instead of
/// making a second), then a `card_payment` transaction (vendor_clearing -x, supplier_payable
/// +x; the wallet does not move). A declined card is `CardDeclined` (422), nothing booked; the
/// decline is recorded, so paying again (say with another card) uses `dropline-so-{id}-2`...
#[instrument(skip_all, fields(%workplace_id, source_order_id, amount_cents))]
pub async fn card_charge(pool: &PgPool, vendor: &PaymentVendor, workplace_id: Uuid, source_order_id: i64, amount_cents: i64) -> Result<i64> {
    positive(amount_cents)?;
    let reference = card_reference(source_order_id);
    if let Some(id) = ledger::existing(&mut *pool.acquire().await?, workplace_id, &reference).await? {
        return Ok(id);
    }
    // Checked before charging: a charge the ledger then refused would be money taken unbooked.
    let (mine, card, customer): (bool, Option<String>, Option<String>) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM source_orders WHERE id = $2 AND workplace_id = $1),
                (SELECT card_payment_method FROM payment_settings WHERE workplace_id = $1),
                (SELECT card_customer FROM payment_settings WHERE workplace_id = $1)",
    )
    .bind(workplace_id)
    .bind(source_order_id)
    .fetch_one(pool)
    .await?;
    if !mine {
        return Err(Error::NotFound("Source order"));
    }
    let Some(card) = card else {
        return Err(Error::field("card", "NoCardSaved"));
    };
    // A new key only after a recorded decline (no money taken): see migration card_declines.
    let declines: i32 = sqlx::query_scalar("SELECT COALESCE(MAX(attempt), 0) FROM card_payment_declines WHERE source_order_id = $1")
        .bind(source_order_id)
        .fetch_one(pool)
        .await?;
    let key = match declines {
        0 => format!("dropline-so-{source_order_id}"),
        n => format!("dropline-so-{source_order_id}-{}", n + 1),
    };
    let (wp, so) = (workplace_id.to_string(), source_order_id.to_string());
    let metadata = [("workplace_id", wp.as_str()), ("source_order_id", so.as_str())];
    let intent = match vendor.charge_card(amount_cents, "usd", &card, customer.as_deref(), &key, &metadata).await {
        Ok(pi) => pi,
        Err(VendorError::Declined(why)) => {
            tracing::info!(%why, %key, "card declined");
            sqlx::query(
                "INSERT INTO card_payment_declines (source_order_id, attempt, workplace_id, payment_method) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(source_order_id)
            .bind(declines + 1)
            .bind(workplace_id)
            .bind(&card)
            .execute(pool)
            .await?;
            return Err(card_declined());
        }
        Err(e) => return Err(Error::Upstream(e.to_string())),
    };
    let mut tx = pool.begin().await?;
    let description = format!("Card payment for supplier order #{source_order_id} ({})", intent.id);
    let entries = [(Account::VendorClearing, -amount_cents), (Account::SupplierPayable, amount_cents)];
    let posted = ledger::post(&mut tx, workplace_id, Kind::CardPayment, &reference, Some(source_order_id), &description, &entries).await?;
    tx.commit().await?;
    Ok(posted.id())
}

/// Gives back what paying a supplier order took (its cancellation): a wallet payment's entries
/// reversed (bonus back to bonus, top-up back to top-up); a card payment credited to the
/// wallet's top-up account (see the module's note). Once per source order (`reversal:so:{id}`);
/// `None` when nothing was paid or a supplier refund already gave it all back. Only what is
/// still owed is given back, so a refund plus a reversal never return more than was paid.
#[instrument(skip_all, fields(%workplace_id, source_order_id))]
pub async fn reverse_order_payment(pool: &PgPool, workplace_id: Uuid, source_order_id: i64) -> Result<Option<i64>> {
    let reference = format!("reversal:so:{source_order_id}");
    let mut tx = pool.begin().await?;
    let balances = ledger::lock(&mut tx, workplace_id).await?;
    if let Some(id) = ledger::existing(&mut tx, workplace_id, &reference).await? {
        return Ok(Some(id));
    }
    let paid = match ledger::existing(&mut tx, workplace_id, &pay_reference(source_order_id)).await? {
        Some(id) => Some((id, true)),
        None => ledger::existing(&mut tx, workplace_id, &card_reference(source_order_id)).await?.map(|id| (id, false)),
    };
    let Some((paid_id, by_wallet)) = paid else { return Ok(None) };
    let taken = ledger::entries(&mut tx, paid_id).await?;
    let paid_cents: i64 = taken.iter().filter(|(a, _)| *a == Account::SupplierPayable).map(|(_, c)| c).sum();
    let owed = ledger::payable_for(&mut tx, workplace_id, source_order_id).await?;
    if owed <= 0 {
        return Ok(None);
    }
    let entries: Vec<(Account, i64)> = if by_wallet && owed == paid_cents {
        taken.iter().map(|(a, c)| (*a, -c)).collect()
    } else {
        vec![(Account::SupplierPayable, -owed), (Account::WalletTopup, owed)]
    };
    let description = format!("Payment for supplier order #{source_order_id} returned to the wallet");
    let posted = ledger::post_locked(&mut tx, balances, workplace_id, Kind::Reversal, &reference, Some(source_order_id), &description, &entries).await?;
    tx.commit().await?;
    Ok(Some(posted.id()))
}

/// Credits a supplier's refund to the wallet's top-up account (supplier_payable -x,
/// wallet_topup +x), once per source order (`refund:so:{id}`). At most what is still owed for
/// the order is credited; `None` when nothing is (never paid, or already given back).
#[instrument(skip_all, fields(%workplace_id, source_order_id, amount_cents))]
pub async fn refund_to_wallet(pool: &PgPool, workplace_id: Uuid, source_order_id: i64, amount_cents: i64) -> Result<Option<i64>> {
    positive(amount_cents)?;
    let reference = format!("refund:so:{source_order_id}");
    let mut tx = pool.begin().await?;
    let balances = ledger::lock(&mut tx, workplace_id).await?;
    if let Some(id) = ledger::existing(&mut tx, workplace_id, &reference).await? {
        return Ok(Some(id));
    }
    let owed = ledger::payable_for(&mut tx, workplace_id, source_order_id).await?;
    let credit = amount_cents.min(owed);
    if credit <= 0 {
        tracing::warn!(owed, "supplier refund for an order with nothing owed: not credited");
        return Ok(None);
    }
    if credit < amount_cents {
        tracing::warn!(owed, "supplier refund above what was paid: credited what was paid");
    }
    let entries = [(Account::SupplierPayable, -credit), (Account::WalletTopup, credit)];
    let description = format!("Supplier refund for supplier order #{source_order_id}");
    let posted = ledger::post_locked(&mut tx, balances, workplace_id, Kind::Refund, &reference, Some(source_order_id), &description, &entries).await?;
    tx.commit().await?;
    Ok(Some(posted.id()))
}

/// Grants a bonus (bonus_expense -x, wallet_bonus +x), once per `reference` (e.g. a promotion
/// id); the bonus is spent before top-up money.
#[instrument(skip_all, fields(%workplace_id, amount_cents))]
pub async fn grant_bonus(pool: &PgPool, workplace_id: Uuid, reference: &str, amount_cents: i64, description: &str) -> Result<i64> {
    positive(amount_cents)?;
    let mut tx = pool.begin().await?;
    let entries = [(Account::BonusExpense, -amount_cents), (Account::WalletBonus, amount_cents)];
    let posted = ledger::post(&mut tx, workplace_id, Kind::Bonus, &format!("bonus:{reference}"), None, description, &entries).await?;
    tx.commit().await?;
    Ok(posted.id())
}
