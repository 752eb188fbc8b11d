//! 17TRACK API v2.2 (`/track/v2.2/register`, `/track/v2.2/gettrackinfo`,
//! `17token` header). Parcels walk the statuses on the virtual clock:
//! NotFound → InfoReceived → InTransit → (AvailableForPickup | OutForDelivery)
//! → Delivered, or end in Expired / DeliveryFailure / Exception. The fate is
//! a function of (seed, number); prefixes force one for tests (README).
use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::State;

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};

use crate::state::World;
use crate::suppliers::model::{DAY, HOUR};
use crate::util::{hash_str, json_error, rfc3339};
use crate::{AppState, creds};

#[derive(Default)]
pub struct CarrierState {
    parcels: HashMap<String, Parcel>,
    /// Parcels shipped by sandbox suppliers: number → (shipped, delivered, country).
    known: HashMap<String, (i64, i64, String)>,
}

#[derive(Clone)]
struct Parcel {
    carrier: i64,
    registered_ms: i64,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Fate {
    Delivered,
    Pickup,
    Expired,
    Failure,
    Exception,
    NeverFound,
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/track/v2.2/register", post(register))
        .route("/track/v2.2/gettrackinfo", post(gettrackinfo))
        .route("/track/v2.2/deletetrack", post(deletetrack))
}

/// Supplier orders call this when they ship, so tracking agrees with the order.
pub fn note_shipment(w: &World, number: &str, shipped_ms: i64, delivered_ms: i64, country: &str) {
    let mut st = w.carriers.write().expect("carriers lock");
    st.known.entry(number.to_string()).or_insert((shipped_ms, delivered_ms, country.to_string()));
}

fn fate(seed: u64, number: &str, known: bool) -> Fate {
    let n = number.to_uppercase();
    for (p, f) in [("EXP", Fate::Expired), ("FAIL", Fate::Failure), ("EXC", Fate::Exception), ("NF", Fate::NeverFound), ("PICK", Fate::Pickup)] {
        if n.starts_with(p) {
            return f;
        }
    }
    if known {
        return Fate::Delivered;
    }
    match hash_str(seed, &n) % 100 {
        0..72 => Fate::Delivered,
        72..82 => Fate::Pickup,
        82..88 => Fate::Expired,
        88..94 => Fate::Failure,
        _ => Fate::Exception,
    }
}

fn auth(headers: &HeaderMap) -> Result<(), Response> {
    if headers.get("17token").and_then(|v| v.to_str().ok()) == Some(creds::TRACK17_TOKEN) {
        return Ok(());
    }
    Err(json_error(
        StatusCode::UNAUTHORIZED,
        json!({"code": 401, "data": {"errors": [{"code": -18010002, "message": "Access denied, invalid security key."}]}}),
    ))
}

fn items(body: &Value) -> Vec<(String, i64)> {
    body.as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| Some((i.get("number")?.as_str()?.trim().to_string(), i.get("carrier").and_then(Value::as_i64).unwrap_or(0))))
        .collect()
}

/// 17TRACK takes at most 40 numbers a call (error -18010014).
fn too_many() -> Response {
    let error = json!({"code": -18010014, "message": "The number of tracking numbers exceeds the limit of 40."});
    Json(json!({"code": 0, "data": {"accepted": [], "rejected": [], "errors": [error]}})).into_response()
}

/// 17TRACK's milestone key stages, distinct from the main statuses, each reached by a sub-status.
const KEY_STAGES: [(&str, &[&str]); 9] = [
    ("InfoReceived", &["InfoReceived"]),
    ("PickedUp", &["InTransit_PickedUp"]),
    ("Departure", &["InTransit_Departure"]),
    ("Arrival", &["InTransit_Arrival"]),
    ("AvailableForPickup", &["AvailableForPickup_Other"]),
    ("OutForDelivery", &["OutForDelivery_Other"]),
    ("Delivered", &["Delivered_Other"]),
    ("Returning", &["Exception_Returning"]),
    ("Returned", &["Exception_Returned"]),
];

fn rejected(number: &str, code: i64, message: String) -> Value {
    json!({"number": number, "error": {"code": code, "message": message}})
}

