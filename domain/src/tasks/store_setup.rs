//! After a store connects: subscribe it to the webhooks Dropline needs and read its sales
//! channels. Safe to re-run: both platforms' subscriptions are made idempotent.
use serde_json::{Value, json};
use uuid::Uuid;

use crate::connectors::stores::shopify::{self, ShopifyError};
use crate::connectors::stores::shopify_locations::{self, LocationError};
use crate::connectors::stores::woocommerce;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::stores;
use crate::stores::jobs::StoreSetup;

impl Handler<TaskContext> for StoreSetup {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: StoreSetup) -> Result<Value, JobFailure> {
        let Some(store) = stores::credentials(&ctx.pool, job.store_id).await? else {
            return Err(JobFailure::permanent("the store is gone"));
        };
        if store.status != "connected" {
            return Ok(json!({ "skipped": "store disconnected" }));
        }
        let result = match store.platform.as_str() {
            "shopify" => setup_shopify(ctx, &store).await,
            _ => setup_woo(ctx, &store).await,
        };
        match result {
            Ok(v) => {
                stores::set_setup(&ctx.pool, store.id, "ready", None).await?;
                Ok(v)
            }
            Err(message) => {
                stores::set_setup(&ctx.pool, store.id, "error", Some(&message)).await?;
                Err(JobFailure::transient(message))
            }
        }
    }
}

async fn setup_shopify(ctx: &TaskContext, store: &stores::Credentials) -> Result<Value, String> {
    let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| e.to_string())?;
    let token = creds["access_token"].as_str().unwrap_or_default();
    let admin = shopify::Admin::new(&ctx.settings.shopify, &store.platform_domain, token);
    let callback = format!("{}/api/webhooks/shopify", ctx.settings.application.base_url.trim_end_matches('/'));
    for topic in shopify::WEBHOOK_TOPICS {
        admin.subscribe_webhook(topic, &callback).await.map_err(|e: ShopifyError| e.to_string())?;
    }
    let count = refresh_publications(ctx, store.id, &admin).await.map_err(|e| e.to_string())?;
    // Where pushed products are stocked. A shop that cannot say (no scope, no active location)
    // still connects: its pushes tell the owner what to do.
    let location = match shopify_locations::stock_location(&admin).await {
        Ok(l) => {
            stores::set_stock_location(&ctx.pool, store.id, &l.id, &l.name, l.max_variants).await.map_err(|e| e.to_string())?;
            Some(l.name)
        }
        Err(LocationError::NeedsOwner(m)) => {
            tracing::warn!(store = %store.id, "{m}");
            None
        }
        Err(LocationError::Shop(e)) => return Err(e.to_string()),
    };
    Ok(json!({ "webhooks": shopify::WEBHOOK_TOPICS.len(), "publications": count, "stock_location": location }))
}

/// Reads the shop's publications and keeps them with the store (spec: external channels).
pub async fn refresh_publications(ctx_or_pool: &TaskContext, store_id: Uuid, admin: &shopify::Admin) -> Result<usize, ShopifyError> {
    let publications = admin.publications().await?;
    crate::stores::save_publications(&ctx_or_pool.pool, store_id, &publications).await.map_err(|e| ShopifyError::Failed(e.to_string()))?;
    Ok(publications.len())
}

async fn setup_woo(ctx: &TaskContext, store: &stores::Credentials) -> Result<Value, String> {
    let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| e.to_string())?;
    let secret = store.webhook_secret.as_deref().map(|s| ctx.sealer.open(s)).transpose().map_err(|e| e.to_string())?.unwrap_or_default();
    let secret = String::from_utf8(secret).map_err(|_| "the webhook secret is unreadable".to_string())?;
    let rest = woocommerce::Rest::of_store(&store.api_base, &creds, &ctx.settings.inspect);
    let url = format!("{}/api/webhooks/woocommerce/{}", ctx.settings.application.base_url.trim_end_matches('/'), store.id);
    for topic in woocommerce::WEBHOOK_TOPICS {
        rest.subscribe_webhook(topic, &url, &secret).await?;
    }
    Ok(json!({ "webhooks": woocommerce::WEBHOOK_TOPICS.len() }))
}
