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
    let creds = channels::credentials(&ctx.pool, &ctx.sealer, t.workplace_id, channel)
        .await
        .map_err(db)?
        .ok_or_else(|| PushError::Revoked(format!("{} is disconnected; connect it again to push", channel.name())))?;
    let account = account(ctx, t.workplace_id, channel).await.map_err(db)?;
    let parts = listing::build(product, variants, &t.remote_key, t.publish, "USD", listing::VARIANT_LIMIT);
    each_part(ctx, t, &parts, &Client::Channel(channel, creds.access_token, account)).await
}

/// The channel's account ids, its saved push settings (TikTok warehouse, package) and the
/// page buyers land on: the product on the workplace's default store.
async fn account(ctx: &TaskContext, workplace_id: Uuid, channel: Channel) -> crate::Result<ChannelAccount> {
    let (account_id, sub_account_id): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT account_id, sub_account_id FROM channel_connections WHERE workplace_id = $1 AND channel = $2")
            .bind(workplace_id)
            .bind(channel.key())
            .fetch_one(&ctx.pool)
            .await?;
    let store: Option<(String, String, String)> = sqlx::query_as(
        "SELECT platform, platform_domain, api_base FROM stores WHERE workplace_id = $1 AND status = 'connected' AND removed_at IS NULL
         ORDER BY is_default DESC, connected_at LIMIT 1",
    )
    .bind(workplace_id)
    .fetch_optional(&ctx.pool)
    .await?;
    let product_url = store.map(|(platform, domain, api_base)| match platform.as_str() {
        "shopify" => format!("{}/products/{{key}}", shop_url(&ctx.settings.shopify, &domain)),
        _ => format!("{}/?sku={{key}}", api_base.trim_end_matches('/')),
    });
    let saved = channels::settings::all(&ctx.pool, workplace_id).await?;
    let account = ChannelAccount { account_id, sub_account_id, product_url, ..Default::default() };
    Ok(match (channel, saved.get(channel.key())) {
        (Channel::Tiktok, Some(s)) => account.with_tiktok_settings(s),
        _ => account,
    })
}
