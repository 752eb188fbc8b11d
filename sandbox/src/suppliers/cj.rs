//! CJ Dropshipping API 2.0 dialect (`/cj/api2.0/v1/...`, `CJ-Access-Token`
//! header from authentication/getAccessToken, `{code, result, message, data, requestId}`
//! envelope) over the `cj` catalogue: product list/query, variant query, freight; orders are in
//! `cj_orders`. Prices are JSON numbers, as CJ sends them. Codes are CJ's global error codes
//! (developers.cjdropshipping.com, "Appendix 1: Global Error Codes").
use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::catalogue::SearchQuery;
use crate::util::money;
use crate::{AppState, creds};

pub fn routes() -> Router<AppState> {
    let v1 = "/cj/api2.0/v1";
    Router::new()
        .route(&format!("{v1}/authentication/getAccessToken"), post(access_token))
        .route(&format!("{v1}/product/list"), get(list))
        .route(&format!("{v1}/product/query"), get(query))
        .route(&format!("{v1}/product/variant/query"), get(variant_query))
        .route(&format!("{v1}/logistic/freightCalculate"), post(freight))
        .merge(super::cj_orders::routes(v1))
}

/// CJ's global error codes used here.
pub const INVALID_TOKEN: i64 = 1600001;
pub const ILLEGAL_PARAMETER: i64 = 1600300;
pub const VARIANT_NOT_FOUND: i64 = 1602000;
pub const PRODUCT_NOT_FOUND: i64 = 1602001;

/// product/list's largest page ("pageSize ... max 200").
const MAX_PAGE_SIZE: usize = 200;

pub fn envelope(code: i64, message: &str, data: Value) -> Response {
    Json(json!({"code": code, "result": code == 200, "message": message, "data": data, "requestId": "sandbox"})).into_response()
}

pub fn authed(h: &HeaderMap) -> Result<(), Response> {
    if h.get("CJ-Access-Token").and_then(|v| v.to_str().ok()) == Some(creds::CJ_ACCESS_TOKEN) {
        Ok(())
    } else {
        Err(envelope(INVALID_TOKEN, "Invalid API key or access token", Value::Null))
    }
}

/// CJ variant ids are the catalogue sku ids; the product id is the part before the last '-'.
pub fn pid_of(vid: &str) -> String {
    vid.rsplit_once('-').map(|(p, _)| p.to_string()).unwrap_or_default()
}

async fn list(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let base = app.base_url();
    let sq = SearchQuery {
        keyword: q.get("productNameEn").cloned(),
        category: q.get("categoryId").and_then(|c| c.parse().ok()),
        page: q.get("pageNum").and_then(|p| p.parse().ok()).unwrap_or(1),
        page_size: q.get("pageSize").and_then(|p| p.parse().ok()).unwrap_or(20),
        max_page_size: Some(MAX_PAGE_SIZE),
        ..Default::default()
    };
    let (total, hits) = w.catalogue.search("cj", &sq);
    // listedNum (how many stores list it) is CJ's popularity figure; CJ has no order count.
    let list: Vec<Value> = hits
        .iter()
        .map(|s| {
            json!({"pid": s.id, "productNameEn": s.title, "productSku": s.id,
        "productImage": super::img(&base, &format!("{}-0", s.id)), "sellPrice": number(s.price_cents),
        "categoryId": s.category.to_string(), "categoryName": category_name(&w.catalogue, s.category),
        "listedNum": s.orders, "isFreeShipping": s.in_collection("free_ship_us")})
        })
        .collect();
    envelope(200, "Success", json!({"pageNum": sq.page.max(1), "pageSize": sq.page_size.clamp(1, MAX_PAGE_SIZE), "total": total, "list": list}))
}

/// CJ sends amounts as JSON numbers (`18.99`), not strings.
pub fn number(cents: i64) -> Value {
    serde_json::from_str(&money(cents)).unwrap_or(Value::Null)
}

fn category_name(cat: &crate::catalogue::Catalogue, id: u32) -> Option<&'static str> {
    cat.categories.iter().find(|c| c.id == id).map(|c| c.name)
}

