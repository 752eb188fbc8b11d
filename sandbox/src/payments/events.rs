//! Webhook endpoints and event delivery, signed as Stripe signs:
//! `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<body>")>`.
//! Each attempt is re-signed with a fresh `t` (as Stripe does), and `t` is
//! wall-clock time rather than the virtual clock, because Stripe clients
//! reject signatures older than a tolerance measured against their own clock.
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::model::Delivery;
use super::{authorised, params, s, stripe_error};
use crate::util::hmac_hex;
use crate::{AppState, creds};

pub async fn create_endpoint(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let p = params(&headers, &body);
    let Some(url) = s(&p, "url") else {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_missing"), "Missing required param: url.");
    };
    // Stripe requires the events an endpoint receives (`*` for all of them).
    let events: Vec<Value> = p.get("enabled_events").and_then(Value::as_array).cloned().unwrap_or_default();
    if events.is_empty() {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("parameter_missing"), "Missing required param: enabled_events.");
    }
    let w = app.world();
    let ep = json!({
        "id": w.token("we_"), "object": "webhook_endpoint", "url": url, "enabled_events": events, "status": "enabled",
        "secret": creds::PAYMENTS_WEBHOOK_SECRET, "livemode": false, "created": w.clock.now_secs(),
    });
    w.payments.write().expect("payments lock").endpoints.push(ep.clone());
    Json(ep).into_response()
}

/// `t=…,v1=…` for a body at unix time `t`.
pub fn signature(t: i64, body: &str) -> String {
    format!("t={t},v1={}", hmac_hex(creds::PAYMENTS_WEBHOOK_SECRET, &format!("{t}.{body}")))
}

/// Record an event and deliver it to every endpoint in the background.
pub fn emit(app: &AppState, kind: &str, object: Value) {
    let w = app.world();
    let event = json!({
        "id": w.token("evt_"), "object": "event", "type": kind, "created": w.clock.now_secs(), "livemode": false,
        "api_version": "2024-06-20", "pending_webhooks": 0, "data": {"object": object},
    });
    let id = event["id"].as_str().unwrap_or_default().to_string();
    let (drop, duplicate) = w.faults.webhook_mode("payments");
    let urls: Vec<String> = {
        let mut p = w.payments.write().expect("payments lock");
        p.events.push(event.clone());
        let wants = |e: &&Value| e["enabled_events"].as_array().is_some_and(|l| l.iter().any(|t| t == "*" || t == kind));
        let urls: Vec<String> = p.endpoints.iter().filter(wants).filter_map(|e| e["url"].as_str().map(String::from)).collect();
        for url in &urls {
            p.deliveries.push(Delivery {
                event_id: id.clone(),
                event_type: kind.into(),
                url: url.clone(),
                attempts: 0,
                last_status: None,
                delivered: false,
                dropped: drop,
            });
        }
        urls
    };
    if drop {
        tracing::info!(%kind, "fault: payments webhook dropped");
        return;
    }
    let body = event.to_string();
    for url in urls {
        for _ in 0..if duplicate { 2 } else { 1 } {
            tokio::spawn(deliver(app.clone(), url.clone(), id.clone(), body.clone()));
        }
    }
}

/// POST until a 2xx or attempts run out; exponential backoff, same event id.
async fn deliver(app: AppState, url: String, event_id: String, body: String) {
    let max = app.config().webhook_max_attempts.max(1);
    let mut delay = app.config().webhook_retry_base_ms;
    for attempt in 1..=max {
        let t = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or_default();
        let res = app
            .http()
            .post(&url)
            .header("content-type", "application/json; charset=utf-8")
            .header("Stripe-Signature", signature(t, &body))
            .header("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
            .body(body.clone())
            .send()
            .await;
        let status = res.ok().map(|r| r.status().as_u16());
        let ok = status.is_some_and(|s| (200..300).contains(&s));
        {
            let w = app.world();
            let mut p = w.payments.write().expect("payments lock");
            if let Some(d) = p.deliveries.iter_mut().rev().find(|d| d.event_id == event_id && d.url == url) {
                d.attempts += 1;
                d.last_status = status;
                d.delivered |= ok;
            }
        }
        if ok {
            return;
        }
        tracing::info!(%url, attempt, ?status, "payments webhook failed; will retry");
        if attempt < max {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            delay *= 2;
        }
    }
}
