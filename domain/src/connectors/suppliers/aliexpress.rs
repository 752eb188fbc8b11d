//! AliExpress Open Platform, dropshipping API: `GET {api_url}?method=…&app_key&timestamp&
//! sign_method=sha256&sign` where `sign` is the uppercase hex HMAC-SHA256 (app secret) of the
//! sorted parameters written as key+value. Product reads (`aliexpress.ds.product.get`) and
//! shipping (`aliexpress.ds.freight.query`) become the suppliers' common shapes.
use hmac::{Hmac, Mac};
use serde_json::{Map, Value, json};
use sha2::Sha256;
use std::collections::BTreeMap;

use super::{FreightOption, Money, Product, SupplierError, Variant};
use crate::config::AliExpressSettings;

pub fn sign(secret: &str, params: &BTreeMap<String, String>) -> String {
    let message: String = params.iter().filter(|(k, _)| *k != "sign").map(|(k, v)| format!("{k}{v}")).collect();
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes()).to_uppercase()
}

/// A signed `/sync` call's whole answer (`error_response` included); Err when it did not arrive.
pub async fn send(http: &reqwest::Client, s: &AliExpressSettings, method: &str, extra: &[(&str, String)]) -> Result<Value, String> {
    let mut params: BTreeMap<String, String> = extra.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    params.insert("method".into(), method.into());
    params.insert("app_key".into(), s.app_key.clone());
    params.insert("sign_method".into(), "sha256".into());
    params.insert("timestamp".into(), chrono::Utc::now().timestamp_millis().to_string());
    let signature = sign(&s.app_secret, &params);
    params.insert("sign".into(), signature);
    // POSTed as a form: an order's parameters can be longer than a query string should be.
    let res = http.post(&s.api_url).form(&params).send().await.map_err(|e| format!("aliexpress: {e}"))?;
    if !res.status().is_success() {
        return Err(format!("aliexpress answered {}", res.status()));
    }
    res.json().await.map_err(|e| format!("aliexpress answered badly: {e}"))
}

/// The `result` of a method's answer.
pub fn result_of(body: &Value, method: &str) -> Value {
    body[format!("{}_response", method.replace('.', "_"))]["result"].clone()
}

pub async fn call(http: &reqwest::Client, s: &AliExpressSettings, method: &str, extra: &[(&str, String)]) -> Result<Value, SupplierError> {
    let body = send(http, s, method, extra).await.map_err(SupplierError::Unavailable)?;
    if let Some(code) = body["error_response"]["code"].as_str() {
        return Err(match code {
            "ITEM_ID_NOT_FOUND" => SupplierError::NotFound(format!("aliexpress:{}", extra.first().map(|e| e.1.as_str()).unwrap_or(""))),
            _ => SupplierError::Unavailable(format!("aliexpress refused {method}: {code}")),
        });
    }
    Ok(result_of(&body, method))
}

fn list<'a>(v: &'a Value, outer: &str, inner: &str) -> &'a [Value] {
    v[outer][inner].as_array().map(|a| a.as_slice()).unwrap_or_default()
}

/// `aliexpress.ds.product.get` as a supplier product: the sale price is the variant's price,
/// the list price its compare-at price, and options come from the SKU properties.
pub fn product_from(result: &Value) -> Product {
    let base = &result["ae_item_base_info_dto"];
    let skus = list(result, "ae_item_sku_info_dtos", "ae_item_sku_info_d_t_o");
    let mut options: Vec<(String, Vec<Value>)> = vec![];
    let variants: Vec<Variant> = skus
        .iter()
        .map(|s| {
            let mut chosen = Map::new();
            let mut image = None;
            for p in list(s, "ae_sku_property_dtos", "ae_sku_property_d_t_o") {
                let (name, value) = (
                    p["sku_property_name"].as_str().unwrap_or_default(),
                    p["property_value_definition_name"].as_str().or(p["sku_property_value"].as_str()).unwrap_or_default(),
                );
                chosen.insert(name.to_string(), json!(value));
                image = image.or(p["sku_image"].as_str().map(str::to_string));
                let slot = match options.iter_mut().find(|(n, _)| n == name) {
                    Some(slot) => slot,
                    None => {
                        options.push((name.to_string(), vec![]));
                        options.last_mut().unwrap()
                    }
                };
                if !slot.1.iter().any(|v| v["name"] == value) {
                    slot.1.push(json!({ "id": format!("{name}:{value}"), "name": value, "image": p["sku_image"] }));
                }
            }
            Variant {
                sku_id: s["sku_id"].as_str().map(str::to_string).unwrap_or_else(|| s["sku_id"].to_string()),
                options: chosen,
                price: s["offer_sale_price"].as_str().unwrap_or("0").to_string(),
                compare_at_price: s["sku_price"].as_str().map(str::to_string),
                stock: s["sku_available_stock"].as_i64().unwrap_or(0),
                image,
            }
        })
        .collect();
    let images: Vec<String> = base_images(result);
    let min_price = variants.iter().map(|v| super::parse_cents(&v.price)).min().unwrap_or(0);
    Product {
        id: base["product_id"].as_str().map(str::to_string).unwrap_or_else(|| base["product_id"].to_string()),
        title: base["subject"].as_str().unwrap_or_default().to_string(),
        description: base["detail"].as_str().unwrap_or_default().to_string(),
        category: json!({ "id": base["category_id"] }),
        price: Money { amount: format!("{}.{:02}", min_price / 100, min_price % 100) },
        orders: base["sales_count"].as_str().and_then(|s| s.parse().ok()).unwrap_or(0),
        rating: base["avg_evaluation_rating"].as_str().and_then(|s| s.parse().ok()).unwrap_or(0.0),
        collections: vec![],
        reviews_count: 0,
        images,
        video_url: video_of(result),
        ship_from: Some("CN".into()),
        ships_to: vec![],
        options: options.into_iter().map(|(name, values)| json!({ "name": name, "values": values })).collect(),
        variants,
    }
}

