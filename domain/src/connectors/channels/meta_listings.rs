//! Meta (Facebook and Instagram shops): the catalog Batch API. Each variant is an item whose
//! retailer id is the variant SKU, grouped by the listing key (`item_group_id`); `UPDATE` with
//! `allow_upsert` creates or overwrites by retailer id, so a retried push cannot make a twin.
//! The batch call only queues the items: their errors come from `check_batch_request_status`.
use std::time::Duration;

use serde_json::{Value, json};

use super::{ChannelAccount, by_status, clip, http, image_of, known_attribute, link, plain_text, unreachable};
use crate::config::ChannelOAuth;
use crate::connectors::listing::{Listing, PushError, money};

/// Graph error codes that mean "slow down": app (4), user (17), page (32), custom (613) and
/// catalog (80004, 80009, 80014) rate limits.
const THROTTLE_CODES: [i64; 7] = [4, 17, 32, 613, 80004, 80009, 80014];
/// Graph's own usage windows are minutes long; wait that much when it does not say.
const WAIT: Duration = Duration::from_secs(60);
/// How long to wait for a batch to be processed before leaving it queued.
const STATUS_POLLS: [u64; 5] = [0, 200, 400, 800, 1600];

pub(super) async fn upsert(s: &ChannelOAuth, token: &str, account: &ChannelAccount, l: &Listing, existing: Option<&str>) -> Result<String, PushError> {
    let Some(catalog) = account.sub_account_id.as_deref() else {
        return Err(PushError::Rejected("Choose the Facebook catalog products go to (connect Facebook, then link a catalog)".into()));
    };
    let Some(link) = link(account, l) else {
        return Err(PushError::Rejected("Facebook needs a product page address for each item; connect a store first".into()));
    };
    let base = format!("{}/{catalog}", s.api_base.trim_end_matches('/'));
    let mut requests: Vec<Value> = l
        .variants
        .iter()
        .map(|v| {
            let mut d = json!({
                "id": v.sku, "item_group_id": l.key, "title": clip(&l.title, 200), "description": clip(&plain_text(&l.description_html, &l.title), 9999),
                "availability": if v.stock > 0 { "in stock" } else { "out of stock" }, "condition": "new", "inventory": v.stock.max(0),
                "link": link, "image_link": image_of(l, v), "visibility": if l.publish { "published" } else { "staging" },
                "additional_image_link": l.images.iter().skip(1).take(20).collect::<Vec<_>>(),
            });
            // The compare-at price is the list price; the selling price is then a sale price.
            match v.compare_at_cents {
                Some(was) => {
                    d["price"] = json!(format!("{} {}", money(was), l.currency));
                    d["sale_price"] = json!(format!("{} {}", money(v.price_cents), l.currency));
                }
                None => d["price"] = json!(format!("{} {}", money(v.price_cents), l.currency)),
            }
            // Meta wants a brand, a GTIN or an MPN; without a vendor, our SKU is the part number.
            if l.vendor.trim().is_empty() {
                d["mpn"] = json!(v.sku)
            } else {
                d["brand"] = json!(l.vendor)
            }
            let mut other = Vec::new();
            for (name, value) in l.options.iter().zip(&v.option_values) {
                match known_attribute(name) {
                    Some(field) => d[field] = json!(value),
                    None => other.push(format!("{}:{}", name.replace([':', ','], " "), value.replace([':', ','], " "))),
                }
            }
            if !other.is_empty() {
                d["additional_variant_attribute"] = json!(other.join(","));
            }
            json!({"method": "UPDATE", "data": d})
        })
        .collect();
    if existing.is_some() {
        // An update may have dropped variants: their items leave the group.
        let keep: Vec<&str> = l.variants.iter().map(|v| v.sku.as_str()).collect();
        for stale in group_items(&base, token, &l.key).await?.into_iter().filter(|r| !keep.contains(&r.as_str())) {
            requests.push(json!({"method": "DELETE", "data": {"id": stale}}));
        }
    }
    let batch = graph(
        http().post(format!("{base}/items_batch")).bearer_auth(token).json(&json!({"item_type": "PRODUCT_ITEM", "allow_upsert": true, "requests": requests})),
    )
    .await?;
    let handle = batch["handles"][0].as_str().ok_or_else(|| PushError::Unavailable("Facebook answered without a batch handle".into()))?;
    for wait in STATUS_POLLS {
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let status = graph(http().get(format!("{base}/check_batch_request_status")).bearer_auth(token).query(&[("handle", handle)])).await?;
        let s = &status["data"][0];
        if let Some(e) = item_errors(s) {
            return Err(e);
        }
        if s["status"] == "finished" {
            return Ok(l.key.clone());
        }
    }
    // Still queued: the items are accepted; Meta reports late errors in Commerce Manager.
    tracing::warn!(catalog, key = %l.key, "facebook batch still processing; not waiting longer");
    Ok(l.key.clone())
}

