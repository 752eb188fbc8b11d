//! The addresses users type when they connect a store.
use url::Url;

/// A Shopify shop's permanent domain, `name.myshopify.com`. Accepts `name`,
/// `name.myshopify.com` and any address of it (`https://name.myshopify.com/admin`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopifyDomain(String);

impl ShopifyDomain {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim().to_ascii_lowercase();
        let s = s.strip_prefix("https://").or_else(|| s.strip_prefix("http://")).unwrap_or(&s);
        let host = s.split(['/', '?', '#']).next().unwrap_or("");
        let name = host.strip_suffix(".myshopify.com").unwrap_or(host);
        if name.is_empty() {
            return Err("Enter your Shopify store address".into());
        }
        let valid = name.len() <= 60 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !name.starts_with('-') && !name.ends_with('-');
        if !valid {
            return Err("A Shopify store address looks like your-store.myshopify.com".into());
        }
        Ok(ShopifyDomain(format!("{name}.myshopify.com")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A WooCommerce store's base address. `domain` is host, port and path without scheme or
/// trailing slash: the same store typed with or without `https://` or `www.` stays one store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WooStoreUrl {
    pub base: String,
    pub domain: String,
}

impl WooStoreUrl {
    pub fn parse(raw: &str, allow_http: bool) -> Result<Self, String> {
        let s = raw.trim();
        if s.is_empty() {
            return Err("Enter your WooCommerce store address".into());
        }
        let with_scheme = if s.starts_with("http://") || s.starts_with("https://") { s.to_string() } else { format!("https://{}", s.trim_start_matches('/')) };
        let url = Url::parse(&with_scheme).map_err(|_| "This is not a valid store address".to_string())?;
        let host = url.host_str().filter(|h| !h.is_empty()).ok_or("This is not a valid store address")?;
        if url.scheme() == "http" && !allow_http {
            return Err("The store address must start with https://".into());
        }
        if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
            return Err("Enter the store's home address without extra parameters".into());
        }
        let host = host.to_ascii_lowercase();
        let host = host.strip_prefix("www.").unwrap_or(&host);
        let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
        let path = url.path().trim_end_matches('/');
        Ok(WooStoreUrl { base: format!("{}://{}{port}{path}", url.scheme(), url.host_str().unwrap_or(host)), domain: format!("{host}{port}{path}") })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shopify_domains_take_the_suffix_once() {
        for raw in ["acme", "Acme.myshopify.com", "https://acme.myshopify.com/admin/products", " acme "] {
            assert_eq!(ShopifyDomain::parse(raw).unwrap().as_str(), "acme.myshopify.com", "{raw}");
        }
        for bad in ["", "ac me", "-acme", "acme.com/../x", "a_b"] {
            assert!(ShopifyDomain::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn woo_addresses_normalise_to_one_domain() {
        let a = WooStoreUrl::parse("https://www.Shop.example/", false).unwrap();
        let b = WooStoreUrl::parse("shop.example", false).unwrap();
        assert_eq!(a.domain, "shop.example");
        assert_eq!(a.domain, b.domain);
        assert_eq!(b.base, "https://shop.example");
        let sandbox = WooStoreUrl::parse("http://127.0.0.1:9090/woo/acme/", true).unwrap();
        assert_eq!(sandbox.base, "http://127.0.0.1:9090/woo/acme");
        assert_eq!(sandbox.domain, "127.0.0.1:9090/woo/acme");
        assert!(WooStoreUrl::parse("http://shop.example", false).is_err());
        assert!(WooStoreUrl::parse("https://shop.example/?a=1", false).is_err());
        assert!(WooStoreUrl::parse("", false).is_err());
    }
}
