//! Orders as the order center shows them: one statement for any number of orders (PostgreSQL
//! nests each order's lines, supplier orders and parcels), assembled here.
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

use super::dollars;
use crate::error::Result;

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderView {
    pub id: i64,
    pub platform: String,
    pub platform_order_id: String,
    pub name: String,
    pub store_id: Uuid,
    pub store_name: String,
    pub email: Option<String>,
    pub country_code: String,
    pub address: Value,
    pub currency: String,
    pub total: f64,
    pub shipping: f64,
    pub ordered_at: DateTime<Utc>,
    pub status: String,
    pub refund_status: Option<String>,
    pub marked: bool,
    pub archived: bool,
    pub cancel_reason: Option<String>,
    pub line_items: Vec<Value>,
    pub source_orders: Vec<SourceOrderView>,
    /// Parcels: {id, tracking_number, carrier, status, source_order_id, last_event_at, public_url}.
    pub shipments: Vec<Value>,
    /// The public tracking page's id (`/tracking/{public_id}`).
    pub public_id: Uuid,
}

/// An order as PostgreSQL hands it over: its columns with its lines, supplier orders and
/// parcels nested (`ITEMS`), so any number of orders is one statement.
#[derive(Deserialize)]
struct OrderRow {
    id: i64,
    platform: String,
    platform_order_id: String,
    name: String,
    store_id: Uuid,
    store_name: String,
    email: Option<String>,
    country_code: String,
    address: Value,
    currency: String,
    total_cents: i64,
    shipping_cents: i64,
    ordered_at: DateTime<Utc>,
    status: String,
    refund_status: Option<String>,
    marked: bool,
    archived: bool,
    cancel_reason: Option<String>,
    public_id: Uuid,
    lines: Vec<LineRow>,
    sources: Vec<SourceRow>,
    parcels: Vec<ParcelRow>,
}

#[derive(Deserialize)]
struct LineRow {
    id: i64,
    title: String,
    variant_title: Option<String>,
    sku: Option<String>,
    image: Option<String>,
    quantity: i32,
    price_cents: i64,
    source: Option<String>,
    source_product_id: Option<String>,
    sku_id: Option<String>,
    cost_cents: Option<i64>,
    shipping_info: Option<Value>,
    shipping_warehouse: Option<String>,
    need_change_supplier: bool,
    disabled: bool,
    so_id: Option<i64>,
    so_status: Option<String>,
    so_order_no: Option<String>,
}

#[derive(Deserialize)]
struct SourceRow {
    id: i64,
    source: String,
    order_no: Option<String>,
    status: String,
    product_cents: i64,
    shipping_cents: i64,
    total_cents: i64,
    error_key: Option<String>,
    error: Option<String>,
    warning: Option<String>,
    paid_at: Option<DateTime<Utc>>,
    cancel_reason: Option<String>,
    refund_status: Option<String>,
    refund_cents: Option<i64>,
}

#[derive(Deserialize)]
struct ParcelRow {
    id: i64,
    tracking_number: String,
    carrier: Option<String>,
    status: String,
    source_order_id: Option<i64>,
    last_event_at: Option<DateTime<Utc>>,
}

