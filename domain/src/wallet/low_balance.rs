//! After a wallet payment: a balance under `LOW_BALANCE_CENTS` notifies the owner, once per
//! drop (the dedup key is the last money that came in), so the next orders do not fail for
//! want of funds without warning.
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;
use crate::notifications;

/// $20: about one supplier order at the catalogue's typical cost.
pub const LOW_BALANCE_CENTS: i64 = 20_00;

pub async fn check(pool: &PgPool, workplace_id: Uuid) -> Result<()> {
    let mut conn = pool.acquire().await?;
    let (balance, last_in): (i64, i64) = sqlx::query_as(
        "SELECT w.balance_topup_cents + w.balance_bonus_cents,
                COALESCE((SELECT max(id) FROM wallet_transactions t WHERE t.workplace_id = w.workplace_id AND t.amount_cents > 0), 0)
         FROM wallets w WHERE w.workplace_id = $1",
    )
    .bind(workplace_id)
    .fetch_optional(&mut *conn)
    .await?
    .unwrap_or((i64::MAX, 0));
    if balance >= LOW_BALANCE_CENTS {
        return Ok(());
    }
    let title = format!("Your wallet balance is low: ${}.{:02}", balance / 100, balance % 100);
    let body = "Top up your wallet so the next supplier orders can be paid.";
    let key = format!("low-balance:{last_in}");
    let params = serde_json::json!({ "balance_cents": balance, "threshold_cents": LOW_BALANCE_CENTS });
    let e = notifications::Event { kind: notifications::Type::LowBalance, title: &title, body, dedup_key: Some(&key), params };
    notifications::record(&mut conn, workplace_id, e).await?;
    Ok(())
}