/// The retailer ids of the items already in the listing's group.
async fn group_items(base: &str, token: &str, key: &str) -> Result<Vec<String>, PushError> {
    let filter = json!({"retailer_product_group_id": {"eq": key}}).to_string();
    let q = [("filter", filter.as_str()), ("fields", "id,retailer_id"), ("limit", "500")];
    let found = graph(http().get(format!("{base}/products")).bearer_auth(token).query(&q)).await?;
    Ok(found["data"].as_array().into_iter().flatten().filter_map(|i| i["retailer_id"].as_str().map(str::to_string)).collect())
}

/// A batch status's item errors as one refusal.
fn item_errors(status: &Value) -> Option<PushError> {
    let errors: Vec<String> = status["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| format!("{}: {}", e["id"].as_str().unwrap_or("item"), e["message"].as_str().unwrap_or("invalid")))
        .collect();
    (!errors.is_empty()).then(|| PushError::Rejected(format!("Facebook refused items: {}", errors.into_iter().take(3).collect::<Vec<_>>().join("; "))))
}

async fn graph(req: reqwest::RequestBuilder) -> Result<Value, PushError> {
    let res = req.send().await.map_err(|e| unreachable("Facebook", e))?;
    let (status, headers) = (res.status(), res.headers().clone());
    let body: Value = res.json().await.unwrap_or(Value::Null);
    failure(status, &headers, &body).map_or(Ok(body), Err)
}

/// Graph's `{error: {code, message, is_transient}}` as a push error; `None` is success.
fn failure(status: reqwest::StatusCode, headers: &reqwest::header::HeaderMap, body: &Value) -> Option<PushError> {
    let err = &body["error"];
    if status.is_success() && err.is_null() {
        return None;
    }
    let code = err["code"].as_i64();
    let message = err["message"].as_str().unwrap_or("no reason given");
    if code == Some(190) || code == Some(200) || code == Some(10) {
        return Some(PushError::Revoked("Facebook no longer accepts Dropline's access to this catalog; please reconnect Facebook".into()));
    }
    if code.is_some_and(|c| THROTTLE_CODES.contains(&c)) {
        return Some(PushError::Throttled(super::retry_after(headers, WAIT)));
    }
    if let Some(e) = by_status(status, headers, WAIT, &format!("Facebook answered HTTP {status}: {message}")) {
        return Some(e);
    }
    if err["is_transient"] == true || matches!(code, Some(1 | 2)) {
        return Some(PushError::Unavailable(format!("Facebook is busy: {message}")));
    }
    Some(PushError::Rejected(format!("Facebook refused the items: {message}")))
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
    fn graph_errors_map_to_push_errors() {
        assert_eq!(fail(200, json!({"handles": ["h"]})), None);
        assert!(matches!(fail(400, json!({"error": {"code": 190, "message": "Invalid OAuth access token"}})), Some(PushError::Revoked(_))));
        assert_eq!(fail(400, json!({"error": {"code": 80014, "message": "too many calls"}})), Some(PushError::Throttled(WAIT)));
        assert_eq!(fail(429, json!({"errors": "burst"})), Some(PushError::Throttled(WAIT)));
        assert!(matches!(fail(500, json!({"error": {"code": 1, "message": "unknown"}})), Some(PushError::Unavailable(_))));
        assert!(matches!(
            fail(400, json!({"error": {"code": 2, "message": "temporarily unavailable", "is_transient": true}})),
            Some(PushError::Unavailable(_))
        ));
        match fail(400, json!({"error": {"code": 100, "message": "Invalid parameter"}})) {
            Some(PushError::Rejected(m)) => assert!(m.contains("Invalid parameter")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn batch_item_errors_are_a_refusal() {
        assert_eq!(item_errors(&json!({"status": "finished", "errors": []})), None);
        let e = item_errors(&json!({"errors": [{"id": "DL-1", "message": "Missing required field: link"}]}));
        assert_eq!(e, Some(PushError::Rejected("Facebook refused items: DL-1: Missing required field: link".into())));
    }
}
