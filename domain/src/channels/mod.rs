//! Sales channels a workplace sells on directly (TikTok Shop, Meta catalogs, Google Merchant
//! Center): the channel cards, connections with sealed tokens, and push settings per channel
//! and per store. Pinterest, Shop, Snapchat and X are reached through a Shopify store's
//! publications, so they show as cards but do not connect here.
pub mod connect;
pub mod settings;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

pub use crate::connectors::channels::Channel;
use crate::crypto::Sealer;
use crate::error::Result;

/// The channels reached through a store's publications: (channel, handle, name).
const THROUGH_A_STORE: [(&str, &str, &str); 4] =
    [("pinterest", "pinterest-4", "Pinterest"), ("shop", "shop-72", "Shop"), ("snapchat", "snap-ads-sync", "Snapchat"), ("x", "x-ads", "X (Twitter)")];

/// Who acts: the signed-in user inside one of their workplaces.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub user_id: Uuid,
    pub workplace_id: Uuid,
}

/// A channel card as the dashboard shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ChannelView {
    pub channel: &'static str,
    pub handle: &'static str,
    pub name: &'static str,
    /// `active` for the channels connected here, `coming_soon` for the others.
    pub status: &'static str,
    /// True once the channel can take products (Meta and Google: after the link step).
    pub connected: bool,
    pub account_name: Option<String>,
    pub connected_at: Option<DateTime<Utc>>,
    /// Authorised, but the catalog (Meta) or merchant account (Google) is still to choose.
    pub needs_link: bool,
    /// What can be linked: `{businesses: [...]}` or `{merchants: [...]}`.
    #[schema(value_type = Option<Object>)]
    pub options: Option<Value>,
}

/// The tokens a channel granted, stored sealed.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Credentials {
    pub access_token: String,
    #[serde(default)]
    pub refresh_token: Option<String>,
    /// Unix seconds when the access token lapses, when the channel said.
    #[serde(default)]
    pub expires_at: Option<i64>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct Connection {
    pub status: String,
    pub account_name: Option<String>,
    pub details: Value,
    pub connected_at: DateTime<Utc>,
}

impl Connection {
    pub fn is_connected(&self) -> bool {
        self.status == "connected"
    }
    pub fn is_live(&self) -> bool {
        self.status != "disconnected"
    }
}

fn card(channel: Channel, conn: Option<&Connection>) -> ChannelView {
    let live = conn.filter(|c| c.is_live());
    ChannelView {
        channel: channel.key(),
        handle: channel.handle(),
        name: channel.name(),
        status: "active",
        connected: live.is_some_and(Connection::is_connected),
        account_name: live.and_then(|c| c.account_name.clone()),
        connected_at: live.map(|c| c.connected_at),
        needs_link: live.is_some_and(|c| c.status == "needs_link"),
        options: live.and_then(|c| c.details.get("options").cloned()),
    }
}

pub(crate) async fn connection(pool: &PgPool, workplace_id: Uuid, channel: Channel) -> Result<Option<Connection>> {
    Ok(sqlx::query_as("SELECT status, account_name, details, connected_at FROM channel_connections WHERE workplace_id = $1 AND channel = $2")
        .bind(workplace_id)
        .bind(channel.key())
        .fetch_optional(pool)
        .await?)
}

/// Every channel card of the workplace: the three connectable ones first.
pub async fn list(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<ChannelView>> {
    let mut out = Vec::new();
    for channel in Channel::ALL {
        out.push(card(channel, connection(pool, workplace_id, channel).await?.as_ref()));
    }
    out.extend(THROUGH_A_STORE.iter().map(|&(channel, handle, name)| ChannelView {
        channel,
        handle,
        name,
        status: "coming_soon",
        connected: false,
        account_name: None,
        connected_at: None,
        needs_link: false,
        options: None,
    }));
    Ok(out)
}

/// One channel's card.
pub async fn view(pool: &PgPool, workplace_id: Uuid, channel: Channel) -> Result<ChannelView> {
    Ok(card(channel, connection(pool, workplace_id, channel).await?.as_ref()))
}

/// The tokens of a connected channel; `None` when it is not connected.
pub async fn credentials(pool: &PgPool, sealer: &Sealer, workplace_id: Uuid, channel: Channel) -> Result<Option<Credentials>> {
    let sealed: Option<Option<Vec<u8>>> =
        sqlx::query_scalar("SELECT credentials FROM channel_connections WHERE workplace_id = $1 AND channel = $2 AND status = 'connected'")
            .bind(workplace_id)
            .bind(channel.key())
            .fetch_optional(pool)
            .await?;
    sealed.flatten().map(|bytes| sealer.open_json(&bytes)).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_names_map_to_channel_keys() {
        assert_eq!(Channel::from_platform("google-merchant").unwrap(), Channel::Google);
        assert_eq!(Channel::Google.platform(), "google-merchant");
        assert_eq!(Channel::Google.key(), "google");
        assert!(Channel::from_platform("shopify").is_err());
        let handles: Vec<&str> = Channel::ALL.iter().map(|c| c.handle()).collect();
        assert_eq!(handles, ["tiktok-ads-2", "facebook-ads", "google"]);
    }
}
