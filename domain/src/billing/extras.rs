//! One-off extra quota, paid on the vendor's Checkout (payment mode) with a Price per pack found
//! by its lookup key. Paid packs raise the feature's limit for the usage cycle running when the
//! payment arrives, and end with it; the vendor's `checkout.session.completed` credits them once.
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use super::charge::Billing;
use super::view::CheckoutUrl;
use super::{PURPOSE_EXTRA, upstream};
use crate::connectors::payments_billing::{PriceCheckout, PriceSpec};
use crate::{Error, Result};

/// A pack of extra units for sale.
pub struct Pack {
    pub feature: &'static str,
    pub units: i64,
    pub cents: i64,
    pub name: &'static str,
}

pub const PACKS: &[Pack] = &[
    Pack { feature: "IMPORT_PRODUCT", units: 100, cents: 500, name: "100 extra product imports" },
    Pack { feature: "LISTING_PRODUCTS", units: 100, cents: 900, name: "100 extra listings" },
    Pack { feature: "AI_PRODUCT_WRITING", units: 100, cents: 500, name: "100 extra AI product writings" },
    Pack { feature: "ORDER_TRACKING_NUMBERS", units: 100, cents: 500, name: "100 extra tracking numbers" },
    Pack { feature: "READY2SALE", units: 10, cents: 990, name: "10 READY2SALE products" },
];

/// At most this many packs in one payment.
pub const MAX_PACKS: i64 = 20;

fn packs(quantity: Option<i64>) -> Result<i64> {
    match quantity.unwrap_or(1) {
        q @ 1..=MAX_PACKS => Ok(q),
        _ => Err(Error::field("quantity", format!("quantity must be from 1 to {MAX_PACKS}"))),
    }
}

/// `POST /payments/charge-extra` (`feature_id`, `quantity` packs) and `charge-ready2sale`
/// (READY2SALE packs): the vendor's page to pay on.
pub async fn charge(b: &Billing<'_>, workplace_id: Uuid, feature: Option<&str>, quantity: Option<i64>) -> Result<CheckoutUrl> {
    let feature = feature.map(str::trim).filter(|f| !f.is_empty()).ok_or_else(|| Error::field("feature_id", "feature_id is required"))?;
    let pack = PACKS.iter().find(|p| p.feature == feature).ok_or_else(|| Error::field("feature_id", "NoExtraPackForThisFeature"))?;
    let n = packs(quantity)?;
    b.webhook_ready().await?;
    let v = b.vendor_for(workplace_id).await?;
    let customer = super::customer::ensure(b.pool, &v, workplace_id).await?;
    let key = format!("dropline_extra_{}_{}_{}", pack.feature, pack.units, pack.cents);
    let spec = PriceSpec { lookup_key: &key, product_name: pack.name, unit_amount: pack.cents, currency: "usd", interval: None };
    let price = v.price(&spec).await.map_err(upstream)?;
    let base = b.base_url.trim_end_matches('/');
    let success = format!("{base}/app/setting/billing?checkout=success&session_id={{CHECKOUT_SESSION_ID}}");
    let cancel = format!("{base}/app/setting/billing");
    let wp = workplace_id.to_string();
    let metadata = [("workplace_id", wp.as_str()), ("purpose", PURPOSE_EXTRA), ("feature", pack.feature)];
    let c = PriceCheckout { customer: &customer, price: &price, quantity: n, success_url: &success, cancel_url: &cancel, metadata: &metadata };
    let session = v.create_price_checkout(&c).await.map_err(upstream)?;
    sqlx::query("INSERT INTO billing_checkouts (session_id, workplace_id, purpose, feature, units, amount_cents) VALUES ($1, $2, 'extra', $3, $4, $5)")
        .bind(&session.id)
        .bind(workplace_id)
        .bind(pack.feature)
        .bind(n * pack.units)
        .bind(n * pack.cents)
        .execute(b.pool)
        .await?;
    Ok(CheckoutUrl { url: session.url })
}

/// Credits a paid extra-quota checkout once (the checkout row is claimed); the units and the
/// workplace come from our own row, the amount must be the one asked.
pub async fn credit(conn: &mut PgConnection, workplace_id: Uuid, session: &Value) -> Result<bool> {
    let id = session["id"].as_str().unwrap_or_default();
    let claimed: Option<(String, i64, i64)> = sqlx::query_as(
        "UPDATE billing_checkouts SET completed_at = now()
         WHERE session_id = $1 AND workplace_id = $2 AND purpose = 'extra' AND completed_at IS NULL
         RETURNING feature, units, amount_cents",
    )
    .bind(id)
    .bind(workplace_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((feature, units, cents)) = claimed else { return Ok(false) };
    if session["amount_total"].as_i64() != Some(cents) || session["payment_status"] != "paid" {
        return Err(Error::Upstream("The extra quota's paid amount differs from the amount asked".into()));
    }
    let period = crate::plans::quota::cycle_start(conn, workplace_id).await?;
    sqlx::query(
        "INSERT INTO feature_extras (workplace_id, feature, period_start, units) VALUES ($1, $2, $3, $4)
         ON CONFLICT (workplace_id, feature, period_start) DO UPDATE SET units = feature_extras.units + $4",
    )
    .bind(workplace_id)
    .bind(&feature)
    .bind(period)
    .bind(units)
    .execute(&mut *conn)
    .await?;
    let name = PACKS.iter().find(|p| p.feature == feature).map_or("Extra quota", |p| p.name);
    let currency = session["currency"].as_str().unwrap_or("usd");
    let reference = session["payment_intent"].as_str().unwrap_or(id);
    super::logs::record(
        conn,
        workplace_id,
        super::logs::Entry { vendor_id: reference, kind: "extra", description: name, cents, currency, status: "paid", charge_id: None },
    )
    .await?;
    Ok(true)
}
