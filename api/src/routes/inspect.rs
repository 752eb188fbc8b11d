//! Store inspection (issue 4): start a scan of a store's public page, then poll it.
use axum::extract::State;
use domain::inspect::scan;
use domain::store::store_scans::{self, StoreScan};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(start_scan)).routes(routes!(get_scan)).routes(routes!(recommended_apps))
}

#[derive(Deserialize, ToSchema)]
struct InspectInput {
    /// The store's address; `https://` is added when no scheme is given.
    url: String,
}

#[derive(Serialize, ToSchema)]
struct ScanStarted {
    id: Uuid,
    status: &'static str,
    progress_id: i64,
}

/// Queues a scan of the store at `url`. The scan's own failures (an address that may not be
/// read, too big, too slow, not a store) show on the scan as `status: "error"`.
#[utoipa::path(post, path = "/stores/inspect", request_body = InspectInput, responses((status = 200, body = ScanStarted)))]
async fn start_scan(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<InspectInput>) -> ApiResult<ScanStarted> {
    let (id, progress_id) = scan::start(&state.pool, scope.workplace.id, scope.user_id, &input.url).await?;
    reply(ScanStarted { id, status: "processing", progress_id })
}

/// One scan of the caller's workplace: `processing`, then `success` with `result` or `error`.
#[utoipa::path(get, path = "/stores/inspect/{id}", params(("id" = Uuid, Path)), responses((status = 200, body = StoreScan)))]
async fn get_scan(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<StoreScan> {
    let scan = store_scans::get(&state.pool, scope.workplace.id, id).await?;
    reply(scan.ok_or(domain::Error::NotFound("Store scan"))?)
}

#[derive(Serialize, ToSchema)]
struct RecommendedApps {
    apps: Vec<domain::inspect::apps::KnownApp>,
}

/// The public recommended-apps page (`/recommended/apps`): the catalogue of storefront apps that
/// store inspection recognises, Dropline's own first, then by category. Public data, no sign-in.
#[utoipa::path(get, path = "/apps/recommended", responses((status = 200, body = RecommendedApps)))]
async fn recommended_apps() -> ApiResult<RecommendedApps> {
    reply(RecommendedApps { apps: domain::inspect::apps::shipped().recommended() })
}
