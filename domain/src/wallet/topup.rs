//! Top-ups through the vendor's hosted checkout. `start` creates a Checkout Session and a
//! pending `wallet_topups` row; the customer pays on the vendor's page; the vendor's signed
//! `checkout.session.completed` webhook (`receive`) credits the wallet once. The amount and the
//! workplace come from our own row, not from the event, and the credit's reference
//! `topup:<session>` makes a redelivered or replayed event book nothing.
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::ledger::{self, Account, Kind, Posted};
use crate::connectors::payments::{CheckoutRequest, PaymentVendor};
use crate::crypto::Sealer;
use crate::{Error, Result};

/// Where the dashboard sends the customer to pay.
#[derive(Debug, Serialize, ToSchema)]
pub struct TopupStarted {
    pub url: String,
    pub session_id: String,
}

/// What a webhook delivery did: `credited` once, `duplicate` for a redelivery, neither for an
/// event the wallet does not handle.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookOutcome {
    pub credited: bool,
    pub duplicate: bool,
}

/// The marker on our sessions, so other checkouts (plans) are left alone.
const PURPOSE: &str = "wallet_topup";

/// Starts a top-up of `amount` dollars (10 to 10,000; else 422 naming `amount`).
/// `base_url` is the dashboard's address: the vendor sends the customer back there and posts
/// its webhook to `{base_url}/api/webhooks/payments`.
#[instrument(skip_all, fields(%workplace_id))]
pub async fn start(pool: &PgPool, sealer: &Sealer, vendor: &PaymentVendor, base_url: &str, workplace_id: Uuid, amount: Option<&Value>) -> Result<TopupStarted> {
    let cents = super::topup_amount(amount)?;
    let base = base_url.trim_end_matches('/');
    super::webhook_endpoint::ensure(pool, sealer, vendor, &format!("{base}/api/webhooks/payments")).await?;
    let wp = workplace_id.to_string();
    let success = format!("{base}/app/orders/payment-success?kind=topup&session_id={{CHECKOUT_SESSION_ID}}");
    let cancel = format!("{base}/app/setting/wallet");
    let request = CheckoutRequest {
        item: "Dropline wallet top-up",
        amount_cents: cents,
        currency: "usd",
        success_url: &success,
        cancel_url: &cancel,
        client_reference_id: &wp,
        metadata: &[("workplace_id", wp.as_str()), ("purpose", PURPOSE)],
    };
    let session = vendor.create_checkout_session(&request).await.map_err(|e| Error::Upstream(e.to_string()))?;
    sqlx::query("INSERT INTO wallet_topups (workplace_id, session_id, amount_cents) VALUES ($1, $2, $3)")
        .bind(workplace_id)
        .bind(&session.id)
        .bind(cents)
        .execute(pool)
        .await?;
    Ok(TopupStarted { url: session.url, session_id: session.id })
}

/// Handles one webhook delivery: a bad or stale signature is 401 and nothing is read further.
#[instrument(skip_all)]
pub async fn receive(pool: &PgPool, sealer: &Sealer, vendor: &PaymentVendor, grace_days: i64, signature: &str, body: &[u8]) -> Result<WebhookOutcome> {
    let now = chrono::Utc::now().timestamp();
    if !super::webhook_endpoint::verify(pool, sealer, vendor, signature, body, now).await? {
        tracing::warn!("payment webhook refused: bad signature");
        return Err(Error::Unauthorized("Invalid signature".into()));
    }
    let event: Value = serde_json::from_slice(body).map_err(|_| Error::BadRequest("Malformed event".into()))?;
    let session = &event["data"]["object"];
    let ignored = WebhookOutcome { credited: false, duplicate: false };
    // Plans, extra quota and their invoices, refunds and disputes share the endpoint.
    if let Some(handled) = crate::billing::webhook::receive(pool, vendor, grace_days, &event).await? {
        return Ok(WebhookOutcome { credited: false, duplicate: handled == crate::billing::webhook::Handled::Duplicate });
    }
    // The same endpoint hears card setups (Checkout in setup mode).
    if super::card_setup::receive(pool, vendor, &event).await? {
        return Ok(ignored);
    }
    if event["type"] == "checkout.session.expired" && session["metadata"]["purpose"] == PURPOSE {
        // Never paid: the pending row is closed so the dashboard stops waiting for it.
        sqlx::query("UPDATE wallet_topups SET status = 'expired' WHERE session_id = $1 AND status = 'pending'")
            .bind(session["id"].as_str().unwrap_or_default())
            .execute(pool)
            .await?;
        return Ok(ignored);
    }
    if event["type"] != "checkout.session.completed" || session["metadata"]["purpose"] != PURPOSE || session["payment_status"] != "paid" {
        return Ok(ignored);
    }
    let session_id = session["id"].as_str().unwrap_or_default();
    let mut tx = crate::db::begin(pool).await?;
    let row: Option<(Uuid, i64)> = sqlx::query_as("SELECT workplace_id, amount_cents FROM wallet_topups WHERE session_id = $1 FOR UPDATE")
        .bind(session_id)
        .fetch_optional(&mut *tx)
        .await?;
    // Not ours (yet): a non-2xx answer makes the vendor deliver again later.
    let Some((workplace_id, cents)) = row else {
        tracing::warn!(%session_id, "payment webhook for an unknown top-up session");
        return Err(Error::NotFound("Top-up"));
    };
    if session["amount_total"].as_i64() != Some(cents) {
        tracing::error!(%session_id, paid = ?session["amount_total"], cents, "top-up paid a different amount: not credited");
        return Err(Error::Upstream("The top-up's paid amount differs from the amount asked".into()));
    }
    let entries = [(Account::VendorClearing, -cents), (Account::WalletTopup, cents)];
    let reference = format!("topup:{session_id}");
    let posted = ledger::post(&mut tx, workplace_id, Kind::Topup, &reference, None, "Wallet top-up", &entries).await?;
    sqlx::query("UPDATE wallet_topups SET status = 'completed', completed_at = now() WHERE session_id = $1 AND status <> 'completed'")
        .bind(session_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let duplicate = matches!(posted, Posted::Already(_));
    tracing::info!(%workplace_id, %session_id, cents, duplicate, "top-up webhook");
    Ok(WebhookOutcome { credited: !duplicate, duplicate })
}
