//! Reads the products already in a store, on either platform, into one shape: Shopify through
//! the GraphQL Admin API (cursor pages small enough for the cost limit), WooCommerce through
//! REST v3 (product pages, then each variable product's variations).
use serde_json::{Map, Value, json};

use super::shopify::{Admin, ShopifyError};
use super::woocommerce::Rest;
use crate::connectors::suppliers::parse_cents;

#[derive(Debug, Clone)]
pub struct RemoteVariant {
    pub remote_id: String,
    pub title: String,
    pub sku: Option<String>,
    pub price_cents: Option<i64>,
    pub options: Map<String, Value>,
}

#[derive(Debug, Clone)]
pub struct RemoteProduct {
    pub remote_id: String,
    pub title: String,
    pub handle: Option<String>,
    pub image: Option<String>,
    pub variants: Vec<RemoteVariant>,
}

/// 5 products × (1 + 100 variants) stays near 520 cost points, well inside one bucket.
pub const SHOPIFY_PAGE: &str = "query($after: String) { products(first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id title handle variants(first: 100) { nodes { id title sku price selectedOptions { name value } } } } } }";

/// Every product of a Shopify store, page by page, at most `limit`.
pub async fn shopify_products(admin: &Admin, limit: usize) -> Result<Vec<RemoteProduct>, ShopifyError> {
    let (mut out, mut after): (Vec<RemoteProduct>, Option<String>) = (vec![], None);
    loop {
        let a = admin.graphql(SHOPIFY_PAGE, json!({ "after": after })).await?;
        if let Some(e) = a["errors"][0]["message"].as_str() {
            return Err(ShopifyError::Failed(format!("Shopify refused the product list: {e}")));
        }
        let page = &a["data"]["products"];
        for p in page["nodes"].as_array().map(|n| n.as_slice()).unwrap_or_default() {
            let variants = p["variants"]["nodes"].as_array().map(|n| n.as_slice()).unwrap_or_default();
            out.push(RemoteProduct {
                remote_id: p["id"].as_str().unwrap_or_default().to_string(),
                title: p["title"].as_str().unwrap_or_default().to_string(),
                handle: p["handle"].as_str().map(str::to_string),
                image: None,
                variants: variants
                    .iter()
                    .map(|v| RemoteVariant {
                        remote_id: v["id"].as_str().unwrap_or_default().to_string(),
                        title: v["title"].as_str().unwrap_or_default().to_string(),
                        sku: v["sku"].as_str().filter(|s| !s.is_empty()).map(str::to_string),
                        price_cents: v["price"].as_str().map(parse_cents),
                        options: v["selectedOptions"]
                            .as_array()
                            .map(|o| o.iter().map(|x| (x["name"].as_str().unwrap_or_default().to_string(), x["value"].clone())).collect())
                            .unwrap_or_default(),
                    })
                    .collect(),
            });
        }
        after = page["pageInfo"]["endCursor"].as_str().map(str::to_string);
        if page["pageInfo"]["hasNextPage"] != true || after.is_none() || out.len() >= limit {
            out.truncate(limit);
            return Ok(out);
        }
    }
}

fn woo_variant(v: &Value, fallback_title: &str) -> RemoteVariant {
    let options: Map<String, Value> = v["attributes"]
        .as_array()
        .map(|a| a.iter().map(|x| (x["name"].as_str().unwrap_or_default().to_string(), x["option"].clone())).collect())
        .unwrap_or_default();
    let title = if options.is_empty() { fallback_title.to_string() } else { options.values().filter_map(|v| v.as_str()).collect::<Vec<_>>().join(" / ") };
    RemoteVariant {
        remote_id: v["id"].as_i64().map(|i| i.to_string()).unwrap_or_default(),
        title,
        sku: v["sku"].as_str().filter(|s| !s.is_empty()).map(str::to_string),
        price_cents: v["price"].as_str().filter(|p| !p.is_empty()).map(parse_cents),
        options,
    }
}

/// Every product of a WooCommerce store; a simple product is its own single variant.
pub async fn woo_products(rest: &Rest, limit: usize) -> Result<Vec<RemoteProduct>, String> {
    let mut out = vec![];
    for page in 1.. {
        let list = rest.products(page, 100).await?;
        for p in &list {
            let id = p["id"].as_i64().unwrap_or_default();
            let title = p["name"].as_str().unwrap_or_default().to_string();
            let variants = if p["type"] == "variable" {
                rest.variations(id).await?.iter().map(|v| woo_variant(v, &title)).collect()
            } else {
                vec![woo_variant(p, &title)]
            };
            out.push(RemoteProduct {
                remote_id: id.to_string(),
                handle: p["slug"].as_str().map(str::to_string),
                image: p["images"][0]["src"].as_str().map(str::to_string),
                title,
                variants,
            });
        }
        if list.len() < 100 || out.len() >= limit {
            break;
        }
    }
    out.truncate(limit);
    Ok(out)
}
