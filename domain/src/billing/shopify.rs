//! Plans billed through Shopify. Shopify requires apps sold to its merchants to charge them
//! through its Billing API, so a workplace whose store was installed from Shopify's admin pays
//! for its plan with an app subscription: `charge-subscription` answers Shopify's confirmation
//! page, and the plan changes only when Shopify's signed `app_subscriptions/update` webhook
//! arrives. Each one is applied by reading again what Shopify has in force
//! (`currentAppInstallation.activeSubscriptions`), so a late or repeated delivery cannot undo a
//! newer state: an ACTIVE subscription Dropline asked this workplace's merchant for is the plan;
//! none (cancelled, declined, expired, frozen for non-payment) is the free plan.
use chrono::{DateTime, Duration, Utc};
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::view::{self, ChargeReply};
use crate::config::Settings;
use crate::connectors::stores::shopify::Admin;
use crate::connectors::stores::shopify_billing::{ActiveSubscription, Interval, NewSubscription};
use crate::crypto::Sealer;
use crate::plans::{self, FREE};
use crate::{Error, Result};

/// Marks a store as installed from Shopify's admin: its workplace is billed through Shopify from
/// now on (unless a plan paid through the payment vendor is still running).
pub async fn mark_installed_from_shopify(pool: &PgPool, store_id: Uuid) -> Result<()> {
    let mut tx = crate::db::begin(pool).await?;
    let workplace: Option<Uuid> =
        sqlx::query_scalar("UPDATE stores SET installed_from = 'shopify' WHERE id = $1 AND platform = 'shopify' RETURNING workplace_id")
            .bind(store_id)
            .fetch_optional(&mut *tx)
            .await?;
    if let Some(workplace_id) = workplace {
        super::apply::lock(&mut tx, workplace_id).await?;
        sqlx::query("UPDATE workplace_subscriptions SET provider = 'shopify' WHERE workplace_id = $1 AND subscription_id IS NULL")
            .bind(workplace_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The workplace's connected store installed from Shopify, when its plans are billed there.
pub async fn billing_store(pool: &PgPool, workplace_id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "SELECT s.id FROM stores s JOIN workplace_subscriptions w ON w.workplace_id = s.workplace_id AND w.provider = 'shopify'
         WHERE s.workplace_id = $1 AND s.platform = 'shopify' AND s.installed_from = 'shopify' AND s.status = 'connected' AND s.removed_at IS NULL
         ORDER BY s.connected_at DESC LIMIT 1",
    )
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?)
}

async fn admin(pool: &PgPool, settings: &Settings, sealer: &Sealer, store_id: Uuid) -> Result<Admin> {
    let creds = crate::store::stores::credentials(pool, store_id).await?.ok_or(Error::InvalidCurrentShop)?;
    let token: Value = sealer.open_json(&creds.credentials)?;
    Ok(Admin::new(&settings.shopify, &creds.platform_domain, token["access_token"].as_str().unwrap_or_default()))
}

fn upstream(e: crate::connectors::stores::shopify::ShopifyError) -> Error {
    Error::Upstream(e.to_string())
}

/// `charge-subscription` for a workplace billed through Shopify. A paid plan is a new app
/// subscription for the merchant to approve (`url`); once approved Shopify replaces the one in
/// force. The free plan cancels the subscription in force. The owner's sandbox payment mode asks
/// for a test charge, which Shopify does not bill.
pub async fn charge_subscription(
    pool: &PgPool,
    settings: &Settings,
    sealer: &Sealer,
    workplace_id: Uuid,
    store_id: Uuid,
    package_key: Option<&str>,
) -> Result<ChargeReply> {
    let plan = super::charge::chosen_plan(package_key, "package_key")?;
    let current: String = sqlx::query_scalar("SELECT plan_key FROM workplaces WHERE id = $1").bind(workplace_id).fetch_one(pool).await?;
    if plan.key == current {
        return Err(Error::field("package_key", "AlreadyOnThisPlan"));
    }
    if plan.price == 0.0 {
        cancel(pool, settings, sealer, workplace_id, store_id).await?;
        return Ok(ChargeReply { url: None, pending_plan_key: Some(plan.key.to_string()), effective_at: Some(view::rfc3339(Utc::now())) });
    }
    let admin = admin(pool, settings, sealer, store_id).await?;
    let test: bool = sqlx::query_scalar("SELECT u.payment_mode = 'sandbox' FROM workplaces w JOIN users u ON u.id = w.owner_id WHERE w.id = $1")
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?
        .unwrap_or(false);
    let name = format!("Dropline {}", plan.name);
    let return_url = format!("{}/app/setting/billing?provider=shopify", settings.application.base_url.trim_end_matches('/'));
    let interval = if plan.cycle == 30 { Interval::Every30Days } else { Interval::Annual };
    let usage_cap = Some((format!("{EXTRAS_CAP_USD}.00"), EXTRAS_TERMS));
    let new = NewSubscription { name: &name, price: format!("{:.2}", plan.price), interval, return_url: &return_url, test, usage_cap };
    let created = admin.create_app_subscription(&new).await.map_err(upstream)?;
    sqlx::query("INSERT INTO shopify_app_subscriptions (subscription_id, workplace_id, store_id, plan_key) VALUES ($1, $2, $3, $4)")
        .bind(&created.id)
        .bind(workplace_id)
        .bind(store_id)
        .bind(plan.key)
        .execute(pool)
        .await?;
    Ok(ChargeReply { url: Some(created.confirmation_url), pending_plan_key: None, effective_at: None })
}

/// `cancel-subscription` (and a move to the free plan) for a workplace billed through Shopify:
/// its app subscriptions are cancelled now, as Shopify's Billing API has no cancelling at the
/// period's end; Shopify's `app_subscriptions/update` webhook then moves it to the free plan.
pub async fn cancel(pool: &PgPool, settings: &Settings, sealer: &Sealer, workplace_id: Uuid, store_id: Uuid) -> Result<()> {
    let admin = admin(pool, settings, sealer, store_id).await?;
    for sub in ours(pool, workplace_id, &admin.active_subscriptions().await.map_err(upstream)?).await? {
        admin.cancel_app_subscription(&sub.id).await.map_err(upstream)?;
    }
    Ok(())
}

/// What extra quota may cost in one 30-day interval (the most packs one payment buys, and more).
const EXTRAS_CAP_USD: i64 = 200;
const EXTRAS_TERMS: &str = "Extra quota packs you buy in Dropline, charged when bought";

/// `charge-extra` for a workplace billed through Shopify: the packs are a usage charge on the
/// monthly subscription in force (no page to visit), credited for the running cycle at once.
pub async fn charge_extra(
    pool: &PgPool,
    settings: &Settings,
    sealer: &Sealer,
    workplace_id: Uuid,
    store_id: Uuid,
    feature: Option<&str>,
    quantity: Option<i64>,
) -> Result<super::view::CheckoutUrl> {
    let feature = feature.map(str::trim).filter(|f| !f.is_empty()).ok_or_else(|| Error::field("feature_id", "feature_id is required"))?;
    let pack = super::extras::PACKS.iter().find(|p| p.feature == feature).ok_or_else(|| Error::field("feature_id", "NoExtraPackForThisFeature"))?;
    let n = match quantity.unwrap_or(1) {
        q @ 1..=super::extras::MAX_PACKS => q,
        _ => return Err(Error::field("quantity", format!("quantity must be from 1 to {}", super::extras::MAX_PACKS))),
    };
    let admin = admin(pool, settings, sealer, store_id).await?;
    let active = admin.active_subscriptions().await.map_err(upstream)?;
    let line = ours(pool, workplace_id, &active).await?.into_iter().find_map(|s| s.usage_line_item);
    let line = line.ok_or_else(|| Error::field("feature_id", "NoActiveSubscription"))?;
    let cents = n * pack.cents;
    let description = format!("{n} × {}", pack.name);
    let key = Uuid::new_v4().to_string();
    let record = admin.create_usage_record(&line, &format!("{}.{:02}", cents / 100, cents % 100), &description, &key).await.map_err(upstream)?;
    let mut tx = crate::db::begin(pool).await?;
    let period = crate::plans::quota::cycle_start(&mut tx, workplace_id).await?;
    sqlx::query(
        "INSERT INTO feature_extras (workplace_id, feature, period_start, units) VALUES ($1, $2, $3, $4)
         ON CONFLICT (workplace_id, feature, period_start) DO UPDATE SET units = feature_extras.units + $4",
    )
    .bind(workplace_id)
    .bind(pack.feature)
    .bind(period)
    .bind(n * pack.units)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO billing_payments (workplace_id, vendor_id, kind, description, amount_cents, currency, status)
         VALUES ($1, $2, 'extra', $3, $4, 'usd', 'paid') ON CONFLICT DO NOTHING",
    )
    .bind(workplace_id)
    .bind(&record)
    .bind(&description)
    .bind(cents)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(super::view::CheckoutUrl { url: format!("{}/app/setting/billing?extra=added", settings.application.base_url.trim_end_matches('/')) })
}

