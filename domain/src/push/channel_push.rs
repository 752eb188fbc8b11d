//! Sales channels (TikTok Shop, Meta catalog, Google Merchant Center) as push destinations.
use uuid::Uuid;

use super::destination::{Client, each_part};
use super::listing::{self, PushError};
use crate::channels::{self, Channel};
use crate::connectors::channels::ChannelAccount;
use crate::connectors::stores::shopify::shop_url;
use crate::context::TaskContext;
use crate::store::products::{ProductRow, VariantRow};
use crate::store::push_targets::Target;

pub async fn push(ctx: &TaskContext, t: &Target, channel: Channel, product: &ProductRow, variants: &[VariantRow]) -> Result<Vec<String>, PushError> {
    let db = |e: crate::Error| PushError::Unavailable(e.to_string());
    let (creds, account) = connected(ctx, t.workplace_id, channel)
        .await
        .map_err(db)?
        .ok_or_else(|| PushError::Revoked(format!("{} is disconnected; connect it again to push", channel.name())))?;
    let parts = listing::build(product, variants, &t.remote_key, t.publish, "USD", listing::VARIANT_LIMIT);
    each_part(ctx, t, &parts, &Client::Channel(channel, creds.access_token, account)).await
}

/// Everything one read of the channel's connection gives, for every push to it.
#[derive(sqlx::FromRow)]
struct Connected {
    /// Sealed; NULL unless the channel is connected.
    credentials: Option<Vec<u8>>,
    account_id: Option<String>,
    sub_account_id: Option<String>,
    details: serde_json::Value,
    /// The channel's saved push settings (`channel_settings`).
    saved: Option<serde_json::Value>,
    platform: Option<String>,
    platform_domain: Option<String>,
    api_base: Option<String>,
}

/// The channel's tokens and account, in one round trip: its ids, its push settings (TikTok
/// warehouse, package) and the page buyers land on, the product on the workplace's default
/// store. `None` when the channel is not connected.
async fn connected(ctx: &TaskContext, workplace_id: Uuid, channel: Channel) -> crate::Result<Option<(channels::Credentials, ChannelAccount)>> {
    let row: Option<Connected> = sqlx::query_as(
        "SELECT CASE WHEN c.status = 'connected' THEN c.credentials END AS credentials, c.account_id, c.sub_account_id, c.details,
                (SELECT s.settings FROM channel_settings s WHERE s.workplace_id = c.workplace_id AND s.key = c.channel) AS saved,
                st.platform, st.platform_domain, st.api_base
         FROM channel_connections c
         LEFT JOIN LATERAL (
             SELECT platform, platform_domain, api_base FROM stores
             WHERE workplace_id = c.workplace_id AND status = 'connected' AND removed_at IS NULL
             ORDER BY is_default DESC, connected_at LIMIT 1
         ) st ON true
         WHERE c.workplace_id = $1 AND c.channel = $2",
    )
    .bind(workplace_id)
    .bind(channel.key())
    .fetch_optional(&ctx.pool)
    .await?;
    let Some(c) = row else { return Ok(None) };
    let Some(sealed) = &c.credentials else { return Ok(None) };
    let creds: channels::Credentials = ctx.sealer.open_json(sealed)?;
    let product_url = match (c.platform.as_deref(), c.platform_domain, c.api_base) {
        (Some("shopify"), Some(domain), _) => Some(format!("{}/products/{{key}}", shop_url(&ctx.settings.shopify, &domain))),
        (Some(_), _, Some(api_base)) => Some(format!("{}/?sku={{key}}", api_base.trim_end_matches('/'))),
        _ => None,
    };
    let account = ChannelAccount { account_id: c.account_id, sub_account_id: c.sub_account_id, product_url, ..Default::default() };
    Ok(Some((
        creds,
        match channel {
            Channel::Tiktok => account.with_tiktok_settings(&serde_json::Value::Object(channels::settings::for_tiktok(c.saved.as_ref(), &c.details))),
            _ => account,
        },
    )))
}
