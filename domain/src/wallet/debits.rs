//! Wallet payments of supplier orders, many per wallet lock. Every payment of a workplace needs
//! its `wallets` row locked (the balance it checks is the balance it changes), so one payment
//! per lock caps a workplace at one lock hand-over and one commit per payment (bench-orders:
//! 83–87 orders/s). Here the payments that arrive while a batch is being booked form the next
//! batch, booked by one statement that locks each wallet once (`wallet_debit_batch`, run outside
//! any transaction of ours so no round trip happens under the lock): the same rules per payment in
//! arrival order (bonus first, refused when the balance left is too low), one transaction row
//! per payment under its unique reference `pay:so:<id>`, so a retried payment is found and
//! never booked twice, whichever batch it lands in.
use sqlx::PgPool;
use uuid::Uuid;

use super::charge::pay_reference;
use super::{insufficient_balance, low_balance};
use crate::context::WalletDebits;
use crate::queue::Batcher;
use crate::{Error, Result};

/// One payment: `amount_cents` from the workplace's wallet for the supplier order.
#[derive(Debug, Clone, Copy)]
pub struct Debit {
    pub workplace_id: Uuid,
    pub source_order_id: i64,
    pub amount_cents: i64,
}

/// Up to 500 payments per transaction; two batches in flight (of different workplaces they
/// run side by side, of one workplace the second waits for the lock), started
/// `BATCH_SPACING` apart.
/// The payments of one process, grouped (`TaskContext::wallet_debits`): `call((workplace,
/// supplier order, cents))` answers what `debit_many` answered for that payment.
pub fn grouped(pool: PgPool) -> WalletDebits {
    Batcher::spaced(500, 2, crate::queue::BATCH_SPACING, move |debits: Vec<(Uuid, i64, i64)>| {
        let pool = pool.clone();
        let debits: Vec<Debit> =
            debits.into_iter().map(|(workplace_id, source_order_id, amount_cents)| Debit { workplace_id, source_order_id, amount_cents }).collect();
        async move { debit_many(&pool, &debits).await.map_err(|e| e.to_string()) }
    })
}

/// What became of one payment of the batch, as `wallet_debit_batch` answers it.
enum Fate {
    /// Booked now.
    New(i64),
    /// Booked before under its reference.
    Prior(i64),
    /// The same payment as an earlier one of this batch (a retry racing the first run).
    Same(usize),
    BadAmount,
    NotMine,
    Insufficient,
}

/// Books each debit once per (workplace, `pay:so:<id>`). Answers per debit, in order: the
/// transaction id (new, or booked before), `InsufficientBalance` (nothing stored), or
/// `NotFound` for another workplace's supplier order.
///
/// One statement, outside any transaction of ours: PostgreSQL locks the wallets, books the
/// batch and commits, with no round trip to us while the lock is held (migration
/// `wallet_debit_batch`, which holds the rules; a booking racing ours under the same reference
/// is found by the insert's `ON CONFLICT`, so no unique violation reaches us).
pub async fn debit_many(pool: &PgPool, debits: &[Debit]) -> Result<Vec<Result<i64>>> {
    let workplaces: Vec<Uuid> = debits.iter().map(|d| d.workplace_id).collect();
    let references: Vec<String> = debits.iter().map(|d| pay_reference(d.source_order_id)).collect();
    let orders: Vec<i64> = debits.iter().map(|d| d.source_order_id).collect();
    let amounts: Vec<i64> = debits.iter().map(|d| d.amount_cents).collect();
    let descriptions: Vec<String> = orders.iter().map(|so| format!("Payment for supplier order #{so}")).collect();
    let rows: Vec<(String, Option<i32>, Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT fate, same_as, booked_id, left_cents FROM wallet_debit_batch($1, $2, $3, $4, $5)")
            .bind(&workplaces)
            .bind(&references)
            .bind(&orders)
            .bind(&amounts)
            .bind(&descriptions)
            .fetch_all(pool)
            .await?;
    let broken = |what: &str| Error::Internal(anyhow::anyhow!("wallet_debit_batch answered {what}"));
    if rows.len() != debits.len() {
        return Err(broken("a row count unlike the batch's"));
    }
    let mut fates = Vec::with_capacity(rows.len());
    // The balance each workplace is left with after its last booking of the batch.
    let mut left: Vec<(Uuid, i64)> = vec![];
    for (i, (fate, same_as, id, left_cents)) in rows.into_iter().enumerate() {
        fates.push(match (fate.as_str(), same_as, id) {
            ("new", _, Some(id)) => {
                left.retain(|(w, _)| *w != workplaces[i]);
                left.push((workplaces[i], left_cents.ok_or_else(|| broken("a booking without its balance"))?));
                Fate::New(id)
            }
            ("prior", _, Some(id)) => Fate::Prior(id),
            ("same", Some(j), _) if (j as usize) < i => Fate::Same(j as usize),
            ("bad_amount", ..) => Fate::BadAmount,
            ("not_mine", ..) => Fate::NotMine,
            ("insufficient", ..) => Fate::Insufficient,
            _ => return Err(broken(&format!("the fate {fate:?}"))),
        });
    }

    for (w, _) in left.into_iter().filter(|(_, cents)| *cents < low_balance::LOW_BALANCE_CENTS) {
        // The payments are committed: a failed notice must not make them look refused.
        if let Err(e) = low_balance::check(pool, w).await {
            tracing::warn!(error = %e, "low balance notice failed");
        }
    }
    // A `Same` points to an earlier payment (checked above), so this ends.
    let outcome = |mut i: usize| -> Result<i64> {
        loop {
            return match fates[i] {
                Fate::Same(j) => {
                    i = j;
                    continue;
                }
                Fate::New(id) | Fate::Prior(id) => Ok(id),
                Fate::BadAmount => Err(Error::field("amount", "amount must be positive")),
                Fate::NotMine => Err(Error::NotFound("Source order")),
                Fate::Insufficient => Err(insufficient_balance()),
            };
        }
    };
    Ok((0..debits.len()).map(outcome).collect())
}
