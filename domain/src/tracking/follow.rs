//! Following parcels through the carrier API. A run claims due parcels (pushing their next check
//! forward, so concurrent runs never read the same parcel), registers the new ones, reads them
//! 40 per call, and writes every answer in one statement. Each status change recomputes the
//! order's status, logs the event and queues a write-back to the store, in the same transaction.
use futures::future::join_all;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::ORDER_RANK;
use crate::connectors::carriers::track17::{BATCH, Track17, TrackInfo};
use crate::error::{Error, Result};
use crate::notifications;
use crate::tracking::jobs::TrackingWriteback;

/// Calls to the carrier API in flight at once per run.
const PARALLEL: usize = 8;

#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub checked: usize,
    pub changed: usize,
    pub errors: Vec<String>,
}

pub struct Scope<'a> {
    pub workplace_id: Option<Uuid>,
    pub ids: Option<&'a [i64]>,
    /// Track now: ignore the schedule (the user's track-now, the CLI's `--now`).
    pub now: bool,
    pub limit: i64,
    pub poll_secs: i64,
}

#[instrument(skip_all)]
pub async fn run(pool: &PgPool, track: &Track17, scope: &Scope<'_>) -> Result<Report> {
    // A scheduled run leaves parcels another run (or a write-back) holds to the next run; the
    // user's track-now waits for them, or it would silently leave a parcel unread (and, for a new
    // number, unregistered, so its journey at the carrier would start later).
    let lock = if scope.now { "FOR UPDATE" } else { "FOR UPDATE SKIP LOCKED" };
    let claimed: Vec<(i64, String, bool)> = sqlx::query_as(&format!(
        "UPDATE shipments SET next_check_at = now() + interval '10 minutes' WHERE id IN (
             SELECT id FROM shipments WHERE status NOT IN ('delivered', 'expired') AND (next_check_at <= now() OR $3)
               AND ($1::uuid IS NULL OR workplace_id = $1) AND ($2::bigint[] IS NULL OR id = ANY($2))
             ORDER BY next_check_at LIMIT $4 {lock})
         RETURNING id, tracking_number, registered_at IS NOT NULL"
    ))
    .bind(scope.workplace_id)
    .bind(scope.ids)
    .bind(scope.now)
    .bind(scope.limit)
    .fetch_all(pool)
    .await?;
    let mut report = Report { checked: claimed.len(), ..Report::default() };
    let unregistered: Vec<String> = claimed.iter().filter(|c| !c.2).map(|c| c.1.clone()).collect();
    for group in unregistered.chunks(BATCH * PARALLEL) {
        let answers = join_all(group.chunks(BATCH).map(|c| track.register(c))).await;
        let mut ok = vec![];
        for a in answers {
            match a {
                Ok((accepted, refused)) => {
                    ok.extend(accepted);
                    report.errors.extend(refused.into_iter().map(|(n, m)| format!("{n}: {m}")));
                }
                Err(e) => report.errors.push(e.to_string()),
            }
        }
        sqlx::query("UPDATE shipments SET registered_at = now() WHERE id = ANY($1) AND tracking_number = ANY($2)")
            .bind(claimed.iter().map(|c| c.0).collect::<Vec<_>>())
            .bind(&ok)
            .execute(pool)
            .await?;
    }
    let numbers: Vec<String> = claimed.iter().map(|c| c.1.clone()).collect();
    let mut infos: Vec<TrackInfo> = vec![];
    for group in numbers.chunks(BATCH * PARALLEL) {
        for a in join_all(group.chunks(BATCH).map(|c| track.track(c))).await {
            match a {
                Ok(i) => infos.extend(i),
                Err(e) => report.errors.push(e.to_string()),
            }
        }
    }
    let ids: Vec<i64> = claimed.iter().map(|c| c.0).collect();
    report.changed = save(pool, &ids, &infos, scope.poll_secs).await?;
    Ok(report)
}

