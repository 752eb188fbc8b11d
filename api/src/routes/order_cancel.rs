//! Cancelling supplier orders, refund requests and the refund sync.
//! See docs/API.md "Orders (issue 7)"; the rules live in `domain::orders::{cancel, refund}`.
use axum::extract::State;
use domain::orders::cancel::{self, CancelItem};
use domain::orders::refund::{self, SyncItem};
use domain::orders::view::SourceOrderView;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::instrument;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, Scope};
use crate::startup::AppState;
use domain::tracking::jobs::{TrackingSync, TrackingSyncOnDemand};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order_cancel))
        .routes(routes!(payments_cancel))
        .routes(routes!(refund_request))
        .routes(routes!(source_order_sync_status))
}

#[derive(Deserialize, ToSchema)]
struct CancelInput {
    order_ids: Vec<i64>,
    #[serde(default)]
    reason: String,
}

/// `{items}`: what became of each order or supplier order asked to be cancelled.
#[derive(Serialize, ToSchema)]
struct CancelItems {
    items: Vec<CancelItem>,
}

/// Cancels the orders' supplier orders (what was paid goes back to the wallet).
#[utoipa::path(put, path = "/orders/order-cancel", request_body = CancelInput, responses((status = 200, body = CancelItems)))]
#[instrument(skip_all)]
async fn order_cancel(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<CancelInput>) -> ApiResult<CancelItems> {
    let items = cancel::cancel_orders(&state.pool, &state.suppliers, scope.workplace.id, &i.order_ids, &i.reason).await?;
    reply(CancelItems { items })
}

#[derive(Deserialize, ToSchema)]
struct UnpaidInput {
    source_order_ids: Vec<i64>,
}

/// Cancels supplier orders still waiting for payment.
#[utoipa::path(post, path = "/orders/v5/payments/cancel", request_body = UnpaidInput, responses((status = 200, body = CancelItems)))]
#[instrument(skip_all)]
async fn payments_cancel(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<UnpaidInput>) -> ApiResult<CancelItems> {
    let items = cancel::cancel_unpaid(&state.pool, &state.suppliers, scope.workplace.id, &i.source_order_ids).await?;
    reply(CancelItems { items })
}

#[derive(Deserialize, ToSchema)]
struct RefundInput {
    source_order_id: i64,
    reason: Option<String>,
}

/// Asks the supplier to refund a paid supplier order; its refund_info becomes pending. Answers
/// the supplier order as the order detail shows it.
#[utoipa::path(post, path = "/orders/v4/refund/request", request_body = RefundInput, responses((status = 200, body = Option<SourceOrderView>)))]
#[instrument(skip_all)]
async fn refund_request(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<RefundInput>) -> ApiResult<Option<SourceOrderView>> {
    reply(refund::request(&state.pool, &state.suppliers, scope.workplace.id, i.source_order_id, i.reason.as_deref()).await?)
}

#[derive(Deserialize, ToSchema)]
struct RefundSyncInput {
    #[serde(default)]
    source_orders: Vec<i64>,
}

/// `{items, progress_id}`: each supplier order's refund sync, and the tracking sync of that
/// source that follows (a job).
#[derive(Serialize, ToSchema)]
struct RefundSyncReply {
    items: Vec<SyncItem>,
    progress_id: i64,
}

/// Syncs the given supplier orders of a source with the supplier now (refunds: completed ones
/// are credited to the wallet); an empty list syncs every open one of that source.
#[utoipa::path(post, path = "/orders/sync-status/{source_type}", params(("source_type" = String, Path)), request_body = RefundSyncInput, responses((status = 200, body = RefundSyncReply)))]
#[instrument(skip_all)]
async fn source_order_sync_status(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(source): ApiPath<String>,
    ApiJson(i): ApiJson<RefundSyncInput>,
) -> ApiResult<RefundSyncReply> {
    if !domain::orders::ORDER_SOURCES.contains(&source.as_str()) {
        return Err(domain::Error::field("source_type", format!("must be one of {}", domain::orders::ORDER_SOURCES.join(", "))).into());
    }
    let ids = (!i.source_orders.is_empty()).then_some(i.source_orders.as_slice());
    let items = refund::sync(&state.pool, &state.suppliers, Some(scope.workplace.id), Some(&source), ids).await?;
    // Tracking numbers come from the same supplier orders: the tracking sync follows (a job).
    let job = TrackingSync {
        workplace_id: Some(scope.workplace.id),
        source: Some(source),
        source_order_ids: ids.map(<[i64]>::to_vec),
        now: true,
        ..Default::default()
    };
    let mut tx = domain::db::begin(&state.pool).await.map_err(domain::Error::from)?;
    let progress_id = domain::queue::enqueue(&mut tx, Some(scope.workplace.id), &TrackingSyncOnDemand(job), json!({})).await?;
    tx.commit().await.map_err(domain::Error::from)?;
    reply(RefundSyncReply { items, progress_id })
}
