//! Plans and quotas: the price list and counting a unit (the workplace's plan: billing.rs).
use axum::extract::State;
use domain::plans::{self, quota};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::Packages;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(pricing)).routes(routes!(calc_usage))
}

#[utoipa::path(get, path = "/payments/pricing", responses((status = 200, body = Packages)))]
async fn pricing() -> ApiResult<Packages> {
    let packages: Vec<plans::PackageView> = plans::PLANS.iter().filter(|p| p.listed).map(|p| plans::package_view(p.key)).collect();
    reply(Packages { packages })
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
    let mut tx = domain::db::begin(&state.pool).await?;
    let q = quota::consume(&mut tx, scope.workplace.id, input.feature_id.trim(), amount).await?;
    tx.commit().await?;
    reply(q)
}
