//! Supplier catalogue protocol: one documented JSON API per source at
//! `/suppliers/{source}/api/...` (search, product, reviews, freight, orders),
//! plus marketplace-style dialects (`aliexpress.rs`, `cj.rs`, `ebay.rs`).
use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::catalogue::{Catalogue, Product, SOURCES, SearchQuery, Summary};
use crate::util::{bearer, json_error, money, parse_money};
use crate::{AppState, creds};

pub mod aliexpress;
mod aliexpress_auth;
mod aliexpress_orders;
pub mod cj;
mod cj_orders;
pub mod control;
pub mod ebay;
mod ebay_item;
mod ebay_orders;
mod ebay_purchase;
pub mod model;
pub mod orders;

pub fn routes() -> Router<AppState> {
    let api = "/suppliers/{source}/api";
    Router::new()
        .route(&format!("{api}/categories"), get(categories))
        .route(&format!("{api}/collections"), get(collections))
        .route(&format!("{api}/products"), get(search))
        .route(&format!("{api}/products/{{id}}"), get(product))
        .route(&format!("{api}/products/{{id}}/reviews"), get(reviews))
        .route(&format!("{api}/products/{{id}}/freight"), get(freight))
        .route(&format!("{api}/orders"), post(orders::create))
        .route(&format!("{api}/orders/{{id}}"), get(orders::get_one))
        .route(&format!("{api}/orders/{{id}}/pay"), post(orders::pay))
        .route(&format!("{api}/orders/{{id}}/cancel"), post(orders::cancel))
        .route(&format!("{api}/orders/{{id}}/refund"), post(orders::refund))
        .merge(aliexpress::routes())
        .merge(cj::routes())
        .merge(ebay::routes())
        .merge(control::routes())
}

pub fn err(status: StatusCode, code: &str, message: &str) -> Response {
    json_error(status, json!({"error": {"code": code, "message": message}}))
}

/// The answer for a product id the supplier does not have.
pub fn no_product() -> Response {
    err(StatusCode::NOT_FOUND, "PRODUCT_NOT_FOUND", "no such product")
}

