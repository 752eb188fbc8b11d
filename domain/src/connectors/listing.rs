//! A product as a store or sales channel receives it: the one shape every listing connector
//! takes (the domain builds it from the stored product), and why a destination refused it.
use std::time::Duration;

#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// Dropline's key for this part at the destination (Shopify handle, WooCommerce parent SKU,
    /// channel item-group id). Stable across retries: connectors look the product up by it.
    pub key: String,
    pub title: String,
    pub description_html: String,
    pub tags: Vec<String>,
    /// Collection (Shopify) or category (WooCommerce) names; each connector finds the ids.
    /// Sales channels have none.
    pub collections: Vec<String>,
    pub product_type: String,
    pub vendor: String,
    /// Option names in order (at most three on Shopify).
    pub options: Vec<String>,
    /// Chosen images, thumbnail first.
    pub images: Vec<String>,
    /// The product's video (its supplier's address), on the first part only; destinations
    /// that take no video (WooCommerce's REST products, the sales channels) leave it out.
    pub video: Option<String>,
    pub variants: Vec<ListingVariant>,
    /// Publish (visible to buyers) or keep as a draft.
    pub publish: bool,
    /// ISO currency the prices are in.
    pub currency: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ListingVariant {
    /// `DL-` and the variant's id: unique in any store, and maps a store order line back to us.
    pub sku: String,
    /// One value per entry of `Listing::options`, in the same order.
    pub option_values: Vec<String>,
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
    pub stock: i32,
    pub image: Option<String>,
}

/// Why a destination did not take a listing.
#[derive(Debug, Clone, PartialEq)]
pub enum PushError {
    /// The destination asked us to slow down; try again after the wait.
    Throttled(Duration),
    /// The store's daily cap on new variants is reached (Shopify, 50,000+ variants): the push
    /// waits until the cap resets, without counting as a failed attempt.
    DailyLimit(Duration),
    /// An outage or timeout: the job is retried.
    Unavailable(String),
    /// The destination refused the product (validation, limits): shown on the product.
    Rejected(String),
    /// Our access was revoked: reconnect the store or channel.
    Revoked(String),
}

impl std::fmt::Display for PushError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PushError::Throttled(d) => write!(f, "rate limited; retry in {} ms", d.as_millis()),
            PushError::DailyLimit(d) => {
                write!(f, "Shopify's daily limit on new variants for this store is reached; Dropline pushes again in about {} h", d.as_secs().div_ceil(3600))
            }
            PushError::Unavailable(m) | PushError::Rejected(m) | PushError::Revoked(m) => f.write_str(m),
        }
    }
}

/// Money as the platforms write it: "12.99".
pub fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, (cents % 100).abs())
}