/// The subscriptions in force that Dropline asked for this workplace, newest first.
async fn ours(pool: &PgPool, workplace_id: Uuid, active: &[ActiveSubscription]) -> Result<Vec<ActiveSubscription>> {
    let ids: Vec<String> = active.iter().map(|s| s.id.clone()).collect();
    let known: Vec<String> = sqlx::query_scalar(
        "SELECT subscription_id FROM shopify_app_subscriptions WHERE workplace_id = $1 AND subscription_id = ANY($2) ORDER BY created_at DESC",
    )
    .bind(workplace_id)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    Ok(known.iter().filter_map(|k| active.iter().find(|s| &s.id == k).cloned()).collect())
}

/// Applies one `app_subscriptions/update` delivery (already verified and stored once) for the
/// store it came from. A subscription the store's workplace did not ask for changes nothing.
pub async fn on_subscription_update(
    tx: &mut PgConnection,
    pool: &PgPool,
    settings: &Settings,
    sealer: &Sealer,
    store_id: Option<Uuid>,
    body: &str,
) -> Result<String> {
    let Some(store_id) = store_id else { return Ok("no store".into()) };
    let body: Value = serde_json::from_str(body).map_err(|e| Error::BadRequest(format!("app subscription body is not JSON: {e}")))?;
    let sub = &body["app_subscription"];
    let id = sub["admin_graphql_api_id"].as_str().unwrap_or_default();
    let row: Option<Uuid> = sqlx::query_scalar(
        "SELECT a.workplace_id FROM shopify_app_subscriptions a JOIN stores s ON s.id = a.store_id AND s.workplace_id = a.workplace_id
         WHERE a.subscription_id = $1 AND a.store_id = $2",
    )
    .bind(id)
    .bind(store_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(workplace_id) = row else { return Ok(format!("subscription {id} is not one this store's workplace asked for")) };
    super::apply::lock(tx, workplace_id).await?;
    let at = sub["updated_at"].as_str().and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc));
    // What each subscription last became, newest news only.
    sqlx::query("UPDATE shopify_app_subscriptions SET status = $2, status_at = $3 WHERE subscription_id = $1 AND (status_at IS NULL OR status_at <= $3)")
        .bind(id)
        .bind(sub["status"].as_str().unwrap_or("PENDING"))
        .bind(at)
        .execute(&mut *tx)
        .await?;
    let admin = admin(pool, settings, sealer, store_id).await?;
    let active = admin.active_subscriptions().await.map_err(upstream)?;
    let in_force = ours(pool, workplace_id, &active).await?.into_iter().find(|s| s.status == "ACTIVE");
    apply(tx, workplace_id, in_force.as_ref()).await
}

