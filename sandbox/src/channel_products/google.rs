//! Google Content API for Shopping v2.1 products: `insert` (an upsert: the product's id is
//! `channel:contentLanguage:targetCountry:offerId`), `get`, `list` and `delete`, with
//! Google's error body `{error: {code, message, errors: [{domain, reason, message}]}}`.
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::{is_url, items_of, text, with_items};
use crate::AppState;
use crate::channels::{merchant_id, valid};
use crate::util::{bearer, json_error};

const BASE: &str = "/channels/google-merchant/content/v2.1/{merchant}/products";
const AVAILABILITY: [&str; 4] = ["in stock", "out of stock", "preorder", "backorder"];

pub fn routes() -> Router<AppState> {
    Router::new().route(BASE, post(insert).get(list)).route(&format!("{BASE}/{{product}}"), get(get_one).delete(delete))
}

fn error(status: StatusCode, reason: &str, message: &str) -> Response {
    let code = status.as_u16();
    json_error(status, json!({"error": {"code": code, "message": message, "errors": [{"domain": "global", "reason": reason, "message": message}]}}))
}

fn gate(app: &AppState, headers: &HeaderMap, merchant: &str) -> Result<(), Response> {
    if !valid(app, "google-merchant", bearer(headers)) {
        return Err(error(StatusCode::UNAUTHORIZED, "authError", "Request had invalid authentication credentials. Expected OAuth 2 access token."));
    }
    if merchant != merchant_id(app) {
        return Err(error(StatusCode::FORBIDDEN, "forbidden", &format!("User cannot access account {merchant}")));
    }
    Ok(())
}

/// Google's product rules that matter to a feed: the identity fields, price, link, image.
fn check(p: &Value) -> Result<(), String> {
    for k in ["offerId", "title", "description", "link", "imageLink", "contentLanguage", "channel"] {
        if text(p, k).is_none() {
            return Err(format!("[{k}] Missing value"));
        }
    }
    if text(p, "targetCountry").or(text(p, "feedLabel")).is_none() {
        return Err("[targetCountry] Missing value: targetCountry or feedLabel is required".into());
    }
    if text(p, "offerId").is_some_and(|o| o.chars().count() > 50) {
        return Err("[offerId] Value too long (max 50 characters)".into());
    }
    if text(p, "title").is_some_and(|t| t.chars().count() > 150) {
        return Err("[title] Value too long (max 150 characters)".into());
    }
    if !matches!(text(p, "channel"), Some("online" | "local")) {
        return Err("[channel] Invalid value: online or local".into());
    }
    for k in ["link", "imageLink"] {
        if text(p, k).is_some_and(|u| !is_url(u)) {
            return Err(format!("[{k}] Invalid URL"));
        }
    }
    if text(p, "availability").is_some_and(|a| !AVAILABILITY.contains(&a)) {
        return Err("[availability] Invalid value".into());
    }
    for k in ["price", "salePrice"] {
        let v = &p[k];
        if v.is_null() && k == "salePrice" {
            continue;
        }
        let ok = text(v, "value").and_then(|x| x.parse::<f64>().ok()).is_some_and(|x| x >= 0.0) && text(v, "currency").is_some_and(|c| c.len() == 3);
        if !ok {
            return Err(format!("[{k}] Missing or invalid value: expected {{value: \"12.99\", currency: \"USD\"}}"));
        }
    }
    let identified = ["brand", "gtin", "mpn"].iter().any(|k| text(p, k).is_some()) || p["identifierExists"] == json!(false);
    if !identified {
        return Err("[brand] Missing value: give brand, gtin or mpn, or identifierExists false".into());
    }
    Ok(())
}

async fn insert(State(app): State<AppState>, Path(merchant): Path<String>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    if let Err(r) = gate(&app, &headers, &merchant) {
        return r;
    }
    let Ok(mut p) = serde_json::from_slice::<Value>(&body) else { return error(StatusCode::BAD_REQUEST, "parseError", "Parse Error") };
    if let Err(m) = check(&p) {
        return error(StatusCode::BAD_REQUEST, "invalid", &m);
    }
    let country = text(&p, "targetCountry").or(text(&p, "feedLabel")).unwrap_or("US").to_string();
    let id = format!("{}:{}:{}:{}", text(&p, "channel").unwrap_or(""), text(&p, "contentLanguage").unwrap_or(""), country, text(&p, "offerId").unwrap_or(""));
    p["id"] = json!(id);
    p["kind"] = json!("content#product");
    p["targetCountry"] = json!(country);
    with_items(&app, |s| &mut s.google, &merchant, |m| m.insert(id.clone(), p.clone()));
    Json(p).into_response()
}

async fn get_one(State(app): State<AppState>, Path((merchant, product)): Path<(String, String)>, headers: HeaderMap) -> Response {
    if let Err(r) = gate(&app, &headers, &merchant) {
        return r;
    }
    match items_of(&app, |s| &s.google, &merchant).remove(&product) {
        Some(p) => Json(p).into_response(),
        None => error(StatusCode::NOT_FOUND, "notFound", "item not found"),
    }
}

async fn delete(State(app): State<AppState>, Path((merchant, product)): Path<(String, String)>, headers: HeaderMap) -> Response {
    if let Err(r) = gate(&app, &headers, &merchant) {
        return r;
    }
    match with_items(&app, |s| &mut s.google, &merchant, |m| m.remove(&product)) {
        Some(_) => StatusCode::NO_CONTENT.into_response(),
        None => error(StatusCode::NOT_FOUND, "notFound", "item not found"),
    }
}

/// `GET .../products?maxResults=&pageToken=` (at most 250 a page, as on Google).
async fn list(State(app): State<AppState>, Path(merchant): Path<String>, Query(q): Query<HashMap<String, String>>, headers: HeaderMap) -> Response {
    if let Err(r) = gate(&app, &headers, &merchant) {
        return r;
    }
    let max = q.get("maxResults").and_then(|m| m.parse::<usize>().ok()).unwrap_or(25).clamp(1, 250);
    let start = q.get("pageToken").and_then(|t| t.parse::<usize>().ok()).unwrap_or(0);
    let all = items_of(&app, |s| &s.google, &merchant);
    let page: Vec<Value> = all.values().skip(start).take(max).cloned().collect();
    let mut out = json!({"kind": "content#productsListResponse", "resources": page});
    if start + max < all.len() {
        out["nextPageToken"] = json!((start + max).to_string());
    }
    Json(out).into_response()
}
