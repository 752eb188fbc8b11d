//! CJ Dropshipping API 2.0 at `{cj.api_url}` (`…/api2.0/v1`): an access token bought with the
//! API key (`authentication/getAccessToken`, valid 15 days) goes in the `CJ-Access-Token` header
//! of `product/list`, `product/query`, `product/variant/query` and `logistic/freightCalculate`;
//! orders are in `cj_orders.rs`.
//! CJ answers HTTP 200 with `{code, result, message, data}`; `code` 200 is success. Its shapes
//! become the suppliers' common ones: options are named by `productKeyEn` ("Color-Size") and
//! valued by each variant's `variantKey` ("Black-XL").
use serde_json::{Map, Value, json};
use std::sync::Arc;
use tokio::sync::Mutex;

use super::{Category, FreightOption, Money, Product, SearchPage, Summary, SupplierError, Variant, parse_cents};
use crate::config::CjSettings;

/// CJ's codes for a token it no longer accepts, and for a product or variant it does not know.
const INVALID_TOKEN: i64 = 1600001;
const NOT_FOUND: [i64; 2] = [1602000, 1602001];

#[derive(Clone)]
pub struct Cj {
    http: reqwest::Client,
    settings: CjSettings,
    /// Bought once and kept: CJ allows about one token call a second and returns the same token
    /// for a day anyway.
    token: Arc<Mutex<Option<String>>>,
}

/// A call CJ answered: its data, or its refusal (code and message).
enum Answer {
    Data(Value),
    Refused(i64, String),
}

fn unavailable(e: impl std::fmt::Display) -> SupplierError {
    SupplierError::Unavailable(format!("cj: {e}"))
}

impl Cj {
    pub fn new(http: reqwest::Client, settings: CjSettings) -> Self {
        Cj { http, settings, token: Arc::default() }
    }

    fn url(&self, path: &str) -> String {
        format!("{}/{path}", self.settings.api_url.trim_end_matches('/'))
    }

    async fn token(&self) -> Result<String, SupplierError> {
        let mut slot = self.token.lock().await;
        if let Some(t) = slot.as_ref() {
            return Ok(t.clone());
        }
        let res =
            self.http.post(self.url("authentication/getAccessToken")).json(&json!({ "apiKey": self.settings.api_key })).send().await.map_err(unavailable)?;
        let body: Value = res.json().await.map_err(unavailable)?;
        let token = body["data"]["accessToken"].as_str().filter(|_| body["code"] == 200).map(str::to_string);
        let token = token.ok_or_else(|| unavailable(format!("no access token for the API key: {}", body["message"])))?;
        *slot = Some(token.clone());
        Ok(token)
    }

    /// One call; a token CJ no longer accepts (expired, revoked) is bought again once.
    async fn call(&self, build: impl Fn() -> reqwest::RequestBuilder) -> Result<Answer, SupplierError> {
        for _ in 0..2 {
            let res = build().header("CJ-Access-Token", self.token().await?).send().await.map_err(unavailable)?;
            if !res.status().is_success() {
                return Err(unavailable(format!("answered {}", res.status())));
            }
            let body: Value = res.json().await.map_err(unavailable)?;
            match body["code"].as_i64() {
                Some(200) => return Ok(Answer::Data(body["data"].clone())),
                Some(INVALID_TOKEN) => *self.token.lock().await = None,
                code => return Ok(Answer::Refused(code.unwrap_or(0), body["message"].as_str().unwrap_or_default().to_string())),
            }
        }
        Err(unavailable("the access token is refused"))
    }

    /// The data of a call about product `id`; an unknown product is NotFound.
    async fn about(&self, id: &str, build: impl Fn() -> reqwest::RequestBuilder) -> Result<Value, SupplierError> {
        match self.call(build).await? {
            Answer::Data(Value::Null) => Err(SupplierError::NotFound(format!("cj:{id}"))),
            Answer::Data(d) => Ok(d),
            Answer::Refused(code, m) if NOT_FOUND.contains(&code) || m.to_lowercase().contains("not found") => Err(SupplierError::NotFound(format!("cj:{id}"))),
            Answer::Refused(code, m) => Err(unavailable(format!("refused {code} {m}"))),
        }
    }

    /// One page of CJ's catalogue (`product/list`, in CJ's own order).
    pub async fn page(&self, page: i64, page_size: i64) -> Result<SearchPage, SupplierError> {
        let url = self.url("product/list");
        let data = match self.call(|| self.http.get(&url).query(&[("pageNum", page), ("pageSize", page_size)])).await? {
            Answer::Data(d) => d,
            Answer::Refused(code, m) => return Err(unavailable(format!("product/list refused {code} {m}"))),
        };
        let items = data["list"].as_array().map(|a| a.iter().map(summary_from).collect()).unwrap_or_default();
        Ok(SearchPage { total: data["total"].as_i64().unwrap_or(0), items })
    }

