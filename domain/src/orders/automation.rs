//! Running order automation flows (`automation_flows.rs` holds the rules). A trigger (a new
//! order stored, or the store asking for fulfilment) picks the first active flow of that trigger
//! whose conditions all hold, records one run per flow and order (the primary key: a redelivered
//! webhook or a repeated request automates once) and places the order through
//! `place::start_one` in the caller's transaction. Nothing here calls the network: placement and
//! payment happen in the `place_order` jobs it queues. `scheduled` flows leave the run pending;
//! the `order_automation` job of the flow's daily slot (`schedules.rs`) places them.
use chrono::{DateTime, Duration, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use tracing::instrument;
use uuid::Uuid;

use super::automation_flows::{Condition, holds};
use super::place::{self, PayWith};
use super::{dollars, log};
use crate::error::{Error, Result};

#[derive(sqlx::FromRow)]
struct ActiveFlow {
    id: i64,
    conditions: Value,
    action: String,
    payment_use: String,
    schedule: String,
}

/// What one order looks like to the conditions.
#[derive(sqlx::FromRow)]
struct Facts {
    item_count: i64,
    total_cents: i64,
    /// Supplier cost of the lines (unit cost × quantity) plus their stored shipping; None when
    /// a line's cost is unknown (then the margin is unknown and a margin condition fails).
    cost_cents: Option<i64>,
}

/// What a trigger did.
#[derive(Debug, Serialize)]
pub struct Fired {
    pub flow_id: i64,
    /// started (placement queued), nothing_to_place, pending (scheduled) or already (ran before).
    pub outcome: String,
    pub source_order_ids: Vec<i64>,
}

/// The payment a flow asks for: `create_and_pay` pays with its preference, the confirmation
/// action leaves the supplier order waiting for the user's payment.
fn pay_of(action: &str, payment_use: &str) -> Option<PayWith> {
    (action == "create_and_pay").then_some(match payment_use {
        "wallet" => PayWith::Wallet,
        "card" => PayWith::Card,
        _ => PayWith::Auto,
    })
}

fn value_of(name: &str, f: &Facts) -> Option<f64> {
    match name {
        "order_item_count" => Some(f.item_count as f64),
        "order_value" => Some(dollars(f.total_cents)),
        // (total − cost − shipping) / total, in percent.
        "order_profit_margin" => f.cost_cents.filter(|_| f.total_cents > 0).map(|c| (f.total_cents - c) as f64 * 100.0 / f.total_cents as f64),
        _ => None,
    }
}

/// Called in the transaction that stores a new order.
pub async fn on_new_order(conn: &mut PgConnection, workplace_id: Uuid, order_id: i64) -> Result<()> {
    fire(conn, workplace_id, order_id, "new_order").await.map(|_| ())
}

/// Runs the first matching active flow of `trigger` for the order (caller's transaction).
pub async fn fire(conn: &mut PgConnection, workplace_id: Uuid, order_id: i64, trigger: &str) -> Result<Option<Fired>> {
    let flows: Vec<ActiveFlow> = sqlx::query_as(
        "SELECT id, conditions, action, payment_use, schedule FROM order_automation_flows
         WHERE workplace_id = $1 AND status = 'active' AND $2 = ANY(triggers) ORDER BY id",
    )
    .bind(workplace_id)
    .bind(trigger)
    .fetch_all(&mut *conn)
    .await?;
    if flows.is_empty() {
        return Ok(None);
    }
    let facts: Facts = sqlx::query_as(
        "SELECT COALESCE(SUM(l.quantity), 0)::bigint AS item_count, o.total_cents,
                CASE WHEN bool_and(l.cost_cents IS NOT NULL) THEN
                     SUM(l.cost_cents * l.quantity + COALESCE(round((l.shipping_info->>'amount')::numeric * 100), 0))::bigint END AS cost_cents
         FROM orders o LEFT JOIN order_line_items l ON l.order_id = o.id AND NOT l.disabled
         WHERE o.id = $1 AND o.workplace_id = $2 GROUP BY o.id",
    )
    .bind(order_id)
    .bind(workplace_id)
    .fetch_one(&mut *conn)
    .await?;
    let Some(flow) = flows.into_iter().find(|f| {
        let conditions: Vec<Value> = serde_json::from_value(f.conditions.clone()).unwrap_or_default();
        conditions.iter().all(|c| {
            let c = Condition {
                name: c["name"].as_str().unwrap_or_default().into(),
                operator: c["operator"].as_str().unwrap_or_default().into(),
                value: c["value"].as_f64().unwrap_or(0.0),
            };
            value_of(&c.name, &facts).is_some_and(|v| holds(&c, v))
        })
    }) else {
        return Ok(None);
    };
    let scheduled = flow.schedule == "scheduled";
    let recorded = sqlx::query("INSERT INTO order_automation_runs (flow_id, order_id, outcome) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(flow.id)
        .bind(order_id)
        .bind(if scheduled { "pending" } else { "started" })
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if recorded == 0 {
        return Ok(Some(Fired { flow_id: flow.id, outcome: "already".into(), source_order_ids: vec![] }));
    }
    sqlx::query("UPDATE order_automation_flows SET last_activity_at = now() WHERE id = $1").bind(flow.id).execute(&mut *conn).await?;
    let ids = if scheduled { vec![] } else { place::start_one(conn, workplace_id, order_id, None, pay_of(&flow.action, &flow.payment_use)).await? };
    let outcome = if scheduled {
        "pending"
    } else if ids.is_empty() {
        "nothing_to_place"
    } else {
        "started"
    };
    if !scheduled {
        sqlx::query("UPDATE order_automation_runs SET outcome = $3 WHERE flow_id = $1 AND order_id = $2")
            .bind(flow.id)
            .bind(order_id)
            .bind(outcome)
            .execute(&mut *conn)
            .await?;
    }
    log(conn, workplace_id, order_id, None, "automation_ran", json!({"flow_id": flow.id, "trigger": trigger, "action": flow.action, "outcome": outcome}))
        .await?;
    Ok(Some(Fired { flow_id: flow.id, outcome: outcome.into(), source_order_ids: ids }))
}

/// `POST /orders/{id}/request-fulfillment`: the store side asks for the order to be fulfilled;
/// the `request_fulfillment` flows run for it.
#[instrument(skip_all, fields(%workplace_id, order_id))]
pub async fn request_fulfillment(pool: &PgPool, workplace_id: Uuid, order_id: i64) -> Result<Option<Fired>> {
    let mut tx = crate::db::begin(pool).await?;
    let known: Option<i64> =
        sqlx::query_scalar("SELECT id FROM orders WHERE id = $1 AND workplace_id = $2").bind(order_id).bind(workplace_id).fetch_optional(&mut *tx).await?;
    if known.is_none() {
        return Err(Error::NotFound("Order"));
    }
    log(&mut tx, workplace_id, order_id, None, "fulfillment_requested", json!({})).await?;
    let fired = fire(&mut tx, workplace_id, order_id, "request_fulfillment").await?;
    tx.commit().await?;
    Ok(fired)
}

/// The `order_automation` job's payload: one scheduled flow's daily slot.
#[derive(Debug, Serialize, Deserialize)]
pub struct ScheduledRun {
    pub flow_id: i64,
    pub workplace_id: Uuid,
    pub due: DateTime<Utc>,
}

impl crate::queue::Job for ScheduledRun {
    const KIND: &'static str = "order_automation";
}

/// The latest `HH:MM` (UTC) at or before `now`.
pub fn last_due(time: &str, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let t = NaiveTime::parse_from_str(time, "%H:%M").ok()?;
    let today = now.date_naive().and_time(t).and_utc();
    Some(if today > now { today - Duration::days(1) } else { today })
}

/// Scheduled flows with runs waiting, and the slot each is due in.
pub async fn due_flows(pool: &PgPool, now: DateTime<Utc>) -> Result<Vec<ScheduledRun>> {
    let rows: Vec<(i64, Uuid, String)> = sqlx::query_as(
        "SELECT f.id, f.workplace_id, f.schedule_time FROM order_automation_flows f
         WHERE f.status = 'active' AND f.schedule = 'scheduled' AND f.schedule_time IS NOT NULL
           AND EXISTS (SELECT 1 FROM order_automation_runs r WHERE r.flow_id = f.id AND r.outcome = 'pending')",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().filter_map(|(flow_id, workplace_id, t)| Some(ScheduledRun { flow_id, workplace_id, due: last_due(&t, now)? })).collect())
}

/// Places the flow's runs that were waiting at `due` (one transaction; a rerun finds them done).
#[instrument(skip_all, fields(flow = run.flow_id))]
pub async fn place_scheduled(pool: &PgPool, run: &ScheduledRun) -> Result<Value> {
    let mut tx = crate::db::begin(pool).await?;
    let flow: Option<(String, String, String)> =
        sqlx::query_as("SELECT action, payment_use, status FROM order_automation_flows WHERE id = $1 AND workplace_id = $2")
            .bind(run.flow_id)
            .bind(run.workplace_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((action, payment_use, status)) = flow else { return Ok(json!({"outcome": "flow deleted"})) };
    if status != "active" {
        return Ok(json!({"outcome": "flow inactive"}));
    }
    let orders: Vec<i64> = sqlx::query_scalar(
        "SELECT order_id FROM order_automation_runs WHERE flow_id = $1 AND outcome = 'pending' AND created_at <= $2
         ORDER BY created_at LIMIT 500 FOR UPDATE SKIP LOCKED",
    )
    .bind(run.flow_id)
    .bind(run.due)
    .fetch_all(&mut *tx)
    .await?;
    let mut placed = 0;
    for order_id in &orders {
        let ids = place::start_one(&mut tx, run.workplace_id, *order_id, None, pay_of(&action, &payment_use)).await?;
        let outcome = if ids.is_empty() { "nothing_to_place" } else { "started" };
        placed += ids.len();
        sqlx::query("UPDATE order_automation_runs SET outcome = $3 WHERE flow_id = $1 AND order_id = $2")
            .bind(run.flow_id)
            .bind(order_id)
            .bind(outcome)
            .execute(&mut *tx)
            .await?;
        log(&mut tx, run.workplace_id, *order_id, None, "automation_ran", json!({"flow_id": run.flow_id, "scheduled": run.due, "outcome": outcome})).await?;
    }
    if !orders.is_empty() {
        sqlx::query("UPDATE order_automation_flows SET last_activity_at = now() WHERE id = $1").bind(run.flow_id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(json!({"orders": orders.len(), "source_orders": placed}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_is_the_last_time_of_day_passed() {
        let now: DateTime<Utc> = "2026-11-25T10:17:00Z".parse().unwrap();
        assert_eq!(last_due("09:30", now).unwrap().to_rfc3339(), "2026-11-25T09:30:00+00:00");
        assert_eq!(last_due("11:00", now).unwrap().to_rfc3339(), "2026-11-24T11:00:00+00:00");
        assert!(last_due("bad", now).is_none());
    }

    #[test]
    fn the_margin_needs_known_costs() {
        let f = Facts { item_count: 3, total_cents: 10_000, cost_cents: Some(6_000) };
        assert_eq!(value_of("order_profit_margin", &f), Some(40.0));
        assert_eq!(value_of("order_profit_margin", &Facts { cost_cents: None, ..f }), None);
    }
}
