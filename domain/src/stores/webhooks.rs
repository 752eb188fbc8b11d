//! Webhooks from the stores: checked against their HMAC over the raw body, stored once per
//! delivery id (platforms redeliver), and handed to a job so the platform gets its answer fast.
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use crate::config::Settings;
use crate::crypto::{Sealer, verify_base64_hmac};
use crate::error::{Error, Result};
use crate::store::stores;
use crate::stores::jobs::WebhookEvent;
use secrecy::ExposeSecret;

/// The headers a webhook arrived with.
pub struct Delivery<'a> {
    pub topic: &'a str,
    pub signature: &'a str,
    pub delivery_id: &'a str,
    pub shop_domain: &'a str,
}

/// Whether the event is new (`true`) or a redelivery already stored (`false`).
#[instrument(skip_all, fields(topic = d.topic, shop = d.shop_domain))]
pub async fn receive_shopify(pool: &PgPool, settings: &Settings, d: Delivery<'_>, body: &[u8]) -> Result<bool> {
    if !verify_base64_hmac(settings.shopify.client_secret.expose_secret().as_bytes(), body, d.signature) {
        tracing::warn!("Shopify webhook with a bad HMAC refused");
        return Err(Error::Unauthorized("The webhook signature does not match".into()));
    }
    let store: Option<Uuid> = sqlx::query_scalar(
        "SELECT id FROM stores WHERE platform = 'shopify' AND platform_domain = $1 AND removed_at IS NULL ORDER BY (status = 'connected') DESC, connected_at DESC LIMIT 1",
    )
    .bind(d.shop_domain)
    .fetch_optional(pool)
    .await?;
    record(pool, "shopify", store, &d, body).await
}

#[instrument(skip_all, fields(topic = d.topic, store = %store_id))]
pub async fn receive_woocommerce(pool: &PgPool, sealer: &Sealer, store_id: Uuid, d: Delivery<'_>, body: &[u8]) -> Result<bool> {
    let store = stores::credentials(pool, store_id).await?.ok_or(Error::NotFound("Store"))?;
    let secret = match &store.webhook_secret {
        Some(sealed) => sealer.open(sealed)?,
        None => return Err(Error::Unauthorized("This store has no webhook secret".into())),
    };
    if !verify_base64_hmac(&secret, body, d.signature) {
        tracing::warn!("WooCommerce webhook with a bad HMAC refused");
        return Err(Error::Unauthorized("The webhook signature does not match".into()));
    }
    let d = Delivery { shop_domain: &store.platform_domain, ..d };
    record(pool, "woocommerce", Some(store_id), &d, body).await
}

async fn record(pool: &PgPool, platform: &str, store_id: Option<Uuid>, d: &Delivery<'_>, body: &[u8]) -> Result<bool> {
    if d.delivery_id.is_empty() || d.topic.is_empty() {
        return Err(Error::BadRequest("The webhook has no delivery id or topic".into()));
    }
    let mut tx = crate::db::begin(pool).await?;
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO webhook_events (platform, delivery_id, topic, store_id, shop_domain, body) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (platform, delivery_id) DO NOTHING RETURNING id",
    )
    .bind(platform)
    .bind(d.delivery_id)
    .bind(d.topic)
    .bind(store_id)
    .bind(d.shop_domain)
    .bind(String::from_utf8_lossy(body).as_ref())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(event_id) = id else {
        tracing::info!(delivery = d.delivery_id, "duplicate webhook delivery ignored");
        return Ok(false);
    };
    let workplace: Option<Uuid> = match store_id {
        Some(s) => stores::workplace_of(&mut tx, s).await?,
        None => None,
    };
    crate::queue::enqueue(&mut tx, workplace, &WebhookEvent { event_id }, json!({ "webhook_event_id": event_id })).await?;
    tx.commit().await?;
    Ok(true)
}

/// A stored event: what came, from where, and whether it was processed.
#[derive(Debug, sqlx::FromRow)]
pub struct StoredEvent {
    pub platform: String,
    pub topic: String,
    pub shop_domain: String,
    pub processed_at: Option<chrono::DateTime<chrono::Utc>>,
    pub store_id: Option<Uuid>,
    pub body: String,
}

pub async fn event(pool: &PgPool, id: i64) -> Result<Option<StoredEvent>> {
    Ok(sqlx::query_as("SELECT platform, topic, shop_domain, processed_at, store_id, body FROM webhook_events WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?)
}

/// Marks the event done with what came of it, in the transaction that did it.
pub async fn processed(conn: &mut sqlx::PgConnection, id: i64, outcome: &str) -> Result<()> {
    sqlx::query("UPDATE webhook_events SET processed_at = now(), outcome = $2 WHERE id = $1").bind(id).bind(outcome).execute(conn).await?;
    Ok(())
}
