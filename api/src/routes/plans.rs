//! Plans and quotas: the price list, the workplace's plan with usage, and counting a unit.
use axum::extract::State;
use domain::plans::{self, quota};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::{PackageReply, Packages};
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(pricing)).routes(routes!(current_plan)).routes(routes!(calc_usage))
}

#[utoipa::path(get, path = "/payments/pricing", responses((status = 200, body = Packages)))]
async fn pricing() -> ApiResult<Packages> {
    let packages: Vec<plans::PackageView> = plans::PLANS.iter().map(|p| plans::package_view(p.key)).collect();
    reply(Packages { packages })
}

/// The workplace's plan with its feature limits and this cycle's usage.
#[utoipa::path(get, path = "/payments/user/current-plan", responses((status = 200, body = PackageReply)))]
async fn current_plan(State(state): State<AppState>, scope: Scope) -> ApiResult<PackageReply> {
    let (key, usage) = quota::usage(&state.pool, scope.workplace.id).await?;
    reply(PackageReply { package: plans::package_view_with(&key, &usage) })
}

#[derive(Deserialize, ToSchema)]
struct CalcUsage {
    feature_id: String,
    usage_amount: Option<i64>,
}

/// Counts units of a feature; QUOTA_EXPIRED and nothing counted when past the limit.
#[utoipa::path(post, path = "/payments/quota/calc-usage", request_body = CalcUsage, responses((status = 200, body = quota::Quota)))]
async fn calc_usage(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<CalcUsage>) -> ApiResult<quota::Quota> {
    let amount = input.usage_amount.unwrap_or(1);
    if !(1..=1_000).contains(&amount) {
        return Err(domain::Error::field("usage_amount", "must be from 1 to 1000").into());
    }
    let plan = plans::find(&scope.workplace.plan_key);
    if plan.limit(input.feature_id.trim()).is_none() && !plans::PLANS.iter().any(|p| p.limit(input.feature_id.trim()).is_some()) {
        return Err(domain::Error::field("feature_id", "unknown feature").into());
    }
    let mut tx = state.pool.begin().await?;
    let q = quota::consume(&mut tx, scope.workplace.id, input.feature_id.trim(), amount).await?;
    tx.commit().await?;
    reply(q)
}
