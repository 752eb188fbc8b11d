//! What the dashboard reads about a wallet: balances, the daily chart, bonus and the
//! transaction log. Every query takes the workplace id; amounts leave here as dollars.
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::dollars;
use crate::{Error, Result};

#[derive(Debug, Serialize, ToSchema)]
pub struct Wallet {
    pub balance_bonus: f64,
    pub balance_topup: f64,
    pub total_balance: f64,
    pub policy_accepted: bool,
}

/// The wallet's balances (all zero before its first transaction).
pub async fn wallet(pool: &PgPool, workplace_id: Uuid) -> Result<Wallet> {
    let row: Option<(i64, i64, bool)> =
        sqlx::query_as("SELECT balance_topup_cents, balance_bonus_cents, policy_accepted_at IS NOT NULL FROM wallets WHERE workplace_id = $1")
            .bind(workplace_id)
            .fetch_optional(pool)
            .await?;
    let (topup, bonus, policy_accepted) = row.unwrap_or((0, 0, false));
    Ok(Wallet { balance_bonus: dollars(bonus), balance_topup: dollars(topup), total_balance: dollars(topup + bonus), policy_accepted })
}

/// Records that the user accepted the wallet policy (the first acceptance's time is kept).
pub async fn accept_policy(pool: &PgPool, workplace_id: Uuid) -> Result<Wallet> {
    sqlx::query(
        "INSERT INTO wallets (workplace_id, policy_accepted_at) VALUES ($1, now())
         ON CONFLICT (workplace_id) DO UPDATE SET policy_accepted_at = COALESCE(wallets.policy_accepted_at, now())",
    )
    .bind(workplace_id)
    .execute(pool)
    .await?;
    wallet(pool, workplace_id).await
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChartPoint {
    /// YYYY-MM-DD (UTC).
    pub date: String,
    /// The total balance at the end of the day.
    pub balance: f64,
    /// Top-ups credited that day.
    pub topup: f64,
    /// Money that left the wallet that day.
    pub spent: f64,
}

/// One point per UTC day of the last `days` (1 to 365), today last, summed from the ledger's
/// wallet entries.
pub async fn chart_summary(pool: &PgPool, workplace_id: Uuid, days: i64) -> Result<Vec<ChartPoint>> {
    if !(1..=365).contains(&days) {
        return Err(Error::field("days", "days must be between 1 and 365"));
    }
    let rows: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "WITH per_day AS (
             SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day,
                    SUM(e.amount_cents) AS net,
                    COALESCE(SUM(e.amount_cents) FILTER (WHERE t.kind = 'topup'), 0) AS topup,
                    COALESCE(-SUM(e.amount_cents) FILTER (WHERE e.amount_cents < 0), 0) AS spent
             FROM ledger_entries e JOIN wallet_transactions t ON t.id = e.transaction_id
             WHERE e.workplace_id = $1 AND e.account IN ('wallet_topup', 'wallet_bonus')
             GROUP BY 1),
         days AS (
             SELECT s::date AS day
             FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS s)
         SELECT to_char(d.day, 'YYYY-MM-DD'), COALESCE(p.topup, 0)::bigint, COALESCE(p.spent, 0)::bigint,
                (SELECT COALESCE(SUM(q.net), 0) FROM per_day q WHERE q.day <= d.day)::bigint
         FROM days d LEFT JOIN per_day p ON p.day = d.day
         ORDER BY d.day",
    )
    .bind(workplace_id)
    .bind(i32::try_from(days).unwrap_or(30))
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(date, topup, spent, balance)| ChartPoint { date, balance: dollars(balance), topup: dollars(topup), spent: dollars(spent) })
        .collect())
}

/// The bonus balance and the rules that grant bonuses (none configured yet: bonuses are granted
/// by `charge::grant_bonus`, and spent before top-up money).
pub async fn bonus(pool: &PgPool, workplace_id: Uuid) -> Result<Bonus> {
    let w = wallet(pool, workplace_id).await?;
    Ok(Bonus { balance_bonus: w.balance_bonus, rules: vec![] })
}

/// The bonus balance and the rules that grant bonuses.
#[derive(Debug, Serialize, ToSchema)]
pub struct Bonus {
    pub balance_bonus: f64,
    /// None configured yet (always empty).
    #[schema(value_type = Vec<Object>)]
    pub rules: Vec<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransactionLog {
    pub id: i64,
    pub kind: String,
    /// The change to the total balance (0 for a card payment).
    pub amount: f64,
    pub description: String,
    pub source_order_id: Option<i64>,
    /// The store order the line paid or refunded, as the store names it (`#1001`).
    pub store_order: Option<String>,
    /// The supplier and its own order number, once the supplier gave one.
    pub supplier: Option<String>,
    pub supplier_order_no: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

type LogRow = (i64, String, i64, String, Option<i64>, Option<String>, Option<String>, Option<String>, chrono::DateTime<chrono::Utc>);

/// The wallet's transactions, newest first: `(total, page)`.
pub async fn transaction_logs(pool: &PgPool, workplace_id: Uuid, page: i64, page_size: i64) -> Result<(i64, Vec<TransactionLog>)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wallet_transactions WHERE workplace_id = $1").bind(workplace_id).fetch_one(pool).await?;
    let rows: Vec<LogRow> = sqlx::query_as(
        "SELECT t.id, t.kind, t.amount_cents, t.description, t.source_order_id, o.name, so.source, so.order_no, t.created_at
           FROM wallet_transactions t
           LEFT JOIN source_orders so ON so.id = t.source_order_id AND so.workplace_id = t.workplace_id
           LEFT JOIN orders o ON o.id = so.order_id AND o.workplace_id = t.workplace_id
          WHERE t.workplace_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(workplace_id)
    .bind(page_size)
    .bind((page - 1) * page_size)
    .fetch_all(pool)
    .await?;
    let items = rows
        .into_iter()
        .map(|(id, kind, cents, description, source_order_id, store_order, supplier, supplier_order_no, created_at)| TransactionLog {
            id,
            kind,
            amount: dollars(cents),
            description,
            source_order_id,
            store_order,
            supplier,
            supplier_order_no,
            created_at,
        })
        .collect();
    Ok((total, items))
}
