//! Sales channels: connecting the seller's account (`*_account`) and pushing a `Listing`
//! (`*_listings`): TikTok Shop (Partner API 202309 products), Meta
//! (catalog Batch API) and Google Merchant Center (Content API v2.1 products).
//!
//! Exactly once: a retried job must never create a second product. Each channel is keyed by
//! Dropline's own ids: TikTok's `seller_sku` is the variant SKU and the product is looked up
//! by those SKUs before it is created; Meta's retailer id is the variant SKU and its item
//! group the listing key, and Meta upserts by retailer id; Google's offerId is the variant
//! SKU, and `products.insert` upserts by it.
use std::sync::LazyLock;
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;

use crate::config::ChannelsSettings;
use crate::connectors::listing::{Listing, ListingVariant, PushError};
use crate::error::{Error, Result};

pub mod google_account;
mod google_listings;
pub mod meta_account;
mod meta_listings;
pub mod tiktok_account;
mod tiktok_listings;

/// The sales channels a workplace connects directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Tiktok,
    Facebook,
    Google,
}

impl Channel {
    pub const ALL: [Channel; 3] = [Channel::Tiktok, Channel::Facebook, Channel::Google];

    /// The key in the database and in settings: tiktok, facebook, google.
    pub fn key(self) -> &'static str {
        match self {
            Channel::Tiktok => "tiktok",
            Channel::Facebook => "facebook",
            Channel::Google => "google",
        }
    }

    /// The name in `/auth/platform/{platform}/…` addresses.
    pub fn platform(self) -> &'static str {
        match self {
            Channel::Google => "google-merchant",
            other => other.key(),
        }
    }

    /// The spec's channel handle (section 3).
    pub fn handle(self) -> &'static str {
        match self {
            Channel::Tiktok => "tiktok-ads-2",
            Channel::Facebook => "facebook-ads",
            Channel::Google => "google",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Channel::Tiktok => "TikTok Shop",
            Channel::Facebook => "Facebook & Instagram",
            Channel::Google => "Google Merchant Center",
        }
    }

    /// From an address's platform name (`google-merchant`) or a settings key (`google`).
    pub fn parse(name: &str) -> Option<Channel> {
        match name {
            "tiktok" => Some(Channel::Tiktok),
            "facebook" => Some(Channel::Facebook),
            "google" | "google-merchant" => Some(Channel::Google),
            _ => None,
        }
    }

    /// Like `parse`, for a path parameter: an unknown platform is NOT_FOUND.
    pub fn from_platform(name: &str) -> Result<Channel> {
        Channel::parse(name).ok_or(Error::NotFound("Sales channel"))
    }
}

/// Where on the channel a workplace's products go, and what the channel needs besides the
/// listing. Built from `channel_connections` and the channel's push settings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChannelAccount {
    /// TikTok: the seller's open_id; Meta: the business id; Google: the merchant id.
    pub account_id: Option<String>,
    /// TikTok: the shop cipher (sent as `shop_cipher` when set); Meta: the catalog id.
    pub sub_account_id: Option<String>,
    /// TikTok: the warehouse stock is listed in (required by TikTok).
    pub warehouse_id: Option<String>,
    /// The page a buyer lands on, with `{key}` standing for the listing key (the Shopify
    /// handle), e.g. `https://shop.example/products/{key}`. Meta and Google refuse items
    /// without a link.
    pub product_url: Option<String>,
    /// TikTok: package weight in kilograms (required by TikTok) and length, width, height in
    /// centimetres.
    pub package_weight_kg: Option<f64>,
    pub package_cm: Option<[f64; 3]>,
}

impl ChannelAccount {
    /// Takes TikTok's saved push settings (`warehouse_id`, `weight {value, unit}`,
    /// `dimension {length, width, height, unit}`, as `channels::settings` stores them).
    pub fn with_tiktok_settings(mut self, s: &Value) -> Self {
        if let Some(w) = s["warehouse_id"].as_str().filter(|w| !w.is_empty()) {
            self.warehouse_id = Some(w.to_string());
        }
        let kg_per = |unit: &str| match unit {
            "gram" => Some(0.001),
            "pound" => Some(0.453_592_37),
            "kilogram" => Some(1.0),
            _ => None,
        };
        if let (Some(v), Some(k)) = (s["weight"]["value"].as_f64(), s["weight"]["unit"].as_str().and_then(kg_per)) {
            self.package_weight_kg = Some(v * k).filter(|w| *w > 0.0);
        }
        let d = &s["dimension"];
        let cm = match d["unit"].as_str() {
            Some("inch") => Some(2.54),
            Some("centimeter") => Some(1.0),
            _ => None,
        };
        if let (Some(l), Some(w), Some(h), Some(k)) = (d["length"].as_f64(), d["width"].as_f64(), d["height"].as_f64(), cm) {
            self.package_cm = Some([l * k, w * k, h * k]);
        }
        self
    }
}

/// Creates the listing on the channel, or updates it in place (`existing`: the remote id a
/// previous push recorded). Returns the remote id: TikTok's product id, Meta's item group id
/// (the listing key), Google's product id of the first variant (`online:en:US:{sku}`).
pub async fn upsert(
    settings: &ChannelsSettings,
    channel: Channel,
    access_token: &str,
    account: &ChannelAccount,
    listing: &Listing,
    existing: Option<&str>,
) -> Result<String, PushError> {
    if listing.variants.is_empty() {
        return Err(PushError::Rejected("The product has no enabled variant to list".into()));
    }
    match channel {
        Channel::Tiktok => tiktok_listings::upsert(&settings.tiktok, access_token, account, listing, existing).await,
        Channel::Facebook => meta_listings::upsert(&settings.facebook, access_token, account, listing, existing).await,
        Channel::Google => google_listings::upsert(&settings.google_merchant, access_token, account, listing).await,
    }
}

