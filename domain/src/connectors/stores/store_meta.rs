//! What an owner can file a product under in a store: its collections and its product tags.
//! Shopify Admin GraphQL `collections` (custom ones only: a smart collection chooses its own
//! products by rules, and Shopify refuses adding one by hand) and `productTags`; WooCommerce
//! REST v3 `products/categories` and `products/tags` (at most 100 a page).
use reqwest::Method;
use serde_json::{Value, json};

use super::shopify::{Admin, ShopifyError};
use super::shopify_listings::failed;
use super::woocommerce::Rest;
use crate::connectors::listing::PushError;

/// A collection (Shopify) or product category (WooCommerce): `id` is the platform's own
/// (a `gid://shopify/Collection/…` or the category's number).
#[derive(Debug, Clone, PartialEq)]
pub struct RemoteCollection {
    pub id: String,
    pub title: String,
    pub handle: String,
}

/// What one read returns: the list, and whether it stopped at `MAX_ITEMS`.
#[derive(Debug, Clone, PartialEq)]
pub struct Read<T> {
    pub items: Vec<T>,
    pub truncated: bool,
}

/// A picker shows names to choose from; past this many the owner types the name instead.
pub const MAX_ITEMS: usize = 2_000;

pub const SHOPIFY_COLLECTIONS: &str = "query($after: String) { collections(first: 250, after: $after, query: \"collection_type:custom\") {
    pageInfo { hasNextPage endCursor } nodes { id title handle } } }";
pub const SHOPIFY_TAGS: &str = "query($after: String) { productTags(first: 1000, after: $after) { pageInfo { hasNextPage endCursor } nodes } }";
/// Custom collections whose title contains the words of one name (the push's lookup).
pub const SHOPIFY_COLLECTION_BY_TITLE: &str = "query($query: String!) { collections(first: 25, query: $query) { nodes { id title } } }";
pub const SHOPIFY_COLLECTION_CREATE: &str =
    "mutation($collection: CollectionCreateInput!) { collectionCreate(collection: $collection) { collection { id } userErrors { field message } } }";

fn shopify_failed(e: ShopifyError) -> String {
    e.to_string()
}

/// Pages through a Shopify connection; `cost` is what Shopify charges for one page (2 + first
/// for a connection of objects; 2 for one of strings, which returns no objects).
async fn shopify_pages(admin: &Admin, query: &str, field: &str, cost: f64) -> Result<(Vec<Value>, bool), String> {
    let mut out: Vec<Value> = vec![];
    let mut after: Option<String> = None;
    loop {
        let a = admin.graphql_costed(query, json!({ "after": after }), cost).await.map_err(shopify_failed)?;
        if let Some(e) = a["errors"][0]["message"].as_str() {
            return Err(format!("Shopify refused the {field} read: {e}"));
        }
        let page = &a["data"][field];
        out.extend(page["nodes"].as_array().cloned().unwrap_or_default());
        after = page["pageInfo"]["endCursor"].as_str().map(str::to_string);
        let more = page["pageInfo"]["hasNextPage"] == true && after.is_some();
        if out.len() >= MAX_ITEMS {
            let over = out.len() > MAX_ITEMS;
            out.truncate(MAX_ITEMS);
            return Ok((out, more || over));
        }
        if !more {
            return Ok((out, false));
        }
    }
}

pub async fn shopify_collections(admin: &Admin) -> Result<Read<RemoteCollection>, String> {
    let (nodes, truncated) = shopify_pages(admin, SHOPIFY_COLLECTIONS, "collections", 252.0).await?;
    let items = nodes
        .iter()
        .filter_map(|n| {
            Some(RemoteCollection {
                id: n["id"].as_str()?.to_string(),
                title: n["title"].as_str()?.to_string(),
                handle: n["handle"].as_str().unwrap_or("").to_string(),
            })
        })
        .collect();
    Ok(Read { items, truncated })
}

pub async fn shopify_tags(admin: &Admin) -> Result<Read<String>, String> {
    let (nodes, truncated) = shopify_pages(admin, SHOPIFY_TAGS, "productTags", 2.0).await?;
    Ok(Read { items: nodes.iter().filter_map(|t| t.as_str().map(str::to_string)).collect(), truncated })
}

