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
    pub created_orders: Arc<CreatedOrders>,
    /// The process's paid supplier orders, recorded many per transaction (`orders::paid`).
    pub paid_orders: Arc<PaidOrders>,
    /// The process's `place_order` jobs' supplier orders with their lines (`orders::placing_loads`).
    pub placing_loads: Arc<PlacingLoads>,
    /// The process's push jobs' leases, products and ends, many per statement (`push::runs`).
    pub push_leases: Arc<PushLeases>,
    pub push_products: Arc<PushProducts>,
    pub push_ends: Arc<PushEnds>,
}

/// Wallet payments by (workplace, supplier order, cents), each answered with its transaction id
/// or why it was refused.
pub type WalletDebits = crate::queue::Batcher<(uuid::Uuid, i64, i64), crate::Result<i64>>;

/// What a supplier answered for one supplier order placed (`orders::created` records it).
#[derive(Debug, Clone)]
pub struct CreatedOrder {
    pub source_order_id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub total_cents: i64,
    pub shipping_cents: i64,
    /// The log line's detail.
    pub detail: serde_json::Value,
}

/// What recording a created supplier order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// It waits for the owner to pay it; its order's status was worked out.
    Waiting,
    /// The owner asked to pay on placement: it was taken into `paying` in the same statement,
    /// to be paid with this method (`wallet` or `card`) by the same job.
    Paying(String),
    /// The row was no longer `placing` (the user stopped it): the supplier order is cancelled.
    Stopped,
}

/// Created supplier orders, each answered with what recording it did.
pub type CreatedOrders = crate::queue::Batcher<CreatedOrder, Recorded>;

/// One supplier order the supplier has been paid for, and its log line's detail
/// (`orders::paid` records it).
#[derive(Debug, Clone)]
pub struct PaidOrder {
    pub source_order_id: i64,
    pub workplace_id: uuid::Uuid,
    pub order_id: i64,
    pub detail: serde_json::Value,
}

pub type PaidOrders = crate::queue::Batcher<PaidOrder, ()>;

/// Supplier orders with their lines by id; `None` when gone.
pub type PlacingLoads = crate::queue::Batcher<i64, Option<(crate::store::supplier_orders::Row, Vec<crate::store::supplier_orders::Line>)>>;

/// Push pairs asked for a run, each answered with the lease or why not (`store::push_leases`).
pub type PushLeases = crate::queue::Batcher<crate::store::push_leases::LeaseAsk, crate::store::push_leases::Lease>;

/// Products with their variants by (workplace, product id); `None` when gone.
pub type PushProducts =
    crate::queue::Batcher<(uuid::Uuid, uuid::Uuid), Option<Arc<(crate::store::products::ProductRow, Vec<crate::store::products::VariantRow>)>>>;

/// Ends of push runs, written many per statement.
pub type PushEnds = crate::queue::Batcher<crate::store::push_leases::Finish, ()>;

/// The process's reads and writes grouped across its jobs. Built by `tasks::runner`, which may
/// use the use cases that do them (`wallet::debits`, `orders::created`, `orders::paid`,
/// `orders::placing_loads`, `push::runs`).
pub struct Grouped {
    pub wallet_debits: WalletDebits,
    pub created_orders: CreatedOrders,
    pub paid_orders: PaidOrders,
    pub placing_loads: PlacingLoads,
    pub push_leases: PushLeases,
    pub push_products: PushProducts,
    pub push_ends: PushEnds,
}

impl TaskContext {
    pub fn new(pool: PgPool, settings: Arc<Settings>, grouped: Grouped) -> anyhow::Result<Self> {
        let mailer = Mailer::new(&settings.email)?;
        let sealer = Sealer::from_base64(&settings.secrets.encryption_key).map_err(anyhow::Error::msg)?;
        let suppliers = Suppliers::new(&settings.suppliers);
        let limiter = RateLimiter::new(settings.redis.url.expose_secret(), &settings.redis.namespace);
        let payments = Arc::new(crate::connectors::payments::PaymentVendor::new(&settings.payments));
        let track = crate::connectors::carriers::track17::Track17::new(&settings.tracking);
        let (wallet_debits, created_orders, paid_orders) = (Arc::new(grouped.wallet_debits), Arc::new(grouped.created_orders), Arc::new(grouped.paid_orders));
        let placing_loads = Arc::new(grouped.placing_loads);
        let (push_leases, push_products, push_ends) = (Arc::new(grouped.push_leases), Arc::new(grouped.push_products), Arc::new(grouped.push_ends));
        Ok(TaskContext {
            pool,
            mailer,
            settings,
            sealer,
            suppliers,
            limiter,
            payments,
            track,
            wallet_debits,
            created_orders,
            paid_orders,
            placing_loads,
            push_leases,
            push_products,
            push_ends,
        })
    }
}
