//! The owner's billing actions. An upgrade (or a first paid plan) opens the vendor's Checkout
//! in subscription mode; the plan changes when the vendor's webhook says the subscription is
//! active (`apply`). A downgrade, to a cheaper plan or the free one, and a cancellation take
//! effect when the paid period ends: the vendor is told not to renew, and the plan to move to is
//! kept as `pending_plan_key`. Asking for the current plan again while a change is pending keeps
//! the plan (the vendor renews again).
use sqlx::PgPool;
use uuid::Uuid;

use super::view::{self, ChargeReply, CheckoutUrl, SubscriptionView};
use super::{PURPOSE_CARD, PURPOSE_PLAN, upstream};
use crate::connectors::payments::PaymentVendor;
use crate::connectors::payments_billing::{PriceCheckout, PriceSpec};
use crate::crypto::Sealer;
use crate::plans::{self, FREE, Plan};
use crate::{Error, Result};

/// What every billing call needs: the database, the vendor and the dashboard's address.
pub struct Billing<'a> {
    pub pool: &'a PgPool,
    pub sealer: &'a Sealer,
    pub vendor: &'a PaymentVendor,
    pub base_url: &'a str,
    pub grace_days: i64,
}

impl Billing<'_> {
    fn base(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }

    /// The vendor's key set for this workplace: the one its live subscription was made with,
    /// else its owner's payment mode (`live` or `sandbox`).
    pub async fn vendor_for(&self, workplace_id: Uuid) -> Result<PaymentVendor> {
        let live: bool = sqlx::query_scalar(
            "SELECT COALESCE(
                 (SELECT livemode FROM workplace_subscriptions WHERE workplace_id = $1 AND subscription_id IS NOT NULL
                    AND status IN ('active', 'trialing', 'past_due', 'unpaid')),
                 (SELECT u.payment_mode = 'live' FROM workplaces w JOIN users u ON u.id = w.owner_id WHERE w.id = $1), true)",
        )
        .bind(workplace_id)
        .fetch_one(self.pool)
        .await?;
        Ok(self.vendor.for_mode(live))
    }

    /// The vendor posts its events to `/api/webhooks/payments` (registered on first use where
    /// Dropline registers it).
    pub(super) async fn webhook_ready(&self) -> Result<()> {
        let url = format!("{}/api/webhooks/payments", self.base());
        crate::wallet::webhook_endpoint::ensure(self.pool, self.sealer, self.vendor, &url).await
    }
}

/// A catalogue plan by its key (field error on `field` otherwise).
pub fn known_plan(key: Option<&str>, field: &str) -> Result<&'static Plan> {
    let key = key.map(str::trim).filter(|k| !k.is_empty()).ok_or_else(|| Error::field(field, format!("{field} is required")))?;
    plans::PLANS.iter().find(|p| p.key == key).ok_or_else(|| Error::field(field, "unknown package"))
}

async fn current_plan(pool: &PgPool, workplace_id: Uuid) -> Result<&'static Plan> {
    let key: String = sqlx::query_scalar("SELECT plan_key FROM workplaces WHERE id = $1").bind(workplace_id).fetch_one(pool).await?;
    Ok(plans::find(&key))
}

/// A plan an owner may choose: one of the public price list. An unlisted plan (the marketplace's
/// free plan, an operator's unlimited plan) is only ever assigned, never bought.
pub fn chosen_plan(key: Option<&str>, field: &str) -> Result<&'static Plan> {
    let plan = known_plan(key, field)?;
    if plan.listed { Ok(plan) } else { Err(Error::field(field, "unknown package")) }
}

