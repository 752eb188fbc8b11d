//! Sales channels (TikTok Shop, Meta, Google Merchant Center): cards, connect, link,
//! disconnect, push settings, TikTok warehouses. See docs/API.md "Sales channels".
use axum::extract::State;
use domain::channels::{self, Actor, Channel, connect, settings};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::UrlReply;
use super::replies_setup::{ChannelList, ChannelReply, ProductSettings, SavedChannelSettings, Warehouses};
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(auth))
        .routes(routes!(channel_callback))
        .routes(routes!(link_facebook))
        .routes(routes!(link_google))
        .routes(routes!(disconnect))
        .routes(routes!(settings_get))
        .routes(routes!(settings_update))
        .routes(routes!(warehouses))
        .routes(routes!(prerequisites))
}

fn actor(scope: &Scope) -> Actor {
    Actor { user_id: scope.user_id, workplace_id: scope.workplace.id }
}

#[utoipa::path(get, path = "/channels/list", responses((status = 200, body = ChannelList)))]
async fn list(State(state): State<AppState>, scope: Scope) -> ApiResult<ChannelList> {
    reply(ChannelList { channels: channels::list(&state.pool, scope.workplace.id).await? })
}

/// The channel's authorisation page (platform: tiktok, facebook or google-merchant).
#[utoipa::path(get, path = "/auth/platform/{platform}/auth", params(("platform" = String, Path)), responses((status = 200, body = UrlReply)))]
async fn auth(State(state): State<AppState>, scope: Scope, ApiPath(platform): ApiPath<String>) -> ApiResult<UrlReply> {
    let channel = Channel::from_platform(&platform)?;
    let url = connect::start(&state.pool, &state.settings, actor(&scope), channel).await?;
    reply(UrlReply { url })
}

#[derive(Deserialize, ToSchema)]
struct CallbackInput {
    code: String,
    state: String,
}

/// Finishes the connect with the `code` and `state` the channel sent the browser back with.
#[utoipa::path(post, path = "/auth/platform/{platform}/callback", params(("platform" = String, Path)), request_body = CallbackInput, responses((status = 200, body = ChannelReply)))]
async fn channel_callback(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(platform): ApiPath<String>,
    ApiJson(input): ApiJson<CallbackInput>,
) -> ApiResult<ChannelReply> {
    let channel = Channel::from_platform(&platform)?;
    let view = connect::finish(&state.pool, &state.settings, &state.sealer, actor(&scope), channel, &input.code, &input.state).await?;
    reply(ChannelReply { channel: view })
}

#[derive(Deserialize, ToSchema)]
struct FacebookLink {
    business_id: String,
    catalog_id: String,
}

#[utoipa::path(post, path = "/auth/platform/facebook/link", request_body = FacebookLink, responses((status = 200, body = ChannelReply)))]
async fn link_facebook(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<FacebookLink>) -> ApiResult<ChannelReply> {
    let view = connect::link_facebook(&state.pool, scope.workplace.id, &input.business_id, &input.catalog_id).await?;
    reply(ChannelReply { channel: view })
}

#[derive(Deserialize, ToSchema)]
struct GoogleLink {
    merchant_id: String,
}

#[utoipa::path(post, path = "/auth/platform/google-merchant/link", request_body = GoogleLink, responses((status = 200, body = ChannelReply)))]
async fn link_google(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<GoogleLink>) -> ApiResult<ChannelReply> {
    let view = connect::link_google(&state.pool, scope.workplace.id, &input.merchant_id).await?;
    reply(ChannelReply { channel: view })
}

#[utoipa::path(post, path = "/auth/platform/{platform}/disconnect", params(("platform" = String, Path)), responses((status = 200, body = ChannelReply)))]
async fn disconnect(State(state): State<AppState>, scope: Scope, ApiPath(platform): ApiPath<String>) -> ApiResult<ChannelReply> {
    let channel = Channel::from_platform(&platform)?;
    reply(ChannelReply { channel: connect::disconnect(&state.pool, scope.workplace.id, channel).await? })
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SettingsQuery {
    store_id: Option<uuid::Uuid>,
}

/// Product settings: push settings per channel and the pricing rule in force (the store's when
/// `store_id` names one, else the workplace's, else the default).
#[utoipa::path(get, path = "/center/products/setting/get", params(SettingsQuery), responses((status = 200, body = ProductSettings)))]
async fn settings_get(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<SettingsQuery>) -> ApiResult<ProductSettings> {
    let (pricing_rule, pricing_rule_scope): (domain::products::pricing::PricingRule, _) =
        domain::store::pricing_rules::effective(&state.pool, scope.workplace.id, q.store_id).await?;
    reply(ProductSettings { channels: settings::all(&state.pool, scope.workplace.id).await?, pricing_rule, pricing_rule_scope })
}

#[derive(Deserialize, ToSchema)]
struct UpdateInput {
    channel: String,
    #[serde(default)]
    store_id: Option<String>,
    #[schema(value_type = Object)]
    settings: Value,
}

#[utoipa::path(put, path = "/center/products/setting/update_channel", request_body = UpdateInput, responses((status = 200, body = SavedChannelSettings)))]
async fn settings_update(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<UpdateInput>) -> ApiResult<SavedChannelSettings> {
    let update = settings::Update { channel: input.channel, store_id: input.store_id, settings: input.settings };
    let saved = settings::update(&state.pool, &state.settings, &state.sealer, scope.workplace.id, update).await?;
    reply(SavedChannelSettings { settings: saved })
}

#[utoipa::path(get, path = "/tiktok/warehouse", responses((status = 200, body = Warehouses)))]
async fn warehouses(State(state): State<AppState>, scope: Scope) -> ApiResult<Warehouses> {
    reply(Warehouses { warehouses: settings::tiktok_warehouses(&state.pool, &state.settings, &state.sealer, scope.workplace.id).await? })
}

#[utoipa::path(get, path = "/tiktok/listing-prerequisites", responses((status = 200, body = settings::Prerequisites)))]
async fn prerequisites(State(state): State<AppState>, scope: Scope) -> ApiResult<settings::Prerequisites> {
    reply(settings::prerequisites(&state.pool, &state.settings, &state.sealer, scope.workplace.id).await?)
}
