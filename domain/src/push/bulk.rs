//! A store's first push of many products through Shopify's bulk path. `plan` (in `start`'s
//! transaction) gathers the Shopify pairs of one store pushed there for the first time, when
//! there are more than `shopify.bulk_threshold` of them, into one `shopify_bulk_pushes` row and
//! enqueues a `push_bulk` job; every pair keeps its push target (the progress item) and its own
//! `push_product` job, which leaves a bulk pair to this path. A product with a video, or with
//! more variants than the shop takes in one product, stays on the per-call path (its video is
//! staged per product, its parts are several products).
//!
//! The job (`tasks/push_bulk.rs`) runs the phases: `set`, one bulk operation of `productSet`
//! (the per-call path's input, `bulk_lines`), then `publish`, one of `publishablePublish` for the
//! products pushed published, then `done`. A phase's operation id is recorded with the product
//! of each of its lines; the operation is then waited for: `bulk_operations/finish` enqueues a
//! run for that operation at once, and the job itself comes back every `shopify.bulk_poll_secs`
//! in case the webhook is lost. Reading the results records each product's id (or its line's
//! error) only on a pair still `processing` in this bulk push, so a doubled webhook, or the poll
//! and the webhook at once, change nothing the second time. An operation failing with an error
//! Shopify calls intermittent runs again (twice at most); any other failure ends every product
//! still in the bulk push in `error` with the reason.
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

use super::Destination;
use crate::error::Result;
use crate::queue::{Job, enqueue};

/// One run of a bulk push: `operation` names the bulk operation a webhook said finished (the run
/// only reads that one); none means the job's own run, which also polls.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PushBulkJob {
    pub workplace_id: Uuid,
    pub bulk_id: i64,
    #[serde(default)]
    pub operation: Option<String>,
}

impl Job for PushBulkJob {
    const KIND: &'static str = "push_bulk";
}

/// Gathers each Shopify store's first-time pairs into a bulk push when there are more than
/// `threshold` of them. `first_time`: (product, destination) of the pairs the destination has
/// no remote id for and that are not overwrites.
pub async fn plan(tx: &mut PgConnection, workplace_id: Uuid, first_time: &[(Uuid, String)], threshold: usize) -> Result<()> {
    let mut by_destination: BTreeMap<&str, Vec<Uuid>> = BTreeMap::new();
    for (product, destination) in first_time {
        by_destination.entry(destination.as_str()).or_default().push(*product);
    }
    for (destination, products) in by_destination {
        let Some(Destination::Store(store_id)) = Destination::parse(destination) else { continue };
        if products.len() <= threshold {
            continue;
        }
        let shopify: Option<bool> = sqlx::query_scalar("SELECT platform = 'shopify' FROM stores WHERE id = $1 AND workplace_id = $2")
            .bind(store_id)
            .bind(workplace_id)
            .fetch_optional(&mut *tx)
            .await?;
        if shopify != Some(true) {
            continue;
        }
        let bulk_id: i64 = sqlx::query_scalar("INSERT INTO shopify_bulk_pushes (workplace_id, store_id, destination) VALUES ($1, $2, $3) RETURNING id")
            .bind(workplace_id)
            .bind(store_id)
            .bind(destination)
            .fetch_one(&mut *tx)
            .await?;
        let moved = sqlx::query(
            "UPDATE push_targets t SET bulk_id = $5 FROM products p, stores s
             WHERE t.workplace_id = $1 AND t.destination = $3 AND t.product_id = ANY($4) AND p.id = t.product_id AND p.workplace_id = $1
               AND s.id = $2 AND p.video_url IS NULL
               AND (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id AND v.enabled) <= COALESCE(s.max_product_variants, 2048)",
        )
        .bind(workplace_id)
        .bind(store_id)
        .bind(destination)
        .bind(&products)
        .bind(bulk_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 0 {
            sqlx::query("DELETE FROM shopify_bulk_pushes WHERE id = $1").bind(bulk_id).execute(&mut *tx).await?;
            continue;
        }
        let job = PushBulkJob { workplace_id, bulk_id, operation: None };
        enqueue(&mut *tx, Some(workplace_id), &job, json!({ "bulk_push_id": bulk_id, "products": moved })).await?;
    }
    Ok(())
}

/// The bulk push a finished operation belongs to, for the webhook: enqueues the run that reads
/// it (in the webhook's transaction). None when no push of Dropline's ran it.
pub async fn on_finished(tx: &mut PgConnection, store_id: Uuid, operation: &str) -> Result<Option<i64>> {
    let row: Option<(i64, Uuid)> = sqlx::query_as("SELECT id, workplace_id FROM shopify_bulk_pushes WHERE operation_id = $1 AND store_id = $2")
        .bind(operation)
        .bind(store_id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((bulk_id, workplace_id)) = row else { return Ok(None) };
    let job = PushBulkJob { workplace_id, bulk_id, operation: Some(operation.to_string()) };
    enqueue(&mut *tx, Some(workplace_id), &job, json!({ "bulk_push_id": bulk_id, "operation": operation })).await?;
    Ok(Some(bulk_id))
}
