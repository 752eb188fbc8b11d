//! Connecting a channel: a single-use `state` bound to the user and workplace, the code
//! exchange, then (Meta, Google) the choice of catalog or merchant account.
use chrono::{Duration, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::{Actor, Channel, ChannelView, Credentials, connection, view};
use crate::accounts::digest;
use crate::config::Settings;
use crate::connectors::channels::{google_account, meta_account, tiktok_account};
use crate::crypto::{Sealer, random_token};
use crate::error::{Error, Result};

const STATE_MINUTES: i64 = 10;

/// Where the channel sends the browser back: the dashboard's bind screen, which posts `code`
/// and `state` to the callback. Built the same way for the authorize and token calls, since
/// OAuth2 providers compare the two exactly.
fn redirect_uri(settings: &Settings, channel: Channel) -> String {
    format!("{}/app/auth/bind/platform?platform={}", settings.application.base_url.trim_end_matches('/'), channel.platform())
}

fn upstream(e: String) -> Error {
    Error::Upstream(e)
}

/// The channel's authorisation page for this user and workplace.
pub async fn start(pool: &PgPool, settings: &Settings, who: Actor, channel: Channel) -> Result<String> {
    let state = random_token(32);
    let redirect = redirect_uri(settings, channel);
    let c = &settings.channels;
    let url = match channel {
        Channel::Tiktok => tiktok_account::authorize_url(&c.tiktok, &redirect, &state),
        Channel::Facebook => meta_account::authorize_url(&c.facebook, &redirect, &state),
        Channel::Google => google_account::authorize_url(&c.google_merchant, &redirect, &state),
    }
    .map_err(|e| Error::Internal(anyhow::anyhow!(e)))?;
    // Expired states are useless; clearing them here keeps the table small without a job.
    sqlx::query("DELETE FROM channel_oauth_states WHERE expires_at < now()").execute(pool).await?;
    sqlx::query("INSERT INTO channel_oauth_states (state_hash, channel, user_id, workplace_id, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(digest(&state))
        .bind(channel.key())
        .bind(who.user_id)
        .bind(who.workplace_id)
        .bind(Utc::now() + Duration::minutes(STATE_MINUTES))
        .execute(pool)
        .await?;
    Ok(url)
}

/// Burns the state. Only its owner (same user and workplace) can burn it, so someone else
/// replaying a leaked state neither succeeds nor spoils the owner's connect.
async fn take_state(pool: &PgPool, who: Actor, channel: Channel, state: &str) -> Result<()> {
    let taken = sqlx::query(
        "DELETE FROM channel_oauth_states
         WHERE state_hash = $1 AND channel = $2 AND user_id = $3 AND workplace_id = $4 AND expires_at > now()",
    )
    .bind(digest(state))
    .bind(channel.key())
    .bind(who.user_id)
    .bind(who.workplace_id)
    .execute(pool)
    .await?
    .rows_affected();
    if taken != 1 {
        return Err(Error::BadRequest(format!("This {} connection link has expired or was started elsewhere. Please connect again.", channel.name())));
    }
    Ok(())
}

fn in_seconds(secs: Option<i64>) -> Option<i64> {
    secs.map(|s| Utc::now().timestamp() + s)
}

/// What a finished authorisation leaves behind.
struct Grant {
    status: &'static str,
    credentials: Credentials,
    account_id: Option<String>,
    account_name: Option<String>,
    details: Value,
}

async fn save(pool: &PgPool, sealer: &Sealer, workplace_id: Uuid, channel: Channel, g: Grant) -> Result<()> {
    sqlx::query(
        "INSERT INTO channel_connections (workplace_id, channel, status, credentials, account_id, account_name, sub_account_id, details, connected_at)
         VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, now())
         ON CONFLICT (workplace_id, channel) DO UPDATE SET status = $3, credentials = $4, account_id = $5, account_name = $6,
             sub_account_id = NULL, details = $7, connected_at = now(), disconnected_at = NULL, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(channel.key())
    .bind(g.status)
    .bind(sealer.seal_json(&g.credentials))
    .bind(g.account_id)
    .bind(g.account_name)
    .bind(g.details)
    .execute(pool)
    .await?;
    Ok(())
}

/// Finishes the connect from the `code` and `state` the channel sent the browser back with.
#[instrument(skip_all, fields(channel = channel.key()))]
pub async fn finish(pool: &PgPool, settings: &Settings, sealer: &Sealer, who: Actor, channel: Channel, code: &str, state: &str) -> Result<ChannelView> {
    if code.trim().is_empty() {
        return Err(Error::field("code", "The channel sent no authorisation code"));
    }
    take_state(pool, who, channel, state).await?;
    let c = &settings.channels;
    let redirect = redirect_uri(settings, channel);
    let grant = match channel {
        Channel::Tiktok => {
            let g = tiktok_account::exchange_code(&c.tiktok, code).await.map_err(upstream)?;
            let warehouses = tiktok_account::warehouses(&c.tiktok, &g.access_token).await.map_err(upstream)?;
            Grant {
                status: "connected",
                credentials: Credentials { access_token: g.access_token, refresh_token: g.refresh_token, expires_at: g.access_token_expire_in },
                account_id: Some(g.open_id),
                account_name: Some(g.seller_name),
                details: json!({ "warehouses": warehouses, "seller_base_region": g.seller_base_region }),
            }
        }
        Channel::Facebook => {
            let t = meta_account::exchange_code(&c.facebook, code, &redirect).await.map_err(upstream)?;
            let businesses = meta_account::businesses(&c.facebook, &t.access_token).await.map_err(upstream)?;
            if !businesses.iter().any(|b| !b.catalogs.is_empty()) {
                return Err(Error::BadRequest(
                    "Your Facebook businesses have no product catalog yet. Create one in Commerce Manager, then connect again.".into(),
                ));
            }
            Grant {
                status: "needs_link",
                credentials: Credentials { access_token: t.access_token, refresh_token: None, expires_at: in_seconds(t.expires_in) },
                account_id: None,
                account_name: None,
                details: json!({ "options": { "businesses": businesses } }),
            }
        }
        Channel::Google => {
            let t = google_account::exchange_code(&c.google_merchant, code, &redirect).await.map_err(upstream)?;
            let merchants = google_account::merchants(&c.google_merchant, &t.access_token).await.map_err(upstream)?;
            if merchants.is_empty() {
                return Err(Error::BadRequest("This Google account has no Merchant Center account. Create one, then connect again.".into()));
            }
            // With a single merchant account there is nothing to choose: link it at once.
            let only = (merchants.len() == 1).then(|| merchants[0].clone());
            Grant {
                status: if only.is_some() { "connected" } else { "needs_link" },
                credentials: Credentials { access_token: t.access_token, refresh_token: t.refresh_token, expires_at: in_seconds(t.expires_in) },
                account_name: only.as_ref().map(|m| merchant_name(m)),
                account_id: only,
                details: json!({ "options": { "merchants": merchants.iter().map(|m| json!({ "id": m })).collect::<Vec<_>>() } }),
            }
        }
    };
    save(pool, sealer, who.workplace_id, channel, grant).await?;
    view(pool, who.workplace_id, channel).await
}

fn merchant_name(id: &str) -> String {
    format!("Merchant Center {id}")
}

/// The link options of an authorised (not disconnected) Meta or Google connection.
async fn options(pool: &PgPool, workplace_id: Uuid, channel: Channel) -> Result<Value> {
    match connection(pool, workplace_id, channel).await? {
        Some(c) if c.is_live() => Ok(c.details.get("options").cloned().unwrap_or(Value::Null)),
        _ => Err(Error::BadRequest(format!("Connect {} first", channel.name()))),
    }
}

async fn set_link(pool: &PgPool, workplace_id: Uuid, channel: Channel, account_id: &str, name: &str, sub_account_id: Option<&str>) -> Result<ChannelView> {
    // Guarded on the status so a disconnect that lands in between is not undone.
    let done = sqlx::query(
        "UPDATE channel_connections SET status = 'connected', account_id = $3, account_name = $4, sub_account_id = $5, updated_at = now()
         WHERE workplace_id = $1 AND channel = $2 AND status <> 'disconnected'",
    )
    .bind(workplace_id)
    .bind(channel.key())
    .bind(account_id)
    .bind(name)
    .bind(sub_account_id)
    .execute(pool)
    .await?
    .rows_affected();
    if done != 1 {
        return Err(Error::BadRequest(format!("Connect {} first", channel.name())));
    }
    view(pool, workplace_id, channel).await
}

/// Chooses the Meta business and catalog products go to; both must be among the options
/// Facebook returned at connect time.
pub async fn link_facebook(pool: &PgPool, workplace_id: Uuid, business_id: &str, catalog_id: &str) -> Result<ChannelView> {
    let options = options(pool, workplace_id, Channel::Facebook).await?;
    let businesses: Vec<meta_account::Business> = serde_json::from_value(options["businesses"].clone()).unwrap_or_default();
    let business = businesses.iter().find(|b| b.id == business_id).ok_or_else(|| Error::field("business_id", "Choose one of your Facebook businesses"))?;
    let catalog = business.catalogs.iter().find(|c| c.id == catalog_id).ok_or_else(|| Error::field("catalog_id", "Choose a catalog of this business"))?;
    let name = format!("{} / {}", business.name, catalog.name);
    set_link(pool, workplace_id, Channel::Facebook, &business.id, &name, Some(&catalog.id)).await
}

/// Chooses the Merchant Center account products go to; it must be one Google listed.
pub async fn link_google(pool: &PgPool, workplace_id: Uuid, merchant_id: &str) -> Result<ChannelView> {
    let options = options(pool, workplace_id, Channel::Google).await?;
    let known = options["merchants"].as_array().into_iter().flatten().any(|m| m["id"].as_str() == Some(merchant_id));
    if !known {
        return Err(Error::field("merchant_id", "Choose one of your Merchant Center accounts"));
    }
    set_link(pool, workplace_id, Channel::Google, merchant_id, &merchant_name(merchant_id), None).await
}

/// Stops using the channel: the token is dropped; settings stay for a later reconnect.
pub async fn disconnect(pool: &PgPool, workplace_id: Uuid, channel: Channel) -> Result<ChannelView> {
    sqlx::query(
        "UPDATE channel_connections SET status = 'disconnected', credentials = NULL, disconnected_at = now(), updated_at = now()
         WHERE workplace_id = $1 AND channel = $2 AND status <> 'disconnected'",
    )
    .bind(workplace_id)
    .bind(channel.key())
    .execute(pool)
    .await?;
    view(pool, workplace_id, channel).await
}
