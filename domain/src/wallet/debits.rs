//! Wallet payments of supplier orders, many per wallet lock. Every payment of a workplace needs
//! its `wallets` row locked (the balance it checks is the balance it changes), so one payment
//! per lock caps a workplace at one lock hand-over and one commit per payment (bench-orders:
//! 83–87 orders/s). Here the payments that arrive while a batch is being booked form the next
//! batch, booked in one transaction that locks each wallet once: the same rules per payment in
//! arrival order (bonus first, refused when the balance left is too low), one transaction row
//! per payment under its unique reference `pay:so:<id>`, so a retried payment is found and
//! never booked twice, whichever batch it lands in.
use sqlx::PgPool;
use std::collections::HashMap;
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
/// run side by side, of one workplace the second waits for the lock while it fills up).
/// The payments of one process, grouped (`TaskContext::wallet_debits`): `call((workplace,
/// supplier order, cents))` answers what `debit_many` answered for that payment.
pub fn grouped(pool: PgPool) -> WalletDebits {
    Batcher::spawn(500, 2, move |debits: Vec<(Uuid, i64, i64)>| {
        let pool = pool.clone();
        let debits: Vec<Debit> =
            debits.into_iter().map(|(workplace_id, source_order_id, amount_cents)| Debit { workplace_id, source_order_id, amount_cents }).collect();
        async move { debit_many(&pool, &debits).await.map_err(|e| e.to_string()) }
    })
}

/// What became of one payment of the batch.
enum Fate {
    /// Booked now (its id comes back from the write).
    New,
    /// Booked before under its reference.
    Prior(i64),
    /// The same payment as an earlier one of this batch (a retry racing the first run).
    Same(usize),
    BadAmount,
    NotMine,
    Insufficient,
}

/// Books each debit once per (workplace, `pay:so:<id>`), in one transaction with an
/// asynchronous commit (see `charge::debit_for_order` for why that is safe). Answers per
/// debit, in order: the transaction id (new, or booked before), `InsufficientBalance` (nothing
/// stored), or `NotFound` for another workplace's supplier order.
pub async fn debit_many(pool: &PgPool, debits: &[Debit]) -> Result<Vec<Result<i64>>> {
    match book(pool, debits).await {
        // A booking of the same reference committed between our read and our write (only a
        // path that does not lock the wallet could): once more, and it is found.
        Err(Error::Database(e)) if e.as_database_error().and_then(|d| d.constraint()) == Some("wallet_transactions_workplace_id_reference_key") => {
            book(pool, debits).await
        }
        other => other,
    }
}

