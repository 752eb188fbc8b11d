//! Connecting stores: the install flows of Shopify and WooCommerce, the rules that keep a
//! store with one account, and what happens when one leaves.
pub mod currency;
pub mod embedded;
pub mod install;
pub mod jobs;
pub mod meta;
pub mod webhooks;

use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::connectors::stores::shopify;
use crate::crypto::{Sealer, random_token};
use crate::error::{Error, Result};
use crate::store::stores::{self, Store};
use crate::stores::jobs::StoreSetup;

/// The message the dashboard translates (spec: StoreAlreadyExistsInThisAccount).
pub const ALREADY_IN_ACCOUNT: &str = "StoreAlreadyExistsInThisAccount";

/// A store about to be connected, with the platform's credentials in clear.
pub struct NewStore<'a> {
    pub workplace_id: Uuid,
    pub owner_id: Uuid,
    pub platform: &'a str,
    pub platform_domain: &'a str,
    pub api_base: &'a str,
    pub name: &'a str,
    pub currency: &'a str,
    pub credentials: Value,
}

/// Refuses a domain this account already has connected, or another account has.
pub async fn ensure_connectable(pool: &PgPool, owner_id: Uuid, platform: &str, platform_domain: &str) -> Result<()> {
    let owner: Option<Uuid> =
        sqlx::query_scalar("SELECT owner_id FROM stores WHERE platform = $1 AND platform_domain = $2 AND status = 'connected' AND removed_at IS NULL")
            .bind(platform)
            .bind(platform_domain)
            .fetch_optional(pool)
            .await?;
    match owner {
        None => Ok(()),
        Some(o) if o == owner_id => Err(Error::BadRequest(ALREADY_IN_ACCOUNT.into())),
        Some(_) => Err(Error::StoreOwnedElsewhere),
    }
}

/// Saves the store (or brings back the account's disconnected one) and queues its setup
/// (webhooks, sales channels) in the same transaction. Concurrent connects of one domain are
/// serialised, and the unique index backs the one-owner rule.
pub async fn connect(pool: &PgPool, sealer: &Sealer, s: NewStore<'_>) -> Result<Store> {
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))").bind(format!("{}:{}", s.platform, s.platform_domain)).execute(&mut *tx).await?;
    let rows: Vec<(Uuid, Uuid, String)> = sqlx::query_as(
        "SELECT id, owner_id, status FROM stores WHERE platform = $1 AND platform_domain = $2 AND removed_at IS NULL ORDER BY connected_at DESC",
    )
    .bind(s.platform)
    .bind(s.platform_domain)
    .fetch_all(&mut *tx)
    .await?;
    if let Some((_, owner, _)) = rows.iter().find(|(_, _, status)| status == "connected") {
        return Err(if *owner == s.owner_id { Error::BadRequest(ALREADY_IN_ACCOUNT.into()) } else { Error::StoreOwnedElsewhere });
    }
    let credentials = sealer.seal_json(&s.credentials);
    let previous = rows.iter().find(|(_, owner, _)| *owner == s.owner_id).map(|(id, _, _)| *id);
    let id = match previous {
        Some(id) => {
            sqlx::query(
                "UPDATE stores SET status = 'connected', setup = 'pending', setup_error = NULL, credentials = $2, workplace_id = $3,
                 api_base = $4, name = $5, currency = $6, connected_at = now(), disconnected_at = NULL, is_default = false WHERE id = $1",
            )
            .bind(id)
            .bind(&credentials)
            .bind(s.workplace_id)
            .bind(s.api_base)
            .bind(s.name)
            .bind(s.currency)
            .execute(&mut *tx)
            .await?;
            id
        }
        None => {
            let id = Uuid::new_v4();
            sqlx::query(
                "INSERT INTO stores (id, workplace_id, owner_id, platform, platform_domain, api_base, name, currency, credentials, webhook_secret)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(id)
            .bind(s.workplace_id)
            .bind(s.owner_id)
            .bind(s.platform)
            .bind(s.platform_domain)
            .bind(s.api_base)
            .bind(s.name)
            .bind(s.currency)
            .bind(&credentials)
            .bind(sealer.seal(random_token(32).as_bytes()))
            .execute(&mut *tx)
            .await?;
            id
        }
    };
    stores::promote_default(&mut tx, s.workplace_id).await?;
    crate::queue::enqueue(&mut tx, Some(s.workplace_id), &StoreSetup { store_id: id }, json!({ "store_id": id })).await?;
    let store = stores::get(&mut tx, s.workplace_id, id).await?.ok_or(Error::NotFound("Store"))?;
    tx.commit().await?;
    Ok(store)
}