/// The product's video: `ae_multimedia_info_dto.ae_video_dtos[].media_url` ("Media URL" in the
/// method's published response, beside `poster_url`, `media_status` and `media_type`), the first
/// one that is an address and not refused (`media_status` other than `approved` is skipped).
fn video_of(result: &Value) -> Option<String> {
    list(&result["ae_multimedia_info_dto"], "ae_video_dtos", "ae_video_d_t_o")
        .iter()
        .filter(|v| v["media_status"].as_str().is_none_or(|s| s.eq_ignore_ascii_case("approved")))
        .filter_map(|v| v["media_url"].as_str())
        .find(|u| u.starts_with("https://") || u.starts_with("http://"))
        .map(str::to_string)
}

fn base_images(result: &Value) -> Vec<String> {
    result["ae_multimedia_info_dto"]["image_urls"].as_str().unwrap_or_default().split(';').filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// The `sku_attr` AliExpress names SKU `sku_id` by in `ds.product.get` (what `ds.order.create`
/// takes); None when the product no longer has it.
pub fn sku_attr_of(result: &Value, sku_id: &str) -> Option<String> {
    list(result, "ae_item_sku_info_dtos", "ae_item_sku_info_d_t_o")
        .iter()
        .find(|s| s["sku_id"].as_str().map(str::to_string).unwrap_or_else(|| s["sku_id"].to_string()) == sku_id)
        .map(|s| s["sku_attr"].as_str().unwrap_or_default().to_string())
}

/// `aliexpress.ds.freight.query`'s request: the method requires the SKU, language, locale and
/// currency besides the product, quantity and destination.
pub fn freight_request(product_id: &str, sku_id: &str, country: &str, quantity: i64) -> String {
    json!({ "productId": product_id, "selectedSkuId": sku_id, "quantity": quantity, "shipToCountry": country,
        "language": "en", "locale": "en_US", "currency": "USD" })
    .to_string()
}

/// `aliexpress.ds.freight.query` options, cheapest first; none = it does not ship there.
pub fn freight_from(result: &Value, country: &str) -> Result<Vec<FreightOption>, SupplierError> {
    if result["success"] == false && result["msg"] == "DELIVERY_INFO_EMPTY" {
        return Err(SupplierError::NotFound(format!("aliexpress: no delivery information ({country})")));
    }
    let options: Vec<FreightOption> = list(result, "delivery_options", "delivery_option_d_t_o")
        .iter()
        .map(|o| FreightOption {
            code: o["code"].as_str().unwrap_or_default().into(),
            company: o["company"].as_str().unwrap_or_default().into(),
            amount: o["shipping_fee_cent"].as_str().unwrap_or("0").into(),
            currency: o["shipping_fee_currency"].as_str().unwrap_or("USD").into(),
            delivery_time: o["delivery_date_desc"].as_str().unwrap_or_default().into(),
            min_days: o["min_delivery_days"].as_i64().unwrap_or(0) as i32,
            max_days: o["max_delivery_days"].as_i64().unwrap_or(0) as i32,
        })
        .collect();
    if result["success"] == false || options.is_empty() {
        return Err(SupplierError::CannotShip(country.into()));
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn the_video_is_the_first_approved_media_url() {
        let with =
            |videos: serde_json::Value| json!({ "ae_multimedia_info_dto": { "image_urls": "https://a/1.jpg", "ae_video_dtos": { "ae_video_d_t_o": videos } } });
        let r = with(json!([
            { "media_status": "refused", "media_url": "https://v/refused.mp4" },
            { "media_status": "approved", "media_type": "MAIN_IMAGE_VIDEO", "media_url": "https://v/main.mp4", "poster_url": "https://v/p.jpg" }
        ]));
        assert_eq!(super::product_from(&r).video_url.as_deref(), Some("https://v/main.mp4"));
        assert_eq!(super::product_from(&with(json!([{ "media_id": 5, "media_status": "approved" }]))).video_url, None, "no address, no video");
        assert_eq!(super::product_from(&json!({})).video_url, None);
    }
}
