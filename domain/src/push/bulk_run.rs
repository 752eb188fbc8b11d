//! One run of a bulk push (`push::bulk`): takes the row, and moves it through its phases as far
//! as it can now. Every write to a pair is guarded by the pair being `processing` in this bulk
//! push (and a remote id by there being none yet), and every phase change by the operation it
//! ends, so a second run over the same operation changes nothing.
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::bulk_lines::{self, Pair, Store};
use super::destination::shopify_store;
use super::listing::PushError;
use crate::connectors::stores::shopify::Admin;
use crate::connectors::stores::{shopify_bulk, shopify_listings};
use crate::context::TaskContext;
use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Row {
    pub id: i64,
    pub workplace_id: Uuid,
    pub store_id: Uuid,
    pub destination: String,
    pub phase: String,
    pub operation_id: Option<String>,
    pub line_products: Vec<Uuid>,
    pub failed_operations: i32,
}

/// How many times a phase's operation is run again after an intermittent failure.
const RERUNS: i32 = 2;

/// What a run came to.
pub enum Step {
    /// Finished (or nothing of this run's to do): what it did.
    Done(Value),
    /// An operation is running: come back when it has finished.
    Wait,
}

/// Takes the row for `secs`; None while another run holds it.
pub async fn lease(pool: &PgPool, workplace_id: Uuid, id: i64, secs: f64) -> Result<Option<Row>> {
    Ok(sqlx::query_as(
        "UPDATE shopify_bulk_pushes SET lease_until = now() + make_interval(secs => $3), updated_at = now()
         WHERE id = $1 AND workplace_id = $2 AND (lease_until IS NULL OR lease_until < now())
         RETURNING id, workplace_id, store_id, destination, phase, operation_id, line_products, failed_operations",
    )
    .bind(id)
    .bind(workplace_id)
    .bind(secs)
    .fetch_optional(pool)
    .await?)
}

pub async fn release(pool: &PgPool, id: i64) -> Result<()> {
    sqlx::query("UPDATE shopify_bulk_pushes SET lease_until = NULL WHERE id = $1").bind(id).execute(pool).await?;
    Ok(())
}

/// Runs the row on: starts the phase's operation, or reads the finished one and moves on.
/// `only`: the operation a webhook named; when it is no longer the row's (read already, a
/// doubled webhook), the run does nothing.
pub async fn step(ctx: &TaskContext, row: &mut Row, only: Option<&str>) -> Result<Step, PushError> {
    if only.is_some() && only != row.operation_id.as_deref() {
        return Ok(Step::Done(json!({ "stale": true })));
    }
    let (admin, currency) = shopify_store(ctx, row.workplace_id, row.store_id).await?;
    let mut report = json!({ "bulk_push_id": row.id });
    loop {
        if matches!(row.phase.as_str(), "done" | "failed") {
            report["phase"] = json!(row.phase);
            return Ok(Step::Done(report));
        }
        let Some(op) = row.operation_id.clone() else {
            if start_phase(ctx, row, &admin, &currency).await? {
                return Ok(Step::Wait);
            }
            continue;
        };
        let status = shopify_bulk::status(&admin, &op).await?;
        match (status.status.as_str(), status.url.as_deref()) {
            ("COMPLETED", Some(url)) => {
                let results = shopify_bulk::results(&admin, url).await?;
                let (done, failed) = bulk_lines::outcomes(&results, &row.line_products, row.phase == "publish");
                report[row.phase.as_str()] = json!({ "done": done.len(), "failed": failed.len() });
                apply(ctx, row, &done, &failed).await.map_err(db)?;
                advance(ctx, row, &op).await.map_err(db)?;
            }
            // A completed operation without a file answered nothing (no lines).
            ("COMPLETED", None) => advance(ctx, row, &op).await.map_err(db)?,
            ("CREATED" | "RUNNING" | "CANCELING", _) => return Ok(Step::Wait),
            // Shopify's enum says these "might be intermittent": the phase runs again (productSet
            // upserts by handle, so lines that did run make no twin).
            ("FAILED", _) if matches!(status.error_code.as_deref(), Some("INTERNAL_SERVER_ERROR" | "TIMEOUT")) && row.failed_operations < RERUNS => {
                rerun(&ctx.pool, row, &op).await.map_err(db)?;
            }
            (other, _) => {
                let code = status.error_code.map(|c| format!(" ({c})")).unwrap_or_default();
                fail(&ctx.pool, row, &format!("Shopify's bulk operation ended {other}{code}")).await.map_err(db)?;
                row.phase = "failed".into();
            }
        }
    }
}

