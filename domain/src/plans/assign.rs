//! The one place a workplace's plan changes: a paid subscription through the payment vendor, a
//! Shopify app subscription, a downgrade at the end of a paid cycle, the fall back to the free
//! plan, or an operator's choice. `period_start` is the start of the (paid) cycle usage counts
//! from: a new value starts usage from zero, as a renewal does.
use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::{Error, Result};

/// Sets the workplace's plan (an unknown key is a field error on `plan_key`). `None` for
/// `period_start` counts cycles from the workplace's creation again, as the free plan does.
/// Answers whether anything changed.
pub async fn assign(conn: &mut PgConnection, workplace_id: Uuid, plan_key: &str, period_start: Option<DateTime<Utc>>) -> Result<bool> {
    if !super::PLANS.iter().any(|p| p.key == plan_key) {
        return Err(Error::field("plan_key", "unknown plan"));
    }
    let changed = sqlx::query(
        "UPDATE workplaces SET plan_key = $2, plan_period_start = $3
         WHERE id = $1 AND (plan_key IS DISTINCT FROM $2 OR plan_period_start IS DISTINCT FROM $3)",
    )
    .bind(workplace_id)
    .bind(plan_key)
    .bind(period_start)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if changed > 0 {
        tracing::info!(%workplace_id, %plan_key, ?period_start, "plan assigned");
    }
    Ok(changed > 0)
}