async fn register(State(app): State<AppState>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    if let Err(e) = auth(&headers) {
        return e;
    }
    let list = items(&body);
    if list.len() > 40 {
        return too_many();
    }
    let w = app.world();
    let now = w.clock.now_ms();
    let mut st = w.carriers.write().expect("carriers lock");
    let (mut acc, mut rej) = (vec![], vec![]);
    for (number, carrier) in list {
        if number.len() < 5 || !number.chars().all(|c| c.is_ascii_alphanumeric()) {
            rej.push(rejected(&number, -18010012, format!("The format of '{number}' is invalid.")));
        } else if st.parcels.contains_key(&number) {
            rej.push(rejected(&number, -18019901, format!("The tracking number '{number}' has been registered, don't need to repeat registration.")));
        } else {
            let carrier = if carrier == 0 { guess_carrier(&number) } else { carrier };
            st.parcels.insert(number.clone(), Parcel { carrier, registered_ms: now });
            acc.push(json!({"origin": 1, "number": number, "carrier": carrier}));
        }
    }
    Json(json!({"code": 0, "data": {"accepted": acc, "rejected": rej}})).into_response()
}

async fn deletetrack(State(app): State<AppState>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    if let Err(e) = auth(&headers) {
        return e;
    }
    let w = app.world();
    let mut st = w.carriers.write().expect("carriers lock");
    let (mut acc, mut rej) = (vec![], vec![]);
    let list = items(&body);
    if list.len() > 40 {
        return too_many();
    }
    for (number, _) in list {
        match st.parcels.remove(&number) {
            Some(p) => acc.push(json!({"number": number, "carrier": p.carrier})),
            None => rej.push(rejected(&number, -18019902, format!("The tracking number '{number}' does not register, please register first."))),
        }
    }
    Json(json!({"code": 0, "data": {"accepted": acc, "rejected": rej}})).into_response()
}

fn guess_carrier(number: &str) -> i64 {
    match number {
        n if n.starts_with("LP") => 190271, // Cainiao
        n if n.starts_with("YT") => 190008, // YunExpress
        n if n.starts_with("CJ") => 190094, // CJPacket
        n if n.starts_with("94") => 21051,  // USPS
        _ => 3011,                          // China Post
    }
}

async fn gettrackinfo(State(app): State<AppState>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    if let Err(e) = auth(&headers) {
        return e;
    }
    let w = app.world();
    let now = w.clock.now_ms();
    let st = w.carriers.read().expect("carriers lock");
    let (mut acc, mut rej) = (vec![], vec![]);
    let list = items(&body);
    if list.len() > 40 {
        return too_many();
    }
    for (number, _) in list {
        let Some(p) = st.parcels.get(&number) else {
            rej.push(rejected(&number, -18019902, format!("The tracking number '{number}' does not register, please register first.")));
            continue;
        };
        let known = st.known.get(&number).cloned();
        acc.push(json!({"number": number, "carrier": p.carrier, "param": null, "tag": null,
            "track_info": track_info(w.seed, &number, p, known, now)}));
    }
    Json(json!({"code": 0, "data": {"accepted": acc, "rejected": rej}})).into_response()
}

