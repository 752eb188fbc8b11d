//! Exchange rates in the shape of currencylayer's `live` endpoint (apilayer,
//! https://currencylayer.com/documentation): `GET /currencylayer/live?access_key=…&source=USD`
//! answers `{"success":true,"timestamp":…,"source":"USD","quotes":{"USDAUD":1.5321,…}}`, the
//! quotes keyed as the source currency plus the quoted code. A wrong key answers `success:false`
//! with an `error` object and HTTP 200, as currencylayer does. Tests set quotes with
//! `POST /_sandbox/rates {"USDAUD": 1.6}`.
use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{AppState, creds};

/// Quotes of one US dollar, a plausible day's worth; tests replace them as they need.
const DEFAULT_QUOTES: &[(&str, f64)] = &[
    ("USDUSD", 1.0),
    ("USDEUR", 0.9187),
    ("USDGBP", 0.7865),
    ("USDAUD", 1.5321),
    ("USDCAD", 1.3942),
    ("USDJPY", 154.23),
    ("USDKRW", 1392.5),
    ("USDVND", 25410.0),
    ("USDIDR", 15870.0),
    ("USDXOF", 602.6),
    ("USDXAF", 602.6),
    ("USDPLN", 3.9712),
    ("USDRUB", 92.35),
    ("USDUAH", 41.25),
    ("USDDZD", 134.1),
    ("USDMXN", 17.02),
    ("USDBRL", 5.43),
    ("USDCNY", 7.24),
    ("USDINR", 83.4),
    ("USDCHF", 0.8812),
    ("USDNZD", 1.68),
    ("USDSGD", 1.35),
    ("USDSAR", 3.75),
    ("USDAED", 3.6725),
];

pub struct RatesState {
    quotes: BTreeMap<String, f64>,
}

impl Default for RatesState {
    fn default() -> Self {
        RatesState { quotes: DEFAULT_QUOTES.iter().map(|(k, v)| (k.to_string(), *v)).collect() }
    }
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/currencylayer/live", get(live)).route("/_sandbox/rates", post(set_quotes))
}

#[derive(Deserialize)]
struct LiveQuery {
    access_key: Option<String>,
    source: Option<String>,
}

async fn live(State(app): State<AppState>, Query(q): Query<LiveQuery>) -> Json<Value> {
    if q.access_key.as_deref() != Some(creds::RATES_ACCESS_KEY) {
        return Json(json!({"success": false, "error": {"code": 101, "type": "invalid_access_key", "info": "You have not supplied a valid API Access Key."}}));
    }
    // The free plan quotes USD only; so does the sandbox.
    if q.source.as_deref().is_some_and(|s| !s.eq_ignore_ascii_case("USD")) {
        return Json(
            json!({"success": false, "error": {"code": 105, "type": "function_access_restricted", "info": "Access Restricted - Your current Subscription Plan does not support Source Currency Switching."}}),
        );
    }
    let w = app.world();
    let quotes = w.rates.read().expect("rates lock").quotes.clone();
    Json(json!({
        "success": true,
        "terms": "https://currencylayer.com/terms",
        "privacy": "https://currencylayer.com/privacy",
        "timestamp": w.clock.now_ms() / 1000,
        "source": "USD",
        "quotes": quotes,
    }))
}

async fn set_quotes(State(app): State<AppState>, Json(quotes): Json<BTreeMap<String, f64>>) -> Json<Value> {
    let w = app.world();
    let mut st = w.rates.write().expect("rates lock");
    st.quotes.extend(quotes);
    Json(json!({"quotes": st.quotes}))
}
