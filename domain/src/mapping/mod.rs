//! Mapping store variants to supplier variants. A variant may have several suppliers, in
//! priority order and optionally limited to ship-to countries, so an order falls back to the
//! next supplier when the first is out of stock or no longer has the SKU.
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashSet;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::catalogue::detail;
use crate::config::CatalogueSettings;
use crate::connectors::suppliers::Suppliers;
use crate::error::{Error, Result};
use crate::store::store_products::{self, MappedSupplier};
use crate::values::{Country, Source};

pub const MAX_SUPPLIERS: usize = 5;

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SupplierChoice {
    pub source: String,
    pub source_product_id: String,
    pub sku_id: String,
    #[serde(default)]
    pub ship_to_countries: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VariantMapping {
    pub variant_id: Uuid,
    /// In priority order: the first is tried first.
    pub suppliers: Vec<SupplierChoice>,
}

/// The supplier product's variants (all of them, sold out included), read through the cache.
async fn supplier_variants(pool: &PgPool, suppliers: &Suppliers, cfg: &CatalogueSettings, source: Source, id: &str) -> Result<Vec<Value>> {
    match detail::all_variants(pool, suppliers, source, id, cfg.detail_fresh_secs).await {
        Err(Error::NotFound(_)) => Err(Error::DataNotFound),
        other => other,
    }
}

async fn checked(pool: &PgPool, suppliers: &Suppliers, cfg: &CatalogueSettings, c: &SupplierChoice) -> Result<MappedSupplier> {
    let source = Source::parse(&c.source).map_err(|m| Error::field("source", m))?;
    let countries: Vec<String> = c
        .ship_to_countries
        .iter()
        .map(|x| Country::parse(x).map(|c| c.0))
        .collect::<std::result::Result<_, _>>()
        .map_err(|m| Error::field("ship_to_countries", m))?;
    let variants = supplier_variants(pool, suppliers, cfg, source, &c.source_product_id).await?;
    if !variants.iter().any(|v| v["sku_id"] == c.sku_id.as_str()) {
        return Err(Error::DataNotFound);
    }
    Ok(MappedSupplier {
        priority: 0,
        source: source.as_str().into(),
        source_product_id: c.source_product_id.clone(),
        sku_id: c.sku_id.clone(),
        ship_to_countries: countries,
    })
}

/// Sets each listed variant's suppliers (replacing what it had). DataNotFound when the store
/// product, a variant, a supplier product or a SKU does not exist.
pub async fn map_variants(
    pool: &PgPool,
    suppliers: &Suppliers,
    cfg: &CatalogueSettings,
    workplace_id: Uuid,
    product_id: Uuid,
    mappings: &[VariantMapping],
) -> Result<()> {
    let mut conn = pool.acquire().await?;
    let variants = store_products::variant_ids(&mut conn, workplace_id, product_id).await?.ok_or(Error::DataNotFound)?;
    drop(conn);
    let mut planned = vec![];
    for m in mappings {
        if !variants.iter().any(|(id, _)| *id == m.variant_id) {
            return Err(Error::DataNotFound);
        }
        if m.suppliers.len() > MAX_SUPPLIERS {
            return Err(Error::field("suppliers", format!("a variant has at most {MAX_SUPPLIERS} suppliers")));
        }
        let mut chosen = vec![];
        for c in &m.suppliers {
            chosen.push(checked(pool, suppliers, cfg, c).await?);
        }
        let distinct: HashSet<(&str, &str, &str)> = chosen.iter().map(|s| (s.source.as_str(), s.source_product_id.as_str(), s.sku_id.as_str())).collect();
        if distinct.len() != chosen.len() {
            return Err(Error::field("suppliers", "the same supplier SKU is listed twice"));
        }
        planned.push((m.variant_id, chosen));
    }
    save(pool, &planned).await?;
    Ok(())
}

/// Writes every planned variant's suppliers in one transaction: all or none.
async fn save(pool: &PgPool, planned: &[(Uuid, Vec<MappedSupplier>)]) -> Result<()> {
    let mut tx = crate::db::begin(pool).await?;
    for (variant, list) in planned {
        store_products::set_suppliers(&mut tx, *variant, list).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The values of a variant's options, lower-cased, for matching across platforms.
fn values(options: &Value) -> Vec<String> {
    let mut v: Vec<String> = options.as_object().map(|o| o.values().filter_map(|x| x.as_str()).map(|s| s.trim().to_lowercase()).collect()).unwrap_or_default();
    v.sort();
    v
}

/// The supplier SKU with the same option values as the store variant, else the one at its position.
fn matching_sku(store_options: &Value, position: usize, supplier: &[Value]) -> Option<String> {
    let wanted = values(store_options);
    supplier
        .iter()
        .find(|v| !wanted.is_empty() && values(&v["options"]) == wanted)
        .or_else(|| supplier.get(position))
        .and_then(|v| v["sku_id"].as_str().map(str::to_string))
}

/// Maps every variant of the store product to one supplier product, matched by option values;
/// `append` adds it after the suppliers a variant already has (a fallback) instead of replacing.
#[allow(clippy::too_many_arguments)] // one per field of the mapping call, as the API names them
pub async fn map_group(
    pool: &PgPool,
    suppliers: &Suppliers,
    cfg: &CatalogueSettings,
    workplace_id: Uuid,
    product_id: Uuid,
    source: &str,
    source_product_id: &str,
    append: bool,
    countries: &[String],
) -> Result<usize> {
    let src = Source::parse(source).map_err(|m| Error::field("source", m))?;
    let mut conn = pool.acquire().await?;
    let variants = store_products::variant_ids(&mut conn, workplace_id, product_id).await?.ok_or(Error::DataNotFound)?;
    drop(conn);
    let supplier = supplier_variants(pool, suppliers, cfg, src, source_product_id).await?;
    let mut planned = vec![];
    for (i, (variant, options)) in variants.iter().enumerate() {
        let Some(sku) = matching_sku(options, i, &supplier) else { continue };
        let mut list = if append { store_products::suppliers_of(pool, workplace_id, *variant).await? } else { vec![] };
        list.retain(|s| !(s.source == src.as_str() && s.source_product_id == source_product_id));
        if list.len() >= MAX_SUPPLIERS {
            return Err(Error::field("suppliers", format!("a variant has at most {MAX_SUPPLIERS} suppliers")));
        }
        list.push(MappedSupplier {
            priority: 0,
            source: src.as_str().into(),
            source_product_id: source_product_id.into(),
            sku_id: sku,
            ship_to_countries: countries.to_vec(),
        });
        planned.push((*variant, list));
    }
    save(pool, &planned).await?;
    Ok(planned.len())
}

/// Replaces one supplier product with another in every variant of the store product, keeping
/// each variant's priority. DataNotFound when the product has no such supplier or the new one
/// does not exist.
pub async fn replace(
    pool: &PgPool,
    suppliers: &Suppliers,
    cfg: &CatalogueSettings,
    workplace_id: Uuid,
    product_id: Uuid,
    from: (&str, &str),
    to: (&str, &str),
) -> Result<usize> {
    let to_source = Source::parse(to.0).map_err(|m| Error::field("to.source", m))?;
    let mut conn = pool.acquire().await?;
    let variants = store_products::variant_ids(&mut conn, workplace_id, product_id).await?.ok_or(Error::DataNotFound)?;
    drop(conn);
    let replacement = supplier_variants(pool, suppliers, cfg, to_source, to.1).await?;
    let mut planned = vec![];
    for (i, (variant, options)) in variants.iter().enumerate() {
        let mut list = store_products::suppliers_of(pool, workplace_id, *variant).await?;
        let Some(slot) = list.iter_mut().find(|s| s.source == from.0 && s.source_product_id == from.1) else { continue };
        slot.source = to_source.as_str().into();
        slot.source_product_id = to.1.into();
        slot.sku_id = matching_sku(options, i, &replacement).ok_or(Error::DataNotFound)?;
        planned.push((*variant, list));
    }
    if planned.is_empty() {
        return Err(Error::DataNotFound);
    }
    save(pool, &planned).await?;
    Ok(planned.len())
}

/// The supplier an order line goes to: the first by priority that ships to `country` and
/// has the SKU in stock (`stock` answers from the supplier or the cache).
pub fn choose<'a>(list: &'a [MappedSupplier], country: &str, stock: impl Fn(&MappedSupplier) -> Option<i64>) -> Option<&'a MappedSupplier> {
    list.iter().find(|s| (s.ship_to_countries.is_empty() || s.ship_to_countries.iter().any(|c| c == country)) && stock(s).is_some_and(|n| n > 0))
}

/// A catalogue product offered as the supplier of an unmapped store product.
#[derive(Debug, Serialize, ToSchema)]
pub struct Recommendation {
    pub source: String,
    pub source_product_id: String,
    pub name: String,
    pub image: Option<String>,
    /// Dollars.
    pub price: f64,
    /// How well the titles match (higher is better).
    pub score: f64,
}

/// Catalogue products whose titles share the most words with the store product's title: the
/// candidates the mapping screen offers for an unmapped product.
pub async fn recommend(pool: &PgPool, workplace_id: Uuid, store_product_id: Uuid, limit: i64) -> Result<Vec<Recommendation>> {
    let title: String = sqlx::query_scalar("SELECT title FROM store_products WHERE id = $1 AND workplace_id = $2")
        .bind(store_product_id)
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?
        .ok_or(Error::DataNotFound)?;
    // Any of the title's words may match; rank by how many and how well.
    let rows: Vec<(String, String, String, Option<String>, i64, f32)> = sqlx::query_as(
        "WITH q AS (SELECT replace(plainto_tsquery('simple', $1)::text, '&', '|')::tsquery AS q)
         SELECT source, source_product_id, title, images[1], price_cents, ts_rank(search, q.q) AS rank
         FROM supplier_products, q WHERE search @@ q.q ORDER BY rank DESC, orders DESC LIMIT $2",
    )
    .bind(&title)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        // The rank goes out as the f64 it widens to, as it did through `json!`.
        .map(|(source, id, name, image, price, rank)| Recommendation {
            source,
            source_product_id: id,
            name,
            image,
            price: price as f64 / 100.0,
            score: rank as f64,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn s(sku: &str, countries: &[&str]) -> MappedSupplier {
        MappedSupplier {
            priority: 1,
            source: "cj".into(),
            source_product_id: "p".into(),
            sku_id: sku.into(),
            ship_to_countries: countries.iter().map(|c| c.to_string()).collect(),
        }
    }

    #[test]
    fn falls_back_past_sold_out_gone_and_non_shipping_suppliers() {
        let list = [s("sold-out", &[]), s("gone", &[]), s("eu-only", &["DE"]), s("ok", &[])];
        let stock = |m: &MappedSupplier| match m.sku_id.as_str() {
            "sold-out" => Some(0),
            "gone" => None,
            _ => Some(5),
        };
        assert_eq!(choose(&list, "US", stock).unwrap().sku_id, "ok");
        assert_eq!(choose(&list, "DE", stock).unwrap().sku_id, "eu-only");
        assert!(choose(&list[..2], "US", stock).is_none());
    }

    #[test]
    fn skus_match_by_option_values_then_position() {
        let supplier = [json!({"sku_id": "a", "options": {"Color": "Red"}}), json!({"sku_id": "b", "options": {"Color": "Blue"}})];
        assert_eq!(matching_sku(&json!({"Colour": "blue"}), 0, &supplier).as_deref(), Some("b"));
        assert_eq!(matching_sku(&json!({"Size": "XL"}), 1, &supplier).as_deref(), Some("b"));
        assert_eq!(matching_sku(&json!({}), 5, &supplier), None);
    }
}