/// A live store of the workplace, or CURRENT_SHOP_ID_INVALID.
pub async fn current(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<Store> {
    let mut conn = pool.acquire().await?;
    stores::get(&mut conn, workplace_id, id).await?.ok_or(Error::InvalidCurrentShop)
}

pub async fn make_default(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<Store> {
    let mut tx = crate::db::begin(pool).await?;
    stores::get(&mut tx, workplace_id, id).await?.ok_or(Error::InvalidCurrentShop)?;
    stores::set_default(&mut tx, workplace_id, id).await?;
    let store = stores::get(&mut tx, workplace_id, id).await?.ok_or(Error::InvalidCurrentShop)?;
    tx.commit().await?;
    Ok(store)
}

pub async fn remove(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<()> {
    let mut tx = crate::db::begin(pool).await?;
    if !stores::remove(&mut tx, workplace_id, id).await? {
        return Err(Error::InvalidCurrentShop);
    }
    tx.commit().await?;
    Ok(())
}

/// `auth/platform/{platform}/uninstall {shop}`: the store stays listed, disconnected.
pub async fn uninstall(pool: &PgPool, workplace_id: Uuid, platform: &str, shop: &str) -> Result<Store> {
    let domain = match platform {
        "shopify" => crate::values::ShopifyDomain::parse(shop).map_err(|e| Error::field("shop", e))?.as_str().to_string(),
        "woocommerce" => crate::values::WooStoreUrl::parse(shop, true).map_err(|e| Error::field("shop", e))?.domain,
        _ => return Err(Error::NotFound("Platform")),
    };
    let mut tx = crate::db::begin(pool).await?;
    let id = stores::disconnect(&mut tx, platform, &domain, Some(workplace_id)).await?.ok_or(Error::InvalidCurrentShop)?;
    let store = stores::get(&mut tx, workplace_id, id).await?.ok_or(Error::InvalidCurrentShop)?;
    tx.commit().await?;
    Ok(store)
}

/// A Shopify store's sales channels (publications, and the external channels among them), read
/// again from Shopify first when `refresh`; other platforms have none.
pub async fn publications(pool: &PgPool, settings: &crate::config::Settings, sealer: &Sealer, workplace_id: Uuid, id: Uuid, refresh: bool) -> Result<Value> {
    let store = current(pool, workplace_id, id).await?;
    if store.platform != "shopify" {
        return Ok(json!({ "publications": [], "external_channels": [] }));
    }
    if refresh && store.status == "connected" {
        let creds = stores::credentials(pool, id).await?.ok_or(Error::InvalidCurrentShop)?;
        let token: Value = sealer.open_json(&creds.credentials)?;
        let admin = shopify::Admin::new(&settings.shopify, &store.platform_domain, token["access_token"].as_str().unwrap_or_default());
        let list = admin.publications().await.map_err(|e| Error::Upstream(e.to_string()))?;
        save_publications(pool, id, &list).await?;
    }
    let (publications, external) = stores::publications(pool, workplace_id, id).await?;
    Ok(json!({ "publications": publications, "external_channels": external }))
}

/// Stores the publications, with the external channels (spec section 3) among them.
pub async fn save_publications(pool: &PgPool, store_id: Uuid, publications: &[shopify::Publication]) -> Result<()> {
    const EXTERNAL: [&str; 7] = ["facebook-ads", "google", "tiktok-ads-2", "shop-72", "snap-ads-sync", "pinterest-4", "x-ads"];
    let list: Vec<Value> = publications.iter().map(|p| json!({ "id": p.id, "name": p.name, "handle": p.handle, "is_active": true })).collect();
    let external: Vec<Value> = publications
        .iter()
        .filter(|p| EXTERNAL.contains(&p.handle.as_str()))
        .map(|p| json!({ "id": p.id, "handle": p.handle, "developer_name": p.app_title, "name": p.name, "app_id": p.app_id, "is_active": true }))
        .collect();
    stores::set_publications(pool, store_id, &Value::from(list), &Value::from(external)).await
}
