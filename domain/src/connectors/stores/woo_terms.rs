//! WooCommerce product terms. A product takes its tags and categories by id only (a term's name
//! is read-only in the product), so each name is looked up under `/products/{tags|categories}`
//! and created when missing. A create that finds the name taken (`term_exists`, e.g. another
//! push at the same moment) looks it up again.
use reqwest::Method;
use serde_json::{Value, json};

use super::woo_listings::failed;
use super::woocommerce::Rest;
use crate::connectors::listing::PushError;

/// `[{id}]` for the names, in order, without repeats; `kind` is `tags` or `categories`.
pub async fn term_ids(rest: &Rest, kind: &str, names: &[String]) -> Result<Vec<Value>, PushError> {
    let mut ids: Vec<i64> = vec![];
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        let id = match find(rest, kind, name).await? {
            Some(id) => id,
            None => match rest.send(Method::POST, &format!("products/{kind}"), Some(json!({ "name": name }))).await {
                Ok(term) => term["id"].as_i64().ok_or_else(|| PushError::Unavailable(format!("WooCommerce answered without the {kind} id")))?,
                Err(e) if e.status == Some(400) => find(rest, kind, name).await?.ok_or_else(|| failed(e))?,
                Err(e) => return Err(failed(e)),
            },
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids.into_iter().map(|id| json!({ "id": id })).collect())
}

/// The term named `name` (WordPress keeps names HTML-escaped and compares them loosely).
async fn find(rest: &Rest, kind: &str, name: &str) -> Result<Option<i64>, PushError> {
    let search: String = url::form_urlencoded::byte_serialize(name.as_bytes()).collect();
    let list = rest.send(Method::GET, &format!("products/{kind}?search={search}&per_page=100"), None).await.map_err(failed)?;
    let same = |t: &&Value| t["name"].as_str().is_some_and(|n| n.replace("&amp;", "&").eq_ignore_ascii_case(name));
    Ok(list.as_array().and_then(|terms| terms.iter().find(same)).and_then(|t| t["id"].as_i64()))
}