/// Every page of a WooCommerce term list (`categories` or `tags`), 100 a page, until a short
/// page or `MAX_ITEMS`.
async fn woo_terms(rest: &Rest, kind: &str) -> Result<(Vec<Value>, bool), String> {
    let mut out = vec![];
    for page in 1.. {
        let list = rest.send(Method::GET, &format!("products/{kind}?per_page=100&page={page}&orderby=name"), None).await.map_err(|e| e.message)?;
        let items = list.as_array().cloned().unwrap_or_default();
        let full = items.len() == 100;
        out.extend(items);
        if out.len() >= MAX_ITEMS {
            let over = out.len() > MAX_ITEMS;
            out.truncate(MAX_ITEMS);
            return Ok((out, full || over));
        }
        if !full {
            break;
        }
    }
    Ok((out, false))
}

/// WordPress keeps term names HTML-escaped.
fn unescape(s: &str) -> String {
    s.replace("&amp;", "&").replace("&#039;", "'").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
}

pub async fn woo_categories(rest: &Rest) -> Result<Read<RemoteCollection>, String> {
    let (terms, truncated) = woo_terms(rest, "categories").await?;
    let items = terms
        .iter()
        .filter_map(|t| {
            Some(RemoteCollection {
                id: t["id"].as_i64()?.to_string(),
                title: unescape(t["name"].as_str()?),
                handle: t["slug"].as_str().unwrap_or("").to_string(),
            })
        })
        .collect();
    Ok(Read { items, truncated })
}

pub async fn woo_tags(rest: &Rest) -> Result<Read<String>, String> {
    let (terms, truncated) = woo_terms(rest, "tags").await?;
    Ok(Read { items: terms.iter().filter_map(|t| t["name"].as_str().map(unescape)).collect(), truncated })
}

/// The Shopify ids of the custom collections named `names` (a title matched without regard to
/// case), creating a custom collection for a name the shop does not have, as WooCommerce's
/// categories are created by the push (`woo_terms`). In the names' order, without repeats.
pub async fn shopify_collection_ids(admin: &Admin, names: &[String]) -> Result<Vec<String>, PushError> {
    let mut ids: Vec<String> = vec![];
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        // Shopify's search matches words; the exact title is picked from what it finds.
        let words: String = name.chars().filter(|c| !matches!(c, '"' | '\\')).collect();
        let query = format!("collection_type:custom title:\"{words}\"");
        let a = admin.graphql_costed(SHOPIFY_COLLECTION_BY_TITLE, json!({ "query": query }), 27.0).await.map_err(failed)?;
        if let Some(e) = a["errors"][0]["message"].as_str() {
            return Err(PushError::Rejected(format!("Shopify refused the collection lookup: {e}")));
        }
        let same = |c: &&Value| c["title"].as_str().is_some_and(|t| t.trim().eq_ignore_ascii_case(name));
        let found = a["data"]["collections"]["nodes"].as_array().and_then(|n| n.iter().find(same)).and_then(|c| c["id"].as_str()).map(str::to_string);
        let id = match found {
            Some(id) => id,
            None => create_collection(admin, name).await?,
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Shopify's handle for a title: lowercase words joined by hyphens.
fn handle_of(title: &str) -> String {
    let lower = title.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.join("-")
}

/// Creates the custom collection under the handle its title makes. Shopify keeps handles unique,
/// so when two pushes create the same new name at once (or a lost answer is retried), the second
/// is refused and takes the collection that holds the handle: one collection, never a twin.
async fn create_collection(admin: &Admin, name: &str) -> Result<String, PushError> {
    let handle = handle_of(name);
    let body = if handle.is_empty() { json!({ "title": name }) } else { json!({ "title": name, "handle": handle }) };
    let a = admin.graphql(SHOPIFY_COLLECTION_CREATE, json!({ "collection": body })).await.map_err(failed)?;
    let payload = &a["data"]["collectionCreate"];
    if let Some(id) = payload["collection"]["id"].as_str() {
        return Ok(id.to_string());
    }
    let taken = payload["userErrors"].as_array().into_iter().flatten().any(|e| e["field"] == json!(["handle"]));
    if taken {
        let found = admin.graphql_costed(SHOPIFY_COLLECTION_BY_TITLE, json!({ "query": format!("handle:{handle}") }), 27.0).await.map_err(failed)?;
        if let Some(id) = found["data"]["collections"]["nodes"][0]["id"].as_str() {
            return Ok(id.to_string());
        }
    }
    let why = payload["userErrors"][0]["message"].as_str().or(a["errors"][0]["message"].as_str()).unwrap_or("no reason given");
    Err(PushError::Rejected(format!("Shopify refused the collection \"{name}\": {why}")))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_handle_is_the_titles_words() {
        assert_eq!(super::handle_of("Gift Ideas & More!"), "gift-ideas-more");
        assert_eq!(super::handle_of("  "), "");
    }
}
