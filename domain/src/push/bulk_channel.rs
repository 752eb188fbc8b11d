//! `POST center/products/bulk-update/{channel}`: edits many products at once and updates their
//! copies on one sales channel (TikTok Shop, Meta, Google Merchant Center). The edit is
//! Dropline's (the product is one product everywhere; other destinations get it on their next
//! push), and the channel's copies are updated as an update push (`push::start` with `update`
//! ids: the same push targets and remote ids, so the channel gets no second listing however
//! often it runs, no quota, one progress item per product with its own error).
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{ChannelChoice, PushSettings};
use crate::channels::{Actor, Channel};
use crate::error::{Error, Result};
use crate::products::{self, PriceOp};

/// As many as one bulk selection of the product center holds.
pub const MAX_PRODUCTS: usize = 100;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChannelBulkUpdate {
    /// Products already pushed to the channel.
    pub product_ids: Vec<Uuid>,
    /// The price change (multiply, add or set), applied to every enabled variant.
    pub price: Option<PriceOp>,
    pub tags_add: Option<Vec<String>>,
    pub product_type: Option<String>,
    pub vendor: Option<String>,
    /// Publish, or take the products off sale; absent: as each was last pushed. Facebook
    /// cannot unpublish (spec section 5).
    pub is_publish: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelBulkStarted {
    pub channel: String,
    /// One progress item per product (`/center/products/push/progress?ids=`).
    pub progress_ids: Vec<i64>,
}

fn channel_of(name: &str) -> Result<Channel> {
    Channel::parse(name).ok_or_else(|| Error::field("channel", format!("{name} is not a sales channel: tiktok, facebook or google")))
}

pub async fn bulk_update(pool: &PgPool, who: Actor, channel: &str, input: ChannelBulkUpdate) -> Result<ChannelBulkStarted> {
    let channel = channel_of(channel)?;
    let mut ids = input.product_ids.clone();
    ids.sort();
    ids.dedup();
    if ids.is_empty() || ids.len() > MAX_PRODUCTS {
        return Err(Error::field("product_ids", format!("choose 1 to {MAX_PRODUCTS} products")));
    }
    if input.is_publish == Some(false) && channel == Channel::Facebook {
        return Err(Error::field("is_publish", "Facebook cannot unpublish: remove the products there instead"));
    }
    let connected: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM channel_connections WHERE workplace_id = $1 AND channel = $2 AND status = 'connected')")
            .bind(who.workplace_id)
            .bind(channel.key())
            .fetch_one(pool)
            .await?;
    if !connected {
        return Err(Error::field("channel", format!("{} is not connected to this workspace", channel.name())));
    }
    let last: HashMap<Uuid, bool> =
        sqlx::query_as::<_, (Uuid, bool)>("SELECT product_id, publish FROM push_targets WHERE workplace_id = $1 AND destination = $2 AND product_id = ANY($3)")
            .bind(who.workplace_id)
            .bind(channel.key())
            .bind(&ids)
            .fetch_all(pool)
            .await?
            .into_iter()
            .collect();
    let never = ids.iter().filter(|id| !last.contains_key(id)).count();
    if never > 0 {
        return Err(Error::field("product_ids", format!("{never} of the products were never pushed to {}: push them first", channel.name())));
    }
    let edits = input.price.is_some() || input.tags_add.is_some() || input.product_type.is_some() || input.vendor.is_some();
    if edits {
        let change = products::BulkUpdate {
            ids: ids.clone(),
            tags_add: input.tags_add,
            collections_add: None,
            product_type: input.product_type,
            vendor: input.vendor,
            price: input.price,
        };
        products::bulk_update(pool, who.workplace_id, change).await?;
    }
    // One update push per publish choice: the asked one, else each product's last.
    let mut groups: BTreeMap<bool, Vec<Uuid>> = BTreeMap::new();
    for id in &ids {
        groups.entry(input.is_publish.unwrap_or(last[id])).or_default().push(*id);
    }
    let mut progress_ids = vec![];
    for (is_publish, update) in groups {
        let channels = BTreeMap::from([(channel.key().to_string(), ChannelChoice { is_publish, publications: vec![] })]);
        // A channel, and update pushes only: never Shopify's bulk path.
        let started = super::start(pool, who, PushSettings { channels, push: vec![], update }, usize::MAX).await?;
        progress_ids.extend(started.progress_ids);
    }
    Ok(ChannelBulkStarted { channel: channel.key().to_string(), progress_ids })
}
