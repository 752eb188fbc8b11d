//! The double-entry ledger. A posting locks the workplace's `wallets` row, so postings of one
//! workplace happen one after another: the balance a debit checks is the balance it changes.
//! Entries and the cached balances are written in the caller's transaction; the deferred
//! trigger checks at commit that the entries sum to zero, and the wallet's CHECKs (>= 0) stop an
//! overdraw even if a caller skipped the balance check.
use sqlx::PgConnection;
use uuid::Uuid;

use super::insufficient_balance;
use crate::{Error, Result};

/// Ledger accounts, from the workplace's point of view: the two wallet accounts are what
/// Dropline owes the user (positive = balance); the others are where money came from or went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Account {
    WalletTopup,
    WalletBonus,
    /// Money in flight at the payment vendor (top-ups in, card payments).
    VendorClearing,
    /// Owed to suppliers for paid supplier orders.
    SupplierPayable,
    /// Bonuses Dropline grants.
    BonusExpense,
}

impl Account {
    pub fn as_str(self) -> &'static str {
        match self {
            Account::WalletTopup => "wallet_topup",
            Account::WalletBonus => "wallet_bonus",
            Account::VendorClearing => "vendor_clearing",
            Account::SupplierPayable => "supplier_payable",
            Account::BonusExpense => "bonus_expense",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Account::WalletTopup, Account::WalletBonus, Account::VendorClearing, Account::SupplierPayable, Account::BonusExpense]
            .into_iter()
            .find(|a| a.as_str() == s)
    }
}

/// `wallet_transactions.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Topup,
    Bonus,
    OrderPayment,
    CardPayment,
    Refund,
    Reversal,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Topup => "topup",
            Kind::Bonus => "bonus",
            Kind::OrderPayment => "order_payment",
            Kind::CardPayment => "card_payment",
            Kind::Refund => "refund",
            Kind::Reversal => "reversal",
        }
    }
}

/// The outcome of a posting: booked now, or booked before under the same reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Posted {
    New(i64),
    Already(i64),
}

impl Posted {
    pub fn id(self) -> i64 {
        match self {
            Posted::New(id) | Posted::Already(id) => id,
        }
    }
}

/// The cached balances of a locked wallet, in cents.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Balances {
    pub topup: i64,
    pub bonus: i64,
}

impl Balances {
    pub fn total(self) -> i64 {
        self.topup + self.bonus
    }
}

/// Creates the workplace's wallet if missing and locks it until the transaction ends.
pub async fn lock(conn: &mut PgConnection, workplace_id: Uuid) -> Result<Balances> {
    sqlx::query("INSERT INTO wallets (workplace_id) VALUES ($1) ON CONFLICT DO NOTHING").bind(workplace_id).execute(&mut *conn).await?;
    let (topup, bonus): (i64, i64) = sqlx::query_as("SELECT balance_topup_cents, balance_bonus_cents FROM wallets WHERE workplace_id = $1 FOR UPDATE")
        .bind(workplace_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(Balances { topup, bonus })
}

/// The transaction booked under `reference`, if any.
pub async fn existing(conn: &mut PgConnection, workplace_id: Uuid, reference: &str) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM wallet_transactions WHERE workplace_id = $1 AND reference = $2")
        .bind(workplace_id)
        .bind(reference)
        .fetch_optional(&mut *conn)
        .await?)
}

/// Books one transaction once per (workplace, reference): locks the wallet, then `post_locked`.
/// Call inside a transaction; nothing is final until the caller commits.
pub async fn post(
    conn: &mut PgConnection,
    workplace_id: Uuid,
    kind: Kind,
    reference: &str,
    source_order_id: Option<i64>,
    description: &str,
    entries: &[(Account, i64)],
) -> Result<Posted> {
    let balances = lock(conn, workplace_id).await?;
    post_locked(conn, balances, workplace_id, kind, reference, source_order_id, description, entries).await
}

