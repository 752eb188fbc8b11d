//! Adding a parcel to an order: once per (order, tracking number), linked to the lines it
//! carries, logged, and the order's status recomputed, in the caller's transaction.
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;
use crate::orders::{log, status};
use crate::tracking::jobs::TrackingWriteback;

pub struct NewShipment<'a> {
    pub workplace_id: Uuid,
    pub order_id: i64,
    pub source_order_id: Option<i64>,
    pub tracking_number: &'a str,
    pub carrier: Option<&'a str>,
    /// supplier, csv or manual.
    pub origin: &'a str,
}

/// The shipment's id, and whether it is new.
pub async fn add(conn: &mut PgConnection, s: &NewShipment<'_>) -> Result<(i64, bool)> {
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO shipments (workplace_id, order_id, source_order_id, tracking_number, carrier, origin)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id, tracking_number) DO NOTHING RETURNING id",
    )
    .bind(s.workplace_id)
    .bind(s.order_id)
    .bind(s.source_order_id)
    .bind(s.tracking_number)
    .bind(s.carrier)
    .bind(s.origin)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(id) = inserted else {
        let id = sqlx::query_scalar("SELECT id FROM shipments WHERE order_id = $1 AND tracking_number = $2")
            .bind(s.order_id)
            .bind(s.tracking_number)
            .fetch_one(&mut *conn)
            .await?;
        return Ok((id, false));
    };
    // The parcel carries its supplier order's lines; without one (CSV, manual), every line not
    // yet in a parcel.
    sqlx::query(
        "UPDATE order_line_items SET shipment_id = $1
         WHERE order_id = $2 AND (CASE WHEN $3::bigint IS NULL THEN shipment_id IS NULL ELSE source_order_id = $3 END)",
    )
    .bind(id)
    .bind(s.order_id)
    .bind(s.source_order_id)
    .execute(&mut *conn)
    .await?;
    log(
        conn,
        s.workplace_id,
        s.order_id,
        s.source_order_id,
        "tracking_added",
        json!({"tracking_number": s.tracking_number, "carrier": s.carrier, "origin": s.origin}),
    )
    .await?;
    sqlx::query("UPDATE order_logs SET shipment_id = $1 WHERE id = (SELECT max(id) FROM order_logs WHERE order_id = $2)")
        .bind(id)
        .bind(s.order_id)
        .execute(&mut *conn)
        .await?;
    status::refresh(conn, s.order_id).await?;
    // The store learns the tracking number now; status changes follow from `follow`.
    let job = TrackingWriteback { shipment_id: id };
    crate::queue::enqueue(conn, Some(s.workplace_id), &job, json!({ "shipment_id": id })).await?;
    Ok((id, true))
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    order_id: i64,
    order_name: String,
    source_order_id: Option<i64>,
    source: Option<String>,
    tracking_number: String,
    carrier: Option<String>,
    origin: String,
    status: String,
    sub_status: Option<String>,
    events: serde_json::Value,
    last_event_at: Option<chrono::DateTime<chrono::Utc>>,
    checked_at: Option<chrono::DateTime<chrono::Utc>>,
    delivered_at: Option<chrono::DateTime<chrono::Utc>>,
    store_fulfillment_id: Option<String>,
    written_status: Option<String>,
    writeback_pending: bool,
    writeback_error: Option<String>,
    public_id: Uuid,
}

const SELECT: &str = "SELECT s.id, s.order_id, o.name AS order_name, s.source_order_id, so.source, s.tracking_number, s.carrier, s.origin,
        s.status, s.sub_status, s.events, s.last_event_at, s.checked_at, s.delivered_at, s.store_fulfillment_id, s.written_status,
        s.writeback_pending, s.writeback_error, o.public_id
    FROM shipments s JOIN orders o ON o.id = s.order_id LEFT JOIN source_orders so ON so.id = s.source_order_id";

/// A parcel as the tracking pages show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Shipment {
    pub id: i64,
    pub order_id: i64,
    pub order_name: String,
    pub source_order_id: Option<i64>,
    pub source: Option<String>,
    pub tracking_number: String,
    pub carrier: Option<String>,
    /// supplier, csv or manual.
    pub origin: String,
    pub status: String,
    pub sub_status: Option<String>,
    /// The carrier's newest event.
    #[schema(value_type = Option<Object>)]
    pub last_event: Option<Value>,
    /// The carrier's events, newest first: only for one parcel (null in a list).
    #[schema(value_type = Option<Vec<Object>>)]
    pub events: Option<Value>,
    pub last_event_at: Option<DateTime<Utc>>,
    pub checked_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub store: ShipmentWriteback,
    /// The public tracking page (`/tracking/{public id}`).
    pub public_url: String,
}

/// What the store was told about the parcel.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentWriteback {
    pub fulfillment_id: Option<String>,
    pub written_status: Option<String>,
    pub pending: bool,
    pub error: Option<String>,
}

/// A page of parcels, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentPage {
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    pub items: Vec<Shipment>,
}

/// A line of a parcel's log (`detail` depends on the event).
#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentLog {
    pub id: i64,
    pub event: String,
    pub detail: Value,
    pub created_at: DateTime<Utc>,
}