/// `POST /payments/charge-subscription`.
pub async fn charge_subscription(b: &Billing<'_>, workplace_id: Uuid, package_key: Option<&str>) -> Result<ChargeReply> {
    let plan = chosen_plan(package_key, "package_key")?;
    let current = current_plan(b.pool, workplace_id).await?;
    let row = view::row(b.pool, workplace_id).await?;
    let live = row.as_ref().filter(|r| r.subscription_id.is_some() && view::is_live(&r.status) && r.provider == "stripe");
    if plan.key == current.key {
        return match live.filter(|r| r.cancel_at_period_end) {
            Some(r) => keep_renewing(b, workplace_id, r).await,
            None => Err(Error::field("package_key", "AlreadyOnThisPlan")),
        };
    }
    if plan.price > 0.0 && (live.is_none() || plan.price > current.price) {
        return checkout(b, workplace_id, plan).await.map(|url| ChargeReply { url: Some(url), pending_plan_key: None, effective_at: None });
    }
    let Some(r) = live else {
        // Nothing paid to wait for (an operator's plan): the change is made now.
        let mut conn = b.pool.acquire().await?;
        plans::assign(&mut conn, workplace_id, plan.key, None).await?;
        return Ok(ChargeReply { url: None, pending_plan_key: None, effective_at: Some(view::rfc3339(chrono::Utc::now())) });
    };
    schedule(b, workplace_id, r, plan.key).await?;
    Ok(ChargeReply { url: None, pending_plan_key: Some(plan.key.to_string()), effective_at: r.current_period_end.map(view::rfc3339) })
}

/// Opens Checkout for `plan` with the workplace's customer and the plan's Price.
async fn checkout(b: &Billing<'_>, workplace_id: Uuid, plan: &Plan) -> Result<String> {
    b.webhook_ready().await?;
    let v = b.vendor_for(workplace_id).await?;
    let customer = super::customer::ensure(b.pool, &v, workplace_id).await?;
    let key = super::plan_lookup_key(plan);
    let name = format!("Dropline {}", plan.name);
    let spec = PriceSpec { lookup_key: &key, product_name: &name, unit_amount: super::cents(plan), currency: "usd", interval: Some(super::interval(plan)) };
    let price = v.price(&spec).await.map_err(upstream)?;
    let wp = workplace_id.to_string();
    let success = format!("{}/app/setting/billing?checkout=success&session_id={{CHECKOUT_SESSION_ID}}", b.base());
    let cancel = format!("{}/app/setting/billing-plan/change-plan", b.base());
    let metadata = [("workplace_id", wp.as_str()), ("purpose", PURPOSE_PLAN), ("plan_key", plan.key)];
    let c = PriceCheckout { customer: &customer, price: &price, quantity: 1, success_url: &success, cancel_url: &cancel, metadata: &metadata };
    let session = v.create_subscription_checkout(&c).await.map_err(upstream)?;
    sqlx::query("INSERT INTO billing_checkouts (session_id, workplace_id, purpose, plan_key, amount_cents) VALUES ($1, $2, 'subscription', $3, $4)")
        .bind(&session.id)
        .bind(workplace_id)
        .bind(plan.key)
        .bind(super::cents(plan))
        .execute(b.pool)
        .await?;
    Ok(session.url)
}

/// Tells the vendor not to renew, and keeps where the workplace goes when the period ends.
async fn schedule(b: &Billing<'_>, workplace_id: Uuid, r: &view::Row, pending: &str) -> Result<()> {
    let next_cents = Some(super::cents(plans::find(pending))).filter(|c| *c > 0);
    renewal(b, workplace_id, r, true, Some(pending), next_cents).await
}

async fn keep_renewing(b: &Billing<'_>, workplace_id: Uuid, r: &view::Row) -> Result<ChargeReply> {
    let plan = plans::find(r.plan_key.as_deref().unwrap_or(FREE));
    renewal(b, workplace_id, r, false, None, Some(super::cents(plan))).await?;
    Ok(ChargeReply { url: None, pending_plan_key: None, effective_at: None })
}

