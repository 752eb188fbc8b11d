//! Orders: store orders in (webhooks and the catch-up sync), the order center, supplier order
//! placement exactly once, payment, cancellation and refunds. Money is in cents here and becomes
//! decimals only on the wire.
pub mod aliexpress_account;
pub mod aliexpress_placing;
pub mod automation;
pub mod automation_flows;
pub mod cancel;
pub mod created;
pub mod display;
pub mod ebay_placing;
pub mod edit;
pub mod ingest;
pub mod ingest_graphql;
pub mod jobs;
pub mod list;
pub mod memo;
pub mod paid;
pub mod pay;
pub mod place;
pub mod placing;
pub mod placing_loads;
pub mod preview;
pub mod refund;
pub mod resolve;
pub mod status;
pub mod tally;
pub mod view;

use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Result;

/// The sources an order can be placed with (spec: order sources).
pub const ORDER_SOURCES: [&str; 5] = ["aliexpress", "temu", "cj", "dropline", "ebay"];

/// Appends one line to an order's log (in the caller's transaction).
pub async fn log(conn: &mut PgConnection, workplace_id: Uuid, order_id: i64, source_order_id: Option<i64>, event: &str, detail: Value) -> Result<()> {
    sqlx::query("INSERT INTO order_logs (workplace_id, order_id, source_order_id, event, detail) VALUES ($1, $2, $3, $4, $5)")
        .bind(workplace_id)
        .bind(order_id)
        .bind(source_order_id)
        .bind(event)
        .bind(detail)
        .execute(conn)
        .await?;
    Ok(())
}

/// Cents as the decimal the API shows.
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}
