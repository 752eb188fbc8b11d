//! WooCommerce: REST API v3 (`/woo/{store}/wp-json/wc/v3/...`), webhooks,
//! the Shipment Tracking extension and the `wc-auth` key-issuing flow.
//! Resources are kept as JSON objects in Woo's own shape: the REST API is a
//! thin layer over them, which keeps this emulation short and faithful.
use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::{FromRequestParts, Path, Query};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::AppState;
use crate::state::World;
use crate::util::{b64_decode, json_error};

pub mod control;
pub mod currency;
pub mod model;
pub mod oauth;
pub mod order_create;
pub mod orders;
pub mod products;
pub mod terms;
mod wc_auth;
pub mod webhooks;

use model::Store;

pub fn routes() -> Router<AppState> {
    let v3 = "/woo/{store}/wp-json/wc/v3";
    Router::new()
        .route(&format!("{v3}/products"), get(products::list).post(products::create))
        .route(
            &format!("{v3}/products/{{id}}"),
            get(products::get_one).put(products::update).patch(products::update).post(products::update).delete(products::delete),
        )
        .route(&format!("{v3}/products/{{id}}/variations"), get(products::list_variations).post(products::create_variation))
        .route(&format!("{v3}/products/{{id}}/variations/batch"), post(products::batch_variations).put(products::batch_variations))
        .route(
            &format!("{v3}/products/{{id}}/variations/{{vid}}"),
            get(products::get_variation).put(products::update_variation).delete(products::delete_variation),
        )
        .route(&format!("{v3}/orders"), get(orders::list).post(order_create::rest))
        .route(&format!("{v3}/orders/{{id}}"), get(orders::get_one).put(orders::update).patch(orders::update).post(orders::update))
        .route(&format!("{v3}/orders/{{id}}/notes"), get(orders::list_notes).post(orders::create_note))
        .route(&format!("{v3}/webhooks"), get(webhooks::list).post(webhooks::create))
        .route(&format!("{v3}/webhooks/{{id}}"), get(webhooks::get_one).delete(webhooks::delete))
        .route("/woo/{store}/wp-json/wc-shipment-tracking/v3/orders/{id}/shipment-trackings", get(orders::list_trackings).post(orders::create_tracking))
        .route("/woo/{store}/wp-json/wc-shipment-tracking/v3/orders/{id}/shipment-trackings/{tid}", get(orders::get_tracking).delete(orders::delete_tracking))
        .route(&format!("{v3}/data/currencies/current"), get(currency::current))
        .route("/_sandbox/woo/{store}/currency", post(currency::set))
        .merge(terms::routes(v3))
        .merge(control::routes())
}

/// Woo's error body; batch calls report it in place of the item it is about.
pub fn error_body(status: StatusCode, code: &str, message: &str) -> Value {
    json!({"code": code, "message": message, "data": {"status": status.as_u16()}})
}

pub fn woo_error(status: StatusCode, code: &str, message: &str) -> Response {
    json_error(status, error_body(status, code, message))
}

/// The resource as JSON, or `missing` (the 404 of its kind of id) when there is none.
pub fn found(r: Option<Value>, missing: impl FnOnce() -> Response) -> Response {
    match r {
        Some(v) => Json(v).into_response(),
        None => missing(),
    }
}

pub fn with_store<R>(w: &World, name: &str, f: impl FnOnce(&mut Store) -> R) -> R {
    let mut st = w.woo.write().expect("woo lock");
    let s = st.stores.entry(name.to_string()).or_insert_with(|| Store::new(name));
    f(s)
}

/// A REST call whose API key may read the store named in its path: every read handler takes
/// it first, so no route can skip the key check (`auth`).
pub struct ReadAccess;

/// A REST call whose API key may write the store named in its path (see `ReadAccess`).
pub struct WriteAccess;

impl FromRequestParts<AppState> for ReadAccess {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
        auth(parts, app, false).await.map(|()| ReadAccess)
    }
}

impl FromRequestParts<AppState> for WriteAccess {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
        auth(parts, app, true).await.map(|()| WriteAccess)
    }
}

