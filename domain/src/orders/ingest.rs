//! Store orders in: a Shopify or WooCommerce order (webhook body or catch-up read) becomes one
//! `orders` row with its line items. `(store_id, platform_order_id)` is unique, so the same
//! order arriving twice (redelivered webhook, webhook and sync) is stored once.
use chrono::{DateTime, NaiveDateTime, Utc};
use serde_json::{Value, json};
use sqlx::PgConnection;
use tracing::instrument;
use uuid::Uuid;

use super::{log, resolve, status};
use crate::connectors::suppliers::parse_cents;
use crate::error::Result;

#[derive(Debug, Clone)]
pub struct IncomingLine {
    pub platform_line_item_id: String,
    pub title: String,
    pub variant_title: Option<String>,
    pub sku: Option<String>,
    pub remote_variant_id: Option<String>,
    pub quantity: i32,
    pub price_cents: i64,
}

#[derive(Debug, Clone)]
pub struct IncomingOrder {
    pub platform_order_id: String,
    pub name: String,
    pub email: Option<String>,
    pub address: Value,
    pub country_code: String,
    pub currency: String,
    pub total_cents: i64,
    pub shipping_cents: i64,
    pub ordered_at: DateTime<Utc>,
    pub cancelled: bool,
    pub lines: Vec<IncomingLine>,
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn money(v: &Value) -> i64 {
    match v {
        Value::String(s) => parse_cents(s),
        Value::Number(n) => (n.as_f64().unwrap_or(0.0) * 100.0).round() as i64,
        _ => 0,
    }
}

/// The store sent neither the customer's email nor a street address.
fn withheld(o: &IncomingOrder) -> bool {
    let blank = |k: &str| o.address[k].as_str().is_none_or(|v| v.trim().is_empty());
    o.email.is_none() && blank("address1")
}

/// A Shopify order as its REST-shaped webhook body (`orders/create`, `orders/cancelled`).
pub fn from_shopify(o: &Value) -> Option<IncomingOrder> {
    let id = text(&o["id"])?;
    let a = &o["shipping_address"];
    let total = money(&o["total_price"]);
    let lines = o["line_items"].as_array()?.iter().filter_map(|l| {
        Some(IncomingLine {
            platform_line_item_id: text(&l["id"])?,
            title: text(&l["title"]).unwrap_or_default(),
            variant_title: text(&l["variant_title"]),
            sku: text(&l["sku"]),
            // Store variants are known by their GraphQL id (store_products_sync reads GraphQL).
            remote_variant_id: text(&l["variant_id"]).map(|v| format!("gid://shopify/ProductVariant/{v}")),
            quantity: l["quantity"].as_i64().unwrap_or(1).max(1) as i32,
            price_cents: money(&l["price"]),
        })
    });
    let name = text(&a["name"])
        .unwrap_or_else(|| format!("{} {}", text(&a["first_name"]).unwrap_or_default(), text(&a["last_name"]).unwrap_or_default()).trim().to_string());
    let country = text(&a["country_code"]).unwrap_or_default().to_uppercase();
    Some(IncomingOrder {
        name: text(&o["name"]).unwrap_or_else(|| format!("#{id}")),
        email: text(&o["email"]),
        address: json!({
            "name": name, "address1": a["address1"], "address2": a["address2"], "city": a["city"], "province_code": a["province_code"],
            "zip": a["zip"], "country_code": country, "phone": a["phone"],
        }),
        country_code: country,
        currency: text(&o["currency"]).unwrap_or_else(|| "USD".into()),
        shipping_cents: (total - money(&o["subtotal_price"])).max(0),
        total_cents: total,
        ordered_at: text(&o["created_at"]).and_then(|s| DateTime::parse_from_rfc3339(&s).ok()).map(|d| d.with_timezone(&Utc)).unwrap_or_else(Utc::now),
        cancelled: !o["cancelled_at"].is_null(),
        lines: lines.collect(),
        platform_order_id: id,
    })
}

/// A WooCommerce order as its REST v3 representation (`order.created`, `order.updated`).
pub fn from_woocommerce(o: &Value) -> Option<IncomingOrder> {
    let id = text(&o["id"])?;
    let s = &o["shipping"];
    let lines = o["line_items"].as_array()?.iter().filter_map(|l| {
        let variation = text(&l["variation_id"]).filter(|v| v != "0");
        Some(IncomingLine {
            platform_line_item_id: text(&l["id"])?,
            title: text(&l["name"]).unwrap_or_default(),
            variant_title: None,
            sku: text(&l["sku"]),
            remote_variant_id: variation.or_else(|| text(&l["product_id"])),
            quantity: l["quantity"].as_i64().unwrap_or(1).max(1) as i32,
            price_cents: money(&l["price"]),
        })
    });
    let country = text(&s["country"]).unwrap_or_default().to_uppercase();
    let created = text(&o["date_created_gmt"]).and_then(|d| NaiveDateTime::parse_from_str(&d, "%Y-%m-%dT%H:%M:%S").ok()).map(|d| d.and_utc());
    Some(IncomingOrder {
        name: format!("#{}", text(&o["number"]).unwrap_or_else(|| id.clone())),
        email: text(&o["billing"]["email"]),
        address: json!({
            "name": format!("{} {}", text(&s["first_name"]).unwrap_or_default(), text(&s["last_name"]).unwrap_or_default()).trim(),
            "address1": s["address_1"], "address2": s["address_2"], "city": s["city"], "province_code": s["state"],
            "zip": s["postcode"], "country_code": country, "phone": s["phone"],
        }),
        country_code: country,
        currency: text(&o["currency"]).unwrap_or_else(|| "USD".into()),
        total_cents: money(&o["total"]),
        shipping_cents: money(&o["shipping_total"]),
        ordered_at: created.unwrap_or_else(Utc::now),
        cancelled: matches!(o["status"].as_str(), Some("cancelled" | "refunded")),
        lines: lines.collect(),
        platform_order_id: id,
    })
}

pub struct Stored {
    pub order_id: i64,
    /// False when the order was already known (a redelivery or the catch-up sync).
    pub new: bool,
}

/// Stores the order once, resolving each line to its supplier; a known order only picks up a
/// cancellation made in the store. Runs in the caller's transaction.
#[instrument(skip_all, fields(store = %store_id, order = %o.platform_order_id))]
pub async fn save(conn: &mut PgConnection, workplace_id: Uuid, store_id: Uuid, platform: &str, o: &IncomingOrder) -> Result<Stored> {
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO orders (workplace_id, store_id, platform, platform_order_id, name, email, address, country_code, currency,
                             total_cents, shipping_cents, ordered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (store_id, platform_order_id) DO NOTHING RETURNING id",
    )
    .bind(workplace_id)
    .bind(store_id)
    .bind(platform)
    .bind(&o.platform_order_id)
    .bind(&o.name)
    .bind(&o.email)
    .bind(&o.address)
    .bind(&o.country_code)
    .bind(&o.currency)
    .bind(o.total_cents)
    .bind(o.shipping_cents)
    .bind(o.ordered_at)
    .fetch_optional(&mut *conn)
    .await?;
    let (order_id, new) = match inserted {
        Some(id) => (id, true),
        None => {
            let id: i64 = sqlx::query_scalar("SELECT id FROM orders WHERE store_id = $1 AND platform_order_id = $2")
                .bind(store_id)
                .bind(&o.platform_order_id)
                .fetch_one(&mut *conn)
                .await?;
            (id, false)
        }
    };
    if new {
        for line in &o.lines {
            let supplier = resolve::line(conn, workplace_id, store_id, line, &o.country_code).await?;
            resolve::insert_line(conn, workplace_id, order_id, &o.country_code, line, supplier.as_ref()).await?;
        }
        log(conn, workplace_id, order_id, None, "order_received", json!({"platform": platform, "name": o.name})).await?;
        if withheld(o) {
            // Shopify nulls customer fields for apps without protected customer data access:
            // the order is kept, and its log says why it cannot be placed until the owner
            // enters the address (placement refuses it with error_save_all_address).
            log(conn, workplace_id, order_id, None, "customer_withheld", json!({"platform": platform})).await?;
        }
    }
    if o.cancelled {
        cancelled_in_store(conn, workplace_id, order_id).await?;
    }
    status::refresh(conn, order_id).await?;
    Ok(Stored { order_id, new })
}

/// The store cancelled the order: it moves to cancelled (channel); supplier orders already
/// placed stay as they are for the user to cancel (they may have shipped).
async fn cancelled_in_store(conn: &mut PgConnection, workplace_id: Uuid, order_id: i64) -> Result<()> {
    let changed = sqlx::query("UPDATE orders SET channel_cancelled_at = now(), updated_at = now() WHERE id = $1 AND channel_cancelled_at IS NULL")
        .bind(order_id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if changed > 0 {
        log(conn, workplace_id, order_id, None, "cancelled_by_channel", json!({})).await?;
    }
    Ok(())
}
