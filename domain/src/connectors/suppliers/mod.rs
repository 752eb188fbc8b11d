//! Suppliers' product API (the JSON protocol every source speaks at
//! `{api_url_template with source}`: `/categories`, `/products`, `/products/{id}`,
//! `/products/{id}/reviews`, `/products/{id}/freight`), bearer-token authenticated. Sources
//! with credentials for their own API are read through it instead, for catalogue pages
//! (CJ, eBay), products and freight (AliExpress, CJ, eBay): callers do not see which.
pub mod aliexpress;
pub mod aliexpress_auth;
pub mod aliexpress_orders;
pub mod cj;
pub mod ebay;
pub mod ebay_map;
pub mod ebay_orders;
pub mod orders;

use serde::Deserialize;
use serde_json::Value;
use std::time::Duration;

use crate::config::SupplierSettings;
use crate::values::Source;

/// Why a supplier call failed: the product is gone (no retry helps) or the call did not work.
#[derive(Debug, thiserror::Error)]
pub enum SupplierError {
    #[error("the supplier has no product {0}")]
    NotFound(String),
    #[error("the product does not ship to {0}")]
    CannotShip(String),
    #[error("the supplier could not be reached: {0}")]
    Unavailable(String),
}

#[derive(Debug, Clone, Deserialize)]
pub struct Money {
    pub amount: String,
}

impl Money {
    pub fn cents(&self) -> i64 {
        parse_cents(&self.amount)
    }
}

/// "12.30" → 1230, without going through a float.
pub fn parse_cents(amount: &str) -> i64 {
    let (whole, frac) = amount.trim().split_once('.').unwrap_or((amount.trim(), "0"));
    let frac: String = frac.chars().chain("00".chars()).take(2).collect();
    whole.parse::<i64>().unwrap_or(0) * 100 + frac.parse::<i64>().unwrap_or(0)
}

