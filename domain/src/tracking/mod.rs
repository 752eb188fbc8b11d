//! Tracking (issue 8): parcels (`shipments`) come from the supplier's order (`supplier_sync`), a
//! CSV import or the user; `follow` reads their status from the carrier API into the spec's nine
//! statuses; every change is queued for write-back to the store; `public` is what the tracking
//! page may show.
pub mod aliexpress_sync;
pub mod csv_import;
pub mod ebay_sync;
pub mod follow;
pub mod jobs;
pub mod public;
pub mod run;
pub mod settle;
pub mod shipments;
pub mod supplier_sync;
pub mod writeback;
pub mod writeback_shopify;
pub mod writeback_woo;

/// The spec's shipment statuses.
pub const STATUSES: [&str; 9] =
    ["not_found", "info_received", "in_transit", "available_for_pickup", "out_for_delivery", "delivered", "expired", "delivery_failure", "exception"];

/// Statuses after which the carrier is no longer asked.
pub const FINAL: [&str; 2] = ["delivered", "expired"];

/// An order with several parcels shows the one that needs attention first, then the least
/// advanced: a problem, else the slowest parcel, delivered only when all are.
pub const ORDER_RANK: [&str; 9] =
    ["exception", "delivery_failure", "expired", "not_found", "info_received", "in_transit", "available_for_pickup", "out_for_delivery", "delivered"];
