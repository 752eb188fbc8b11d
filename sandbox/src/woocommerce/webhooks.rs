//! `/wc/v3/webhooks` and outgoing deliveries, signed as Woo does:
//! `X-WC-Webhook-Signature` = base64 HMAC-SHA256 of the body with the
//! webhook's secret. Like real WooCommerce there is one attempt per event
//! (Woo counts failures instead of retrying).
use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::model::{Delivery, woo_date};
use super::{ReadAccess, WriteAccess, found, id_of, paged, with_store, woo_error};
use crate::AppState;
use crate::util::hmac_b64;

type Q = Query<HashMap<String, String>>;

/// What WooCommerce's deliveries call themselves (`WC_Webhook::get_user_agent`).
pub const USER_AGENT: &str = "WooCommerce/9.8.5 Hookshot (WordPress/6.8.1)";

/// A new active webhook's address is pinged at once with `webhook_id=N`, form-encoded and
/// unsigned, as WooCommerce's `deliver_ping` does.
fn ping(app: &AppState, url: String, id: u64) {
    let http = app.http().clone();
    tokio::spawn(async move {
        let r = http
            .post(&url)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("user-agent", USER_AGENT)
            .body(format!("webhook_id={id}"))
            .send()
            .await;
        tracing::info!(%url, status = ?r.map(|r| r.status().as_u16()).ok(), "woocommerce: webhook ping");
    });
}

fn valid_topic(t: &str) -> bool {
    let Some((res, ev)) = t.split_once('.') else { return false };
    (["order", "product", "customer", "coupon"].contains(&res) && ["created", "updated", "deleted", "restored"].contains(&ev)) || res == "action"
}

pub async fn list(_: ReadAccess, State(app): State<AppState>, Path(store): Path<String>, Query(q): Q) -> Response {
    let items = with_store(&app.world(), &store, |st| st.webhooks.values().cloned().collect());
    paged(items, &q)
}

pub async fn create(_: WriteAccess, State(app): State<AppState>, Path(store): Path<String>, Json(input): Json<Value>) -> Response {
    let topic = input.get("topic").and_then(Value::as_str).unwrap_or("").to_string();
    let url = input.get("delivery_url").and_then(Value::as_str).unwrap_or("").to_string();
    if !valid_topic(&topic) {
        return woo_error(StatusCode::BAD_REQUEST, "woocommerce_rest_webhook_invalid_topic", "Webhook topic is required and must be valid.");
    }
    if !url.starts_with("http") {
        return woo_error(
            StatusCode::BAD_REQUEST,
            "woocommerce_rest_webhook_invalid_delivery_url",
            "Webhook delivery URL must be a valid URL starting with http:// or https://.",
        );
    }
    let w = app.world();
    let now = w.clock.now_ms();
    let secret = input.get("secret").and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| w.token(""));
    let (res, ev) = topic.split_once('.').unwrap_or(("", ""));
    let hook = with_store(&w, &store, |st| {
        let id = st.id();
        let h = json!({
            "id": id, "name": input.get("name").cloned().unwrap_or(json!(format!("Webhook created on {}", woo_date(now)))),
            "status": input.get("status").cloned().unwrap_or(json!("active")), "topic": topic, "resource": res, "event": ev,
            "hooks": [format!("woocommerce_{}_{}", res, ev)], "delivery_url": url, "secret": secret,
            "date_created": woo_date(now), "date_created_gmt": woo_date(now), "date_modified": woo_date(now), "date_modified_gmt": woo_date(now),
        });
        st.webhooks.insert(id, h.clone());
        h
    });
    if hook["status"] == "active" {
        ping(&app, url, hook["id"].as_u64().unwrap_or(0));
    }
    (StatusCode::CREATED, Json(hook)).into_response()
}

fn invalid_webhook() -> Response {
    woo_error(StatusCode::NOT_FOUND, "woocommerce_rest_webhook_invalid_id", "Invalid ID.")
}

pub async fn get_one(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>) -> Response {
    found(with_store(&app.world(), &store, |st| st.webhooks.get(&id_of(&id)).cloned()), invalid_webhook)
}

pub async fn delete(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Query(q): Q) -> Response {
    let force = match super::force(&q) {
        Ok(f) => f,
        Err(refused) => return refused,
    };
    if !force {
        return woo_error(StatusCode::NOT_IMPLEMENTED, "woocommerce_rest_trash_not_supported", "Webhooks do not support trashing.");
    }
    found(with_store(&app.world(), &store, |st| st.webhooks.remove(&id_of(&id))), invalid_webhook)
}

/// The answer to a call that created or changed `resource`: the store's `topic` webhooks are
/// fired with it first, then the caller gets it with `status`.
pub fn announce(app: &AppState, store: &str, topic: &str, status: StatusCode, resource: Value) -> Response {
    fire(app, store, topic, &resource);
    (status, Json(resource)).into_response()
}

/// Deliver `topic` (e.g. "order.created") to every active webhook of the store.
pub fn fire(app: &AppState, store: &str, topic: &str, payload: &Value) {
    let w = app.world();
    let hooks: Vec<Value> = with_store(&w, store, |st| st.webhooks.values().filter(|h| h["topic"] == topic && h["status"] == "active").cloned().collect());
    if hooks.is_empty() {
        return;
    }
    let (drop, duplicate) = w.faults.webhook_mode("woocommerce");
    let body = payload.to_string().into_bytes();
    let (res, ev) = topic.split_once('.').unwrap_or(("", ""));
    for h in hooks {
        let hook_id = h["id"].as_u64().unwrap_or(0);
        let delivery_id = w.next_id();
        with_store(&w, store, |st| {
            st.deliveries.push(Delivery {
                delivery_id,
                webhook_id: hook_id,
                topic: topic.into(),
                attempts: 0,
                last_status: None,
                delivered: false,
                dropped: drop,
            })
        });
        if drop {
            continue;
        }
        let secret = h["secret"].as_str().unwrap_or("").to_string();
        let headers = vec![
            ("X-WC-Webhook-Source".to_string(), format!("{}/woo/{store}/", app.base_url())),
            ("X-WC-Webhook-Topic".to_string(), topic.to_string()),
            ("X-WC-Webhook-Resource".to_string(), res.to_string()),
            ("X-WC-Webhook-Event".to_string(), ev.to_string()),
            ("X-WC-Webhook-Signature".to_string(), hmac_b64(&secret, &body)),
            ("X-WC-Webhook-ID".to_string(), hook_id.to_string()),
            ("X-WC-Webhook-Delivery-ID".to_string(), delivery_id.to_string()),
            ("User-Agent".to_string(), USER_AGENT.to_string()),
        ];
        let url = h["delivery_url"].as_str().unwrap_or("").to_string();
        for _ in 0..if duplicate { 2 } else { 1 } {
            let (app2, store2, url2, body2, headers2) = (app.clone(), store.to_string(), url.clone(), body.clone(), headers.clone());
            tokio::spawn(async move {
                let w = app2.world();
                crate::shopify::webhooks::post_with_retry(&app2, &url2, &headers2, body2, Some(1), |_, status, ok| {
                    with_store(&w, &store2, |st| {
                        if let Some(d) = st.deliveries.iter_mut().find(|d| d.delivery_id == delivery_id) {
                            d.attempts += 1;
                            d.last_status = status;
                            d.delivered |= ok;
                        }
                    });
                })
                .await;
            });
        }
    }
}
