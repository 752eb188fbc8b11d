//! eBay orders are paid by the owner in eBay's checkout (the Order API v2 has no call that pays):
//! the purchase order id eBay's checkout hands back is posted here, checked at eBay, and places
//! the waiting supplier order.
use axum::extract::State;
use domain::orders::{ebay_placing, place};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::Placements;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ebay_checkout_complete))
}

#[derive(Deserialize, ToSchema)]
struct CheckoutComplete {
    /// The supplier order waiting for its eBay checkout.
    source_order_id: i64,
    /// What eBay's checkout answered when the owner paid.
    purchase_order_id: String,
}

#[utoipa::path(post, path = "/suppliers/ebay/checkout-complete", request_body = CheckoutComplete, responses((status = 200, body = Placements)))]
async fn ebay_checkout_complete(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<CheckoutComplete>) -> ApiResult<Placements> {
    ebay_placing::complete(&state.pool, &state.suppliers, scope.workplace.id, i.source_order_id, &i.purchase_order_id).await?;
    reply(Placements { items: place::items(&state.pool, scope.workplace.id, Some(&[i.source_order_id])).await? })
}