/// Sets whether the subscription renews, at the vendor and here, under the workplace's billing
/// lock: a webhook applies the vendor's state under the same lock, so it cannot read the state
/// before this change and write it after, undoing the pending plan.
async fn renewal(b: &Billing<'_>, workplace_id: Uuid, r: &view::Row, cancel: bool, pending: Option<&str>, next_cents: Option<i64>) -> Result<()> {
    let id = r.subscription_id.as_deref().unwrap_or_default();
    let mut tx = crate::db::begin(b.pool).await?;
    super::apply::lock(&mut tx, workplace_id).await?;
    b.vendor_for(workplace_id).await?.update_subscription(id, &[("cancel_at_period_end", cancel.to_string())]).await.map_err(upstream)?;
    sqlx::query(
        "UPDATE workplace_subscriptions SET cancel_at_period_end = $2, pending_plan_key = $3, next_charge_cents = $4, updated_at = now() WHERE workplace_id = $1",
    )
    .bind(workplace_id)
    .bind(cancel)
    .bind(pending)
    .bind(next_cents)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The live vendor subscription, or a field error on `subscription`.
async fn live(pool: &PgPool, workplace_id: Uuid) -> Result<view::Row> {
    let row = view::row(pool, workplace_id).await?;
    row.filter(|r| r.subscription_id.is_some() && view::is_live(&r.status) && r.provider == "stripe")
        .ok_or_else(|| Error::field("subscription", "NoActiveSubscription"))
}

/// `POST /payments/cancel-subscription`: the plan is kept until the paid period ends, then the
/// free plan.
pub async fn cancel(b: &Billing<'_>, workplace_id: Uuid) -> Result<SubscriptionView> {
    let r = live(b.pool, workplace_id).await?;
    schedule(b, workplace_id, &r, FREE).await?;
    view::subscription(b.pool, workplace_id).await?.ok_or(Error::NotFound("Subscription"))
}

/// `POST /payments/skip-recharge`: after a failed renewal, the owner stops the vendor from
/// charging the card again for it: the subscription ends now and the workplace moves to the
/// free plan at once instead of at the end of the grace period. Only while a renewal has failed.
pub async fn skip_recharge(b: &Billing<'_>, workplace_id: Uuid) -> Result<SubscriptionView> {
    let r = live(b.pool, workplace_id).await?;
    if !matches!(r.status.as_str(), "past_due" | "unpaid") {
        return Err(Error::field("subscription", "NoFailedRenewal"));
    }
    let id = r.subscription_id.clone().unwrap_or_default();
    let mut tx = crate::db::begin(b.pool).await?;
    super::apply::lock(&mut tx, workplace_id).await?;
    let sub = b.vendor_for(workplace_id).await?.cancel_subscription_now(&id).await.map_err(upstream)?;
    sqlx::query("UPDATE workplace_subscriptions SET skip_retry = true WHERE workplace_id = $1").bind(workplace_id).execute(&mut *tx).await?;
    super::apply::apply(&mut tx, workplace_id, &sub, b.grace_days).await?;
    tx.commit().await?;
    view::subscription(b.pool, workplace_id).await?.ok_or(Error::NotFound("Subscription"))
}

/// `POST /payments/update-payment-method`: Checkout in setup mode; its webhook makes the saved
/// card the subscription's default payment method.
pub async fn update_payment_method(b: &Billing<'_>, workplace_id: Uuid) -> Result<CheckoutUrl> {
    let r = live(b.pool, workplace_id).await?;
    b.webhook_ready().await?;
    let customer = r.customer_id.ok_or_else(|| Error::field("subscription", "NoActiveSubscription"))?;
    let wp = workplace_id.to_string();
    let back = format!("{}/app/setting/billing", b.base());
    let session = b
        .vendor_for(workplace_id)
        .await?
        .create_setup_session(&customer, &format!("{back}?card=saved"), &back, &[("workplace_id", wp.as_str()), ("purpose", PURPOSE_CARD)])
        .await
        .map_err(upstream)?;
    sqlx::query("INSERT INTO billing_checkouts (session_id, workplace_id, purpose) VALUES ($1, $2, 'setup')")
        .bind(&session.id)
        .bind(workplace_id)
        .execute(b.pool)
        .await?;
    Ok(CheckoutUrl { url: session.url })
}
