//! Taking and ending the runs of push targets, many pairs per statement: the worker's push jobs
//! hand their leases and their ends to one batcher each per process (`push::runs`), so
//! PostgreSQL sees one statement and one commit per batch instead of one per push.
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashSet;
use uuid::Uuid;

use super::push_targets::{COLUMNS, Target};
use crate::error::Result;

/// The pair a job asks to run, and the job (`progress_id`) asking.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LeaseAsk {
    pub workplace_id: Uuid,
    pub product_id: Uuid,
    pub destination: String,
    pub progress_id: i64,
}

#[derive(Debug)]
pub enum Lease {
    /// This run holds the pair now (boxed: a target is large beside the other answers).
    Held(Box<Target>),
    /// A newer push of the pair replaced this run's job.
    Superseded,
    /// Another run holds the pair (a re-delivered job while the first still runs).
    Busy,
    /// The pair's push has ended already with this status.
    Ended(String),
    /// The store's bulk push (`push::bulk`) sends this product with the others and ends the pair.
    InBulk(i64),
}

/// Takes each pair asked for `secs`, if its job is still the pair's current one, its push has
/// not ended, no bulk push carries it and no other run holds it. Pairs not taken are not
/// written: the answer says why from the row as it was. A pair asked twice in one batch (a
/// re-delivered job) is held by the first ask only.
pub async fn lease_many(pool: &PgPool, asks: &[LeaseAsk], secs: f64) -> Result<Vec<Lease>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        n: i64,
        held: bool,
        #[sqlx(flatten)]
        target: Target,
    }
    let workplaces: Vec<Uuid> = asks.iter().map(|a| a.workplace_id).collect();
    let products: Vec<Uuid> = asks.iter().map(|a| a.product_id).collect();
    let destinations: Vec<&str> = asks.iter().map(|a| a.destination.as_str()).collect();
    let jobs: Vec<i64> = asks.iter().map(|a| a.progress_id).collect();
    let columns: Vec<String> = COLUMNS.split(", ").map(|c| format!("t.{c}")).collect();
    let columns = columns.join(", ");
    let keys = "t.workplace_id = k.workplace_id AND t.product_id = k.product_id AND t.destination = k.destination";
    let sql = format!(
        "WITH k AS (SELECT * FROM UNNEST($1::uuid[], $2::uuid[], $3::text[], $4::bigint[]) WITH ORDINALITY AS k(workplace_id, product_id, destination, progress_id, n)),
         taken AS (
             UPDATE push_targets t SET lease_until = now() + make_interval(secs => $5)
             FROM (SELECT DISTINCT workplace_id, product_id, destination, progress_id FROM k) k
             WHERE {keys} AND t.progress_id = k.progress_id AND t.status = 'processing' AND t.bulk_id IS NULL
               AND (t.lease_until IS NULL OR t.lease_until < now())
             RETURNING {columns})
         SELECT k.n, true AS held, t.* FROM k JOIN taken t ON {keys} AND t.progress_id = k.progress_id
         UNION ALL
         SELECT k.n, false, {columns} FROM k JOIN push_targets t ON {keys}
         WHERE NOT EXISTS (SELECT 1 FROM taken t WHERE {keys} AND t.progress_id = k.progress_id)"
    );
    let rows: Vec<Row> = sqlx::query_as(&sql).bind(&workplaces).bind(&products).bind(&destinations).bind(&jobs).bind(secs).fetch_all(pool).await?;
    let mut found: Vec<Option<Row>> = (0..asks.len()).map(|_| None).collect();
    for row in rows {
        let i = usize::try_from(row.n - 1).unwrap_or(usize::MAX);
        if let Some(slot) = found.get_mut(i) {
            *slot = Some(row);
        }
    }
    let mut granted = HashSet::new();
    Ok(asks
        .iter()
        .zip(found)
        .map(|(ask, row)| match row {
            // The pair is gone: its product was deleted, or the destination let go.
            None => Lease::Superseded,
            Some(row) if row.held => {
                if granted.insert(ask) {
                    Lease::Held(Box::new(row.target))
                } else {
                    Lease::Busy
                }
            }
            Some(Row { target: t, .. }) if t.progress_id != Some(ask.progress_id) => Lease::Superseded,
            Some(Row { target: t, .. }) if t.status != "processing" => Lease::Ended(t.status),
            Some(Row { target: t, .. }) => t.bulk_id.map_or(Lease::Busy, Lease::InBulk),
        })
        .collect())
}

/// How a run ended its pair: the error (none on success) and every remote id it knows.
#[derive(Debug, Clone)]
pub struct Finish {
    pub workplace_id: Uuid,
    pub product_id: Uuid,
    pub destination: String,
    pub error: Option<String>,
    pub remote_ids: Vec<String>,
}

impl Finish {
    pub fn of(t: &Target, error: Option<&str>, remote_ids: &[String]) -> Self {
        Finish {
            workplace_id: t.workplace_id,
            product_id: t.product_id,
            destination: t.destination.clone(),
            error: error.map(str::to_string),
            remote_ids: remote_ids.to_vec(),
        }
    }
}

/// Ends the pushes of the pairs: status, error, remote ids, the lease let go, and for each
/// success its product's move to the product center, in one statement. The products are locked
/// in id order: two batches ending pushes of the same products never wait on each other in a
/// circle.
pub async fn finish_many(pool: &PgPool, ends: &[Finish]) -> Result<()> {
    let workplaces: Vec<Uuid> = ends.iter().map(|f| f.workplace_id).collect();
    let products: Vec<Uuid> = ends.iter().map(|f| f.product_id).collect();
    let destinations: Vec<&str> = ends.iter().map(|f| f.destination.as_str()).collect();
    let errors: Vec<Option<&str>> = ends.iter().map(|f| f.error.as_deref()).collect();
    let ids: Vec<Value> = ends.iter().map(|f| Value::from(f.remote_ids.clone())).collect();
    sqlx::query(
        "WITH u AS (SELECT * FROM UNNEST($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::jsonb[]) AS u(workplace_id, product_id, destination, error, ids)),
         pair AS (
             UPDATE push_targets t SET status = CASE WHEN u.error IS NULL THEN 'success' ELSE 'error' END, error = u.error,
                 remote_ids = ARRAY(SELECT jsonb_array_elements_text(u.ids)),
                 pushed_at = CASE WHEN u.error IS NULL THEN now() ELSE t.pushed_at END, lease_until = NULL, updated_at = now()
             FROM u WHERE t.workplace_id = u.workplace_id AND t.product_id = u.product_id AND t.destination = u.destination),
         pushed AS (
             SELECT p.id FROM products p
             WHERE (p.workplace_id, p.id) IN (SELECT workplace_id, product_id FROM u WHERE error IS NULL)
             ORDER BY p.id FOR UPDATE)
         UPDATE products p SET stage = 'product_center', updated_at = now() FROM pushed WHERE p.id = pushed.id",
    )
    .bind(&workplaces)
    .bind(&products)
    .bind(&destinations)
    .bind(&errors)
    .bind(&ids)
    .execute(pool)
    .await?;
    Ok(())
}