#[derive(Debug, Clone, Deserialize)]
pub struct Category {
    pub id: i32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Summary {
    pub id: String,
    pub title: String,
    pub category: Category,
    pub price: Money,
    pub orders: i64,
    pub rating: f32,
    #[serde(default)]
    pub collections: Vec<String>,
    pub image: Option<String>,
    /// The product's video (the JSON protocol's `video_url`, Dropline's own catalogue).
    #[serde(default)]
    pub video_url: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SearchPage {
    pub total: i64,
    pub items: Vec<Summary>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Variant {
    pub sku_id: String,
    #[serde(default)]
    pub options: serde_json::Map<String, Value>,
    pub price: String,
    pub compare_at_price: Option<String>,
    pub stock: i64,
    pub image: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Product {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    pub category: Value,
    pub price: Money,
    pub orders: i64,
    pub rating: f32,
    #[serde(default)]
    pub collections: Vec<String>,
    #[serde(default)]
    pub reviews_count: i64,
    #[serde(default)]
    pub images: Vec<String>,
    /// A playable video of the product, where the supplier's API documents one: the JSON
    /// protocol's `video_url`; AliExpress's `ae_video_dtos[].media_url`.
    #[serde(default)]
    pub video_url: Option<String>,
    pub ship_from: Option<String>,
    #[serde(default)]
    pub ships_to: Vec<String>,
    #[serde(default)]
    pub options: Vec<Value>,
    #[serde(default)]
    pub variants: Vec<Variant>,
}

#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct FreightOption {
    pub code: String,
    pub company: String,
    pub amount: String,
    pub currency: String,
    pub delivery_time: String,
    pub min_days: i32,
    pub max_days: i32,
}

#[derive(Clone)]
pub struct Suppliers {
    pub(super) http: reqwest::Client,
    template: String,
    pub(super) token: String,
    aliexpress: Option<crate::config::AliExpressSettings>,
    cj: Option<cj::Cj>,
    ebay: Option<ebay::Ebay>,
}

impl Suppliers {
    pub fn new(settings: &SupplierSettings) -> Self {
        let http =
            reqwest::Client::builder().timeout(Duration::from_secs(settings.timeout_secs)).pool_max_idle_per_host(64).build().expect("reqwest client builds");
        let aliexpress = Some(settings.aliexpress.clone()).filter(|a| !a.app_key.is_empty());
        let cj = Some(settings.cj.clone()).filter(|c| !c.api_key.is_empty()).map(|c| cj::Cj::new(http.clone(), c));
        let ebay = Some(settings.ebay.clone()).filter(|e| !e.client_id.is_empty()).map(|e| ebay::Ebay::new(http.clone(), e));
        Suppliers { http, template: settings.api_url_template.clone(), token: settings.token.clone(), aliexpress, cj, ebay }
    }

    pub(super) fn url(&self, source: Source, path: &str) -> String {
        format!("{}/{path}", self.template.replace("{source}", source.as_str()).trim_end_matches('/'))
    }

    async fn get<T: serde::de::DeserializeOwned>(&self, source: Source, path: &str, what: &str) -> Result<T, SupplierError> {
        let res =
            self.http.get(self.url(source, path)).bearer_auth(&self.token).send().await.map_err(|e| SupplierError::Unavailable(format!("{source}: {e}")))?;
        let status = res.status();
        if status.is_success() {
            return res.json().await.map_err(|e| SupplierError::Unavailable(format!("{source} answered badly: {e}")));
        }
        let body: Value = res.json().await.unwrap_or(Value::Null);
        let code = body["error"]["code"].as_str().unwrap_or_default();
        Err(match (status.as_u16(), code) {
            (404, _) => SupplierError::NotFound(format!("{source}:{what}")),
            (422, "CANNOT_SHIP_TO_COUNTRY") => SupplierError::CannotShip(what.to_string()),
            _ => SupplierError::Unavailable(format!("{source} answered {status} {code}")),
        })
    }

    pub async fn categories(&self, source: Source) -> Result<Value, SupplierError> {
        self.get(source, "categories", "categories").await
    }

    /// One page of the source's catalogue (stable for paging): most ordered first over the JSON
    /// protocol, in CJ's or eBay's own order through theirs.
    pub async fn page(&self, source: Source, page: i64, page_size: i64) -> Result<SearchPage, SupplierError> {
        match (source, &self.cj, &self.ebay) {
            (Source::Cj, Some(cj), _) => return cj.page(page, page_size).await,
            (Source::Ebay, _, Some(ebay)) => return ebay.page(page, page_size).await,
            _ => {}
        }
        self.get(source, &format!("products?sort=orders&page={page}&page_size={page_size}"), "products").await
    }

    pub async fn product(&self, source: Source, id: &str) -> Result<Product, SupplierError> {
        if let (Source::Aliexpress, Some(ae)) = (source, &self.aliexpress) {
            let result =
                aliexpress::call(&self.http, ae, "aliexpress.ds.product.get", &[("product_id", id.to_string()), ("ship_to_country", "US".into())]).await?;
            return Ok(aliexpress::product_from(&result));
        }
        match (source, &self.cj, &self.ebay) {
            (Source::Cj, Some(cj), _) => return cj.product(id).await,
            (Source::Ebay, _, Some(ebay)) => return ebay.product(id).await,
            _ => {}
        }
        self.get(source, &format!("products/{}", urlencode(id)), id).await
    }

    pub async fn reviews(&self, source: Source, id: &str, page: i64) -> Result<Value, SupplierError> {
        self.get(source, &format!("products/{}/reviews?page={page}&page_size=20", urlencode(id)), id).await
    }

    /// A product image from the supplier's image host (at most `max_bytes`).
    pub async fn image(&self, url: &str, max_bytes: usize) -> Result<Vec<u8>, SupplierError> {
        let res = self.http.get(url).send().await.map_err(|e| SupplierError::Unavailable(format!("image: {e}")))?;
        if !res.status().is_success() {
            return Err(SupplierError::Unavailable(format!("image answered {}", res.status())));
        }
        let bytes = res.bytes().await.map_err(|e| SupplierError::Unavailable(format!("image: {e}")))?;
        if bytes.len() > max_bytes {
            return Err(SupplierError::Unavailable(format!("image larger than {max_bytes} bytes")));
        }
        Ok(bytes.to_vec())
    }

    /// Shipping options to `country`, cheapest first.
    pub async fn freight(&self, source: Source, id: &str, country: &str, quantity: i64) -> Result<Vec<FreightOption>, SupplierError> {
        #[derive(Deserialize)]
        struct Answer {
            options: Vec<FreightOption>,
        }
        if let (Source::Aliexpress, Some(ae)) = (source, &self.aliexpress) {
            // Quoted for the first SKU in stock, as CJ's freight is.
            let product = self.product(source, id).await?;
            let sku = product
                .variants
                .iter()
                .find(|v| v.stock > 0)
                .or(product.variants.first())
                .ok_or_else(|| SupplierError::NotFound(format!("aliexpress:{id}")))?;
            let request = aliexpress::freight_request(id, &sku.sku_id, country, quantity);
            let result = aliexpress::call(&self.http, ae, "aliexpress.ds.freight.query", &[("queryDeliveryReq", request)]).await?;
            let mut options = aliexpress::freight_from(&result, country)?;
            options.sort_by_key(|o| parse_cents(&o.amount));
            return Ok(options);
        }
        let mut options = match (source, &self.cj, &self.ebay) {
            (Source::Cj, Some(cj), _) => cj.freight(id, country, quantity).await?,
            (Source::Ebay, _, Some(ebay)) => ebay.freight(id, country, quantity).await?,
            _ => {
                let path = format!("products/{}/freight?country={country}&quantity={quantity}", urlencode(id));
                self.get::<Answer>(source, &path, country).await?.options
            }
        };
        options.sort_by_key(|o| parse_cents(&o.amount));
        Ok(options)
    }
}

fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn cents_parse_without_floats() {
        assert_eq!(super::parse_cents("12.3"), 1230);
        assert_eq!(super::parse_cents("0.07"), 7);
        assert_eq!(super::parse_cents("19"), 1900);
    }
}
