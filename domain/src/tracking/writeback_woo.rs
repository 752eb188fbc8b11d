//! A parcel to a WooCommerce order: one Shipment Tracking item per parcel (the extension's REST
//! API), found again by its recorded id or its number before one is created; the order becomes
//! `completed` once every parcel of it is in the store and every line travels in one.
//!
//! Why `completed` on writing, not on delivery: in WooCommerce `completed` means "fulfilled,
//! nothing left to do" (Shopify's fulfillment), and it sends the customer the completed-order
//! email, which is where the extension puts the tracking links. Waiting for delivery would
//! hold that email back for the whole journey.
use serde_json::{Value, json};
use sqlx::PgPool;

use super::writeback::{Failure, Parcel, Written, record_remote};
use crate::connectors::stores::woocommerce::{Rest, WooError};

const NS: &str = "wc-shipment-tracking/v3";
/// Providers the extension knows by slug; any other carrier goes in as a custom provider.
const KNOWN: [&str; 4] = ["usps", "ups", "fedex", "dhl"];

fn failure(e: WooError) -> Failure {
    match e.status {
        None | Some(429) => Failure::Outage(e.message),
        Some(s) if s >= 500 => Failure::Outage(e.message),
        Some(_) => Failure::Refused(e.message),
    }
}

fn same_number(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_uppercase();
    norm(a) == norm(b)
}

pub async fn write(pool: &PgPool, rest: &Rest, p: &Parcel) -> Result<Written, Failure> {
    let path = format!("orders/{}/shipment-trackings", p.platform_order_id);
    let list = rest.send_at(NS, reqwest::Method::GET, &path, None).await.map_err(failure)?;
    let items = list.as_array().cloned().unwrap_or_default();
    let recorded = p.store_fulfillment_id.as_deref().and_then(|id| items.iter().find(|t| t["tracking_id"] == id));
    let existing = recorded.or_else(|| items.iter().find(|t| t["tracking_number"].as_str().is_some_and(|n| same_number(n, &p.tracking_number))));
    if let Some(t) = existing {
        // A tracking item cannot be edited; a carrier named later stays as first written.
        let id = t["tracking_id"].as_str().unwrap_or_default().to_string();
        record_remote(pool, p, &id).await?;
        return Ok(Written { remote_id: id, action: if recorded.is_some() { "unchanged" } else { "found" } });
    }
    let mut body = json!({ "tracking_number": p.tracking_number, "date_shipped": chrono::Utc::now().format("%Y-%m-%d").to_string() });
    match p.carrier.as_deref().map(str::to_lowercase) {
        Some(c) if KNOWN.contains(&c.as_str()) => body["tracking_provider"] = json!(c),
        _ => {
            body["custom_tracking_provider"] = json!(p.carrier.clone().unwrap_or_else(|| "Other".into()));
            body["custom_tracking_link"] = json!(format!("https://t.17track.net/en#nums={}", p.tracking_number));
        }
    }
    // A POST whose answer is lost may still have happened: the retry finds it by number above.
    let t = rest.send_at(NS, reqwest::Method::POST, &path, Some(body)).await.map_err(failure)?;
    let Some(id) = t["tracking_id"].as_str() else {
        return Err(Failure::Outage("the store answered the shipment tracking without its id".into()));
    };
    record_remote(pool, p, id).await?;
    Ok(Written { remote_id: id.to_string(), action: "created" })
}

/// Marks the order `completed` when every parcel of it is written and every line travels in a
/// parcel (a multi-supplier order waits for its last supplier). Returns whether this run did.
pub async fn complete_when_all_written(pool: &PgPool, rest: &Rest, p: &Parcel) -> Result<bool, Failure> {
    let all: bool = sqlx::query_scalar(
        "SELECT NOT EXISTS (SELECT 1 FROM shipments WHERE order_id = $1 AND workplace_id = $2 AND id <> $3 AND store_fulfillment_id IS NULL)
            AND NOT EXISTS (SELECT 1 FROM order_line_items WHERE order_id = $1 AND workplace_id = $2 AND shipment_id IS NULL AND NOT disabled)",
    )
    .bind(p.order_id)
    .bind(p.workplace_id)
    .bind(p.id)
    .fetch_one(pool)
    .await
    .map_err(crate::Error::from)?;
    if !all {
        return Ok(false);
    }
    let path = format!("orders/{}", p.platform_order_id);
    let order: Value = rest.send(reqwest::Method::GET, &path, None).await.map_err(failure)?;
    // Only an open order moves: one the merchant completed, cancelled or refunded stays as is,
    // and a repeated run sends nothing (each update fires the store's webhooks).
    if !matches!(order["status"].as_str(), Some("pending" | "processing" | "on-hold")) {
        return Ok(false);
    }
    rest.send(reqwest::Method::PUT, &path, Some(json!({ "status": "completed" }))).await.map_err(failure)?;
    Ok(true)
}
