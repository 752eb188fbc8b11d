//! What the dashboard reports about itself: web vitals of page loads that missed the spec's
//! thresholds (`POST /log/events`).
use axum::extract::State;
use domain::store::web_vitals::{self, VitalsReport};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(log_events))
}

#[derive(Serialize, ToSchema)]
struct Logged {
    /// False when the load met every threshold (nothing to keep).
    kept: bool,
}

/// A page load's web vitals (LCP, CLS, INP, browser, network, path), kept when one of them is
/// over the spec's threshold (LCP 2500 ms, CLS 0.1, INP 200 ms).
#[utoipa::path(post, path = "/log/events", request_body = VitalsReport, responses((status = 200, body = Logged)))]
async fn log_events(State(state): State<AppState>, scope: Scope, ApiJson(report): ApiJson<VitalsReport>) -> ApiResult<Logged> {
    let kept = web_vitals::record(&state.pool, scope.workplace.id, scope.user_id, &report).await?;
    reply(Logged { kept })
}
