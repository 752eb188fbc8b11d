//! How a workplace pays supplier orders: the method (wallet or card) and the saved card, a
//! payment method id at the vendor (`pm_...`). The card number never reaches Dropline.
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::{Error, Fields, Result};

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentSetting {
    /// `default`: pay directly when an order is placed with payment.
    pub payment_behavior: String,
    pub method: String,
    /// `credit_card` once a card is saved.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub card_label: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SettingInput {
    pub payment_behavior: Option<String>,
    pub method: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CardInput {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub payment_method: Option<String>,
}

/// The setting (defaults until the first change: direct payment from the wallet).
pub async fn get(pool: &PgPool, workplace_id: Uuid) -> Result<PaymentSetting> {
    let row: Option<(String, String, Option<String>, Option<String>)> =
        sqlx::query_as("SELECT payment_behavior, method, card_payment_method, card_label FROM payment_settings WHERE workplace_id = $1")
            .bind(workplace_id)
            .fetch_optional(pool)
            .await?;
    let (payment_behavior, method, card, card_label) = row.unwrap_or_else(|| ("default".into(), "wallet".into(), None, None));
    Ok(PaymentSetting { payment_behavior, method, kind: card.map(|_| "credit_card".into()), card_label })
}

/// Changes the behaviour and method; `card` needs a saved card (422 naming `method`).
pub async fn put(pool: &PgPool, workplace_id: Uuid, input: SettingInput) -> Result<PaymentSetting> {
    let current = get(pool, workplace_id).await?;
    let mut f = Fields::default();
    let behavior = f.take(
        "payment_behavior",
        match input.payment_behavior.as_deref() {
            None => Ok(current.payment_behavior),
            Some("default") => Ok("default".to_string()),
            Some(_) => Err("payment_behavior must be default".to_string()),
        },
    );
    let method = f.take(
        "method",
        match input.method.as_deref() {
            None => Ok(current.method),
            Some("wallet") => Ok("wallet".to_string()),
            Some("card") if current.card_label.is_some() => Ok("card".to_string()),
            Some("card") => Err("NoCardSaved".to_string()),
            Some(_) => Err("method must be wallet or card".to_string()),
        },
    );
    f.finish()?;
    sqlx::query(
        "INSERT INTO payment_settings (workplace_id, payment_behavior, method) VALUES ($1, $2, $3)
         ON CONFLICT (workplace_id) DO UPDATE SET payment_behavior = $2, method = $3, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(behavior)
    .bind(method)
    .execute(pool)
    .await?;
    get(pool, workplace_id).await
}

/// The label shown for a vendor test card / payment method id.
fn card_label(payment_method: &str) -> &'static str {
    let pm = payment_method.to_ascii_lowercase();
    [("visa", "Visa"), ("mastercard", "Mastercard"), ("amex", "American Express"), ("discover", "Discover")]
        .into_iter()
        .find(|(k, _)| pm.contains(k))
        .map_or("Card", |(_, label)| label)
}

/// Saves a card (`{type: "credit_card", payment_method: "pm_..."}`); answers `{type, card_label}`.
pub async fn save_card(pool: &PgPool, workplace_id: Uuid, input: CardInput) -> Result<(String, String)> {
    let mut f = Fields::default();
    f.take(
        "type",
        match input.kind.as_deref() {
            Some("credit_card" | "stripe") => Ok(()),
            _ => Err("type must be credit_card".to_string()),
        },
    );
    let pm = f.take(
        "payment_method",
        match input.payment_method.as_deref().map(str::trim) {
            Some(pm) if pm.starts_with("pm_") && pm.len() <= 255 => Ok(pm.to_string()),
            _ => Err("payment_method must be a payment method id (pm_...)".to_string()),
        },
    );
    f.finish()?;
    let pm = pm.ok_or_else(|| Error::field("payment_method", "payment_method is required"))?;
    let label = card_label(&pm);
    sqlx::query(
        "INSERT INTO payment_settings (workplace_id, card_payment_method, card_label) VALUES ($1, $2, $3)
         ON CONFLICT (workplace_id) DO UPDATE SET card_payment_method = $2, card_label = $3, card_customer = NULL, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(&pm)
    .bind(label)
    .execute(pool)
    .await?;
    Ok(("credit_card".into(), label.into()))
}
