//! Quota rules (spec section 4) and the usage counter. The counter is raised in one UPDATE whose
//! WHERE holds the limit, so two requests racing for the last unit cannot both get it.
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

use super::Plan;
use crate::error::{Error, Result};

/// The spec's quota state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Quota {
    #[serde(rename = "isOutQuota")]
    pub is_out_quota: bool,
    pub limit: i64,
    pub usage: i64,
}

/// Usable if the limit is -1 or -2, or above 0 with usage below it; not if 0 or absent.
pub fn usable(limit: Option<i64>, usage: i64) -> bool {
    match limit {
        Some(-1 | -2) => true,
        Some(l) if l > 0 => usage < l,
        _ => false,
    }
}

/// A/B users on FREE or STARTER plans write with the extra AI writing quota.
pub fn effective_feature<'a>(feature: &'a str, plan: &Plan, is_ab: bool) -> &'a str {
    if feature == "AI_PRODUCT_WRITING" && is_ab && plan.is_low_tier() { "EXTRA_AI_PRODUCT_WRITING" } else { feature }
}

/// Usage is counted per plan cycle, starting from the paid period's start when there is one
/// (so a renewal starts a new count), else from the workplace's creation.
pub fn period_start(since: DateTime<Utc>, cycle_days: i32, now: DateTime<Utc>) -> DateTime<Utc> {
    let cycle = chrono::Duration::days(cycle_days.max(1) as i64);
    let elapsed = (now - since).num_seconds().max(0);
    since + cycle * (elapsed / cycle.num_seconds()) as i32
}

async fn workplace_plan(conn: &mut PgConnection, workplace_id: Uuid) -> Result<(&'static Plan, DateTime<Utc>)> {
    let (plan_key, since): (String, DateTime<Utc>) = sqlx::query_as("SELECT plan_key, COALESCE(plan_period_start, created_at) FROM workplaces WHERE id = $1")
        .bind(workplace_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(Error::NotFound("workplace"))?;
    let plan = super::find(&plan_key);
    Ok((plan, period_start(since, plan.cycle, Utc::now())))
}

/// Uses `amount` units of `feature` inside the caller's transaction, or fails with
/// QUOTA_EXPIRED and counts nothing. Unlimited -1 is not counted; -2 is counted, never refused.
pub async fn consume(conn: &mut PgConnection, workplace_id: Uuid, feature: &str, amount: i64) -> Result<Quota> {
    let (plan, period) = workplace_plan(conn, workplace_id).await?;
    let limit = with_extras(conn, workplace_id, feature, period, plan.limit(feature)).await?;
    let refused = || Error::QuotaExpired(format!("You have used all of your {feature} quota; upgrade your plan to continue"));
    match limit {
        None | Some(0) => return Err(refused()),
        Some(-1) => return Ok(Quota { is_out_quota: false, limit: -1, usage: current(conn, workplace_id, feature, period).await? }),
        _ => {}
    }
    let limit = limit.unwrap();
    sqlx::query("INSERT INTO feature_usage (workplace_id, feature, period_start) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(workplace_id)
        .bind(feature)
        .bind(period)
        .execute(&mut *conn)
        .await?;
    let usage: Option<i64> = sqlx::query_scalar(
        "UPDATE feature_usage SET usage = usage + $4
         WHERE workplace_id = $1 AND feature = $2 AND period_start = $3 AND ($5 < 0 OR usage + $4 <= $5)
         RETURNING usage",
    )
    .bind(workplace_id)
    .bind(feature)
    .bind(period)
    .bind(amount)
    .bind(limit)
    .fetch_optional(&mut *conn)
    .await?;
    let usage = usage.ok_or_else(refused)?;
    if limit > 0 && nearly_used(limit, usage) && !nearly_used(limit, usage - amount) {
        notify_nearly_used(conn, workplace_id, feature, period, limit, usage).await?;
    }
    Ok(Quota { is_out_quota: !usable(Some(limit), usage), limit, usage })
}

/// 80% of a limited quota: time to upgrade before work is refused.
fn nearly_used(limit: i64, usage: i64) -> bool {
    usage * 5 >= limit * 4
}

/// Once per feature and period (the dedup key), in the consuming transaction.
async fn notify_nearly_used(conn: &mut PgConnection, workplace_id: Uuid, feature: &str, period: DateTime<Utc>, limit: i64, usage: i64) -> Result<()> {
    let what = feature.to_lowercase().replace('_', " ");
    let title = format!("You have used {usage} of your {limit} {what} quota");
    let body = "Upgrade your plan before the quota runs out to keep working without interruption.";
    let key = format!("quota:{workplace_id}:{feature}:{}", period.timestamp());
    let params = serde_json::json!({ "feature": feature, "usage": usage, "limit": limit });
    let e = crate::notifications::Event { kind: crate::notifications::Type::QuotaNearlyUsed, title: &title, body, dedup_key: Some(&key), params };
    crate::notifications::record(conn, workplace_id, e).await?;
    Ok(())
}

/// The plan's limit raised by the extra units bought for this cycle (`billing`'s extra quota);
/// unlimited stays unlimited, and extras make a feature the plan lacks usable.
async fn with_extras(conn: &mut PgConnection, workplace_id: Uuid, feature: &str, period: DateTime<Utc>, limit: Option<i64>) -> Result<Option<i64>> {
    if matches!(limit, Some(-1 | -2)) {
        return Ok(limit);
    }
    let extra: i64 =
        sqlx::query_scalar("SELECT COALESCE(SUM(units), 0)::BIGINT FROM feature_extras WHERE workplace_id = $1 AND feature = $2 AND period_start = $3")
            .bind(workplace_id)
            .bind(feature)
            .bind(period)
            .fetch_one(&mut *conn)
            .await?;
    Ok(match (limit, extra) {
        (l, 0) => l,
        (Some(l), e) => Some(l.max(0) + e),
        (None, e) => Some(e),
    })
}

/// The start of the workplace's current usage cycle (extra units are bought for it).
pub async fn cycle_start(conn: &mut PgConnection, workplace_id: Uuid) -> Result<DateTime<Utc>> {
    Ok(workplace_plan(conn, workplace_id).await?.1)
}

async fn current(conn: &mut PgConnection, workplace_id: Uuid, feature: &str, period: DateTime<Utc>) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT usage FROM feature_usage WHERE workplace_id = $1 AND feature = $2 AND period_start = $3")
        .bind(workplace_id)
        .bind(feature)
        .bind(period)
        .fetch_optional(&mut *conn)
        .await?
        .unwrap_or(0))
}

