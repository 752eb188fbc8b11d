//! eBay dialect over the `ebay` catalogue (the same products the JSON protocol serves for
//! source `ebay`): OAuth2 client-credentials at `/ebay/identity/v1/oauth2/token`, and the Buy
//! Browse API at `/ebay/buy/browse/v1`: `item_summary/search`, `item/{item_id}` and
//! `item/get_items_by_item_group`. A product with options is an item group (one item per
//! variant, `v1|{legacy id}|{n}` with n from 1); one without is a single item `v1|{id}|0`.
//! Shipping is estimated for the country of `X-EBAY-C-ENDUSERCTX: contextualLocation=country=XX`.
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde_json::{Value, json};

use super::ebay_item::{Ctx, item_json, summary_json};
use crate::catalogue::{Catalogue, SearchQuery, Summary};
use crate::util::{b64_decode, bearer, json_error};
use crate::{AppState, creds};

pub fn routes() -> Router<AppState> {
    let browse = "/ebay/buy/browse/v1";
    Router::new()
        .merge(super::ebay_orders::routes())
        .route("/ebay/identity/v1/oauth2/token", post(token))
        .route(&format!("{browse}/item_summary/search"), get(search))
        .route(&format!("{browse}/item/get_items_by_item_group"), get(group))
        .route(&format!("{browse}/item/{{item_id}}"), get(item))
}

/// eBay's error body: `{errors: [{errorId, domain, category, message}]}`.
pub fn error(status: StatusCode, id: u32, message: &str) -> Response {
    json_error(status, json!({"errors": [{"errorId": id, "domain": "API_BROWSE", "category": "REQUEST", "message": message}]}))
}

/// `POST identity/v1/oauth2/token` with HTTP Basic client id:secret and
/// `grant_type=client_credentials`: an application token for two hours.
async fn token(h: HeaderMap, Form(f): Form<HashMap<String, String>>) -> Response {
    let basic = h.get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Basic ")).and_then(|b| b64_decode(b.trim()));
    let expected = format!("{}:{}", creds::EBAY_CLIENT_ID, creds::EBAY_CLIENT_SECRET);
    if basic.as_deref() != Some(expected.as_bytes()) {
        return json_error(StatusCode::UNAUTHORIZED, json!({"error": "invalid_client", "error_description": "client authentication failed"}));
    }
    if f.get("grant_type").map(String::as_str) != Some("client_credentials") {
        return json_error(
            StatusCode::BAD_REQUEST,
            json!({"error": "unsupported_grant_type", "error_description": "grant type in request is not supported by the authorization server"}),
        );
    }
    // The token carries the scopes asked for: the public one reads Browse, `buy.guest.order` the
    // Order API. No scope at all is the public one.
    let scopes: Vec<&str> = f.get("scope").map(|s| s.split_whitespace().collect()).unwrap_or_default();
    if let Some(bad) = scopes.iter().find(|s| **s != PUBLIC_SCOPE && **s != GUEST_ORDER_SCOPE) {
        return json_error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_scope", "error_description": format!("The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client: {bad}")}),
        );
    }
    let token = match (scopes.contains(&GUEST_ORDER_SCOPE), scopes.is_empty() || scopes.contains(&PUBLIC_SCOPE)) {
        (true, true) => creds::EBAY_APP_ORDER_TOKEN,
        (true, false) => creds::EBAY_ORDER_TOKEN,
        _ => creds::EBAY_APP_TOKEN,
    };
    Json(json!({"access_token": token, "expires_in": 7200, "token_type": "Application Access Token"})).into_response()
}

pub const PUBLIC_SCOPE: &str = "https://api.ebay.com/oauth/api_scope";
pub const GUEST_ORDER_SCOPE: &str = "https://api.ebay.com/oauth/api_scope/buy.guest.order";

/// eBay's refusal of a missing or unknown token.
pub fn invalid_token() -> Response {
    json_error(
        StatusCode::UNAUTHORIZED,
        json!({"errors": [{"errorId": 1001, "domain": "OAuth", "category": "REQUEST",
        "message": "Invalid access token", "longMessage": "Invalid access token. Check the value of the Authorization HTTP request header."}]}),
    )
}

fn authed(h: &HeaderMap) -> Result<(), Response> {
    if matches!(bearer(h).as_deref(), Some(creds::EBAY_APP_TOKEN | creds::EBAY_APP_ORDER_TOKEN)) {
        return Ok(());
    }
    if bearer(h).as_deref() == Some(creds::EBAY_ORDER_TOKEN) {
        return Err(super::ebay_orders::insufficient_scope());
    }
    Err(invalid_token())
}

