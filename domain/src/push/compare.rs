//! The three copies of a pushed product side by side (`GET /center/products/{id}/compare`):
//! what each store holds now (read back through the store's connector), what Dropline holds,
//! and what the supplier sells now, for the title and each variant's price and stock. The
//! store's variants are matched by Dropline's SKU (`DL-<variant id>`), which every push sets.
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::listing::variant_sku;
use super::platforms::{self, ProductPlatform};
use crate::catalogue::search::dollars;
use crate::config::Settings;
use crate::connectors::stores::store_copy::{self, StoreCopy};
use crate::connectors::stores::{shopify, woocommerce};
use crate::connectors::suppliers::Suppliers;
use crate::crypto::Sealer;
use crate::error::{Error, Result};
use crate::products::source_variants::{label, read_suppliers, supplier_of};
use crate::store::{products, stores};

/// One store's copy: its title, or why it could not be read.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreSide {
    pub destination: String,
    pub channel_label: String,
    pub platform: String,
    pub external_id: Option<String>,
    /// The currency of the store's prices.
    pub currency: String,
    /// Null when the store could not be read or no longer has the product.
    pub title: Option<String>,
    /// The store no longer has the product (deleted there).
    pub missing: bool,
    pub error: Option<String>,
}

/// A variant's price and stock in one store.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreVariant {
    pub destination: String,
    /// In the store's currency; null when the store has no such variant.
    pub price: Option<f64>,
    pub stock: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompareVariant {
    pub variant_id: Uuid,
    pub label: String,
    /// Dropline's price (USD) and stock.
    pub price: f64,
    pub stock: i32,
    /// The supplier's cost (USD) and stock now; null when it dropped the SKU or could not be read.
    pub supplier_cost: Option<f64>,
    pub supplier_stock: Option<i64>,
    pub stores: Vec<StoreVariant>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductCompare {
    pub product_id: Uuid,
    /// Dropline's title.
    pub title: String,
    /// The supplier's title now (null when it could not be read).
    pub supplier_title: Option<String>,
    pub supplier_error: Option<String>,
    pub stores: Vec<StoreSide>,
    /// The enabled variants: what the stores were sent.
    pub variants: Vec<CompareVariant>,
}

/// Reads the store's copy of a pushed product; `Ok(None)` when the store no longer has it.
async fn read_store(
    settings: &Settings,
    sealer: &Sealer,
    pool: &PgPool,
    workplace_id: Uuid,
    target: &ProductPlatform,
) -> (String, Result<Option<StoreCopy>, String>) {
    let Some(store_id) = target.store_id else { return (String::new(), Err("not a store".into())) };
    let store = match stores::credentials(pool, store_id).await {
        Ok(Some(s)) if s.workplace_id == workplace_id => s,
        Ok(_) => return (String::new(), Err("The store was removed".into())),
        Err(e) => return (String::new(), Err(e.to_string())),
    };
    let currency = store.currency.clone();
    if store.status != "connected" {
        return (currency, Err("The store is disconnected; connect it again to read its copy".into()));
    }
    if target.remote_ids.is_empty() {
        return (currency, Err("The product has not reached this store yet".into()));
    }
    let creds: Value = match sealer.open_json(&store.credentials) {
        Ok(c) => c,
        Err(e) => return (currency, Err(e.to_string())),
    };
    // A product over the store's variant limit was pushed in parts: one copy made of them all.
    let mut whole: Option<StoreCopy> = None;
    for id in &target.remote_ids {
        let part = if store.platform == "shopify" {
            let admin = shopify::Admin::new(&settings.shopify, &store.platform_domain, creds["access_token"].as_str().unwrap_or_default());
            store_copy::shopify(&admin, id).await
        } else {
            store_copy::woo(&woocommerce::Rest::of_store(&store.api_base, &creds, &settings.inspect), id).await
        };
        match (part, whole.as_mut()) {
            (Err(e), _) => return (currency, Err(e)),
            (Ok(None), _) => {}
            (Ok(Some(p)), Some(w)) => w.variants.extend(p.variants),
            (Ok(Some(p)), None) => whole = Some(p),
        }
    }
    (currency, Ok(whole))
}

pub async fn compare(pool: &PgPool, settings: &Settings, sealer: &Sealer, suppliers: &Suppliers, workplace_id: Uuid, id: Uuid) -> Result<ProductCompare> {
    let (p, variants) = products::get(pool, workplace_id, id).await?.ok_or(Error::NotFound("product"))?;
    let targets = platforms::of_product(pool, workplace_id, id).await?;
    let mut sides = vec![];
    let mut copies = vec![];
    for t in targets.iter().filter(|t| t.store_id.is_some()) {
        let (currency, copy) = read_store(settings, sealer, pool, workplace_id, t).await;
        let (title, missing, error) = match &copy {
            Ok(Some(c)) => (Some(c.title.clone()), false, None),
            Ok(None) => (None, true, None),
            Err(e) => (None, false, Some(e.clone())),
        };
        sides.push(StoreSide {
            destination: t.destination.clone(),
            channel_label: t.channel_label.clone(),
            platform: t.platform.clone(),
            external_id: t.external_id.clone(),
            currency,
            title,
            missing,
            error,
        });
        copies.push((t.destination.clone(), copy.ok().flatten()));
    }
    let reads = read_suppliers(pool, suppliers, settings.catalogue.detail_fresh_secs, &p, &variants).await;
    let own = &reads[&(p.source.clone(), p.source_product_id.clone())];
    let rows = variants
        .iter()
        .filter(|v| v.enabled)
        .map(|v| {
            let (s, pid) = supplier_of(&p, v);
            let seen =
                reads.get(&(s.to_string(), pid.to_string())).and_then(|r| r.as_ref().ok()).and_then(|n| n.variants.iter().find(|d| d.sku_id == v.sku_id));
            let sku = variant_sku(v.id);
            let stores = copies
                .iter()
                .map(|(destination, copy)| {
                    let found = copy.as_ref().and_then(|c| c.variants.iter().find(|x| x.sku.as_deref() == Some(sku.as_str())));
                    StoreVariant { destination: destination.clone(), price: found.and_then(|x| x.price_cents).map(dollars), stock: found.and_then(|x| x.stock) }
                })
                .collect();
            CompareVariant {
                variant_id: v.id,
                label: label(&p, v),
                price: dollars(v.price_cents),
                stock: v.stock,
                supplier_cost: seen.map(|d| d.price),
                supplier_stock: seen.map(|d| d.stock),
                stores,
            }
        })
        .collect();
    Ok(ProductCompare {
        product_id: p.id,
        title: p.title.clone(),
        supplier_title: own.as_ref().ok().map(|n| n.title.clone()).filter(|t| !t.is_empty()),
        supplier_error: reads.values().find_map(|r| r.as_ref().err().cloned()),
        stores: sides,
        variants: rows,
    })
}
