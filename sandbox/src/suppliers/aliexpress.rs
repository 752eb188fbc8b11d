//! AliExpress open-platform dropshipping dialect: `/aliexpress/sync?method=…`
//! with `app_key`, `timestamp`, `sign_method=sha256` and `sign` = uppercase hex
//! HMAC-SHA256 (app secret) of the sorted parameters concatenated as key+value.
//! Methods: aliexpress.ds.product.get, aliexpress.ds.freight.query,
//! aliexpress.ds.order.create, aliexpress.trade.ds.order.get (`aliexpress_orders.rs`, under the
//! buyer's `access_token` from `aliexpress_auth.rs`).
use std::collections::{BTreeMap, HashMap};

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Json, Router};
use serde_json::{Value, json};

use crate::catalogue::Variant;
use crate::util::{hmac_hex, money};
use crate::{AppState, creds};

pub fn routes() -> Router<AppState> {
    Router::new().route("/aliexpress/sync", get(sync_get).post(sync_post)).merge(super::aliexpress_auth::routes())
}

async fn sync_get(app: State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    dispatch(app, q).await
}

async fn sync_post(app: State<AppState>, Query(mut q): Query<HashMap<String, String>>, Form(f): Form<HashMap<String, String>>) -> Response {
    q.extend(f);
    dispatch(app, q).await
}

/// A SKU as AliExpress names it in `sku_attr`: `property:value#alias` per option, `;`-joined
/// (the ids are stable numbers derived from the option and value names).
pub fn sku_attr(v: &Variant) -> String {
    let id = |s: &str| crate::util::hash_str(0, s) % 1_000_000_000;
    v.options.iter().map(|(n, val)| format!("{}:{}#{val}", id(n), id(&format!("{n}={val}")))).collect::<Vec<_>>().join(";")
}

pub fn sign(params: &HashMap<String, String>) -> String {
    let sorted: BTreeMap<&String, &String> = params.iter().filter(|(k, _)| *k != "sign").collect();
    let msg: String = sorted.iter().map(|(k, v)| format!("{k}{v}")).collect();
    hmac_hex(creds::ALIEXPRESS_APP_SECRET, &msg).to_uppercase()
}

pub fn error(code: &str, msg: &str) -> Response {
    Json(json!({"error_response": {"code": code, "msg": msg, "request_id": "sandbox"}})).into_response()
}

pub fn ok(method: &str, result: Value) -> Response {
    let key = format!("{}_response", method.replace('.', "_"));
    Json(json!({ key: {"result": result, "rsp_code": 200, "rsp_msg": "Call succeeds", "request_id": "sandbox"} })).into_response()
}

pub fn param_json(q: &HashMap<String, String>, key: &str) -> Value {
    q.get(key).and_then(|s| serde_json::from_str(s).ok()).unwrap_or(Value::Null)
}

/// `ae_multimedia_info_dto`: the main images `;`-joined, and the product's video as the
/// method's published response describes it (`ae_video_dtos` with `media_url`, `poster_url`,
/// `media_status`, `media_type`, `media_id`, `ali_member_id`), in the same DTO-list wrapping as
/// the SKUs.
fn multimedia(base: &str, p: &crate::catalogue::Product) -> Value {
    let mut m = json!({"image_urls": p.images.iter().map(|i| super::img(base, i)).collect::<Vec<_>>().join(";")});
    if let Some(url) = super::video(base, &p.summary) {
        let poster = p.images.first().map(|i| super::img(base, i));
        let media_id = crate::util::hash_str(3, &p.summary.id) % 1_000_000_000_000;
        m["ae_video_dtos"] = json!({"ae_video_d_t_o": [{
            "media_id": media_id, "media_status": "approved", "media_type": "MAIN_IMAGE_VIDEO",
            "media_url": url, "poster_url": poster, "ali_member_id": 227_887_939,
        }]});
    }
    m
}

