//! Preview and confirm before placing: per order and source, what the supplier order will cost.
//! Confirm re-reads the supplier's current prices and stock first.
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{dollars, resolve};
use crate::catalogue::detail;
use crate::connectors::suppliers::orders::error_message;
use crate::connectors::suppliers::{Suppliers, parse_cents};
use crate::error::Result;
use crate::push::listing::is_variant_sku;
use crate::values::Source;

#[derive(sqlx::FromRow)]
struct Line {
    id: i64,
    order_id: i64,
    quantity: i32,
    source: String,
    source_product_id: String,
    sku_id: String,
    cost_cents: Option<i64>,
    shipping_info: Option<Value>,
    country_code: String,
    title: String,
    variant_title: Option<String>,
    sku: Option<String>,
    image: Option<String>,
}

/// What placing the orders will cost: per order and source, and in all (dollars).
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPreview {
    pub orders: Vec<PreviewOrder>,
    pub total: f64,
}

/// One order of a preview (only orders ready to place are previewed).
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewOrder {
    pub order_id: i64,
    pub name: String,
    /// One supplier order per source.
    pub sources: Vec<PreviewSource>,
}

/// The supplier order one source would get.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewSource {
    pub source: String,
    /// The order's line item ids it carries.
    pub lines: Vec<i64>,
    /// Those lines as the owner knows them.
    pub items: Vec<PreviewLine>,
    pub product_cost: f64,
    pub shipping_cost: f64,
    pub total: f64,
    pub placeable: bool,
    pub error_key: Option<&'static str>,
    pub message: Option<&'static str>,
    /// Always null for now.
    pub warning: Option<String>,
}

/// A line of a supplier order to be: the variant by its option values and SKUs, never by
/// Dropline's internal ids.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewLine {
    pub id: i64,
    pub title: String,
    /// The variant's option values, as the store names them ("Red / XL").
    pub variant_title: Option<String>,
    /// The store's SKU when the owner set one (none when the store holds Dropline's own).
    pub sku: Option<String>,
    /// The supplier's SKU.
    pub sku_id: String,
    pub quantity: i32,
    pub image: Option<String>,
}

impl From<&Line> for PreviewLine {
    fn from(l: &Line) -> Self {
        PreviewLine {
            id: l.id,
            title: l.title.clone(),
            // Shopify's name for the one variant of a product without options.
            variant_title: l.variant_title.clone().filter(|t| !t.trim().is_empty() && t != "Default Title"),
            sku: l.sku.clone().filter(|s| !s.trim().is_empty() && !is_variant_sku(s)),
            sku_id: l.sku_id.clone(),
            quantity: l.quantity,
            image: l.image.clone(),
        }
    }
}

