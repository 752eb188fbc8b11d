//! The store's currency, as WooCommerce's REST API v3 tells it: `GET /data/currencies/current`
//! answers `{"code": "EUR", "name": "Euro", "symbol": "&euro;"}` (WooCommerce 3.5+). A test sets
//! it with `POST /_sandbox/woo/{store}/currency {"currency": "EUR"}`; stores start in USD.
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{ReadAccess, with_store, woo_error};
use crate::AppState;

fn describe(code: &str) -> (&'static str, &'static str) {
    match code {
        "USD" => ("United States (US) dollar", "&#36;"),
        "EUR" => ("Euro", "&euro;"),
        "GBP" => ("Pound sterling", "&pound;"),
        "AUD" => ("Australian dollar", "&#36;"),
        "JPY" => ("Japanese yen", "&yen;"),
        "PLN" => ("Polish z&#x142;oty", "z&#x142;"),
        _ => ("", ""),
    }
}

pub async fn current(_: ReadAccess, State(app): State<AppState>, Path(store): Path<String>) -> Json<Value> {
    let code = with_store(&app.world(), &store, |s| s.currency.clone());
    let (name, symbol) = describe(&code);
    Json(json!({ "code": code, "name": name, "symbol": symbol }))
}

pub async fn set(State(app): State<AppState>, Path(store): Path<String>, Json(body): Json<Value>) -> Response {
    let code = body["currency"].as_str().unwrap_or_default().to_ascii_uppercase();
    if code.len() != 3 || !code.chars().all(|c| c.is_ascii_uppercase()) {
        return woo_error(StatusCode::BAD_REQUEST, "rest_invalid_param", "currency is a three-letter code");
    }
    with_store(&app.world(), &store, |s| s.currency = code.clone());
    Json(json!({ "currency": code })).into_response()
}
