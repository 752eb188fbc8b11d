//! The install flows: Shopify's OAuth grant and WooCommerce's key grant (or pasted keys).
use chrono::{Duration, Utc};
use serde_json::json;
use sqlx::PgPool;
use std::collections::BTreeMap;
use tracing::instrument;
use uuid::Uuid;

use super::{NewStore, connect, ensure_connectable};
use crate::accounts::digest;
use crate::config::Settings;
use crate::connectors::stores::{shopify, woocommerce};
use crate::crypto::{Sealer, random_token};
use crate::error::{Error, Result};
use crate::store::stores::Store;
use crate::values::{ShopifyDomain, WooStoreUrl};

/// Who started an install, for the callback to finish it in the same workplace.
#[derive(Debug, Clone, Copy)]
pub struct Installer {
    pub user_id: Uuid,
    pub workplace_id: Uuid,
}

fn base_url(settings: &Settings) -> &str {
    settings.application.base_url.trim_end_matches('/')
}

async fn save_state(pool: &PgPool, platform: &str, who: Installer, domain: &str, api_base: &str) -> Result<String> {
    let state = random_token(32);
    sqlx::query(
        "INSERT INTO store_install_states (state_hash, platform, user_id, workplace_id, platform_domain, api_base, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(digest(&state))
    .bind(platform)
    .bind(who.user_id)
    .bind(who.workplace_id)
    .bind(domain)
    .bind(api_base)
    .bind(Utc::now() + Duration::minutes(15))
    .execute(pool)
    .await?;
    Ok(state)
}

/// Burns the state: a callback can finish an install once.
async fn take_state(pool: &PgPool, platform: &str, state: &str) -> Result<(Installer, String, String)> {
    let row: Option<(Uuid, Uuid, String, String)> = sqlx::query_as(
        "DELETE FROM store_install_states WHERE state_hash = $1 AND platform = $2 AND expires_at > now()
         RETURNING user_id, workplace_id, platform_domain, api_base",
    )
    .bind(digest(state))
    .bind(platform)
    .fetch_optional(pool)
    .await?;
    let (user_id, workplace_id, domain, api_base) =
        row.ok_or_else(|| Error::BadRequest("This connection link has expired. Please connect the store again.".into()))?;
    Ok((Installer { user_id, workplace_id }, domain, api_base))
}

/// Shopify's install page for `shop`.
pub async fn shopify_start(pool: &PgPool, settings: &Settings, who: Installer, shop: &str) -> Result<String> {
    let domain = ShopifyDomain::parse(shop).map_err(|e| Error::field("shop", e))?;
    ensure_connectable(pool, who.user_id, "shopify", domain.as_str()).await?;
    let api_base = shopify::shop_url(&settings.shopify, domain.as_str());
    let state = save_state(pool, "shopify", who, domain.as_str(), &api_base).await?;
    let redirect_uri = format!("{}/callback", base_url(settings));
    Ok(shopify::authorize_url(&settings.shopify, domain.as_str(), &redirect_uri, &state))
}

/// Finishes a Shopify install from the parameters Shopify sent the browser back with.
#[instrument(skip_all)]
pub async fn shopify_finish(pool: &PgPool, settings: &Settings, sealer: &Sealer, user_id: Uuid, params: &BTreeMap<String, String>) -> Result<Store> {
    if !shopify::redirect_is_signed(&settings.shopify, params) {
        tracing::warn!(shop = ?params.get("shop"), "Shopify install callback with a bad hmac");
        return Err(Error::BadRequest("This install link was not signed by Shopify".into()));
    }
    let get = |k: &str| params.get(k).map(String::as_str).filter(|v| !v.is_empty()).ok_or_else(|| Error::field(k, format!("{k} is required")));
    let (who, domain, api_base) = take_state(pool, "shopify", get("state")?).await?;
    if who.user_id != user_id || get("shop")? != domain {
        return Err(Error::BadRequest("This install was started by another account or for another store".into()));
    }
    let token = shopify::exchange_code(&settings.shopify, &domain, get("code")?).await.map_err(Error::StoreInstallFailed)?;
    let info = shopify::Admin::new(&settings.shopify, &domain, &token).shop_info().await.map_err(|e| Error::StoreInstallFailed(e.to_string()))?;
    let new = NewStore {
        workplace_id: who.workplace_id,
        owner_id: who.user_id,
        platform: "shopify",
        platform_domain: &domain,
        api_base: &api_base,
        name: &info.name,
        currency: &info.currency,
        credentials: json!({ "access_token": token }),
    };
    connect(pool, sealer, new).await
}

/// The message the dashboard translates when wc-auth cannot reach this Dropline: it tells the
/// owner to paste REST API keys instead.
pub const WC_AUTH_NEEDS_HTTPS: &str = "WooCommerceKeyGrantNeedsHttps";

/// WooCommerce posts a granted key only to an `https://` callback ("The callback_url needs to be
/// over SSL", `WC_Auth::make_validation`), so a Dropline served over plain HTTP is never sent one.
/// With `allow_http` (development and tests against the sandbox, which have no TLS) a loopback
/// callback passes: only the sandbox takes it, a documented leniency of its own.
fn wc_auth_can_call_back(callback_url: &str, allow_http: bool) -> bool {
    let Ok(url) = url::Url::parse(callback_url) else { return false };
    let loopback = match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    url.scheme() == "https" || (allow_http && url.scheme() == "http" && loopback)
}

/// The store's key-granting page. WooCommerce posts the keys to the API's callback.
pub async fn woo_start(pool: &PgPool, settings: &Settings, who: Installer, shop: &str) -> Result<String> {
    // Said first: whatever the store, the grant could never arrive.
    let base = base_url(settings);
    let callback_url = format!("{base}/api/woocommerce/auth/callback");
    if !wc_auth_can_call_back(&callback_url, settings.woocommerce.allow_http) {
        return Err(Error::field("shop", WC_AUTH_NEEDS_HTTPS));
    }
    let url = WooStoreUrl::parse(shop, settings.woocommerce.allow_http).map_err(|e| Error::field("shop", e))?;
    ensure_connectable(pool, who.user_id, "woocommerce", &url.domain).await?;
    let state = save_state(pool, "woocommerce", who, &url.domain, &url.base).await?;
    let return_url = format!("{base}/app/channel?platform=woocommerce");
    Ok(woocommerce::authorize_url(&url.base, &settings.woocommerce.app_name, &state, &return_url, &callback_url))
}

/// WooCommerce's server-to-server post of the granted key (`user_id` carries our state).
#[instrument(skip_all)]
pub async fn woo_key_granted(pool: &PgPool, settings: &Settings, sealer: &Sealer, state: &str, consumer_key: &str, consumer_secret: &str) -> Result<Store> {
    let (who, domain, api_base) = take_state(pool, "woocommerce", state).await?;
    let rest = woocommerce::Rest::guarded(&api_base, consumer_key, consumer_secret, &settings.inspect).await.map_err(|m| Error::field("shop", m))?;
    rest.check_keys().await.map_err(Error::StoreInstallFailed)?;
    let currency = woo_currency(&rest).await;
    save_woo(pool, sealer, who, &domain, &api_base, consumer_key, consumer_secret, &currency).await
}

/// Connects with keys the user pasted, after a real call proves them.
pub async fn woo_link(pool: &PgPool, settings: &Settings, sealer: &Sealer, who: Installer, shop: &str, key: &str, secret: &str) -> Result<Store> {
    let url = WooStoreUrl::parse(shop, settings.woocommerce.allow_http).map_err(|e| Error::field("shop", e))?;
    if key.trim().is_empty() || secret.trim().is_empty() {
        return Err(Error::field("consumer_key", "Enter the consumer key and consumer secret"));
    }
    ensure_connectable(pool, who.user_id, "woocommerce", &url.domain).await?;
    let rest = woocommerce::Rest::guarded(&url.base, key.trim(), secret.trim(), &settings.inspect).await.map_err(|m| Error::field("shop", m))?;
    rest.check_keys().await.map_err(Error::StoreInstallFailed)?;
    let currency = woo_currency(&rest).await;
    save_woo(pool, sealer, who, &url.domain, &url.base, key.trim(), secret.trim(), &currency).await
}

/// The store's currency; a store too old to say (before WooCommerce 3.5) is taken as USD, as
/// every WooCommerce store was before Dropline asked.
async fn woo_currency(rest: &woocommerce::Rest) -> String {
    rest.currency().await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "WooCommerce store did not say its currency; taking USD");
        "USD".into()
    })
}

