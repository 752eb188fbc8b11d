//! Workplaces, workplace settings and the quick-start guide (notifications: `notifications.rs`).
use axum::extract::State;
use domain::store::quick_start::{self, QuickStartGuide};
use domain::store::workplaces::{self, Workplace};
use domain::values::{CurrencyCode, WorkplaceName};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, AuthUser, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_workplace)).routes(routes!(workplace_settings)).routes(routes!(get_quick_start, update_quick_start))
}

#[derive(Deserialize, ToSchema)]
struct NewWorkplace {
    name: String,
    currency: Option<String>,
}

#[utoipa::path(post, path = "/core/workplaces", request_body = NewWorkplace, responses((status = 200, body = Workplace)))]
async fn create_workplace(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<NewWorkplace>) -> ApiResult<Workplace> {
    let mut f = domain::Fields::default();
    let name = f.take("name", WorkplaceName::parse(&input.name));
    let currency = f.take("currency", CurrencyCode::parse(input.currency.as_deref().unwrap_or("USD")));
    f.finish()?;
    let mut tx = domain::db::begin(&state.pool).await?;
    let w = workplaces::create(&mut tx, user.user_id, &name.unwrap().0, &currency.unwrap().0).await?;
    tx.commit().await?;
    reply(w)
}

#[derive(Deserialize, ToSchema)]
struct SettingsInput {
    settings: DisplaySettings,
}

#[derive(Deserialize, ToSchema)]
struct DisplaySettings {
    display_currency: String,
}

/// Sets the workplace's display currency (the dashboard shows amounts in it).
#[utoipa::path(post, path = "/core/workplaces/settings", request_body = SettingsInput, responses((status = 200, body = Workplace)))]
async fn workplace_settings(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<SettingsInput>) -> ApiResult<Workplace> {
    let currency = CurrencyCode::parse(&input.settings.display_currency).map_err(|m| domain::Error::field("settings.display_currency", m))?;
    workplaces::set_currency(&state.pool, scope.workplace.id, &currency.0).await?;
    reply(Workplace { currency: currency.0, ..scope.workplace })
}

#[utoipa::path(get, path = "/core/settings/quick-start-guide", responses((status = 200, body = QuickStartGuide)))]
async fn get_quick_start(State(state): State<AppState>, scope: Scope) -> ApiResult<QuickStartGuide> {
    reply(quick_start::get(&state.pool, scope.workplace.id).await?)
}

#[derive(Deserialize, ToSchema)]
struct QuickStartInput {
    dismiss: Option<bool>,
    step: Option<String>,
}

/// Dismisses the guide and/or marks a step done.
#[utoipa::path(post, path = "/core/settings/quick-start-guide", request_body = QuickStartInput, responses((status = 200, body = QuickStartGuide)))]
async fn update_quick_start(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<QuickStartInput>) -> ApiResult<QuickStartGuide> {
    reply(quick_start::update(&state.pool, scope.workplace.id, input.dismiss, input.step.as_deref()).await?)
}