    async fn variants(&self, id: &str) -> Result<Vec<Value>, SupplierError> {
        let url = self.url("product/variant/query");
        Ok(self.about(id, || self.http.get(&url).query(&[("pid", id)])).await?.as_array().cloned().unwrap_or_default())
    }

    /// `product/query`, whose variants come embedded; `product/variant/query` when they do not.
    pub async fn product(&self, id: &str) -> Result<Product, SupplierError> {
        let url = self.url("product/query");
        let data = self.about(id, || self.http.get(&url).query(&[("pid", id)])).await?;
        let mut variants = data["variants"].as_array().cloned().unwrap_or_default();
        if variants.is_empty() {
            variants = self.variants(id).await?;
        }
        Ok(product_from(&data, &variants))
    }

    /// Shipping of `quantity` units of the product's first in-stock variant to `country`.
    pub async fn freight(&self, id: &str, country: &str, quantity: i64) -> Result<Vec<FreightOption>, SupplierError> {
        let variants = self.variants(id).await?;
        let chosen = variants.iter().find(|v| stock_of(v) > 0).or(variants.first()).ok_or_else(|| SupplierError::NotFound(format!("cj:{id}")))?;
        let from = warehouse_country(std::slice::from_ref(chosen)).unwrap_or_else(|| "CN".into());
        let body = json!({ "startCountryCode": from, "endCountryCode": country, "products": [{ "quantity": quantity, "vid": chosen["vid"] }] });
        let url = self.url("logistic/freightCalculate");
        freight_from(&self.about(id, || self.http.post(&url).json(&body)).await?, country)
    }
}

/// CJ amounts are numbers (`18.99`), sometimes strings, and a product's `sellPrice` can be a
/// range ("2.53 -- 4.81"): its low end is taken.
pub fn cents(v: &Value) -> Option<i64> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.split("--").next().unwrap_or_default().trim().to_string(),
        _ => return None,
    };
    (!text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '.')).then(|| parse_cents(&text))
}

