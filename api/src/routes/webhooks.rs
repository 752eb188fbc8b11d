//! Webhook receivers for the store platforms. They answer fast: verify, store once, enqueue.
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use domain::stores::webhooks::{self, Delivery};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies_setup::WebhookReceipt;
use crate::error::{ApiResult, reply};
use crate::extract::ApiPath;
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(shopify)).routes(routes!(woocommerce))
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

#[utoipa::path(post, path = "/webhooks/shopify", request_body(content = String, content_type = "application/json"), responses((status = 200, body = WebhookReceipt), (status = 401, description = "bad HMAC")))]
async fn shopify(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<WebhookReceipt> {
    let d = Delivery {
        topic: header(&headers, "x-shopify-topic"),
        signature: header(&headers, "x-shopify-hmac-sha256"),
        delivery_id: header(&headers, "x-shopify-webhook-id"),
        shop_domain: header(&headers, "x-shopify-shop-domain"),
    };
    let new = webhooks::receive_shopify(&state.pool, &state.settings, d, &body).await?;
    reply(WebhookReceipt::stored(new))
}

#[utoipa::path(post, path = "/webhooks/woocommerce/{store_id}", params(("store_id" = Uuid, Path)), request_body(content = String, content_type = "application/json"), responses((status = 200, body = WebhookReceipt), (status = 401, description = "bad HMAC")))]
async fn woocommerce(State(state): State<AppState>, ApiPath(store_id): ApiPath<Uuid>, headers: HeaderMap, body: Bytes) -> ApiResult<WebhookReceipt> {
    // WooCommerce pings a new webhook's address with `webhook_id=N`, unsigned.
    if headers.get("x-wc-webhook-signature").is_none() && body.starts_with(b"webhook_id=") {
        return reply(WebhookReceipt { duplicate: None, ping: Some(true) });
    }
    let d = Delivery {
        topic: header(&headers, "x-wc-webhook-topic"),
        signature: header(&headers, "x-wc-webhook-signature"),
        delivery_id: header(&headers, "x-wc-webhook-delivery-id"),
        shop_domain: "",
    };
    let new = webhooks::receive_woocommerce(&state.pool, &state.sealer, store_id, d, &body).await?;
    reply(WebhookReceipt::stored(new))
}
