//! An imported product as the editor shows it (amounts in dollars).
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::catalogue::search::dollars;
use crate::store::products::{ProductRow, VariantRow};

#[derive(Debug, Serialize, ToSchema)]
pub struct VariantView {
    pub id: Uuid,
    pub sku_id: String,
    #[schema(value_type = Object)]
    pub options: Value,
    pub cost: f64,
    pub shipping_cost: f64,
    pub price: f64,
    pub compare_at_price: Option<f64>,
    pub stock: i32,
    pub image: Option<String>,
    pub enabled: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportedProduct {
    pub id: Uuid,
    pub product_package_id: Uuid,
    pub source: String,
    pub source_product_id: String,
    pub ship_to: String,
    pub stage: String,
    pub title: String,
    pub description_html: String,
    pub tags: Vec<String>,
    pub collections: Vec<String>,
    pub product_type: String,
    pub vendor: String,
    #[schema(value_type = Vec<Object>)]
    pub options: Value,
    #[schema(value_type = Vec<Object>)]
    pub images: Value,
    pub thumbnail: Option<String>,
    /// The supplier's video, pushed where the destination takes video (Shopify); null once removed.
    pub video_url: Option<String>,
    pub variants: Vec<VariantView>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub pricing_applied_at: Option<DateTime<Utc>>,
}

impl From<&VariantRow> for VariantView {
    fn from(v: &VariantRow) -> Self {
        VariantView {
            id: v.id,
            sku_id: v.sku_id.clone(),
            options: v.options.clone(),
            cost: dollars(v.cost_cents),
            shipping_cost: dollars(v.shipping_cents),
            price: dollars(v.price_cents),
            compare_at_price: v.compare_at_cents.map(dollars),
            stock: v.stock,
            image: v.image.clone(),
            enabled: v.enabled,
        }
    }
}

pub fn view(p: ProductRow, variants: &[VariantRow]) -> ImportedProduct {
    ImportedProduct {
        id: p.id,
        product_package_id: p.id,
        source: p.source,
        source_product_id: p.source_product_id,
        ship_to: p.ship_to,
        stage: p.stage,
        title: p.title,
        description_html: p.description_html,
        tags: p.tags,
        collections: p.collections,
        product_type: p.product_type,
        vendor: p.vendor,
        options: p.options,
        images: p.images,
        thumbnail: p.thumbnail,
        video_url: p.video_url,
        variants: variants.iter().map(VariantView::from).collect(),
        created_at: p.created_at,
        updated_at: p.updated_at,
        pricing_applied_at: p.pricing_applied_at,
    }
}
