//! `/_sandbox/shopify/{shop}/...`: drive a shop from the test side —
//! simulate a customer order, cancel it, uninstall the app, tune throttling,
//! install without the OAuth dance, and inspect everything.
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{self, gid, normalize_shop};
use super::webhooks::{fire, order_json, shop_json};
use super::{oauth, read_shop, with_shop};
use crate::AppState;
use crate::util::json_error;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/_sandbox/shopify/{shop}", get(inspect))
        .route("/_sandbox/shopify/{shop}/install", post(install))
        .route("/_sandbox/shopify/{shop}/orders", post(create_order))
        .route("/_sandbox/shopify/{shop}/orders/{id}/cancel", post(cancel_order))
        .route("/_sandbox/shopify/{shop}/uninstall", post(uninstall))
        .route("/_sandbox/shopify/{shop}/throttle", post(throttle))
        .route("/_sandbox/shopify/{shop}/currency", post(currency))
}

async fn inspect(State(app): State<AppState>, Path(shop): Path<String>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    let w = app.world();
    with_shop(&w, &shop, |s| Json(serde_json::to_value(&*s).unwrap_or(Value::Null)))
}

#[derive(Deserialize, Default)]
struct InstallBody {
    scope: Option<String>,
}

/// Shortcut: issue an offline token as if the merchant had installed the app.
async fn install(State(app): State<AppState>, Path(shop): Path<String>, body: Option<Json<InstallBody>>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    let scope = body.and_then(|b| b.0.scope).unwrap_or_else(|| oauth::DEFAULT_SCOPE.into());
    let token = app.world().token("shpat_");
    oauth::issue_token(&app, &shop, &token, &scope);
    Json(json!({"shop": shop, "access_token": token, "scope": scope}))
}

#[derive(Deserialize)]
struct LineIn {
    variant_id: Option<u64>,
    sku: Option<String>,
    quantity: Option<i64>,
}

#[derive(Deserialize, Default)]
struct OrderIn {
    email: Option<String>,
    line_items: Option<Vec<LineIn>>,
    shipping_address: Option<AddrIn>,
    shipping_price: Option<String>,
}

#[derive(Deserialize, Default)]
struct AddrIn {
    name: Option<String>,
    address1: Option<String>,
    city: Option<String>,
    zip: Option<String>,
    province_code: Option<String>,
    country_code: Option<String>,
    phone: Option<String>,
}

/// A customer buys: order + fulfillment order are created, orders/create fires.
async fn create_order(State(app): State<AppState>, Path(shop): Path<String>, body: Option<Json<OrderIn>>) -> Response {
    let shop = normalize_shop(&shop);
    let body = body.map(|b| b.0).unwrap_or_default();
    let w = app.world();
    let now = w.clock.now_ms();
    let result = with_shop(&w, &shop, |s| {
        let wanted = body.line_items.unwrap_or_default();
        let mut lines = Vec::new();
        if wanted.is_empty() {
            let (p, v) = s.products.values().find_map(|p| p.variants.first().map(|v| (p, v))).ok_or("shop has no products")?;
            lines.push((p.clone(), v.clone(), 1));
        }
        for l in &wanted {
            let found = s.products.values().find_map(|p| {
                p.variants
                    .iter()
                    .find(|v| Some(v.id) == l.variant_id || (l.sku.is_some() && l.sku.as_deref() == Some(v.sku.as_str())))
                    .map(|v| (p.clone(), v.clone()))
            });
            let (p, v) = found.ok_or("variant not found")?;
            lines.push((p, v, l.quantity.unwrap_or(1).max(1)));
        }
        let a = body.shipping_address.unwrap_or_default();
        let order = model::Order {
            id: w.next_id(),
            number: s.next_order_number,
            email: body.email.unwrap_or_else(|| "customer@example.com".into()),
            created_ms: now,
            cancelled_ms: None,
            cancel_reason: None,
            currency: s.currency.clone(),
            line_items: lines
                .iter()
                .map(|(p, v, q)| model::LineItem {
                    id: w.next_id(),
                    product_id: Some(p.id),
                    variant_id: Some(v.id),
                    title: p.title.clone(),
                    variant_title: Some(v.title()),
                    sku: v.sku.clone(),
                    quantity: *q,
                    price_cents: v.price_cents,
                })
                .collect(),
            shipping: model::Address {
                name: a.name.unwrap_or_else(|| "Jane Doe".into()),
                address1: a.address1.unwrap_or_else(|| "1 Sandbox Way".into()),
                city: a.city.unwrap_or_else(|| "Springfield".into()),
                zip: a.zip.unwrap_or_else(|| "62701".into()),
                province_code: a.province_code.or(Some("IL".into())),
                country_code: a.country_code.unwrap_or_else(|| "US".into()),
                phone: a.phone,
            },
            shipping_cents: body.shipping_price.as_deref().and_then(crate::util::parse_money).unwrap_or(0),
        };
        s.next_order_number += 1;
        let fo = model::FulfillmentOrder {
            id: w.next_id(),
            order_id: order.id,
            status: "OPEN".into(),
            line_items: order
                .line_items
                .iter()
                .map(|l| model::FoLine { id: w.next_id(), line_item_id: l.id, total_quantity: l.quantity, remaining_quantity: l.quantity })
                .collect(),
        };
        let fo_id = fo.id;
        s.fulfillment_orders.insert(fo.id, fo);
        s.orders.insert(order.id, order.clone());
        Ok::<_, &str>((order, fo_id))
    });
    match result {
        Ok((order, fo_id)) => {
            tracing::info!(%shop, order = %order.name(), "shopify: customer order");
            let payload = order_json(&order);
            fire(&app, &shop, "ORDERS_CREATE", super::protected::shown(&w, &shop, payload.clone()));
            let mut out = payload;
            out["fulfillment_order_ids"] = json!([gid("FulfillmentOrder", fo_id)]);
            Json(out).into_response()
        }
        Err(e) => json_error(StatusCode::UNPROCESSABLE_ENTITY, json!({"error": e})),
    }
}

