//! Reads the products already in a store into `store_products`, for mapping them to suppliers.
use serde_json::{Value, json};

use crate::connectors::stores::{catalog, shopify, woocommerce};
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::{store_products, stores};
use crate::stores::jobs::StoreProductsSyncJob;

const MAX_PRODUCTS: usize = 10_000;

impl Handler<TaskContext> for StoreProductsSyncJob {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: StoreProductsSyncJob) -> Result<Value, JobFailure> {
        let store = stores::credentials(&ctx.pool, job.store_id)
            .await?
            .filter(|s| s.workplace_id == job.workplace_id)
            .ok_or_else(|| JobFailure::permanent("the store was removed"))?;
        if store.status != "connected" {
            return Err(JobFailure::permanent("the store is disconnected; connect it again to read its products"));
        }
        let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| JobFailure::permanent(e.to_string()))?;
        let products = if store.platform == "shopify" {
            let admin = shopify::Admin::new(&ctx.settings.shopify, &store.platform_domain, creds["access_token"].as_str().unwrap_or_default());
            catalog::shopify_products(&admin, MAX_PRODUCTS).await.map_err(|e| match e {
                shopify::ShopifyError::Revoked => JobFailure::permanent("Shopify revoked Dropline's access to this store"),
                other => JobFailure::transient(other.to_string()),
            })?
        } else {
            let rest = woocommerce::Rest::of_store(&store.api_base, &creds, &ctx.settings.inspect);
            catalog::woo_products(&rest, MAX_PRODUCTS).await.map_err(JobFailure::transient)?
        };
        let n = store_products::replace_all(&ctx.pool, job.workplace_id, job.store_id, &products).await?;
        Ok(json!({ "store_id": job.store_id, "products": n }))
    }
}
