//! `GET /products/collection/all` and `GET /products/tags`: the collections (WooCommerce:
//! product categories) and product tags of one of the workplace's stores, read from the store
//! now, for the editors' pickers. The store is the one asked for, else the workplace's default
//! (the first), as the dashboard's current shop is chosen (spec section 4); a workplace without a
//! store is sent to My Channel, as a push is (GoToMyChannel).
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::config::Settings;
use crate::connectors::stores::store_meta::{self, Read};
use crate::connectors::stores::{shopify, woocommerce};
use crate::crypto::Sealer;
use crate::error::{Error, Result};
use crate::store::stores::{self, Store};

/// A collection to choose: `id` is the platform's (a `gid://shopify/Collection/…`, or the
/// WooCommerce category's number); a product keeps the title, which each store's push finds
/// again (or creates) by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreCollection {
    pub id: String,
    pub title: String,
    pub handle: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreCollections {
    pub store_id: Uuid,
    pub platform: String,
    /// Shopify's custom collections (smart ones choose their products by rules) or
    /// WooCommerce's product categories, by title.
    pub collections: Vec<StoreCollection>,
    /// The store has more than the list holds (2,000).
    pub truncated: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreTags {
    pub store_id: Uuid,
    pub platform: String,
    /// The tags the store's products carry, in alphabetical order.
    pub tags: Vec<String>,
    pub truncated: bool,
}

enum Client {
    Shopify(shopify::Admin),
    Woo(woocommerce::Rest),
}

/// The store asked for (CURRENT_SHOP_ID_INVALID when it is not the workplace's), else the
/// default; GoToMyChannel without any. A disconnected store cannot be read.
async fn client(pool: &PgPool, settings: &Settings, sealer: &Sealer, workplace_id: Uuid, store_id: Option<Uuid>) -> Result<(Store, Client)> {
    let store = match store_id {
        Some(id) => super::current(pool, workplace_id, id).await?,
        None => stores::list(pool, workplace_id).await?.into_iter().next().ok_or_else(|| Error::Forbidden("GoToMyChannel".into()))?,
    };
    if store.status != "connected" {
        return Err(Error::BadRequest(format!("{} is disconnected; connect it again to read its collections and tags", store.name)));
    }
    let creds = stores::credentials(pool, store.id).await?.ok_or(Error::InvalidCurrentShop)?;
    let secret: Value = sealer.open_json(&creds.credentials)?;
    let client = match store.platform.as_str() {
        "shopify" => Client::Shopify(shopify::Admin::new(&settings.shopify, &store.platform_domain, secret["access_token"].as_str().unwrap_or_default())),
        _ => Client::Woo(woocommerce::Rest::of_store(&creds.api_base, &secret, &settings.inspect)),
    };
    Ok((store, client))
}

/// The store's refusal or outage, in the envelope (BAD_REQUEST, HTTP 502), never a crash.
fn upstream(store: &Store, e: String) -> Error {
    Error::Upstream(format!("{} could not be read: {e}", store.name))
}

pub async fn collections(pool: &PgPool, settings: &Settings, sealer: &Sealer, workplace_id: Uuid, store_id: Option<Uuid>) -> Result<StoreCollections> {
    let (store, client) = client(pool, settings, sealer, workplace_id, store_id).await?;
    let read = match &client {
        Client::Shopify(admin) => store_meta::shopify_collections(admin).await,
        Client::Woo(rest) => store_meta::woo_categories(rest).await,
    };
    let Read { items, truncated } = read.map_err(|e| upstream(&store, e))?;
    let mut collections: Vec<StoreCollection> = items.into_iter().map(|c| StoreCollection { id: c.id, title: c.title, handle: c.handle }).collect();
    collections.sort_by_key(|c| c.title.to_lowercase());
    Ok(StoreCollections { store_id: store.id, platform: store.platform, collections, truncated })
}

pub async fn tags(pool: &PgPool, settings: &Settings, sealer: &Sealer, workplace_id: Uuid, store_id: Option<Uuid>) -> Result<StoreTags> {
    let (store, client) = client(pool, settings, sealer, workplace_id, store_id).await?;
    let read = match &client {
        Client::Shopify(admin) => store_meta::shopify_tags(admin).await,
        Client::Woo(rest) => store_meta::woo_tags(rest).await,
    };
    let Read { mut items, truncated } = read.map_err(|e| upstream(&store, e))?;
    items.sort_by_key(|t| t.to_lowercase());
    items.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    Ok(StoreTags { store_id: store.id, platform: store.platform, tags: items, truncated })
}
