//! Event delivery, signed as Stripe signs (the endpoints themselves are `endpoints.rs`):
//! `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<body>")>`.
//! Each attempt is re-signed with a fresh `t` (as Stripe does), and `t` is
//! wall-clock time rather than the virtual clock, because Stripe clients
//! reject signatures older than a tolerance measured against their own clock.
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use super::model::Delivery;
use crate::util::hmac_hex;
use crate::{AppState, creds};

/// `t=…,v1=…` for a body at unix time `t`, signed with `secret`.
pub fn sign(secret: &str, t: i64, body: &str) -> String {
    format!("t={t},v1={}", hmac_hex(secret, &format!("{t}.{body}")))
}

/// `sign` with the secret of an endpoint made in the vendor's dashboard (tests forge with it).
pub fn signature(t: i64, body: &str) -> String {
    sign(creds::PAYMENTS_WEBHOOK_SECRET, t, body)
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
    // Each endpoint's deliveries are signed with that endpoint's own secret.
    let urls: Vec<(String, String)> = {
        let mut p = w.payments.write().expect("payments lock");
        p.events.push(event.clone());
        let wants = |e: &&Value| e["status"] == "enabled" && e["enabled_events"].as_array().is_some_and(|l| l.iter().any(|t| t == "*" || t == kind));
        let urls: Vec<(String, String)> =
            p.endpoints.iter().filter(wants).filter_map(|e| Some((e["url"].as_str()?.to_string(), e["secret"].as_str()?.to_string()))).collect();
        for (url, _) in &urls {
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
    for (url, secret) in urls {
        for _ in 0..if duplicate { 2 } else { 1 } {
            tokio::spawn(deliver(app.clone(), url.clone(), secret.clone(), id.clone(), body.clone()));
        }
    }
}

/// POST until a 2xx or attempts run out; exponential backoff, same event id.
async fn deliver(app: AppState, url: String, secret: String, event_id: String, body: String) {
    let max = app.config().webhook_max_attempts.max(1);
    let mut delay = app.config().webhook_retry_base_ms;
    for attempt in 1..=max {
        let t = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or_default();
        let res = app
            .http()
            .post(&url)
            .header("content-type", "application/json; charset=utf-8")
            .header("Stripe-Signature", sign(&secret, t, &body))
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
