//! Shared state. Everything mutable lives in a `World` that `reset` replaces
//! wholesale, so a reseed cannot leave stale pieces behind. Locks are std
//! locks held only for short synchronous sections, never across an await.
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;

use chrono::{DateTime, TimeZone, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::{Config, carriers, catalogue::Catalogue, channel_products, channels, faults, identity, payments, rates, shopify, suppliers, woocommerce};

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub config: Config,
    pub http: reqwest::Client,
    world: RwLock<Arc<World>>,
}

impl AppState {
    pub fn new(config: Config) -> Self {
        let world = Arc::new(World::new(config.seed, &config));
        // No idle pool: a webhook receiver must not be left holding a connection the sandbox
        // opened and never sent a request on (hyper's checkout/connect race parks one when
        // deliveries overlap), which keeps e.g. Node's `server.close()` from ever finishing.
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(10)).pool_max_idle_per_host(0).build().expect("http client");
        AppState(Arc::new(Shared { config, http, world: RwLock::new(world) }))
    }
    /// Snapshot of the current world (cheap Arc clone; read lock released at once).
    pub fn world(&self) -> Arc<World> {
        self.0.world.read().expect("world lock").clone()
    }
    pub fn reset(&self, seed: u64) {
        let world = Arc::new(World::new(seed, &self.0.config));
        *self.0.world.write().expect("world lock") = world;
    }
    pub fn config(&self) -> &Config {
        &self.0.config
    }
    pub fn http(&self) -> &reqwest::Client {
        &self.0.http
    }
    /// Base URL for links the sandbox hands out.
    pub fn base_url(&self) -> String {
        self.0.config.public_url.clone().unwrap_or_else(|| format!("http://{}", self.0.config.addr))
    }
}

/// Everything a reset replaces.
pub struct World {
    pub seed: u64,
    pub clock: Clock,
    pub faults: faults::FaultState,
    pub rng: Mutex<StdRng>,
    ids: AtomicU64,
    pub identity: RwLock<identity::IdentityState>,
    pub shopify: RwLock<shopify::model::State>,
    pub woo: RwLock<woocommerce::model::State>,
    pub catalogue: Catalogue,
    pub suppliers: RwLock<suppliers::model::State>,
    pub carriers: RwLock<carriers::CarrierState>,
    pub payments: RwLock<payments::model::State>,
    pub channels: RwLock<channels::ChannelState>,
    pub channel_products: RwLock<channel_products::ProductsState>,
    pub rates: RwLock<rates::RatesState>,
    pub ai: RwLock<crate::ai::AiState>,
}

impl World {
    fn new(seed: u64, config: &Config) -> Self {
        let started = Instant::now();
        let catalogue = Catalogue::generate(seed, config.products_per_source);
        tracing::info!(seed, products = catalogue.len(), ms = started.elapsed().as_millis() as u64, "world generated");
        World {
            seed,
            clock: Clock::new(),
            faults: faults::FaultState::new(seed),
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            ids: AtomicU64::new(1000),
            identity: Default::default(),
            shopify: Default::default(),
            woo: Default::default(),
            catalogue,
            suppliers: Default::default(),
            carriers: Default::default(),
            payments: Default::default(),
            channels: Default::default(),
            channel_products: Default::default(),
            rates: Default::default(),
            ai: Default::default(),
        }
    }
    /// Monotonic id, deterministic for a given sequence of calls.
    pub fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }
    /// Random-looking but seeded token (`prefix` + 32 hex chars).
    pub fn token(&self, prefix: &str) -> String {
        let mut rng = self.rng.lock().expect("rng lock");
        let a: u64 = rng.random();
        let b: u64 = rng.random();
        format!("{prefix}{a:016x}{b:016x}")
    }
}

/// The virtual clock: real time plus an offset moved by `/_sandbox/clock/advance`.
/// Every time-driven behaviour (order progress, parcels, throttle refill,
/// code expiry) reads this, never the system clock directly.
pub struct Clock {
    base_ms: i64,
    started: Instant,
    offset_ms: AtomicI64,
}

impl Clock {
    fn new() -> Self {
        Clock { base_ms: Utc::now().timestamp_millis(), started: Instant::now(), offset_ms: AtomicI64::new(0) }
    }
    pub fn now_ms(&self) -> i64 {
        self.base_ms + self.started.elapsed().as_millis() as i64 + self.offset_ms.load(Ordering::Relaxed)
    }
    pub fn now_secs(&self) -> i64 {
        self.now_ms() / 1000
    }
    pub fn now(&self) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(self.now_ms()).single().unwrap_or_else(Utc::now)
    }
    pub fn advance(&self, seconds: i64) {
        self.offset_ms.fetch_add(seconds * 1000, Ordering::Relaxed);
    }
    pub fn offset_secs(&self) -> i64 {
        self.offset_ms.load(Ordering::Relaxed) / 1000
    }
}
