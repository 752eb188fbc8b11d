//! Imported products: import, the import list, the editor, bulk edits and pricing rules.
pub mod copies;
pub mod description;
pub mod edit;
pub mod import;
pub mod import_all;
pub mod imported_list;
pub mod jobs;
pub mod pricing;
pub mod source_variants;
pub mod view;

use serde::Deserialize;
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, Fields, Result};
use crate::store::{pricing_rules, products};

#[derive(Debug, Deserialize, ToSchema)]
pub struct PriceOp {
    /// multiply, add or set
    pub op: String,
    pub value: f64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkUpdate {
    pub ids: Vec<Uuid>,
    pub tags_add: Option<Vec<String>>,
    pub collections_add: Option<Vec<String>>,
    pub product_type: Option<String>,
    pub vendor: Option<String>,
    pub price: Option<PriceOp>,
}

/// Applies one change to many products; every product is changed or none is.
pub async fn bulk_update(pool: &PgPool, workplace_id: Uuid, b: BulkUpdate) -> Result<u64> {
    let ids = products::owned_ids(pool, workplace_id, Some(&b.ids)).await?;
    if ids.is_empty() {
        return Err(Error::field("ids", "choose products of this workplace"));
    }
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query(
        "UPDATE products SET
             tags = CASE WHEN $3::text[] IS NULL THEN tags ELSE ARRAY(SELECT DISTINCT unnest(tags || $3)) END,
             collections = CASE WHEN $4::text[] IS NULL THEN collections ELSE ARRAY(SELECT DISTINCT unnest(collections || $4)) END,
             product_type = COALESCE($5, product_type), vendor = COALESCE($6, vendor), updated_at = now()
         WHERE workplace_id = $1 AND id = ANY($2)",
    )
    .bind(workplace_id)
    .bind(&ids)
    .bind(&b.tags_add)
    .bind(&b.collections_add)
    .bind(b.product_type.as_deref().map(str::trim))
    .bind(b.vendor.as_deref().map(str::trim))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    if let Some(p) = b.price {
        let mut variants: Vec<products::VariantRow> = products::variants(pool, &ids).await?.into_iter().map(|(_, v)| v).collect();
        edit::reprice(&mut variants, &p.op, p.value).map_err(|m| Error::field("price.op", m))?;
        let prices: Vec<(Uuid, i64, Option<i64>)> = variants.iter().map(|v| (v.id, v.price_cents, v.compare_at_cents)).collect();
        products::set_prices(pool, workplace_id, &prices, &[]).await?;
    }
    Ok(ids.len() as u64)
}

/// Prices the products again with the rule in force (the default store's, else the
/// workplace's). `ids: None` = every product of the workplace, imported or pushed.
pub async fn reapply_pricing(pool: &PgPool, workplace_id: Uuid, ids: Option<&[Uuid]>) -> Result<u64> {
    let ids = products::owned_ids(pool, workplace_id, ids).await?;
    let store = pricing_rules::default_store(pool, workplace_id).await?;
    let (rule, _): (pricing::PricingRule, _) = pricing_rules::effective(pool, workplace_id, store).await?;
    let mut prices = vec![];
    for chunk in ids.chunks(1_000) {
        for (_, v) in products::variants(pool, chunk).await? {
            let p = rule.reapply(v.cost_cents, v.shipping_cents, v.price_cents, v.compare_at_cents);
            prices.push((v.id, p.price_cents, p.compare_at_cents));
        }
    }
    products::set_prices(pool, workplace_id, &prices, &ids).await?;
    Ok(ids.len() as u64)
}

/// Saves a pricing rule for the workplace or one of its live stores.
pub async fn save_rule(pool: &PgPool, workplace_id: Uuid, store_id: Option<Uuid>, rule: &pricing::PricingRule) -> Result<()> {
    if let Err(bad) = rule.validate() {
        let mut fields: HashMap<String, Vec<String>> = HashMap::new();
        for (k, m) in bad {
            fields.entry(k).or_default().push(m);
        }
        let mut f = Fields::default();
        for (k, ms) in fields {
            for m in ms {
                f.take::<()>(&k, Err(m));
            }
        }
        f.finish()?;
    }
    if let Some(store) = store_id {
        let live: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM stores WHERE id = $1 AND workplace_id = $2 AND removed_at IS NULL)")
            .bind(store)
            .bind(workplace_id)
            .fetch_one(pool)
            .await?;
        if !live {
            return Err(Error::InvalidCurrentShop);
        }
    }
    pricing_rules::save(pool, workplace_id, store_id, rule).await
}
