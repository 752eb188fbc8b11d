//! Google Merchant Center: Content API v2.1 `products.insert`, one product per variant with the
//! variant SKU as `offerId` and the listing key as `itemGroupId`. Insert is an upsert keyed by
//! channel, language, country and offerId, so a retried push overwrites instead of adding.
use std::time::Duration;

use futures::{StreamExt, TryStreamExt};
use serde_json::{Value, json};

use super::{ChannelAccount, by_status, clip, http, image_of, known_attribute, link, plain_text, unreachable};
use crate::config::ChannelOAuth;
use crate::connectors::listing::{Listing, ListingVariant, PushError, money};

/// Google's per-minute quotas refill within a minute; without `Retry-After`, wait half.
const WAIT: Duration = Duration::from_secs(30);
/// Variants inserted at once: enough to be quick, few enough to stay inside the quota.
const PARALLEL: usize = 4;

pub(super) async fn upsert(s: &ChannelOAuth, token: &str, account: &ChannelAccount, l: &Listing) -> Result<String, PushError> {
    let Some(merchant) = account.account_id.as_deref() else {
        return Err(PushError::Rejected("Choose the Merchant Center account products go to (connect Google Merchant Center)".into()));
    };
    let Some(link) = link(account, l) else {
        return Err(PushError::Rejected("Google Merchant Center needs a product page address for each product; connect a store first".into()));
    };
    let url = format!("{}/{merchant}/products", s.api_base.trim_end_matches('/'));
    // Built eagerly: a stream that maps with a borrowing closure is not `Send` for every
    // lifetime, which the worker's job futures must be.
    let calls: Vec<_> = l.variants.iter().map(|v| insert(&url, token, product(l, v, &link))).collect();
    let ids: Vec<String> = futures::stream::iter(calls).buffered(PARALLEL).try_collect().await?;
    ids.into_iter().next().ok_or_else(|| PushError::Rejected("The product has no enabled variant to list".into()))
}

async fn insert(url: &str, token: &str, body: Value) -> Result<String, PushError> {
    let res = http().post(url).bearer_auth(token).json(&body).send().await.map_err(|e| unreachable("Google Merchant Center", e))?;
    let (status, headers) = (res.status(), res.headers().clone());
    let answer: Value = res.json().await.unwrap_or(Value::Null);
    if let Some(e) = failure(status, &headers, &answer) {
        return Err(e);
    }
    answer["id"].as_str().map(str::to_string).ok_or_else(|| PushError::Unavailable("Google Merchant Center answered without the product id".into()))
}

/// The country a price currency sells in; Google disapproves prices in another currency.
fn country_of(currency: &str) -> &'static str {
    match currency {
        "GBP" => "GB",
        "CAD" => "CA",
        "AUD" => "AU",
        "NZD" => "NZ",
        "JPY" => "JP",
        "INR" => "IN",
        "BRL" => "BR",
        "MXN" => "MX",
        _ => "US",
    }
}

fn price(cents: i64, currency: &str) -> Value {
    json!({"value": money(cents), "currency": currency})
}

/// One variant as a Content API product.
fn product(l: &Listing, v: &ListingVariant, link: &str) -> Value {
    let mut p = json!({
        "offerId": v.sku, "itemGroupId": l.key, "title": clip(&l.title, 150),
        "description": clip(&plain_text(&l.description_html, &l.title), 5000), "link": link, "imageLink": image_of(l, v),
        "additionalImageLinks": l.images.iter().skip(1).take(10).collect::<Vec<_>>(),
        "contentLanguage": "en", "targetCountry": country_of(&l.currency), "channel": "online",
        "availability": if v.stock > 0 { "in stock" } else { "out of stock" }, "condition": "new",
        // Dropline's products carry no GTIN or MPN.
        "identifierExists": false,
    });
    match v.compare_at_cents {
        Some(was) => {
            p["price"] = price(was, &l.currency);
            p["salePrice"] = price(v.price_cents, &l.currency);
        }
        None => p["price"] = price(v.price_cents, &l.currency),
    }
    if !l.vendor.trim().is_empty() {
        p["brand"] = json!(l.vendor);
    }
    if !l.product_type.trim().is_empty() {
        p["productTypes"] = json!([l.product_type]);
    }
    let mut custom = Vec::new();
    for (name, value) in l.options.iter().zip(&v.option_values) {
        match known_attribute(name) {
            Some("size") => p["sizes"] = json!([value]),
            Some(field) => p[field] = json!(value),
            None => custom.push(json!({"name": name, "value": value})),
        }
    }
    if !custom.is_empty() {
        p["customAttributes"] = json!(custom);
    }
    if !l.publish {
        // Not published: kept in Merchant Center, shown nowhere.
        p["excludedDestinations"] = json!(["Shopping_ads", "Free_listings"]);
    }
    p
}