fn row_view(r: Row, with_events: bool) -> Shipment {
    Shipment {
        id: r.id,
        order_id: r.order_id,
        order_name: r.order_name,
        source_order_id: r.source_order_id,
        source: r.source,
        tracking_number: r.tracking_number,
        carrier: r.carrier,
        origin: r.origin,
        status: r.status,
        sub_status: r.sub_status,
        last_event: r.events.get(0).cloned(),
        events: with_events.then_some(r.events),
        last_event_at: r.last_event_at,
        checked_at: r.checked_at,
        delivered_at: r.delivered_at,
        store: ShipmentWriteback {
            fulfillment_id: r.store_fulfillment_id,
            written_status: r.written_status,
            pending: r.writeback_pending,
            error: r.writeback_error,
        },
        public_url: format!("/tracking/{}", r.public_id),
    }
}

/// The workplace's parcels, newest first (of one order, or in one status).
pub async fn list(pool: &sqlx::PgPool, workplace_id: Uuid, order_id: Option<i64>, status: Option<&str>, page: i64, size: i64) -> Result<ShipmentPage> {
    if let Some(s) = status.filter(|s| !super::STATUSES.contains(s)) {
        return Err(crate::Error::field("status", format!("unknown shipment status {s}")));
    }
    let filter = " WHERE s.workplace_id = $1 AND ($2::bigint IS NULL OR s.order_id = $2) AND ($3::text IS NULL OR s.status = $3)";
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT count(*) FROM shipments s{filter}")).bind(workplace_id).bind(order_id).bind(status).fetch_one(pool).await?;
    let rows: Vec<Row> = sqlx::query_as(&format!("{SELECT}{filter} ORDER BY s.id DESC LIMIT $4 OFFSET $5"))
        .bind(workplace_id)
        .bind(order_id)
        .bind(status)
        .bind(size)
        .bind((page - 1) * size)
        .fetch_all(pool)
        .await?;
    Ok(ShipmentPage { total, page, page_size: size, items: rows.into_iter().map(|r| row_view(r, false)).collect() })
}

/// One parcel of an order, with its events.
pub async fn one(pool: &sqlx::PgPool, workplace_id: Uuid, order_id: i64, id: i64) -> Result<Shipment> {
    let row: Option<Row> = sqlx::query_as(&format!("{SELECT} WHERE s.workplace_id = $1 AND s.order_id = $2 AND s.id = $3"))
        .bind(workplace_id)
        .bind(order_id)
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.map(|r| row_view(r, true)).ok_or(crate::Error::NotFound("shipment"))
}

/// The parcel's log lines (tracking added, status changes, write-backs), oldest first.
pub async fn logs(pool: &sqlx::PgPool, workplace_id: Uuid, shipment_id: i64) -> Result<Vec<ShipmentLog>> {
    let rows: Vec<(i64, String, Value, DateTime<Utc>)> =
        sqlx::query_as("SELECT id, event, detail, created_at FROM order_logs WHERE workplace_id = $1 AND shipment_id = $2 ORDER BY id")
            .bind(workplace_id)
            .bind(shipment_id)
            .fetch_all(pool)
            .await?;
    Ok(rows.into_iter().map(|(id, event, detail, created_at)| ShipmentLog { id, event, detail, created_at }).collect())
}

/// A tracking number the user adds by hand (or its carrier, for one already there).
/// A supplier order's parcel, from the supplier's own answer (`{"number", "carrier"}`): whether a
/// new parcel was recorded. Every supplier sync records parcels this one way.
pub async fn add_supplier_parcel(
    conn: &mut PgConnection,
    workplace_id: Uuid,
    order_id: i64,
    source_order_id: i64,
    tracking: &serde_json::Value,
) -> Result<bool> {
    let Some(number) = tracking["number"].as_str() else { return Ok(false) };
    let s = NewShipment {
        workplace_id,
        order_id,
        source_order_id: Some(source_order_id),
        tracking_number: number,
        carrier: tracking["carrier"].as_str(),
        origin: "supplier",
    };
    Ok(add(conn, &s).await?.1)
}

pub async fn add_manual(pool: &sqlx::PgPool, workplace_id: Uuid, order_id: i64, number: &str, carrier: Option<&str>) -> Result<Shipment> {
    let number = parse_number(number).map_err(|m| crate::Error::field("tracking_number", m))?;
    let mut tx = crate::db::begin(pool).await?;
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM orders WHERE id = $1 AND workplace_id = $2 FOR UPDATE")
        .bind(order_id)
        .bind(workplace_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Err(crate::Error::NotFound("order"));
    }
    let (id, _) = add(&mut tx, &NewShipment { workplace_id, order_id, source_order_id: None, tracking_number: &number, carrier, origin: "manual" }).await?;
    if let Some(c) = carrier {
        sqlx::query("UPDATE shipments SET carrier = $2 WHERE id = $1").bind(id).bind(c).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    one(pool, workplace_id, order_id, id).await
}

/// A tracking number as carriers write them: 5 to 40 letters and digits (spaces and dashes dropped).
pub fn parse_number(raw: &str) -> std::result::Result<String, String> {
    let n: String = raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_uppercase();
    if !(5..=40).contains(&n.len()) || !n.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(format!("'{raw}' is not a tracking number (5 to 40 letters and digits)"));
    }
    Ok(n)
}
