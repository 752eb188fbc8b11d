//! Typed answers of the setup and catalogue routes (channels, stores, mapping, push, progress,
//! account, automation, notifications, find, webhooks), so the OpenAPI document (and the web's
//! generated types) say what `data` holds. The small answers many routes share are in
//! `replies.rs`.
use chrono::{DateTime, Utc};
use domain::automation::auto_update::AutoUpdate;
use domain::automation::smart_push::SmartPush;
use domain::catalogue::Collection;
use domain::channels::ChannelView;
use domain::connectors::channels::tiktok_account::Warehouse;
use domain::mapping::Recommendation;
use domain::products::pricing::PricingRule;
use domain::push::progress::{PushedProduct, SyncLogEntry};
use domain::store::notifications::{Notification, UnreadCounts};
use domain::store::outbox::OutboxEmail;
use domain::store::pricing_rules::RuleScope;
use domain::store::progress::ProgressItem;
use domain::store::store_products::StoreProductView;
use domain::values::Email;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;
use uuid::Uuid;

/// `{channels}`: every channel card of the workplace, the connectable ones first.
#[derive(Serialize, ToSchema)]
pub struct ChannelList {
    pub channels: Vec<ChannelView>,
}

/// `{channel}`: the channel's card as it is now.
#[derive(Serialize, ToSchema)]
pub struct ChannelReply {
    pub channel: ChannelView,
}

/// Push settings of one store or connected channel, defaults filled in. TikTok's also hold
/// `warehouse_id`, `weight` and `dimension`; a store's and Meta's or Google's do not.
#[derive(ToSchema)]
#[allow(dead_code)] // describes a JSON object the domain builds; never constructed here
pub struct ChannelSettings {
    is_publish: bool,
    allow_sell_out_of_stock: bool,
    sync_order: bool,
    /// The Shopify sales channels to publish to.
    publications: Vec<PublicationRef>,
    /// TikTok only (null: none chosen and the shop has none).
    warehouse_id: Option<String>,
    /// TikTok only.
    weight: Option<PackageWeight>,
    /// TikTok only.
    dimension: Option<PackageDimension>,
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PublicationRef {
    id: String,
    handle: String,
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PackageWeight {
    value: f64,
    /// kilogram, gram or pound
    unit: String,
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PackageDimension {
    height: f64,
    width: f64,
    length: f64,
    /// centimeter or inch
    unit: String,
}

/// Product settings: push settings keyed by store id or channel (`tiktok`, `facebook`,
/// `google`), and the pricing rule in force with where it comes from.
#[derive(Serialize, ToSchema)]
pub struct ProductSettings {
    #[schema(value_type = HashMap<String, ChannelSettings>)]
    pub channels: Map<String, Value>,
    pub pricing_rule: PricingRule,
    pub pricing_rule_scope: RuleScope,
}

/// `{settings}`: the store's or channel's push settings as saved, in full.
#[derive(Serialize, ToSchema)]
pub struct SavedChannelSettings {
    #[schema(value_type = ChannelSettings)]
    pub settings: Map<String, Value>,
}

/// `{warehouses}`: the TikTok shop's warehouses, read live.
#[derive(Serialize, ToSchema)]
pub struct Warehouses {
    pub warehouses: Vec<Warehouse>,
}

/// One page of store products.
#[derive(Serialize, ToSchema)]
pub struct StoreProductPage {
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    pub items: Vec<StoreProductView>,
}

/// `{items}`: catalogue products offered for an unmapped store product, best first.
#[derive(Serialize, ToSchema)]
pub struct Recommendations {
    pub items: Vec<Recommendation>,
}

/// `{store_id}`: the store a granted WooCommerce key was saved to.
#[derive(Serialize, ToSchema)]
pub struct StoreIdReply {
    pub store_id: Uuid,
}

/// `{items}`: push-progress items, one per product and destination.
#[derive(Serialize, ToSchema)]
pub struct PushProgress {
    pub items: Vec<domain::push::progress::ProgressItem>,
}

/// One page of the product center. Its prices are USD; `display` brings them into the
/// workspace's currency.
#[derive(Serialize, ToSchema)]
pub struct PushedPage {
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    pub items: Vec<PushedProduct>,
    pub display: domain::orders::display::Display,
}

/// `{items}`: a pushed product's sync log, newest first.
#[derive(Serialize, ToSchema)]
pub struct SyncLog {
    pub items: Vec<SyncLogEntry>,
}

/// `{items}`: the workplace's latest progress items, newest first.
#[derive(Serialize, ToSchema)]
pub struct ProgressItems {
    pub items: Vec<ProgressItem>,
}

/// Badge counts of the side navigation.
#[derive(Serialize, ToSchema)]
pub struct AccountStatistic {
    pub import_list: i64,
    pub product_list: i64,
    pub order_list: i64,
    pub chat_unread_count: i64,
}

/// `{id, email}`: the account just created (not signed in until the address is verified).
#[derive(Serialize, ToSchema)]
pub struct Registered {
    pub id: Uuid,
    pub email: Email,
}

/// Smart push settings, and whether AI writing (the content action) is applied yet.
#[derive(Serialize, ToSchema)]
pub struct SmartPushReply {
    pub automation_product_settings: SmartPush,
    pub ai_writing_available: bool,
}

/// Supplier sync settings and when it last ran (null: never).
#[derive(Serialize, ToSchema)]
pub struct AutoUpdateReply {
    pub settings: AutoUpdate,
    pub last_run_at: Option<DateTime<Utc>>,
}

/// Unread counts and the latest notifications.
#[derive(Serialize, ToSchema)]
pub struct NotificationList {
    pub unread: UnreadCounts,
    pub items: Vec<Notification>,
}

/// `{items}`: outbox emails to one address, newest first (links relative to the dashboard).
#[derive(Serialize, ToSchema)]
pub struct OutboxList {
    pub items: Vec<OutboxEmail>,
}

/// A webhook taken in: `{duplicate}` (true when this delivery was already stored), or
/// `{ping: true}` for WooCommerce's unsigned check of a new webhook's address.
#[derive(Serialize, ToSchema)]
pub struct WebhookReceipt {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ping: Option<bool>,
}

impl WebhookReceipt {
    /// A signed delivery taken in: `new` is false when it was already stored.
    pub fn stored(new: bool) -> Self {
        WebhookReceipt { duplicate: Some(!new), ping: None }
    }
}

/// `{collections}`: the find-products page's curated collections.
#[derive(Serialize, ToSchema)]
pub struct CollectionList {
    pub collections: Vec<Collection>,
}

/// `{categories}`: the category tree, as the catalogue keeps it.
#[derive(Serialize, ToSchema)]
pub struct CategoryTree {
    #[schema(value_type = Vec<CategoryNode>)]
    pub categories: Value,
}

/// A category with its subcategories (every source shares Dropline's category ids).
#[derive(ToSchema)]
#[allow(dead_code)] // describes the stored JSON tree; never constructed here
pub struct CategoryNode {
    id: i64,
    name: String,
    #[schema(no_recursion)]
    children: Vec<CategoryNode>,
}