fn db(e: crate::Error) -> PushError {
    PushError::Unavailable(e.to_string())
}

/// The pairs still to do, in a stable order.
async fn pairs(pool: &PgPool, row: &Row) -> Result<Vec<Pair>> {
    Ok(sqlx::query_as(
        "SELECT product_id, remote_key, remote_ids, publish, publications FROM push_targets
         WHERE workplace_id = $1 AND destination = $2 AND bulk_id = $3 AND status = 'processing' ORDER BY product_id",
    )
    .bind(row.workplace_id)
    .bind(&row.destination)
    .bind(row.id)
    .fetch_all(pool)
    .await?)
}

/// Starts the phase's operation; false when the phase had nothing to send (it moved on).
async fn start_phase(ctx: &TaskContext, row: &mut Row, admin: &Admin, currency: &str) -> Result<bool, PushError> {
    let todo = pairs(&ctx.pool, row).await.map_err(db)?;
    let (lines, mutation) = if row.phase == "set" {
        let store = Store { workplace_id: row.workplace_id, id: row.store_id, currency, admin };
        let (lines, refused) = bulk_lines::set_lines(ctx, &store, &todo).await?;
        apply(ctx, row, &[], &refused).await.map_err(db)?;
        (lines, shopify_bulk::SET_LINE)
    } else {
        let online = crate::store::stores::online_store_publication(&ctx.pool, row.store_id).await.map_err(db)?;
        (bulk_lines::publish_lines(&todo, online.as_deref()), shopify_listings::PUBLISH)
    };
    if lines.is_empty() {
        advance(ctx, row, "").await.map_err(db)?;
        return Ok(false);
    }
    let variables: Vec<Value> = lines.iter().map(|(_, v)| v.clone()).collect();
    let op = shopify_bulk::run(admin, mutation, &variables, &format!("dropline-bulk-push-{}-{}", row.id, row.phase)).await?;
    let products: Vec<Uuid> = lines.iter().map(|(p, _)| *p).collect();
    sqlx::query("UPDATE shopify_bulk_pushes SET operation_id = $2, line_products = $3, updated_at = now() WHERE id = $1 AND operation_id IS NULL")
        .bind(row.id)
        .bind(&op)
        .bind(&products)
        .execute(&ctx.pool)
        .await
        .map_err(|e| db(e.into()))?;
    row.operation_id = Some(op);
    row.line_products = products;
    Ok(true)
}

/// Records a phase's outcome on its pairs: `set` writes each new product's id (only where none
/// is recorded), `publish` ends them; refused pairs end in `error` with their line's reason.
async fn apply(ctx: &TaskContext, row: &Row, done: &[(Uuid, String)], failed: &[(Uuid, String)]) -> Result<()> {
    let (ids, texts): (Vec<Uuid>, Vec<String>) = failed.iter().cloned().unzip();
    sqlx::query(
        "UPDATE push_targets t SET status = 'error', error = u.e, lease_until = NULL, updated_at = now()
         FROM UNNEST($4::uuid[], $5::text[]) AS u(p, e)
         WHERE t.workplace_id = $1 AND t.destination = $2 AND t.bulk_id = $3 AND t.status = 'processing' AND t.product_id = u.p",
    )
    .bind(row.workplace_id)
    .bind(&row.destination)
    .bind(row.id)
    .bind(&ids)
    .bind(&texts)
    .execute(&ctx.pool)
    .await?;
    let (ids, remote): (Vec<Uuid>, Vec<String>) = done.iter().cloned().unzip();
    if row.phase == "set" {
        sqlx::query(
            "UPDATE push_targets t SET remote_ids = ARRAY[u.id], updated_at = now() FROM UNNEST($4::uuid[], $5::text[]) AS u(p, id)
             WHERE t.workplace_id = $1 AND t.destination = $2 AND t.bulk_id = $3 AND t.status = 'processing' AND t.product_id = u.p
               AND cardinality(t.remote_ids) = 0",
        )
        .bind(row.workplace_id)
        .bind(&row.destination)
        .bind(row.id)
        .bind(&ids)
        .bind(&remote)
        .execute(&ctx.pool)
        .await?;
    } else {
        succeed(&ctx.pool, row, &ids).await?;
    }
    Ok(())
}

