//! Order automation flows (`/orders/v7/automation/panel`): run when an order arrives.
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Result;

/// Called in the transaction that stores a new order.
pub async fn on_new_order(_conn: &mut PgConnection, _workplace_id: Uuid, _order_id: i64) -> Result<()> {
    Ok(())
}
