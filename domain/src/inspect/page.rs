//! A storefront's HTML made into fields: Shopify's `window.Shopify` globals, title and
//! description, logos, social links, and the script addresses apps are detected from. One walk
//! over the parsed document.
use scraper::{ElementRef, Html};
use serde_json::Value;
use url::Url;

use super::themes::StorefrontTheme;

#[derive(Debug, Default)]
pub struct Page {
    pub title: Option<String>,
    pub description: Option<String>,
    pub site_name: Option<String>,
    /// `window.Shopify.shop`: the permanent `name.myshopify.com` domain.
    pub shopify_shop: Option<String>,
    pub currency: Option<String>,
    pub country: Option<String>,
    pub theme: Option<StorefrontTheme>,
    pub woocommerce: bool,
    pub logos: Vec<String>,
    pub facebook: Option<String>,
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    /// `<script src>` addresses, absolute.
    pub script_srcs: Vec<String>,
    /// Inline script text, JSON-escaped slashes undone (`https:\/\/` lists of app scripts).
    pub inline_scripts: String,
}

impl Page {
    pub fn is_shopify(&self) -> bool {
        self.shopify_shop.is_some() || self.theme.is_some()
    }

    /// What apps are matched against: every script address, then the inline scripts.
    pub fn app_haystack(&self) -> String {
        let mut s = String::with_capacity(self.inline_scripts.len() + self.script_srcs.iter().map(|x| x.len() + 1).sum::<usize>());
        for src in &self.script_srcs {
            s.push_str(src);
            s.push('\n');
        }
        s.push_str(&self.inline_scripts);
        s
    }
}

