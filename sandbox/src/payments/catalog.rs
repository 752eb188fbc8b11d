//! Products and Prices (Stripe API reference, "Products" and "Prices"). A Price is what a
//! Checkout line item or a subscription item charges: one-time, or recurring every
//! `interval_count` days, weeks, months or years. An inline `price_data` makes an inactive
//! Price of its own, as Stripe does, which later calls cannot reuse.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::form::Shape;
use super::intents::no_such;
use super::{accepted, authorised, check, int, invalid, metadata, missing, no_such_param, params, s};
use crate::AppState;

/// `recurring` of a Price or of `price_data`.
pub const RECURRING: Shape = Shape::Map(&[("interval", Shape::Value), ("interval_count", Shape::Value)]);
const PRODUCT_DATA: Shape = Shape::Map(&[
    ("name", Shape::Value),
    ("active", Shape::Value),
    ("metadata", Shape::Free),
    ("statement_descriptor", Shape::Value),
    ("tax_code", Shape::Value),
    ("unit_label", Shape::Value),
]);
/// Checkout's `line_items[][price_data]`: a product by id or made inline.
pub const CHECKOUT_PRICE_DATA: Shape = Shape::Map(&[
    ("currency", Shape::Value),
    ("product", Shape::Value),
    ("product_data", Shape::Map(&[("name", Shape::Value), ("description", Shape::Value), ("images", Shape::Free), ("metadata", Shape::Free)])),
    ("recurring", RECURRING),
    ("unit_amount", Shape::Value),
    ("unit_amount_decimal", Shape::Value),
    ("tax_behavior", Shape::Value),
]);
/// A subscription item's `price_data`: the product must exist already (no `product_data`).
pub const SUBSCRIPTION_PRICE_DATA: Shape = Shape::Map(&[
    ("currency", Shape::Value),
    ("product", Shape::Value),
    ("recurring", RECURRING),
    ("unit_amount", Shape::Value),
    ("unit_amount_decimal", Shape::Value),
    ("tax_behavior", Shape::Value),
]);
const CREATE_PRICE: Shape = Shape::Map(&[
    ("currency", Shape::Value),
    ("unit_amount", Shape::Value),
    ("unit_amount_decimal", Shape::Value),
    ("product", Shape::Value),
    ("product_data", PRODUCT_DATA),
    ("recurring", RECURRING),
    ("nickname", Shape::Value),
    ("lookup_key", Shape::Value),
    ("active", Shape::Value),
    ("tax_behavior", Shape::Value),
    ("billing_scheme", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);
const CREATE_PRODUCT: Shape = Shape::Map(&[
    ("name", Shape::Value),
    ("id", Shape::Value),
    ("active", Shape::Value),
    ("description", Shape::Value),
    ("images", Shape::Free),
    ("metadata", Shape::Free),
    ("statement_descriptor", Shape::Value),
    ("tax_code", Shape::Value),
    ("unit_label", Shape::Value),
    ("url", Shape::Value),
    ("shippable", Shape::Value),
    ("expand", Shape::Free),
]);
const PRODUCT_LIST: Shape = Shape::Map(&[("limit", Shape::Value), ("active", Shape::Value), ("expand", Shape::Free)]);
const LIST: Shape = Shape::Map(&[
    ("limit", Shape::Value),
    ("active", Shape::Value),
    ("product", Shape::Value),
    ("type", Shape::Value),
    ("lookup_keys", Shape::Free),
    ("currency", Shape::Value),
    ("expand", Shape::Free),
]);

/// `at[key]`, or `key` at the top level: how Stripe names a nested parameter in its errors.
fn name(at: &str, key: &str) -> String {
    if at.is_empty() { key.to_string() } else { format!("{at}[{key}]") }
}

fn product_object(app: &AppState, id: Option<String>, p: &Value) -> Value {
    let w = app.world();
    let now = w.clock.now_secs();
    json!({
        "id": id.unwrap_or_else(|| w.token("prod_")), "object": "product", "name": s(p, "name"), "active": s(p, "active").is_none_or(|a| a == "true"),
        "description": s(p, "description"), "images": p.get("images").cloned().unwrap_or_else(|| json!([])), "metadata": metadata(p),
        "default_price": null, "type": "service", "url": s(p, "url"), "unit_label": s(p, "unit_label"), "tax_code": s(p, "tax_code"),
        "statement_descriptor": s(p, "statement_descriptor"), "created": now, "updated": now, "livemode": false,
    })
}

/// `recurring` checked as Stripe checks it: an interval of day, week, month or year, a positive
/// count, and no more than a year between bills.
fn recurring(r: &Value, at: &str) -> Result<Value, Response> {
    let interval = s(r, "interval").ok_or_else(|| missing(&name(at, "interval")))?;
    let count = match s(r, "interval_count") {
        None => 1,
        Some(c) => c.parse::<i64>().ok().filter(|c| *c > 0).ok_or_else(|| invalid(&name(at, "interval_count"), "Invalid positive integer"))?,
    };
    let days = match interval.as_str() {
        "day" => count,
        "week" => count * 7,
        "month" => count * 31,
        "year" => count * 366,
        _ => return Err(invalid(&name(at, "interval"), &format!("Invalid {}: must be one of day, month, week, or year", name(at, "interval")))),
    };
    if days > 366 {
        return Err(invalid(&name(at, "interval_count"), "The maximum billing frequency is one year (1 year, 12 months, or 52 weeks)."));
    }
    Ok(json!({"interval": interval, "interval_count": count, "usage_type": "licensed", "trial_period_days": null, "meter": null}))
}

/// A Price from `/v1/prices` or a `price_data` at `at` (whose shape the caller checked): a
/// currency, a unit amount, a product (by id, or `product_data` where the call takes it) and,
/// when recurring, its interval. Kept, and answered.
pub fn make_price(app: &AppState, p: &Value, at: &str, active: bool) -> Result<Value, Response> {
    let currency = s(p, "currency").ok_or_else(|| missing(&name(at, "currency")))?.to_lowercase();
    if currency.len() != 3 || !currency.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(invalid(&name(at, "currency"), &format!("Invalid currency: {currency}")));
    }
    let amount = match (s(p, "unit_amount"), s(p, "unit_amount_decimal")) {
        (Some(a), _) => a.parse::<i64>().ok().filter(|a| *a >= 0).ok_or_else(|| invalid(&name(at, "unit_amount"), "Invalid non-negative integer"))?,
        // Whole units only: the sandbox bills integer amounts.
        (None, Some(d)) => d.parse::<i64>().ok().filter(|a| *a >= 0).ok_or_else(|| invalid(&name(at, "unit_amount_decimal"), "Invalid decimal"))?,
        (None, None) => return Err(missing(&name(at, "unit_amount"))),
    };
    let recurring = match p.get("recurring") {
        Some(r) => Some(recurring(r, &name(at, "recurring"))?),
        None => None,
    };
    let w = app.world();
    let product = match (s(p, "product"), p.get("product_data")) {
        (Some(id), _) => match w.payments.read().expect("payments lock").product(&id) {
            Some(_) => id,
            None => return Err(no_such_param("product", &id, &name(at, "product"))),
        },
        (None, Some(data)) => {
            if s(data, "name").is_none() {
                return Err(missing(&name(&name(at, "product_data"), "name")));
            }
            let product = product_object(app, None, data);
            let id = product["id"].as_str().unwrap_or_default().to_string();
            w.payments.write().expect("payments lock").products.push(product);
            id
        }
        (None, None) => return Err(missing(&name(at, "product"))),
    };
    let price = json!({
        "id": w.token("price_"), "object": "price", "active": active, "billing_scheme": "per_unit", "currency": currency,
        "product": product, "unit_amount": amount, "unit_amount_decimal": amount.to_string(), "recurring": recurring,
        "type": if recurring.is_some() { "recurring" } else { "one_time" }, "nickname": s(p, "nickname"), "lookup_key": s(p, "lookup_key"),
        "tax_behavior": s(p, "tax_behavior").unwrap_or_else(|| "unspecified".into()), "metadata": metadata(p),
        "custom_unit_amount": null, "tiers_mode": null, "transform_quantity": null, "created": w.clock.now_secs(), "livemode": false,
    });
    w.payments.write().expect("payments lock").prices.push(price.clone());
    Ok(price)
}

/// A Price named by id in `param`: it must exist and be active.
pub fn price_by_id(app: &AppState, id: &str, param: &str) -> Result<Value, Response> {
    let w = app.world();
    let found = w.payments.read().expect("payments lock").price(id).cloned();
    let price = found.ok_or_else(|| no_such_param("price", id, param))?;
    if price["active"] != true {
        return Err(invalid(param, "The price specified is inactive. This field only accepts active prices."));
    }
    Ok(price)
}

/// A line or subscription item's quantity: a positive integer, 1 when left out.
pub fn quantity(item: &Value, at: &str) -> Result<i64, Response> {
    match s(item, "quantity") {
        None => Ok(1),
        Some(_) => int(item, "quantity").filter(|q| *q > 0).ok_or_else(|| invalid(&name(at, "quantity"), "Invalid positive integer")),
    }
}

pub async fn create_product(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &CREATE_PRODUCT) {
        Ok(p) => p,
        Err(r) => return r,
    };
    if s(&p, "name").is_none() {
        return missing("name");
    }
    let w = app.world();
    if let Some(id) = s(&p, "id")
        && w.payments.read().expect("payments lock").product(&id).is_some()
    {
        return super::param_error(StatusCode::BAD_REQUEST, "resource_already_exists", "id", "Product already exists.");
    }
    let product = product_object(&app, s(&p, "id"), &p);
    w.payments.write().expect("payments lock").products.push(product.clone());
    Json(product).into_response()
}

