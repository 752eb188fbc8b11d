//! Pricing rules: one per workplace and, optionally, one per store.
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Where the rule in force comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RuleScope {
    Default,
    Workplace,
    Store,
}

/// The store's rule, else the workplace's, else the default. The rule's shape is the domain's
/// (`products::pricing::PricingRule`); a stored rule that no longer reads as it is skipped.
pub async fn effective<R: DeserializeOwned + Default>(pool: &PgPool, workplace_id: Uuid, store_id: Option<Uuid>) -> Result<(R, RuleScope)> {
    let rows: Vec<(Option<Uuid>, serde_json::Value)> = sqlx::query_as(
        "SELECT store_id, rule FROM pricing_rules WHERE workplace_id = $1 AND (store_id IS NULL OR store_id = $2)
         ORDER BY store_id NULLS LAST",
    )
    .bind(workplace_id)
    .bind(store_id)
    .fetch_all(pool)
    .await?;
    for (store, rule) in rows {
        if let Ok(rule) = serde_json::from_value::<R>(rule) {
            return Ok((rule, if store.is_some() { RuleScope::Store } else { RuleScope::Workplace }));
        }
    }
    Ok((R::default(), RuleScope::Default))
}

/// Saves the rule (the caller checked that `store_id` is one of the workplace's stores).
pub async fn save(pool: &PgPool, workplace_id: Uuid, store_id: Option<Uuid>, rule: &impl Serialize) -> Result<()> {
    sqlx::query(
        "INSERT INTO pricing_rules (workplace_id, store_id, rule) VALUES ($1, $2, $3)
         ON CONFLICT (workplace_id, store_id) DO UPDATE SET rule = EXCLUDED.rule, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(store_id)
    .bind(serde_json::to_value(rule).map_err(anyhow::Error::from)?)
    .execute(pool)
    .await?;
    Ok(())
}

/// The workplace's default store, whose rule prices imports.
pub async fn default_store(pool: &PgPool, workplace_id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT id FROM stores WHERE workplace_id = $1 AND is_default AND removed_at IS NULL LIMIT 1")
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?)
}
