//! Auto update (supplier sync) settings, per workplace: what a sync may change in the stores.
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::automation::jobs::SupplierSyncJob;
use crate::error::{Error, Result};
use crate::queue::Job;
use crate::store::automation;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AutoUpdate {
    /// Scheduled syncs run; a manual "sync now" runs either way.
    #[serde(default = "yes")]
    pub is_enable: bool,
    /// Prices follow supplier cost changes (by `price_rule`); off: only cost and stock change.
    #[serde(default = "yes")]
    pub update_price: bool,
    #[serde(default)]
    pub price_rule: PriceRule,
    #[serde(default)]
    pub out_of_stock: OutOfStock,
    #[serde(default = "yes")]
    pub notify_sku_removed: bool,
    /// A variant whose SKU the supplier dropped moves to its next mapped supplier, if any.
    #[serde(default = "yes")]
    pub switch_supplier: bool,
    #[serde(default = "day")]
    pub interval_hours: u32,
}

fn yes() -> bool {
    true
}

fn day() -> u32 {
    24
}

impl Default for AutoUpdate {
    fn default() -> Self {
        serde_json::from_value(json!({})).expect("every field has a default")
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PriceRule {
    /// The pricing rule in force prices the new cost (as an import would).
    #[default]
    PricingRule,
    /// The price keeps its ratio to the cost (a hand-set price keeps its markup).
    KeepMargin,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OutOfStock {
    /// Stock 0 at the destination; the listing stays as it is.
    #[default]
    SetZero,
    /// Stock 0, and the product is unpublished while every variant is out.
    Unpublish,
}

/// Hours between scheduled syncs: at least hourly, at most weekly.
pub const INTERVAL_HOURS: std::ops::RangeInclusive<u32> = 1..=168;

/// The saved settings, or the defaults.
pub async fn get(pool: &PgPool, workplace_id: Uuid) -> Result<AutoUpdate> {
    Ok(parse(automation::get(pool, workplace_id).await?.map(|r| r.auto_update)))
}

pub fn parse(saved: Option<Value>) -> AutoUpdate {
    saved.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default()
}

pub async fn update(pool: &PgPool, workplace_id: Uuid, s: AutoUpdate) -> Result<AutoUpdate> {
    if !INTERVAL_HOURS.contains(&s.interval_hours) {
        return Err(Error::field("interval_hours", "choose between 1 and 168 hours"));
    }
    automation::save_auto_update(pool, workplace_id, &serde_json::to_value(&s).map_err(anyhow::Error::from)?).await?;
    Ok(s)
}

/// When the last sync of the workplace ended well.
pub async fn last_run_at(pool: &PgPool, workplace_id: Uuid) -> Result<Option<DateTime<Utc>>> {
    automation::last_sync(pool, workplace_id, SupplierSyncJob::KIND).await
}

/// Starts a sync now of `product_ids` (none: every pushed product); returns its progress id.
pub async fn sync_now(pool: &PgPool, workplace_id: Uuid, mut product_ids: Option<Vec<Uuid>>) -> Result<i64> {
    if let Some(ids) = &mut product_ids {
        ids.sort_unstable();
        ids.dedup();
        let owned = crate::store::products::owned_ids(pool, workplace_id, Some(ids)).await?;
        if owned.len() != ids.len() {
            return Err(Error::field("product_ids", "some products are not in this workplace"));
        }
    }
    let mut tx = crate::db::begin(pool).await?;
    let job = SupplierSyncJob { workplace_id, product_ids };
    let id = crate::queue::enqueue(&mut tx, Some(workplace_id), &job, json!({})).await?;
    tx.commit().await?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_sensible() {
        let d = AutoUpdate::default();
        assert!(d.is_enable && d.update_price && d.notify_sku_removed && d.switch_supplier);
        assert_eq!((d.price_rule, d.out_of_stock, d.interval_hours), (PriceRule::PricingRule, OutOfStock::SetZero, 24));
        assert_eq!(parse(Some(json!({"interval_hours": 6, "out_of_stock": "unpublish"}))).interval_hours, 6);
        assert_eq!(parse(Some(json!("garbage"))), d);
    }
}
