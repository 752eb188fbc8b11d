//! The catch-up sync of one store's orders: what webhooks missed (dropped, or sent while
//! Dropline was down) is read from the platform and stored through `orders::ingest::save`, the
//! webhook's own path, so an order both saw is one order, and a new one is automated once.
use chrono::{Duration, Utc};
use serde_json::{Value, json};

use crate::connectors::stores::{orders, shopify, woocommerce};
use crate::context::TaskContext;
use crate::orders::jobs::StoreOrdersSyncJob;
use crate::orders::{automation, ingest, ingest_graphql};
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::stores;

/// How far back each run looks: several runs overlap, so one failed run loses nothing.
pub const LOOKBACK_HOURS: i64 = 48;

impl Handler<TaskContext> for StoreOrdersSyncJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: StoreOrdersSyncJob) -> Result<Value, JobFailure> {
        let Some(store) = stores::credentials(&ctx.pool, job.store_id).await?.filter(|s| s.workplace_id == job.workplace_id) else {
            return Ok(json!({ "outcome": "store removed" }));
        };
        if store.status != "connected" {
            return Ok(json!({ "outcome": "store disconnected" }));
        }
        let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| JobFailure::permanent(e.to_string()))?;
        let since = Utc::now() - Duration::hours(LOOKBACK_HOURS);
        let orders: Vec<ingest::IncomingOrder> = if store.platform == "shopify" {
            let admin = shopify::Admin::new(&ctx.settings.shopify, &store.platform_domain, creds["access_token"].as_str().unwrap_or_default())
                .metered(ctx.limiter.clone(), &store.platform_domain);
            let nodes = orders::shopify_since(&admin, since).await.map_err(|e| match e {
                shopify::ShopifyError::Revoked => JobFailure::permanent("Shopify revoked Dropline's access to this store"),
                other => JobFailure::transient(other.to_string()),
            })?;
            let mut nodes = nodes;
            nodes.iter_mut().for_each(crate::values::nul::strip);
            nodes.iter().filter_map(ingest_graphql::from_graphql).collect()
        } else {
            let rest = woocommerce::Rest::of_store(&store.api_base, &creds, &ctx.settings.inspect);
            let mut list = orders::woo_since(&rest, since).await.map_err(JobFailure::transient)?;
            list.iter_mut().for_each(crate::values::nul::strip);
            list.iter().filter_map(ingest::from_woocommerce).collect()
        };
        let mut new = 0;
        for o in &orders {
            // One transaction per order, like a webhook event: a failure loses only that order
            // until the next run.
            let mut tx = crate::db::begin(&ctx.pool).await.map_err(crate::Error::from)?;
            let stored = ingest::save(&mut tx, job.workplace_id, job.store_id, &store.platform, o).await?;
            if stored.new {
                automation::on_new_order(&mut tx, job.workplace_id, stored.order_id).await?;
                new += 1;
            }
            tx.commit().await.map_err(crate::Error::from)?;
        }
        Ok(json!({ "store_id": job.store_id, "read": orders.len(), "new": new }))
    }
}