async fn dispatch(State(app): State<AppState>, q: HashMap<String, String>) -> Response {
    if q.get("app_key").map(String::as_str) != Some(creds::ALIEXPRESS_APP_KEY) {
        return error("isv.appkey-not-exists", "Invalid app Key");
    }
    if q.get("sign_method").map(String::as_str) != Some("sha256") || q.get("sign").map(|s| s.to_uppercase()) != Some(sign(&q)) {
        return error("IncompleteSignature", "The request signature does not conform to platform standards");
    }
    let method = q.get("method").cloned().unwrap_or_default();
    let w = app.world();
    let base = app.base_url();
    match method.as_str() {
        "aliexpress.ds.product.get" => {
            if let Some(missing) = ["product_id", "ship_to_country"].into_iter().find(|k| q.get(*k).is_none_or(|v| v.is_empty())) {
                return error("MissingParameter", &format!("The input parameter {missing} that is mandatory for processing this request is not supplied"));
            }
            let id = q.get("product_id").cloned().unwrap_or_default();
            let Some(p) = w.catalogue.product("aliexpress", &id) else { return error("ITEM_ID_NOT_FOUND", "item id not found") };
            let skus: Vec<Value> = p
                .variants
                .iter()
                .map(|v| {
                    json!({
                        "sku_id": v.sku_id, "sku_attr": sku_attr(v), "sku_price": money(v.compare_at_cents), "offer_sale_price": money(v.price_cents), "currency_code": "USD",
                        "sku_available_stock": super::stock_left(&app, &v.sku_id, v.stock),
                        "ae_sku_property_dtos": {"ae_sku_property_d_t_o": v.options.iter().map(|(n, val)| json!({
                            "sku_property_name": n, "sku_property_value": val, "property_value_definition_name": val,
                            "sku_image": v.image.as_ref().filter(|_| n == "Color").map(|i| super::img(&base, i))})).collect::<Vec<_>>()},
                    })
                })
                .collect();
            ok(
                &method,
                json!({
                    "ae_item_base_info_dto": {"product_id": p.summary.id, "subject": p.summary.title, "detail": p.description, "category_id": p.summary.category,
                        "avg_evaluation_rating": format!("{:.1}", p.summary.rating10 as f64 / 10.0), "sales_count": p.summary.orders.to_string(), "currency_code": "USD"},
                    "ae_item_sku_info_dtos": {"ae_item_sku_info_d_t_o": skus},
                    "ae_multimedia_info_dto": multimedia(&base, &p),
                }),
            )
        }
        "aliexpress.ds.freight.query" => {
            let r = param_json(&q, "queryDeliveryReq");
            // Every field the method documents as required, selectedSkuId one of the product's.
            let required = ["quantity", "shipToCountry", "productId", "language", "locale", "selectedSkuId", "currency"];
            if let Some(missing) = required.into_iter().find(|k| r[*k].is_null() || r[*k] == "") {
                return error(
                    "MissingParameter",
                    &format!("The input parameter queryDeliveryReq.{missing} that is mandatory for processing this request is not supplied"),
                );
            }
            let text = |v: &Value| v.as_str().map(str::to_string).or_else(|| v.as_u64().map(|n| n.to_string())).unwrap_or_default();
            let (id, sku) = (text(&r["productId"]), text(&r["selectedSkuId"]));
            let failed = |code: &str| ok(&method, json!({"success": false, "code": 501, "msg": code, "delivery_options": {"delivery_option_d_t_o": []}}));
            let Some(p) = w.catalogue.product("aliexpress", &id).filter(|p| p.variant(&sku).is_some()) else { return failed("DELIVERY_INFO_EMPTY") };
            let country = r["shipToCountry"].as_str().unwrap_or_default();
            let qty = r["quantity"].as_u64().or_else(|| r["quantity"].as_str().and_then(|s| s.parse().ok())).unwrap_or(1) as u32;
            let Some(opts) = p.freight(country, qty) else { return failed("DELIVERY_NOT_AVAILABLE_TO_YOUR_ADDRESS") };
            let stock = super::stock_left(&app, &sku, p.variant(&sku).map(|v| v.stock).unwrap_or(0));
            ok(
                &method,
                json!({"success": true, "code": 200, "msg": "", "delivery_options": {"delivery_option_d_t_o": opts.iter().map(|o| json!({
                "code": o.code, "company": o.company, "shipping_fee_cent": o.amount, "shipping_fee_currency": o.currency,
                "shipping_fee_format": format!("${}", o.amount), "delivery_date_desc": o.delivery_time, "estimated_delivery_time": o.delivery_time,
                "min_delivery_days": o.min_days, "max_delivery_days": o.max_days, "free_shipping": o.amount == "0.00", "tracking": true,
                "ship_from_country": p.ship_from, "available_stock": stock.to_string()})).collect::<Vec<_>>()}}),
            )
        }
        "aliexpress.ds.order.create" => super::aliexpress_orders::create(&app, &method, &q),
        "aliexpress.trade.ds.order.get" => super::aliexpress_orders::get(&app, &method, &q),
        _ => error("InvalidMethod", "Invalid method"),
    }
}
