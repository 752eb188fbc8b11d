//! Shopify's in-memory world: shops, their catalogue, orders, fulfillments,
//! webhook subscriptions and delivery log. Shops spring into existence the
//! first time they are addressed (like a freshly created dev store).
use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

#[derive(Default)]
pub struct State {
    pub shops: HashMap<String, Shop>,
    /// OAuth install codes: code → grant.
    pub codes: HashMap<String, InstallCode>,
    /// Offline access tokens: token → shop domain.
    pub tokens: HashMap<String, String>,
}

pub struct InstallCode {
    pub shop: String,
    pub client_id: String,
    pub scope: String,
    pub expires_ms: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Theme {
    pub name: String,
    pub id: u64,
    pub schema_name: String,
    pub theme_store_id: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Publication {
    pub id: u64,
    pub name: String,
    pub handle: String,
    pub app_id: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ProdOption {
    pub id: u64,
    pub name: String,
    pub values: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Variant {
    pub id: u64,
    pub sku: String,
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
    pub inventory_quantity: i64,
    /// Values in the order of the product's options.
    pub option_values: Vec<String>,
    pub barcode: Option<String>,
    /// The location the variant's stock was last set at (productSet's `locationId`).
    pub stocked_at: Option<u64>,
}

impl Variant {
    pub fn title(&self) -> String {
        if self.option_values.is_empty() { "Default Title".into() } else { self.option_values.join(" / ") }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Product {
    pub id: u64,
    pub title: String,
    pub handle: String,
    pub description_html: String,
    pub vendor: String,
    pub product_type: String,
    pub status: String,
    pub tags: Vec<String>,
    pub options: Vec<ProdOption>,
    pub variants: Vec<Variant>,
    pub images: Vec<String>,
    /// Shopify-hosted videos (productSet `files` of a staged upload), after the images in `media`.
    pub videos: Vec<VideoMedia>,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// A product's Shopify-hosted video: `READY` once its staged file arrived, `FAILED` when the
/// staged target named was never uploaded.
#[derive(Debug, Clone, Serialize)]
pub struct VideoMedia {
    pub id: u64,
    pub filename: String,
    pub alt: Option<String>,
    pub status: String,
    /// The staged file's key in Shopify's storage.
    pub key: String,
}

/// A collection: a custom one holds the products added to it (`productSet` `collections`,
/// `collectionAddProducts`); a smart one chooses its products by rules, and Shopify refuses
/// adding a product to it by hand.
#[derive(Debug, Clone, Serialize)]
pub struct Collection {
    pub id: u64,
    pub title: String,
    pub handle: String,
    pub smart: bool,
    pub products: BTreeSet<u64>,
    pub updated_ms: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Address {
    pub name: String,
    pub address1: String,
    pub city: String,
    pub zip: String,
    pub province_code: Option<String>,
    pub country_code: String,
    pub phone: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LineItem {
    pub id: u64,
    pub product_id: Option<u64>,
    pub variant_id: Option<u64>,
    pub title: String,
    pub variant_title: Option<String>,
    pub sku: String,
    pub quantity: i64,
    pub price_cents: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Order {
    pub id: u64,
    pub number: u64,
    pub email: String,
    pub created_ms: i64,
    pub cancelled_ms: Option<i64>,
    pub cancel_reason: Option<String>,
    pub currency: String,
    pub line_items: Vec<LineItem>,
    pub shipping: Address,
    pub shipping_cents: i64,
}

impl Order {
    pub fn name(&self) -> String {
        format!("#{}", self.number)
    }
    pub fn total_cents(&self) -> i64 {
        self.line_items.iter().map(|l| l.price_cents * l.quantity).sum::<i64>() + self.shipping_cents
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct FoLine {
    pub id: u64,
    pub line_item_id: u64,
    pub total_quantity: i64,
    pub remaining_quantity: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct FulfillmentOrder {
    pub id: u64,
    pub order_id: u64,
    /// OPEN, IN_PROGRESS, CLOSED, CANCELLED.
    pub status: String,
    pub line_items: Vec<FoLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Tracking {
    pub company: Option<String>,
    pub number: Option<String>,
    pub url: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Fulfillment {
    pub id: u64,
    pub order_id: u64,
    pub status: String,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub tracking: Vec<Tracking>,
    /// (fulfillment order line id, quantity).
    pub lines: Vec<(u64, i64)>,
    pub notify_customer: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct WebhookSub {
    pub id: u64,
    /// GraphQL enum form, e.g. ORDERS_CREATE.
    pub topic: String,
    pub callback_url: String,
    pub format: String,
    pub created_ms: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Delivery {
    pub webhook_id: String,
    pub topic: String,
    pub url: String,
    pub attempts: u32,
    pub last_status: Option<u16>,
    pub delivered: bool,
    pub dropped: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Bucket {
    /// The shop's plan, which sets the restore rate: standard, advanced, plus or enterprise.
    pub plan: String,
    pub maximum: f64,
    pub available: f64,
    pub restore_rate: f64,
    pub updated_ms: i64,
    pub enabled: bool,
    /// THROTTLED answers given so far: how well a client paces itself.
    pub throttled_replies: u64,
    /// Points charged for the calls answered: what a client actually got out of the bucket.
    pub points_charged: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Shop {
    pub domain: String,
    pub id: u64,
    pub name: String,
    /// The owner's address (`shop.email`); the control API may change it.
    pub email: String,
    pub currency: String,
    pub country: String,
    pub theme: Theme,
    pub apps: Vec<String>,
    pub installed: bool,
    pub scope: String,
    pub products: super::catalog::Catalog,
    pub collections: BTreeMap<u64, Collection>,
    pub orders: BTreeMap<u64, Order>,
    pub fulfillment_orders: BTreeMap<u64, FulfillmentOrder>,
    pub fulfillments: BTreeMap<u64, Fulfillment>,
    pub webhooks: BTreeMap<u64, WebhookSub>,
    pub deliveries: Vec<Delivery>,
    pub publications: Vec<Publication>,
    /// publication id → published product ids.
    pub published: HashMap<u64, BTreeSet<u64>>,
    pub throttle: Bucket,
    pub next_order_number: u64,
    /// Whether the app is approved for protected customer data (`protected.rs`).
    pub customer_data_approved: bool,
    /// Where the shop keeps stock; the first is the primary ("Shop location").
    pub locations: Vec<super::locations::Location>,
    /// What `shop.resourceLimits` reports and productSet enforces (`limits.rs`).
    pub limits: super::limits::Limits,
    /// The app's subscriptions and usage charges (`billing.rs`).
    pub billing: super::billing::Billing,
    /// Staged uploads by key in Shopify's storage (`staged.rs`).
    pub staged: BTreeMap<String, super::staged::StagedFile>,
    /// Bulk operations (`bulk.rs`).
    pub bulk: super::bulk::Bulk,
    /// Calls counted for tests and benches.
    pub calls: Calls,
}

/// What the app called one at a time (a bulk operation's lines are not counted here).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Calls {
    pub product_set: u64,
}

impl Shop {
    pub fn online_store(&self) -> u64 {
        self.publications[0].id
    }
    pub fn is_published(&self, publication: u64, product: u64) -> bool {
        self.published.get(&publication).is_some_and(|s| s.contains(&product))
    }
    /// Whether the installed app was granted `scope`; a `write_` scope grants its `read_`.
    pub fn granted(&self, scope: &str) -> bool {
        let write = scope.replacen("read_", "write_", 1);
        self.scope.split(',').map(str::trim).any(|s| s == scope || s == write)
    }
    pub fn find_variant(&self, variant_id: u64) -> Option<(&Product, &Variant)> {
        self.products.variant(variant_id)
    }
}

/// "acme" and "acme.myshopify.com" name the same shop.
pub fn normalize_shop(s: &str) -> String {
    let s = s.trim().trim_end_matches('/').to_lowercase();
    let s = s.strip_prefix("https://").or_else(|| s.strip_prefix("http://")).unwrap_or(&s).to_string();
    if s.ends_with(".myshopify.com") { s } else { format!("{s}.myshopify.com") }
}

/// Where an image is served: seeded products hold a sandbox image key, pushed products
/// (productSet `files`) the address they were given.
pub fn image_src(base: &str, img: &str) -> String {
    if img.contains("://") { img.to_string() } else { format!("{base}/img/{img}.png") }
}

pub fn gid(kind: &str, id: u64) -> String {
    format!("gid://shopify/{kind}/{id}")
}

/// Accepts a GID or a bare numeric id.
pub fn parse_gid(s: &str) -> Option<u64> {
    s.rsplit('/').next()?.split('?').next()?.parse().ok()
}

pub fn handleize(s: &str) -> String {
    let mut out = String::new();
    for c in s.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}
