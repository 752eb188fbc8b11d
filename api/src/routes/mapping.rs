//! Mapping store products to suppliers: read the store's products, list them mapped and
//! unmapped, map variants (several suppliers each, by priority), map a group, replace.
use axum::extract::State;
use domain::mapping::{self, VariantMapping};
use domain::store::store_products::{self, StoreProductView};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies::ProgressReply;
use super::replies_setup::{Recommendations, StoreProductPage};
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;
use domain::stores::jobs::StoreProductsSyncJob;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sync))
        .routes(routes!(unmapped))
        .routes(routes!(mapped))
        .routes(routes!(one))
        .routes(routes!(map_variant))
        .routes(routes!(map_group))
        .routes(routes!(replace))
        .routes(routes!(recommend_unmap))
}

#[derive(Deserialize, ToSchema)]
struct SyncInput {
    store_id: Uuid,
}

/// Reads the store's products (a job; poll its progress id).
#[utoipa::path(post, path = "/center/products/listings/sync", request_body = SyncInput, responses((status = 200, body = ProgressReply)))]
async fn sync(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<SyncInput>) -> ApiResult<ProgressReply> {
    let mut tx = domain::db::begin(&state.pool).await?;
    let store = domain::store::stores::get(&mut tx, scope.workplace.id, input.store_id).await?.ok_or(domain::Error::InvalidCurrentShop)?;
    let job = StoreProductsSyncJob { store_id: store.id, workplace_id: scope.workplace.id };
    let id = domain::queue::enqueue(&mut tx, Some(scope.workplace.id), &job, json!({ "store_id": store.id })).await?;
    tx.commit().await?;
    reply(ProgressReply { progress_id: id })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    store_id: Option<Uuid>,
    page: Option<i64>,
    page_size: Option<i64>,
}

async fn listing(state: &AppState, scope: &Scope, q: &ListQuery, mapped: bool) -> ApiResult<StoreProductPage> {
    let (page, size) = super::page_and_size(q.page, q.page_size)?;
    let (total, items) = store_products::list(&state.pool, scope.workplace.id, q.store_id, Some(mapped), None, page, size).await?;
    reply(StoreProductPage { total, page, page_size: size, items })
}

/// Store products none of whose variants has a supplier.
#[utoipa::path(get, path = "/center/products/listings/unmapped", params(ListQuery), responses((status = 200, body = StoreProductPage)))]
async fn unmapped(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<StoreProductPage> {
    listing(&state, &scope, &q, false).await
}

/// Store products with at least one mapped variant, each variant with its suppliers.
#[utoipa::path(get, path = "/center/products/listings/mapped", params(ListQuery), responses((status = 200, body = StoreProductPage)))]
async fn mapped(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<StoreProductPage> {
    listing(&state, &scope, &q, true).await
}

async fn view(state: &AppState, scope: &Scope, id: Uuid) -> Result<StoreProductView, domain::Error> {
    let (_, mut items) = store_products::list(&state.pool, scope.workplace.id, None, None, Some(id), 1, 1).await?;
    items.pop().ok_or(domain::Error::DataNotFound)
}

#[utoipa::path(get, path = "/center/products/listings/{id}", params(("id" = Uuid, Path)), responses((status = 200, body = StoreProductView)))]
async fn one(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<StoreProductView> {
    reply(view(&state, &scope, id).await?)
}

#[derive(Deserialize, ToSchema)]
struct MapVariantInput {
    mappings: Vec<VariantMapping>,
}

/// Sets the suppliers of the listed variants, first = tried first.
#[utoipa::path(post, path = "/products/{id}/map-variant", params(("id" = Uuid, Path)), request_body = MapVariantInput, responses((status = 200, body = StoreProductView)))]
async fn map_variant(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<MapVariantInput>,
) -> ApiResult<StoreProductView> {
    mapping::map_variants(&state.pool, &state.suppliers, &state.settings.catalogue, scope.workplace.id, id, &input.mappings).await?;
    reply(view(&state, &scope, id).await?)
}

#[derive(Deserialize, ToSchema)]
struct MapGroupInput {
    source: String,
    source_product_id: String,
    /// Add as the next fallback supplier instead of replacing the variants' suppliers.
    #[serde(default)]
    append: bool,
    #[serde(default)]
    ship_to_countries: Vec<String>,
}

/// Maps every variant to one supplier product, matched by option values.
#[utoipa::path(post, path = "/products/{id}/map-group", params(("id" = Uuid, Path)), request_body = MapGroupInput, responses((status = 200, body = StoreProductView)))]
async fn map_group(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>, ApiJson(i): ApiJson<MapGroupInput>) -> ApiResult<StoreProductView> {
    let countries = i
        .ship_to_countries
        .iter()
        .map(|c| domain::values::Country::parse(c).map(|c| c.0))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|m| domain::Error::field("ship_to_countries", m))?;
    mapping::map_group(&state.pool, &state.suppliers, &state.settings.catalogue, scope.workplace.id, id, &i.source, &i.source_product_id, i.append, &countries)
        .await?;
    reply(view(&state, &scope, id).await?)
}

#[derive(Deserialize, ToSchema)]
struct SupplierRef {
    source: String,
    source_product_id: String,
}

#[derive(Deserialize, ToSchema)]
struct ReplaceInput {
    from: SupplierRef,
    to: SupplierRef,
}

/// Replaces one supplier product by another in every variant, keeping priorities.
#[utoipa::path(put, path = "/products/{id}/replace", params(("id" = Uuid, Path)), request_body = ReplaceInput, responses((status = 200, body = StoreProductView)))]
async fn replace(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>, ApiJson(i): ApiJson<ReplaceInput>) -> ApiResult<StoreProductView> {
    let from = (i.from.source.as_str(), i.from.source_product_id.as_str());
    let to = (i.to.source.as_str(), i.to.source_product_id.as_str());
    mapping::replace(&state.pool, &state.suppliers, &state.settings.catalogue, scope.workplace.id, id, from, to).await?;
    reply(view(&state, &scope, id).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RecommendQuery {
    store_product_id: Uuid,
}

/// Catalogue products that look like an unmapped store product (by title), best first.
#[utoipa::path(get, path = "/center/products/recommend-unmap", params(RecommendQuery), responses((status = 200, body = Recommendations)))]
async fn recommend_unmap(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<RecommendQuery>) -> ApiResult<Recommendations> {
    reply(Recommendations { items: mapping::recommend(&state.pool, scope.workplace.id, q.store_product_id, 10).await? })
}
