//! Saving the card supplier orders are paid with, on the payment vendor's own page: `start`
//! gives the workplace a vendor customer (once), opens Checkout in setup mode and records the
//! session; the vendor's signed `checkout.session.completed` for it (`receive`) reads the card
//! the SetupIntent saved and keeps it, once, for the workplace that started the session.
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::connectors::payments::PaymentVendor;
use crate::crypto::Sealer;
use crate::{Error, Result};

const PURPOSE: &str = "card_setup";

/// The vendor's page where the owner types the card.
pub async fn start(pool: &PgPool, sealer: &Sealer, vendor: &PaymentVendor, workplace_id: Uuid, base_url: &str) -> Result<String> {
    let upstream = |e: crate::connectors::payments::VendorError| Error::Upstream(e.to_string());
    let base = base_url.trim_end_matches('/');
    super::webhook_endpoint::ensure(pool, sealer, vendor, &format!("{base}/api/webhooks/payments")).await?;
    let kept: Option<Option<String>> =
        sqlx::query_scalar("SELECT card_customer FROM payment_settings WHERE workplace_id = $1").bind(workplace_id).fetch_optional(pool).await?;
    let customer = match kept.flatten() {
        Some(c) => c,
        None => {
            let c = vendor.create_customer(&workplace_id.to_string()).await.map_err(upstream)?;
            sqlx::query(
                "INSERT INTO payment_settings (workplace_id, card_customer) VALUES ($1, $2)
                 ON CONFLICT (workplace_id) DO UPDATE SET card_customer = COALESCE(payment_settings.card_customer, $2)",
            )
            .bind(workplace_id)
            .bind(&c)
            .execute(pool)
            .await?;
            sqlx::query_scalar("SELECT card_customer FROM payment_settings WHERE workplace_id = $1").bind(workplace_id).fetch_one(pool).await?
        }
    };
    let wp = workplace_id.to_string();
    let back = format!("{base}/app/setting/wallet");
    let session = vendor
        .create_setup_session(&customer, &format!("{back}?card=saved"), &back, &[("workplace_id", wp.as_str()), ("purpose", PURPOSE)])
        .await
        .map_err(upstream)?;
    sqlx::query("INSERT INTO card_setups (session_id, workplace_id, customer) VALUES ($1, $2, $3)")
        .bind(&session.id)
        .bind(workplace_id)
        .bind(&customer)
        .execute(pool)
        .await?;
    Ok(session.url)
}

/// Whether `event` (already verified) is a completed card setup; saves its card once.
pub async fn receive(pool: &PgPool, vendor: &PaymentVendor, event: &Value) -> Result<bool> {
    let session = &event["data"]["object"];
    if event["type"] != "checkout.session.completed" || session["mode"] != "setup" || session["metadata"]["purpose"] != PURPOSE {
        return Ok(false);
    }
    let session_id = session["id"].as_str().unwrap_or_default();
    let row: Option<(Uuid, String, bool)> = sqlx::query_as("SELECT workplace_id, customer, completed_at IS NOT NULL FROM card_setups WHERE session_id = $1")
        .bind(session_id)
        .fetch_optional(pool)
        .await?;
    // Not ours: a non-2xx answer makes the vendor deliver again later.
    let Some((workplace_id, customer, done)) = row else { return Err(Error::NotFound("Card setup")) };
    if done {
        return Ok(true);
    }
    let setup_intent = session["setup_intent"].as_str().ok_or_else(|| Error::BadRequest("The setup session has no setup intent".into()))?;
    let (payment_method, label) = vendor.saved_card(setup_intent).await.map_err(|e| Error::Upstream(e.to_string()))?;
    let mut tx = crate::db::begin(pool).await?;
    let claimed = sqlx::query("UPDATE card_setups SET completed_at = now() WHERE session_id = $1 AND completed_at IS NULL")
        .bind(session_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if claimed == 1 {
        sqlx::query(
            "INSERT INTO payment_settings (workplace_id, card_payment_method, card_label, card_customer) VALUES ($1, $2, $3, $4)
             ON CONFLICT (workplace_id) DO UPDATE SET card_payment_method = $2, card_label = $3, card_customer = $4, updated_at = now()",
        )
        .bind(workplace_id)
        .bind(&payment_method)
        .bind(&label)
        .bind(&customer)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}
