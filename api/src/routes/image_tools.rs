//! Image tools: an edit of a library image kept as a new image (the original stays). A file of
//! its own beside `galleries.rs` (the library's list, upload and files).
use axum::extract::State;
use domain::gallery::{self, Edits, Image};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(gallery_edit))
}

/// Applies one edit (`{"crop": {x, y, width, height}}`, `{"rotate": 90|180|270}`,
/// `{"resize": {width, height}}`, `{"compress": {quality: 1-100}}` which makes a JPEG,
/// `{"convert": {format: jpeg|png|webp}}`) or a list of them in order, and keeps the result as a
/// NEW image with its thumbnail; the original is unchanged. The result counts against the 250
/// images and must be at most 2 MB (`imageOverSize`); a crop outside the picture, a size over
/// 8000 × 8000 or 40 megapixels, a rotation other than a quarter turn are refused naming the edit.
#[utoipa::path(post, path = "/center/products/galleries/{id}/edit", params(("id" = Uuid, Path)), request_body = Edits, responses((status = 200, body = Image)))]
async fn gallery_edit(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>, ApiJson(edits): ApiJson<Edits>) -> ApiResult<Image> {
    reply(gallery::edit(&state.pool, &state.gallery, scope.workplace.id, id, edits.into_vec()).await?)
}