/// The buyer's country from `X-EBAY-C-ENDUSERCTX` (`contextualLocation=country%3DDE%2Czip%3D…`);
/// eBay assumes the marketplace's own country (US) without it.
fn ctx(app: &AppState, h: &HeaderMap) -> Ctx {
    let raw = h.get("x-ebay-c-enduserctx").and_then(|v| v.to_str().ok()).unwrap_or("");
    let location = raw.split(',').find_map(|p| p.trim().strip_prefix("contextualLocation=")).map(percent_decode).unwrap_or_default();
    let country = location.split(',').find_map(|p| p.strip_prefix("country=")).unwrap_or("US").to_uppercase();
    Ctx { country, base: app.base_url(), now_ms: app.world().clock.now_ms() }
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `limit` results from `offset`, over the catalogue's 100-product pages.
fn window<'a>(cat: &'a Catalogue, q: &SearchQuery, offset: usize, limit: usize) -> (usize, Vec<&'a Summary>) {
    let mut out = Vec::with_capacity(limit);
    let mut page = offset / 100 + 1;
    let mut skip = offset % 100;
    loop {
        let (total, hits) = cat.search("ebay", &SearchQuery { page, page_size: 100, ..q.clone() });
        let n = hits.len();
        out.extend(hits.into_iter().skip(skip).take(limit - out.len()));
        if out.len() == limit || n < 100 {
            return (total, out);
        }
        page += 1;
        skip = 0;
    }
}

/// `GET item_summary/search?q&category_ids&limit&offset&sort`: eBay needs a query or a
/// category; category `0`, the root of eBay's category tree, selects every category.
async fn search(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let (keyword, category) = (q.get("q").filter(|s| !s.trim().is_empty()), q.get("category_ids"));
    if keyword.is_none() && category.is_none() {
        return error(StatusCode::BAD_REQUEST, 12001, "The call must have a valid 'q', 'category_ids', 'epid', 'gtin' or 'charity_ids' query parameter.");
    }
    let category = match category.map(|c| c.parse::<u32>()) {
        Some(Err(_)) => return error(StatusCode::BAD_REQUEST, 12002, "The category ID is invalid."),
        Some(Ok(0)) | None => None,
        Some(Ok(id)) => Some(id),
    };
    let limit = q.get("limit").and_then(|l| l.parse().ok()).unwrap_or(50usize).clamp(1, 200);
    let offset = q.get("offset").and_then(|o| o.parse().ok()).unwrap_or(0usize);
    if offset + limit > 10_000 {
        return error(StatusCode::BAD_REQUEST, 12023, "The offset plus limit must not exceed 10,000.");
    }
    let sort = q.get("sort").and_then(|s| match s.as_str() {
        "price" => Some("price_asc"),
        "-price" => Some("price_desc"),
        _ => None,
    });
    let sq = SearchQuery { keyword: keyword.cloned(), category, sort: sort.map(str::to_string), ..Default::default() };
    let w = app.world();
    let c = ctx(&app, &h);
    let (total, hits) = window(&w.catalogue, &sq, offset, limit);
    let items: Vec<Value> = hits.iter().filter_map(|s| w.catalogue.product("ebay", &s.id)).map(|p| summary_json(&w.catalogue, &p, &c)).collect();
    let mut body = json!({"href": format!("{}/ebay/buy/browse/v1/item_summary/search?offset={offset}&limit={limit}", c.base), "total": total, "limit": limit, "offset": offset});
    if offset + limit < total {
        body["next"] = json!(format!("{}/ebay/buy/browse/v1/item_summary/search?offset={}&limit={limit}", c.base, offset + limit));
    }
    // eBay leaves `itemSummaries` out of an empty page.
    if !items.is_empty() {
        body["itemSummaries"] = json!(items);
    }
    Json(body).into_response()
}

/// `GET item/{item_id}?quantity_for_shipping_estimate`: one item; a group's parent is refused
/// with 11006, pointing at get_items_by_item_group.
async fn item(State(app): State<AppState>, h: HeaderMap, Path(item_id): Path<String>, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let not_found = || error(StatusCode::NOT_FOUND, 11001, "The specified item Id was not found.");
    let mut parts = item_id.split('|');
    let (Some("v1"), Some(legacy), Some(variation), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else { return not_found() };
    let Ok(variation) = variation.parse::<usize>() else { return not_found() };
    let w = app.world();
    let Some(p) = w.catalogue.product("ebay", legacy) else { return not_found() };
    let grouped = !p.options.is_empty();
    let k = match (grouped, variation) {
        (true, 0) => return error(StatusCode::BAD_REQUEST, 11006, "The item Id is an item group. Use the get_items_by_item_group call to retrieve its items."),
        (false, 0) => 0,
        (true, n) if n <= p.variants.len() => n - 1,
        _ => return not_found(),
    };
    let qty = q.get("quantity_for_shipping_estimate").and_then(|n| n.parse().ok()).unwrap_or(1u32).max(1);
    let mut body = item_json(&app, &w.catalogue, &p, k, &ctx(&app, &h), qty);
    body["description"] = json!(p.description);
    Json(body).into_response()
}

/// `GET item/get_items_by_item_group?item_group_id=`: every item of a group, the description
/// they share in `commonDescriptions`.
async fn group(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let id = q.get("item_group_id").cloned().unwrap_or_default();
    let Some(p) = w.catalogue.product("ebay", &id).filter(|p| !p.options.is_empty()) else {
        return error(StatusCode::NOT_FOUND, 11001, "The specified item group Id was not found.");
    };
    let c = ctx(&app, &h);
    let items: Vec<Value> = (0..p.variants.len()).map(|k| item_json(&app, &w.catalogue, &p, k, &c, 1)).collect();
    let ids: Vec<Value> = items.iter().map(|i| i["itemId"].clone()).collect();
    Json(json!({"items": items, "commonDescriptions": [{"description": p.description, "itemIds": ids}]})).into_response()
}