/// (time, status, sub_status, description, location) events up to `now`, oldest first.
fn timeline(
    seed: u64,
    number: &str,
    p: &Parcel,
    known: &Option<(i64, i64, String)>,
    now: i64,
) -> Vec<(i64, &'static str, &'static str, &'static str, &'static str)> {
    let f = fate(seed, number, known.is_some());
    if f == Fate::NeverFound {
        return vec![];
    }
    let (start, end) = match known {
        Some((s, d, _)) => (*s, *d),
        None => (p.registered_ms, p.registered_ms + (7 + (hash_str(seed, number) % 14) as i64) * DAY),
    };
    let mut ev = vec![
        (start + 6 * HOUR, "InfoReceived", "InfoReceived", "Shipment information received", "Shenzhen, CN"),
        (start + DAY, "InTransit", "InTransit_PickedUp", "Accepted by carrier", "Shenzhen, CN"),
        (start + 2 * DAY, "InTransit", "InTransit_Departure", "Departed from origin country", "Hong Kong, HK"),
    ];
    match f {
        Fate::Expired => ev.push((start + 30 * DAY, "Expired", "Expired_Other", "No tracking updates for a long time", "")),
        Fate::Exception => ev.push((start + 3 * DAY, "Exception", "Exception_Returning", "Held by customs, returning to sender", "Hong Kong, HK")),
        _ => {
            let mid = start + (end - start) / 2;
            ev.push((mid, "InTransit", "InTransit_Arrival", "Arrived at destination country", "Los Angeles, US"));
            ev.push((mid + DAY.min((end - mid) / 2), "InTransit", "InTransit_CustomsReleased", "Customs clearance completed", "Los Angeles, US"));
            match f {
                Fate::Pickup => {
                    ev.push((end - DAY, "AvailableForPickup", "AvailableForPickup_Other", "Available for pickup at post office", "Springfield, US"));
                    ev.push((end, "Delivered", "Delivered_Other", "Picked up by recipient", "Springfield, US"));
                }
                Fate::Failure => {
                    ev.push((end - 8 * HOUR, "OutForDelivery", "OutForDelivery_Other", "Out for delivery", "Springfield, US"));
                    ev.push((end, "DeliveryFailure", "DeliveryFailure_NoBody", "Delivery attempted, recipient not available", "Springfield, US"));
                }
                _ => {
                    ev.push((end - 8 * HOUR, "OutForDelivery", "OutForDelivery_Other", "Out for delivery", "Springfield, US"));
                    ev.push((end, "Delivered", "Delivered_Other", "Delivered, in/at mailbox", "Springfield, US"));
                }
            }
        }
    }
    ev.retain(|e| e.0 <= now);
    ev
}

fn track_info(seed: u64, number: &str, p: &Parcel, known: Option<(i64, i64, String)>, now: i64) -> Value {
    let ev = timeline(seed, number, p, &known, now);
    let event_json = |e: &(i64, &str, &str, &str, &str)| {
        let t = rfc3339(e.0);
        json!({"time_iso": t, "time_utc": t, "time_raw": {"date": &t[..10], "time": &t[11..19], "timezone": null},
            "description": e.3, "description_translation": null, "location": e.4, "stage": e.1, "sub_status": e.2,
            "address": {"country": e.4.rsplit(", ").next(), "state": null, "city": e.4.split(", ").next(), "street": null, "postal_code": null,
                "coordinates": {"longitude": null, "latitude": null}}})
    };
    let latest = ev.last();
    let (status, sub) = latest.map(|e| (e.1, e.2)).unwrap_or(("NotFound", "NotFound_Other"));
    // Every key stage is listed; one not reached yet has no time.
    let stages: Vec<Value> = KEY_STAGES
        .iter()
        .map(|(stage, subs)| {
            let at = ev.iter().find(|e| subs.contains(&e.2)).map(|e| rfc3339(e.0));
            json!({"key_stage": stage, "time_iso": at, "time_utc": at, "time_raw": {"date": null, "time": null, "timezone": null}})
        })
        .collect();
    let first = ev.first().map(|e| e.0);
    let dest = known.as_ref().map(|k| k.2.clone()).unwrap_or_else(|| "US".into());
    json!({
        "shipping_info": {"shipper_address": {"country": "CN"}, "recipient_address": {"country": dest}},
        "latest_status": {"status": status, "sub_status": sub, "sub_status_descr": null},
        "latest_event": latest.map(event_json),
        "time_metrics": {
            "days_after_order": (now - p.registered_ms) / DAY,
            "days_of_transit": first.map(|f| (now - f) / DAY).unwrap_or(0),
            "days_after_last_update": latest.map(|e| (now - e.0) / DAY).unwrap_or(0),
            "estimated_delivery_date": {"source": null, "from": null, "to": null},
        },
        "milestone": stages,
        "misc_info": {"risk_factor": 0, "service_type": null, "weight_raw": null, "pieces": null},
        "tracking": {"providers_hash": p.carrier, "providers": [{
            "provider": {"key": p.carrier, "name": carrier_name(p.carrier), "alias": carrier_name(p.carrier), "tel": null, "homepage": null, "country": "CN"},
            "service_type": null, "latest_sync_status": "Success", "latest_sync_time": rfc3339(now), "events_hash": ev.len(),
            "events": ev.iter().rev().map(event_json).collect::<Vec<_>>(),
        }]},
    })
}

fn carrier_name(key: i64) -> &'static str {
    match key {
        190271 => "Cainiao",
        190008 => "YunExpress",
        190094 => "CJPacket",
        21051 => "USPS",
        _ => "China Post",
    }
}
