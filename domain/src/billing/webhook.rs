//! The vendor's billing events (already signature-checked by the caller). Each event id is
//! applied once (`billing_events`), in the transaction that applies it. The workplace comes from
//! Dropline's own rows (the customer or checkout it made), never from the event's metadata, and
//! a subscription's state is read from the vendor under the workplace's lock, so a late or
//! repeated event applies the newest state rather than the one it carried.
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::apply::{self, After};
use super::logs::{self, Entry};
use super::{PURPOSE_CARD, PURPOSE_EXTRA, PURPOSE_PLAN, upstream};
use crate::connectors::payments::PaymentVendor;
use crate::connectors::payments_billing::PriceSpec;
use crate::plans;
use crate::{Error, Result};

/// What became of a billing event.
#[derive(Debug, PartialEq, Eq)]
pub enum Handled {
    Applied,
    Duplicate,
    /// About a customer or session Dropline does not know: answered 2xx and left alone.
    Ignored,
}

/// Handles `event` when it is a billing event; `None` leaves it to the wallet.
pub async fn receive(pool: &PgPool, vendor: &PaymentVendor, grace_days: i64, event: &Value) -> Result<Option<Handled>> {
    // The vendor is asked again with the key set of the mode the event happened in.
    let vendor = &vendor.for_mode(event["livemode"] == true);
    let kind = event["type"].as_str().unwrap_or_default();
    let obj = &event["data"]["object"];
    let workplace = match kind {
        "checkout.session.completed" => match obj["metadata"]["purpose"].as_str() {
            Some(PURPOSE_PLAN | PURPOSE_CARD | PURPOSE_EXTRA) => {
                let found = by_session(pool, obj["id"].as_str().unwrap_or_default()).await?;
                // Not ours (yet): a non-2xx answer makes the vendor deliver again later.
                Some(found.ok_or(Error::NotFound("Billing checkout"))?)
            }
            _ => return Ok(None),
        },
        "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted" => {
            by_customer(pool, obj["customer"].as_str(), obj["id"].as_str()).await?
        }
        "invoice.paid" | "invoice.payment_failed" | "charge.refunded" => by_customer(pool, obj["customer"].as_str(), None).await?,
        "charge.dispute.created" | "charge.dispute.closed" => by_charge(pool, obj["charge"].as_str()).await?,
        _ => return Ok(None),
    };
    let Some(workplace_id) = workplace else { return Ok(Some(Handled::Ignored)) };
    let event_id = event["id"].as_str().ok_or_else(|| Error::BadRequest("An event without an id".into()))?;
    let mut tx = crate::db::begin(pool).await?;
    apply::lock(&mut tx, workplace_id).await?;
    let fresh = sqlx::query("INSERT INTO billing_events (event_id, event_type, workplace_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(event_id)
        .bind(kind)
        .bind(workplace_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if fresh == 0 {
        return Ok(Some(Handled::Duplicate));
    }
    let after = handle(&mut tx, vendor, grace_days, workplace_id, kind, obj).await?;
    tx.commit().await?;
    follow_up(pool, vendor, grace_days, workplace_id, after).await;
    Ok(Some(Handled::Applied))
}

async fn handle(tx: &mut PgConnection, vendor: &PaymentVendor, grace: i64, workplace_id: Uuid, kind: &str, obj: &Value) -> Result<After> {
    let sub_of = |o: &Value| o["subscription"].as_str().or_else(|| o["parent"]["subscription_details"]["subscription"].as_str()).map(str::to_string);
    let mut subscription = None;
    match kind {
        "checkout.session.completed" => match obj["metadata"]["purpose"].as_str() {
            Some(PURPOSE_PLAN) => subscription = sub_of(obj),
            Some(PURPOSE_EXTRA) => {
                super::extras::credit(tx, workplace_id, obj).await?;
            }
            _ => card(tx, vendor, workplace_id, obj).await?,
        },
        "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted" => {
            subscription = obj["id"].as_str().map(str::to_string)
        }
        "invoice.paid" | "invoice.payment_failed" => {
            let paid = kind == "invoice.paid";
            let plan = obj["lines"]["data"][0]["price"]["lookup_key"].as_str().unwrap_or_default();
            let description =
                plans::PLANS.iter().find(|p| super::plan_lookup_key(p) == plan).map_or("Dropline plan".to_string(), |p| format!("Dropline {}", p.name));
            let cents = if paid { obj["amount_paid"].as_i64() } else { obj["amount_due"].as_i64() }.unwrap_or(0);
            let entry = Entry {
                vendor_id: obj["id"].as_str().unwrap_or_default(),
                kind: "subscription",
                description: &description,
                cents,
                currency: obj["currency"].as_str().unwrap_or("usd"),
                status: if paid { "paid" } else { "failed" },
                charge_id: obj["charge"].as_str(),
            };
            logs::record(tx, workplace_id, entry).await?;
            subscription = sub_of(obj);
        }
        "charge.refunded" => {
            let entry = Entry {
                vendor_id: obj["id"].as_str().unwrap_or_default(),
                kind: "refund",
                description: "Refund",
                cents: obj["amount_refunded"].as_i64().unwrap_or(0),
                currency: obj["currency"].as_str().unwrap_or("usd"),
                status: "refunded",
                charge_id: obj["id"].as_str(),
            };
            logs::record(tx, workplace_id, entry).await?;
        }
        _ => return dispute(tx, vendor, grace, workplace_id, kind, obj).await,
    }
    let Some(id) = subscription else { return Ok(After::default()) };
    let sub = vendor.retrieve_subscription(&id).await.map_err(upstream)?;
    apply::apply(tx, workplace_id, &sub, grace).await
}

/// The card typed on the vendor's page becomes the plan subscription's payment method.
async fn card(tx: &mut PgConnection, vendor: &PaymentVendor, workplace_id: Uuid, session: &Value) -> Result<()> {
    let si = session["setup_intent"].as_str().ok_or_else(|| Error::BadRequest("The setup session has no setup intent".into()))?;
    let pm = vendor.setup_payment_method(si).await.map_err(upstream)?;
    let sub: Option<String> =
        sqlx::query_scalar("SELECT subscription_id FROM workplace_subscriptions WHERE workplace_id = $1").bind(workplace_id).fetch_one(&mut *tx).await?;
    if let Some(sub) = sub {
        vendor.update_subscription(&sub, &[("default_payment_method", pm)]).await.map_err(upstream)?;
    }
    sqlx::query("UPDATE billing_checkouts SET completed_at = now() WHERE session_id = $1 AND completed_at IS NULL")
        .bind(session["id"].as_str())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A disputed plan payment is logged and ends paid access at once: the subscription is
/// cancelled at the vendor and the workplace moves to the free plan. A closed dispute only
/// updates the log (winning it back does not restart a plan; the owner subscribes again).
async fn dispute(tx: &mut PgConnection, vendor: &PaymentVendor, grace: i64, workplace_id: Uuid, kind: &str, d: &Value) -> Result<After> {
    let entry = Entry {
        vendor_id: d["id"].as_str().unwrap_or_default(),
        kind: "dispute",
        description: "Payment disputed",
        cents: d["amount"].as_i64().unwrap_or(0),
        currency: d["currency"].as_str().unwrap_or("usd"),
        status: d["status"].as_str().unwrap_or("needs_response"),
        charge_id: d["charge"].as_str(),
    };
    logs::record(tx, workplace_id, entry).await?;
    let held: Option<(Option<String>, String, Option<String>)> =
        sqlx::query_as("SELECT subscription_id, status, plan_key FROM workplace_subscriptions WHERE workplace_id = $1")
            .bind(workplace_id)
            .fetch_optional(&mut *tx)
            .await?;
    if kind != "charge.dispute.created" {
        return Ok(After::default());
    }
    if let Some((Some(id), status, plan)) = held.filter(|h| super::view::is_live(&h.1)) {
        let _ = status;
        let sub = vendor.cancel_subscription_now(&id).await.map_err(upstream)?;
        apply::apply(tx, workplace_id, &sub, grace).await?;
        apply::ended(tx, workplace_id, &id, plans::find(plan.as_deref().unwrap_or_default()).name).await?;
    }
    Ok(After::default())
}

/// What the vendor must do after the change is committed. A failure is logged: the plan in
/// Dropline is already right, and the owner sees the subscription's state.
async fn follow_up(pool: &PgPool, vendor: &PaymentVendor, grace: i64, workplace_id: Uuid, after: After) {
    if let Some(old) = after.cancel
        && let Err(e) = vendor.cancel_subscription_now(&old).await
    {
        tracing::error!(%workplace_id, subscription = %old, error = %e, "the replaced subscription could not be ended");
    }
    if let Some((key, customer, card)) = after.subscribe {
        let plan = plans::find(&key);
        let lookup = super::plan_lookup_key(plan);
        let name = format!("Dropline {}", plan.name);
        let spec =
            PriceSpec { lookup_key: &lookup, product_name: &name, unit_amount: super::cents(plan), currency: "usd", interval: Some(super::interval(plan)) };
        let wp = workplace_id.to_string();
        let meta = [("workplace_id", wp.as_str()), ("purpose", PURPOSE_PLAN), ("plan_key", plan.key)];
        let made = match vendor.price(&spec).await {
            Ok(price) => vendor.create_subscription(&customer, &price, card.as_deref(), &meta).await,
            Err(e) => Err(e),
        };
        match made {
            Ok(sub) => {
                let applied = async {
                    let mut tx = crate::db::begin(pool).await?;
                    apply::lock(&mut tx, workplace_id).await?;
                    apply::apply(&mut tx, workplace_id, &sub, grace).await?;
                    tx.commit().await?;
                    Ok::<_, Error>(())
                };
                if let Err(e) = applied.await {
                    tracing::error!(%workplace_id, error = %e, "the downgraded subscription could not be applied");
                }
            }
            Err(e) => tracing::error!(%workplace_id, plan = %key, error = %e, "the downgrade's subscription could not be made"),
        }
    }
}

async fn by_session(pool: &PgPool, session: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT workplace_id FROM billing_checkouts WHERE session_id = $1").bind(session).fetch_optional(pool).await?)
}

async fn by_customer(pool: &PgPool, customer: Option<&str>, subscription: Option<&str>) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT workplace_id FROM workplace_subscriptions WHERE customer_id = $1 OR subscription_id = $2 LIMIT 1")
        .bind(customer)
        .bind(subscription)
        .fetch_optional(pool)
        .await?)
}

async fn by_charge(pool: &PgPool, charge: Option<&str>) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT workplace_id FROM billing_payments WHERE charge_id = $1 AND kind = 'subscription' LIMIT 1")
        .bind(charge)
        .fetch_optional(pool)
        .await?)
}
