//! What job handlers (and the use cases they call) may use: the pool, settings and the
//! connectors built once per process.
use secrecy::ExposeSecret;
use sqlx::PgPool;
use std::sync::Arc;

use crate::config::Settings;
use crate::connectors::rate_limit::RateLimiter;
use crate::connectors::suppliers::Suppliers;
use crate::crypto::Sealer;
use crate::mail::Mailer;

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
    pub track: crate::connectors::carriers::track17::Track17,
    /// The process's wallet payments of supplier orders, booked many per wallet lock
    /// (`wallet::debits::grouped`, wired by `tasks::runner`).
    pub wallet_debits: Arc<WalletDebits>,
    /// The process's supplier orders the suppliers created, recorded many per transaction
    /// (`orders::created`).
    pub created_orders: Arc<crate::orders::created::CreatedOrders>,
    /// The process's paid supplier orders, recorded many per transaction (`orders::paid`).
    pub paid_orders: Arc<crate::orders::paid::PaidOrders>,
}

/// Wallet payments by (workplace, supplier order, cents), each answered with its transaction id
/// or why it was refused.
pub type WalletDebits = crate::queue::Batcher<(uuid::Uuid, i64, i64), crate::Result<i64>>;

impl TaskContext {
    pub fn new(pool: PgPool, settings: Arc<Settings>, wallet_debits: WalletDebits) -> anyhow::Result<Self> {
        let mailer = Mailer::new(&settings.email)?;
        let sealer = Sealer::from_base64(&settings.secrets.encryption_key).map_err(anyhow::Error::msg)?;
        let suppliers = Suppliers::new(&settings.suppliers);
        let limiter = RateLimiter::new(settings.redis.url.expose_secret(), &settings.redis.namespace);
        let payments = Arc::new(crate::connectors::payments::PaymentVendor::new(&settings.payments));
        let track = crate::connectors::carriers::track17::Track17::new(&settings.tracking);
        let created_orders = Arc::new(crate::orders::created::grouped(pool.clone()));
        let paid_orders = Arc::new(crate::orders::paid::grouped(pool.clone()));
        let wallet_debits = Arc::new(wallet_debits);
        Ok(TaskContext { pool, mailer, settings, sealer, suppliers, limiter, payments, track, wallet_debits, created_orders, paid_orders })
    }
}