fn dollars(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// CJ category ids are its own strings; only numeric ones fit the cache's category column.
fn category_id(v: &Value) -> i32 {
    v.as_str().and_then(|s| s.parse().ok()).or(v.as_i64().map(|n| n as i32)).unwrap_or(0)
}

pub fn summary_from(item: &Value) -> Summary {
    Summary {
        id: item["pid"].as_str().unwrap_or_default().to_string(),
        title: item["productNameEn"].as_str().unwrap_or_default().to_string(),
        category: Category { id: category_id(&item["categoryId"]) },
        price: Money { amount: dollars(cents(&item["sellPrice"]).unwrap_or(0)) },
        // CJ has no order count or rating: listedNum, how many stores list it, is its popularity.
        orders: item["listedNum"].as_i64().unwrap_or(0),
        rating: 0.0,
        collections: if item["isFreeShipping"] == true { vec!["free_ship_us".into()] } else { vec![] },
        image: item["productImage"].as_str().map(str::to_string),
        video_url: None,
    }
}

/// Option values of one variant: `variantKey` split by '-' in `productKeyEn` order. A value may
/// itself hold a '-' ("2-3Y"): the key is split from the right, so extra hyphens stay in the
/// first value. A key without named options is one option called "Variant".
pub fn variant_options(names: &[String], key: &str) -> Vec<(String, String)> {
    let key = key.trim();
    match names.len() {
        _ if key.is_empty() => vec![],
        0 => vec![("Variant".into(), key.to_string())],
        n => {
            let mut values: Vec<&str> = key.rsplitn(n, '-').collect();
            values.reverse();
            if values.len() < n {
                return vec![(names.join("-"), key.to_string())];
            }
            names.iter().cloned().zip(values.into_iter().map(|v| v.trim().to_string())).collect()
        }
    }
}

pub fn stock_of(v: &Value) -> i64 {
    v["inventoryNum"].as_i64().unwrap_or_else(|| v["inventories"].as_array().map(|a| a.iter().filter_map(|i| i["totalInventory"].as_i64()).sum()).unwrap_or(0))
}

/// Where the stock is: the first warehouse country holding some.
fn warehouse_country(variants: &[Value]) -> Option<String> {
    let rows = variants.iter().flat_map(|v| v["inventories"].as_array().cloned().unwrap_or_default());
    rows.filter(|i| i["totalInventory"].as_i64().unwrap_or(0) > 0).find_map(|i| i["countryCode"].as_str().map(str::to_string))
}

/// `product/query` (and its variants) as a supplier product. Price precedence: the variant's
/// `variantSellPrice`, else the product's `sellPrice`; `variantSugSellPrice`, CJ's suggested
/// retail price, is the compare-at price when above it.
pub fn product_from(data: &Value, raw: &[Value]) -> Product {
    let names: Vec<String> = data["productKeyEn"].as_str().unwrap_or_default().split('-').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let fallback = cents(&data["sellPrice"]).unwrap_or(0);
    let mut options: Vec<(String, Vec<Value>)> = vec![];
    let variants: Vec<Variant> = raw
        .iter()
        .map(|v| {
            let chosen = variant_options(&names, v["variantKey"].as_str().unwrap_or_default());
            let image = v["variantImage"].as_str().map(str::to_string);
            for (i, (name, value)) in chosen.iter().enumerate() {
                if !options.iter().any(|(n, _)| n == name) {
                    options.push((name.clone(), vec![]));
                }
                let slot = options.iter_mut().find(|(n, _)| n == name).expect("just added");
                if !slot.1.iter().any(|x| x["name"] == value.as_str()) {
                    // Variant pictures show the first option (colour, usually).
                    slot.1.push(json!({ "id": format!("{name}:{value}"), "name": value, "image": if i == 0 { json!(image) } else { Value::Null } }));
                }
            }
            let price = cents(&v["variantSellPrice"]).unwrap_or(fallback);
            Variant {
                sku_id: v["vid"].as_str().unwrap_or_default().to_string(),
                options: chosen.into_iter().map(|(n, x)| (n, Value::from(x))).collect::<Map<_, _>>(),
                price: dollars(price),
                compare_at_price: cents(&v["variantSugSellPrice"]).filter(|c| *c > price).map(dollars),
                stock: stock_of(v),
                image,
            }
        })
        .collect();
    let mut images: Vec<String> =
        data["productImageSet"].as_array().map(|a| a.iter().filter_map(|i| i.as_str().map(str::to_string)).collect()).unwrap_or_default();
    if images.is_empty() {
        // Older answers put a JSON array of addresses in productImage.
        let raw = data["productImage"].as_str().unwrap_or_default();
        images = serde_json::from_str(raw).unwrap_or_else(|_| vec![raw.to_string()]).into_iter().filter(|s: &String| !s.is_empty()).collect();
    }
    let min = variants.iter().map(|v| parse_cents(&v.price)).min().unwrap_or(fallback);
    Product {
        id: data["pid"].as_str().unwrap_or_default().to_string(),
        title: data["productNameEn"].as_str().unwrap_or_default().to_string(),
        description: data["description"].as_str().unwrap_or_default().to_string(),
        category: json!({ "id": category_id(&data["categoryId"]), "name": data["categoryName"] }),
        price: Money { amount: dollars(min) },
        orders: data["listedNum"].as_i64().unwrap_or(0),
        rating: 0.0,
        collections: vec![],
        reviews_count: 0,
        images,
        // CJ's API 2.0 product/query documents no video field we could trace.
        video_url: None,
        ship_from: warehouse_country(raw),
        ships_to: vec![],
        options: options.into_iter().map(|(name, values)| json!({ "name": name, "values": values })).collect(),
        variants,
    }
}

/// `logistic/freightCalculate` options (`logisticAging` is "min-max" days); none = it does not
/// ship there.
pub fn freight_from(data: &Value, country: &str) -> Result<Vec<FreightOption>, SupplierError> {
    let options: Vec<FreightOption> = data
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|o| {
            let name = o["logisticName"].as_str().unwrap_or_default().to_string();
            let aging = o["logisticAging"].as_str().unwrap_or_default();
            let (lo, hi) = aging.split_once('-').unwrap_or((aging, aging));
            let (lo, hi) = (lo.trim().parse().unwrap_or(0), hi.trim().parse().unwrap_or(0));
            FreightOption {
                code: name.clone(),
                company: name,
                amount: dollars(cents(&o["logisticPrice"]).unwrap_or(0)),
                currency: "USD".into(),
                delivery_time: format!("{lo}-{hi} day"),
                min_days: lo,
                max_days: hi,
            }
        })
        .collect();
    if options.is_empty() {
        return Err(SupplierError::CannotShip(country.into()));
    }
    Ok(options)
}

#[path = "cj_orders.rs"]
mod ordering;

#[cfg(test)]
#[path = "cj_tests.rs"]
mod tests;