/// Source must exist and the bearer token must match.
pub fn check(source: &str, headers: &HeaderMap) -> Result<(), Response> {
    if !SOURCES.contains(&source) {
        return Err(err(StatusCode::NOT_FOUND, "UNKNOWN_SOURCE", "unknown supplier source"));
    }
    if bearer(headers).as_deref() != Some(creds::SUPPLIER_TOKEN) {
        return Err(err(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", "missing or invalid bearer token"));
    }
    Ok(())
}

pub fn img(base: &str, id: &str) -> String {
    format!("{base}/img/{id}.png")
}

/// The product's video address, if it has one (`crate::video`).
pub fn video(base: &str, s: &Summary) -> Option<String> {
    s.has_video().then(|| format!("{base}/video/{}.webm", s.id))
}

fn category_json(cat: &Catalogue, id: u32) -> Value {
    let c = cat.categories.iter().find(|c| c.id == id);
    let parent = c.and_then(|c| c.parent_id).and_then(|p| cat.categories.iter().find(|x| x.id == p));
    let path: Vec<&str> = [parent.map(|p| p.name), c.map(|c| c.name)].into_iter().flatten().collect();
    json!({"id": id, "name": c.map(|c| c.name), "path": path})
}

pub fn summary_json(cat: &Catalogue, s: &Summary, base: &str) -> Value {
    json!({
        "id": s.id, "source": s.source, "title": s.title, "category": category_json(cat, s.category),
        "price": {"amount": money(s.price_cents), "currency": "USD"}, "orders": s.orders, "rating": s.rating10 as f64 / 10.0,
        "collections": s.collections(), "image": img(base, &format!("{}-0", s.id)),
        "video_url": video(base, s),
    })
}

/// Stock left = generated stock − units already ordered.
pub fn stock_left(app: &AppState, sku: &str, generated: u32) -> u32 {
    let sold = app.world().suppliers.read().expect("suppliers lock").sold.get(sku).copied().unwrap_or(0);
    generated.saturating_sub(sold)
}

pub fn product_json(app: &AppState, cat: &Catalogue, p: &Product, base: &str) -> Value {
    let s = &p.summary;
    let mut v = summary_json(cat, s, base);
    v["description"] = json!(p.description);
    v["reviews_count"] = json!(p.reviews_count);
    v["images"] = json!(p.images.iter().map(|i| img(base, i)).collect::<Vec<_>>());
    v["ship_from"] = json!(p.ship_from);
    v["ships_to"] = json!(p.ships_to);
    v["weight_g"] = json!(p.weight_g);
    v["options"] = json!(
        p.options
            .iter()
            .map(|o| json!({"name": o.name, "values": o.values.iter().map(|x| json!({
        "id": x.id, "name": x.name, "image": x.image.as_ref().map(|i| img(base, i))})).collect::<Vec<_>>()}))
            .collect::<Vec<_>>()
    );
    v["variants"] = json!(
        p.variants
            .iter()
            .map(|x| json!({
                "sku_id": x.sku_id, "options": x.options.iter().map(|(n, val)| (n.clone(), json!(val))).collect::<serde_json::Map<_, _>>(),
                "price": money(x.price_cents), "compare_at_price": money(x.compare_at_cents), "currency": "USD",
                "stock": stock_left(app, &x.sku_id, x.stock), "image": x.image.as_ref().map(|i| img(base, i)),
            }))
            .collect::<Vec<_>>()
    );
    v
}

async fn categories(Path(source): Path<String>, headers: HeaderMap, State(app): State<AppState>) -> Response {
    if let Err(e) = check(&source, &headers) {
        return e;
    }
    let w = app.world();
    let tree: Vec<Value> = w.catalogue.categories.iter().filter(|c| c.parent_id.is_none()).map(|top| json!({
        "id": top.id, "name": top.name,
        "children": w.catalogue.categories.iter().filter(|c| c.parent_id == Some(top.id)).map(|c| json!({"id": c.id, "name": c.name, "children": []})).collect::<Vec<_>>(),
    })).collect();
    Json(json!({"categories": tree})).into_response()
}

async fn collections(Path(source): Path<String>, headers: HeaderMap) -> Response {
    if let Err(e) = check(&source, &headers) {
        return e;
    }
    Json(json!({"collections": crate::catalogue::COLLECTIONS.iter().map(|c| json!({"handle": c})).collect::<Vec<_>>()})).into_response()
}

async fn search(State(app): State<AppState>, Path(source): Path<String>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = check(&source, &headers) {
        return e;
    }
    let w = app.world();
    let base = app.base_url();
    let sq = SearchQuery {
        keyword: q.get("keyword").cloned(),
        category: q.get("category").and_then(|c| c.parse().ok()),
        collection: q.get("collection").cloned(),
        min_price_cents: q.get("min_price").and_then(|p| parse_money(p)),
        max_price_cents: q.get("max_price").and_then(|p| parse_money(p)),
        sort: q.get("sort").cloned(),
        page: q.get("page").and_then(|p| p.parse().ok()).unwrap_or(1),
        page_size: q.get("page_size").and_then(|p| p.parse().ok()).unwrap_or(20),
        max_page_size: None,
    };
    let (total, hits) = w.catalogue.search(&source, &sq);
    let items: Vec<Value> = hits.iter().map(|s| summary_json(&w.catalogue, s, &base)).collect();
    Json(json!({"total": total, "page": sq.page.max(1), "page_size": sq.page_size.clamp(1, 100), "items": items})).into_response()
}

/// The product a `/products/{id}…` call names, once the caller is let in.
fn checked_product(app: &AppState, source: &str, id: &str, headers: &HeaderMap) -> Result<std::sync::Arc<Product>, Response> {
    check(source, headers)?;
    app.world().catalogue.product(source, id).ok_or_else(no_product)
}

async fn product(State(app): State<AppState>, Path((source, id)): Path<(String, String)>, headers: HeaderMap) -> Response {
    match checked_product(&app, &source, &id, &headers) {
        Ok(p) => Json(product_json(&app, &app.world().catalogue, &p, &app.base_url())).into_response(),
        Err(e) => e,
    }
}

async fn reviews(
    State(app): State<AppState>,
    Path((source, id)): Path<(String, String)>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Response> {
    let p = checked_product(&app, &source, &id, &headers)?;
    let w = app.world();
    let page = q.get("page").and_then(|p| p.parse().ok()).unwrap_or(1usize);
    let size = q.get("page_size").and_then(|p| p.parse().ok()).unwrap_or(20usize).clamp(1, 100);
    let base = app.base_url();
    let now = w.clock.now_ms();
    let items: Vec<Value> = p
        .reviews(page, size)
        .into_iter()
        .map(|r| {
            json!({
                "id": r.id, "rating": r.rating, "text": r.text, "country": r.country, "buyer": r.buyer, "sku_id": r.sku_id,
                "images": r.images.iter().map(|i| img(&base, i)).collect::<Vec<_>>(),
                "date": crate::util::rfc3339(now - r.days_ago as i64 * model::DAY),
            })
        })
        .collect();
    Ok(Json(json!({"total": p.reviews_count, "page": page, "items": items})).into_response())
}

async fn freight(
    State(app): State<AppState>,
    Path((source, id)): Path<(String, String)>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Response> {
    let p = checked_product(&app, &source, &id, &headers)?;
    let country = q.get("country").map(|c| c.to_uppercase()).unwrap_or_else(|| "US".into());
    let qty = q.get("quantity").and_then(|v| v.parse().ok()).unwrap_or(1);
    match p.freight(&country, qty) {
        Some(opts) => Ok(Json(json!({"product_id": id, "country": country, "quantity": qty, "options": opts})).into_response()),
        None => Err(err(StatusCode::UNPROCESSABLE_ENTITY, "CANNOT_SHIP_TO_COUNTRY", &format!("product does not ship to {country}"))),
    }
}
