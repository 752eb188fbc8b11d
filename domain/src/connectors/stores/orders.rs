//! Reading a store's recent orders for the catch-up sync: Shopify's GraphQL `orders` query
//! (filtered by `created_at`, cursor paging) and WooCommerce's `GET /orders?after=`.
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};

use super::shopify::{Admin, ShopifyError};
use super::woocommerce::Rest;

/// The fields of one `orders` node (what the domain's `ingest_graphql::from_graphql` reads).
/// `shippingAddress` has no `address2` here: the sync keeps the first address line, the
/// webhook body the full address. Lines past the 30th are left out (the query's cost); the
/// webhook carries them all.
pub const ORDER_FIELDS: &str = "legacyResourceId name email createdAt cancelledAt currencyCode
    totalPriceSet { shopMoney { amount } } subtotalPriceSet { shopMoney { amount } }
    shippingAddress { name address1 city zip provinceCode countryCodeV2 phone }
    lineItems(first: 30) { nodes { id title variantTitle sku quantity originalUnitPriceSet { shopMoney { amount } } variant { legacyResourceId } } }";

/// Pages read per sync at most; the sync runs again within minutes.
const MAX_PAGES: usize = 20;
const PAGE: i64 = 5;

/// The orders page query, one page of `ORDER_FIELDS`.
pub fn shopify_orders_query() -> String {
    format!(
        "query($first: Int!, $after: String, $query: String) {{ orders(first: $first, after: $after, query: $query) {{
            pageInfo {{ hasNextPage endCursor }} nodes {{ {ORDER_FIELDS} }} }} }}"
    )
}

/// Orders created at or after `since`, oldest page first as Shopify pages them.
pub async fn shopify_since(admin: &Admin, since: DateTime<Utc>) -> Result<Vec<Value>, ShopifyError> {
    let q = shopify_orders_query();
    let filter = format!("created_at:>='{}'", since.to_rfc3339_opts(SecondsFormat::Secs, true));
    let (mut out, mut after) = (vec![], Value::Null);
    for _ in 0..MAX_PAGES {
        // Shopify charges 2 + first × (the node's objects): 5 orders of up to 30 lines stay well
        // inside a 1,000-point bucket (a single query above it is refused outright).
        let a = admin.graphql_costed(&q, json!({ "first": PAGE, "after": after, "query": filter }), 700.0).await?;
        if let Some(e) = a["errors"].as_array().and_then(|e| e.first()) {
            return Err(ShopifyError::Failed(format!("Shopify refused the orders query: {}", e["message"].as_str().unwrap_or("error"))));
        }
        let page = &a["data"]["orders"];
        out.extend(page["nodes"].as_array().cloned().unwrap_or_default());
        if page["pageInfo"]["hasNextPage"] != true {
            break;
        }
        after = page["pageInfo"]["endCursor"].clone();
    }
    Ok(out)
}

/// Orders created after `since` (any status), newest first as WooCommerce lists them.
pub async fn woo_since(rest: &Rest, since: DateTime<Utc>) -> Result<Vec<Value>, String> {
    let after = since.format("%Y-%m-%dT%H:%M:%S");
    let mut out = vec![];
    for page in 1..=MAX_PAGES {
        let list = rest.send(reqwest::Method::GET, &format!("orders?after={after}&per_page=100&page={page}"), None).await.map_err(|e| e.message)?;
        let items = list.as_array().cloned().unwrap_or_default();
        let n = items.len();
        out.extend(items);
        if n < 100 {
            break;
        }
    }
    Ok(out)
}
