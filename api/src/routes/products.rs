//! The import list and editor: import one or many, list, edit, bulk edit, delete, pricing rules.
//! See docs/API.md "Import list, editor, pricing rules".
use axum::extract::State;
use domain::products::{
    self, BulkUpdate,
    edit::ProductEdit,
    import::{self, ImportRequest},
    import_all,
    pricing::PricingRule,
    view::ImportedProduct,
};
use domain::store::pricing_rules::{self, RuleScope};
use domain::store::products::{self as product_store, ImportListItem};
use domain::values::{Country, Source};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies::Updated;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;
use domain::products::jobs::SplitProductJob;
use domain::queue::Job;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(import_product, get_product, edit_product))
        .routes(routes!(import_all_start))
        .routes(routes!(import_all_status))
        .routes(routes!(listing))
        .routes(routes!(delete))
        .routes(routes!(bulk_update))
        .routes(routes!(pricing_update))
        .routes(routes!(pricing_reapply))
        .routes(routes!(duplicate))
        .routes(routes!(split))
        .routes(routes!(split_status))
}

#[derive(Deserialize, ToSchema)]
struct ImportInput {
    source_product_id: String,
    ship_to: Option<String>,
}

fn request(source: &str, id: &str, ship_to: Option<&str>) -> Result<ImportRequest, domain::Error> {
    let mut f = domain::Fields::default();
    let source = f.take("source", Source::parse(source));
    let ship_to = f.take("ship_to", Country::parse(ship_to.unwrap_or("US")));
    let id = f.take("source_product_id", if id.trim().is_empty() { Err("is required".to_string()) } else { Ok(id.trim().to_string()) });
    f.finish()?;
    Ok(ImportRequest { source: source.unwrap(), source_product_id: id.unwrap(), ship_to: ship_to.unwrap() })
}

/// Imports one supplier product into the import list (path: the source).
#[utoipa::path(post, path = "/center/products/import/{key}", params(("key" = String, Path, description = "the source")), request_body = ImportInput, responses((status = 200, body = ImportedProduct)))]
async fn import_product(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<ImportInput>,
) -> ApiResult<ImportedProduct> {
    let r = request(&key, &input.source_product_id, input.ship_to.as_deref())?;
    reply(import::import_one(&state.pool, &state.suppliers, &state.settings.catalogue, scope.workplace.id, &r, None).await?)
}

fn product_id(key: &str) -> Result<Uuid, domain::Error> {
    Uuid::parse_str(key).map_err(|_| domain::Error::NotFound("product"))
}

/// An imported product (path: its id).
#[utoipa::path(get, path = "/center/products/import/{key}", params(("key" = String, Path, description = "the product id")), responses((status = 200, body = ImportedProduct)))]
async fn get_product(State(state): State<AppState>, scope: Scope, ApiPath(key): ApiPath<String>) -> ApiResult<ImportedProduct> {
    let (p, v) = product_store::get(&state.pool, scope.workplace.id, product_id(&key)?).await?.ok_or(domain::Error::NotFound("product"))?;
    reply(products::view::view(p, &v))
}

#[utoipa::path(put, path = "/center/products/import/{key}", params(("key" = String, Path, description = "the product id")), request_body = ProductEdit, responses((status = 200, body = ImportedProduct)))]
async fn edit_product(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<ProductEdit>,
) -> ApiResult<ImportedProduct> {
    reply(products::edit::edit(&state.pool, scope.workplace.id, product_id(&key)?, input).await?)
}

#[derive(Deserialize, ToSchema)]
struct ImportItem {
    source: String,
    source_product_id: String,
    ship_to: Option<String>,
}

#[derive(Deserialize, ToSchema)]
struct ImportAllInput {
    import_data: Vec<ImportItem>,
}

/// `{tracking_id, total}`: the import batch to poll, and how many products it imports.
#[derive(Serialize, ToSchema)]
struct ImportAllStarted {
    tracking_id: Uuid,
    total: usize,
}

