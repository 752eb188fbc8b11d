//! Which supplier variant a store order line is ordered from. A product Dropline pushed carries
//! the SKU `DL-<variant id>`; a store's own product is found through its mapping
//! (`variant_suppliers`, first by priority that ships to the country). What resolves to nothing
//! is an unmapped line: shown, never placed.
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use super::ingest::IncomingLine;
use crate::connectors::suppliers::parse_cents;
use crate::error::Result;

#[derive(Debug, Clone)]
pub struct Supplier {
    pub source: String,
    pub source_product_id: String,
    pub sku_id: String,
    pub cost_cents: Option<i64>,
    pub image: Option<String>,
}

/// A line's supplier; no network: only what Dropline already stores.
pub async fn line(conn: &mut PgConnection, workplace_id: Uuid, store_id: Uuid, l: &IncomingLine, country: &str) -> Result<Option<Supplier>> {
    if let Some(variant) = l.sku.as_deref().and_then(|s| s.strip_prefix("DL-")).and_then(|s| Uuid::parse_str(s).ok()) {
        let found: Option<(String, String, String, i64, Option<String>)> = sqlx::query_as(
            "SELECT COALESCE(v.supplier_source, p.source), COALESCE(v.supplier_product_id, p.source_product_id), v.sku_id,
                    v.cost_cents, COALESCE(v.image, p.thumbnail)
             FROM product_variants v JOIN products p ON p.id = v.product_id
             WHERE v.id = $1 AND p.workplace_id = $2",
        )
        .bind(variant)
        .bind(workplace_id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some((source, source_product_id, sku_id, cost, image)) = found {
            return Ok(Some(Supplier { source, source_product_id, sku_id, cost_cents: Some(cost), image }));
        }
    }
    let Some(remote) = &l.remote_variant_id else { return Ok(None) };
    let mapped: Option<(String, String, String, Option<String>)> = sqlx::query_as(
        "SELECT vs.source, vs.source_product_id, vs.sku_id, sp.image
         FROM store_variants sv
         JOIN store_products sp ON sp.id = sv.store_product_id
         JOIN variant_suppliers vs ON vs.store_variant_id = sv.id
         WHERE sp.store_id = $1 AND sp.workplace_id = $2 AND sv.remote_id = $3
           AND (cardinality(vs.ship_to_countries) = 0 OR $4 = ANY(vs.ship_to_countries))
         ORDER BY vs.priority LIMIT 1",
    )
    .bind(store_id)
    .bind(workplace_id)
    .bind(remote)
    .bind(country)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((source, source_product_id, sku_id, image)) = mapped else { return Ok(None) };
    let cost = cached_cost(conn, &source, &source_product_id, &sku_id).await?;
    Ok(Some(Supplier { source, source_product_id, sku_id, cost_cents: cost, image }))
}

/// The SKU's price in the catalogue cache, if its detail was read.
pub async fn cached_cost(conn: &mut PgConnection, source: &str, product: &str, sku: &str) -> Result<Option<i64>> {
    let price: Option<Option<String>> = sqlx::query_scalar(
        "SELECT v->>'price' FROM supplier_products, jsonb_array_elements(COALESCE(detail->'variants', '[]')) v
         WHERE source = $1 AND source_product_id = $2 AND v->>'sku_id' = $3",
    )
    .bind(source)
    .bind(product)
    .bind(sku)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(price.flatten().map(|p| parse_cents(&p)))
}

/// The cheapest cached shipping option to the country, in the spec's `shipping_info` shape.
pub async fn cached_shipping(conn: &mut PgConnection, source: &str, product: &str, country: &str) -> Result<Option<Value>> {
    let options: Option<Value> =
        sqlx::query_scalar("SELECT options FROM supplier_freight WHERE source = $1 AND source_product_id = $2 AND country = $3 AND ships")
            .bind(source)
            .bind(product)
            .bind(country)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(options.and_then(|o| o.as_array().and_then(|a| a.first().cloned())).map(|o| shipping_info(&o)))
}

/// A supplier freight option as `shipping_info`: service_name, amount, processing_time, delivery_time.
pub fn shipping_info(o: &Value) -> Value {
    let delivery = match (o["min_days"].as_i64(), o["max_days"].as_i64()) {
        (Some(a), Some(b)) => format!("{a}-{b}d"),
        _ => o["delivery_time"].as_str().unwrap_or_default().to_string(),
    };
    json!({
        "service_name": o["code"], "company": o["company"],
        "amount": parse_cents(o["amount"].as_str().unwrap_or("0")) as f64 / 100.0,
        "processing_time": "1-3d", "delivery_time": delivery,
    })
}

pub async fn insert_line(conn: &mut PgConnection, workplace_id: Uuid, order_id: i64, country: &str, l: &IncomingLine, s: Option<&Supplier>) -> Result<()> {
    let shipping = match s {
        Some(s) => cached_shipping(conn, &s.source, &s.source_product_id, country).await?,
        None => None,
    };
    sqlx::query(
        "INSERT INTO order_line_items (order_id, workplace_id, platform_line_item_id, title, variant_title, sku, image, quantity,
                                       price_cents, store_variant_remote_id, source, source_product_id, sku_id, cost_cents, shipping_info)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (order_id, platform_line_item_id) DO NOTHING",
    )
    .bind(order_id)
    .bind(workplace_id)
    .bind(&l.platform_line_item_id)
    .bind(&l.title)
    .bind(&l.variant_title)
    .bind(&l.sku)
    .bind(s.and_then(|s| s.image.clone()))
    .bind(l.quantity)
    .bind(l.price_cents)
    .bind(&l.remote_variant_id)
    .bind(s.map(|s| s.source.clone()))
    .bind(s.map(|s| s.source_product_id.clone()))
    .bind(s.map(|s| s.sku_id.clone()))
    .bind(s.and_then(|s| s.cost_cents))
    .bind(shipping)
    .execute(conn)
    .await?;
    Ok(())
}

/// The next supplier mapped to a store variant after the one that failed (a fallback).
pub async fn next_supplier(
    conn: &mut PgConnection,
    workplace_id: Uuid,
    store_id: Uuid,
    remote_variant: &str,
    country: &str,
    failed: (&str, &str, &str),
) -> Result<Option<Supplier>> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT vs.source, vs.source_product_id, vs.sku_id
         FROM store_variants sv
         JOIN store_products sp ON sp.id = sv.store_product_id
         JOIN variant_suppliers vs ON vs.store_variant_id = sv.id
         WHERE sp.store_id = $1 AND sp.workplace_id = $2 AND sv.remote_id = $3
           AND (cardinality(vs.ship_to_countries) = 0 OR $4 = ANY(vs.ship_to_countries))
         ORDER BY vs.priority",
    )
    .bind(store_id)
    .bind(workplace_id)
    .bind(remote_variant)
    .bind(country)
    .fetch_all(&mut *conn)
    .await?;
    let after = rows.iter().position(|(a, b, c)| (a.as_str(), b.as_str(), c.as_str()) == failed);
    let Some((source, source_product_id, sku_id)) = after.and_then(|i| rows.get(i + 1)).cloned() else { return Ok(None) };
    let cost = cached_cost(conn, &source, &source_product_id, &sku_id).await?;
    Ok(Some(Supplier { source, source_product_id, sku_id, cost_cents: cost, image: None }))
}