pub async fn create_price(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &CREATE_PRICE) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let active = s(&p, "active").is_none_or(|a| a == "true");
    if let Some(key) = s(&p, "lookup_key") {
        let taken = app.world().payments.read().expect("payments lock").prices.iter().find(|pr| pr["lookup_key"] == key.as_str()).map(|pr| pr["id"].clone());
        if let Some(id) = taken {
            // Stripe moves a lookup key only when asked (`transfer_lookup_key`), which the sandbox does not take.
            let m = format!("A price (`{}`) already uses that lookup key.", id.as_str().unwrap_or_default());
            return invalid("lookup_key", &m);
        }
    }
    make_price(&app, &p, "", active).map(|price| Json(price).into_response()).unwrap_or_else(|r| r)
}

fn read(app: &AppState, headers: &HeaderMap, kind: &str, id: &str, pick: impl Fn(&super::model::State) -> Option<Value>) -> Response {
    if let Err(r) = authorised(headers) {
        return r;
    }
    pick(&app.world().payments.read().expect("payments lock")).map(|v| Json(v).into_response()).unwrap_or_else(|| no_such(kind, id))
}

pub async fn retrieve_product(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    read(&app, &headers, "product", &id, |p| p.product(&id).cloned())
}

pub async fn retrieve_price(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    read(&app, &headers, "price", &id, |p| p.price(&id).cloned())
}

