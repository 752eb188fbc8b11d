//! What the dashboard reads: the workplace's subscription beside its plan, and the answers of
//! the charge calls.
use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::Result;
use crate::plans::{self, PackageView};

/// The workplace's subscription row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Row {
    pub provider: String,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub plan_key: Option<String>,
    pub status: String,
    pub current_period_start: Option<DateTime<Utc>>,
    pub current_period_end: Option<DateTime<Utc>>,
    pub cancel_at_period_end: bool,
    pub pending_plan_key: Option<String>,
    pub grace_until: Option<DateTime<Utc>>,
    pub next_charge_cents: Option<i64>,
    pub currency: Option<String>,
}

pub const COLUMNS: &str = "provider, customer_id, subscription_id, plan_key, status, current_period_start, current_period_end, \
     cancel_at_period_end, pending_plan_key, grace_until, next_charge_cents, currency";

pub async fn row(pool: &PgPool, workplace_id: Uuid) -> Result<Option<Row>> {
    row_in(&mut *pool.acquire().await?, workplace_id).await
}

async fn row_in(conn: &mut sqlx::PgConnection, workplace_id: Uuid) -> Result<Option<Row>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM workplace_subscriptions WHERE workplace_id = $1")).bind(workplace_id).fetch_optional(conn).await?)
}

/// The next automatic charge.
#[derive(Debug, Serialize, ToSchema)]
pub struct NextCharge {
    /// Dollars.
    pub amount: f64,
    pub currency: String,
    /// RFC 3339.
    pub at: String,
}

/// A paid subscription as the vendor last told it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionView {
    /// The vendor's status: active, past_due (a renewal failed; see grace_until), canceled, ...
    pub status: String,
    /// `stripe` or `shopify`.
    pub provider: String,
    pub plan_key: String,
    /// `monthly` or `yearly`.
    pub cycle: String,
    /// RFC 3339: when the paid period ends (and a scheduled change takes effect).
    pub current_period_end: Option<String>,
    pub cancel_at_period_end: bool,
    /// The plan the workplace moves to when the period ends (a downgrade or a cancellation).
    pub pending_plan_key: Option<String>,
    /// RFC 3339: after a failed renewal, the plan is kept until then.
    pub grace_until: Option<String>,
    pub next_charge: Option<NextCharge>,
}

/// `{package, subscription, provider_payment}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentPlan {
    pub package: PackageView,
    pub subscription: Option<SubscriptionView>,
    /// `stripe` or `shopify`: who bills this workplace.
    pub provider_payment: String,
    /// The owner pays in the vendor's test mode (`payment_mode` sandbox): test cards, no money.
    pub test_mode: bool,
}

/// What `charge-subscription` did: a checkout to pay (`url`), or a change scheduled for the end
/// of the paid period (`pending_plan_key`, `effective_at`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ChargeReply {
    pub url: Option<String>,
    pub pending_plan_key: Option<String>,
    /// RFC 3339.
    pub effective_at: Option<String>,
}

/// `{url}`: the vendor's page where the owner pays or types a card.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutUrl {
    pub url: String,
}

pub fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Statuses in which the vendor still bills the subscription.
pub fn is_live(status: &str) -> bool {
    matches!(status, "active" | "trialing" | "past_due" | "unpaid")
}

pub fn subscription_view(r: &Row) -> Option<SubscriptionView> {
    let key = r.plan_key.as_deref().filter(|_| r.subscription_id.is_some())?;
    let plan = plans::find(key);
    let next_charge = match (is_live(&r.status) && !r.cancel_at_period_end, r.next_charge_cents, r.current_period_end) {
        (true, Some(c), Some(at)) => {
            Some(NextCharge { amount: c as f64 / 100.0, currency: r.currency.clone().unwrap_or_else(|| "usd".into()), at: rfc3339(at) })
        }
        _ => None,
    };
    Some(SubscriptionView {
        status: r.status.clone(),
        provider: r.provider.clone(),
        plan_key: plan.key.to_string(),
        cycle: super::cycle_name(plan).to_string(),
        current_period_end: r.current_period_end.map(rfc3339),
        cancel_at_period_end: r.cancel_at_period_end,
        pending_plan_key: r.pending_plan_key.clone(),
        grace_until: r.grace_until.map(rfc3339),
        next_charge,
    })
}

/// The plan with this cycle's usage, and the subscription beside it.
pub async fn current_plan(pool: &PgPool, workplace_id: Uuid) -> Result<CurrentPlan> {
    // One snapshot for the usage and the subscription: a renewal committed between two reads
    // would show the new period beside the old period's usage.
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *tx).await?;
    let (key, usage) = plans::quota::usage_in(&mut tx, workplace_id).await?;
    let r = row_in(&mut tx, workplace_id).await?;
    let test_mode: bool = sqlx::query_scalar("SELECT u.payment_mode = 'sandbox' FROM workplaces w JOIN users u ON u.id = w.owner_id WHERE w.id = $1")
        .bind(workplace_id)
        .fetch_optional(&mut *tx)
        .await?
        .unwrap_or(false);
    tx.commit().await?;
    Ok(CurrentPlan {
        package: plans::package_view_with(&key, &usage),
        subscription: r.as_ref().and_then(subscription_view),
        provider_payment: r.map_or_else(|| "stripe".to_string(), |r| r.provider),
        test_mode,
    })
}

/// The subscription view, after a change (an empty one when there is no subscription).
pub async fn subscription(pool: &PgPool, workplace_id: Uuid) -> Result<Option<SubscriptionView>> {
    Ok(row(pool, workplace_id).await?.as_ref().and_then(subscription_view))
}