async fn cancel_order(State(app): State<AppState>, Path((shop, id)): Path<(String, String)>) -> Response {
    let shop = normalize_shop(&shop);
    let w = app.world();
    let id = model::parse_gid(&id).unwrap_or(0);
    let now = w.clock.now_ms();
    let order = with_shop(&w, &shop, |s| {
        let o = s.orders.get_mut(&id)?;
        o.cancelled_ms = Some(now);
        o.cancel_reason = Some("customer".into());
        let o = o.clone();
        s.fulfillment_orders.values_mut().filter(|f| f.order_id == id).for_each(|f| f.status = "CANCELLED".into());
        Some(o)
    });
    match order {
        Some(o) => {
            let payload = order_json(&o);
            fire(&app, &shop, "ORDERS_CANCELLED", super::protected::shown(&w, &shop, payload.clone()));
            Json(payload).into_response()
        }
        None => json_error(StatusCode::NOT_FOUND, json!({"error": "order not found"})),
    }
}

async fn uninstall(State(app): State<AppState>, Path(shop): Path<String>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    let w = app.world();
    let payload = with_shop(&w, &shop, |s| {
        s.installed = false;
        shop_json(s)
    });
    // Tokens die with the install; webhooks still go out (Shopify sends app/uninstalled after revoking).
    w.shopify.write().expect("shopify lock").tokens.retain(|_, s| *s != shop);
    fire(&app, &shop, "APP_UNINSTALLED", payload);
    Json(json!({"shop": shop, "installed": false}))
}

#[derive(Deserialize)]
struct ThrottleIn {
    /// standard, advanced, plus or enterprise: Shopify's bucket for that plan, full.
    plan: Option<String>,
    enabled: Option<bool>,
    currently_available: Option<f64>,
    maximum_available: Option<f64>,
    restore_rate: Option<f64>,
}

async fn throttle(State(app): State<AppState>, Path(shop): Path<String>, Json(t): Json<ThrottleIn>) -> Response {
    let shop = normalize_shop(&shop);
    let w = app.world();
    let now = w.clock.now_ms();
    let plan = match t.plan.as_deref().map(|p| super::graphql::cost::plan_bucket(p, now)) {
        Some(None) => return json_error(StatusCode::UNPROCESSABLE_ENTITY, json!({"error": "plan is one of standard, advanced, plus, enterprise"})),
        Some(Some(b)) => Some(b),
        None => None,
    };
    let b = with_shop(&w, &shop, |s| {
        if let Some(p) = plan {
            let (replies, charged) = (s.throttle.throttled_replies, s.throttle.points_charged);
            s.throttle = model::Bucket { throttled_replies: replies, points_charged: charged, ..p };
        }
        let b = &mut s.throttle;
        super::graphql::cost::refill(b, now);
        if let Some(e) = t.enabled {
            b.enabled = e;
        }
        if let Some(m) = t.maximum_available {
            b.maximum = m;
        }
        if let Some(r) = t.restore_rate {
            b.restore_rate = r;
        }
        if let Some(a) = t.currently_available {
            b.available = a.min(b.maximum);
        }
        b.clone()
    });
    let _ = read_shop(&w, &shop, |_| ());
    Json(serde_json::to_value(b).unwrap_or(Value::Null)).into_response()
}

#[derive(Deserialize)]
struct CurrencyIn {
    currency: String,
}

/// Sets the shop's currency (`shop.currencyCode`, and the currency of its new orders), which
/// the seed otherwise picks by the shop's name.
async fn currency(State(app): State<AppState>, Path(shop): Path<String>, Json(c): Json<CurrencyIn>) -> Response {
    let code = c.currency.to_ascii_uppercase();
    if code.len() != 3 || !code.chars().all(|ch| ch.is_ascii_uppercase()) {
        return json_error(StatusCode::UNPROCESSABLE_ENTITY, json!({"error": "currency is a three-letter code"}));
    }
    let shop = normalize_shop(&shop);
    with_shop(&app.world(), &shop, |s| s.currency = code.clone());
    Json(json!({"shop": shop, "currency": code})).into_response()
}
