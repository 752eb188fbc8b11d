//! Writing a parcel's tracking to its store: Shopify `fulfillmentCreate` (one fulfillment per
//! parcel, for that parcel's lines) then tracking updates; WooCommerce Shipment Tracking plus the
//! order's status. The store's id for what was made is recorded the moment it exists.
//!
//! Exactly once: write-backs of one order run one at a time (a lease on the order while the
//! store is called; a second job waits for it), and every
//! run looks for what an earlier run made (by the recorded id, else by the tracking number)
//! before it creates anything, so a crash between the store's answer and our commit, a lost id
//! or a duplicate delivery never makes a second fulfillment or tracking item.
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;
use tracing::instrument;
use uuid::Uuid;

use super::{writeback_shopify, writeback_woo};
use crate::connectors::rate_limit::Limits;
use crate::connectors::stores::{shopify, woocommerce};
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::runner::Claimed;
use crate::store::stores;

/// How long a run may hold its order: past it (a crashed run), the next run goes ahead.
const LEASE_SECS: f64 = 600.0;

/// The parcel as the write-back needs it.
#[derive(Debug, sqlx::FromRow)]
pub struct Parcel {
    pub id: i64,
    pub workplace_id: Uuid,
    pub order_id: i64,
    pub source_order_id: Option<i64>,
    pub tracking_number: String,
    pub carrier: Option<String>,
    pub status: String,
    pub store_fulfillment_id: Option<String>,
    pub written_status: Option<String>,
    pub platform_order_id: String,
    pub store_id: Uuid,
}

/// What the store now holds for the parcel: its id there and what this run did.
pub struct Written {
    pub remote_id: String,
    /// created, found (made by an earlier run whose id was lost), updated or unchanged.
    pub action: &'static str,
}

/// Why a write-back failed: the store refused (stop, show it), could not be reached (retry), or
/// its rate limit has a queue longer than a run may wait (come back then; not a failure).
pub enum Failure {
    Refused(String),
    Outage(String),
    Later(std::time::Duration),
}

impl From<crate::Error> for Failure {
    fn from(e: crate::Error) -> Self {
        Failure::Outage(e.to_string())
    }
}

#[instrument(skip_all, fields(shipment_id))]
pub async fn run(ctx: &TaskContext, job: &Claimed, shipment_id: i64) -> Result<Value, JobFailure> {
    let conn = &ctx.pool;
    let Some(first) = load(conn, job.workplace_id, shipment_id).await? else {
        return Ok(json!({ "shipment_id": shipment_id, "outcome": "parcel removed" }));
    };
    let Some(lock) = OrderLock::take(conn, first.order_id).await? else {
        return Err(JobFailure::transient("another write-back of this order has been running for 30 s"));
    };
    let result = under_lease(ctx, job, first.workplace_id, shipment_id).await;
    lock.release().await;
    result
}

/// The write-back proper, with the order's lease held (released by the caller whatever happens).
async fn under_lease(ctx: &TaskContext, job: &Claimed, workplace_id: Uuid, shipment_id: i64) -> Result<Value, JobFailure> {
    let conn = &ctx.pool;
    // Read again under the lease: the run that held it may have recorded the store's id.
    let Some(p) = load(conn, Some(workplace_id), shipment_id).await? else {
        return Ok(json!({ "shipment_id": shipment_id, "outcome": "parcel removed" }));
    };
    let last_try = job.attempts >= job.max_attempts;
    match write(ctx, conn, &p).await {
        Ok(Some((w, completed))) => {
            finish(conn, &p, &w, completed).await?;
            Ok(json!({ "shipment_id": p.id, "outcome": w.action, "remote_id": w.remote_id, "order_completed": completed }))
        }
        Ok(None) => {
            set_error(conn, &p, "store disconnected").await?;
            Ok(json!({ "shipment_id": p.id, "outcome": "store disconnected" }))
        }
        Err(Failure::Refused(m)) => {
            set_error(conn, &p, &m).await?;
            Err(JobFailure::permanent(m))
        }
        Err(Failure::Later(wait)) => Err(JobFailure::wait_for("waiting for the store's rate limit", wait.max(Duration::from_secs(1)))),
        Err(Failure::Outage(m)) => {
            // The user sees why the store was not written once the retries are spent.
            if last_try {
                set_error(conn, &p, &m).await?;
            }
            Err(JobFailure::transient(m))
        }
    }
}