/// `POST authentication/getAccessToken {apiKey}`: the token every other call sends.
async fn access_token(State(app): State<AppState>, Json(b): Json<Value>) -> Response {
    if b["apiKey"].as_str() != Some(creds::CJ_API_KEY) {
        return envelope(1601000, "User not find", Value::Null);
    }
    let now = app.world().clock.now();
    let at = |days: i64| (now + chrono::Duration::days(days)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    envelope(
        200,
        "Success",
        json!({"openId": 1, "accessToken": creds::CJ_ACCESS_TOKEN, "accessTokenExpiryDate": at(15),
        "refreshToken": "sandbox-cj-refresh-token", "refreshTokenExpiryDate": at(180), "createDate": at(0)}),
    )
}

/// One variant as product/query and variant/query show it: `variantKey` holds the option
/// values joined by '-' in `productKeyEn` order; stock per warehouse country in `inventories`.
fn variant_json(app: &AppState, p: &crate::catalogue::Product, v: &crate::catalogue::Variant, base: &str) -> Value {
    let key = v.options.iter().map(|(_, x)| x.as_str()).collect::<Vec<_>>().join("-");
    let stock = super::stock_left(app, &v.sku_id, v.stock);
    json!({"vid": v.sku_id, "pid": p.summary.id, "variantNameEn": format!("{} {key}", p.summary.title).trim(),
        "variantSku": v.sku_id, "variantSellPrice": number(v.price_cents), "variantSugSellPrice": number(v.compare_at_cents),
        "variantImage": v.image.as_ref().map(|i| super::img(base, i)), "variantKey": key, "inventoryNum": stock,
        "variantWeight": p.weight_g,
        "inventories": [{"countryCode": p.ship_from, "totalInventory": stock, "cjInventory": stock, "factoryInventory": 0, "verifiedWarehouse": 1}]})
}

async fn query(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let base = app.base_url();
    let Some(p) = q.get("pid").and_then(|pid| w.catalogue.product("cj", pid)) else { return envelope(PRODUCT_NOT_FOUND, "Product not found", Value::Null) };
    let variants: Vec<Value> = p.variants.iter().map(|v| variant_json(&app, &p, v, &base)).collect();
    let images: Vec<String> = p.images.iter().map(|i| super::img(&base, i)).collect();
    envelope(
        200,
        "Success",
        json!({"pid": p.summary.id, "productNameEn": p.summary.title, "productSku": p.summary.id, "description": p.description,
        "productImage": images[0], "productImageSet": images, "productWeight": p.weight_g,
        "productKeyEn": p.options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join("-"),
        "categoryId": p.summary.category.to_string(), "categoryName": category_name(&w.catalogue, p.summary.category),
        "listedNum": p.summary.orders, "sellPrice": number(p.summary.price_cents), "variants": variants}),
    )
}

/// `GET product/variant/query?pid=` (or `vid=`): the product's variants alone.
async fn variant_query(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let base = app.base_url();
    let pid = q.get("pid").cloned().or_else(|| q.get("vid").map(|v| pid_of(v))).unwrap_or_default();
    let Some(p) = w.catalogue.product("cj", &pid) else { return envelope(PRODUCT_NOT_FOUND, "Product not found", Value::Null) };
    let variants: Vec<Value> =
        p.variants.iter().filter(|v| q.get("vid").is_none_or(|vid| *vid == v.sku_id)).map(|v| variant_json(&app, &p, v, &base)).collect();
    envelope(200, "Success", json!(variants))
}

async fn freight(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let country = b["endCountryCode"].as_str().unwrap_or("US");
    let first = &b["products"][0];
    let vid = first["vid"].as_str().unwrap_or("");
    let Some(p) = w.catalogue.product("cj", &pid_of(vid)) else { return envelope(PRODUCT_NOT_FOUND, "Product not found", Value::Null) };
    let opts = p.freight(country, first["quantity"].as_u64().unwrap_or(1) as u32).unwrap_or_default();
    envelope(
        200,
        "Success",
        json!(
            opts.iter()
                .map(|o| json!({"logisticName": o.company, "logisticPrice": serde_json::from_str::<Value>(&o.amount).unwrap_or(Value::Null),
        "logisticAging": format!("{}-{}", o.min_days, o.max_days)}))
                .collect::<Vec<_>>()
        ),
    )
}
