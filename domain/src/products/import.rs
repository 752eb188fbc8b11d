//! Importing a supplier product into a workplace's import list: read it (cache or supplier),
//! price it by the rule in force, and store it with its quota unit in one transaction.
use chrono::Utc;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::view::{ImportedProduct, view};
use crate::catalogue::detail::{self, ProductDetail};
use crate::config::CatalogueSettings;
use crate::connectors::suppliers::{Suppliers, parse_cents};
use crate::error::{Error, Result};
use crate::plans::quota;
use crate::products::pricing::PricingRule;
use crate::store::pricing_rules;
use crate::store::products::{self, ProductRow, VariantRow};
use crate::values::{Country, Source};

pub const ALREADY_IMPORTED: &str = "ProductAlreadyImported";

#[derive(Debug, Clone)]
pub struct ImportRequest {
    pub source: Source,
    pub source_product_id: String,
    pub ship_to: Country,
}

/// The cheapest shipping to the ship-to country, in cents; refused when it does not ship there.
async fn shipping_cents(pool: &PgPool, suppliers: &Suppliers, r: &ImportRequest) -> Result<i64> {
    let country = r.ship_to.0.as_str();
    let options = detail::freight(pool, suppliers, r.source, &r.source_product_id, country)
        .await?
        .ok_or_else(|| Error::BadRequest(format!("This product does not ship to {country}")))?;
    Ok(options.first().map_or(0, |o| parse_cents(&o.amount)))
}

/// The product as first stored: every in-stock variant priced by `rule`.
pub fn draft(d: &ProductDetail, ship_to: &Country, shipping: i64, rule: &PricingRule) -> (ProductRow, Vec<VariantRow>) {
    let now = Utc::now();
    let options: Vec<Value> = d
        .options
        .iter()
        .map(|o| json!({"name": o["name"], "values": o["values"].as_array().map(|v| v.iter().map(|x| x["value"].clone()).collect::<Vec<_>>()).unwrap_or_default()}))
        .collect();
    let product = ProductRow {
        id: Uuid::new_v4(),
        source: d.source.clone(),
        source_product_id: d.source_product_id.clone(),
        ship_to: ship_to.0.clone(),
        stage: "import_list".into(),
        title: d.name.clone(),
        description_html: super::description::clean_html(&d.description),
        tags: vec![],
        collections: vec![],
        product_type: d.category["name"].as_str().unwrap_or_default().to_string(),
        vendor: String::new(),
        options: json!(options),
        images: json!(d.images.iter().map(|u| json!({"url": u, "selected": true})).collect::<Vec<_>>()),
        thumbnail: d.images.first().cloned(),
        video_url: d.video_url.clone(),
        pricing_applied_at: Some(now),
        created_at: now,
        updated_at: now,
    };
    let variants = d
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let cost = (v.price * 100.0).round() as i64;
            let original = v.compare_at_price.map(|p| (p * 100.0).round() as i64);
            let priced = rule.apply_with_original(cost, shipping, original);
            VariantRow {
                id: Uuid::new_v4(),
                position: i as i32,
                sku_id: v.sku_id.clone(),
                options: json!(v.options),
                cost_cents: cost,
                shipping_cents: shipping,
                price_cents: priced.price_cents,
                compare_at_cents: priced.compare_at_cents,
                stock: v.stock.clamp(0, i32::MAX as i64) as i32,
                image: v.image.clone(),
                enabled: true,
                supplier_source: None,
                supplier_product_id: None,
            }
        })
        .collect();
    (product, variants)
}

/// Imports one product. `ProductAlreadyImported` (BAD_REQUEST) when the workplace has it;
/// QUOTA_EXPIRED when the plan's IMPORT_PRODUCT units are used up: then nothing is stored.
/// `batch_item` (import-all) is marked done in the same transaction as the product.
pub async fn import_one(
    pool: &PgPool,
    suppliers: &Suppliers,
    cfg: &CatalogueSettings,
    workplace_id: Uuid,
    r: &ImportRequest,
    batch_item: Option<(Uuid, i32)>,
) -> Result<ImportedProduct> {
    if already_imported(pool, workplace_id, r).await? {
        return Err(Error::BadRequest(ALREADY_IMPORTED.into()));
    }
    let d = detail::load(pool, suppliers, r.source, &r.source_product_id, cfg.detail_fresh_secs).await?;
    if d.variants.is_empty() {
        return Err(Error::BadRequest("This product is out of stock at the supplier".into()));
    }
    let shipping = shipping_cents(pool, suppliers, r).await?;
    let store = pricing_rules::default_store(pool, workplace_id).await?;
    let (rule, _): (PricingRule, _) = pricing_rules::effective(pool, workplace_id, store).await?;
    let (product, variants) = draft(&d, &r.ship_to, shipping, &rule);
    let mut tx = crate::db::begin(pool).await?;
    if products::insert(&mut tx, workplace_id, &product, None).await?.is_none() {
        return Err(Error::BadRequest(ALREADY_IMPORTED.into()));
    }
    quota::consume(&mut tx, workplace_id, "IMPORT_PRODUCT", 1).await?;
    products::replace_variants(&mut tx, product.id, &variants).await?;
    if let Some((batch, position)) = batch_item {
        sqlx::query("UPDATE import_batch_items SET status = 'success', product_id = $3 WHERE batch_id = $1 AND position = $2")
            .bind(batch)
            .bind(position)
            .bind(product.id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(view(product, &variants))
}

async fn already_imported(pool: &PgPool, workplace_id: Uuid, r: &ImportRequest) -> Result<bool> {
    Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM products WHERE workplace_id = $1 AND source = $2 AND source_product_id = $3 AND copy_of IS NULL)")
        .bind(workplace_id)
        .bind(r.source.as_str())
        .bind(&r.source_product_id)
        .fetch_one(pool)
        .await?)
}
