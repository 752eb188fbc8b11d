//! TikTok Shop: Partner API 202309 products. Every call is signed (`connectors::channels::tiktok_account::sign`)
//! and answers `{code, message, data}`; a non-zero code is an error even with HTTP 200.
//! Before creating, the product is searched by its seller SKUs (Dropline's variant SKUs), so a
//! job that created it and then failed to record the id finds it again instead of listing a twin.
use std::time::Duration;

use reqwest::Method;
use secrecy::ExposeSecret;
use serde_json::{Value, json};

use super::{ChannelAccount, by_status, clip, http, unreachable};
use crate::config::TikTokSettings;
use crate::connectors::channels::tiktok_account::sign;
use crate::connectors::listing::{Listing, PushError, money};

/// TikTok's token errors: expired (105001) and invalid (105002) access tokens.
const TOKEN_CODES: [i64; 2] = [105001, 105002];
const WAIT: Duration = Duration::from_secs(1);

pub(super) async fn upsert(s: &TikTokSettings, token: &str, account: &ChannelAccount, l: &Listing, existing: Option<&str>) -> Result<String, PushError> {
    let Some(warehouse) = account.warehouse_id.as_deref() else {
        return Err(PushError::Rejected("Choose the TikTok Shop warehouse to list stock in (channel settings)".into()));
    };
    let found = match existing {
        Some(id) => Some(id.to_string()),
        None => find(s, token, account, l).await?,
    };
    match found {
        Some(id) => {
            // Keep the category the product has: the seller may have changed it on TikTok.
            let current = call(s, token, account, Method::GET, &format!("products/{id}"), &[], None).await?;
            let category = current["category_id"].as_str().map(str::to_string);
            let category = match category {
                Some(c) => c,
                None => recommend(s, token, account, l).await?,
            };
            call(s, token, account, Method::PUT, &format!("products/{id}"), &[], Some(body(l, &category, warehouse, account))).await?;
            Ok(id)
        }
        None => {
            let category = recommend(s, token, account, l).await?;
            let data = call(s, token, account, Method::POST, "products", &[], Some(body(l, &category, warehouse, account))).await?;
            data["product_id"].as_str().map(str::to_string).ok_or_else(|| PushError::Unavailable("TikTok Shop answered without the product id".into()))
        }
    }
}

/// The product holding any of the listing's SKUs.
async fn find(s: &TikTokSettings, token: &str, account: &ChannelAccount, l: &Listing) -> Result<Option<String>, PushError> {
    let skus: Vec<&str> = l.variants.iter().map(|v| v.sku.as_str()).collect();
    let data = call(s, token, account, Method::POST, "products/search", &[("page_size", "10")], Some(json!({"seller_skus": skus}))).await?;
    let products = data["products"].as_array().cloned().unwrap_or_default();
    // Deleted products keep their SKUs on TikTok but cannot be edited.
    Ok(products.iter().filter(|p| p["status"] != "DELETED").find_map(|p| p["id"].as_str().map(str::to_string)))
}

async fn recommend(s: &TikTokSettings, token: &str, account: &ChannelAccount, l: &Listing) -> Result<String, PushError> {
    let data = call(s, token, account, Method::POST, "categories/recommend", &[], Some(json!({"product_title": clip(&l.title, 255)}))).await?;
    data["leaf_category_id"].as_str().map(str::to_string).ok_or_else(|| PushError::Rejected("TikTok Shop found no category for this product".into()))
}

/// The create/edit body: one SKU per variant, stock in the chosen warehouse.
fn body(l: &Listing, category: &str, warehouse: &str, account: &ChannelAccount) -> Value {
    let mut images: Vec<&str> = l.images.iter().map(String::as_str).collect();
    if images.is_empty() {
        images = l.variants.iter().filter_map(|v| v.image.as_deref()).collect();
    }
    let skus: Vec<Value> = l
        .variants
        .iter()
        .map(|v| {
            let attrs: Vec<Value> = l.options.iter().zip(&v.option_values).map(|(n, val)| json!({"name": n, "value_name": val})).collect();
            let mut sku = json!({
                "seller_sku": v.sku,
                "price": {"amount": money(v.price_cents), "currency": l.currency},
                "inventory": [{"warehouse_id": warehouse, "quantity": v.stock.clamp(0, 999_999)}],
                "sales_attributes": attrs,
            });
            if let (Some(img), Some(first)) = (v.image.as_deref(), sku["sales_attributes"].get_mut(0)) {
                first["sku_img"] = json!({"uri": img});
            }
            sku
        })
        .collect();
    let description = if l.description_html.trim().is_empty() { format!("<p>{}</p>", l.title) } else { l.description_html.clone() };
    let mut b = json!({
        "title": clip(&l.title, 255),
        "description": description,
        "category_id": category,
        "main_images": images.iter().take(9).map(|u| json!({"uri": u})).collect::<Vec<_>>(),
        "skus": skus,
        "external_product_id": l.key,
        "save_mode": if l.publish { "LISTING" } else { "AS_DRAFT" },
    });
    if let Some(kg) = account.package_weight_kg {
        b["package_weight"] = json!({"value": format!("{kg:.3}"), "unit": "KILOGRAM"});
    }
    if let Some([len, wid, hei]) = account.package_cm {
        let cm = |x: f64| format!("{}", x.ceil().max(1.0) as i64);
        b["package_dimensions"] = json!({"length": cm(len), "width": cm(wid), "height": cm(hei), "unit": "CENTIMETER"});
    }
    b
}