/// Google's `{error: {code, message, errors}}` as a push error; `None` is success.
fn failure(status: reqwest::StatusCode, headers: &reqwest::header::HeaderMap, body: &Value) -> Option<PushError> {
    if status.is_success() {
        return None;
    }
    let message = body["error"]["message"].as_str().unwrap_or("no reason given");
    if status.as_u16() == 403 {
        return Some(PushError::Revoked(format!("Google Merchant Center refused access ({message}); please reconnect Google Merchant Center")));
    }
    Some(
        by_status(status, headers, WAIT, &format!("Google Merchant Center answered HTTP {status}: {message}"))
            .unwrap_or_else(|| PushError::Rejected(format!("Google Merchant Center refused the product: {message}"))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::StatusCode;
    use reqwest::header::HeaderMap;

    fn fail(status: u16, body: Value) -> Option<PushError> {
        failure(StatusCode::from_u16(status).unwrap(), &HeaderMap::new(), &body)
    }

    #[test]
    fn content_api_errors_map_to_push_errors() {
        assert_eq!(fail(200, json!({"id": "online:en:US:x"})), None);
        assert_eq!(fail(429, json!({"error": {"code": 429, "message": "Quota exceeded"}})), Some(PushError::Throttled(WAIT)));
        assert!(matches!(fail(401, json!({"error": {"code": 401}})), Some(PushError::Revoked(_))));
        assert!(matches!(fail(403, json!({"error": {"code": 403, "message": "User cannot access account 1"}})), Some(PushError::Revoked(_))));
        assert!(matches!(fail(503, Value::Null), Some(PushError::Unavailable(_))));
        assert_eq!(
            fail(400, json!({"error": {"code": 400, "message": "[link] Missing value"}})),
            Some(PushError::Rejected("Google Merchant Center refused the product: [link] Missing value".into()))
        );
    }

    #[test]
    fn a_variant_becomes_a_product_with_its_options() {
        let l = Listing {
            key: "lamp-dl1".into(),
            title: "Lamp".into(),
            description_html: "<p>Warm</p>".into(),
            tags: vec![],
            collections: vec![],
            product_type: "Lighting".into(),
            vendor: String::new(),
            options: vec!["Color".into(), "Plug".into()],
            images: vec!["https://i/a.jpg".into(), "https://i/b.jpg".into()],
            video: None,
            variants: vec![],
            publish: false,
            currency: "GBP".into(),
        };
        let v = ListingVariant {
            sku: "DL-1".into(),
            option_values: vec!["Red".into(), "UK".into()],
            price_cents: 999,
            compare_at_cents: Some(1500),
            stock: 0,
            image: None,
        };
        let p = product(&l, &v, "https://s/products/lamp-dl1");
        assert_eq!((p["offerId"].clone(), p["itemGroupId"].clone(), p["targetCountry"].clone()), (json!("DL-1"), json!("lamp-dl1"), json!("GB")));
        assert_eq!((p["price"]["value"].clone(), p["salePrice"]["value"].clone()), (json!("15.00"), json!("9.99")));
        assert_eq!((p["color"].clone(), p["customAttributes"].clone()), (json!("Red"), json!([{"name": "Plug", "value": "UK"}])));
        assert_eq!(
            (p["availability"].clone(), p["imageLink"].clone(), p["description"].clone()),
            (json!("out of stock"), json!("https://i/a.jpg"), json!("Warm"))
        );
        assert!(p.get("brand").is_none() && p["identifierExists"] == false && p["excludedDestinations"].is_array());
    }
}
