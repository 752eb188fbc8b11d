//! Periodic jobs. Time is cut into slots of each schedule's period; the first worker to reach a
//! slot records it (primary key) and enqueues the job in the same transaction, so several
//! workers never enqueue one slot twice and a restarted worker does not enqueue it again.
use chrono::{DateTime, TimeZone, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::automation::auto_update;
use crate::automation::jobs::SmartPushJob;
use crate::automation::jobs::SupplierSyncJob;
use crate::catalogue::jobs::CatalogueSyncJob;
use crate::config::Settings;
use crate::error::Result;
use crate::orders::automation::ScheduledRun;
use crate::orders::jobs::RefundSyncJob;
use crate::orders::jobs::StoreOrdersSyncJob;
use crate::queue::Job;
use crate::store::automation;
use crate::stores::jobs::ExchangeRatesRefresh;
use crate::tracking::jobs::TrackingSync;
use crate::values::Source;

/// The start of the slot holding `now` for a period of `period_secs`.
pub fn slot(now: DateTime<Utc>, period_secs: u64) -> DateTime<Utc> {
    offset_slot(now, period_secs, 0)
}

/// Like `slot`, with slots starting `offset_secs` (modulo the period) after the boundaries, so
/// per-workplace schedules of one period are spread over it instead of all starting together.
pub fn offset_slot(now: DateTime<Utc>, period_secs: u64, offset_secs: u64) -> DateTime<Utc> {
    let p = period_secs.max(60) as i64;
    let off = (offset_secs % p as u64) as i64;
    let start = (now.timestamp() - off).div_euclid(p) * p + off;
    Utc.timestamp_opt(start, 0).single().unwrap_or(now)
}

/// Enqueues what is due at `now`; returns how many jobs were enqueued.
pub async fn tick(pool: &PgPool, settings: &Settings, now: DateTime<Utc>) -> Result<usize> {
    let due = slot(now, settings.catalogue.refresh_secs);
    let mut enqueued = 0;
    for source in Source::ALL {
        let name = format!("{}:{source}", CatalogueSyncJob::KIND);
        let job = CatalogueSyncJob { source };
        enqueued += once(pool, &name, due, CatalogueSyncJob::KIND, None, &job, json!({ "source": source })).await? as usize;
    }
    let due = slot(now, settings.automation.smart_push_secs);
    enqueued += once(pool, SmartPushJob::KIND, due, SmartPushJob::KIND, None, &SmartPushJob::default(), json!({})).await? as usize;
    let due = slot(now, settings.tracking.sync_secs.max(60) as u64);
    enqueued += once(pool, TrackingSync::KIND, due, TrackingSync::KIND, None, &TrackingSync::default(), json!({})).await? as usize;
    let due = slot(now, settings.exchange_rates.refresh_secs);
    enqueued += once(pool, ExchangeRatesRefresh::KIND, due, ExchangeRatesRefresh::KIND, None, &ExchangeRatesRefresh::default(), json!({})).await? as usize;
    enqueued += supplier_syncs(pool, now).await?;
    enqueued += order_schedules(pool, now).await?;
    // Grace periods of unpaid plan renewals end on the tick (a query, no job).
    let vendor = crate::connectors::payments::PaymentVendor::new(&settings.payments);
    if let Err(e) = crate::billing::grace::settle(pool, &vendor).await {
        tracing::warn!(error = %e, "plan grace periods were not settled this tick");
    }
    // The order memo's change log keeps only what a kept answer may still need (a query, no job).
    if let Err(e) = crate::orders::memo::prune(pool).await {
        tracing::warn!(error = %e, "the order change log was not pruned this tick");
    }
    Ok(enqueued)
}

/// Enqueues the job of slot (`name`, `due`) unless a worker already did.
async fn once(pool: &PgPool, name: &str, due: DateTime<Utc>, kind: &str, workplace: Option<Uuid>, payload: &impl Serialize, refs: Value) -> Result<bool> {
    let mut tx = crate::db::begin(pool).await?;
    let fresh: bool = sqlx::query_scalar("INSERT INTO schedule_runs (name, due_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING true")
        .bind(name)
        .bind(due)
        .fetch_optional(&mut *tx)
        .await?
        .unwrap_or(false);
    if !fresh {
        return Ok(false);
    }
    let id = crate::queue::enqueue_kind(&mut tx, kind, workplace, payload, refs).await?;
    sqlx::query("UPDATE schedule_runs SET progress_id = $3 WHERE name = $1 AND due_at = $2").bind(name).bind(due).bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(true)
}

/// One supplier sync per workplace (holding pushed products, auto update on) per its interval.
/// Slots already taken are filtered in one query, so a tick costs two queries when none is due.
async fn supplier_syncs(pool: &PgPool, now: DateTime<Utc>) -> Result<usize> {
    let mut slots = vec![];
    for (workplace_id, saved) in automation::sync_candidates(pool).await? {
        let s = auto_update::parse(Some(saved));
        if s.is_enable {
            let period = s.interval_hours.max(1) as u64 * 3600;
            let offset = (workplace_id.as_u128() % period as u128) as u64;
            slots.push((workplace_id, format!("{}:{workplace_id}", SupplierSyncJob::KIND), offset_slot(now, period, offset)));
        }
    }
    let names: Vec<&str> = slots.iter().map(|s| s.1.as_str()).collect();
    let dues: Vec<DateTime<Utc>> = slots.iter().map(|s| s.2).collect();
    let open = open_slots(pool, &names, &dues).await?;
    let mut enqueued = 0;
    for (workplace_id, name, due) in slots.iter().filter(|s| open.contains(&s.1)) {
        let job = SupplierSyncJob { workplace_id: *workplace_id, product_ids: None };
        enqueued += once(pool, name, *due, SupplierSyncJob::KIND, Some(*workplace_id), &job, json!({})).await? as usize;
    }
    Ok(enqueued)
}

/// The orders' periodic work: each connected store's catch-up order sync and the refund sync
/// every `ORDERS_SYNC_SECS` (stores spread over the period), and each scheduled automation
/// flow's daily slot at its `HH:MM` (UTC), only while it holds orders waiting.
async fn order_schedules(pool: &PgPool, now: DateTime<Utc>) -> Result<usize> {
    const ORDERS_SYNC_SECS: u64 = 15 * 60;
    let mut enqueued =
        once(pool, RefundSyncJob::KIND, slot(now, ORDERS_SYNC_SECS), RefundSyncJob::KIND, None, &RefundSyncJob::default(), json!({})).await? as usize;
    let stores: Vec<(Uuid, Uuid)> =
        sqlx::query_as("SELECT id, workplace_id FROM stores WHERE status = 'connected' AND platform IN ('shopify', 'woocommerce')").fetch_all(pool).await?;
    let slots: Vec<(Uuid, Uuid, String, DateTime<Utc>)> = stores
        .into_iter()
        .map(|(store_id, workplace_id)| {
            let offset = (store_id.as_u128() % ORDERS_SYNC_SECS as u128) as u64;
            (store_id, workplace_id, format!("{}:{store_id}", StoreOrdersSyncJob::KIND), offset_slot(now, ORDERS_SYNC_SECS, offset))
        })
        .collect();
    let names: Vec<&str> = slots.iter().map(|s| s.2.as_str()).collect();
    let dues: Vec<DateTime<Utc>> = slots.iter().map(|s| s.3).collect();
    let open = open_slots(pool, &names, &dues).await?;
    for (store_id, workplace_id, name, due) in slots.iter().filter(|s| open.contains(&s.2)) {
        let job = StoreOrdersSyncJob { store_id: *store_id, workplace_id: *workplace_id };
        enqueued += once(pool, name, *due, StoreOrdersSyncJob::KIND, Some(*workplace_id), &job, json!({ "store_id": store_id })).await? as usize;
    }
    for run in crate::orders::automation::due_flows(pool, now).await? {
        let name = format!("{}:{}", ScheduledRun::KIND, run.flow_id);
        enqueued += once(pool, &name, run.due, ScheduledRun::KIND, Some(run.workplace_id), &run, json!({ "flow_id": run.flow_id })).await? as usize;
    }
    Ok(enqueued)
}

/// The (name, due) slots no worker has taken yet, in one query.
async fn open_slots(pool: &PgPool, names: &[&str], dues: &[DateTime<Utc>]) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT n FROM UNNEST($1::text[], $2::timestamptz[]) AS t(n, d)
         WHERE NOT EXISTS (SELECT 1 FROM schedule_runs r WHERE r.name = t.n AND r.due_at = t.d)",
    )
    .bind(names)
    .bind(dues)
    .fetch_all(pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_start_on_period_boundaries() {
        let now: DateTime<Utc> = "2026-11-23T10:17:00Z".parse().unwrap();
        assert_eq!(slot(now, 21_600).to_rfc3339(), "2026-11-23T06:00:00+00:00");
    }

    #[test]
    fn offset_slots_are_shifted_and_never_in_the_future() {
        let now: DateTime<Utc> = "2026-11-23T10:17:00Z".parse().unwrap();
        assert_eq!(offset_slot(now, 86_400, 3_600 * 11).to_rfc3339(), "2026-11-22T11:00:00+00:00");
        assert_eq!(offset_slot(now, 86_400, 3_600 * 10).to_rfc3339(), "2026-11-23T10:00:00+00:00");
        assert_eq!(offset_slot(now, 3_600, 3_600 * 5 + 60).to_rfc3339(), "2026-11-23T10:01:00+00:00");
    }
}
