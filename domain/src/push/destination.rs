//! Sends a product's listing parts to one destination: a Shopify shop, a WooCommerce store or
//! a sales channel, metered by the destination's shared rate limit.
use serde_json::Value;
use std::sync::Mutex;
use uuid::Uuid;

use super::listing::{self, Listing, PushError};
use super::{Destination, channel_push};
use crate::channels::Channel;
use crate::connectors::channels::{self, ChannelAccount};
use crate::connectors::rate_limit::Limits;
use crate::connectors::stores::shopify_locations::{self, LocationError};
use crate::connectors::stores::{shopify, shopify_listings, woo_listings, woocommerce};
use crate::context::TaskContext;
use crate::products::pricing::PricingRule;
use crate::store::pricing_rules;
use crate::store::products::{ProductRow, VariantRow};
use crate::store::push_targets::{self, Target};
use crate::stores::currency;

/// A connected Shopify store of the workplace: its metered admin and its currency.
pub(super) async fn shopify_store(ctx: &TaskContext, workplace_id: Uuid, store_id: Uuid) -> Result<(shopify::Admin, String), PushError> {
    let store = crate::store::stores::credentials(&ctx.pool, store_id).await.map_err(|e| PushError::Unavailable(e.to_string()))?;
    let store = store
        .filter(|s| s.workplace_id == workplace_id && s.status == "connected" && s.platform == "shopify")
        .ok_or_else(|| PushError::Revoked("The store is disconnected; connect it again to push".into()))?;
    let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| PushError::Revoked(e.to_string()))?;
    let token = creds["access_token"].as_str().unwrap_or_default();
    let admin = shopify::Admin::new(&ctx.settings.shopify, &store.platform_domain, token).metered(ctx.limiter.clone(), &store.platform_domain);
    Ok((admin, store.currency))
}

/// Pushes every part, recording each new remote id at once; returns all of them.
pub async fn push(ctx: &TaskContext, t: &Target, product: &ProductRow, variants: &[VariantRow]) -> Result<Vec<String>, PushError> {
    let db = |e: crate::Error| PushError::Unavailable(e.to_string());
    match Destination::parse(&t.destination) {
        Some(Destination::Store(store_id)) => {
            let store = crate::store::stores::credentials(&ctx.pool, store_id).await.map_err(db)?;
            let store = store
                .filter(|s| s.workplace_id == t.workplace_id && s.status == "connected")
                .ok_or_else(|| PushError::Revoked("The store is disconnected; connect it again to push".into()))?;
            let creds: Value = ctx.sealer.open_json(&store.credentials).map_err(|e| PushError::Revoked(e.to_string()))?;
            if store.platform == "shopify" {
                let token = creds["access_token"].as_str().unwrap_or_default();
                let admin = shopify::Admin::new(&ctx.settings.shopify, &store.platform_domain, token).metered(ctx.limiter.clone(), &store.platform_domain);
                // Split only where the shop's own limit requires it (2,048 since 2025-10-15).
                let (location, max) = store_limits(ctx, &admin, store_id).await?;
                let limit = max.and_then(|m| usize::try_from(m).ok()).unwrap_or(listing::SHOPIFY_VARIANT_LIMIT);
                let mut parts = listing::build(product, variants, &t.remote_key, t.publish, &store.currency, limit);
                in_store_currency(ctx, t.workplace_id, store_id, &store.currency, &mut parts).await?;
                let publications = publications(ctx, store_id, t).await.map_err(db)?;
                // Fetched and uploaded before any product is written: a video that cannot go
                // leaves the store as it was.
                let video = super::video::for_shopify(ctx, &admin, t, parts.first()).await?;
                each_part(ctx, t, &parts, &Client::Shopify(admin, publications, store_id, Mutex::new(Some(location)), video)).await
            } else {
                let mut parts = listing::build(product, variants, &t.remote_key, t.publish, &store.currency, listing::VARIANT_LIMIT);
                in_store_currency(ctx, t.workplace_id, store_id, &store.currency, &mut parts).await?;
                let w = &ctx.settings.woocommerce;
                let rest = woocommerce::Rest::of_store(&store.api_base, &creds, &ctx.settings.inspect).metered(
                    ctx.limiter.clone(),
                    &store_id.to_string(),
                    Limits { capacity: w.burst, per_second: w.requests_per_second },
                );
                each_part(ctx, t, &parts, &Client::Woo(rest)).await
            }
        }
        Some(Destination::Channel(channel)) => channel_push::push(ctx, t, channel, product, variants).await,
        None => Err(PushError::Rejected(format!("unknown destination {}", t.destination))),
    }
}

