//! A supplier product as the detail page and an import see it: from the cache while fresh,
//! else read from the supplier (and cached). Zero-stock variants are kept apart from the
//! sellable ones (spec section 5 drops them from an import; the page shows them sold out).
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::search::{dollars, first_unique};
use crate::connectors::suppliers::{FreightOption, SupplierError, Suppliers, parse_cents};
use crate::error::{Error, Result};
use crate::store::supplier_products::{self, DetailDoc};
use crate::values::Source;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DetailVariant {
    pub sku_id: String,
    #[schema(value_type = Object)]
    pub options: serde_json::Map<String, Value>,
    pub price: f64,
    pub compare_at_price: Option<f64>,
    pub stock: i64,
    pub image: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductDetail {
    pub source: String,
    pub source_product_id: String,
    pub name: String,
    pub description: String,
    pub images: Vec<String>,
    /// The supplier's video of the product (played on the detail page), if it has one.
    pub video_url: Option<String>,
    #[schema(value_type = Vec<Object>)]
    pub options: Vec<Value>,
    /// The variants in stock: what an import takes (spec section 5 drops zero-quantity SKUs).
    pub variants: Vec<DetailVariant>,
    /// The variants the supplier has sold out of (stock 0), shown marked, never imported.
    pub sold_out_variants: Vec<DetailVariant>,
    pub price_range: [f64; 2],
    pub rating: Option<f32>,
    pub reviews_count: Option<i32>,
    pub lastest_volume: i64,
    pub ship_from: Option<String>,
    pub ships_to: Vec<String>,
    #[schema(value_type = Object)]
    pub category: Value,
    pub imported: bool,
    pub product_package_id: Option<Uuid>,
    pub fetched_at: Option<DateTime<Utc>>,
}

pub fn supplier_error(e: SupplierError) -> Error {
    match e {
        SupplierError::NotFound(_) => Error::NotFound("product"),
        SupplierError::CannotShip(c) => Error::BadRequest(format!("This product does not ship to {c}")),
        SupplierError::Unavailable(m) => Error::Upstream(m),
    }
}

/// The cached detail, refreshed from the supplier first when missing or older than `fresh_secs`.
pub async fn load(pool: &PgPool, suppliers: &Suppliers, source: Source, id: &str, fresh_secs: i64) -> Result<ProductDetail> {
    let cached = supplier_products::get(pool, source, id).await?;
    let fresh = cached.as_ref().and_then(|c| c.detail_fetched_at).is_some_and(|t| Utc::now() - t < chrono::Duration::seconds(fresh_secs));
    if !fresh {
        let product = suppliers.product(source, id).await.map_err(supplier_error)?;
        let us = suppliers.freight(source, id, "US", 1).await.ok();
        supplier_products::save_detail(pool, source, &product, us.as_deref()).await?;
    }
    let c = supplier_products::get(pool, source, id).await?.ok_or(Error::NotFound("product"))?;
    let doc: DetailDoc =
        c.detail.clone().and_then(|d| serde_json::from_value(d).ok()).ok_or_else(|| Error::Upstream("the supplier's product could not be read".into()))?;
    // Sold-out variants are kept apart: the page marks them, an import never takes them.
    let (variants, sold_out): (Vec<DetailVariant>, Vec<DetailVariant>) = doc
        .variants
        .iter()
        .map(|v| DetailVariant {
            sku_id: v["sku_id"].as_str().unwrap_or_default().to_string(),
            options: v["options"].as_object().cloned().unwrap_or_default(),
            price: dollars(parse_cents(v["price"].as_str().unwrap_or("0"))),
            compare_at_price: v["compare_at_price"].as_str().map(|p| dollars(parse_cents(p))),
            stock: v["stock"].as_i64().unwrap_or(0).max(0),
            image: v["image"].as_str().map(str::to_string),
        })
        .partition(|v| v.stock > 0);
    Ok(ProductDetail {
        source: c.source,
        source_product_id: c.source_product_id,
        name: doc.title,
        description: doc.description,
        images: first_unique(&doc.images, usize::MAX),
        video_url: doc.video_url,
        options: doc.options.iter().map(option_view).collect(),
        variants,
        sold_out_variants: sold_out,
        price_range: [dollars(c.price_cents), dollars(c.price_max_cents)],
        // A 0 is a supplier that does not rate (CJ), not a zero-star product.
        rating: c.rating.filter(|r| *r > 0.0),
        reviews_count: c.reviews_count,
        lastest_volume: c.orders as i64,
        ship_from: c.ship_from,
        ships_to: c.ships_to.unwrap_or_default(),
        category: doc.category,
        imported: false,
        product_package_id: None,
        fetched_at: c.detail_fetched_at,
    })
}

/// Every variant of the supplier product as the cache holds them, sold-out ones included (`load`
/// drops those), read from the supplier first when older than `fresh_secs` (supplier sync passes
/// 0). NotFound when the supplier no longer has the product.
pub async fn all_variants(pool: &PgPool, suppliers: &Suppliers, source: Source, id: &str, fresh_secs: i64) -> Result<Vec<Value>> {
    load(pool, suppliers, source, id, fresh_secs).await?;
    let cached = supplier_products::get(pool, source, id).await?.ok_or(Error::NotFound("product"))?;
    let doc: DetailDoc = cached.detail.and_then(|d| serde_json::from_value(d).ok()).ok_or(Error::NotFound("product"))?;
    Ok(doc.variants)
}

/// A supplier option in the spec's shape: `{name, values: [{id, value, image}]}`.
fn option_view(o: &Value) -> Value {
    let values: Vec<Value> = o["values"]
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|v| json!({ "id": v["id"], "value": v["value"].as_str().or(v["name"].as_str()), "image": v["image"] }))
        .collect();
    json!({ "name": o["name"], "values": values })
}

