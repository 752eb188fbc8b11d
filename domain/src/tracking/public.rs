//! The public tracking page (`GET /open-api/orders/tracking/{public id}`), without sign-in: the
//! order's name, destination country, items and parcels with their events. Nothing private: no
//! name, street, city, email or price; an event's location is cut down to its country.
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, Result};

/// What the public tracking page shows of an order.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicTracking {
    pub order_name: String,
    pub store_name: String,
    pub status: String,
    pub country_code: String,
    pub parcels: Vec<PublicParcel>,
    /// Every item of the order.
    pub items: Vec<PublicItem>,
}

/// A parcel of the public tracking page.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicParcel {
    pub tracking_number: String,
    pub carrier: Option<String>,
    pub status: String,
    pub events: Vec<PublicEvent>,
    /// The items in this parcel.
    pub items: Vec<PublicItem>,
}

/// A carrier event, its location cut down to the country (fields as the carrier gave them).
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicEvent {
    #[schema(value_type = Option<String>)]
    pub time: Value,
    #[schema(value_type = Option<String>)]
    pub stage: Value,
    #[schema(value_type = Option<String>)]
    pub description: Value,
    pub country: Option<String>,
}

/// An order item on the public tracking page.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublicItem {
    pub title: String,
    pub variant_title: Option<String>,
    pub quantity: i32,
}

/// "Springfield, US" → "US": the last part of a carrier location is its country.
fn country_only(location: &Value) -> Option<String> {
    match location.as_str().map(|l| l.rsplit(',').next().unwrap_or("").trim()) {
        Some(c) if !c.is_empty() => Some(c.to_string()),
        _ => None,
    }
}

pub async fn view(pool: &PgPool, public_id: Uuid) -> Result<PublicTracking> {
    let order: Option<(i64, String, String, String, String)> =
        sqlx::query_as("SELECT o.id, o.name, o.country_code, o.status, s.name FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.public_id = $1")
            .bind(public_id)
            .fetch_optional(pool)
            .await?;
    let Some((id, name, country, status, store)) = order else { return Err(Error::NotFound("order")) };
    let items: Vec<(String, Option<String>, i32, Option<i64>)> =
        sqlx::query_as("SELECT title, variant_title, quantity, shipment_id FROM order_line_items WHERE order_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(pool)
            .await?;
    let parcels: Vec<(i64, String, Option<String>, String, Value)> =
        sqlx::query_as("SELECT id, tracking_number, carrier, status, events FROM shipments WHERE order_id = $1 ORDER BY id").bind(id).fetch_all(pool).await?;
    let item = |i: &(String, Option<String>, i32, Option<i64>)| PublicItem { title: i.0.clone(), variant_title: i.1.clone(), quantity: i.2 };
    let parcels: Vec<PublicParcel> = parcels
        .into_iter()
        .map(|(sid, tracking_number, carrier, status, events)| {
            let events: Vec<PublicEvent> = events
                .as_array()
                .into_iter()
                .flatten()
                .map(|e| PublicEvent {
                    time: e["time"].clone(),
                    stage: e["stage"].clone(),
                    description: e["description"].clone(),
                    country: country_only(&e["location"]),
                })
                .collect();
            let lines: Vec<PublicItem> = items.iter().filter(|i| i.3 == Some(sid)).map(item).collect();
            PublicParcel { tracking_number, carrier, status, events, items: lines }
        })
        .collect();
    Ok(PublicTracking { order_name: name, store_name: store, status, country_code: country, parcels, items: items.iter().map(item).collect() })
}
