//! The signed-in account (spec section 3, "Account/user").
use axum::extract::State;
use domain::accounts::{self, AccountView};
use domain::store::users;
use domain::values::Language;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies_setup::AccountStatistic;
use crate::error::{ApiResult, reply};
use crate::extract::{AccountReader, ApiJson, AuthUser, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account))
        .routes(routes!(delete_account))
        .routes(routes!(set_language))
        .routes(routes!(update_meta))
        .routes(routes!(statistic))
}

#[utoipa::path(get, path = "/auth/account", responses((status = 200, body = AccountView)))]
async fn account(State(state): State<AppState>, user: AuthUser, AccountReader(viewer): AccountReader) -> ApiResult<AccountView> {
    reply(accounts::account_view(&state.pool, user.user_id, viewer).await?)
}

/// Deletes the account with its workplaces and all their data.
#[utoipa::path(delete, path = "/auth/account/delete", responses((status = 200, description = "data: null")))]
async fn delete_account(State(state): State<AppState>, user: AuthUser) -> ApiResult<()> {
    users::delete(&state.pool, user.user_id).await?;
    state.scope_cache.forget_user(user.user_id);
    reply(())
}

#[derive(Deserialize, ToSchema)]
struct LanguageInput {
    language: String,
}

#[utoipa::path(put, path = "/auth/account/set-language", request_body = LanguageInput, responses((status = 200, body = AccountView)))]
async fn set_language(
    State(state): State<AppState>,
    user: AuthUser,
    AccountReader(viewer): AccountReader,
    ApiJson(input): ApiJson<LanguageInput>,
) -> ApiResult<AccountView> {
    let language = Language::parse(&input.language).map_err(|m| domain::Error::field("language", m))?;
    users::set_language(&state.pool, user.user_id, language.code()).await?;
    reply(accounts::account_view(&state.pool, user.user_id, viewer).await?)
}

#[derive(Deserialize, ToSchema)]
struct MetaInput {
    meta_key: String,
}

/// Marks a one-time prompt (onboarding, tours) as seen: removes it from `remaining_meta_keys`.
#[utoipa::path(post, path = "/auth/account/update-meta", request_body = MetaInput, responses((status = 200, body = AccountView)))]
async fn update_meta(
    State(state): State<AppState>,
    user: AuthUser,
    AccountReader(viewer): AccountReader,
    ApiJson(input): ApiJson<MetaInput>,
) -> ApiResult<AccountView> {
    users::remove_meta_key(&state.pool, user.user_id, input.meta_key.trim()).await?;
    reply(accounts::account_view(&state.pool, user.user_id, viewer).await?)
}

/// Badge counts of the side navigation. Import list, product and order tables arrive with their
/// issues; until then the workplace has none of them.
#[utoipa::path(get, path = "/auth/account/statistic", responses((status = 200, body = AccountStatistic)))]
async fn statistic(State(state): State<AppState>, scope: Scope) -> ApiResult<AccountStatistic> {
    let (import_list, product_list) = domain::store::products::counts(&state.pool, scope.workplace.id).await?;
    reply(AccountStatistic { import_list, product_list, order_list: 0, chat_unread_count: 0 })
}