/// Shipping options for one unit to a country (cheapest first): the cache's, else the
/// supplier's, then cached. `None` = it does not ship there.
pub async fn freight(pool: &PgPool, suppliers: &Suppliers, source: Source, id: &str, country: &str) -> Result<Option<Vec<FreightOption>>> {
    if let Some(known) = supplier_products::freight(pool, source, id, country).await? {
        return Ok(known);
    }
    match suppliers.freight(source, id, country, 1).await {
        Ok(o) => {
            supplier_products::save_freight(pool, source, id, country, Some(&o)).await?;
            Ok(Some(o))
        }
        Err(SupplierError::CannotShip(_)) => Ok(None),
        Err(e) => Err(supplier_error(e)),
    }
}

/// Shipping to one country: whether the product ships there, and how (cheapest first).
#[derive(Debug, Serialize, ToSchema)]
pub struct Logistics {
    pub country_code: String,
    pub ships: bool,
    pub options: Vec<LogisticsOption>,
}

/// One way of shipping the product.
#[derive(Debug, Serialize, ToSchema)]
pub struct LogisticsOption {
    pub code: String,
    pub company: String,
    /// Dollars, for the quantity asked.
    pub amount: f64,
    pub currency: String,
    pub delivery_time: String,
}

/// Shipping options to a country, read through the cache (other quantities ask the supplier).
pub async fn logistics(pool: &PgPool, suppliers: &Suppliers, source: Source, id: &str, country: &str, quantity: i64) -> Result<Logistics> {
    let options = if quantity == 1 {
        freight(pool, suppliers, source, id, country).await?
    } else {
        match suppliers.freight(source, id, country, quantity).await {
            Ok(o) => Some(o),
            Err(SupplierError::CannotShip(_)) => None,
            Err(e) => return Err(supplier_error(e)),
        }
    };
    Ok(Logistics {
        country_code: country.to_string(),
        ships: options.is_some(),
        options: options
            .unwrap_or_default()
            .into_iter()
            .map(|o| LogisticsOption {
                amount: dollars(parse_cents(&o.amount)),
                code: o.code,
                company: o.company,
                currency: o.currency,
                delivery_time: o.delivery_time,
            })
            .collect(),
    })
}

/// One page of a supplier product's reviews. The values are the supplier's, passed on as they
/// came (null when the supplier left one out).
#[derive(Debug, Serialize, ToSchema)]
pub struct SupplierReviews {
    #[schema(value_type = Option<i64>)]
    pub total: Value,
    pub page: i64,
    pub items: Vec<SupplierReview>,
}

/// A review in the spec's shape (rating out of 5, `feedback` text).
#[derive(Debug, Serialize, ToSchema)]
pub struct SupplierReview {
    #[schema(value_type = Option<String>)]
    pub id: Value,
    #[schema(value_type = Option<String>)]
    pub feedback: Value,
    #[schema(value_type = Option<f64>)]
    pub rating: Value,
    /// RFC 3339.
    #[serde(rename = "createdAt")]
    #[schema(value_type = Option<String>)]
    pub created_at: Value,
    #[schema(value_type = Option<String>)]
    pub country: Value,
    /// Image addresses.
    #[schema(value_type = Option<Vec<String>>)]
    pub images: Value,
    /// The buyer's (shortened) name.
    #[schema(value_type = Option<String>)]
    pub name: Value,
}

/// Reviews in the spec's shape (rating out of 5, `feedback` text).
pub async fn reviews(suppliers: &Suppliers, source: Source, id: &str, page: i64) -> Result<SupplierReviews> {
    let answer = suppliers.reviews(source, id, page).await.map_err(supplier_error)?;
    let items: Vec<SupplierReview> = answer["items"]
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|r| SupplierReview {
            id: r["id"].clone(),
            feedback: r["text"].clone(),
            rating: r["rating"].clone(),
            created_at: r["date"].clone(),
            country: r["country"].clone(),
            images: r["images"].clone(),
            name: r["buyer"].clone(),
        })
        .collect();
    Ok(SupplierReviews { total: answer["total"].clone(), page, items })
}