async fn book(pool: &PgPool, debits: &[Debit]) -> Result<Vec<Result<i64>>> {
    let references: Vec<String> = debits.iter().map(|d| pay_reference(d.source_order_id)).collect();
    let workplaces: Vec<Uuid> = debits.iter().map(|d| d.workplace_id).collect();
    let orders: Vec<i64> = debits.iter().map(|d| d.source_order_id).collect();
    let mut tx = crate::db::begin(pool).await?;
    // Wallets locked in one order, so two batches never deadlock. FOR UPDATE reads the latest
    // committed balances even after waiting. `set_config(.., true)` is SET LOCAL.
    let mut ids: Vec<Uuid> = workplaces.clone();
    ids.sort_unstable();
    ids.dedup();
    let locked: Vec<(Uuid, i64, i64, String)> = sqlx::query_as(
        "SELECT workplace_id, balance_bonus_cents, balance_topup_cents, set_config('synchronous_commit', 'off', true)
         FROM wallets WHERE workplace_id = ANY($1) ORDER BY workplace_id FOR UPDATE",
    )
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await?;
    let mut balances: HashMap<Uuid, (i64, i64)> = locked.into_iter().map(|(w, bonus, topup, _)| (w, (bonus, topup))).collect();
    // A statement of its own after the lock: its snapshot sees every payment booked by whoever
    // held the lock before us.
    let facts: Vec<(Option<i64>, bool)> = sqlx::query_as(
        "SELECT (SELECT t.id FROM wallet_transactions t WHERE t.workplace_id = d.w AND t.reference = d.r),
                EXISTS (SELECT 1 FROM source_orders so WHERE so.id = d.so AND so.workplace_id = d.w)
         FROM UNNEST($1::uuid[], $2::text[], $3::bigint[]) WITH ORDINALITY AS d(w, r, so, n) ORDER BY d.n",
    )
    .bind(&workplaces)
    .bind(&references)
    .bind(&orders)
    .fetch_all(&mut *tx)
    .await?;

    let mut fates = Vec::with_capacity(debits.len());
    let mut first: HashMap<(Uuid, &str), usize> = HashMap::new();
    let mut new: Vec<(usize, i64, i64)> = vec![];
    for (i, (d, (prior, mine))) in debits.iter().zip(facts).enumerate() {
        let fate = if d.amount_cents <= 0 {
            Fate::BadAmount
        } else if let Some(&j) = first.get(&(d.workplace_id, references[i].as_str())) {
            Fate::Same(j)
        } else if let Some(id) = prior {
            Fate::Prior(id)
        } else if !mine {
            Fate::NotMine
        } else {
            match balances.get_mut(&d.workplace_id) {
                Some((bonus, topup)) if *bonus + *topup >= d.amount_cents => {
                    let from_bonus = (*bonus).min(d.amount_cents);
                    *bonus -= from_bonus;
                    *topup -= d.amount_cents - from_bonus;
                    new.push((i, from_bonus, d.amount_cents - from_bonus));
                    Fate::New
                }
                _ => Fate::Insufficient,
            }
        };
        first.entry((d.workplace_id, references[i].as_str())).or_insert(i);
        fates.push(fate);
    }

    let mut booked: HashMap<(Uuid, String), i64> = HashMap::new();
    if !new.is_empty() {
        let rows: Vec<(Uuid, String, i64)> = sqlx::query_as(WRITE)
            .bind(new.iter().map(|n| workplaces[n.0]).collect::<Vec<_>>())
            .bind(new.iter().map(|n| references[n.0].clone()).collect::<Vec<_>>())
            .bind(new.iter().map(|n| orders[n.0]).collect::<Vec<_>>())
            .bind(new.iter().map(|n| n.1).collect::<Vec<_>>())
            .bind(new.iter().map(|n| n.2).collect::<Vec<_>>())
            .bind(new.iter().map(|n| format!("Payment for supplier order #{}", orders[n.0])).collect::<Vec<_>>())
            .fetch_all(&mut *tx)
            .await?;
        booked = rows.into_iter().map(|(w, r, id)| ((w, r), id)).collect();
    }
    tx.commit().await?;

    let low: Vec<Uuid> = ids.iter().filter(|w| new.iter().any(|n| workplaces[n.0] == **w)).copied().collect();
    for w in low.into_iter().filter(|w| balances.get(w).is_some_and(|(b, t)| b + t < low_balance::LOW_BALANCE_CENTS)) {
        // The payments are committed: a failed notice must not make them look refused.
        if let Err(e) = low_balance::check(pool, w).await {
            tracing::warn!(error = %e, "low balance notice failed");
        }
    }
    let outcome = |i: usize| -> Result<i64> {
        let mut i = i;
        loop {
            return match &fates[i] {
                Fate::Same(j) => {
                    i = *j;
                    continue;
                }
                Fate::New => booked
                    .get(&(workplaces[i], references[i].clone()))
                    .copied()
                    .ok_or_else(|| Error::Internal(anyhow::anyhow!("wallet debit {} booked nothing", references[i]))),
                Fate::Prior(id) => Ok(*id),
                Fate::BadAmount => Err(Error::field("amount", "amount must be positive")),
                Fate::NotMine => Err(Error::NotFound("Source order")),
                Fate::Insufficient => Err(insufficient_balance()),
            };
        }
    };
    Ok((0..debits.len()).map(outcome).collect())
}

/// The new payments ($1 workplaces, $2 references, $3 supplier orders, $4 from bonus, $5 from
/// top-up, $6 descriptions): their transactions, entries (wallet accounts down, supplier
/// payable up by the whole amount) and each wallet's cached balances down by its batch's sum.
/// The wallets' CHECKs (never negative) and the ledger's deferred zero-sum trigger still hold.
const WRITE: &str = "
WITH d AS (
    SELECT * FROM UNNEST($1::uuid[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[]) AS d(w, r, so, bonus, topup, description)
),
txn AS (
    INSERT INTO wallet_transactions (workplace_id, kind, reference, amount_cents, source_order_id, description)
    SELECT w, 'order_payment', r, -(bonus + topup), so, description FROM d
    RETURNING id, workplace_id, reference
),
entries AS (
    INSERT INTO ledger_entries (transaction_id, workplace_id, account, amount_cents)
    SELECT txn.id, d.w, e.account, e.amount FROM d JOIN txn ON txn.workplace_id = d.w AND txn.reference = d.r,
           LATERAL (VALUES ('wallet_bonus', -d.bonus), ('wallet_topup', -d.topup), ('supplier_payable', d.bonus + d.topup)) AS e(account, amount)
    WHERE e.amount <> 0
),
upd AS (
    UPDATE wallets w SET balance_bonus_cents = w.balance_bonus_cents - s.bonus, balance_topup_cents = w.balance_topup_cents - s.topup, updated_at = now()
    FROM (SELECT d.w, SUM(d.bonus)::bigint AS bonus, SUM(d.topup)::bigint AS topup FROM d GROUP BY d.w) s
    WHERE w.workplace_id = s.w
)
SELECT workplace_id, reference, id FROM txn";
