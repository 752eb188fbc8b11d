//! The end of a grace period: a workplace whose renewal stayed unpaid past `grace_until` moves to
//! the free plan (told once), and its subscription is ended at the vendor so it is not charged
//! for a plan it no longer has. Run by the worker's schedule tick.
use sqlx::PgPool;
use uuid::Uuid;

use crate::Result;
use crate::connectors::payments::PaymentVendor;
use crate::plans::{self, FREE};

/// Settles every grace period that is over; answers how many workplaces moved to the free plan.
pub async fn settle(pool: &PgPool, vendor: &PaymentVendor) -> Result<usize> {
    let due: Vec<Uuid> = sqlx::query_scalar(
        "SELECT workplace_id FROM workplace_subscriptions WHERE grace_until < now() AND status IN ('past_due', 'unpaid') ORDER BY grace_until LIMIT 100",
    )
    .fetch_all(pool)
    .await?;
    let mut moved = 0;
    for workplace_id in due {
        let mut tx = crate::db::begin(pool).await?;
        super::apply::lock(&mut tx, workplace_id).await?;
        // Re-read under the lock: a payment may have arrived meanwhile.
        let still: Option<(Option<String>, Option<String>, bool)> = sqlx::query_as(
            "SELECT subscription_id, plan_key, livemode FROM workplace_subscriptions
             WHERE workplace_id = $1 AND grace_until < now() AND status IN ('past_due', 'unpaid')",
        )
        .bind(workplace_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((sub, plan, live)) = still else { continue };
        plans::assign(&mut tx, workplace_id, FREE, None).await?;
        sqlx::query("UPDATE workplace_subscriptions SET status = 'canceled', grace_until = NULL, pending_plan_key = NULL, cancel_at_period_end = false, updated_at = now() WHERE workplace_id = $1")
            .bind(workplace_id)
            .execute(&mut *tx)
            .await?;
        let id = sub.clone().unwrap_or_default();
        super::apply::ended(&mut tx, workplace_id, &id, plans::find(plan.as_deref().unwrap_or_default()).name).await?;
        tx.commit().await?;
        moved += 1;
        if let Some(sub) = sub
            && let Err(e) = vendor.for_mode(live).cancel_subscription_now(&sub).await
        {
            tracing::warn!(%workplace_id, subscription = %sub, error = %e, "the unpaid subscription could not be ended at the vendor");
        }
    }
    Ok(moved)
}