/// Who may call: a request `oauth::verify` found correctly signed (OAuth 1.0a, as over plain
/// HTTP), or, over HTTPS only, the consumer key and secret by HTTP Basic or query parameters.
async fn auth(parts: &mut Parts, app: &AppState, write: bool) -> Result<(), Response> {
    let Path(path): Path<HashMap<String, String>> = Path::from_request_parts(parts, app).await.map_err(IntoResponse::into_response)?;
    let Query(q): Query<HashMap<String, String>> = Query::from_request_parts(parts, app).await.map_err(IntoResponse::into_response)?;
    let store = path.get("store").map_or("", String::as_str);
    let headers = &parts.headers;
    if let Some(ck) = headers.get(oauth::VERIFIED).and_then(|v| v.to_str().ok()) {
        return permitted(app, store, ck, write);
    }
    // The answer to a call without credentials, as WooCommerce words it for reads and writes.
    let unauthenticated = || {
        let (code, msg) = if write {
            ("woocommerce_rest_cannot_create", "Sorry, you are not allowed to create resources.")
        } else {
            ("woocommerce_rest_cannot_view", "Sorry, you cannot list resources.")
        };
        woo_error(StatusCode::UNAUTHORIZED, code, msg)
    };
    if !oauth::is_https(headers) {
        // WooCommerce reads neither Basic nor query keys over plain HTTP.
        return Err(unauthenticated());
    }
    let basic = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| b64_decode(b.trim()))
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.split_once(':').map(|(a, b)| (a.to_string(), b.to_string())));
    let creds = basic.or_else(|| Some((q.get("consumer_key")?.clone(), q.get("consumer_secret")?.clone())));
    let Some((ck, cs)) = creds else {
        return Err(unauthenticated());
    };
    let known = with_store(&app.world(), store, |s| s.keys.iter().find(|k| k.consumer_key == ck).map(|k| k.consumer_secret.clone()));
    match known {
        Some(secret) if secret != cs => {
            Err(woo_error(StatusCode::UNAUTHORIZED, "woocommerce_rest_authentication_error", "Invalid signature - provided signature does not match."))
        }
        _ => permitted(app, store, &ck, write),
    }
}

/// The key exists and, for a write, may write.
fn permitted(app: &AppState, store: &str, ck: &str, write: bool) -> Result<(), Response> {
    let key = with_store(&app.world(), store, |s| s.keys.iter().find(|k| k.consumer_key == ck).cloned());
    match key {
        None => Err(woo_error(StatusCode::UNAUTHORIZED, "woocommerce_rest_authentication_error", "Consumer key is invalid.")),
        Some(k) if write && k.permissions == "read" => {
            Err(woo_error(StatusCode::UNAUTHORIZED, "woocommerce_rest_authentication_error", "The API key provided does not have write permissions."))
        }
        Some(_) => Ok(()),
    }
}

/// `page`/`per_page` slicing with X-WP-Total / X-WP-TotalPages. WooCommerce refuses a
/// `per_page` outside 1 to 100 rather than capping it.
pub fn paged(items: Vec<Value>, q: &HashMap<String, String>) -> Response {
    let per = match q.get("per_page").map(|v| v.parse::<usize>()) {
        None => 10,
        Some(Ok(n)) if (1..=100).contains(&n) => n,
        Some(_) => {
            let mut body = error_body(StatusCode::BAD_REQUEST, "rest_invalid_param", "Invalid parameter(s): per_page");
            body["data"]["params"] = json!({"per_page": "per_page must be between 1 (inclusive) and 100 (inclusive)"});
            return json_error(StatusCode::BAD_REQUEST, body);
        }
    };
    let page = q.get("page").and_then(|v| v.parse().ok()).unwrap_or(1usize).max(1);
    let total = items.len();
    let pages = total.div_ceil(per);
    let slice: Vec<Value> = items.into_iter().skip((page - 1) * per).take(per).collect();
    let mut res = axum::Json(Value::Array(slice)).into_response();
    let h = res.headers_mut();
    h.insert("x-wp-total", HeaderValue::from(total));
    h.insert("x-wp-totalpages", HeaderValue::from(pages));
    res
}

pub fn id_of(s: &str) -> u64 {
    s.parse().unwrap_or(0)
}

/// The `force` query parameter as WordPress's REST API reads a boolean (`rest_is_boolean`,
/// case-blind `true`/`false`/`1`/`0`, so the Python client's `force=True` is true); anything
/// else is refused with `rest_invalid_param` as WordPress does.
pub fn force(q: &HashMap<String, String>) -> Result<bool, Response> {
    match q.get("force").map(|f| f.to_ascii_lowercase()).as_deref() {
        None | Some("false" | "0") => Ok(false),
        Some("true" | "1") => Ok(true),
        Some(_) => {
            let mut body = error_body(StatusCode::BAD_REQUEST, "rest_invalid_param", "Invalid parameter(s): force");
            body["data"]["params"] = json!({"force": "force is not of type boolean."});
            Err(json_error(StatusCode::BAD_REQUEST, body))
        }
    }
}