/// Ends `products`' pairs in success and moves the products to the product center.
async fn succeed(pool: &PgPool, row: &Row, products: &[Uuid]) -> Result<()> {
    sqlx::query(
        "WITH pairs AS (
             UPDATE push_targets SET status = 'success', error = NULL, pushed_at = now(), lease_until = NULL, updated_at = now()
             WHERE workplace_id = $1 AND destination = $2 AND bulk_id = $3 AND status = 'processing' AND product_id = ANY($4)
               AND cardinality(remote_ids) > 0
             RETURNING product_id)
         UPDATE products SET stage = 'product_center', updated_at = now() WHERE workplace_id = $1 AND id IN (SELECT product_id FROM pairs)",
    )
    .bind(row.workplace_id)
    .bind(&row.destination)
    .bind(row.id)
    .bind(products)
    .execute(pool)
    .await?;
    Ok(())
}

/// Leaves the phase whose operation was `op` ("": none was started): after `set`, the pairs that
/// need no publishing are done, and `publish` follows when some do.
async fn advance(ctx: &TaskContext, row: &mut Row, op: &str) -> Result<()> {
    let next = if row.phase == "set" {
        let todo = pairs(&ctx.pool, row).await?;
        let online = crate::store::stores::online_store_publication(&ctx.pool, row.store_id).await?;
        let publish: Vec<Uuid> = bulk_lines::publish_lines(&todo, online.as_deref()).into_iter().map(|(p, _)| p).collect();
        let finished: Vec<Uuid> = todo.iter().map(|p| p.product_id).filter(|p| !publish.contains(p)).collect();
        succeed(&ctx.pool, row, &finished).await?;
        if publish.is_empty() { "done" } else { "publish" }
    } else {
        "done"
    };
    sqlx::query(
        "UPDATE shopify_bulk_pushes SET phase = $3, operation_id = NULL, line_products = '{}', updated_at = now()
         WHERE id = $1 AND phase = $4 AND COALESCE(operation_id, '') = $2",
    )
    .bind(row.id)
    .bind(op)
    .bind(next)
    .bind(&row.phase)
    .execute(&ctx.pool)
    .await?;
    row.phase = next.into();
    row.operation_id = None;
    row.line_products.clear();
    Ok(())
}

/// Forgets the failed operation `op` so the phase starts again.
async fn rerun(pool: &PgPool, row: &mut Row, op: &str) -> Result<()> {
    sqlx::query(
        "UPDATE shopify_bulk_pushes SET operation_id = NULL, line_products = '{}', failed_operations = failed_operations + 1, updated_at = now()
         WHERE id = $1 AND operation_id = $2",
    )
    .bind(row.id)
    .bind(op)
    .execute(pool)
    .await?;
    row.operation_id = None;
    row.line_products.clear();
    row.failed_operations += 1;
    Ok(())
}

/// The whole bulk push failed: every pair still in it ends in `error` with `why`.
pub async fn fail(pool: &PgPool, row: &Row, why: &str) -> Result<()> {
    sqlx::query(
        "UPDATE push_targets SET status = 'error', error = $4, lease_until = NULL, updated_at = now()
         WHERE workplace_id = $1 AND destination = $2 AND bulk_id = $3 AND status = 'processing'",
    )
    .bind(row.workplace_id)
    .bind(&row.destination)
    .bind(row.id)
    .bind(why)
    .execute(pool)
    .await?;
    sqlx::query("UPDATE shopify_bulk_pushes SET phase = 'failed', error = $2, updated_at = now() WHERE id = $1").bind(row.id).bind(why).execute(pool).await?;
    Ok(())
}

/// Brings the job's own (polling) run forward, so a bulk push the webhook finished leaves no
/// job waiting out its poll interval.
pub async fn wake_poller(pool: &PgPool, id: i64) -> Result<()> {
    sqlx::query(
        "UPDATE progress_items SET run_after = now(), updated_at = now()
         WHERE kind = 'push_bulk' AND status = 'queued' AND (payload->>'bulk_id')::bigint = $1 AND payload->>'operation' IS NULL",
    )
    .bind(id)
    .execute(pool)
    .await?;
    sqlx::query("SELECT pg_notify($1, 'push_bulk')").bind(crate::queue::NOTIFY_CHANNEL).execute(pool).await?;
    Ok(())
}