/// Writes the carrier's answers for the claimed parcels; returns how many changed status.
async fn save(pool: &PgPool, ids: &[i64], infos: &[TrackInfo], poll_secs: i64) -> Result<usize> {
    if infos.is_empty() {
        return Ok(0);
    }
    let numbers: Vec<&str> = infos.iter().map(|i| i.number.as_str()).collect();
    let statuses: Vec<&str> = infos.iter().map(|i| i.status).collect();
    let subs: Vec<Option<&str>> = infos.iter().map(|i| i.sub_status.as_deref()).collect();
    let carriers: Vec<Option<&str>> = infos.iter().map(|i| i.carrier.as_deref()).collect();
    let codes: Vec<Option<i64>> = infos.iter().map(|i| i.carrier_code).collect();
    let events: Vec<Value> = infos.iter().map(|i| Value::Array(i.events.clone())).collect();
    let last: Vec<Option<String>> = infos.iter().map(|i| i.events.first().and_then(|e| e["time"].as_str()).map(str::to_string)).collect();
    let mut tx = crate::db::begin(pool).await?;
    let changed: Vec<(i64, Uuid, i64, String, String, String)> = sqlx::query_as(
        "WITH a AS (SELECT * FROM UNNEST($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::jsonb[], $8::text[])
                    AS a(number, status, sub_status, carrier, code, events, last_event)),
              old AS (SELECT s.id, s.status FROM shipments s WHERE s.id = ANY($1) FOR UPDATE)
         UPDATE shipments s SET status = a.status, sub_status = a.sub_status, events = a.events,
                carrier = COALESCE(s.carrier, a.carrier), carrier_code = COALESCE(a.code, s.carrier_code),
                last_event_at = a.last_event::timestamptz, checked_at = now(),
                next_check_at = now() + make_interval(secs => $9),
                delivered_at = CASE WHEN a.status = 'delivered' THEN COALESCE(s.delivered_at, a.last_event::timestamptz) END,
                writeback_pending = s.writeback_pending OR a.status <> old.status, updated_at = now()
         FROM a, old WHERE s.id = old.id AND s.tracking_number = a.number
         RETURNING s.id, s.workplace_id, s.order_id, old.status, s.status, s.tracking_number",
    )
    .bind(ids)
    .bind(&numbers)
    .bind(&statuses)
    .bind(&subs)
    .bind(&carriers)
    .bind(&codes)
    .bind(&events)
    .bind(&last)
    .bind(poll_secs as f64)
    .fetch_all(&mut *tx)
    .await?;
    let moved: Vec<&(i64, Uuid, i64, String, String, String)> = changed.iter().filter(|c| c.3 != c.4).collect();
    if moved.is_empty() {
        tx.commit().await?;
        return Ok(0);
    }
    let orders: Vec<i64> = moved.iter().map(|c| c.2).collect();
    refresh_orders(&mut tx, &orders).await?;
    sqlx::query(
        "INSERT INTO order_logs (workplace_id, order_id, shipment_id, event, detail)
         SELECT w, o, s, 'shipment_status', jsonb_build_object('from', f, 'to', t) FROM UNNEST($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::text[]) AS x(w, o, s, f, t)",
    )
    .bind(moved.iter().map(|c| c.1).collect::<Vec<_>>())
    .bind(&orders)
    .bind(moved.iter().map(|c| c.0).collect::<Vec<_>>())
    .bind(moved.iter().map(|c| c.3.as_str()).collect::<Vec<_>>())
    .bind(moved.iter().map(|c| c.4.as_str()).collect::<Vec<_>>())
    .execute(&mut *tx)
    .await?;
    let jobs: Vec<TrackingWriteback> = moved.iter().map(|c| TrackingWriteback { shipment_id: c.0 }).collect();
    crate::queue::enqueue_many_in(&mut tx, None, &jobs).await?;
    for c in &moved {
        notify(&mut tx, c.1, c.2, c.0, &c.5, &c.4).await?;
    }
    tx.commit().await?;
    Ok(moved.len())
}

/// A parcel that reached its buyer, or that the carrier cannot deliver, needs the owner.
async fn notify(tx: &mut sqlx::PgConnection, workplace_id: Uuid, order_id: i64, shipment_id: i64, number: &str, status: &str) -> Result<()> {
    let kind = match status {
        "delivered" => notifications::Type::ParcelDelivered,
        "exception" | "delivery_failure" | "expired" => notifications::Type::ParcelException,
        _ => return Ok(()),
    };
    let name: String = sqlx::query_scalar("SELECT name FROM orders WHERE id = $1").bind(order_id).fetch_one(&mut *tx).await?;
    let title = match kind {
        notifications::Type::ParcelDelivered => format!("Order {name}: parcel {number} was delivered"),
        _ => format!("Order {name}: parcel {number} has a delivery problem"),
    };
    let body = format!("The carrier reports the parcel as {}.", status.replace('_', " "));
    let key = format!("parcel:{shipment_id}:{status}");
    let params = serde_json::json!({ "order": name, "number": number, "status": status });
    notifications::record(tx, workplace_id, notifications::Event { kind, title: &title, body: &body, dedup_key: Some(&key), params }).await?;
    Ok(())
}

/// The shipment status of fully placed orders: the first of their parcels' statuses by rank.
pub async fn refresh_orders(conn: &mut sqlx::PgConnection, orders: &[i64]) -> Result<()> {
    let placed: Vec<String> = std::iter::once("order_placed").chain(ORDER_RANK).map(str::to_string).collect();
    sqlx::query(
        "UPDATE orders o SET status = x.st, updated_at = now()
         FROM (SELECT s.order_id, (array_agg(s.status ORDER BY array_position($2::text[], s.status)))[1] AS st
               FROM shipments s WHERE s.order_id = ANY($1) GROUP BY s.order_id) x
         WHERE o.id = x.order_id AND o.status = ANY($3) AND o.status <> x.st",
    )
    .bind(orders)
    .bind(ORDER_RANK.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    .bind(&placed)
    .execute(conn)
    .await
    .map_err(Error::from)?;
    Ok(())
}
