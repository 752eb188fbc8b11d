//! Finding supplier products: search, collections, categories, detail, logistics, reviews,
//! favourites. Answers come from the catalogue cache. See docs/API.md "Find products".
use axum::extract::State;
use axum::response::Response;
use domain::catalogue::{
    self, detail, favourites,
    query::{FindParams, Search},
    search::SearchPage,
};
use domain::values::{Country, Source};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::ImageMatches;
use super::replies::{FavouriteIds, Keywords};
use super::replies_setup::{CategoryTree, CollectionList};
use crate::error::{ApiError, ApiResult, reply, reply_written};
use crate::extract::{ApiJson, ApiPath, ApiQuery, CatalogueScope, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(find))
        .routes(routes!(ah_search))
        .routes(routes!(ah_find))
        .routes(routes!(by_collection))
        .routes(routes!(collections))
        .routes(routes!(categories))
        .routes(routes!(product_detail))
        .routes(routes!(logistics))
        .routes(routes!(reviews))
        .routes(routes!(favourite_list, favourite_add, favourite_remove))
        .routes(routes!(favourited))
        .routes(routes!(by_image_url, by_image_upload))
        .routes(routes!(trending_keywords))
        .routes(routes!(suggest_keywords))
        .routes(routes!(related_keywords))
}

/// Answers from the serialized page cache: only the workplace's imported flags are new JSON.
async fn search(state: &AppState, CatalogueScope(scope): &CatalogueScope, params: &FindParams) -> Result<Response, ApiError> {
    let s = Search::parse(params)?;
    let (page, imported) = catalogue::find_cached(&state.pool, &state.search_cache, scope.workplace.id, &s).await?;
    Ok(reply_written(page.len_hint(), |out| page.write(&imported, out)))
}

/// Supplier products matching the filters, highest profit first by default.
#[utoipa::path(get, path = "/center/products/find", params(FindParams), responses((status = 200, body = SearchPage)))]
async fn find(State(state): State<AppState>, scope: CatalogueScope, ApiQuery(p): ApiQuery<FindParams>) -> Result<Response, ApiError> {
    search(&state, &scope, &p).await
}

#[utoipa::path(get, path = "/ah/products/search", params(FindParams), responses((status = 200, body = SearchPage)))]
async fn ah_search(State(state): State<AppState>, scope: CatalogueScope, ApiQuery(p): ApiQuery<FindParams>) -> Result<Response, ApiError> {
    search(&state, &scope, &p).await
}

#[utoipa::path(get, path = "/ah/products/find", params(FindParams), responses((status = 200, body = SearchPage)))]
async fn ah_find(State(state): State<AppState>, scope: CatalogueScope, ApiQuery(p): ApiQuery<FindParams>) -> Result<Response, ApiError> {
    search(&state, &scope, &p).await
}

#[utoipa::path(get, path = "/product-sources/products/find-by-collection/{slug}", params(("slug" = String, Path), FindParams), responses((status = 200, body = SearchPage)))]
async fn by_collection(
    State(state): State<AppState>,
    scope: CatalogueScope,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(mut p): ApiQuery<FindParams>,
) -> Result<Response, ApiError> {
    p.collection = Some(slug);
    search(&state, &scope, &p).await
}

#[utoipa::path(get, path = "/product-sources/collections/list", responses((status = 200, body = CollectionList)))]
async fn collections(_scope: Scope) -> ApiResult<CollectionList> {
    reply(CollectionList { collections: catalogue::collections() })
}

#[utoipa::path(get, path = "/product-sources/categories/tree", responses((status = 200, body = CategoryTree)))]
async fn categories(State(state): State<AppState>, _scope: Scope) -> ApiResult<CategoryTree> {
    reply(CategoryTree { categories: catalogue::categories(&state.pool).await? })
}