pub fn parse(html: &str, base: &Url) -> Page {
    let doc = Html::parse_document(html);
    let mut page = Page::default();
    let mut og_description = None;
    for node in doc.tree.root().descendants() {
        let Some(el) = ElementRef::wrap(node) else { continue };
        let e = el.value();
        match e.name() {
            "title" if page.title.is_none() => page.title = non_empty(&collapse(&el.text().collect::<String>())),
            "meta" => {
                let key = e.attr("name").or_else(|| e.attr("property")).unwrap_or_default().to_ascii_lowercase();
                let content = e.attr("content").and_then(|c| non_empty(c.trim()));
                match key.as_str() {
                    "description" if page.description.is_none() => page.description = content,
                    "og:description" if og_description.is_none() => og_description = content,
                    "og:site_name" if page.site_name.is_none() => page.site_name = content,
                    "generator" => page.woocommerce |= content.is_some_and(|c| c.to_ascii_lowercase().contains("woocommerce")),
                    _ => {}
                }
            }
            "script" => match e.attr("src") {
                Some(src) => page.script_srcs.extend(absolute(base, src)),
                None => {
                    let text: String = el.text().collect();
                    read_shopify_globals(&text, &mut page);
                    page.inline_scripts.push_str(&text.replace("\\/", "/"));
                    page.inline_scripts.push('\n');
                }
            },
            "img" if is_logo(el) => {
                if let Some(src) = e.attr("src").or_else(|| e.attr("data-src")).and_then(|s| absolute(base, s))
                    && !page.logos.contains(&src)
                    && page.logos.len() < 5
                {
                    page.logos.push(src);
                }
            }
            "a" => {
                if let Some(href) = e.attr("href").and_then(|h| absolute(base, h)) {
                    social_link(&href, &mut page);
                }
            }
            "body" => page.woocommerce |= e.classes().any(|c| c == "woocommerce" || c == "woocommerce-page"),
            _ => {}
        }
    }
    page.description = page.description.or(og_description);
    page
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn absolute(base: &Url, href: &str) -> Option<String> {
    let href = href.trim();
    if href.is_empty() || href.starts_with("data:") || href.starts_with("javascript:") {
        return None;
    }
    base.join(href).ok().filter(|u| matches!(u.scheme(), "http" | "https")).map(String::from)
}

/// An image that is the store's logo: said so by its class, alt text or file name, or by the
/// class of one of its three nearest ancestors (`<a class="site-header__logo"><img>`).
fn is_logo(img: ElementRef) -> bool {
    let has = |s: Option<&str>| s.is_some_and(|s| s.to_ascii_lowercase().contains("logo"));
    let e = img.value();
    if has(e.attr("class")) || has(e.attr("alt")) || has(e.attr("src").map(|s| s.rsplit('/').next().unwrap_or(s))) {
        return true;
    }
    img.ancestors().take(3).filter_map(|n| n.value().as_element()).any(|a| has(a.attr("class")) || has(a.attr("id")))
}

/// Spec: a hostname-only social link is accepted only if its path has the expected number of
/// segments: one (the page's handle), so share and intent links are not taken for the store's.
fn social_link(href: &str, page: &mut Page) {
    let Ok(url) = Url::parse(href) else { return };
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    let host = host.trim_start_matches("www.").trim_start_matches("m.").trim_start_matches("web.");
    let slot = match host {
        "facebook.com" | "fb.com" => &mut page.facebook,
        "twitter.com" | "x.com" => &mut page.twitter,
        "instagram.com" => &mut page.instagram,
        _ => return,
    };
    if slot.is_some() {
        return;
    }
    let segments: Vec<&str> = url.path_segments().map(|s| s.filter(|p| !p.is_empty()).collect()).unwrap_or_default();
    const NOT_A_PAGE: &[&str] = &["sharer", "sharer.php", "share", "share.php", "intent", "dialog", "plugins", "tr", "p", "reel", "explore", "hashtag", "home"];
    if segments.len() == 1 && !NOT_A_PAGE.contains(&segments[0].to_ascii_lowercase().as_str()) {
        *slot = Some(href.to_string());
    }
}

/// Reads `Shopify.shop = "..."`, `Shopify.currency = {...}`, `Shopify.country = "..."` and
/// `Shopify.theme = {...}` (each a JSON value after `=`) from one inline script.
fn read_shopify_globals(script: &str, page: &mut Page) {
    if !script.contains("Shopify.") {
        return;
    }
    if let Some(Value::String(s)) = assigned(script, "Shopify.shop") {
        page.shopify_shop.get_or_insert(s);
    }
    if let Some(v) = assigned(script, "Shopify.currency")
        && let Some(active) = v["active"].as_str().or(v.as_str())
    {
        page.currency.get_or_insert(active.to_string());
    }
    if let Some(Value::String(s)) = assigned(script, "Shopify.country") {
        page.country.get_or_insert(s);
    }
    if let Some(v) = assigned(script, "Shopify.theme")
        && let Ok(theme) = serde_json::from_value::<StorefrontTheme>(v)
    {
        page.theme.get_or_insert(theme);
    }
}

/// The JSON value assigned to `key` (`key = <json>;`), skipping longer names and comparisons.
fn assigned(script: &str, key: &str) -> Option<Value> {
    let mut from = 0;
    while let Some(at) = script[from..].find(key) {
        let rest = &script[from + at + key.len()..];
        from += at + key.len();
        let before = script[..from - key.len()].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = rest.trim_start();
        let Some(value) = rest.strip_prefix('=').filter(|r| !r.starts_with('=')) else { continue };
        let mut values = serde_json::Deserializer::from_str(value.trim_start()).into_iter::<Value>();
        if let Some(Ok(v)) = values.next() {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<!doctype html><html><head>
<title>
  Acme   Goods
</title>
<meta name="description" content="Everything for the garden.">
<meta property="og:site_name" content="Acme Goods">
<script>
window.Shopify = window.Shopify || {};
window.Shopify.shopId = 1;
Shopify.shop = "acme-goods.myshopify.com";
Shopify.currency = {"active":"EUR","rate":"1.0"};
Shopify.country = "DE";
Shopify.theme = {"name":"Dawn (custom)","id":1234567,"schema_name":"Dawn","theme_store_id":887,"role":"main"};
if (Shopify.theme == null) {}
var urls = ["https:\/\/static.klaviyo.com\/onsite\/js\/klaviyo.js?company_id=X"];
</script>
<script src="//cdn.judge.me/widget_preloader.js" async></script>
<script src="/assets/theme.js"></script>
</head><body>
<header><a href="/" class="header__heading-link"><img src="//cdn.shopify.com/s/files/1/acme_200x.png" alt="Acme Goods" class="header__heading-logo"></a></header>
<img src="/hero.jpg" alt="Spring">
<a href="https://www.facebook.com/sharer/sharer.php?u=x">Share</a>
<a href="https://www.facebook.com/acmegoods">Facebook</a>
<a href="https://twitter.com/intent/tweet?text=x">Tweet</a>
<a href="https://instagram.com/acme.goods/">Instagram</a>
<a href="https://www.instagram.com/p/abc/">A post</a>
</body></html>"#;

    #[test]
    fn reads_shopify_globals_and_page_fields() {
        let base = Url::parse("https://acme.example/").unwrap();
        let p = parse(PAGE, &base);
        assert_eq!(p.title.as_deref(), Some("Acme Goods"));
        assert_eq!(p.site_name.as_deref(), Some("Acme Goods"));
        assert_eq!(p.description.as_deref(), Some("Everything for the garden."));
        assert_eq!(p.shopify_shop.as_deref(), Some("acme-goods.myshopify.com"));
        assert_eq!(p.currency.as_deref(), Some("EUR"));
        assert_eq!(p.country.as_deref(), Some("DE"));
        let theme = p.theme.clone().unwrap();
        assert_eq!((theme.id, theme.theme_store_id, theme.schema_name.as_deref()), (Some(1234567), Some(887), Some("Dawn")));
        assert_eq!(p.logos, ["https://cdn.shopify.com/s/files/1/acme_200x.png"]);
        assert_eq!(p.facebook.as_deref(), Some("https://www.facebook.com/acmegoods"));
        assert_eq!(p.instagram.as_deref(), Some("https://instagram.com/acme.goods/"));
        assert_eq!(p.twitter, None, "an intent link is not the store's account");
        assert_eq!(p.script_srcs, ["https://cdn.judge.me/widget_preloader.js", "https://acme.example/assets/theme.js"]);
        assert!(p.app_haystack().contains("https://static.klaviyo.com/onsite/js/klaviyo.js"));
        assert!(p.is_shopify() && !p.woocommerce);
    }

    #[test]
    fn a_page_without_storefront_data_has_none() {
        let p = parse("<html><head><meta name=generator content='WooCommerce 9.1'></head><body>hi</body></html>", &Url::parse("https://x.example/").unwrap());
        assert!(!p.is_shopify() && p.woocommerce);
        assert_eq!(p.title, None);
        assert!(p.logos.is_empty() && p.script_srcs.is_empty());
        assert_eq!(assigned("a.Shopify.shop == 1; Shopify.shopX = 2; Shopify.shop = 'x'", "Shopify.shop"), None);
    }
}
