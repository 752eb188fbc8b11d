//! Actions a plan allows or not (spec sections 4 and 6), each refused with QUOTA_EXPIRED and the
//! spec's prompt key as the message, which the web shows translated with a link to change plan.
use sqlx::PgPool;
use uuid::Uuid;

use super::Plan;
use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// Placing more than one order at once (BULK_ORDER_FULFILLMENT).
    BulkOrderPlacement,
    /// Editing several import-list products in one go: "starter or higher".
    BulkEditListings,
    /// Cashback on supplier orders (ADMIAD_CASHBACK).
    Cashback,
}

impl Gate {
    /// The spec's prompt (section 8), the message of the refusal.
    pub fn prompt(self) -> &'static str {
        match self {
            Gate::BulkOrderPlacement => "BulkOrderPlacementIsDisabled",
            Gate::BulkEditListings => "UpgradeForBulkEditingListings",
            Gate::Cashback => "CashbackIsUnavailable",
        }
    }

    pub fn allows(self, plan: &Plan) -> bool {
        let has = |feature: &str| plan.limit(feature).is_some_and(|l| l != 0);
        match self {
            Gate::BulkOrderPlacement => has("BULK_ORDER_FULFILLMENT"),
            Gate::BulkEditListings => plan.is_starter_or_higher(),
            Gate::Cashback => has("ADMIAD_CASHBACK") && plan.is_starter_or_higher(),
        }
    }
}

/// Ok when the workplace's plan allows `gate`, else QUOTA_EXPIRED with the gate's prompt.
pub async fn check(pool: &PgPool, workplace_id: Uuid, gate: Gate) -> Result<()> {
    let key: String = sqlx::query_scalar("SELECT plan_key FROM workplaces WHERE id = $1")
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?
        .ok_or(Error::NotFound("workplace"))?;
    if gate.allows(super::find(&key)) { Ok(()) } else { Err(Error::QuotaExpired(gate.prompt().into())) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plans::find;

    #[test]
    fn the_free_plan_is_refused_what_pro_and_enterprise_allow() {
        let free = find("FREE_ORDER_FULFILLMENT_2");
        for gate in [Gate::BulkOrderPlacement, Gate::BulkEditListings, Gate::Cashback] {
            assert!(!gate.allows(free), "{gate:?} on the free plan");
            assert!(gate.allows(find("PRO_DROPLINE_AO_TIER_1")), "{gate:?} on Pro");
            assert!(gate.allows(find("ENTERPRISE_DROPLINE_AO_YEARLY")), "{gate:?} on Enterprise yearly");
        }
    }

    #[test]
    fn the_marketplace_plan_is_starter_or_higher_but_has_no_bulk_placement() {
        let mkt = find("FREE_AO_MKT");
        assert!(Gate::BulkEditListings.allows(mkt));
        assert!(!Gate::BulkOrderPlacement.allows(mkt));
        assert!(!Gate::Cashback.allows(mkt), "its cashback limit is 0");
    }
}
