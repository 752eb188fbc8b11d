//! Applies a subscription as the vendor answers it now to the workplace's plan. Callers read it
//! from the vendor under the workplace's lock (`lock`), so states are applied in the order the
//! vendor reached them, whatever order the events that prompted the reads came in.
use chrono::{Duration, Utc};
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use super::{at, view};
use crate::Result;
use crate::notifications::{self, Event, Type};
use crate::plans::{self, FREE};

/// What must happen at the vendor once the change is committed.
#[derive(Debug, Default)]
pub struct After {
    /// A newer subscription replaced this one (an upgrade): end it so it bills no more.
    pub cancel: Option<String>,
    /// The paid period ended with a downgrade to this paid plan pending: subscribe to it.
    pub subscribe: Option<(String, String, Option<String>)>,
}

/// One workplace's billing changes, one at a time, inside the caller's transaction.
pub async fn lock(conn: &mut PgConnection, workplace_id: Uuid) -> Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('billing:' || $1::text))").bind(workplace_id).execute(&mut *conn).await?;
    sqlx::query("INSERT INTO workplace_subscriptions (workplace_id) VALUES ($1) ON CONFLICT DO NOTHING").bind(workplace_id).execute(&mut *conn).await?;
    Ok(())
}

async fn row(conn: &mut PgConnection, workplace_id: Uuid) -> Result<(view::Row, Option<Value>)> {
    let r: view::Row = sqlx::query_as(&format!("SELECT {} FROM workplace_subscriptions WHERE workplace_id = $1", view::COLUMNS))
        .bind(workplace_id)
        .fetch_one(&mut *conn)
        .await?;
    let state: Option<Value> =
        sqlx::query_scalar("SELECT vendor_state FROM workplace_subscriptions WHERE workplace_id = $1").bind(workplace_id).fetch_one(&mut *conn).await?;
    Ok((r, state))
}

/// Applies `sub` (a vendor subscription object). A subscription other than the one held takes
/// over only when it is live and newer (an upgrade paid); an ended or older one changes nothing.
pub async fn apply(conn: &mut PgConnection, workplace_id: Uuid, sub: &Value, grace_days: i64) -> Result<After> {
    let (r, held) = row(conn, workplace_id).await?;
    let id = sub["id"].as_str().unwrap_or_default();
    let status = sub["status"].as_str().unwrap_or_default();
    let Some(plan) = sub["metadata"]["plan_key"].as_str().and_then(|k| plans::PLANS.iter().find(|p| p.key == k)) else {
        tracing::warn!(%workplace_id, subscription = %id, "a subscription without a known plan_key: not applied");
        return Ok(After::default());
    };
    let mut after = After::default();
    if r.subscription_id.as_deref() != Some(id) {
        let held_live = r.subscription_id.is_some() && view::is_live(&r.status);
        let newer = held.as_ref().is_none_or(|h| h["created"].as_i64() <= sub["created"].as_i64());
        if !view::is_live(status) || (held_live && !newer) {
            return Ok(After::default());
        }
        after.cancel = r.subscription_id.clone().filter(|_| held_live);
    }
    let period_start = at(&sub["current_period_start"]);
    let mut grace_until = None;
    let mut pending = if sub["cancel_at_period_end"] == true { r.pending_plan_key.clone().or_else(|| Some(FREE.to_string())) } else { None };
    match status {
        "active" | "trialing" => {
            plans::assign(conn, workplace_id, plan.key, period_start).await?;
        }
        "past_due" | "unpaid" => {
            let until = r.grace_until.unwrap_or_else(|| Utc::now() + Duration::days(grace_days));
            grace_until = Some(until);
            if r.grace_until.is_none() {
                let title = format!("The payment for your {} plan failed", plan.name);
                let body = format!("Update your card before {} to keep your plan; after that the workspace moves to the free plan.", until.format("%Y-%m-%d"));
                let key = format!("payment_failed:{id}:{}", sub["current_period_start"]);
                let params = json!({ "plan": plan.name, "grace_until": view::rfc3339(until) });
                notifications::record(conn, workplace_id, Event { kind: Type::PaymentFailed, title: &title, body: &body, dedup_key: Some(&key), params })
                    .await?;
            }
        }
        "canceled" | "incomplete_expired" => {
            let next = r.pending_plan_key.clone().filter(|k| plans::find(k).price > 0.0 && r.subscription_id.as_deref() == Some(id));
            if let (Some(k), Some(customer)) = (&next, &r.customer_id) {
                after.subscribe = Some((k.clone(), customer.clone(), sub["default_payment_method"].as_str().map(str::to_string)));
            }
            plans::assign(conn, workplace_id, FREE, None).await?;
            if matches!(r.status.as_str(), "past_due" | "unpaid") {
                ended(conn, workplace_id, id, plan.name).await?;
            }
            pending = None;
        }
        // `incomplete`: the first payment is not made yet; the plan waits for it.
        _ => {}
    }
    let item = &sub["items"]["data"][0];
    let next_cents = pending.as_deref().map_or_else(
        || item["price"]["unit_amount"].as_i64().map(|a| a * item["quantity"].as_i64().unwrap_or(1)),
        |k| Some(super::cents(plans::find(k))).filter(|c| *c > 0),
    );
    sqlx::query(
        "UPDATE workplace_subscriptions SET provider = 'stripe', subscription_id = $2, plan_key = $3, status = $4,
            current_period_start = $5, current_period_end = $6, cancel_at_period_end = $7, pending_plan_key = $8,
            grace_until = $9, next_charge_cents = $10, currency = $11, vendor_state = $12, updated_at = now()
         WHERE workplace_id = $1",
    )
    .bind(workplace_id)
    .bind(id)
    .bind(plan.key)
    .bind(status)
    .bind(period_start)
    .bind(at(&sub["current_period_end"]))
    .bind(sub["cancel_at_period_end"] == true)
    .bind(&pending)
    .bind(grace_until)
    .bind(next_cents)
    .bind(sub["currency"].as_str())
    .bind(sub)
    .execute(&mut *conn)
    .await?;
    tracing::info!(%workplace_id, subscription = %id, %status, plan = plan.key, "subscription applied");
    Ok(after)
}

/// The paid plan is over: the owner is told once per subscription.
pub async fn ended(conn: &mut PgConnection, workplace_id: Uuid, subscription: &str, plan: &str) -> Result<()> {
    let title = format!("Your {plan} plan has ended");
    let body = "The workspace is on the free plan now. Choose a plan again to get your limits back.";
    let key = format!("plan_ended:{subscription}");
    let params = json!({ "plan": plan });
    notifications::record(conn, workplace_id, Event { kind: Type::PlanEnded, title: &title, body, dedup_key: Some(&key), params }).await?;
    Ok(())
}
