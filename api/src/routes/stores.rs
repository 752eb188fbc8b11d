//! Stores: connect (Shopify, WooCommerce), list, default, remove, uninstall, sales channels.
use axum::extract::State;
use axum::http::HeaderMap;
use domain::store::stores::Store;
use domain::stores::{self, install, install::Installer};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies::{StoreReply, StoresReply, UrlReply};
use super::replies_setup::StoreIdReply;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_store))
        .routes(routes!(shopify_install_get))
        .routes(routes!(platform_install))
        .routes(routes!(shopify_callback))
        .routes(routes!(woo_link))
        .routes(routes!(woo_key_callback))
        .routes(routes!(update_default_store))
        .routes(routes!(remove_store))
        .routes(routes!(uninstall))
}

fn installer(scope: &Scope) -> Installer {
    Installer { user_id: scope.user_id, workplace_id: scope.workplace.id }
}

/// The `store-id` header, when the caller sent one.
pub fn store_id_header(headers: &HeaderMap) -> Result<Option<Uuid>, domain::Error> {
    match headers.get("store-id").and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(raw) => Uuid::parse_str(raw).map(Some).map_err(|_| domain::Error::InvalidCurrentShop),
    }
}

#[utoipa::path(get, path = "/stores/list-store", responses((status = 200, body = StoresReply)))]
async fn list_store(State(state): State<AppState>, scope: Scope) -> ApiResult<StoresReply> {
    reply(StoresReply { stores: domain::store::stores::list(&state.pool, scope.workplace.id).await? })
}

#[derive(Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
struct ShopInput {
    shop: String,
}

#[utoipa::path(get, path = "/shopify/shop/install", params(ShopInput), responses((status = 200, body = UrlReply)))]
async fn shopify_install_get(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ShopInput>) -> ApiResult<UrlReply> {
    let url = install::shopify_start(&state.pool, &state.settings, installer(&scope), &q.shop).await?;
    reply(UrlReply { url })
}

/// The address to send the browser to: Shopify's install page or WooCommerce's key grant.
#[utoipa::path(post, path = "/auth/platform/{platform}/install", params(("platform" = String, Path)), request_body = ShopInput, responses((status = 200, body = UrlReply)))]
async fn platform_install(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(platform): ApiPath<String>,
    ApiJson(input): ApiJson<ShopInput>,
) -> ApiResult<UrlReply> {
    let who = installer(&scope);
    let url = match platform.as_str() {
        "shopify" => install::shopify_start(&state.pool, &state.settings, who, &input.shop).await?,
        "woocommerce" => install::woo_start(&state.pool, &state.settings, who, &input.shop).await?,
        _ => return Err(domain::Error::NotFound("Platform").into()),
    };
    reply(UrlReply { url })
}

/// Finishes the Shopify install with the parameters Shopify sent to `/callback`.
#[utoipa::path(post, path = "/auth/platform/shopify/callback", responses((status = 200, body = StoreReply)))]
async fn shopify_callback(
    State(state): State<AppState>,
    scope: Scope,
    headers: HeaderMap,
    ApiJson(params): ApiJson<BTreeMap<String, String>>,
) -> ApiResult<StoreReply> {
    let store = install::shopify_finish(&state.pool, &state.settings, &state.sealer, scope.user_id, &params).await?;
    // Finished inside Shopify's admin (the embedded dashboard names its shop on every call): the
    // app was installed from Shopify, which then requires its plans to be billed through Shopify.
    let embedded = headers.get("platform-domain-embedded").and_then(|v| v.to_str().ok());
    if embedded.is_some_and(|d| d.eq_ignore_ascii_case(&store.platform_domain)) {
        domain::billing::shopify::mark_installed_from_shopify(&state.pool, store.id).await?;
    }
    reply(StoreReply { store })
}

#[derive(Deserialize, ToSchema)]
struct WooKeys {
    shop: String,
    consumer_key: String,
    consumer_secret: String,
}

#[utoipa::path(post, path = "/auth/platform/woocommerce/link", request_body = WooKeys, responses((status = 200, body = StoreReply)))]
async fn woo_link(State(state): State<AppState>, scope: Scope, ApiJson(k): ApiJson<WooKeys>) -> ApiResult<StoreReply> {
    let store = install::woo_link(&state.pool, &state.settings, &state.sealer, installer(&scope), &k.shop, &k.consumer_key, &k.consumer_secret).await?;
    reply(StoreReply { store })
}

/// WooCommerce posts a granted key here (server to server); `user_id` is our state.
#[derive(Deserialize, ToSchema)]
struct GrantedKey {
    user_id: Value,
    consumer_key: String,
    consumer_secret: String,
}

#[utoipa::path(post, path = "/woocommerce/auth/callback", request_body = GrantedKey, responses((status = 200, body = StoreIdReply)))]
async fn woo_key_callback(State(state): State<AppState>, ApiJson(k): ApiJson<GrantedKey>) -> ApiResult<StoreIdReply> {
    let user_state = match &k.user_id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let store = install::woo_key_granted(&state.pool, &state.settings, &state.sealer, &user_state, &k.consumer_key, &k.consumer_secret).await?;
    reply(StoreIdReply { store_id: store.id })
}

#[derive(Deserialize, ToSchema)]
struct StoreIdInput {
    store_id: Uuid,
}

#[utoipa::path(post, path = "/core/stores/update-default-store", request_body = StoreIdInput, responses((status = 200, body = StoreReply)))]
async fn update_default_store(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<StoreIdInput>) -> ApiResult<StoreReply> {
    let store: Store = stores::make_default(&state.pool, scope.workplace.id, input.store_id).await?;
    reply(StoreReply { store })
}

#[utoipa::path(delete, path = "/stores/{id}", params(("id" = Uuid, Path)), responses((status = 200, description = "data: null")))]
async fn remove_store(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<()> {
    stores::remove(&state.pool, scope.workplace.id, id).await?;
    reply(())
}

#[utoipa::path(post, path = "/auth/platform/{platform}/uninstall", params(("platform" = String, Path)), request_body = ShopInput, responses((status = 200, body = StoreReply)))]
async fn uninstall(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(platform): ApiPath<String>,
    ApiJson(input): ApiJson<ShopInput>,
) -> ApiResult<StoreReply> {
    let store = stores::uninstall(&state.pool, scope.workplace.id, &platform, &input.shop).await?;
    reply(StoreReply { store })
}

#[derive(Deserialize)]
pub struct PublicationsQuery {
    clear_cache: Option<String>,
}

/// `GET /status/shopify-service/api/shopify/shop/publications` (host root): the store's sales
/// channels, read again from Shopify when `clear_cache=1`.
pub async fn publications(State(state): State<AppState>, scope: Scope, headers: HeaderMap, ApiQuery(q): ApiQuery<PublicationsQuery>) -> ApiResult<Value> {
    let id = store_id_header(&headers)?.ok_or(domain::Error::InvalidCurrentShop)?;
    let refresh = q.clear_cache.as_deref() == Some("1");
    reply(stores::publications(&state.pool, &state.settings, &state.sealer, scope.workplace.id, id, refresh).await?)
}