/// Write-backs of one order, one at a time: a lease on the order row (`writeback_lease_until`).
/// Nothing is held while the store is called, so runs waiting on a store's rate limit take no
/// database connection; a run that dies keeps the order until the lease ends.
struct OrderLock {
    pool: PgPool,
    order_id: i64,
}

impl OrderLock {
    /// Waits up to 30 s for the order; `None` when another run still holds it.
    async fn take(pool: &PgPool, order_id: i64) -> crate::Result<Option<Self>> {
        for _ in 0..150 {
            let got: Option<i64> = sqlx::query_scalar(
                "UPDATE orders SET writeback_lease_until = now() + make_interval(secs => $2)
                 WHERE id = $1 AND (writeback_lease_until IS NULL OR writeback_lease_until < now()) RETURNING id",
            )
            .bind(order_id)
            .bind(LEASE_SECS)
            .fetch_optional(pool)
            .await?;
            if got.is_some() {
                return Ok(Some(OrderLock { pool: pool.clone(), order_id }));
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
        Ok(None)
    }

    async fn release(self) {
        let freed = sqlx::query("UPDATE orders SET writeback_lease_until = NULL WHERE id = $1").bind(self.order_id).execute(&self.pool).await;
        if let Err(e) = freed {
            tracing::warn!(order_id = self.order_id, error = %e, "write-back lease not released; it ends by itself");
        }
    }
}

/// Calls the parcel's store. `None`: the store is disconnected (nothing was called).
async fn write(ctx: &TaskContext, conn: &PgPool, p: &Parcel) -> Result<Option<(Written, bool)>, Failure> {
    let store: Option<stores::Credentials> = sqlx::query_as(
        "SELECT id, workplace_id, platform, platform_domain, api_base, currency, status, credentials, webhook_secret FROM stores
         WHERE id = $1 AND workplace_id = $2 AND status = 'connected'",
    )
    .bind(p.store_id)
    .bind(p.workplace_id)
    .fetch_optional(conn)
    .await
    .map_err(crate::Error::from)?;
    let Some(store) = store else { return Ok(None) };
    let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| Failure::Refused(e.to_string()))?;
    let lines = lines(conn, p).await?;
    match store.platform.as_str() {
        "shopify" => {
            // Half the run limit: a run behind a long queue for its store gives its worker slot
            // back (nothing sent yet) well before it would be cut off holding the order's lease.
            let patience = Duration::from_secs(ctx.settings.queue.max_run_secs / 2);
            let admin = shopify::Admin::new(&ctx.settings.shopify, &store.platform_domain, creds["access_token"].as_str().unwrap_or_default())
                .metered(ctx.limiter.clone(), &store.platform_domain)
                .patient(patience);
            Ok(Some((writeback_shopify::write(conn, &admin, p, &lines).await?, false)))
        }
        "woocommerce" => {
            let w = &ctx.settings.woocommerce;
            let rest = woocommerce::Rest::of_store(&store.api_base, &creds, &ctx.settings.inspect).metered(
                ctx.limiter.clone(),
                &store.id.to_string(),
                Limits { capacity: w.burst, per_second: w.requests_per_second },
            );
            let written = writeback_woo::write(conn, &rest, p).await?;
            let completed = writeback_woo::complete_when_all_written(conn, &rest, p).await?;
            Ok(Some((written, completed)))
        }
        other => Err(Failure::Refused(format!("writing tracking to {other} stores is not supported"))),
    }
}

async fn load(conn: &PgPool, workplace_id: Option<Uuid>, id: i64) -> crate::Result<Option<Parcel>> {
    Ok(sqlx::query_as(
        "SELECT s.id, s.workplace_id, s.order_id, s.source_order_id, s.tracking_number, s.carrier, s.status, s.store_fulfillment_id,
                s.written_status, o.platform_order_id, o.store_id
         FROM shipments s JOIN orders o ON o.id = s.order_id AND o.workplace_id = s.workplace_id
         WHERE s.id = $1 AND ($2::uuid IS NULL OR s.workplace_id = $2)",
    )
    .bind(id)
    .bind(workplace_id)
    .fetch_optional(conn)
    .await?)
}

/// The parcel's lines: (store line item id, quantity).
async fn lines(conn: &PgPool, p: &Parcel) -> crate::Result<Vec<(String, i64)>> {
    let rows: Vec<(String, i32)> =
        sqlx::query_as("SELECT platform_line_item_id, quantity FROM order_line_items WHERE shipment_id = $1 AND workplace_id = $2 ORDER BY id")
            .bind(p.id)
            .bind(p.workplace_id)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(id, q)| (id, q as i64)).collect())
}