/// Prices are kept in USD; a store selling in another currency gets them converted, with its
/// pricing rule's ending applied in that currency. No rate means no push (retried), never a
/// USD amount labelled as the store's currency.
pub(super) async fn in_store_currency(ctx: &TaskContext, workplace_id: Uuid, store_id: Uuid, currency: &str, parts: &mut [Listing]) -> Result<(), PushError> {
    StorePricing::read(ctx, workplace_id, store_id, currency).await?.apply(parts);
    Ok(())
}

/// What a store's prices are converted with: the USD rate of its currency and the pricing rule
/// in force for it (none for a USD store). Read once, it serves every product of a bulk push.
pub(super) struct StorePricing {
    currency: String,
    conversion: Option<(f64, PricingRule)>,
}

impl StorePricing {
    pub(super) async fn read(ctx: &TaskContext, workplace_id: Uuid, store_id: Uuid, currency: &str) -> Result<Self, PushError> {
        if currency.eq_ignore_ascii_case("USD") {
            return Ok(StorePricing { currency: currency.to_string(), conversion: None });
        }
        let rate = currency::usd_rate(&ctx.pool, &ctx.settings.exchange_rates, currency).await.map_err(PushError::Unavailable)?;
        let (rule, _) =
            pricing_rules::effective::<PricingRule>(&ctx.pool, workplace_id, Some(store_id)).await.map_err(|e| PushError::Unavailable(e.to_string()))?;
        Ok(StorePricing { currency: currency.to_string(), conversion: Some((rate, rule)) })
    }

    pub(super) fn apply(&self, parts: &mut [Listing]) {
        if let Some((rate, rule)) = &self.conversion {
            currency::convert(parts, *rate, &self.currency, rule);
        }
    }
}

/// A destination's API, ready to take listing parts.
pub(super) enum Client {
    /// The admin, the publications to publish on, the store (which keeps its stock location),
    /// that location as read for this push (None once the shop said it is gone), and the
    /// product's video as the first part sends it.
    Shopify(shopify::Admin, Vec<String>, Uuid, Mutex<Option<String>>, Option<shopify_listings::VideoFile>),
    Woo(woocommerce::Rest),
    /// A sales channel, its access token and account.
    Channel(Channel, String, ChannelAccount),
}

impl Client {
    /// An outage is retried here a few times before the job gives the attempt up: every try
    /// looks the product up by its key again, so a create whose answer was lost is not repeated.
    async fn upsert(&self, ctx: &TaskContext, t: &Target, l: &Listing, existing: Option<&str>) -> Result<String, PushError> {
        let mut tries = 0;
        loop {
            tries += 1;
            match self.upsert_once(ctx, t, l, existing).await {
                Err(PushError::Unavailable(_)) if tries < 3 => tokio::time::sleep(std::time::Duration::from_millis(300 * tries)).await,
                other => return other,
            }
        }
    }

