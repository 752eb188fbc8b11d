//! A product as a destination receives it: what every store and channel connector takes.
//! Built from the stored product; split into parts only when it has more variants than the
//! destination allows (a Shopify shop says its own limit; the spec still counts a product as
//! ceil(variants/100) units of the listing quota).
use serde_json::Value;
use uuid::Uuid;

pub use crate::connectors::listing::{Listing, ListingVariant, PushError, money};
use crate::store::products::{ProductRow, VariantRow};

/// The spec's unit of the listing quota (section 5: "at most 100"), and the parts WooCommerce
/// stores and sales channels take.
pub const VARIANT_LIMIT: usize = 100;

/// Shopify's variants per product for every merchant since 2025-10-15, until a shop says otherwise.
pub const SHOPIFY_VARIANT_LIMIT: usize = 2_048;

pub fn variant_sku(variant_id: Uuid) -> String {
    format!("DL-{}", variant_id.simple())
}

/// Whether a store SKU is one `variant_sku` made: Dropline's internal id, never shown to the owner.
pub fn is_variant_sku(sku: &str) -> bool {
    sku.strip_prefix("DL-").is_some_and(|id| id.len() == 32 && Uuid::try_parse(id).is_ok())
}

/// How many units a product counts for in the LISTING_PRODUCTS quota.
pub fn units(enabled_variants: usize) -> i64 {
    enabled_variants.div_ceil(VARIANT_LIMIT).max(1) as i64
}

/// The listing parts of a product: enabled variants only, at most `limit` per part. Part keys
/// are `key`, `key-part-2`, `key-part-3`...
pub fn build(p: &ProductRow, variants: &[VariantRow], key: &str, publish: bool, currency: &str, limit: usize) -> Vec<Listing> {
    let limit = limit.max(1);
    let options: Vec<String> = p.options.as_array().into_iter().flatten().filter_map(|o| o["name"].as_str().map(str::to_string)).collect();
    let mut images: Vec<String> = p
        .images
        .as_array()
        .into_iter()
        .flatten()
        .filter(|i| i["selected"].as_bool().unwrap_or(true))
        .filter_map(|i| i["url"].as_str().map(str::to_string))
        .collect();
    if let Some(t) = &p.thumbnail {
        images.retain(|u| u != t);
        images.insert(0, t.clone());
    }
    let enabled: Vec<ListingVariant> = variants
        .iter()
        .filter(|v| v.enabled)
        .map(|v| ListingVariant {
            sku: variant_sku(v.id),
            option_values: options.iter().map(|name| value_text(&v.options[name.as_str()])).collect(),
            price_cents: v.price_cents,
            compare_at_cents: v.compare_at_cents.filter(|c| *c > v.price_cents),
            stock: v.stock.max(0),
            image: v.image.clone(),
        })
        .collect();
    let parts: Vec<&[ListingVariant]> = if enabled.is_empty() { vec![&[]] } else { enabled.chunks(limit).collect() };
    let many = parts.len() > 1;
    parts
        .into_iter()
        .enumerate()
        .map(|(i, chunk)| Listing {
            key: if i == 0 { key.to_string() } else { format!("{key}-part-{}", i + 1) },
            title: if many { format!("{} ({}/{})", p.title, i + 1, enabled.len().div_ceil(limit)) } else { p.title.clone() },
            description_html: p.description_html.clone(),
            tags: p.tags.clone(),
            collections: p.collections.clone(),
            product_type: p.product_type.clone(),
            vendor: p.vendor.clone(),
            options: options.clone(),
            images: images.clone(),
            video: if i == 0 { p.video_url.clone() } else { None },
            variants: chunk.to_vec(),
            publish,
            currency: currency.to_string(),
        })
        .collect()
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A readable, unique Shopify handle / WooCommerce SKU stem: the title's words and a short id.
pub fn remote_key(title: &str, product_id: Uuid) -> String {
    let slug: String = title.to_lowercase().chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
    let words: Vec<&str> = slug.split('-').filter(|w| !w.is_empty()).take(8).collect();
    let id = product_id.simple().to_string();
    if words.is_empty() { format!("dl-{}", &id[..12]) } else { format!("{}-dl{}", words.join("-"), &id[..12]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_skus_dropline_makes_are_internal() {
        assert!(is_variant_sku(&variant_sku(Uuid::new_v4())));
        for own in ["DL-LAMP-RED", "LAMP-R", "DL-", "dl-0f1e2d3c4b5a69788796a5b4c3d2e1f0x"] {
            assert!(!is_variant_sku(own), "{own}");
        }
    }
}