/// The orders `o` of a FROM clause (joined to their store `s`) as one JSON array, in the order
/// given by the caller's `ORDER BY` inside `json_agg`. Lines, supplier orders and parcels are
/// read per order through their `order_id` indexes.
pub(super) const ITEMS: &str = "json_build_object(
        'id', o.id, 'platform', o.platform, 'platform_order_id', o.platform_order_id, 'name', o.name, 'store_id', o.store_id,
        'store_name', s.name, 'email', o.email, 'country_code', o.country_code, 'address', o.address, 'currency', o.currency,
        'total_cents', o.total_cents, 'shipping_cents', o.shipping_cents, 'ordered_at', o.ordered_at, 'status', o.status,
        'refund_status', o.refund_status, 'marked', o.marked, 'archived', o.archived, 'cancel_reason', o.cancel_reason,
        'public_id', o.public_id,
        'lines', (SELECT COALESCE(json_agg(x ORDER BY x.id), '[]') FROM (
            SELECT l.id, l.title, l.variant_title, l.sku, l.image, l.quantity, l.price_cents, l.source, l.source_product_id, l.sku_id,
                   l.cost_cents, l.shipping_info, l.shipping_warehouse, l.need_change_supplier, l.disabled,
                   so.id AS so_id, so.status AS so_status, so.order_no AS so_order_no
            FROM order_line_items l LEFT JOIN source_orders so ON so.id = l.source_order_id
            WHERE l.order_id = o.id AND l.workplace_id = o.workplace_id) x),
        'sources', (SELECT COALESCE(json_agg(x ORDER BY x.id), '[]') FROM (
            SELECT id, source, order_no, status, product_cents, shipping_cents, total_cents, error_key, error, warning, paid_at,
                   cancel_reason, refund_status, refund_cents
            FROM source_orders WHERE order_id = o.id AND workplace_id = o.workplace_id) x),
        'parcels', (SELECT COALESCE(json_agg(x ORDER BY x.id), '[]') FROM (
            SELECT id, tracking_number, carrier, status, source_order_id, last_event_at
            FROM shipments WHERE order_id = o.id AND workplace_id = o.workplace_id) x))";

/// A line as the order center shows it; `shipped` is its supplier order's parcel status.
fn line_json(l: &LineRow, shipped: Option<&str>) -> Value {
    let live = l.so_status.as_deref().filter(|s| !matches!(*s, "failed" | "cancelled"));
    json!({
        "id": l.id, "title": l.title, "variant_title": l.variant_title, "sku": l.sku, "image": l.image, "quantity": l.quantity,
        "price": dollars(l.price_cents), "source": l.source, "source_product_id": l.source_product_id, "sku_id": l.sku_id,
        "cost": l.cost_cents.map(dollars), "shipping_fee": l.shipping_info.as_ref().map(|s| s["amount"].clone()),
        "shipping_info": l.shipping_info, "shipping_warehouse": l.shipping_warehouse,
        "unmapped_product": l.source.is_none(), "disabled": l.disabled, "need_change_supplier": l.need_change_supplier,
        "can_place": l.source.is_some() && !l.disabled && !l.need_change_supplier && live.is_none(),
        "source_order": l.so_id.map(|id| json!({"id": id, "source": l.source, "order_no": l.so_order_no, "status": l.so_status, "shipment_status": shipped})),
    })
}

/// A supplier order of an order, as the order center shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SourceOrderView {
    pub id: i64,
    pub source: String,
    pub order_no: Option<String>,
    pub status: String,
    pub product_cost: f64,
    pub shipping_cost: f64,
    pub total: f64,
    pub error_key: Option<String>,
    pub error: Option<String>,
    pub warning: Option<String>,
    pub paid_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    /// The tracking number of its parcel, once there is one.
    pub tracking_code: Option<String>,
    /// Its parcel's status once it has one: what the owner is shown instead of `status` from then
    /// on, so the supplier order, its lines and the order agree (the order's status follows the
    /// parcels too).
    pub shipment_status: Option<String>,
    /// Once a refund was asked for.
    pub refund_info: Option<RefundInfo>,
}

/// A supplier order's refund: pending, accepted, rejected or completed, and how much.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RefundInfo {
    pub status: String,
    pub amount: Option<f64>,
}

fn source_view(s: &SourceRow, parcel: Option<&(&str, &str)>) -> SourceOrderView {
    SourceOrderView {
        id: s.id,
        source: s.source.clone(),
        order_no: s.order_no.clone(),
        status: s.status.clone(),
        product_cost: dollars(s.product_cents),
        shipping_cost: dollars(s.shipping_cents),
        total: dollars(s.total_cents),
        error_key: s.error_key.clone(),
        error: s.error.clone(),
        warning: s.warning.clone(),
        paid_at: s.paid_at,
        cancel_reason: s.cancel_reason.clone(),
        tracking_code: parcel.map(|p| p.0.to_string()),
        shipment_status: parcel.map(|p| p.1.to_string()),
        refund_info: s.refund_status.as_ref().map(|st| RefundInfo { status: st.clone(), amount: s.refund_cents.map(dollars) }),
    }
}

