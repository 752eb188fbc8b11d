//! Tracking: parcels, track-now, status sync, shipment panels and logs, and the public page.
//! See docs/API.md "Tracking (issue 8)".
use axum::extract::State;
use axum::routing::post;
use domain::orders::view::OrderView;
use domain::tracking::public::PublicTracking;
use domain::tracking::shipments::{self, Shipment, ShipmentLog, ShipmentPage};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies::ProgressReply;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;
use domain::tracking::jobs::{TrackingSync, TrackingSyncOnDemand};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(trackings))
        .routes(routes!(update_tracking))
        .routes(routes!(track_now))
        .routes(routes!(tracking_sync_status))
        .route("/orders/v4/sync-status", post(tracking_sync_status))
        .route("/orders/sync-status", post(tracking_sync_status))
        .routes(routes!(panel))
        .routes(routes!(panel_tracking))
        .routes(routes!(shipment_log))
        .routes(routes!(public_tracking))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TrackingsQuery {
    order_id: Option<i64>,
    /// One of the nine shipment statuses.
    status: Option<String>,
    page: Option<i64>,
    page_size: Option<i64>,
}

#[utoipa::path(get, path = "/orders/v2/trackings", params(TrackingsQuery), responses((status = 200, body = ShipmentPage)))]
async fn trackings(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<TrackingsQuery>) -> ApiResult<ShipmentPage> {
    let (page, size) = super::page_and_size(q.page, q.page_size)?;
    reply(shipments::list(&state.pool, scope.workplace.id, q.order_id, q.status.as_deref(), page, size).await?)
}

#[derive(Deserialize, ToSchema)]
struct TrackingInput {
    order_id: i64,
    carrier: Option<String>,
}

/// Adds a tracking number to an order by hand (or names its carrier).
#[utoipa::path(put, path = "/orders/v2/trackings/{tracking_number}", params(("tracking_number" = String, Path)), request_body = TrackingInput, responses((status = 200, body = Shipment)))]
async fn update_tracking(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(number): ApiPath<String>,
    ApiJson(i): ApiJson<TrackingInput>,
) -> ApiResult<Shipment> {
    reply(shipments::add_manual(&state.pool, scope.workplace.id, i.order_id, &number, i.carrier.as_deref()).await?)
}

#[derive(Deserialize, ToSchema)]
struct TrackNowInput {
    #[serde(default)]
    shipment_ids: Option<Vec<i64>>,
}

async fn queue_sync(state: &AppState, scope: &Scope, job: TrackingSync) -> ApiResult<ProgressReply> {
    let mut tx = domain::db::begin(&state.pool).await.map_err(domain::Error::from)?;
    let id = domain::queue::enqueue(&mut tx, Some(scope.workplace.id), &TrackingSyncOnDemand(job), json!({})).await?;
    tx.commit().await.map_err(domain::Error::from)?;
    reply(ProgressReply { progress_id: id })
}

/// Reads the carrier now for the workplace's parcels (or the given ones); follow `GET /api/progress/{id}`.
#[utoipa::path(post, path = "/orders/v2/trackings/track-now", request_body = TrackNowInput, responses((status = 200, body = ProgressReply)))]
async fn track_now(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<TrackNowInput>) -> ApiResult<ProgressReply> {
    let job = TrackingSync { workplace_id: Some(scope.workplace.id), shipment_ids: i.shipment_ids, now: true, ..TrackingSync::default() };
    queue_sync(&state, &scope, job).await
}

#[derive(Deserialize, ToSchema)]
struct TrackingSyncInput {
    #[serde(default)]
    source_orders: Option<Vec<i64>>,
}

/// Supplier status sync (tracking numbers from the suppliers), then the carrier, now.
#[utoipa::path(post, path = "/orders/v5/sync-status", request_body = TrackingSyncInput, responses((status = 200, body = ProgressReply)))]
async fn tracking_sync_status(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<TrackingSyncInput>) -> ApiResult<ProgressReply> {
    let job = TrackingSync { workplace_id: Some(scope.workplace.id), source_order_ids: i.source_orders, now: true, ..TrackingSync::default() };
    queue_sync(&state, &scope, job).await
}

/// `{order, shipments}`: the order and its parcels (the first 100, newest first).
#[derive(Serialize, ToSchema)]
struct OrderPanel {
    order: OrderView,
    shipments: Vec<Shipment>,
}

#[utoipa::path(get, path = "/orders/v5/panel/{order_id}", params(("order_id" = i64, Path)), responses((status = 200, body = OrderPanel)))]
async fn panel(State(state): State<AppState>, scope: Scope, ApiPath(order_id): ApiPath<i64>) -> ApiResult<OrderPanel> {
    let order = domain::orders::view::one(&state.pool, scope.workplace.id, order_id).await?;
    let page = shipments::list(&state.pool, scope.workplace.id, Some(order_id), None, 1, 100).await?;
    reply(OrderPanel { order, shipments: page.items })
}

/// One parcel of the order, with its events.
#[utoipa::path(get, path = "/orders/v5/panel/{order_id}/trackings/{tracking_id}", params(("order_id" = i64, Path), ("tracking_id" = i64, Path)), responses((status = 200, body = Shipment)))]
async fn panel_tracking(State(state): State<AppState>, scope: Scope, ApiPath((order_id, id)): ApiPath<(i64, i64)>) -> ApiResult<Shipment> {
    reply(shipments::one(&state.pool, scope.workplace.id, order_id, id).await?)
}

/// `{items}`: the parcel's log, oldest first.
#[derive(Serialize, ToSchema)]
struct ShipmentLogs {
    items: Vec<ShipmentLog>,
}

#[utoipa::path(get, path = "/orders/v4/order_log/shipment/{id}", params(("id" = i64, Path)), responses((status = 200, body = ShipmentLogs)))]
async fn shipment_log(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<ShipmentLogs> {
    reply(ShipmentLogs { items: shipments::logs(&state.pool, scope.workplace.id, id).await? })
}

/// The public tracking page's data, without sign-in; `order_id` is the order's public id.
#[utoipa::path(get, path = "/open-api/orders/tracking/{order_id}", params(("order_id" = Uuid, Path)), responses((status = 200, body = PublicTracking)))]
async fn public_tracking(State(state): State<AppState>, ApiPath(id): ApiPath<Uuid>) -> ApiResult<PublicTracking> {
    reply(domain::tracking::public::view(&state.pool, id).await?)
}
