//! Progress of queued work, polled by the dashboard's toasts.
use axum::extract::State;
use domain::store::progress::{self, ProgressItem};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies_setup::ProgressItems;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_item)).routes(routes!(list_items))
}

/// One progress item of the caller's workplace.
#[utoipa::path(get, path = "/progress/{id}", params(("id" = i64, Path)), responses((status = 200, body = ProgressItem)))]
async fn get_item(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<ProgressItem> {
    let item = progress::get(&state.pool, scope.workplace.id, id).await?;
    reply(item.ok_or(domain::Error::NotFound("Progress item"))?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    kind: Option<String>,
}

/// The workplace's latest progress items, newest first.
#[utoipa::path(get, path = "/progress", params(ListQuery), responses((status = 200, body = ProgressItems)))]
async fn list_items(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<ProgressItems> {
    let items = progress::list(&state.pool, scope.workplace.id, q.kind.as_deref(), 100).await?;
    reply(ProgressItems { items })
}
