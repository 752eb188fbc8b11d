//! The product center's reads of one pushed product (its destinations, its variants against the
//! supplier's, the store's copy against Dropline's and the supplier's) and the screens' counts.
//! See docs/API.md "Product center".
use axum::extract::State;
use domain::products::imported_list::{self as imported, ImportedItem};
use domain::products::source_variants::{self, SourceVariants};
use domain::push::compare::{self, ProductCompare};
use domain::push::platforms::{self, ProductPlatform};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, reply};
use crate::extract::{ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(product_platforms))
        .routes(routes!(product_counts))
        .routes(routes!(product_source_variants))
        .routes(routes!(product_compare))
        .routes(routes!(imported_list))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ImportedQuery {
    page: Option<i64>,
    /// At most 100.
    page_size: Option<i64>,
    /// Part of the title.
    keyword: Option<String>,
    /// Only this supplier's products (aliexpress, cj, ...).
    source: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct ImportedPage {
    total: i64,
    page: i64,
    page_size: i64,
    items: Vec<ImportedItem>,
}

/// Every product the workspace imported (import list and product center, copies marked), newest
/// first: what the mapping picker offers as suppliers already imported.
#[utoipa::path(get, path = "/center/products/imported_list", params(ImportedQuery), responses((status = 200, body = ImportedPage)))]
async fn imported_list(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ImportedQuery>) -> ApiResult<ImportedPage> {
    let (page, page_size) = super::page_and_size(q.page, q.page_size)?;
    let (total, items) = imported::page(&state.pool, scope.workplace.id, q.keyword.as_deref(), q.source.as_deref(), page, page_size).await?;
    reply(ImportedPage { total, page, page_size, items })
}

/// `{platforms}`: the stores and channels the product was pushed to, oldest first.
#[derive(Serialize, ToSchema)]
struct PlatformsReply {
    platforms: Vec<ProductPlatform>,
}

/// Where a product lives: each destination's store or channel, platform, id there, status,
/// last error and last push.
#[utoipa::path(get, path = "/center/products/platform/{id}", params(("id" = Uuid, Path, description = "the product id")), responses((status = 200, body = PlatformsReply)))]
async fn product_platforms(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<PlatformsReply> {
    reply(PlatformsReply { platforms: platforms::of_product(&state.pool, scope.workplace.id, id).await? })
}

/// What the import list and the product center list.
#[derive(Serialize, ToSchema)]
struct ProductCounts {
    /// Products in the import list.
    import_list: i64,
    /// Products pushed (or being pushed) at least once: the product center's total.
    pushed: i64,
}

#[utoipa::path(get, path = "/center/products/count", responses((status = 200, body = ProductCounts)))]
async fn product_counts(State(state): State<AppState>, scope: Scope) -> ApiResult<ProductCounts> {
    let (import_list, pushed) = domain::store::products::screen_counts(&state.pool, scope.workplace.id).await?;
    reply(ProductCounts { import_list, pushed })
}

/// The supplier's variants now beside the product's: cost and stock per SKU, SKUs dropped.
#[utoipa::path(get, path = "/center/products/{id}/source-variants", params(("id" = Uuid, Path, description = "the product id")), responses((status = 200, body = SourceVariants)))]
async fn product_source_variants(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<SourceVariants> {
    let fresh = state.settings.catalogue.detail_fresh_secs;
    reply(source_variants::source_variants(&state.pool, &state.suppliers, fresh, scope.workplace.id, id).await?)
}

/// Each store's copy (read from the store now) against Dropline's and the supplier's: title,
/// and per variant price and stock.
#[utoipa::path(get, path = "/center/products/{id}/compare", params(("id" = Uuid, Path, description = "the product id")), responses((status = 200, body = ProductCompare)))]
async fn product_compare(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<ProductCompare> {
    reply(compare::compare(&state.pool, &state.settings, &state.sealer, &state.suppliers, scope.workplace.id, id).await?)
}
