//! Tracking: parcels, track-now, status sync, shipment panels and logs, and the public page.
//! See docs/API.md "Tracking (issue 8)".
use axum::extract::State;
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;
use domain::tracking::jobs::TrackingSync;

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
struct TrackingsQuery {
    order_id: Option<i64>,
    /// One of the nine shipment statuses.
    status: Option<String>,
    page: Option<i64>,
    page_size: Option<i64>,
}

#[utoipa::path(get, path = "/orders/v2/trackings", params(TrackingsQuery), responses((status = 200, description = "data: {total, items: [Shipment]}")))]
async fn trackings(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<TrackingsQuery>) -> ApiResult<Value> {
    let page = q.page.unwrap_or(1).max(1);
    let size = q.page_size.unwrap_or(20).clamp(1, 100);
    reply(domain::tracking::shipments::list(&state.pool, scope.workplace.id, q.order_id, q.status.as_deref(), page, size).await?)
}

#[derive(Deserialize, ToSchema)]
struct TrackingInput {
    order_id: i64,
    carrier: Option<String>,
}

/// Adds a tracking number to an order by hand (or names its carrier).
#[utoipa::path(put, path = "/orders/v2/trackings/{tracking_number}", params(("tracking_number" = String, Path)), request_body = TrackingInput, responses((status = 200, description = "data: Shipment")))]
async fn update_tracking(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(number): ApiPath<String>,
    ApiJson(i): ApiJson<TrackingInput>,
) -> ApiResult<Value> {
    reply(domain::tracking::shipments::add_manual(&state.pool, scope.workplace.id, i.order_id, &number, i.carrier.as_deref()).await?)
}

#[derive(Deserialize, ToSchema)]
struct TrackNowInput {
    #[serde(default)]
    shipment_ids: Option<Vec<i64>>,
}

async fn queue_sync(state: &AppState, scope: &Scope, job: TrackingSync) -> ApiResult<Value> {
    let mut tx = state.pool.begin().await.map_err(domain::Error::from)?;
    let id = domain::queue::enqueue(&mut tx, Some(scope.workplace.id), &job, json!({})).await?;
    tx.commit().await.map_err(domain::Error::from)?;
    reply(json!({ "progress_id": id }))
}

/// Reads the carrier now for the workplace's parcels (or the given ones); follow `GET /api/progress/{id}`.
#[utoipa::path(post, path = "/orders/v2/trackings/track-now", request_body = TrackNowInput, responses((status = 200, description = "data: {progress_id}")))]
async fn track_now(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<TrackNowInput>) -> ApiResult<Value> {
    let job = TrackingSync { workplace_id: Some(scope.workplace.id), shipment_ids: i.shipment_ids, now: true, ..TrackingSync::default() };
    queue_sync(&state, &scope, job).await
}

#[derive(Deserialize, ToSchema)]
struct SyncInput {
    #[serde(default)]
    source_orders: Option<Vec<i64>>,
}

/// Supplier status sync (tracking numbers from the suppliers), then the carrier, now.
#[utoipa::path(post, path = "/orders/v5/sync-status", request_body = SyncInput, responses((status = 200, description = "data: {progress_id}")))]
async fn tracking_sync_status(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<SyncInput>) -> ApiResult<Value> {
    let job = TrackingSync { workplace_id: Some(scope.workplace.id), source_order_ids: i.source_orders, now: true, ..TrackingSync::default() };
    queue_sync(&state, &scope, job).await
}

#[utoipa::path(get, path = "/orders/v5/panel/{order_id}", params(("order_id" = i64, Path)), responses((status = 200, description = "data: {order, shipments}")))]
async fn panel(State(state): State<AppState>, scope: Scope, ApiPath(order_id): ApiPath<i64>) -> ApiResult<Value> {
    let order = domain::orders::view::one(&state.pool, scope.workplace.id, order_id).await?;
    let shipments = domain::tracking::shipments::list(&state.pool, scope.workplace.id, Some(order_id), None, 1, 100).await?;
    reply(json!({ "order": order, "shipments": shipments["items"] }))
}

#[utoipa::path(get, path = "/orders/v5/panel/{order_id}/trackings/{tracking_id}", params(("order_id" = i64, Path), ("tracking_id" = i64, Path)), responses((status = 200, description = "data: Shipment with events")))]
async fn panel_tracking(State(state): State<AppState>, scope: Scope, ApiPath((order_id, id)): ApiPath<(i64, i64)>) -> ApiResult<Value> {
    reply(domain::tracking::shipments::one(&state.pool, scope.workplace.id, order_id, id).await?)
}

#[utoipa::path(get, path = "/orders/v4/order_log/shipment/{id}", params(("id" = i64, Path)), responses((status = 200, description = "data: {items}")))]
async fn shipment_log(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<Value> {
    reply(json!({ "items": domain::tracking::shipments::logs(&state.pool, scope.workplace.id, id).await? }))
}

/// The public tracking page's data, without sign-in; `order_id` is the order's public id.
#[utoipa::path(get, path = "/open-api/orders/tracking/{order_id}", params(("order_id" = Uuid, Path)), responses((status = 200, description = "data: {order_name, status, country_code, parcels}")))]
async fn public_tracking(State(state): State<AppState>, ApiPath(id): ApiPath<Uuid>) -> ApiResult<Value> {
    reply(domain::tracking::public::view(&state.pool, id).await?)
}
