//! Push: publish imported products to connected stores and sales channels, exactly once.
//! `start` checks the spec's rules and quota, then writes one push target (the visible
//! progress item) and one job per product and destination in one transaction; the
//! `push_product` job calls the destination, finding its earlier work by Dropline's own key.
pub mod bulk;
pub mod bulk_channel;
pub mod bulk_lines;
pub mod bulk_run;
pub mod channel_push;
pub mod compare;
pub mod destination;
pub mod listing;
pub mod platforms;
pub mod progress;
pub mod runs;
pub mod start;
pub mod video;

use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::channels::Channel;

pub use start::{PushStarted, start};

/// Where a product goes: a connected store, or a sales channel connected directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    Store(Uuid),
    Channel(Channel),
}

impl Destination {
    pub fn parse(key: &str) -> Option<Destination> {
        Channel::parse(key).filter(|_| !key.contains('-')).map(Destination::Channel).or_else(|| Uuid::parse_str(key).ok().map(Destination::Store))
    }

    /// The key in settings, in `push_targets.destination` and in the progress items.
    pub fn key(&self) -> String {
        match self {
            Destination::Store(id) => id.to_string(),
            Destination::Channel(c) => c.key().to_string(),
        }
    }
}

/// One ticked channel of the push modal.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ChannelChoice {
    /// Publish (visible to buyers) or push unpublished.
    #[serde(default = "yes")]
    pub is_publish: bool,
    /// Shopify publication ids; empty means the store's Online Store.
    #[serde(default)]
    pub publications: Vec<String>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct PushSettings {
    /// Destination key (store id, tiktok, facebook, google) to its choice.
    #[serde(default)]
    pub channels: BTreeMap<String, ChannelChoice>,
    /// update-push: products pushed for the first time.
    #[serde(default)]
    pub push: Vec<Uuid>,
    /// update-push: products pushed again over what the destination has (DataWillBeOverwrite).
    #[serde(default)]
    pub update: Vec<Uuid>,
}

/// What a push job carries; the push target row holds the rest.
#[derive(Debug, Clone, serde::Serialize, Deserialize)]
pub struct PushJob {
    pub workplace_id: Uuid,
    pub product_id: Uuid,
    pub destination: String,
}

impl crate::queue::Job for PushJob {
    const KIND: &'static str = "push_product";
}