    async fn upsert_once(&self, ctx: &TaskContext, t: &Target, l: &Listing, existing: Option<&str>) -> Result<String, PushError> {
        match self {
            Client::Shopify(admin, publications, store_id, known, video) => {
                let kept = known.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let location = match kept {
                    Some(location) => location,
                    None => stock_location(ctx, admin, *store_id).await?,
                };
                let video = video.as_ref().filter(|_| l.video.is_some());
                let first = l.key == t.remote_key;
                let done = match shopify_listings::upsert(admin, l, existing, &location, video).await {
                    Err(PushError::Unavailable(m)) if m == shopify_listings::LOCATION_GONE => {
                        // Read the locations again on the next try.
                        *known.lock().unwrap_or_else(|e| e.into_inner()) = None;
                        let mut conn = ctx.pool.acquire().await.map_err(|e| PushError::Unavailable(e.to_string()))?;
                        crate::store::stores::forget_stock_location(&mut conn, *store_id).await.map_err(|e| PushError::Unavailable(e.to_string()))?;
                        return Err(PushError::Unavailable(m));
                    }
                    Err(PushError::Unavailable(m)) if m == shopify_listings::VIDEO_GONE => {
                        // The next attempt (a new job run, which reads the pair again) uploads it.
                        super::video::remember(ctx, t, None, None).await?;
                        return Err(PushError::Unavailable(m));
                    }
                    other => other?,
                };
                if first {
                    let media = done.video_media_id.as_deref();
                    super::video::remember(ctx, t, l.video.as_deref().filter(|_| media.is_some()), media).await?;
                }
                shopify_listings::publish(admin, &done.id, publications, l.publish).await?;
                Ok(done.id)
            }
            Client::Woo(rest) => woo_listings::upsert(rest, l, existing).await,
            Client::Channel(channel, token, account) => channels::upsert(&ctx.settings.channels, *channel, token, account, l, existing).await,
        }
    }
}

/// Pushes the parts in order. A new part's id is recorded the moment it exists while parts are
/// left to push; the last one's goes with the pair's `finish`, the next statement (a run that
/// dies in between finds the product by its key, as every try does).
pub(super) async fn each_part(ctx: &TaskContext, t: &Target, parts: &[Listing], client: &Client) -> Result<Vec<String>, PushError> {
    let mut ids = t.remote_ids.clone();
    for (i, part) in parts.iter().enumerate() {
        let existing = ids.get(i).cloned();
        let id = client.upsert(ctx, t, part, existing.as_deref()).await?;
        if existing.as_deref() != Some(id.as_str()) {
            ids.truncate(i);
            ids.push(id);
            if i + 1 < parts.len() {
                push_targets::record_remote(&ctx.pool, t, &ids).await.map_err(|e| PushError::Unavailable(e.to_string()))?;
            }
        }
    }
    Ok(ids)
}

/// The location the store's products are stocked at: the one kept with the store, else read
/// from Shopify and kept.
async fn stock_location(ctx: &TaskContext, admin: &shopify::Admin, store_id: Uuid) -> Result<String, PushError> {
    Ok(store_limits(ctx, admin, store_id).await?.0)
}

/// The stock location and the shop's variant limit per product, kept with the store once read.
pub(super) async fn store_limits(ctx: &TaskContext, admin: &shopify::Admin, store_id: Uuid) -> Result<(String, Option<i32>), PushError> {
    let db = |e: crate::Error| PushError::Unavailable(e.to_string());
    if let Some((id, _, max)) = crate::store::stores::stock_location(&ctx.pool, store_id).await.map_err(db)? {
        return Ok((id, max));
    }
    let location = shopify_locations::stock_location(admin).await.map_err(|e| match e {
        LocationError::Shop(e) => shopify_listings::failed(e),
        LocationError::NeedsOwner(m) => PushError::Rejected(m),
    })?;
    crate::store::stores::set_stock_location(&ctx.pool, store_id, &location.id, &location.name, location.max_variants).await.map_err(db)?;
    Ok((location.id, location.max_variants))
}

/// The publications ticked in the modal, else the store's Online Store.
async fn publications(ctx: &TaskContext, store_id: Uuid, t: &Target) -> crate::Result<Vec<String>> {
    if !t.publications.is_empty() {
        return Ok(t.publications.clone());
    }
    Ok(crate::store::stores::online_store_publication(&ctx.pool, store_id).await?.into_iter().collect())
}
