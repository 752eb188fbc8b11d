//! Pushing a listing to a WooCommerce store over REST v3: a simple product, or a variable
//! product and its variations (batch). Found again by Dropline's parent SKU and variation
//! SKUs, so a retried push updates what exists and creates only what is missing.
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Duration;

use super::woocommerce::{Rest, WooError};
use crate::connectors::listing::{Listing, ListingVariant, PushError, money};

pub(super) fn failed(e: WooError) -> PushError {
    match e.status {
        None if e.refused => PushError::Rejected(e.message),
        None => PushError::Unavailable(e.message),
        Some(429) => PushError::Throttled(e.retry_after.unwrap_or(Duration::from_secs(2))),
        Some(401 | 403) => PushError::Revoked(e.message),
        Some(s) if s >= 500 || s == 408 => PushError::Unavailable(e.message),
        Some(_) => PushError::Rejected(e.message),
    }
}

fn is_simple(l: &Listing) -> bool {
    l.options.is_empty() && l.variants.len() <= 1
}

/// WooCommerce shows a sale when the regular price is above the sale price.
fn prices(v: &ListingVariant) -> Value {
    match v.compare_at_cents {
        Some(c) if c > v.price_cents => json!({ "regular_price": money(c), "sale_price": money(v.price_cents) }),
        _ => json!({ "regular_price": money(v.price_cents), "sale_price": "" }),
    }
}

fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

pub fn product_body(l: &Listing) -> Value {
    let body = json!({
        "name": l.title,
        "type": if is_simple(l) { "simple" } else { "variable" },
        "status": if l.publish { "publish" } else { "draft" },
        "description": l.description_html,
        "sku": l.key,
        "images": l.images.iter().map(|u| json!({ "src": u })).collect::<Vec<_>>(),
        "attributes": l.options.iter().enumerate().map(|(i, name)| {
            let mut values: Vec<&str> = vec![];
            for v in &l.variants {
                if !values.contains(&v.option_values[i].as_str()) {
                    values.push(&v.option_values[i]);
                }
            }
            json!({ "name": name, "position": i, "visible": true, "variation": true, "options": values })
        }).collect::<Vec<_>>(),
    });
    match l.variants.first() {
        Some(v) if is_simple(l) => merge(body, merge(prices(v), json!({ "manage_stock": true, "stock_quantity": v.stock }))),
        _ => body,
    }
}

fn variation_body(l: &Listing, v: &ListingVariant) -> Value {
    let mut body = merge(
        prices(v),
        json!({
            "sku": v.sku,
            "manage_stock": true,
            "stock_quantity": v.stock,
            "attributes": l.options.iter().zip(&v.option_values).map(|(n, o)| json!({ "name": n, "option": o })).collect::<Vec<_>>(),
        }),
    );
    if let Some(img) = &v.image {
        body["image"] = json!({ "src": img });
    }
    body
}

/// The store's product with Dropline's parent SKU, if any.
pub async fn find(rest: &Rest, key: &str) -> Result<Option<i64>, PushError> {
    let sku: String = url::form_urlencoded::byte_serialize(key.as_bytes()).collect();
    let list = rest.send(Method::GET, &format!("products?sku={sku}&status=any"), None).await.map_err(failed)?;
    Ok(list.as_array().and_then(|a| a.first()).and_then(|p| p["id"].as_i64()))
}

/// The product's variations: id by SKU.
async fn variations(rest: &Rest, id: i64) -> Result<HashMap<String, i64>, PushError> {
    let mut have: HashMap<String, i64> = HashMap::new();
    for page in 1.. {
        let list = rest.send(Method::GET, &format!("products/{id}/variations?per_page=100&page={page}"), None).await.map_err(failed)?;
        let items = list.as_array().cloned().unwrap_or_default();
        for v in &items {
            if let (Some(sku), Some(vid)) = (v["sku"].as_str(), v["id"].as_i64()) {
                have.insert(sku.to_string(), vid);
            }
        }
        if items.len() < 100 {
            break;
        }
    }
    Ok(have)
}

