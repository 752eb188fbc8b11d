//! Push to stores and channels, push progress and the product center.
//! See docs/API.md "Push to stores and channels".
use axum::extract::State;
use domain::channels::Actor;
use domain::push::bulk_channel::{self, ChannelBulkStarted, ChannelBulkUpdate};
use domain::push::{self, PushSettings, PushStarted, progress};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies_setup::{PushProgress, PushedPage, SyncLog};
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(push_to_channels))
        .routes(routes!(push_simple))
        .routes(routes!(update_push))
        .routes(routes!(push_all))
        .routes(routes!(bulk_update_channel))
        .routes(routes!(push_progress))
        .routes(routes!(pushed))
        .routes(routes!(sync_log))
}

fn actor(scope: &Scope) -> Actor {
    Actor { user_id: scope.user_id, workplace_id: scope.workplace.id }
}

#[derive(Deserialize, ToSchema)]
struct PushInput {
    #[serde(default)]
    settings: PushSettings,
    #[serde(default)]
    product_package_ids: Vec<Uuid>,
}

async fn push_ids(state: &AppState, scope: &Scope, input: PushInput) -> ApiResult<PushStarted> {
    let mut settings = input.settings;
    settings.push.extend(input.product_package_ids);
    reply(push::start(&state.pool, actor(scope), settings, state.settings.shopify.bulk_threshold).await?)
}

/// Pushes products to every ticked store and channel: one progress item per pair.
#[utoipa::path(post, path = "/center/products/push-to-multiple-channels", request_body = PushInput, responses((status = 200, body = PushStarted)))]
async fn push_to_channels(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<PushInput>) -> ApiResult<PushStarted> {
    push_ids(&state, &scope, input).await
}

#[utoipa::path(post, path = "/center/products/push", request_body = PushInput, responses((status = 200, body = PushStarted)))]
async fn push_simple(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<PushInput>) -> ApiResult<PushStarted> {
    push_ids(&state, &scope, input).await
}

#[derive(Deserialize, ToSchema)]
struct UpdatePushInput {
    settings: PushSettings,
}

/// `settings.push` are pushed for the first time, `settings.update` over what is there.
#[utoipa::path(post, path = "/center/products/update-push", request_body = UpdatePushInput, responses((status = 200, body = PushStarted)))]
async fn update_push(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<UpdatePushInput>) -> ApiResult<PushStarted> {
    reply(push::start(&state.pool, actor(&scope), input.settings, state.settings.shopify.bulk_threshold).await?)
}

/// Every product of the import list.
#[utoipa::path(post, path = "/center/products/push-all-multiple-channel", request_body = PushInput, responses((status = 200, body = PushStarted)))]
async fn push_all(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<PushInput>) -> ApiResult<PushStarted> {
    let ids = domain::store::products::import_list_ids(&state.pool, scope.workplace.id).await?;
    push_ids(&state, &scope, PushInput { settings: input.settings, product_package_ids: ids }).await
}

/// Edits the products (price, tags, type, vendor) and updates their copies on the sales channel
/// (tiktok, facebook, google): one progress item per product, never a second listing.
#[utoipa::path(post, path = "/center/products/bulk-update/{channel}", params(("channel" = String, Path, description = "tiktok, facebook or google")), request_body = ChannelBulkUpdate, responses((status = 200, body = ChannelBulkStarted)))]
async fn bulk_update_channel(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(channel): ApiPath<String>,
    ApiJson(input): ApiJson<ChannelBulkUpdate>,
) -> ApiResult<ChannelBulkStarted> {
    reply(bulk_channel::bulk_update(&state.pool, actor(&scope), &channel, input).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ProgressQuery {
    /// Comma-separated progress ids; none: the last hour's items.
    ids: Option<String>,
}

#[utoipa::path(get, path = "/center/products/push/progress", params(ProgressQuery), responses((status = 200, body = PushProgress)))]
async fn push_progress(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ProgressQuery>) -> ApiResult<PushProgress> {
    let ids: Option<Vec<i64>> = match q.ids.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(
            s.split(',')
                .map(|i| i.trim().parse::<i64>())
                .collect::<Result<_, _>>()
                .map_err(|_| domain::Error::field("ids", "a comma-separated list of progress ids"))?,
        ),
    };
    reply(PushProgress { items: progress::items(&state.pool, scope.workplace.id, ids.as_deref()).await? })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PushedQuery {
    page: Option<i64>,
    page_size: Option<i64>,
    keyword: Option<String>,
}

/// The product center: pushed products with each destination's status and sync state.
#[utoipa::path(get, path = "/center/products/pushed", params(PushedQuery), responses((status = 200, body = PushedPage)))]
async fn pushed(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<PushedQuery>) -> ApiResult<PushedPage> {
    let (page, size) = super::page_and_size(q.page, q.page_size)?;
    let keyword = q.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    let (total, items) = progress::pushed(&state.pool, scope.workplace.id, keyword, page, size).await?;
    let display = domain::orders::display::for_currencies(&state.pool, &scope.workplace.currency, []).await?;
    reply(PushedPage { total, page, page_size: size, items, display })
}

#[utoipa::path(get, path = "/center/products/{id}/sync-log", params(("id" = Uuid, Path)), responses((status = 200, body = SyncLog)))]
async fn sync_log(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<SyncLog> {
    reply(SyncLog { items: progress::sync_log(&state.pool, scope.workplace.id, id).await? })
}
