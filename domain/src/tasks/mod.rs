//! The handlers: one file per job family, implementing `queue::Handler` for the family's
//! payload (which lives beside the use case that enqueues it, e.g. `orders::jobs`). `registry`
//! is the one list of families the worker runs.
pub mod ai_write;
pub mod catalogue_detail;
pub mod catalogue_sync;
pub mod exchange_rates_refresh;
pub mod import_product;
pub mod order_automation;
pub mod place_order;
pub mod push_bulk;
pub mod push_product;
pub mod refund_sync;
pub mod send_email;
pub mod smart_push;
pub mod split_product;
pub mod store_orders_sync;
pub mod store_products_sync;
pub mod store_scan;
pub mod store_setup;
pub mod supplier_sync;
pub mod tracking_sync;
pub mod tracking_writeback;
pub mod webhook_event;
pub mod welcome;

use std::sync::Arc;

use crate::accounts::jobs::{SendEmail, Welcome};
use crate::ai_writing::bulk::AiWriteJob;
use crate::automation::jobs::{SmartPushJob, SupplierSyncJob};
use crate::catalogue::jobs::{CatalogueDetailJob, CatalogueSyncJob};
use crate::config::Settings;
use crate::context::{Grouped, TaskContext};
use crate::orders::automation::ScheduledRun;
use crate::orders::jobs::{PlaceOrder, RefundSyncJob, StoreOrdersSyncJob};
use crate::products::jobs::{ImportProductJob, SplitProductJob};
use crate::push::PushJob;
use crate::push::bulk::PushBulkJob;
use crate::queue::{Noop, Registry, Runner};
use crate::stores::jobs::{ExchangeRatesRefresh, StoreProductsSyncJob, StoreScanJob, StoreSetup, WebhookEvent};
use crate::tracking::jobs::{TrackingSync, TrackingSyncOnDemand, TrackingWriteback};

/// Every job family the product runs, with its handler.
pub fn registry() -> Registry<TaskContext> {
    Registry::default()
        .add::<Noop>()
        .add::<Welcome>()
        .add::<SendEmail>()
        .add::<StoreSetup>()
        .add::<StoreScanJob>()
        .add::<WebhookEvent>()
        .add::<StoreProductsSyncJob>()
        .add::<CatalogueSyncJob>()
        .add::<CatalogueDetailJob>()
        .add::<ImportProductJob>()
        .add::<SplitProductJob>()
        .add::<AiWriteJob>()
        .add::<PushJob>()
        .add::<PushBulkJob>()
        .add::<SmartPushJob>()
        .add::<SupplierSyncJob>()
        .add::<PlaceOrder>()
        .add::<ScheduledRun>()
        .add::<RefundSyncJob>()
        .add::<StoreOrdersSyncJob>()
        .add::<TrackingSync>()
        .add::<TrackingSyncOnDemand>()
        .add::<ExchangeRatesRefresh>()
        .add::<TrackingWriteback>()
}

/// The runner of the product's jobs over `pool` (the worker's, or a test's).
pub fn runner(pool: sqlx::PgPool, settings: Arc<Settings>) -> anyhow::Result<Arc<Runner<TaskContext>>> {
    let grouped = Grouped {
        wallet_debits: crate::wallet::debits::grouped(pool.clone()),
        created_orders: crate::orders::created::grouped(pool.clone()),
        paid_orders: crate::orders::paid::grouped(pool.clone()),
        placing_loads: crate::orders::placing_loads::grouped(pool.clone()),
        push_leases: crate::push::runs::leases(pool.clone(), settings.queue.lease_secs as f64),
        push_products: crate::push::runs::products(pool.clone()),
        push_ends: crate::push::runs::ends(pool.clone()),
    };
    let ctx = TaskContext::new(pool.clone(), settings.clone(), grouped)?;
    Ok(Runner::new(pool, settings.queue.clone(), ctx, registry()))
}