/// Creates or updates the product and its variations; returns the product id. Without a
/// recorded id the product is created at once: WooCommerce refuses a second product with the
/// same SKU (400), and only then is the earlier one looked up and updated. A product created
/// by this call has no variations yet, so they are created without asking for them first.
pub async fn upsert(rest: &Rest, l: &Listing, existing: Option<&str>) -> Result<String, PushError> {
    let mut body = product_body(l);
    body["tags"] = json!(super::woo_terms::term_ids(rest, "tags", &l.tags).await?);
    // Without categories WooCommerce files a new product under "Uncategorized" and keeps an
    // existing product's: sent only when the product names some.
    if !l.collections.is_empty() {
        body["categories"] = json!(super::woo_terms::term_ids(rest, "categories", &l.collections).await?);
    }
    let (product, created) = match existing.and_then(|id| id.parse::<i64>().ok()) {
        Some(id) => (rest.send(Method::PUT, &format!("products/{id}"), Some(body)).await.map_err(failed)?, false),
        None => match rest.send(Method::POST, "products", Some(body.clone())).await {
            Ok(p) => (p, true),
            // An earlier create whose answer was lost holds the SKU: update that one instead.
            Err(e) if e.status == Some(400) => match find(rest, &l.key).await? {
                Some(id) => (rest.send(Method::PUT, &format!("products/{id}"), Some(body)).await.map_err(failed)?, false),
                None => return Err(failed(e)),
            },
            Err(e) => return Err(failed(e)),
        },
    };
    let id = product["id"].as_i64().ok_or_else(|| PushError::Unavailable("WooCommerce answered without the product id".into()))?;
    if !is_simple(l) {
        sync_variations(rest, id, l, created).await?;
    }
    Ok(id.to_string())
}

/// Updates variations whose SKU exists, creates the missing ones, deletes ones no longer listed
/// (`created`: the product is new and has none). A create refused because the SKU exists (an
/// earlier batch whose answer was lost) is settled by one more pass, which reads the
/// variations, sees that one and updates it.
async fn sync_variations(rest: &Rest, id: i64, l: &Listing, created: bool) -> Result<(), PushError> {
    match sync_pass(rest, id, l, !created).await {
        Err(PushError::Rejected(m)) if m.contains("SKU") => sync_pass(rest, id, l, true).await,
        other => other,
    }
}

async fn sync_pass(rest: &Rest, id: i64, l: &Listing, read: bool) -> Result<(), PushError> {
    let mut have = if read { variations(rest, id).await? } else { HashMap::new() };
    let mut create = vec![];
    let mut update = vec![];
    for v in &l.variants {
        match have.remove(&v.sku) {
            Some(vid) => update.push(merge(variation_body(l, v), json!({ "id": vid }))),
            None => create.push(variation_body(l, v)),
        }
    }
    let delete: Vec<i64> = have.into_values().collect();
    // WooCommerce takes at most 100 changes per batch call.
    let mut ops: Vec<(&str, Value)> = create.into_iter().map(|b| ("create", b)).chain(update.into_iter().map(|b| ("update", b))).collect();
    ops.extend(delete.into_iter().map(|d| ("delete", json!(d))));
    for chunk in ops.chunks(100) {
        let mut batch = json!({ "create": [], "update": [], "delete": [] });
        for (op, b) in chunk {
            batch[*op].as_array_mut().expect("batch lists").push(b.clone());
        }
        let answer = rest.send(Method::POST, &format!("products/{id}/variations/batch"), Some(batch)).await.map_err(failed)?;
        let refused: Vec<String> = ["create", "update"]
            .iter()
            .flat_map(|k| answer[*k].as_array().cloned().unwrap_or_default())
            .filter_map(|r| r["error"]["message"].as_str().map(str::to_string))
            .collect();
        if !refused.is_empty() {
            return Err(PushError::Rejected(format!("WooCommerce refused variations: {}", refused.join("; "))));
        }
    }
    Ok(())
}
