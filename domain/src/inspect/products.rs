//! A storefront's public `/products.json` (Shopify's shape) made into the spec's scanned store
//! products, with the price range over the variants; and the hosts whose pages are never
//! scanned for products (marketplaces, social networks and search engines).
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// Spec: id, handle, title, body_html, vendor, product_type, tags, published_at, options,
/// variants, image, images, minPrice, maxPrice, currency code, created_at, updated_at.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScannedProduct {
    pub id: u64,
    pub handle: String,
    pub title: String,
    pub body_html: String,
    pub vendor: String,
    pub product_type: String,
    pub tags: Vec<String>,
    pub published_at: Option<String>,
    #[schema(value_type = Object)]
    pub options: Value,
    #[schema(value_type = Object)]
    pub variants: Value,
    /// The first image's address.
    pub image: Option<String>,
    pub images: Vec<String>,
    #[serde(rename = "minPrice")]
    pub min_price: Option<f64>,
    #[serde(rename = "maxPrice")]
    pub max_price: Option<f64>,
    pub currency: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
}

#[derive(Deserialize)]
struct Feed {
    products: Vec<RawProduct>,
}

#[derive(Deserialize)]
struct RawProduct {
    id: u64,
    #[serde(default)]
    handle: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    body_html: Option<String>,
    #[serde(default)]
    vendor: Option<String>,
    #[serde(default)]
    product_type: Option<String>,
    #[serde(default)]
    tags: Value,
    #[serde(default)]
    published_at: Option<String>,
    #[serde(default)]
    created_at: Option<String>,
    #[serde(default)]
    updated_at: Option<String>,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    variants: Vec<Value>,
    #[serde(default)]
    images: Vec<RawImage>,
}

#[derive(Deserialize)]
struct RawImage {
    src: String,
}

/// Parses a `/products.json` body; `None` when it is not one (not a Shopify store, or a page
/// that answers every address with HTML).
pub fn parse(body: &[u8], currency: Option<&str>) -> Option<Vec<ScannedProduct>> {
    let feed: Feed = serde_json::from_slice(body).ok()?;
    Some(feed.products.into_iter().map(|p| scanned(p, currency)).collect())
}

fn scanned(p: RawProduct, currency: Option<&str>) -> ScannedProduct {
    let prices: Vec<f64> = p.variants.iter().filter_map(|v| price(&v["price"])).collect();
    let min_price = prices.iter().copied().reduce(f64::min);
    let max_price = prices.iter().copied().reduce(f64::max);
    let images: Vec<String> = p.images.into_iter().map(|i| i.src).collect();
    ScannedProduct {
        id: p.id,
        handle: p.handle,
        title: p.title,
        body_html: p.body_html.unwrap_or_default(),
        vendor: p.vendor.unwrap_or_default(),
        product_type: p.product_type.unwrap_or_default(),
        tags: tags(&p.tags),
        published_at: p.published_at,
        options: p.options,
        variants: Value::Array(p.variants),
        image: images.first().cloned(),
        images,
        min_price,
        max_price,
        currency: currency.map(str::to_string),
        created_at: p.created_at,
        updated_at: p.updated_at,
    }
}

/// Prices are strings ("19.99") in products.json; tolerate numbers too.
fn price(v: &Value) -> Option<f64> {
    let n = match v {
        Value::String(s) => s.trim().parse::<f64>().ok()?,
        Value::Number(n) => n.as_f64()?,
        _ => return None,
    };
    n.is_finite().then_some(n)
}

/// Tags are an array in today's products.json and a comma-separated string in older ones.
fn tags(v: &Value) -> Vec<String> {
    match v {
        Value::Array(a) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        Value::String(s) => s.split(',').map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

/// Brands whose sites are marketplaces, social networks or search engines, not stores.
const EXCLUDED: &[&str] = &[
    "aliexpress",
    "alibaba",
    "amazon",
    "ebay",
    "etsy",
    "temu",
    "walmart",
    "wish",
    "shein",
    "mercadolibre",
    "rakuten",
    "cjdropshipping",
    "facebook",
    "instagram",
    "twitter",
    "tiktok",
    "pinterest",
    "youtube",
    "linkedin",
    "reddit",
    "snapchat",
    "google",
    "bing",
    "yahoo",
    "duckduckgo",
    "baidu",
    "yandex",
    "ask",
];

/// True for hosts like `www.amazon.co.uk`, `m.facebook.com`, `google.com` and `x.com`: the brand
/// is the label before the public suffix (`com`, or `co.uk`-style two-part suffixes).
pub fn is_excluded_host(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let labels: Vec<&str> = host.split('.').collect();
    if host == "x.com" || host.ends_with(".x.com") {
        return true;
    }
    let n = labels.len();
    let brand_at = |i: usize| EXCLUDED.contains(&labels[i]);
    (n >= 2 && brand_at(n - 2)) || (n >= 3 && labels[n - 2].len() <= 3 && labels[n - 1].len() == 2 && brand_at(n - 3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_strings_and_the_range_spans_the_variants() {
        let body = br#"{"products":[
            {"id":1,"handle":"mug","title":"Mug","body_html":"<p>Mug</p>","vendor":"Acme","product_type":"Kitchen",
             "tags":["a","b"],"published_at":"2026-01-01T00:00:00Z","options":[{"name":"Size"}],
             "variants":[{"price":"19.99"},{"price":"4.50"},{"price":"120.00"},{"price":"n/a"}],
             "images":[{"src":"https://cdn.example/1.png"},{"src":"https://cdn.example/2.png"}]},
            {"id":2,"title":"Tee","tags":"summer, cotton ,","variants":[]}
        ]}"#;
        let p = parse(body, Some("EUR")).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].min_price, p[0].max_price), (Some(4.5), Some(120.0)));
        assert_eq!(p[0].image.as_deref(), Some("https://cdn.example/1.png"));
        assert_eq!(p[0].currency.as_deref(), Some("EUR"));
        assert_eq!(p[1].tags, ["summer", "cotton"]);
        assert_eq!((p[1].min_price, p[1].max_price), (None, None));
        let json = serde_json::to_value(&p[0]).unwrap();
        assert_eq!(json["minPrice"], 4.5);
        assert_eq!(json["maxPrice"], 120.0);
    }

    #[test]
    fn a_page_that_is_not_a_feed_is_none() {
        assert!(parse(b"<html></html>", None).is_none());
        assert!(parse(br#"{"error":"nope"}"#, None).is_none());
    }

    #[test]
    fn marketplaces_social_networks_and_search_engines_are_excluded() {
        for h in ["amazon.com", "www.amazon.co.uk", "amazon.com.au", "m.facebook.com", "www.google.com", "x.com", "www.aliexpress.us", "ebay.de"] {
            assert!(is_excluded_host(h), "{h}");
        }
        for h in ["acme.myshopify.com", "amazonia-plants.com", "google-fan-store.com", "127.0.0.1", "shop.example.co.uk", "box.com"] {
            assert!(!is_excluded_host(h), "{h}");
        }
    }
}
