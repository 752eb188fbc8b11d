//! One file per job family: its payload, its `KIND` and its handler.
pub mod catalogue_detail;
pub mod catalogue_sync;
pub mod import_product;
pub mod noop;
pub mod tracking_sync;
pub mod tracking_writeback;
pub mod order_automation;
pub mod place_order;
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
pub mod webhook_event;
pub mod welcome;

use serde::de::DeserializeOwned;
use serde_json::Value;
use sqlx::PgPool;
use std::sync::Arc;

use crate::config::Settings;
use crate::connectors::rate_limit::RateLimiter;
use crate::connectors::suppliers::Suppliers;
use secrecy::ExposeSecret;
use crate::crypto::Sealer;
use crate::mail::Mailer;
use crate::queue::JobFailure;
use crate::queue::runner::Claimed;

/// What handlers may use. Cheap to clone.
#[derive(Clone)]
pub struct TaskContext {
    pub pool: PgPool,
    pub mailer: Mailer,
    pub settings: Arc<Settings>,
    pub sealer: Sealer,
    pub suppliers: Suppliers,
    /// Shared per-store rate limits (Redis).
    pub limiter: RateLimiter,
    /// The payment vendor (card payments of supplier orders).
    pub payments: Arc<crate::connectors::payments::PaymentVendor>,
    /// The carrier tracking API.
    pub track: crate::connectors::track17::Track17,
}

impl TaskContext {
    pub fn new(pool: PgPool, settings: Arc<Settings>) -> anyhow::Result<Self> {
        let mailer = Mailer::new(&settings.email)?;
        let sealer = Sealer::from_base64(&settings.secrets.encryption_key).map_err(anyhow::Error::msg)?;
        let suppliers = Suppliers::new(&settings.suppliers);
        let limiter = RateLimiter::new(settings.redis.url.expose_secret());
        let payments = Arc::new(crate::connectors::payments::PaymentVendor::new(&settings.payments));
        let track = crate::connectors::track17::Track17::new(&settings.tracking);
        Ok(TaskContext { pool, mailer, settings, sealer, suppliers, limiter, payments, track })
    }
}

/// Runs the handler of the row's kind. Returns references to merge into the row's `refs`.
pub async fn run(ctx: &TaskContext, job: &Claimed) -> Result<Value, JobFailure> {
    match job.kind.as_str() {
        welcome::KIND => welcome::run(ctx, payload(job)?).await,
        send_email::KIND => send_email::run(ctx, payload(job)?).await,
        store_setup::KIND => store_setup::run(ctx, payload(job)?).await,
        store_scan::KIND => store_scan::run(ctx, payload(job)?).await,
        webhook_event::KIND => webhook_event::run(ctx, payload(job)?).await,
        catalogue_sync::KIND => catalogue_sync::run(ctx, payload(job)?).await,
        catalogue_detail::KIND => catalogue_detail::run(ctx, payload(job)?).await,
        import_product::KIND => import_product::run(ctx, payload(job)?).await,
        store_products_sync::KIND => store_products_sync::run(ctx, payload(job)?).await,
        split_product::KIND => split_product::run(ctx, payload(job)?).await,
        push_product::KIND => push_product::run(ctx, job, payload(job)?).await,
        smart_push::KIND => smart_push::run(ctx, job, payload(job)?).await,
        supplier_sync::KIND => supplier_sync::run(ctx, job, payload(job)?).await,
        place_order::KIND => place_order::run(ctx, job, payload(job)?).await,
        order_automation::KIND => order_automation::run(ctx, payload(job)?).await,
        refund_sync::KIND => refund_sync::run(ctx, payload(job)?).await,
        store_orders_sync::KIND => store_orders_sync::run(ctx, payload(job)?).await,
        tracking_sync::KIND => tracking_sync::run(ctx, payload(job)?).await,
        tracking_writeback::KIND => tracking_writeback::run(ctx, job, payload(job)?).await,
        noop::KIND => Ok(Value::Null),
        other => Err(JobFailure::permanent(format!("no handler for job kind {other}"))),
    }
}

fn payload<T: DeserializeOwned>(job: &Claimed) -> Result<T, JobFailure> {
    serde_json::from_value(job.payload.clone())
        .map_err(|e| JobFailure::permanent(format!("bad {} payload: {e}", job.kind)))
}
