//! Dropline inside Shopify's admin: App Bridge's session token signs the shop's owner in, and
//! installs the app through Shopify's token exchange the first time (or once its access is gone).
use chrono::Utc;
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::{NewStore, connect};
use crate::accounts::{self, Session};
use crate::config::Settings;
use crate::connectors::stores::{shopify, shopify_session};
use crate::crypto::Sealer;
use crate::error::{Error, Result};

/// `POST /auth/platform/{platform}/auto-login`: a session for the owner of the shop the token
/// names. Any fault in the token is UNAUTHORIZED, never more: the dashboard then sends the
/// merchant to the install page.
#[instrument(skip_all, fields(platform))]
pub async fn auto_login(pool: &PgPool, settings: &Settings, sealer: &Sealer, platform: &str, session_token: &str) -> Result<Session> {
    if platform != "shopify" {
        return Err(Error::NotFound("Platform"));
    }
    let token = shopify_session::verify(&settings.shopify, session_token, Utc::now().timestamp()).map_err(|why| {
        tracing::info!(reason = why, "Shopify session token refused");
        Error::Unauthorized("This Shopify session is not valid; open Dropline from your Shopify admin again".into())
    })?;
    if let Some(owner) = connected_owner(pool, &token.shop).await? {
        return accounts::sign_in_proven(pool, settings, owner).await;
    }
    let store_id = install(pool, settings, sealer, &token.shop, session_token).await?;
    let owner: Uuid = sqlx::query_scalar("SELECT owner_id FROM stores WHERE id = $1").bind(store_id).fetch_one(pool).await?;
    accounts::sign_in_proven(pool, settings, owner).await
}

async fn connected_owner(pool: &PgPool, shop: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT owner_id FROM stores WHERE platform = 'shopify' AND platform_domain = $1 AND status = 'connected' AND removed_at IS NULL")
        .bind(shop)
        .fetch_optional(pool)
        .await?)
}

/// The account and workplace a store that once was connected (its app since uninstalled) comes
/// back to.
async fn previous_owner(pool: &PgPool, shop: &str) -> Result<Option<(Uuid, Uuid)>> {
    Ok(sqlx::query_as(
        "SELECT owner_id, workplace_id FROM stores WHERE platform = 'shopify' AND platform_domain = $1 AND removed_at IS NULL
         ORDER BY connected_at DESC LIMIT 1",
    )
    .bind(shop)
    .fetch_optional(pool)
    .await?)
}

/// Token exchange, then the same connect as the OAuth install, marked as installed from Shopify
/// (its plans are then billed through Shopify).
async fn install(pool: &PgPool, settings: &Settings, sealer: &Sealer, shop: &str, session_token: &str) -> Result<Uuid> {
    let access = shopify_session::exchange(&settings.shopify, shop, session_token).await.map_err(Error::StoreInstallFailed)?;
    let info = shopify::Admin::new(&settings.shopify, shop, &access).shop_info().await.map_err(|e| Error::StoreInstallFailed(e.to_string()))?;
    let (owner_id, workplace_id) = match previous_owner(pool, shop).await? {
        Some(known) => known,
        None => match accounts::create_for_shop(pool, &info.email, &info.name).await? {
            Some(created) => created,
            None => return Err(Error::StoreInstallNeedsSignIn),
        },
    };
    let api_base = shopify::shop_url(&settings.shopify, shop);
    let new = NewStore {
        workplace_id,
        owner_id,
        platform: "shopify",
        platform_domain: shop,
        api_base: &api_base,
        name: &info.name,
        currency: &info.currency,
        credentials: json!({ "access_token": access }),
    };
    let store = match connect(pool, sealer, new).await {
        Ok(store) => store.id,
        // Another tab of the same admin finished the install first.
        Err(Error::BadRequest(m)) if m == super::ALREADY_IN_ACCOUNT => {
            return connected_store(pool, shop).await;
        }
        Err(e) => return Err(e),
    };
    crate::billing::shopify::mark_installed_from_shopify(pool, store).await?;
    Ok(store)
}

async fn connected_store(pool: &PgPool, shop: &str) -> Result<Uuid> {
    let id: Option<Uuid> =
        sqlx::query_scalar("SELECT id FROM stores WHERE platform = 'shopify' AND platform_domain = $1 AND status = 'connected' AND removed_at IS NULL")
            .bind(shop)
            .fetch_optional(pool)
            .await?;
    id.ok_or(Error::NotFound("Store"))
}