/// One line of an order's log (`detail` depends on the event).
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderLog {
    pub id: i64,
    pub event: String,
    pub detail: Value,
    pub source_order_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// The orders with these ids (of this workplace), in the given order.
pub async fn load(pool: &PgPool, workplace_id: Uuid, ids: &[i64]) -> Result<Vec<OrderView>> {
    let json: Option<String> = sqlx::query_scalar(&format!(
        "SELECT json_agg({ITEMS})::text FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.workplace_id = $1 AND o.id = ANY($2)"
    ))
    .bind(workplace_id)
    .bind(ids)
    .fetch_one(pool)
    .await?;
    let mut by_id: HashMap<i64, OrderView> = from_items(json.as_deref())?.into_iter().map(|o| (o.id, o)).collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// The views of an `ITEMS` array (`None`: no orders).
pub(super) fn from_items(json: Option<&str>) -> Result<Vec<OrderView>> {
    let Some(json) = json else { return Ok(vec![]) };
    let rows: Vec<OrderRow> = serde_json::from_str(json).map_err(|e| anyhow::anyhow!("an order as PostgreSQL built it: {e}"))?;
    Ok(rows.into_iter().map(view).collect())
}

fn view(o: OrderRow) -> OrderView {
    // A supplier order's parcel (the last one recorded) gives it and its lines their shipment status.
    let parcel_of: HashMap<i64, (&str, &str)> =
        o.parcels.iter().filter_map(|p| Some((p.source_order_id?, (p.tracking_number.as_str(), p.status.as_str())))).collect();
    let line_items = o.lines.iter().map(|l| line_json(l, l.so_id.and_then(|so| parcel_of.get(&so)).map(|p| p.1))).collect();
    let source_orders = o.sources.iter().map(|s| source_view(s, parcel_of.get(&s.id))).collect();
    let shipments = o
        .parcels
        .iter()
        .map(|p| {
            json!({ "id": p.id, "tracking_number": p.tracking_number, "carrier": p.carrier, "status": p.status,
                    "source_order_id": p.source_order_id, "last_event_at": p.last_event_at })
        })
        .collect();
    OrderView {
        line_items,
        source_orders,
        shipments,
        public_id: o.public_id,
        id: o.id,
        platform: o.platform,
        platform_order_id: o.platform_order_id,
        name: o.name,
        store_id: o.store_id,
        store_name: o.store_name,
        email: o.email,
        country_code: o.country_code,
        address: o.address,
        currency: o.currency,
        total: dollars(o.total_cents),
        shipping: dollars(o.shipping_cents),
        ordered_at: o.ordered_at,
        status: o.status,
        refund_status: o.refund_status,
        marked: o.marked,
        archived: o.archived,
        cancel_reason: o.cancel_reason,
    }
}

/// One order, or NotFound (also for another workplace's order).
pub async fn one(pool: &PgPool, workplace_id: Uuid, id: i64) -> Result<OrderView> {
    load(pool, workplace_id, &[id]).await?.pop().ok_or(crate::Error::NotFound("order"))
}

/// The order's log, oldest first.
pub async fn logs(pool: &PgPool, workplace_id: Uuid, order_id: i64) -> Result<Vec<OrderLog>> {
    let rows: Vec<(i64, String, Value, Option<i64>, DateTime<Utc>)> =
        sqlx::query_as("SELECT id, event, detail, source_order_id, created_at FROM order_logs WHERE workplace_id = $1 AND order_id = $2 ORDER BY id")
            .bind(workplace_id)
            .bind(order_id)
            .fetch_all(pool)
            .await?;
    Ok(rows.into_iter().map(|(id, event, detail, source_order_id, created_at)| OrderLog { id, event, detail, source_order_id, created_at }).collect())
}
