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

use super::card_declined;
use super::debits::{Debit, debit_many};
use super::ledger::{self, Account, Kind};
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
/// below `amount_cents` is `InsufficientBalance` (422) and stores nothing. The worker books its
/// payments through `debits::grouped`, many per wallet lock; this is the same booking alone.
///
/// The commit does not wait for its WAL flush, which would otherwise be one disk flush under
/// the wallet lock: a debit lost to a crash is booked again by the retried job (the order is
/// still `paying`), and any later durable commit (the order's `order_placed`, a reversal)
/// flushes the WAL up to and past this debit first (checked with pg_stat_wal: 100 such
/// commits, 1 flush).
#[instrument(skip_all, fields(%workplace_id, source_order_id, amount_cents))]
pub async fn debit_for_order(pool: &PgPool, workplace_id: Uuid, source_order_id: i64, amount_cents: i64) -> Result<i64> {
    let debit = Debit { workplace_id, source_order_id, amount_cents };
    debit_many(pool, &[debit]).await?.pop().unwrap_or_else(|| Err(Error::Internal(anyhow::anyhow!("a debit without an answer"))))
}

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
    let mut tx = crate::db::begin(pool).await?;
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
    let mut tx = crate::db::begin(pool).await?;
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
    let mut tx = crate::db::begin(pool).await?;
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
    let mut tx = crate::db::begin(pool).await?;
    let entries = [(Account::BonusExpense, -amount_cents), (Account::WalletBonus, amount_cents)];
    let posted = ledger::post(&mut tx, workplace_id, Kind::Bonus, &format!("bonus:{reference}"), None, description, &entries).await?;
    tx.commit().await?;
    Ok(posted.id())
}
