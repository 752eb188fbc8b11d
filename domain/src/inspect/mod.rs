//! Store inspection: read a store's public page and `/products.json` and say what it is built
//! with (shop name, theme, currency, country, logos, social links, storefront apps, products).
//! The fetching goes through `connectors::guarded_http`, so an address a user types can never
//! reach a private network; every failure is a `ScanError` that reads as a sentence.
pub mod apps;
pub mod page;
pub mod products;
pub mod scan;
pub mod themes;

use serde::Serialize;
use url::Url;
use utoipa::ToSchema;

use crate::config::InspectSettings;
pub use crate::connectors::guarded_http::parse_user_url;
use crate::connectors::guarded_http::{FetchError, Fetched, GuardedHttp};
use apps::{AppMatcher, KnownApp};
use page::Page;
use products::ScannedProduct;
use themes::KnownTheme;

/// Products read from `/products.json` at most (Shopify's largest page).
const PRODUCT_LIMIT: usize = 250;

/// The spec's store inspection result.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InspectResult {
    /// `https://acme.com`: scheme, host and port of the page read (after redirects).
    pub shop_uri_origin: String,
    /// The store's home address.
    pub shop_uri: String,
    pub shop_name: Option<String>,
    pub theme_name: Option<String>,
    pub theme_id: Option<u64>,
    /// The matched theme's page in the theme store.
    pub theme_uri: Option<String>,
    pub theme_store_id: Option<u64>,
    /// Shopify's permanent `name.myshopify.com` domain, when the store is on Shopify.
    pub store_id: Option<String>,
    pub currency_active: Option<String>,
    pub best_selling_url: String,
    pub facebook_url: Option<String>,
    pub twitter_url: Option<String>,
    pub instagram_url: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub logos: Vec<String>,
    pub country: Option<String>,
    /// `shopify`, `woocommerce`, or null when only products.json told us it is a store.
    pub platform: Option<String>,
    pub app_used: Vec<KnownApp>,
    pub theme: Option<KnownTheme>,
    pub products: Vec<ScannedProduct>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScanError {
    #[error(transparent)]
    Fetch(#[from] FetchError),
    #[error("The address did not answer with a web page.")]
    NotHtml,
    #[error("This address does not look like an online store: no Shopify or WooCommerce storefront was found.")]
    NotAStore,
}

/// The page-only part of a scan (no network): parsed fields and detected apps. What the
/// benchmark times.
pub struct PageAnalysis<'m> {
    pub page: Page,
    pub apps: Vec<&'m KnownApp>,
}

pub fn analyse_page<'m>(html: &str, url: &Url, matcher: &'m AppMatcher) -> PageAnalysis<'m> {
    let page = page::parse(html, url);
    let apps = matcher.detect(&page.app_haystack());
    PageAnalysis { page, apps }
}

/// Reads the store at `raw_url` (a scheme is added when missing) and inspects it.
pub async fn scan(settings: &InspectSettings, raw_url: &str) -> Result<InspectResult, ScanError> {
    let url = parse_user_url(raw_url)?;
    let http = GuardedHttp::new(settings);
    let fetched = http.get(&url).await?;
    if !looks_like_html(&fetched) {
        return Err(ScanError::NotHtml);
    }
    let html = String::from_utf8_lossy(&fetched.body);
    let analysis = analyse_page(&html, &fetched.url, apps::shipped());
    let root = store_root(&fetched.url);
    let host = root.host_str().unwrap_or_default().to_string();
    let page = &analysis.page;
    // Spec: pages of marketplaces, social networks and search engines give no products.
    let products = if products::is_excluded_host(&host) {
        None
    } else {
        let feed = root.join(&format!("products.json?limit={PRODUCT_LIMIT}")).expect("a relative address joins");
        match http.get(&feed).await {
            Ok(f) => products::parse(&f.body, page.currency.as_deref()),
            Err(e) => {
                tracing::debug!(url = %feed, error = %e, "no products.json");
                None
            }
        }
    };
    let platform = if page.is_shopify() {
        Some("shopify")
    } else if page.woocommerce {
        Some("woocommerce")
    } else {
        None
    };
    if platform.is_none() && products.is_none() {
        return Err(ScanError::NotAStore);
    }
    Ok(result(&analysis, &root, platform, products.unwrap_or_default()))
}

