//! One token bucket per store, kept in Redis so every worker process shares it. Shopify's own
//! throttle status (cost points available, restore rate) corrects the bucket after each call,
//! and a `Retry-After` pauses the store. A store's limit never slows another store.
use apalis_redis::ConnectionManager;
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::OnceCell;
use tokio::time::Instant;

/// Refill, then take `cost` if the bucket holds it; else answer the milliseconds to wait.
/// Time is Redis' own clock, so workers on different machines agree.
const ACQUIRE: &str = r#"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'ts', 'cap', 'rate', 'until')
local cap = tonumber(b[3]) or tonumber(ARGV[2])
local rate = tonumber(b[4]) or tonumber(ARGV[3])
local tokens = tonumber(b[1]) or cap
local ts = tonumber(b[2]) or now
local blocked = tonumber(b[5]) or 0
if blocked > now then return blocked - now end
tokens = math.min(cap, tokens + (now - ts) * rate / 1000)
local cost = math.min(tonumber(ARGV[1]), cap)
local wait = 0
if tokens >= cost then tokens = tokens - cost else wait = math.ceil((cost - tokens) * 1000 / rate) end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'ts', now, 'cap', cap, 'rate', rate)
redis.call('PEXPIRE', KEYS[1], 3600000)
return wait
"#;

/// An answer came back: first give back what was reserved but not charged (ARGV[4]: Shopify
/// refunds the difference between a query's requested and actual cost; negative when the
/// reservation was short), then never believe we hold more than the platform says is left.
const OBSERVE: &str = r#"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'ts', 'cap', 'rate')
local cap = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local tokens = tonumber(b[1]) or cap
local ts = tonumber(b[2]) or now
tokens = math.min(cap, tokens + (now - ts) * (tonumber(b[4]) or rate) / 1000)
tokens = math.max(0, math.min(cap, tokens + tonumber(ARGV[4])))
tokens = math.min(tokens, tonumber(ARGV[1]))
redis.call('HSET', KEYS[1], 'tokens', tokens, 'ts', now, 'cap', cap, 'rate', rate)
redis.call('PEXPIRE', KEYS[1], 3600000)
return 0
"#;

const PAUSE: &str = r#"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local u = now + tonumber(ARGV[1])
local cur = tonumber(redis.call('HGET', KEYS[1], 'until')) or 0
if u > cur then redis.call('HSET', KEYS[1], 'until', u) end
redis.call('PEXPIRE', KEYS[1], 3600000)
return 0
"#;

/// The bucket's tokens refilled to now, as a string (Lua numbers become integers on the way out).
const PEEK: &str = r#"
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'ts', 'cap', 'rate')
if not b[1] then return false end
local tokens = math.min(tonumber(b[3]), tonumber(b[1]) + (now - tonumber(b[2])) * tonumber(b[4]) / 1000)
return tostring(tokens)
"#;

/// The scripts, hashed once: `Script::new` computes the SHA-1 Redis runs them by, a cost every
/// metered call paid again.
static ACQUIRE_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(ACQUIRE));
static OBSERVE_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(OBSERVE));
static PAUSE_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(PAUSE));
static PEEK_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(PEEK));

/// What a store allows before the platform tells us otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub capacity: f64,
    pub per_second: f64,
}

/// Shopify's Standard plan, the lowest (100 points restored a second, 2,000 held): the first
/// guess for a shop, corrected by the throttle status of its first answer.
pub const SHOPIFY: Limits = Limits { capacity: 2000.0, per_second: 100.0 };

/// The shared buckets. Connects lazily so building a task context stays synchronous.
#[derive(Clone)]
pub struct RateLimiter {
    url: String,
    /// `redis.namespace`: deployments and test runs sharing one Redis keep their own buckets
    /// (the key is the shop's domain, and tests reuse shop names).
    namespace: String,
    conn: std::sync::Arc<OnceCell<ConnectionManager>>,
}

impl RateLimiter {
    pub fn new(redis_url: &str, namespace: &str) -> Self {
        RateLimiter { url: redis_url.to_string(), namespace: namespace.to_string(), conn: Default::default() }
    }

    async fn conn(&self) -> Option<ConnectionManager> {
        let c = self.conn.get_or_try_init(|| apalis_redis::connect(self.url.clone())).await;
        match c {
            Ok(c) => Some(c.clone()),
            Err(e) => {
                tracing::warn!(error = %e, "rate limiter cannot reach Redis; calls go unmetered");
                None
            }
        }
    }

    /// Waits until the store's bucket holds `cost`, then takes it.
    pub async fn acquire(&self, store: &str, cost: f64, limits: Limits) {
        let _ = self.acquire_until(store, cost, limits, None).await;
    }

    /// `acquire`, giving up (nothing taken) when the bucket would not hold `cost` before
    /// `deadline`: the wait still needed is the error.
    pub async fn acquire_until(&self, store: &str, cost: f64, limits: Limits, deadline: Option<Instant>) -> Result<(), Duration> {
        let Some(mut conn) = self.conn().await else { return Ok(()) };
        loop {
            let wait: Result<i64, _> = ACQUIRE_SCRIPT.key(self.key(store)).arg(cost).arg(limits.capacity).arg(limits.per_second).invoke_async(&mut conn).await;
            match wait {
                Ok(0) => return Ok(()),
                Ok(ms) => {
                    let wait = Duration::from_millis(ms.clamp(1, 60_000) as u64);
                    if deadline.is_some_and(|d| Instant::now() + wait > d) {
                        return Err(wait);
                    }
                    tokio::time::sleep(wait).await
                }
                Err(e) => {
                    tracing::warn!(error = %e, "rate limiter script failed; call goes unmetered");
                    return Ok(());
                }
            }
        }
    }

    /// Records an answer: `credit` points reserved by `acquire` but not charged go back to the
    /// bucket (a debit when negative), then the platform's own count of what is left caps it.
    /// Without the credit, a store charging less than it reserves (Shopify's refund of the
    /// requested cost over the actual) is paced at the requested cost, below its real limit.
    pub async fn observe(&self, store: &str, available: f64, credit: f64, limits: Limits) {
        let Some(mut conn) = self.conn().await else { return };
        let _: Result<i64, _> =
            OBSERVE_SCRIPT.key(self.key(store)).arg(available).arg(limits.capacity).arg(limits.per_second).arg(credit).invoke_async(&mut conn).await;
    }

    /// What the store's bucket holds now (refilled to this instant), `None` before its first
    /// call or without Redis: for tests and diagnostics.
    pub async fn available(&self, store: &str) -> Option<f64> {
        let mut conn = self.conn().await?;
        let held: Option<f64> = PEEK_SCRIPT.key(self.key(store)).invoke_async(&mut conn).await.ok()?;
        held
    }

    /// Holds every call to the store for `wait` (a 429's Retry-After).
    pub async fn pause(&self, store: &str, wait: Duration) {
        let Some(mut conn) = self.conn().await else { return };
        let _: Result<i64, _> = PAUSE_SCRIPT.key(self.key(store)).arg(wait.as_millis() as u64).invoke_async(&mut conn).await;
    }
}

impl RateLimiter {
    /// `dropline:bucket:{store}` with the default namespace.
    fn key(&self, store: &str) -> String {
        format!("{}:bucket:{store}", self.namespace)
    }
}
