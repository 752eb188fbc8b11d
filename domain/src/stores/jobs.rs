//! The stores jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::{Family, Job};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Serialize, Deserialize)]
pub struct StoreProductsSyncJob {
    pub store_id: Uuid,
    pub workplace_id: Uuid,
}

impl Job for StoreProductsSyncJob {
    const KIND: &'static str = "store_products_sync";
}

#[derive(Debug, Serialize, Deserialize)]
pub struct StoreScanJob {
    pub scan_id: Uuid,
    pub workplace_id: Uuid,
}

impl Job for StoreScanJob {
    const KIND: &'static str = "store_scan";
}

#[derive(Debug, Serialize, Deserialize)]
pub struct StoreSetup {
    pub store_id: Uuid,
}

impl Job for StoreSetup {
    const KIND: &'static str = "store_setup";
}

#[derive(Debug, Serialize, Deserialize)]
pub struct WebhookEvent {
    pub event_id: i64,
}

impl Job for WebhookEvent {
    const KIND: &'static str = "webhook_event";
}

/// Reads the USD exchange rates again (`exchange_rates.refresh_secs`, the worker's schedule).
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ExchangeRatesRefresh {}

impl Job for ExchangeRatesRefresh {
    const KIND: &'static str = "exchange_rates_refresh";
    const FAMILY: Family = Family::Background;
}