async fn apply(tx: &mut PgConnection, workplace_id: Uuid, in_force: Option<&ActiveSubscription>) -> Result<String> {
    let Some(sub) = in_force else {
        sqlx::query(
            "UPDATE workplace_subscriptions SET provider = 'shopify', subscription_id = NULL, plan_key = NULL, status = 'none',
             current_period_start = NULL, current_period_end = NULL, next_charge_cents = NULL, updated_at = now() WHERE workplace_id = $1",
        )
        .bind(workplace_id)
        .execute(&mut *tx)
        .await?;
        plans::assign(tx, workplace_id, FREE, None).await?;
        return Ok("no Shopify subscription in force: the free plan".into());
    };
    let plan_key: String =
        sqlx::query_scalar("SELECT plan_key FROM shopify_app_subscriptions WHERE subscription_id = $1").bind(&sub.id).fetch_one(&mut *tx).await?;
    let plan = plans::find(&plan_key);
    let end = sub.current_period_end.as_deref().and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc));
    let start = end.map(|e| e - Duration::days(i64::from(plan.cycle.max(1))));
    sqlx::query(
        "UPDATE workplace_subscriptions SET provider = 'shopify', subscription_id = $2, plan_key = $3, status = 'active', current_period_start = $4,
         current_period_end = $5, cancel_at_period_end = false, pending_plan_key = NULL, grace_until = NULL, next_charge_cents = $6,
         currency = 'usd', updated_at = now() WHERE workplace_id = $1",
    )
    .bind(workplace_id)
    .bind(&sub.id)
    .bind(plan.key)
    .bind(start)
    .bind(end)
    .bind(super::cents(plan))
    .execute(&mut *tx)
    .await?;
    plans::assign(tx, workplace_id, plan.key, start).await?;
    Ok(format!("Shopify subscription {} in force: {}", sub.id, plan.key))
}