#[allow(clippy::too_many_arguments)]
async fn save_woo(pool: &PgPool, sealer: &Sealer, who: Installer, domain: &str, base: &str, key: &str, secret: &str, currency: &str) -> Result<Store> {
    let name = domain.rsplit('/').next().unwrap_or(domain).to_string();
    let new = NewStore {
        workplace_id: who.workplace_id,
        owner_id: who.user_id,
        platform: "woocommerce",
        platform_domain: domain,
        api_base: base,
        name: &name,
        currency,
        credentials: json!({ "consumer_key": key, "consumer_secret": secret }),
    };
    connect(pool, sealer, new).await
}

#[cfg(test)]
mod tests {
    use super::wc_auth_can_call_back;

    #[test]
    fn wc_auth_needs_an_https_callback_but_for_loopback_against_the_sandbox() {
        let cb = |base: &str| format!("{base}/api/woocommerce/auth/callback");
        assert!(wc_auth_can_call_back(&cb("https://app.dropline.example"), false));
        assert!(!wc_auth_can_call_back(&cb("http://app.dropline.example"), false));
        assert!(!wc_auth_can_call_back(&cb("http://app.dropline.example"), true), "WooCommerce refuses it whatever we allow");
        assert!(!wc_auth_can_call_back(&cb("http://127.0.0.1:8080"), false), "production refuses a plain-HTTP loopback too");
        for local in ["http://127.0.0.1:8080", "http://localhost:5173", "http://[::1]:8080"] {
            assert!(wc_auth_can_call_back(&cb(local), true), "{local}");
        }
    }
}