/// Imports many products as a job each; poll the tracking id for the success and failed maps.
#[utoipa::path(post, path = "/center/products/import-all", request_body = ImportAllInput, responses((status = 200, body = ImportAllStarted)))]
async fn import_all_start(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<ImportAllInput>) -> ApiResult<ImportAllStarted> {
    let mut f = domain::Fields::default();
    let items: Vec<ImportRequest> = input
        .import_data
        .iter()
        .enumerate()
        .filter_map(|(i, it)| f.take(&format!("import_data.{i}"), request(&it.source, &it.source_product_id, it.ship_to.as_deref()).map_err(|e| e.to_string())))
        .collect();
    f.finish()?;
    let (tracking_id, total) = import_all::start(&state.pool, scope.workplace.id, &items).await?;
    reply(ImportAllStarted { tracking_id, total })
}

#[utoipa::path(get, path = "/center/products/import-all/{tracking_id}", params(("tracking_id" = Uuid, Path)), responses((status = 200, body = import_all::BatchStatus)))]
async fn import_all_status(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<import_all::BatchStatus> {
    reply(import_all::status(&state.pool, scope.workplace.id, id).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListingQuery {
    page: Option<i64>,
    page_size: Option<i64>,
    keyword: Option<String>,
}

/// A page of the import list, newest first. Its amounts are USD; `display` brings them into the
/// workspace's currency.
#[derive(Serialize, ToSchema)]
struct ImportListPage {
    total: i64,
    page: i64,
    page_size: i64,
    items: Vec<ImportListItem>,
    display: domain::orders::display::Display,
}

#[utoipa::path(get, path = "/center/products/import/listing", params(ListingQuery), responses((status = 200, body = ImportListPage)))]
async fn listing(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ListingQuery>) -> ApiResult<ImportListPage> {
    let (page, size) = super::page_and_size(q.page, q.page_size)?;
    let keyword = q.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    let (total, items) = product_store::listing(&state.pool, scope.workplace.id, keyword, page, size).await?;
    let display = domain::orders::display::for_currencies(&state.pool, &scope.workplace.currency, []).await?;
    reply(ImportListPage { total, page, page_size: size, items, display })
}

#[derive(Deserialize, ToSchema)]
struct IdsInput {
    ids: Vec<Uuid>,
}

/// `{deleted}`: how many products were deleted.
#[derive(Serialize, ToSchema)]
struct Deleted {
    deleted: u64,
}

#[utoipa::path(delete, path = "/center/products/import/delete", request_body = IdsInput, responses((status = 200, body = Deleted)))]
async fn delete(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<IdsInput>) -> ApiResult<Deleted> {
    reply(Deleted { deleted: product_store::delete(&state.pool, scope.workplace.id, &input.ids).await? })
}

#[utoipa::path(put, path = "/center/products/bulk_update", request_body = BulkUpdate, responses((status = 200, body = Updated)))]
async fn bulk_update(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<BulkUpdate>) -> ApiResult<Updated> {
    if input.ids.len() > 1 {
        domain::plans::gates::check(&state.pool, scope.workplace.id, domain::plans::gates::Gate::BulkEditListings).await?;
    }
    reply(Updated { updated: products::bulk_update(&state.pool, scope.workplace.id, input).await? })
}

#[derive(Deserialize, ToSchema)]
struct PricingInput {
    store_id: Option<Uuid>,
    pricing_rule: PricingRule,
}

/// The pricing rule in force and where it comes from.
#[derive(Serialize, ToSchema)]
struct PricingRuleReply {
    pricing_rule: PricingRule,
    pricing_rule_scope: RuleScope,
}

/// Saves the workplace's pricing rule, or one store's.
#[utoipa::path(put, path = "/center/products/setting/update", request_body = PricingInput, responses((status = 200, body = PricingRuleReply)))]
async fn pricing_update(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<PricingInput>) -> ApiResult<PricingRuleReply> {
    products::save_rule(&state.pool, scope.workplace.id, input.store_id, &input.pricing_rule).await?;
    let (pricing_rule, pricing_rule_scope) = pricing_rules::effective(&state.pool, scope.workplace.id, input.store_id).await?;
    reply(PricingRuleReply { pricing_rule, pricing_rule_scope })
}

#[derive(Deserialize, ToSchema)]
struct ReapplyInput {
    ids: Option<Vec<Uuid>>,
}

/// Prices imported and pushed products again with the rule in force.
#[utoipa::path(post, path = "/center/products/pricing/reapply", request_body = ReapplyInput, responses((status = 200, body = Updated)))]
async fn pricing_reapply(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<ReapplyInput>) -> ApiResult<Updated> {
    reply(Updated { updated: products::reapply_pricing(&state.pool, scope.workplace.id, input.ids.as_deref()).await? })
}

/// `{product_ids}`: the copies' ids.
#[derive(Serialize, ToSchema)]
struct DuplicatedProducts {
    product_ids: Vec<Uuid>,
}

/// Copies products in the import list (a copy of an import is not "already imported").
#[utoipa::path(post, path = "/center/products/import/duplicate", request_body = IdsInput, responses((status = 200, body = DuplicatedProducts)))]
async fn duplicate(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<IdsInput>) -> ApiResult<DuplicatedProducts> {
    if input.ids.is_empty() || input.ids.len() > 100 {
        return Err(domain::Error::field("ids", "choose 1 to 100 products").into());
    }
    reply(DuplicatedProducts { product_ids: products::copies::duplicate(&state.pool, scope.workplace.id, &input.ids).await? })
}

#[derive(Deserialize, ToSchema)]
struct SplitInput {
    option: String,
}

/// `{tracking_id}`: the split's job, polled through tracking-split-status.
#[derive(Serialize, ToSchema)]
struct SplitStarted {
    tracking_id: i64,
}

/// Splits a product into one per value of `option`, as a job; poll tracking-split-status.
#[utoipa::path(post, path = "/center/products/import/{key}/split", params(("key" = String, Path, description = "the product id")), request_body = SplitInput, responses((status = 200, body = SplitStarted)))]
async fn split(State(state): State<AppState>, scope: Scope, ApiPath(key): ApiPath<String>, ApiJson(input): ApiJson<SplitInput>) -> ApiResult<SplitStarted> {
    let id = product_id(&key)?;
    product_store::get(&state.pool, scope.workplace.id, id).await?.ok_or(domain::Error::DataNotFound)?;
    let job = SplitProductJob { workplace_id: scope.workplace.id, product_id: id, option: input.option.trim().to_string() };
    let mut tx = domain::db::begin(&state.pool).await?;
    let tracking = domain::queue::enqueue(&mut tx, Some(scope.workplace.id), &job, json!({ "product_id": id })).await?;
    tx.commit().await?;
    reply(SplitStarted { tracking_id: tracking })
}

/// A split's state.
#[derive(Serialize, ToSchema)]
struct SplitStatus {
    /// processing, success or error.
    status: String,
    /// The parts' product ids, once it succeeded.
    product_ids: Option<Vec<Uuid>>,
    error: Option<String>,
}

/// A split's state: processing, success (with the parts' product ids) or error.
#[utoipa::path(get, path = "/center/products/unmapped/tracking-split-status/{tracking_id}", params(("tracking_id" = i64, Path)), responses((status = 200, body = SplitStatus)))]
async fn split_status(State(state): State<AppState>, scope: Scope, ApiPath(tracking): ApiPath<i64>) -> ApiResult<SplitStatus> {
    let item = domain::store::progress::get(&state.pool, scope.workplace.id, tracking)
        .await?
        .filter(|p| p.kind == SplitProductJob::KIND)
        .ok_or(domain::Error::NotFound("split"))?;
    // The split job records `product_ids` (a list of ids) when it succeeds.
    let product_ids = serde_json::from_value(item.refs["product_ids"].clone()).map_err(anyhow::Error::from).map_err(domain::Error::from)?;
    reply(SplitStatus { status: item.status, product_ids, error: item.error })
}