/// One client for every channel call: connections are reused across pushes.
static HTTP: LazyLock<reqwest::Client> = LazyLock::new(|| reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("reqwest client builds"));

fn http() -> &'static reqwest::Client {
    &HTTP
}

/// A call that got no answer (refused connection, timeout) is an outage: retried later.
fn unreachable(channel: &str, e: reqwest::Error) -> PushError {
    PushError::Unavailable(format!("{channel} is unreachable: {e}"))
}

/// `Retry-After` in seconds, else the channel's usual wait.
fn retry_after(headers: &HeaderMap, default: Duration) -> Duration {
    headers
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs)
        .unwrap_or(default)
}

/// What an HTTP status alone says, before the body is read: 429 slows down, 401 means the
/// access is gone, 5xx and 408 are outages. `None` leaves it to the channel's body.
fn by_status(status: StatusCode, headers: &HeaderMap, default_wait: Duration, reason: &str) -> Option<PushError> {
    match status.as_u16() {
        429 => Some(PushError::Throttled(retry_after(headers, default_wait))),
        401 => Some(PushError::Revoked(reason.to_string())),
        408 | 500..=599 => Some(PushError::Unavailable(reason.to_string())),
        _ => None,
    }
}

/// The buyer's landing page for this listing, when the workplace has one.
fn link(account: &ChannelAccount, listing: &Listing) -> Option<String> {
    account.product_url.as_ref().map(|u| u.replace("{key}", &listing.key))
}

/// The variant's own image, else the listing's first.
fn image_of<'a>(listing: &'a Listing, v: &'a ListingVariant) -> Option<&'a str> {
    v.image.as_deref().or(listing.images.first().map(String::as_str))
}

/// Meta and Google take plain-text descriptions: tags dropped, common entities decoded,
/// whitespace collapsed. Falls back to the title, since both require a description.
fn plain_text(html: &str, title: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let decoded = out.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    let text = decoded.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() { title.to_string() } else { text }
}

/// The attribute Meta and Google have a field for, from an option's name.
fn known_attribute(option: &str) -> Option<&'static str> {
    match option.trim().to_lowercase().as_str() {
        "color" | "colour" => Some("color"),
        "size" => Some("size"),
        "material" => Some("material"),
        "pattern" => Some("pattern"),
        _ => None,
    }
}

/// At most `n` characters (channels count characters, not bytes).
fn clip(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn statuses_map_to_push_errors_and_retry_after_is_honoured() {
        let mut h = HeaderMap::new();
        h.insert("retry-after", "7".parse().unwrap());
        let d = Duration::from_secs(2);
        assert_eq!(by_status(StatusCode::TOO_MANY_REQUESTS, &h, d, "x"), Some(PushError::Throttled(Duration::from_secs(7))));
        assert_eq!(by_status(StatusCode::TOO_MANY_REQUESTS, &HeaderMap::new(), d, "x"), Some(PushError::Throttled(d)));
        assert_eq!(by_status(StatusCode::UNAUTHORIZED, &h, d, "gone"), Some(PushError::Revoked("gone".into())));
        assert_eq!(by_status(StatusCode::BAD_GATEWAY, &h, d, "down"), Some(PushError::Unavailable("down".into())));
        assert_eq!(by_status(StatusCode::GATEWAY_TIMEOUT, &h, d, "slow"), Some(PushError::Unavailable("slow".into())));
        assert_eq!(by_status(StatusCode::BAD_REQUEST, &h, d, "x"), None);
        assert_eq!(by_status(StatusCode::OK, &h, d, "x"), None);
    }

    #[test]
    fn descriptions_become_plain_text() {
        assert_eq!(plain_text("<p>Warm&nbsp;light</p><ul><li>LED &amp; USB</li></ul>", "T"), "Warm light LED & USB");
        assert_eq!(plain_text("<p> </p>", "Lamp"), "Lamp");
    }

    #[test]
    fn tiktok_settings_convert_to_kilograms_and_centimetres() {
        let s = json!({"warehouse_id": "w1", "weight": {"value": 250, "unit": "gram"}, "dimension": {"length": 10, "width": 5, "height": 1, "unit": "inch"}});
        let a = ChannelAccount::default().with_tiktok_settings(&s);
        assert_eq!(a.warehouse_id.as_deref(), Some("w1"));
        assert_eq!(a.package_weight_kg, Some(0.25));
        assert_eq!(a.package_cm, Some([25.4, 12.7, 2.54]));
        let none = ChannelAccount::default().with_tiktok_settings(&json!({"warehouse_id": null, "weight": {"value": 1, "unit": "stone"}}));
        assert_eq!(none, ChannelAccount::default());
    }

    #[test]
    fn the_link_takes_the_listing_key() {
        let a = ChannelAccount { product_url: Some("https://s.example/products/{key}".into()), ..Default::default() };
        let l = Listing {
            key: "lamp-dl1".into(),
            title: String::new(),
            description_html: String::new(),
            tags: vec![],
            collections: vec![],
            product_type: String::new(),
            vendor: String::new(),
            options: vec![],
            images: vec![],
            video: None,
            variants: vec![],
            publish: true,
            currency: "USD".into(),
        };
        assert_eq!(link(&a, &l).as_deref(), Some("https://s.example/products/lamp-dl1"));
        assert_eq!(known_attribute(" Colour"), Some("color"));
        assert_eq!(known_attribute("Scent"), None);
    }
}
