//! CJ Dropshipping API 2.0 dialect (`/cj/api2.0/v1/...`, `CJ-Access-Token`
//! header from authentication/getAccessToken, `{code, result, message, data, requestId}`
//! envelope) over the `cj` catalogue: product list/query, variant query, freight,
//! createOrderV2, payBalance, getOrderDetail. Prices are JSON numbers, as CJ sends them.
use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::orders::{ItemIn, OrderIn, commit, order_json, place};
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
        .route(&format!("{v1}/shopping/order/createOrderV2"), post(create))
        .route(&format!("{v1}/shopping/pay/payBalance"), post(pay))
        .route(&format!("{v1}/shopping/order/getOrderDetail"), get(detail))
}

fn envelope(code: i64, message: &str, data: Value) -> Response {
    Json(json!({"code": code, "result": code == 200, "message": message, "data": data, "requestId": "sandbox"})).into_response()
}

fn authed(h: &HeaderMap) -> Result<(), Response> {
    if h.get("CJ-Access-Token").and_then(|v| v.to_str().ok()) == Some(creds::CJ_ACCESS_TOKEN) {
        Ok(())
    } else {
        Err(envelope(1600001, "Invalid API key or access token", Value::Null))
    }
}

/// CJ variant ids are the catalogue sku ids; the product id is the part before the last '-'.
fn pid_of(vid: &str) -> String {
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
    envelope(200, "Success", json!({"pageNum": sq.page.max(1), "pageSize": sq.page_size.clamp(1, 100), "total": total, "list": list}))
}

/// CJ sends amounts as JSON numbers (`18.99`), not strings.
fn number(cents: i64) -> Value {
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
    let Some(p) = q.get("pid").and_then(|pid| w.catalogue.product("cj", pid)) else { return envelope(1600100, "Product not found", Value::Null) };
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
    let Some(p) = w.catalogue.product("cj", &pid) else { return envelope(1600100, "Product not found", Value::Null) };
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
    let Some(p) = w.catalogue.product("cj", &pid_of(vid)) else { return envelope(1600100, "Product not found", Value::Null) };
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

async fn create(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let items = b["products"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|i| {
            let vid = i["vid"].as_str().unwrap_or("").to_string();
            ItemIn { product_id: pid_of(&vid), sku_id: vid, quantity: i["quantity"].as_u64().unwrap_or(1) as u32, expected_price: None }
        })
        .collect();
    let body = OrderIn {
        items,
        ship_to: json!({"name": b["shippingCustomerName"], "address1": b["shippingAddress"], "city": b["shippingCity"], "zip": b["shippingZip"],
            "country": b["shippingCountryCode"], "phone": b["shippingPhone"]}),
        shipping_method: None,
    };
    match place(&app, "cj", &body) {
        Ok(o) => {
            // CJ's orderNumber is the caller's reference and makes creation idempotent.
            let (_, o) = commit(&app, "cj", b["orderNumber"].as_str().map(str::to_string), o);
            envelope(200, "Success", json!({"orderId": o.id, "orderNumber": b["orderNumber"], "orderStatus": "CREATED", "orderAmount": money(o.total_cents)}))
        }
        Err((_, code, msg)) => envelope(1603000, &format!("{code}: {msg}"), Value::Null),
    }
}

async fn pay(State(app): State<AppState>, h: HeaderMap, Json(b): Json<Value>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let now = w.clock.now_ms();
    let id = b["orderId"].as_str().unwrap_or("");
    let mut st = w.suppliers.write().expect("suppliers lock");
    match st.orders.get_mut(id) {
        Some(o) if o.paid_ms.is_none() && o.cancelled_ms.is_none() => {
            o.paid_ms = Some(now);
            envelope(200, "Success", Value::Null)
        }
        Some(_) => envelope(1603001, "Order status does not allow payment", Value::Null),
        None => envelope(1603002, "Order not found", Value::Null),
    }
}

async fn detail(State(app): State<AppState>, h: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let o = q.get("orderId").and_then(|id| app.world().suppliers.read().expect("suppliers lock").orders.get(id).cloned());
    let Some(o) = o else { return envelope(1603002, "Order not found", Value::Null) };
    let j = order_json(&app, &o);
    let status = match j["status"].as_str().unwrap_or("") {
        "awaiting_payment" => "UNPAID",
        "paid" | "processing" => "UNSHIPPED",
        "shipped" => "SHIPPED",
        "delivered" => "DELIVERED",
        _ => "CANCELLED",
    };
    envelope(
        200,
        "Success",
        json!({"orderId": o.id, "orderStatus": status, "orderAmount": money(o.total_cents),
        "trackNumber": j["tracking"]["number"], "logisticName": o.shipping_method,
        "productList": o.items.iter().map(|i| json!({"vid": i.sku_id, "quantity": i.quantity, "sellPrice": i.unit_price})).collect::<Vec<_>>()}),
    )
}