/// One signed call to `{api_base}/product/202309/{path}`; returns `data`.
async fn call(
    s: &TikTokSettings,
    token: &str,
    account: &ChannelAccount,
    method: Method,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<Value>,
) -> Result<Value, PushError> {
    let url = format!("{}/product/202309/{path}", s.api_base.trim_end_matches('/'));
    let signed_path = url::Url::parse(&url).map_err(|e| PushError::Unavailable(format!("channels.tiktok.api_base is not an address: {e}")))?.path().to_string();
    let mut params: Vec<(&str, String)> = vec![("app_key", s.app_key.clone()), ("timestamp", chrono::Utc::now().timestamp().to_string())];
    if let Some(cipher) = &account.sub_account_id {
        params.push(("shop_cipher", cipher.clone()));
    }
    params.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    let text = body.map(|b| b.to_string()).unwrap_or_default();
    params.push(("sign", sign(s.app_secret.expose_secret(), &signed_path, &params, &text)));
    let mut req = http().request(method, &url).query(&params).header("x-tts-access-token", token).header("content-type", "application/json");
    if !text.is_empty() {
        req = req.body(text);
    }
    let res = req.send().await.map_err(|e| unreachable("TikTok Shop", e))?;
    let (status, headers) = (res.status(), res.headers().clone());
    let answer: Value = res.json().await.unwrap_or(Value::Null);
    outcome(status, &headers, answer)
}

/// TikTok's answer as data or a push error.
fn outcome(status: reqwest::StatusCode, headers: &reqwest::header::HeaderMap, body: Value) -> Result<Value, PushError> {
    let code = body["code"].as_i64();
    let message = body["message"].as_str().unwrap_or("no reason given").to_string();
    if code.is_some_and(|c| TOKEN_CODES.contains(&c)) {
        return Err(PushError::Revoked("TikTok Shop no longer accepts Dropline's access; please reconnect TikTok Shop".into()));
    }
    if let Some(e) = by_status(status, headers, WAIT, &format!("TikTok Shop answered HTTP {status}: {message}")) {
        return Err(e);
    }
    let lower = message.to_lowercase();
    match code {
        Some(0) if status.is_success() => Ok(body["data"].clone()),
        // TikTok states rate limits and its own hiccups in the message, not in a code we know.
        Some(_) if lower.contains("too frequent") || lower.contains("rate limit") || lower.contains("too many requests") => Err(PushError::Throttled(WAIT)),
        Some(_) if lower.contains("system busy") || lower.contains("internal error") || lower.contains("timeout") => {
            Err(PushError::Unavailable(format!("TikTok Shop is busy: {message}")))
        }
        Some(c) => Err(PushError::Rejected(format!("TikTok Shop refused the product (code {c}): {message}"))),
        None => Err(PushError::Unavailable(format!("TikTok Shop sent an unexpected answer (HTTP {status})"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::StatusCode;
    use reqwest::header::HeaderMap;

    fn out(status: u16, body: Value) -> Result<Value, PushError> {
        outcome(StatusCode::from_u16(status).unwrap(), &HeaderMap::new(), body)
    }

    #[test]
    fn tiktok_answers_map_to_push_errors() {
        assert_eq!(out(200, json!({"code": 0, "data": {"product_id": "1"}})).unwrap(), json!({"product_id": "1"}));
        assert!(matches!(out(401, json!({"code": 105002, "message": "Invalid access token"})), Err(PushError::Revoked(_))));
        assert!(matches!(out(200, json!({"code": 105001, "message": "Expired"})), Err(PushError::Revoked(_))));
        assert_eq!(out(429, json!({"errors": "slow down"})), Err(PushError::Throttled(WAIT)));
        assert_eq!(out(200, json!({"code": 36009004, "message": "Request too frequent, please retry later"})), Err(PushError::Throttled(WAIT)));
        assert!(matches!(out(503, Value::Null), Err(PushError::Unavailable(_))));
        assert!(matches!(out(200, json!({"code": 1, "message": "System busy"})), Err(PushError::Unavailable(_))));
        assert!(matches!(out(200, Value::Null), Err(PushError::Unavailable(_))));
        match out(200, json!({"code": 12052003, "message": "package_weight is required"})) {
            Err(PushError::Rejected(m)) => assert!(m.contains("package_weight is required") && m.contains("12052003"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