/// `confirm` asks the supplier for current prices and stock; `preview` uses what is stored.
pub async fn preview(pool: &PgPool, suppliers: &Suppliers, workplace_id: Uuid, order_ids: &[i64], confirm: bool) -> Result<OrderPreview> {
    let names: Vec<(i64, String)> = sqlx::query_as("SELECT id, name FROM orders WHERE workplace_id = $1 AND id = ANY($2) AND status = 'ready' ORDER BY id")
        .bind(workplace_id)
        .bind(order_ids)
        .fetch_all(pool)
        .await?;
    let lines: Vec<Line> = sqlx::query_as(
        "SELECT l.id, l.order_id, l.quantity, l.source, l.source_product_id, l.sku_id, l.cost_cents, l.shipping_info, o.country_code,
                l.title, l.variant_title, l.sku, l.image
         FROM order_line_items l JOIN orders o ON o.id = l.order_id LEFT JOIN source_orders so ON so.id = l.source_order_id
         WHERE o.workplace_id = $1 AND l.order_id = ANY($2) AND l.source IS NOT NULL AND NOT l.disabled AND NOT l.need_change_supplier AND l.shipment_id IS NULL
           AND (so.id IS NULL OR so.status IN ('failed', 'cancelled'))
         ORDER BY l.id",
    )
    .bind(workplace_id)
    .bind(order_ids)
    .fetch_all(pool)
    .await?;
    let mut out = vec![];
    let mut grand = 0i64;
    for (order_id, name) in names {
        let mut by_source: BTreeMap<String, Vec<&Line>> = BTreeMap::new();
        for l in lines.iter().filter(|l| l.order_id == order_id) {
            by_source.entry(l.source.clone()).or_default().push(l);
        }
        let mut sources = vec![];
        for (source, group) in by_source {
            let (mut product, mut shipping, mut error_key) = (0i64, 0i64, None::<&str>);
            for l in &group {
                let (cost, problem) = current(pool, suppliers, l, confirm).await?;
                if let Some(p) = problem {
                    error_key.get_or_insert(p);
                }
                product += cost.unwrap_or(0) * l.quantity as i64;
                let info = match &l.shipping_info {
                    Some(i) => Some(i.clone()),
                    None => fill_shipping(pool, suppliers, l).await?,
                };
                match info {
                    // The supplier charges one shipping fee per order: the dearest line's.
                    Some(i) => shipping = shipping.max((i["amount"].as_f64().unwrap_or(0.0) * 100.0).round() as i64),
                    None => {
                        error_key.get_or_insert("shipped_country_notfound");
                    }
                }
            }
            grand += product + shipping;
            sources.push(PreviewSource {
                lines: group.iter().map(|l| l.id).collect(),
                items: group.iter().map(|l| PreviewLine::from(*l)).collect(),
                source,
                product_cost: dollars(product),
                shipping_cost: dollars(shipping),
                total: dollars(product + shipping),
                placeable: error_key.is_none(),
                error_key,
                message: error_key.map(error_message),
                warning: None,
            });
        }
        out.push(PreviewOrder { order_id, name, sources });
    }
    Ok(OrderPreview { orders: out, total: dollars(grand) })
}

/// The line's unit cost and, on confirm, a stock or SKU problem (the cost is saved when it changed).
async fn current(pool: &PgPool, suppliers: &Suppliers, l: &Line, confirm: bool) -> Result<(Option<i64>, Option<&'static str>)> {
    if !confirm {
        return Ok((l.cost_cents, None));
    }
    let Ok(source) = Source::parse(&l.source) else { return Ok((l.cost_cents, Some("error_not_found_sku"))) };
    let Ok(p) = suppliers.product(source, &l.source_product_id).await else { return Ok((l.cost_cents, Some("error_not_found_sku"))) };
    let Some(v) = p.variants.iter().find(|v| v.sku_id == l.sku_id) else { return Ok((l.cost_cents, Some("error_not_found_sku"))) };
    let cost = parse_cents(&v.price);
    if Some(cost) != l.cost_cents {
        sqlx::query("UPDATE order_line_items SET cost_cents = $2 WHERE id = $1").bind(l.id).bind(cost).execute(pool).await?;
    }
    let problem = match v.stock {
        0 => Some("product_sold_out"),
        s if s < l.quantity as i64 => Some("product_out_of_stock"),
        _ => None,
    };
    Ok((Some(cost), problem))
}

/// The cheapest option to the order's country, read through the freight cache and saved on the line.
async fn fill_shipping(pool: &PgPool, suppliers: &Suppliers, l: &Line) -> Result<Option<Value>> {
    let Ok(source) = Source::parse(&l.source) else { return Ok(None) };
    let options = detail::freight(pool, suppliers, source, &l.source_product_id, &l.country_code).await?;
    let Some(first) = options.and_then(|o| o.into_iter().next()) else { return Ok(None) };
    let info = resolve::shipping_info(&serde_json::to_value(first).map_err(anyhow::Error::from)?);
    sqlx::query("UPDATE order_line_items SET shipping_info = $2 WHERE id = $1 AND shipping_info IS NULL").bind(l.id).bind(&info).execute(pool).await?;
    Ok(Some(info))
}
