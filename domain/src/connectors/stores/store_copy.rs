//! Reads back the copy of one pushed product a store holds, for the editor's comparison with
//! Dropline's copy: Shopify Admin GraphQL `product(id:)` (variants paged, at most 250 a page
//! as Shopify allows), WooCommerce REST v3 `GET products/{id}` and, for a variable product,
//! `GET products/{id}/variations` (a pushed part has at most 100 variations, one page).
use serde_json::{Value, json};

use super::shopify::{Admin, ShopifyError};
use super::woocommerce::Rest;
use crate::connectors::suppliers::parse_cents;

#[derive(Debug, Clone, PartialEq)]
pub struct CopyVariant {
    pub sku: Option<String>,
    /// In the store's currency.
    pub price_cents: Option<i64>,
    /// None when the store does not track the variant's stock.
    pub stock: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoreCopy {
    pub title: String,
    pub variants: Vec<CopyVariant>,
}

pub const SHOPIFY_PRODUCT: &str = "query($id: ID!, $after: String) { product(id: $id) { id title
    variants(first: 250, after: $after) { pageInfo { hasNextPage endCursor } nodes { sku price inventoryQuantity } } } }";

/// The Shopify product `id` (a `gid://shopify/Product/…`), or None when the shop no longer has it.
pub async fn shopify(admin: &Admin, id: &str) -> Result<Option<StoreCopy>, String> {
    let (mut copy, mut after): (Option<StoreCopy>, Option<String>) = (None, None);
    loop {
        // 1 for the product, 250 for a full page of variants.
        let a = admin.graphql_costed(SHOPIFY_PRODUCT, json!({ "id": id, "after": after }), 252.0).await.map_err(|e| match e {
            ShopifyError::Revoked => "Shopify no longer accepts Dropline's access to this store; connect it again".to_string(),
            other => other.to_string(),
        })?;
        if let Some(e) = a["errors"][0]["message"].as_str() {
            return Err(format!("Shopify refused the product read: {e}"));
        }
        let p = &a["data"]["product"];
        if p.is_null() {
            return Ok(None);
        }
        let page = &p["variants"];
        let variants = page["nodes"].as_array().map(|n| n.as_slice()).unwrap_or_default().iter().map(|v| CopyVariant {
            sku: v["sku"].as_str().filter(|s| !s.is_empty()).map(str::to_string),
            price_cents: v["price"].as_str().map(parse_cents),
            stock: v["inventoryQuantity"].as_i64(),
        });
        let c = copy.get_or_insert_with(|| StoreCopy { title: p["title"].as_str().unwrap_or_default().to_string(), variants: vec![] });
        c.variants.extend(variants);
        after = page["pageInfo"]["endCursor"].as_str().map(str::to_string);
        if page["pageInfo"]["hasNextPage"] != true || after.is_none() {
            return Ok(copy);
        }
    }
}

fn woo_variant(v: &Value) -> CopyVariant {
    CopyVariant {
        sku: v["sku"].as_str().filter(|s| !s.is_empty()).map(str::to_string),
        // `price` is what a buyer pays (the sale price when one is set).
        price_cents: [&v["price"], &v["regular_price"]].iter().filter_map(|p| p.as_str()).find(|p| !p.is_empty()).map(parse_cents),
        // `stock_quantity` is null unless `manage_stock` is on.
        stock: v["stock_quantity"].as_i64(),
    }
}

/// The WooCommerce product `id`, or None when the store no longer has it (404).
pub async fn woo(rest: &Rest, id: &str) -> Result<Option<StoreCopy>, String> {
    let id: i64 = id.parse().map_err(|_| format!("{id} is not a WooCommerce product id"))?;
    let p = match rest.send(reqwest::Method::GET, &format!("products/{id}"), None).await {
        Ok(p) => p,
        Err(e) if e.status == Some(404) => return Ok(None),
        Err(e) => return Err(e.message),
    };
    let variants = if p["type"] == "variable" { rest.variations(id).await?.iter().map(woo_variant).collect() } else { vec![woo_variant(&p)] };
    Ok(Some(StoreCopy { title: p["name"].as_str().unwrap_or_default().to_string(), variants }))
}
