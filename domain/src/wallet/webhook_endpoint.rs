//! The payment vendor's webhook endpoint for this deployment. The vendor gives each endpoint a
//! signing secret of its own (`whsec_…`) and shows it only when the endpoint is created. An
//! operator who makes the endpoint in the vendor's dashboard puts that secret in
//! `payments.webhook_secret`; when Dropline registers the endpoint itself
//! (`payments.register_webhook`), it keeps the secret it was given, sealed, once per address,
//! so every API process and every restart verifies with it and no second endpoint is made.
use secrecy::SecretString;
use sqlx::PgPool;

use crate::connectors::payments::PaymentVendor;
use crate::crypto::Sealer;
use crate::{Error, Result};

/// Makes sure the vendor posts the events Dropline handles to `url`: registers it the first
/// time, and brings an endpoint registered for fewer events up to date.
pub async fn ensure(pool: &PgPool, sealer: &Sealer, vendor: &PaymentVendor, url: &str) -> Result<()> {
    let events = PaymentVendor::webhook_events();
    if !vendor.registers_webhook() || current(pool, url, &events).await? {
        return Ok(());
    }
    let mut tx = crate::db::begin(pool).await?;
    // One registration at a time, so two first top-ups at once make one endpoint, not two.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('payment_webhook_endpoints'))").execute(&mut *tx).await?;
    let registered: Option<(String, String)> =
        sqlx::query_as("SELECT endpoint_id, enabled_events FROM payment_webhook_endpoints WHERE url = $1").bind(url).fetch_optional(&mut *tx).await?;
    match registered {
        None => {
            let (id, secret) = vendor.create_webhook_endpoint(url).await.map_err(|e| Error::Upstream(e.to_string()))?;
            sqlx::query("INSERT INTO payment_webhook_endpoints (url, endpoint_id, secret, enabled_events) VALUES ($1, $2, $3, $4)")
                .bind(url)
                .bind(&id)
                .bind(sealer.seal(secrecy::ExposeSecret::expose_secret(&secret).as_bytes()))
                .bind(&events)
                .execute(&mut *tx)
                .await?;
            tracing::info!(%url, endpoint = %id, "payment webhook endpoint registered");
        }
        Some((id, listened)) if listened != events => {
            vendor.update_webhook_endpoint(&id).await.map_err(|e| Error::Upstream(e.to_string()))?;
            sqlx::query("UPDATE payment_webhook_endpoints SET enabled_events = $2 WHERE url = $1").bind(url).bind(&events).execute(&mut *tx).await?;
            tracing::info!(%url, endpoint = %id, "payment webhook endpoint now listens to every event Dropline handles");
        }
        Some(_) => {}
    }
    tx.commit().await?;
    Ok(())
}

/// Registered, for the events Dropline handles today.
async fn current(pool: &PgPool, url: &str, events: &str) -> Result<bool> {
    Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM payment_webhook_endpoints WHERE url = $1 AND enabled_events = $2)")
        .bind(url)
        .bind(events)
        .fetch_one(pool)
        .await?)
}

/// Whether `header` signs `body` with the configured secret or a registered endpoint's.
pub async fn verify(pool: &PgPool, sealer: &Sealer, vendor: &PaymentVendor, header: &str, body: &[u8], now: i64) -> Result<bool> {
    if vendor.verify_signature(header, body, now) {
        return Ok(true);
    }
    let sealed: Vec<Vec<u8>> = sqlx::query_scalar("SELECT secret FROM payment_webhook_endpoints").fetch_all(pool).await?;
    Ok(sealed
        .iter()
        .filter_map(|s| sealer.open(s).ok())
        .filter_map(|s| String::from_utf8(s).ok())
        .any(|s| vendor.verify_signature_with(&SecretString::from(s), header, body, now)))
}
