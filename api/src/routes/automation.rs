//! Smart push settings and supplier sync (auto update): settings and "sync now".
//! See docs/API.md "Push to stores and channels".
use axum::extract::State;
use axum::http::HeaderMap;
use domain::automation::auto_update::{self, AutoUpdate};
use domain::automation::smart_push::{self, SmartPush};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies::ProgressReply;
use super::replies_setup::{AutoUpdateReply, SmartPushReply};
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(automation_get))
        .routes(routes!(automation_update))
        .routes(routes!(auto_update_get, auto_update_put))
        .routes(routes!(sync_now))
}

/// The dashboard's `time-zone` header: where a window's hours are read when no zone is saved.
fn header_zone(headers: &HeaderMap) -> Option<&str> {
    headers.get("time-zone").and_then(|v| v.to_str().ok())
}

/// Smart push settings (the spec's defaults when never saved); `ai_writing_available` says
/// whether the workspace set up AI writing, without which the content action is not applied.
#[utoipa::path(get, path = "/center/products/setting/automation-product/get", responses((status = 200, body = SmartPushReply)))]
async fn automation_get(State(state): State<AppState>, scope: Scope, headers: HeaderMap) -> ApiResult<SmartPushReply> {
    let s = smart_push::get(&state.pool, scope.workplace.id, header_zone(&headers)).await?;
    let ai_writing_available = domain::ai_writing::available(&state.pool, scope.workplace.id).await?;
    reply(SmartPushReply { automation_product_settings: s, ai_writing_available })
}

#[utoipa::path(put, path = "/center/products/setting/automation-product/update", request_body = SmartPush, responses((status = 200, body = SmartPush)))]
async fn automation_update(State(state): State<AppState>, scope: Scope, headers: HeaderMap, ApiJson(input): ApiJson<SmartPush>) -> ApiResult<SmartPush> {
    reply(smart_push::update(&state.pool, scope.workplace.id, input, header_zone(&headers)).await?)
}

#[utoipa::path(get, path = "/products/auto-update", responses((status = 200, body = AutoUpdateReply)))]
async fn auto_update_get(State(state): State<AppState>, scope: Scope) -> ApiResult<AutoUpdateReply> {
    let settings = auto_update::get(&state.pool, scope.workplace.id).await?;
    let last_run_at = auto_update::last_run_at(&state.pool, scope.workplace.id).await?;
    reply(AutoUpdateReply { settings, last_run_at })
}

#[utoipa::path(put, path = "/products/auto-update", request_body = AutoUpdate, responses((status = 200, body = AutoUpdate)))]
async fn auto_update_put(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<AutoUpdate>) -> ApiResult<AutoUpdate> {
    reply(auto_update::update(&state.pool, scope.workplace.id, input).await?)
}

#[derive(Deserialize, ToSchema)]
struct SyncNow {
    /// Only these products; none: every pushed product.
    #[serde(default)]
    product_ids: Option<Vec<Uuid>>,
}

/// Starts a supplier sync now; follow it with `GET /api/progress/{progress_id}`.
#[utoipa::path(post, path = "/center/products/auto_update", request_body = SyncNow, responses((status = 200, body = ProgressReply)))]
async fn sync_now(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<SyncNow>) -> ApiResult<ProgressReply> {
    let ids = input.product_ids.filter(|ids| !ids.is_empty());
    reply(ProgressReply { progress_id: auto_update::sync_now(&state.pool, scope.workplace.id, ids).await? })
}
