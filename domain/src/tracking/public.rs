//! The public tracking page (`GET /open-api/orders/tracking/{public id}`), without sign-in: the
//! order's name, destination country, items and parcels with their events. Nothing private: no
//! name, street, city, email or price; an event's location is cut down to its country.
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::{Error, Result};

/// "Springfield, US" → "US": the last part of a carrier location is its country.
fn country_only(location: &Value) -> Value {
    match location.as_str().map(|l| l.rsplit(',').next().unwrap_or("").trim()) {
        Some(c) if !c.is_empty() => json!(c),
        _ => Value::Null,
    }
}

pub async fn view(pool: &PgPool, public_id: Uuid) -> Result<Value> {
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
    let parcels: Vec<Value> = parcels
        .into_iter()
        .map(|(sid, number, carrier, status, events)| {
            let events: Vec<Value> = events
                .as_array()
                .into_iter()
                .flatten()
                .map(|e| {
                    json!({
                        "time": e["time"], "stage": e["stage"], "description": e["description"], "country": country_only(&e["location"]),
                    })
                })
                .collect();
            let lines: Vec<Value> = items.iter().filter(|i| i.3 == Some(sid)).map(|i| json!({"title": i.0, "variant_title": i.1, "quantity": i.2})).collect();
            json!({ "tracking_number": number, "carrier": carrier, "status": status, "events": events, "items": lines })
        })
        .collect();
    Ok(json!({
        "order_name": name, "store_name": store, "status": status, "country_code": country, "parcels": parcels,
        "items": items.iter().map(|i| json!({"title": i.0, "variant_title": i.1, "quantity": i.2})).collect::<Vec<_>>(),
    }))
}
