//! `/wc/v3/orders` (list, get, update status; creating is `order_create.rs`), order notes, and the
//! Shipment Tracking extension (`/wc-shipment-tracking/v3/...`).
use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::model::woo_date;
use super::{ReadAccess, WriteAccess, found, id_of, paged, webhooks, with_store, woo_error};
use crate::AppState;

type Q = Query<HashMap<String, String>>;
pub(super) const STATUSES: &[&str] = &["pending", "processing", "on-hold", "completed", "cancelled", "refunded", "failed", "checkout-draft"];

fn invalid_order() -> Response {
    woo_error(StatusCode::NOT_FOUND, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.")
}

fn invalid_tracking() -> Response {
    woo_error(StatusCode::NOT_FOUND, "woocommerce_rest_order_invalid_id", "Invalid tracking ID.")
}

pub async fn list(_: ReadAccess, State(app): State<AppState>, Path(store): Path<String>, Query(q): Q) -> Response {
    let items = with_store(&app.world(), &store, |st| {
        st.orders.values().rev().filter(|o| q.get("status").is_none_or(|s| s == "any" || s.split(',').any(|s| o["status"] == *s))).cloned().collect()
    });
    paged(items, &q)
}

pub async fn get_one(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>) -> Response {
    found(with_store(&app.world(), &store, |st| st.orders.get(&id_of(&id)).cloned()), invalid_order)
}

pub async fn update(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Json(input): Json<Value>) -> Response {
    if let Some(s) = input.get("status").and_then(Value::as_str)
        && !STATUSES.contains(&s)
    {
        return woo_error(StatusCode::BAD_REQUEST, "rest_invalid_param", "Invalid parameter(s): status");
    }
    let w = app.world();
    let now = w.clock.now_ms();
    let r = with_store(&w, &store, |st| {
        let o = st.orders.get_mut(&id_of(&id))?;
        for k in ["status", "customer_note", "meta_data", "shipping", "billing", "transaction_id"] {
            if let Some(v) = input.get(k) {
                o[k] = v.clone();
            }
        }
        o["date_modified"] = json!(woo_date(now));
        if o["status"] == "completed" && o["date_completed"].is_null() {
            o["date_completed"] = json!(woo_date(now));
        }
        Some(o.clone())
    });
    match r {
        Some(o) => webhooks::announce(&app, &store, "order.updated", StatusCode::OK, o),
        None => invalid_order(),
    }
}

pub async fn list_notes(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>) -> Response {
    let notes = with_store(&app.world(), &store, |st| st.orders.contains_key(&id_of(&id)).then(|| st.notes.get(&id_of(&id)).cloned().unwrap_or_default()));
    match notes {
        Some(mut n) => {
            n.reverse();
            Json(n).into_response()
        }
        None => invalid_order(),
    }
}

pub async fn create_note(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Json(input): Json<Value>) -> Response {
    let Some(text) = input.get("note").and_then(Value::as_str).map(str::to_string) else {
        return woo_error(StatusCode::BAD_REQUEST, "rest_missing_callback_param", "Missing parameter(s): note");
    };
    let now = app.world().clock.now_ms();
    let r = with_store(&app.world(), &store, |st| {
        if !st.orders.contains_key(&id_of(&id)) {
            return None;
        }
        let nid = st.id();
        let note = json!({
            "id": nid, "author": "WooCommerce", "date_created": woo_date(now), "date_created_gmt": woo_date(now),
            "note": text, "customer_note": input.get("customer_note").and_then(Value::as_bool).unwrap_or(false),
        });
        st.notes.entry(id_of(&id)).or_default().push(note.clone());
        Some(note)
    });
    match r {
        Some(n) => (StatusCode::CREATED, Json(n)).into_response(),
        None => invalid_order(),
    }
}

fn tracking_link(provider: &str, number: &str) -> String {
    match provider.to_lowercase().as_str() {
        "usps" => format!("https://tools.usps.com/go/TrackConfirmAction_input?qtc_tLabels1={number}"),
        "ups" => format!("https://www.ups.com/track?tracknum={number}"),
        "fedex" => format!("https://www.fedex.com/apps/fedextrack/?tracknumbers={number}"),
        "dhl" => format!("https://www.dhl.com/en/express/tracking.html?AWB={number}"),
        _ => format!("https://t.17track.net/en#nums={number}"),
    }
}

pub async fn list_trackings(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>) -> Response {
    let trackings =
        with_store(&app.world(), &store, |st| st.orders.contains_key(&id_of(&id)).then(|| st.trackings.get(&id_of(&id)).cloned().unwrap_or_default()));
    found(trackings.map(Value::Array), invalid_order)
}

pub async fn create_tracking(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Json(input): Json<Value>) -> Response {
    let str_of = |k: &str| input.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let number = str_of("tracking_number");
    if number.is_empty() {
        return woo_error(StatusCode::BAD_REQUEST, "rest_missing_callback_param", "Missing parameter(s): tracking_number");
    }
    let custom = str_of("custom_tracking_provider");
    let provider = if custom.is_empty() { str_of("tracking_provider") } else { custom };
    let link = Some(str_of("custom_tracking_link")).filter(|l| !l.is_empty()).unwrap_or_else(|| tracking_link(&provider, &number));
    let w = app.world();
    let now = w.clock.now_ms();
    let tid = w.token("");
    let date = Some(str_of("date_shipped")).filter(|d| !d.is_empty()).unwrap_or_else(|| (now / 1000).to_string());
    let r = with_store(&w, &store, |st| {
        st.orders.get(&id_of(&id))?;
        let t = json!({"tracking_id": &tid[..32], "tracking_provider": provider, "tracking_link": link, "tracking_number": number, "date_shipped": date});
        st.trackings.entry(id_of(&id)).or_default().push(t.clone());
        let nid = st.id();
        // The extension also leaves an order note, like the real plugin.
        st.notes.entry(id_of(&id)).or_default().push(
            json!({"id": nid, "author": "system", "date_created": woo_date(now), "note": format!("Shipment tracking added: {number}"), "customer_note": false}),
        );
        Some(t)
    });
    match r {
        Some(t) => (StatusCode::CREATED, Json(t)).into_response(),
        None => invalid_order(),
    }
}

pub async fn get_tracking(_: ReadAccess, State(app): State<AppState>, Path((store, id, tid)): Path<(String, String, String)>) -> Response {
    found(
        with_store(&app.world(), &store, |st| st.trackings.get(&id_of(&id)).and_then(|v| v.iter().find(|t| t["tracking_id"] == *tid).cloned())),
        invalid_tracking,
    )
}

pub async fn delete_tracking(_: WriteAccess, State(app): State<AppState>, Path((store, id, tid)): Path<(String, String, String)>) -> Response {
    let removed = with_store(&app.world(), &store, |st| {
        let v = st.trackings.get_mut(&id_of(&id))?;
        let pos = v.iter().position(|t| t["tracking_id"] == *tid)?;
        Some(v.remove(pos))
    });
    match removed {
        Some(_) => Json(json!({"message": "Successfully deleted tracking number."})).into_response(),
        None => invalid_tracking(),
    }
}