/// `post` for a caller that already holds `lock` (and read `balances` from it).
#[allow(clippy::too_many_arguments)]
pub async fn post_locked(
    conn: &mut PgConnection,
    balances: Balances,
    workplace_id: Uuid,
    kind: Kind,
    reference: &str,
    source_order_id: Option<i64>,
    description: &str,
    entries: &[(Account, i64)],
) -> Result<Posted> {
    // Programming errors, caught before the database would refuse them at commit.
    if entries.is_empty() || entries.iter().any(|(_, a)| *a == 0) || entries.iter().map(|(_, a)| a).sum::<i64>() != 0 {
        return Err(Error::Internal(anyhow::anyhow!("unbalanced ledger posting {reference}: {entries:?}")));
    }
    // Under the lock, so a concurrent posting of the same reference cannot slip in between.
    if let Some(id) = existing(conn, workplace_id, reference).await? {
        return Ok(Posted::Already(id));
    }
    let delta = |acc: Account| entries.iter().filter(|(a, _)| *a == acc).map(|(_, c)| c).sum::<i64>();
    let (topup, bonus) = (delta(Account::WalletTopup), delta(Account::WalletBonus));
    if balances.topup + topup < 0 || balances.bonus + bonus < 0 {
        return Err(insufficient_balance());
    }
    if let Some(so) = source_order_id {
        // Another workplace's supplier order is not ours to pay or refund.
        let mine: Option<i32> = sqlx::query_scalar("SELECT 1 FROM source_orders WHERE id = $1 AND workplace_id = $2")
            .bind(so)
            .bind(workplace_id)
            .fetch_optional(&mut *conn)
            .await?;
        if mine.is_none() {
            return Err(Error::NotFound("Source order"));
        }
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO wallet_transactions (workplace_id, kind, reference, amount_cents, source_order_id, description)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(workplace_id)
    .bind(kind.as_str())
    .bind(reference)
    .bind(topup + bonus)
    .bind(source_order_id)
    .bind(description)
    .fetch_one(&mut *conn)
    .await?;
    let accounts: Vec<&str> = entries.iter().map(|(a, _)| a.as_str()).collect();
    let amounts: Vec<i64> = entries.iter().map(|(_, c)| *c).collect();
    sqlx::query(
        "INSERT INTO ledger_entries (transaction_id, workplace_id, account, amount_cents)
         SELECT $1, $2, a, c FROM UNNEST($3::text[], $4::bigint[]) AS e(a, c)",
    )
    .bind(id)
    .bind(workplace_id)
    .bind(&accounts)
    .bind(&amounts)
    .execute(&mut *conn)
    .await?;
    if topup != 0 || bonus != 0 {
        sqlx::query(
            "UPDATE wallets SET balance_topup_cents = balance_topup_cents + $2, balance_bonus_cents = balance_bonus_cents + $3, updated_at = now()
             WHERE workplace_id = $1",
        )
        .bind(workplace_id)
        .bind(topup)
        .bind(bonus)
        .execute(&mut *conn)
        .await
        .map_err(overdraw)?;
    }
    Ok(Posted::New(id))
}

/// The wallet's CHECK refused a negative balance: the same refusal as the explicit check.
fn overdraw(e: sqlx::Error) -> Error {
    if e.as_database_error().and_then(|d| d.constraint()).is_some_and(|c| c.starts_with("wallets_")) {
        return insufficient_balance();
    }
    e.into()
}

/// What a source order's payments left owed to its supplier: paid minus given back so far.
pub async fn payable_for(conn: &mut PgConnection, workplace_id: Uuid, source_order_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COALESCE(SUM(e.amount_cents), 0)::bigint FROM ledger_entries e JOIN wallet_transactions t ON t.id = e.transaction_id
         WHERE t.workplace_id = $1 AND t.source_order_id = $2 AND e.account = 'supplier_payable'",
    )
    .bind(workplace_id)
    .bind(source_order_id)
    .fetch_one(&mut *conn)
    .await?)
}

/// The entries of one transaction.
pub async fn entries(conn: &mut PgConnection, transaction_id: i64) -> Result<Vec<(Account, i64)>> {
    let rows: Vec<(String, i64)> = sqlx::query_as("SELECT account, amount_cents FROM ledger_entries WHERE transaction_id = $1 ORDER BY id")
        .bind(transaction_id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().filter_map(|(a, c)| Account::parse(&a).map(|a| (a, c))).collect())
}