/// Keeps the store's id for the parcel the moment it exists, outside any longer transaction,
/// so a crash right after cannot lose it.
pub async fn record_remote(conn: &PgPool, p: &Parcel, remote_id: &str) -> crate::Result<()> {
    sqlx::query("UPDATE shipments SET store_fulfillment_id = $3, updated_at = now() WHERE id = $1 AND workplace_id = $2")
        .bind(p.id)
        .bind(p.workplace_id)
        .bind(remote_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The parcel is written as of the status read at the start; a change since then keeps it
/// pending (its own job follows).
async fn finish(conn: &PgPool, p: &Parcel, w: &Written, completed: bool) -> crate::Result<()> {
    let mut tx = crate::db::begin(conn).await?;
    sqlx::query(
        "UPDATE shipments SET store_fulfillment_id = $3, written_status = $4, written_at = now(), writeback_pending = status IS DISTINCT FROM $4,
                writeback_error = NULL, updated_at = now()
         WHERE id = $1 AND workplace_id = $2",
    )
    .bind(p.id)
    .bind(p.workplace_id)
    .bind(&w.remote_id)
    .bind(&p.status)
    .execute(&mut *tx)
    .await?;
    if w.action != "unchanged" || p.written_status.as_deref() != Some(p.status.as_str()) || completed {
        let detail = json!({ "action": w.action, "store_id": w.remote_id, "tracking_number": p.tracking_number, "carrier": p.carrier, "status": p.status, "order_completed": completed });
        log(&mut tx, p, "written_to_store", detail).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn set_error(conn: &PgPool, p: &Parcel, message: &str) -> crate::Result<()> {
    let mut tx = crate::db::begin(conn).await?;
    sqlx::query("UPDATE shipments SET writeback_error = $3, updated_at = now() WHERE id = $1 AND workplace_id = $2")
        .bind(p.id)
        .bind(p.workplace_id)
        .bind(message)
        .execute(&mut *tx)
        .await?;
    log(&mut tx, p, "writeback_failed", json!({ "error": message, "tracking_number": p.tracking_number })).await?;
    tx.commit().await?;
    Ok(())
}

async fn log(conn: &mut sqlx::PgConnection, p: &Parcel, event: &str, detail: Value) -> crate::Result<()> {
    sqlx::query("INSERT INTO order_logs (workplace_id, order_id, source_order_id, shipment_id, event, detail) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(p.workplace_id)
        .bind(p.order_id)
        .bind(p.source_order_id)
        .bind(p.id)
        .bind(event)
        .bind(detail)
        .execute(conn)
        .await?;
    Ok(())
}
