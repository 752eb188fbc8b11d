//! `/video/{id}.webm`: the products' videos. Every id answers the same small real video (3 s,
//! 96×64 VP8 WebM, `assets/product-video.webm`, made once with ffmpeg's test pattern), which
//! browsers play and Shopify's storage takes; an id the catalogue gives no video is a 404.
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::AppState;

pub const WEBM: &[u8] = include_bytes!("../assets/product-video.webm");

pub fn routes() -> Router<AppState> {
    Router::new().route("/video/{file}", get(video))
}

async fn video(State(app): State<AppState>, Path(file): Path<String>) -> Response {
    let known = file.strip_suffix(".webm").and_then(|id| app.world().catalogue.summary(id).map(|s| s.has_video())).unwrap_or(false);
    if !known {
        return (StatusCode::NOT_FOUND, "no such video").into_response();
    }
    ([(header::CONTENT_TYPE, "video/webm"), (header::CACHE_CONTROL, "public, max-age=86400")], WEBM).into_response()
}
