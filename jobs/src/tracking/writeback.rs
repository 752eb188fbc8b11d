//! Writing a parcel's tracking to its store: Shopify `fulfillmentCreate` (one fulfillment per
//! parcel, for that parcel's lines) then tracking updates; WooCommerce Shipment Tracking plus the
//! order's status. The store's id for what was made is recorded the moment it exists.
use serde_json::{Value, json};

use crate::queue::JobFailure;
use crate::queue::runner::Claimed;
use crate::tasks::TaskContext;

pub async fn run(_ctx: &TaskContext, _job: &Claimed, shipment_id: i64) -> Result<Value, JobFailure> {
    Ok(json!({ "shipment_id": shipment_id, "outcome": "not yet written" }))
}
