//! The sales channels' product APIs, in memory: TikTok Shop Partner API 202309 products,
//! Meta's catalog Batch API and Google's Content API v2.1 products. Each channel keeps its
//! items per account (TikTok seller open_id, Meta catalog id, Google merchant id), the same
//! ids its authorisation endpoints (`channels.rs`) hand out, so a test can read the account
//! from the product's connection and count what arrived there.
use std::collections::{BTreeMap, BTreeSet, HashMap};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::AppState;
use crate::util::json_error;

mod google;
mod meta;
mod tiktok;

/// Items by account, then by the channel's own key for the item.
type Items = HashMap<String, BTreeMap<String, Value>>;

#[derive(Default)]
pub struct ProductsState {
    /// TikTok products per seller (open_id), by product id.
    tiktok: Items,
    /// Per seller, each seller SKU's products (by id): the search by SKU reads it rather than
    /// every product, and every TikTok write keeps it in step (`tiktok::store`).
    tiktok_skus: HashMap<String, HashMap<String, BTreeSet<String>>>,
    /// Meta items per catalog, by retailer id (the seller's own id, Meta's upsert key).
    meta: Items,
    /// Meta batch outcomes by handle, read through `check_batch_request_status`.
    meta_batches: HashMap<String, Value>,
    /// Google products per merchant, by product id (`online:en:US:{offerId}`).
    google: Items,
}

pub fn routes() -> Router<AppState> {
    Router::new().merge(tiktok::routes()).merge(meta::routes()).merge(google::routes()).route("/_sandbox/channels/{channel}/{account}", get(inspect))
}

/// `GET /_sandbox/channels/{tiktok|facebook|google-merchant}/{account}`: every item of one
/// account (seller open_id, catalog id or merchant id) and their count.
async fn inspect(State(app): State<AppState>, Path((channel, account)): Path<(String, String)>) -> Response {
    let w = app.world();
    let st = w.channel_products.read().expect("channel products lock");
    let items = match channel.as_str() {
        "tiktok" => &st.tiktok,
        "facebook" => &st.meta,
        "google-merchant" | "google" => &st.google,
        _ => return json_error(StatusCode::NOT_FOUND, json!({"error": format!("unknown channel {channel}")})),
    };
    let list: Vec<Value> = items.get(&account).map(|m| m.values().cloned().collect()).unwrap_or_default();
    Json(json!({"channel": channel, "account": account, "count": list.len(), "items": list})).into_response()
}

/// Runs `f` on one account's items under a short write lock.
fn with_items<R>(app: &AppState, pick: impl FnOnce(&mut ProductsState) -> &mut Items, account: &str, f: impl FnOnce(&mut BTreeMap<String, Value>) -> R) -> R {
    let w = app.world();
    let mut st = w.channel_products.write().expect("channel products lock");
    f(pick(&mut st).entry(account.to_string()).or_default())
}

/// A clone of one account's items (empty when it has none).
fn items_of(app: &AppState, pick: impl FnOnce(&ProductsState) -> &Items, account: &str) -> BTreeMap<String, Value> {
    let w = app.world();
    let st = w.channel_products.read().expect("channel products lock");
    pick(&st).get(account).cloned().unwrap_or_default()
}

/// A string field, trimmed; None when absent or blank.
fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty())
}

/// An `http(s)://` address, as every channel requires for links and images.
fn is_url(s: &str) -> bool {
    (s.starts_with("http://") || s.starts_with("https://")) && s.len() > "https://x".len() && !s.contains(char::is_whitespace)
}