/// The quota state of one feature now.
pub async fn state(pool: &PgPool, workplace_id: Uuid, feature: &str) -> Result<Quota> {
    let mut conn = pool.acquire().await?;
    let (plan, period) = workplace_plan(&mut conn, workplace_id).await?;
    let usage = current(&mut conn, workplace_id, feature, period).await?;
    let limit = with_extras(&mut conn, workplace_id, feature, period, plan.limit(feature)).await?;
    Ok(Quota { is_out_quota: !usable(limit, usage), limit: limit.unwrap_or(0), usage })
}

/// This cycle's usage of every feature, for the current-plan view.
pub async fn usage(pool: &PgPool, workplace_id: Uuid) -> Result<(String, BTreeMap<String, i64>)> {
    usage_in(&mut *pool.acquire().await?, workplace_id).await
}

/// `usage` on a connection: inside a snapshot (the plan page's), beside other reads.
pub async fn usage_in(conn: &mut PgConnection, workplace_id: Uuid) -> Result<(String, BTreeMap<String, i64>)> {
    let (plan, period) = workplace_plan(conn, workplace_id).await?;
    let rows: Vec<(String, i64)> = sqlx::query_as("SELECT feature, usage FROM feature_usage WHERE workplace_id = $1 AND period_start = $2")
        .bind(workplace_id)
        .bind(period)
        .fetch_all(&mut *conn)
        .await?;
    Ok((plan.key.to_string(), rows.into_iter().collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plans::find;

    #[test]
    fn usable_follows_the_sentinels() {
        assert!(usable(Some(-1), 1_000_000));
        assert!(usable(Some(-2), 5));
        assert!(!usable(Some(0), 0));
        assert!(usable(Some(3), 2));
        assert!(!usable(Some(3), 3));
        assert!(!usable(None, 0));
    }

    #[test]
    fn ab_users_on_low_tiers_use_the_extra_ai_quota() {
        let free = find("FREE_ORDER_FULFILLMENT_2");
        let pro = find("PRO_DROPLINE_AO_TIER_1");
        assert_eq!(effective_feature("AI_PRODUCT_WRITING", free, true), "EXTRA_AI_PRODUCT_WRITING");
        assert_eq!(effective_feature("AI_PRODUCT_WRITING", free, false), "AI_PRODUCT_WRITING");
        assert_eq!(effective_feature("AI_PRODUCT_WRITING", pro, true), "AI_PRODUCT_WRITING");
    }

    #[test]
    fn tiers() {
        assert!(!find("FREE_ORDER_FULFILLMENT_2").is_starter_or_higher());
        assert!(find("FREE_AO_MKT").is_starter_or_higher());
        assert!(find("PRO_DROPLINE_AO_TIER_1").is_basic_or_higher());
        assert!(find("ENTERPRISE_DROPLINE_AO").is_basic_or_higher());
    }

    #[test]
    fn periods_roll_every_cycle() {
        let since: DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
        let now: DateTime<Utc> = "2026-02-15T00:00:00Z".parse().unwrap();
        assert_eq!(period_start(since, 30, now), "2026-01-31T00:00:00Z".parse::<DateTime<Utc>>().unwrap());
    }
}
