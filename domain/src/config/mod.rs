//! Layered settings: `config/default.toml`, then `config/{DROPLINE_ENV}.toml`, then
//! `DROPLINE__SECTION__KEY` environment variables.
use secrecy::SecretString;
use serde::Deserialize;
use std::path::{Path, PathBuf};

mod proxies;
mod sandbox;
mod secrets;

pub use proxies::TrustedProxies;

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub application: ApplicationSettings,
    pub database: DatabaseSettings,
    pub redis: RedisSettings,
    pub queue: QueueSettings,
    pub auth: AuthSettings,
    pub email: EmailSettings,
    pub oauth: OAuthSettings,
    pub secrets: SecretsSettings,
    pub shopify: ShopifySettings,
    pub woocommerce: WooCommerceSettings,
    pub channels: ChannelsSettings,
    pub inspect: InspectSettings,
    pub suppliers: SupplierSettings,
    pub catalogue: CatalogueSettings,
    pub automation: AutomationConfig,
    pub payments: PaymentVendorSettings,
    pub tracking: TrackingSettings,
    pub exchange_rates: ExchangeRateSettings,
    #[serde(default)]
    pub plans: PlansSettings,
    #[serde(default)]
    pub gallery: GallerySettings,
    /// Development and tests: the sandbox that stands in for every outside party. When set, every
    /// outside address (sign-in, stores, suppliers, channels, payments, carrier) points at it.
    #[serde(default)]
    pub sandbox_url: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SecretsSettings {
    /// Base64 of 32 random bytes; encrypts store tokens and keys at rest.
    pub encryption_key: SecretString,
}

