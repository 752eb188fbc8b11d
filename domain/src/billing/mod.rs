//! Paid plans through the payment vendor (Stripe's protocol). `charge` opens the vendor's
//! Checkout for an upgrade (subscription mode, a Price found by `lookup_key`), schedules a
//! downgrade or a cancellation for the end of the paid period, and changes the plan's card
//! (setup mode); `extras` sells one-off extra quota (payment mode). The plan itself changes only
//! in `apply`, from the subscription as the vendor answers it when one of its signed events
//! arrives (`webhook`), so an event delivered twice or late never undoes a newer state.
//! A failed renewal keeps the plan for `payments.grace_days` (`grace`), then the free plan.
//! The invoices and payments seen are the payment logs (`logs`).
pub mod apply;
pub mod charge;
pub mod customer;
pub mod extras;
pub mod grace;
pub mod logs;
pub mod shopify;
pub mod view;
pub mod webhook;

use crate::plans::Plan;

/// The `metadata[purpose]` of Dropline's plan checkouts, so the wallet leaves them alone.
pub const PURPOSE_PLAN: &str = "plan_subscription";
pub const PURPOSE_CARD: &str = "plan_card";
pub const PURPOSE_EXTRA: &str = "plan_extra";

/// The plan's price in cents.
pub fn cents(plan: &Plan) -> i64 {
    (plan.price * 100.0).round() as i64
}

/// The vendor's billing interval for a plan: a 30-day cycle is monthly, any other yearly
/// (spec section 3).
pub fn interval(plan: &Plan) -> &'static str {
    if plan.cycle == 30 { "month" } else { "year" }
}

/// How the dashboard names the cycle.
pub fn cycle_name(plan: &Plan) -> &'static str {
    if plan.cycle == 30 { "monthly" } else { "yearly" }
}

/// The Price's lookup key: the plan, its amount and interval, so a changed price is a new Price.
pub fn plan_lookup_key(plan: &Plan) -> String {
    format!("dropline_plan_{}_{}_{}", plan.key, cents(plan), interval(plan))
}

fn upstream(e: crate::connectors::payments::VendorError) -> crate::Error {
    crate::Error::Upstream(e.to_string())
}

/// Seconds since the epoch from a vendor object's field.
fn at(v: &serde_json::Value) -> Option<chrono::DateTime<chrono::Utc>> {
    v.as_i64().and_then(|t| chrono::DateTime::from_timestamp(t, 0))
}
