//! The connected store's collections and product tags, read from the store for the editors'
//! pickers (spec section 7: "only if the workspace has a store"). See domain::stores::meta.
use axum::extract::State;
use axum::http::HeaderMap;
use domain::stores::meta::{self, StoreCollections, StoreTags};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::stores::store_id_header;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(store_collections)).routes(routes!(store_tags))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StoreQuery {
    /// The store to read; else the `store-id` header's; else the workplace's default store.
    store_id: Option<Uuid>,
}

fn chosen(q: &StoreQuery, headers: &HeaderMap) -> Result<Option<Uuid>, domain::Error> {
    match q.store_id {
        Some(id) => Ok(Some(id)),
        None => store_id_header(headers),
    }
}

/// The store's collections (Shopify custom collections, WooCommerce product categories), by
/// title. FORBIDDEN GoToMyChannel when the workplace has no store.
#[utoipa::path(get, path = "/products/collection/all", params(StoreQuery), responses((status = 200, body = StoreCollections)))]
async fn store_collections(State(state): State<AppState>, scope: Scope, headers: HeaderMap, ApiQuery(q): ApiQuery<StoreQuery>) -> ApiResult<StoreCollections> {
    let store_id = chosen(&q, &headers)?;
    reply(meta::collections(&state.pool, &state.settings, &state.sealer, scope.workplace.id, store_id).await?)
}

/// The tags the store's products carry, alphabetically. FORBIDDEN GoToMyChannel when the
/// workplace has no store.
#[utoipa::path(get, path = "/products/tags", params(StoreQuery), responses((status = 200, body = StoreTags)))]
async fn store_tags(State(state): State<AppState>, scope: Scope, headers: HeaderMap, ApiQuery(q): ApiQuery<StoreQuery>) -> ApiResult<StoreTags> {
    let store_id = chosen(&q, &headers)?;
    reply(meta::tags(&state.pool, &state.settings, &state.sealer, scope.workplace.id, store_id).await?)
}
