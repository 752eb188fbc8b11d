//! The workplace's customer at the payment vendor, made once per key set (a test-mode customer
//! does not exist in live mode) and kept on its subscription row.
use sqlx::PgPool;
use uuid::Uuid;

use crate::Result;
use crate::connectors::payments::PaymentVendor;

pub async fn ensure(pool: &PgPool, vendor: &PaymentVendor, workplace_id: Uuid) -> Result<String> {
    let live = vendor.is_live();
    let kept: Option<Option<String>> = sqlx::query_scalar("SELECT customer_id FROM workplace_subscriptions WHERE workplace_id = $1 AND livemode = $2")
        .bind(workplace_id)
        .bind(live)
        .fetch_optional(pool)
        .await?;
    if let Some(Some(c)) = kept {
        return Ok(c);
    }
    let made = vendor.create_customer(&workplace_id.to_string()).await.map_err(super::upstream)?;
    // Two first checkouts at once: the first customer kept wins, the other is never used. A
    // customer of the other mode is replaced (the caller's mode has no live subscription).
    Ok(sqlx::query_scalar(
        "INSERT INTO workplace_subscriptions (workplace_id, customer_id, livemode) VALUES ($1, $2, $3)
         ON CONFLICT (workplace_id) DO UPDATE
           SET customer_id = CASE WHEN workplace_subscriptions.livemode = $3 THEN COALESCE(workplace_subscriptions.customer_id, $2) ELSE $2 END,
               livemode = $3
         RETURNING customer_id",
    )
    .bind(workplace_id)
    .bind(&made)
    .bind(live)
    .fetch_one(pool)
    .await?)
}
