//! The supplier's variants now beside the product's (`GET /center/products/{id}/source-variants`):
//! per variant of the product, the supplier's cost and stock for its SKU today (or that the
//! supplier dropped it), and the supplier's SKUs the product does not carry. A variant that
//! supplier sync moved to another supplier is read from that supplier.
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::PgPool;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::catalogue::detail::{self, DetailVariant};
use crate::catalogue::search::dollars;
use crate::connectors::suppliers::Suppliers;
use crate::error::{Error, Result};
use crate::store::products::{self, ProductRow, VariantRow};
use crate::values::Source;

/// A supplier product as read now: its title and every variant, sold-out ones included.
#[derive(Debug, Clone)]
pub struct SupplierNow {
    pub title: String,
    pub variants: Vec<DetailVariant>,
}

/// Reads a supplier product through the catalogue cache (fresh within `fresh_secs`). A product
/// the supplier no longer has reads as no variants; an outage is the caller's to show.
pub async fn supplier_now(pool: &PgPool, suppliers: &Suppliers, fresh_secs: i64, source: &str, id: &str) -> std::result::Result<SupplierNow, String> {
    let src = Source::parse(source)?;
    match detail::load(pool, suppliers, src, id, fresh_secs).await {
        Ok(d) => Ok(SupplierNow { title: d.name, variants: d.variants.into_iter().chain(d.sold_out_variants).collect() }),
        Err(Error::NotFound(_)) => Ok(SupplierNow { title: String::new(), variants: vec![] }),
        Err(e) => Err(format!("The supplier could not be read: {e}")),
    }
}

/// The supplier of a variant: the one supplier sync switched it to, else the product's.
pub fn supplier_of<'a>(p: &'a ProductRow, v: &'a VariantRow) -> (&'a str, &'a str) {
    match (&v.supplier_source, &v.supplier_product_id) {
        (Some(s), Some(id)) => (s, id),
        _ => (&p.source, &p.source_product_id),
    }
}

/// Reads each supplier product the variants come from once.
pub async fn read_suppliers(
    pool: &PgPool,
    suppliers: &Suppliers,
    fresh_secs: i64,
    p: &ProductRow,
    variants: &[VariantRow],
) -> HashMap<(String, String), std::result::Result<SupplierNow, String>> {
    let mut reads = HashMap::new();
    let mut wanted = vec![(p.source.clone(), p.source_product_id.clone())];
    wanted.extend(variants.iter().map(|v| supplier_of(p, v)).map(|(s, id)| (s.to_string(), id.to_string())));
    for key in wanted {
        if let Entry::Vacant(slot) = reads.entry(key) {
            let got = supplier_now(pool, suppliers, fresh_secs, &slot.key().0, &slot.key().1).await;
            slot.insert(got);
        }
    }
    reads
}

/// The option values of a variant in the product's option order ("Red / XL").
pub fn label(p: &ProductRow, v: &VariantRow) -> String {
    let names = p.options.as_array().into_iter().flatten().filter_map(|o| o["name"].as_str());
    names.filter_map(|n| v.options.get(n).and_then(Value::as_str)).collect::<Vec<_>>().join(" / ")
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VariantAgainstSupplier {
    pub variant_id: Uuid,
    pub sku_id: String,
    #[schema(value_type = Object)]
    pub options: Value,
    pub label: String,
    pub enabled: bool,
    /// What Dropline holds (USD).
    pub cost: f64,
    pub stock: i32,
    /// What the supplier says now; null when it dropped the SKU or could not be read.
    pub supplier_cost: Option<f64>,
    pub supplier_stock: Option<i64>,
    /// The supplier no longer sells this SKU.
    pub gone: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SupplierVariant {
    pub sku_id: String,
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
    pub cost: f64,
    pub stock: i64,
    /// The product carries this SKU.
    pub in_product: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SourceVariants {
    pub source: String,
    pub source_product_id: String,
    pub variants: Vec<VariantAgainstSupplier>,
    /// The product's own supplier product's variants.
    pub supplier_variants: Vec<SupplierVariant>,
    /// Why the supplier could not be read (its numbers are then null).
    pub supplier_error: Option<String>,
}

pub async fn source_variants(pool: &PgPool, suppliers: &Suppliers, fresh_secs: i64, workplace_id: Uuid, id: Uuid) -> Result<SourceVariants> {
    let (p, variants) = products::get(pool, workplace_id, id).await?.ok_or(Error::NotFound("product"))?;
    let reads = read_suppliers(pool, suppliers, fresh_secs, &p, &variants).await;
    let find = |v: &VariantRow| -> Option<Option<&DetailVariant>> {
        let (s, pid) = supplier_of(&p, v);
        let now = reads.get(&(s.to_string(), pid.to_string()))?.as_ref().ok()?;
        Some(now.variants.iter().find(|d| d.sku_id == v.sku_id))
    };
    let rows = variants
        .iter()
        .map(|v| {
            let seen = find(v);
            VariantAgainstSupplier {
                variant_id: v.id,
                sku_id: v.sku_id.clone(),
                options: v.options.clone(),
                label: label(&p, v),
                enabled: v.enabled,
                cost: dollars(v.cost_cents),
                stock: v.stock,
                supplier_cost: seen.flatten().map(|d| d.price),
                supplier_stock: seen.flatten().map(|d| d.stock),
                gone: matches!(seen, Some(None)),
            }
        })
        .collect();
    let own = &reads[&(p.source.clone(), p.source_product_id.clone())];
    let supplier_variants = own
        .as_ref()
        .map(|now| {
            now.variants
                .iter()
                .map(|d| SupplierVariant {
                    sku_id: d.sku_id.clone(),
                    options: d.options.clone(),
                    cost: d.price,
                    stock: d.stock,
                    in_product: variants.iter().any(|v| v.sku_id == d.sku_id && supplier_of(&p, v) == (p.source.as_str(), p.source_product_id.as_str())),
                })
                .collect()
        })
        .unwrap_or_default();
    let supplier_error = reads.values().find_map(|r| r.as_ref().err().cloned());
    Ok(SourceVariants { source: p.source.clone(), source_product_id: p.source_product_id.clone(), variants: rows, supplier_variants, supplier_error })
}