fn result(analysis: &PageAnalysis, root: &Url, platform: Option<&str>, products: Vec<ScannedProduct>) -> InspectResult {
    let page = &analysis.page;
    let theme = page.theme.as_ref().and_then(themes::find);
    let handle = page.shopify_shop.as_deref().map(|s| s.trim_end_matches(".myshopify.com").to_string());
    InspectResult {
        shop_uri_origin: root.origin().ascii_serialization(),
        shop_uri: root.to_string(),
        shop_name: page.site_name.clone().or(handle).or_else(|| page.title.clone()),
        theme_name: page.theme.as_ref().and_then(|t| t.name.clone()),
        theme_id: page.theme.as_ref().and_then(|t| t.id),
        theme_uri: theme.map(|t| t.theme_store_url.clone()),
        theme_store_id: page.theme.as_ref().and_then(|t| t.theme_store_id),
        store_id: page.shopify_shop.clone(),
        currency_active: page.currency.clone(),
        best_selling_url: root.join("collections/all?sort_by=best-selling").map(String::from).unwrap_or_default(),
        facebook_url: page.facebook.clone(),
        twitter_url: page.twitter.clone(),
        instagram_url: page.instagram.clone(),
        title: page.title.clone(),
        description: page.description.clone(),
        logos: page.logos.clone(),
        country: page.country.clone(),
        platform: platform.map(str::to_string),
        app_used: analysis.apps.iter().map(|a| (*a).clone()).collect(),
        theme: theme.cloned(),
        products,
    }
}

fn looks_like_html(f: &Fetched) -> bool {
    if f.content_type.contains("html") {
        return true;
    }
    let start = String::from_utf8_lossy(&f.body[..f.body.len().min(512)]).trim_start().to_ascii_lowercase();
    f.content_type.is_empty() && (start.starts_with("<!doctype html") || start.starts_with("<html"))
}

/// The store's home address for a page of it: the page's directory, cut before `/products/`,
/// `/collections/`, `/pages/`, `/blogs/` or `/cart` when the page is one of those.
pub fn store_root(page: &Url) -> Url {
    let mut root = page.clone();
    root.set_query(None);
    root.set_fragment(None);
    let path = page.path();
    let cut = ["/products/", "/collections/", "/pages/", "/blogs/", "/cart", "/search", "/account"]
        .iter()
        .filter_map(|m| path.find(m))
        .min()
        .map(|i| &path[..=i])
        .unwrap_or_else(|| &path[..=path.rfind('/').unwrap_or(0)]);
    let cut = if cut.is_empty() { "/" } else { cut };
    root.set_path(cut);
    root
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_store_root_is_the_home_of_any_of_its_pages() {
        let root = |s: &str| store_root(&Url::parse(s).unwrap()).to_string();
        assert_eq!(root("https://acme.com"), "https://acme.com/");
        assert_eq!(root("https://acme.com/?ref=x#top"), "https://acme.com/");
        assert_eq!(root("https://acme.com/products/mug"), "https://acme.com/");
        assert_eq!(root("https://acme.com/en-ca/collections/all/products/mug"), "https://acme.com/en-ca/");
        assert_eq!(root("http://127.0.0.1:9/shops/acme.myshopify.com/"), "http://127.0.0.1:9/shops/acme.myshopify.com/");
        assert_eq!(root("https://acme.com/cart"), "https://acme.com/");
    }

    #[test]
    fn the_result_uses_the_spec_field_names() {
        let url = Url::parse("https://acme.com/").unwrap();
        let html = r#"<script>Shopify.shop = "acme.myshopify.com"; Shopify.theme = {"name":"Dawn","id":5,"theme_store_id":887};</script>
                      <script src="https://static.klaviyo.com/onsite/js/klaviyo.js"></script>"#;
        let analysis = analyse_page(html, &url, apps::shipped());
        let r = serde_json::to_value(result(&analysis, &url, Some("shopify"), vec![])).unwrap();
        for key in [
            "shopUriOrigin",
            "shopUri",
            "shopName",
            "themeName",
            "themeId",
            "themeUri",
            "themeStoreId",
            "storeId",
            "currencyActive",
            "bestSellingUrl",
            "facebookUrl",
            "twitterUrl",
            "instagramUrl",
            "title",
            "description",
            "logos",
            "country",
            "appUsed",
            "theme",
            "products",
        ] {
            assert!(r.get(key).is_some(), "{key} missing from {r}");
        }
        assert_eq!(r["shopName"], "acme");
        assert_eq!(r["themeUri"], "https://themes.shopify.com/themes/dawn/styles/default");
        assert_eq!(r["bestSellingUrl"], "https://acme.com/collections/all?sort_by=best-selling");
        assert_eq!(r["appUsed"][0]["name"], "Klaviyo: Email Marketing & SMS");
        assert!(r["appUsed"][0].get("script_pattern").is_none());
    }
}
