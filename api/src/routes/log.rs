//! What the dashboard reports about itself: web vitals of page loads that missed the spec's
//! thresholds (`POST /log/events`), and the owner's answers in the feedback widget
//! (`POST /core/mvp/feedback`).
use axum::extract::State;
use domain::store::feedback::{self, FeedbackInput};
use domain::store::web_vitals::{self, VitalsReport};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(log_events)).routes(routes!(send_feedback))
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

#[derive(Serialize, ToSchema)]
struct FeedbackSaved {
    id: i64,
}

/// The feedback widget's answer: a rating from 1 to 5 and an optional message.
#[utoipa::path(post, path = "/core/mvp/feedback", request_body = FeedbackInput, responses((status = 200, body = FeedbackSaved)))]
async fn send_feedback(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<FeedbackInput>) -> ApiResult<FeedbackSaved> {
    reply(FeedbackSaved { id: feedback::record(&state.pool, scope.workplace.id, scope.user_id, &input).await? })
}