/// A list call's query, checked like a body.
pub fn query(headers: &HeaderMap, q: Option<String>, shape: &Shape) -> Result<Value, Response> {
    authorised(headers)?;
    let p = params(&HeaderMap::new(), q.unwrap_or_default().as_bytes());
    check(&p, shape)?;
    Ok(p)
}

/// `lookup_keys` of a price list: up to 10 strings.
fn lookup_keys(p: &Value) -> Result<Option<Vec<String>>, Response> {
    let keys: Vec<String> = match p.get("lookup_keys") {
        None => return Ok(None),
        Some(Value::Array(l)) => l.iter().filter_map(|k| k.as_str().map(str::to_string)).collect(),
        Some(Value::String(one)) => vec![one.clone()],
        Some(_) => return Err(invalid("lookup_keys", "Invalid array")),
    };
    if keys.len() > 10 {
        return Err(invalid("lookup_keys", "You may only specify up to 10 lookup keys."));
    }
    Ok(Some(keys))
}

/// `GET /v1/prices?active&product&type&currency&lookup_keys[]&limit`.
pub async fn list_prices(State(app): State<AppState>, headers: HeaderMap, RawQuery(q): RawQuery) -> Response {
    let p = match query(&headers, q, &LIST) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let keys = match lookup_keys(&p) {
        Ok(k) => k,
        Err(r) => return r,
    };
    let by_key = |v: &Value| keys.as_ref().is_none_or(|ks| v["lookup_key"].as_str().is_some_and(|k| ks.iter().any(|want| want == k)));
    let keep = |v: &&Value| {
        by_key(v) && ["active", "product", "type", "currency"].iter().all(|k| s(&p, k).is_none_or(|want| v[*k].to_string().trim_matches('"') == want))
    };
    let all: Vec<Value> = app.world().payments.read().expect("payments lock").prices.iter().filter(keep).cloned().collect();
    super::list("/v1/prices", all, &p).unwrap_or_else(|r| r)
}

/// `GET /v1/products?active&limit`.
pub async fn list_products(State(app): State<AppState>, headers: HeaderMap, RawQuery(q): RawQuery) -> Response {
    let p = match query(&headers, q, &PRODUCT_LIST) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let keep = |v: &&Value| s(&p, "active").is_none_or(|want| v["active"].as_bool() == Some(want == "true"));
    let all: Vec<Value> = app.world().payments.read().expect("payments lock").products.iter().filter(keep).cloned().collect();
    super::list("/v1/products", all, &p).unwrap_or_else(|r| r)
}
