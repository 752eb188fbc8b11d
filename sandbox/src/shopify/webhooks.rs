//! Outgoing Shopify webhooks: signed like Shopify (base64 HMAC-SHA256 of the
//! raw body with the app secret), redelivered with the same webhook id and
//! exponential backoff on non-2xx. Also the shared retry loop Woo uses.
use std::time::Duration;

use serde_json::{Value, json};

use super::model::{Delivery, Order, Shop, gid};
use crate::util::{hmac_b64, money, rfc3339};
use crate::{AppState, creds};

/// ORDERS_CREATE → orders/create, APP_SUBSCRIPTIONS_UPDATE → app_subscriptions/update: the
/// event is the last word (every topic the sandbox sends has a one-word event).
pub fn topic_header(topic: &str) -> String {
    let t = topic.to_lowercase();
    match t.rsplit_once('_') {
        Some((resource, event)) => format!("{resource}/{event}"),
        None => t,
    }
}

/// POST `body` until a 2xx or attempts run out; `record(attempt, status, delivered)` after each try.
pub async fn post_with_retry(
    app: &AppState,
    url: &str,
    headers: &[(String, String)],
    body: Vec<u8>,
    max_attempts: Option<u32>,
    record: impl Fn(u32, Option<u16>, bool),
) {
    let max = max_attempts.unwrap_or(app.config().webhook_max_attempts).max(1);
    let mut delay = app.config().webhook_retry_base_ms;
    for attempt in 1..=max {
        let mut req = app.http().post(url).header("content-type", "application/json").body(body.clone());
        for (k, v) in headers {
            req = req.header(k.as_str(), v.as_str());
        }
        let status = req.send().await.ok().map(|r| r.status().as_u16());
        let ok = status.is_some_and(|s| (200..300).contains(&s));
        record(attempt, status, ok);
        if ok {
            return;
        }
        tracing::info!(%url, attempt, ?status, "webhook delivery failed; will retry");
        if attempt < max {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            delay *= 2;
        }
    }
}

/// Deliver `topic` (GraphQL enum form) to every subscription of the shop.
pub fn fire(app: &AppState, shop: &str, topic: &str, payload: Value) {
    let w = app.world();
    let subs: Vec<String> =
        super::read_shop(&w, shop, |s| s.webhooks.values().filter(|x| x.topic == topic).map(|x| x.callback_url.clone()).collect()).unwrap_or_default();
    let (drop, duplicate) = w.faults.webhook_mode("shopify");
    let body = payload.to_string().into_bytes();
    for url in subs {
        let webhook_id = uuid_like(&w.token(""));
        let record = Delivery {
            webhook_id: webhook_id.clone(),
            topic: topic_header(topic),
            url: url.clone(),
            attempts: 0,
            last_status: None,
            delivered: false,
            dropped: drop,
        };
        super::with_shop(&w, shop, |s| s.deliveries.push(record));
        if drop {
            tracing::info!(%shop, %topic, "fault: webhook dropped");
            continue;
        }
        let headers = vec![
            ("X-Shopify-Topic".to_string(), topic_header(topic)),
            ("X-Shopify-Hmac-Sha256".to_string(), hmac_b64(creds::SHOPIFY_APP_SECRET, &body)),
            ("X-Shopify-Shop-Domain".to_string(), shop.to_string()),
            ("X-Shopify-Webhook-Id".to_string(), webhook_id.clone()),
            ("X-Shopify-Event-Id".to_string(), webhook_id.clone()),
            ("X-Shopify-Triggered-At".to_string(), w.clock.now().to_rfc3339()),
            ("X-Shopify-API-Version".to_string(), "2025-01".to_string()),
        ];
        let times = if duplicate { 2 } else { 1 };
        for _ in 0..times {
            let (app2, shop2, url2, body2, headers2, id2) = (app.clone(), shop.to_string(), url.clone(), body.clone(), headers.clone(), webhook_id.clone());
            tokio::spawn(async move {
                let w = app2.world();
                post_with_retry(&app2, &url2, &headers2, body2, None, |attempt, status, ok| {
                    super::with_shop(&w, &shop2, |s| {
                        if let Some(d) = s.deliveries.iter_mut().rev().find(|d| d.webhook_id == id2) {
                            d.attempts += 1;
                            d.last_status = status;
                            d.delivered |= ok;
                        }
                    });
                    tracing::debug!(attempt, ?status, "shopify webhook attempt");
                })
                .await;
            });
        }
    }
}

fn uuid_like(hex: &str) -> String {
    let h = format!("{hex:0<32}");
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// REST-shaped order, as Shopify sends in orders/* webhooks.
pub fn order_json(o: &Order) -> Value {
    let (first, last) = o.shipping.name.split_once(' ').unwrap_or((&o.shipping.name, ""));
    json!({
        "id": o.id, "admin_graphql_api_id": gid("Order", o.id), "name": o.name(), "order_number": o.number,
        "number": o.number - 1000, "email": o.email, "contact_email": o.email,
        "created_at": rfc3339(o.created_ms), "updated_at": rfc3339(o.cancelled_ms.unwrap_or(o.created_ms)),
        "cancelled_at": o.cancelled_ms.map(rfc3339), "cancel_reason": o.cancel_reason,
        "currency": o.currency, "presentment_currency": o.currency,
        "total_price": money(o.total_cents()), "subtotal_price": money(o.total_cents() - o.shipping_cents),
        "financial_status": if o.cancelled_ms.is_some() { "refunded" } else { "paid" }, "fulfillment_status": null,
        "line_items": o.line_items.iter().map(|l| json!({
            "id": l.id, "admin_graphql_api_id": gid("LineItem", l.id), "variant_id": l.variant_id, "product_id": l.product_id,
            "title": l.title, "variant_title": l.variant_title, "sku": l.sku, "quantity": l.quantity, "price": money(l.price_cents),
            "fulfillable_quantity": l.quantity, "requires_shipping": true,
        })).collect::<Vec<_>>(),
        "shipping_address": {
            "first_name": first, "last_name": last, "name": o.shipping.name, "address1": o.shipping.address1, "city": o.shipping.city,
            "zip": o.shipping.zip, "province_code": o.shipping.province_code, "country_code": o.shipping.country_code, "phone": o.shipping.phone,
        },
        "customer": {"email": o.email, "first_name": first, "last_name": last},
    })
}

/// Payload of app/uninstalled: the shop resource.
pub fn shop_json(s: &Shop) -> Value {
    json!({
        "id": s.id, "name": s.name, "email": format!("owner@{}", s.domain), "domain": s.domain, "myshopify_domain": s.domain,
        "currency": s.currency, "country_code": s.country, "plan_name": "partner_test",
    })
}