/// The Shopify app Dropline installs as.
#[derive(Debug, Clone, Deserialize)]
pub struct ShopifySettings {
    pub client_id: String,
    /// The app secret: signs OAuth redirects and webhooks.
    pub client_secret: SecretString,
    pub api_version: String,
    pub scopes: String,
    /// Where a shop's admin lives; `{shop}` is its myshopify domain.
    pub shop_url_template: String,
    /// The App Bridge script the dashboard loads when embedded in the admin (Shopify's CDN; the
    /// sandbox's stand-in in development and tests).
    pub app_bridge_url: String,
    /// The largest product video a push reads from the supplier and uploads (Shopify itself
    /// takes up to 1 GB; the video is held in memory while it goes up).
    pub video_max_bytes: usize,
    /// How long reading the supplier's video may take.
    pub video_timeout_secs: u64,
    /// A store's first push of more products than this goes through Shopify's bulk path
    /// (`push::bulk`).
    pub bulk_threshold: usize,
    /// How often a running bulk push polls its operation, should the webhook not arrive.
    pub bulk_poll_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WooCommerceSettings {
    /// Shown on WooCommerce's key-granting page.
    pub app_name: String,
    /// Accept `http://` store addresses (development against the sandbox only).
    pub allow_http: bool,
    /// Calls per second Dropline makes to one store, across all workers (hosts differ; 429s
    /// with Retry-After pause the store further).
    pub requests_per_second: f64,
    pub burst: f64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ChannelsSettings {
    pub tiktok: TikTokSettings,
    pub facebook: ChannelOAuth,
    pub google_merchant: ChannelOAuth,
}

/// TikTok Shop Partner app.
#[derive(Debug, Clone, Deserialize)]
pub struct TikTokSettings {
    pub app_key: String,
    pub app_secret: SecretString,
    pub authorize_url: String,
    pub token_url: String,
    /// Base of the Open API (`/logistics/202309/warehouses` and friends).
    pub api_base: String,
}

/// An OAuth2 channel (Meta business, Google Merchant Center) and its API base.
#[derive(Debug, Clone, Deserialize)]
pub struct ChannelOAuth {
    pub client_id: String,
    pub client_secret: SecretString,
    pub authorize_url: String,
    pub token_url: String,
    pub api_base: String,
    pub scope: String,
}

/// Store inspection fetches addresses users type: what it may reach and how much it reads.
#[derive(Debug, Clone, Deserialize)]
pub struct InspectSettings {
    /// Hosts (names or IPs) allowed even though they are private, loopback or link-local.
    pub allow_hosts: Vec<String>,
    pub max_bytes: usize,
    pub timeout_secs: u64,
    pub max_redirects: usize,
}

/// The suppliers' product API (the JSON protocol); `{source}` is replaced by the source key.
#[derive(Debug, Clone, Deserialize)]
pub struct SupplierSettings {
    pub api_url_template: String,
    pub token: String,
    pub timeout_secs: u64,
    /// AliExpress products are read through AliExpress's own API when an app key is set.
    pub aliexpress: AliExpressSettings,
    /// CJ products are read through CJ's API 2.0 when an API key is set.
    pub cj: CjSettings,
    /// eBay products are read through eBay's Browse API when a client id is set.
    pub ebay: EbaySettings,
}

/// The CJ Dropshipping account Dropline calls as (`api_url` ends in `/api2.0/v1`).
#[derive(Debug, Clone, Deserialize)]
pub struct CjSettings {
    pub api_url: String,
    pub api_key: String,
}

/// The eBay application (client-credentials keyset) Dropline browses as.
#[derive(Debug, Clone, Deserialize)]
pub struct EbaySettings {
    /// Host of both `/identity/v1/oauth2/token` and `/buy/browse/v1`.
    pub api_url: String,
    pub client_id: String,
    pub client_secret: String,
    pub marketplace_id: String,
    /// Host of the Order API's guest checkout sessions (eBay serves them at `apix.ebay.com`, its
    /// purchase orders at `api_url`); empty means `api_url`.
    #[serde(default)]
    pub checkout_api_url: String,
    /// Browse search needs a query or a category: the catalogue sync walks this category.
    pub catalogue_category_id: String,
}

/// The AliExpress Open Platform app Dropline calls as.
#[derive(Debug, Clone, Deserialize)]
pub struct AliExpressSettings {
    pub api_url: String,
    pub app_key: String,
    pub app_secret: String,
}

/// How the supplier catalogue cache is kept fresh.
#[derive(Debug, Clone, Deserialize)]
pub struct CatalogueSettings {
    /// Re-read every source's catalogue this often (and at start when never read).
    pub refresh_secs: u64,
    /// Product details older than this are read again before an import uses them.
    pub detail_fresh_secs: i64,
    /// Catalogue pages read per source (100 products each); 0 = all of them.
    pub max_pages: i64,
    /// Supplier calls in flight per detail job.
    pub detail_concurrency: usize,
    /// The API keeps a search page this long (then refreshes it in the background); 0 = off.
    /// Far below `refresh_secs`, so a page is never older than the catalogue's own freshness.
    pub search_cache_secs: u64,
    /// At most this many pages kept (a 20-card page is about 20 kB).
    pub search_cache_entries: usize,
    /// The api answers searches from memory while the catalogue has at most this many
    /// products (about 1 kB each); 0 = always from PostgreSQL.
    pub search_index_products: usize,
}

/// Smart push and supplier sync scheduling.
#[derive(Debug, Clone, Deserialize)]
pub struct AutomationConfig {
    /// How often smart push looks for new imports: also how finely its time windows are kept.
    pub smart_push_secs: u64,
}

/// The payment vendor (Stripe-style API): wallet top-ups through its hosted checkout, card
/// payments of supplier orders, and its signed webhooks.
#[derive(Debug, Clone, Deserialize)]
pub struct PaymentVendorSettings {
    /// Base of the vendor's `/v1/...` API (`https://api.stripe.com` in production).
    pub api_url: String,
    pub secret_key: SecretString,
    /// Signs the vendor's webhooks (`Stripe-Signature`).
    pub webhook_secret: SecretString,
    /// Register `/api/webhooks/payments` at the vendor on first use (development and test,
    /// whose sandbox starts empty); production configures the endpoint once at the vendor.
    pub register_webhook: bool,
    /// A webhook signed longer ago than this is refused (replay protection).
    pub signature_tolerance_secs: i64,
    pub timeout_secs: u64,
    /// The live key set: owners whose payment mode is `live` pay with it, those in `sandbox`
    /// mode with the keys above (the vendor's test keys). Production requires both live ones.
    #[serde(default)]
    pub live_secret_key: Option<SecretString>,
    #[serde(default)]
    pub live_webhook_secret: Option<SecretString>,
    /// After a failed plan renewal the plan is kept this many days, then the free plan.
    #[serde(default = "default_grace_days")]
    pub grace_days: i64,
}

fn default_grace_days() -> i64 {
    7
}

#[derive(Debug, Clone, Deserialize)]
pub struct OAuthSettings {
    pub google: OAuthProvider,
    pub facebook: OAuthProvider,
}

/// One OAuth2 provider's client and endpoints.
#[derive(Debug, Clone, Deserialize)]
pub struct OAuthProvider {
    pub client_id: String,
    pub client_secret: SecretString,
    pub authorize_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    pub scope: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ApplicationSettings {
    pub host: String,
    pub port: u16,
    /// Address users reach the dashboard at; used in emailed links.
    pub base_url: String,
    /// The built web app served beside the API.
    pub web_dir: PathBuf,
    /// Order-list pages and counts the API keeps while exact (`orders::memo`), in MB; 0 = off.
    #[serde(default = "order_memo_mb")]
    pub order_memo_mb: usize,
}

fn order_memo_mb() -> usize {
    64
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    pub url: SecretString,
    pub max_connections: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RedisSettings {
    pub url: SecretString,
    /// Prefix of every queue name, so several deployments (or test runs) can share one Redis.
    pub namespace: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct QueueSettings {
    /// Jobs waiting in one Redis queue at most (apalis-redis stalls above about 8,000).
    pub max_depth: usize,
    /// A row dispatched this long ago and still `queued` is pushed again.
    pub redispatch_after_secs: u64,
    /// A row `processing` this long is taken as abandoned by a crashed worker.
    pub lease_secs: u64,
    /// A job running longer than this is stopped and retried (a live job beats a heartbeat, so
    /// the lease alone cannot tell a stuck one).
    pub max_run_secs: u64,
    pub dispatch_interval_ms: u64,
    /// How often finished jobs' leftovers are removed from Redis.
    pub vacuum_interval_secs: u64,
    pub worker_concurrency: usize,
    /// Jobs of a background family (`queue::BACKGROUND_KINDS`) one worker runs at once, so
    /// a catalogue refresh never takes the connections a user's job is waiting for.
    pub background_concurrency: usize,
    /// Jobs of the paced family (`queue::Family::Paced`) one worker runs at once: they wait on
    /// stores' rate limits, not on the database.
    pub paced_concurrency: usize,
    /// Whether the worker enqueues the periodic jobs (catalogue refresh, syncs, tracking); off
    /// for benchmarks that measure something else.
    pub schedules: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    pub token_days: i64,
    /// Wrong passwords one address may try for one email before each further try must wait.
    pub login_failures_per_pair: i64,
    /// That first wait, doubled by each further failure of the pair, up to the max.
    pub login_delay_secs: i64,
    pub login_max_delay_secs: i64,
    /// Wrong passwords one address may try across all emails (password spraying).
    pub login_failures_per_address: i64,
    /// How long a failed sign-in counts.
    pub login_window_secs: i64,
    /// Reverse proxies whose `X-Forwarded-For` names the client (IPs or CIDRs; none by default).
    #[serde(default)]
    pub trusted_proxies: TrustedProxies,
    /// The catalogue's read-only calls trust a session checked this recently (0 = always check).
    /// Sign-out in another API process takes effect for them after at most this long.
    pub scope_cache_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EmailSettings {
    pub from: String,
    /// `smtp://user:pass@host:port`; empty keeps mail in the outbox table and the log.
    pub smtp_url: SecretString,
    /// Serve `GET /api/dev/outbox`; never in production.
    pub dev_outbox_api: bool,
}

/// Where the image library's files are kept (`domain::gallery`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct GallerySettings {
    /// `local` (the default): files under `dir`; `s3`: an S3-compatible bucket (`gallery.s3`).
    pub storage: GalleryStorage,
    /// The folder on local disk (created at start when missing).
    pub dir: PathBuf,
    pub s3: S3Settings,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GalleryStorage {
    #[default]
    Local,
    S3,
}

/// An S3-compatible bucket (AWS, MinIO, Ceph, R2...). The secret comes from the environment
/// (`DROPLINE__GALLERY__S3__SECRET_ACCESS_KEY`), never from a committed file.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct S3Settings {
    /// Empty: AWS itself; otherwise the service's address (`http://` is allowed, for a service
    /// on the same network).
    pub endpoint: String,
    pub bucket: String,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: Option<SecretString>,
}

impl Default for S3Settings {
    fn default() -> Self {
        S3Settings { endpoint: String::new(), bucket: String::new(), region: "us-east-1".into(), access_key_id: String::new(), secret_access_key: None }
    }
}

impl Default for GallerySettings {
    fn default() -> Self {
        GallerySettings { storage: GalleryStorage::Local, dir: PathBuf::from(".data/gallery"), s3: S3Settings::default() }
    }
}

/// Where the plan catalogue lives (`config/plans.toml`); a relative path is under the config folder.
#[derive(Debug, Clone, Deserialize)]
pub struct PlansSettings {
    pub file: PathBuf,
    /// Owners pay for plans (through the payment vendor or Shopify). A self-hosted operator who
    /// does not charge their own stores turns it off and assigns plans with `dropline plan set`:
    /// the billing entries are hidden and every charging call is FORBIDDEN.
    #[serde(default = "billing_on")]
    pub billing: bool,
}

fn billing_on() -> bool {
    true
}

impl Default for PlansSettings {
    fn default() -> Self {
        PlansSettings { file: PathBuf::from("plans.toml"), billing: true }
    }
}

impl Settings {
    /// Reads the layers from `config_dir` for environment `env`.
    pub fn load_from(config_dir: &Path, env: &str) -> Result<Self, config::ConfigError> {
        let mut settings = config::Config::builder()
            .add_source(config::File::from(config_dir.join("default.toml")))
            .add_source(config::File::from(config_dir.join(format!("{env}.toml"))).required(false))
            .add_source(config::Environment::with_prefix("DROPLINE").prefix_separator("__").separator("__"))
            .build()?
            .try_deserialize::<Settings>()?;
        if settings.plans.file.is_relative() {
            settings.plans.file = config_dir.join(&settings.plans.file);
        }
        if let Some(base) = settings.sandbox_url.clone() {
            if env == "production" {
                return Err(config::ConfigError::Message("sandbox_url must not be set in production".into()));
            }
            settings.use_sandbox(base.trim_end_matches('/'));
        }
        if env == "production" {
            secrets::check_production(&settings)?;
        } else {
            secrets::fill_development(&mut settings);
        }
        Ok(settings)
    }

    /// The environment named by `DROPLINE_ENV` (default `development`).
    pub fn load() -> Result<Self, config::ConfigError> {
        let env = std::env::var("DROPLINE_ENV").unwrap_or_else(|_| "development".into());
        Self::load_env(&env)
    }

    /// `config/` beside the working directory or, for tests run from a crate, the workspace's.
    pub fn load_env(env: &str) -> Result<Self, config::ConfigError> {
        let dir = std::env::var("DROPLINE_CONFIG_DIR").map(PathBuf::from).unwrap_or_else(|_| {
            let here = PathBuf::from("config");
            if here.join("default.toml").exists() { here } else { PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../config") }
        });
        Self::load_from(&dir, env)
    }
}

/// Where USD exchange rates come from (currencylayer's `live` shape: quotes keyed as USD plus
/// the currency code, the spec's key) and how often the worker reads them again.
#[derive(Debug, Clone, Deserialize)]
pub struct ExchangeRateSettings {
    pub url: String,
    pub access_key: SecretString,
    pub timeout_secs: u64,
    pub refresh_secs: u64,
    /// A push to a non-USD store reads the source again when its stored rate is older than this.
    pub max_age_secs: i64,
}

/// The carrier tracking API (17TRACK v2.2) and how often parcels are followed.
#[derive(Debug, Clone, Deserialize)]
pub struct TrackingSettings {
    pub api_url: String,
    pub token: SecretString,
    pub timeout_secs: u64,
    /// A parcel still moving is read again after this long.
    pub poll_secs: i64,
    /// How often the worker's schedule runs the tracking sync.
    pub sync_secs: i64,
}
