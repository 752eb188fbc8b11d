use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::Job;
use crate::error::Result;

fn values<J: Job>(jobs: &[J]) -> Result<Vec<Value>> {
    jobs.iter().map(|j| serde_json::to_value(j).map_err(|e| anyhow::Error::from(e).into())).collect()
}

/// Woken dispatchers look at the backlog at once instead of at their next tick.
pub const NOTIFY_CHANNEL: &str = "dropline_jobs";

/// Wakes the dispatchers for `kind`; NOTIFY is transactional, so they hear it only once the
/// caller commits the jobs.
async fn wake_dispatchers(conn: &mut PgConnection, kind: &str) -> Result<()> {
    sqlx::query("SELECT pg_notify($1, $2)").bind(NOTIFY_CHANNEL).bind(kind).execute(&mut *conn).await?;
    Ok(())
}

/// A bulk insert's ids in the payloads' order, once the dispatchers are woken: ids are drawn in
/// insertion order, which its `ORDER BY n` fixed, while RETURNING's order is not promised.
async fn in_insertion_order(conn: &mut PgConnection, kind: &str, mut ids: Vec<i64>) -> Result<Vec<i64>> {
    ids.sort_unstable();
    wake_dispatchers(conn, kind).await?;
    Ok(ids)
}

/// Writes the job in the caller's transaction, so the job exists if and only if the change does.
pub async fn enqueue<J: Job>(conn: &mut PgConnection, workplace_id: Option<Uuid>, job: &J, refs: Value) -> Result<i64> {
    enqueue_kind(conn, J::KIND, workplace_id, job, refs).await
}

/// `enqueue` for a kind known only at run time (the schedules' table of periodic jobs).
pub async fn enqueue_kind(conn: &mut PgConnection, kind: &str, workplace_id: Option<Uuid>, payload: &impl Serialize, refs: Value) -> Result<i64> {
    let payload = serde_json::to_value(payload).map_err(anyhow::Error::from)?;
    let id: i64 = sqlx::query_scalar("INSERT INTO progress_items (kind, workplace_id, payload, refs) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(kind)
        .bind(workplace_id)
        .bind(payload)
        .bind(refs)
        .fetch_one(&mut *conn)
        .await?;
    wake_dispatchers(conn, kind).await?;
    Ok(id)
}

/// Bulk form for large batches (imports of thousands of items): one statement, one round trip.
pub async fn enqueue_many<J: Job>(pool: &PgPool, workplace_id: Option<Uuid>, jobs: &[J]) -> Result<Vec<i64>> {
    let mut tx = crate::db::begin(pool).await?;
    let ids = enqueue_many_in(&mut tx, workplace_id, jobs).await?;
    tx.commit().await?;
    Ok(ids)
}

/// `enqueue_many` inside the caller's transaction; ids come back in the payloads' order.
pub async fn enqueue_many_in<J: Job>(conn: &mut PgConnection, workplace_id: Option<Uuid>, jobs: &[J]) -> Result<Vec<i64>> {
    let (kind, payloads) = (J::KIND, values(jobs)?);
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO progress_items (kind, workplace_id, payload)
         SELECT $1, $2, p FROM UNNEST($3::jsonb[]) WITH ORDINALITY AS t(p, n) ORDER BY n RETURNING id",
    )
    .bind(kind)
    .bind(workplace_id)
    .bind(payloads)
    .fetch_all(&mut *conn)
    .await?;
    in_insertion_order(conn, kind, ids).await
}

/// `enqueue_many_in` with each job's `refs` (what the job is about, e.g. its source order),
/// as `enqueue` writes them; ids come back in the payloads' order.
pub async fn enqueue_many_with_refs_in<J: Job>(conn: &mut PgConnection, workplace_id: Option<Uuid>, jobs: &[J], refs: Vec<Value>) -> Result<Vec<i64>> {
    let (kind, payloads) = (J::KIND, values(jobs)?);
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO progress_items (kind, workplace_id, payload, refs)
         SELECT $1, $2, p, r FROM UNNEST($3::jsonb[], $4::jsonb[]) WITH ORDINALITY AS t(p, r, n) ORDER BY n RETURNING id",
    )
    .bind(kind)
    .bind(workplace_id)
    .bind(payloads)
    .bind(refs)
    .fetch_all(&mut *conn)
    .await?;
    in_insertion_order(conn, kind, ids).await
}