fn source(raw: &str) -> Result<Source, domain::Error> {
    Source::parse(raw).map_err(|m| domain::Error::field("source", m))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ShipToQuery {
    ship_to: Option<String>,
}

/// One supplier product with its in-stock variants (and its sold-out ones apart), and whether this workplace imported it.
#[utoipa::path(get, path = "/center/products/source/{source}/{product_id}", params(("source" = String, Path), ("product_id" = String, Path), ShipToQuery), responses((status = 200, body = detail::ProductDetail)))]
async fn product_detail(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath((src, id)): ApiPath<(String, String)>,
    ApiQuery(q): ApiQuery<ShipToQuery>,
) -> ApiResult<detail::ProductDetail> {
    let src = source(&src)?;
    if let Some(c) = q.ship_to.as_deref() {
        Country::parse(c).map_err(|m| domain::Error::field("ship_to", m))?;
    }
    let mut d = detail::load(&state.pool, &state.suppliers, src, &id, state.settings.catalogue.detail_fresh_secs).await?;
    d.product_package_id = domain::store::products::find_id(&state.pool, scope.workplace.id, src.as_str(), &id).await?;
    d.imported = d.product_package_id.is_some();
    reply(d)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LogisticsQuery {
    country_code: Option<String>,
    quantity: Option<i64>,
}

#[utoipa::path(get, path = "/product-sources/logistics/{source}/{product_id}", params(("source" = String, Path), ("product_id" = String, Path), LogisticsQuery), responses((status = 200, body = detail::Logistics)))]
async fn logistics(
    State(state): State<AppState>,
    _scope: Scope,
    ApiPath((src, id)): ApiPath<(String, String)>,
    ApiQuery(q): ApiQuery<LogisticsQuery>,
) -> ApiResult<detail::Logistics> {
    let src = source(&src)?;
    let country = Country::parse(q.country_code.as_deref().unwrap_or("US")).map_err(|m| domain::Error::field("country_code", m))?;
    let quantity = q.quantity.unwrap_or(1);
    if !(1..=10_000).contains(&quantity) {
        return Err(domain::Error::field("quantity", "must be from 1 to 10000").into());
    }
    reply(detail::logistics(&state.pool, &state.suppliers, src, &id, &country.0, quantity).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<i64>,
}

#[utoipa::path(get, path = "/product-sources/reviews/{source}/{product_id}", params(("source" = String, Path), ("product_id" = String, Path), PageQuery), responses((status = 200, body = detail::SupplierReviews)))]
async fn reviews(
    State(state): State<AppState>,
    _scope: Scope,
    ApiPath((src, id)): ApiPath<(String, String)>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<detail::SupplierReviews> {
    let page = domain::values::paging::page(q.page).map_err(|m| domain::Error::field("page", m))?;
    reply(detail::reviews(&state.suppliers, source(&src)?, &id, page).await?)
}

#[derive(Deserialize, ToSchema)]
struct FavouriteInput {
    /// "source:productId" keys
    product_ids: Vec<String>,
}

#[utoipa::path(get, path = "/center/products/favourite", params(FindParams), responses((status = 200, body = SearchPage)))]
async fn favourite_list(State(state): State<AppState>, scope: Scope, ApiQuery(p): ApiQuery<FindParams>) -> ApiResult<SearchPage> {
    let s = Search::parse(&FindParams { sort_by: p.sort_by.or(Some("lastest_volume".into())), ..p })?;
    reply(favourites::page(&state.pool, scope.workplace.id, &s).await?)
}

#[utoipa::path(post, path = "/center/products/favourite", request_body = FavouriteInput, responses((status = 200, body = FavouriteIds)))]
async fn favourite_add(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<FavouriteInput>) -> ApiResult<FavouriteIds> {
    favourites::add(&state.pool, scope.workplace.id, &favourites::parse_keys(&input.product_ids)?).await?;
    reply(FavouriteIds { ids: favourites::keys(&state.pool, scope.workplace.id).await? })
}

#[utoipa::path(delete, path = "/center/products/favourite", request_body = FavouriteInput, responses((status = 200, body = FavouriteIds)))]
async fn favourite_remove(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<FavouriteInput>) -> ApiResult<FavouriteIds> {
    favourites::remove(&state.pool, scope.workplace.id, &favourites::parse_keys(&input.product_ids)?).await?;
    reply(FavouriteIds { ids: favourites::keys(&state.pool, scope.workplace.id).await? })
}

#[utoipa::path(get, path = "/center/products/favourited", responses((status = 200, body = FavouriteIds)))]
async fn favourited(State(state): State<AppState>, scope: Scope) -> ApiResult<FavouriteIds> {
    reply(FavouriteIds { ids: favourites::keys(&state.pool, scope.workplace.id).await? })
}

/// The spec's upload limit (2 MB).
const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;

/// The size is checked before anything is read; the dimensions before anything is decoded,
/// which happens off the async runtime.
async fn fingerprint(bytes: Vec<u8>) -> Result<domain::catalogue::image_hash::Fingerprint, domain::Error> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(domain::Error::field("image", "the image is larger than 2 MB"));
    }
    domain::catalogue::image_hash::fingerprint_off_runtime(bytes).await.map_err(|m| domain::Error::field("image", m))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ImageUrlQuery {
    url: String,
}

/// Catalogue products whose main image looks like the picture at `url` (fetched with the same
/// address guard as store inspection), closest first.
#[utoipa::path(get, path = "/get-product-id-by-image", params(ImageUrlQuery), responses((status = 200, body = ImageMatches)))]
async fn by_image_url(State(state): State<AppState>, _scope: Scope, ApiQuery(q): ApiQuery<ImageUrlQuery>) -> ApiResult<ImageMatches> {
    let url = domain::connectors::guarded_http::parse_user_url(&q.url).map_err(|e| domain::Error::field("url", e.to_string()))?;
    let http = domain::connectors::guarded_http::GuardedHttp::new(&state.settings.inspect);
    let fetched = http.get(&url).await.map_err(|e| domain::Error::field("url", e.to_string()))?;
    let fp = fingerprint(fetched.body.to_vec()).await?;
    reply(ImageMatches { items: domain::catalogue::image_search::closest(&state.pool, fp, 20).await? })
}

/// The same for an uploaded picture (the request body, PNG or JPEG, at most 2 MB).
#[utoipa::path(post, path = "/get-product-id-by-image", request_body(content = Vec<u8>, content_type = "image/*"), responses((status = 200, body = ImageMatches)))]
async fn by_image_upload(State(state): State<AppState>, _scope: Scope, body: axum::body::Bytes) -> ApiResult<ImageMatches> {
    let fp = fingerprint(body.to_vec()).await?;
    reply(ImageMatches { items: domain::catalogue::image_search::closest(&state.pool, fp, 20).await? })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct KeywordQuery {
    keyword: Option<String>,
}

#[utoipa::path(get, path = "/center/products/trending-keywords", responses((status = 200, body = Keywords)))]
async fn trending_keywords(State(state): State<AppState>, _scope: Scope) -> ApiResult<Keywords> {
    reply(Keywords { keywords: domain::catalogue::keywords::trending(&state.pool, 10).await? })
}

/// Words of the catalogue starting with what was typed, most used first.
#[utoipa::path(get, path = "/center/products/suggest-keywords", params(KeywordQuery), responses((status = 200, body = Keywords)))]
async fn suggest_keywords(State(state): State<AppState>, _scope: Scope, ApiQuery(q): ApiQuery<KeywordQuery>) -> ApiResult<Keywords> {
    reply(Keywords { keywords: domain::catalogue::keywords::suggest(&state.pool, q.keyword.as_deref().unwrap_or(""), 10).await? })
}

/// Words found beside the keyword in product titles.
#[utoipa::path(get, path = "/center/products/related-keywords", params(KeywordQuery), responses((status = 200, body = Keywords)))]
async fn related_keywords(State(state): State<AppState>, _scope: Scope, ApiQuery(q): ApiQuery<KeywordQuery>) -> ApiResult<Keywords> {
    reply(Keywords { keywords: domain::catalogue::keywords::related(&state.pool, q.keyword.as_deref().unwrap_or(""), 10).await? })
}
