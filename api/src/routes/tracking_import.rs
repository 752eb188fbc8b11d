//! `POST /orders/v2/trackings/import`: tracking numbers from a CSV file sent as form data
//! (field `file`). The parsing and the import are `domain::tracking::csv_import`'s.
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use domain::tracking::csv_import::{self, MAX_BYTES, TrackingImport};
use tracing::instrument;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiError, ApiResult, reply};
use crate::extract::Scope;
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // Room for the 5 MB file plus the form's framing; a larger file is read up to the limit
    // and answered as a 422 naming `file`, not a bare 413.
    OpenApiRouter::new().routes(routes!(import)).layer(DefaultBodyLimit::max(MAX_BYTES + 64 * 1024))
}

/// Imports tracking numbers: `{imported, rows: [{row, order, tracking_number, status, error}]}`.
#[utoipa::path(post, path = "/orders/v2/trackings/import", request_body(content_type = "multipart/form-data", description = "field `file`: CSV with the header order, tracking_number, carrier (optional)"),
    responses((status = 200, body = TrackingImport), (status = 422, description = "the file is missing, too large, not CSV or lacks the header")))]
#[instrument(skip_all)]
async fn import(State(state): State<AppState>, scope: Scope, form: Result<Multipart, MultipartRejection>) -> ApiResult<TrackingImport> {
    let file = read_file(form).await?;
    reply(csv_import::import(&state.pool, scope.workplace.id, &file).await?)
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::Domain(domain::Error::field("file", message))
}

/// The bytes of the form's `file` field, at most `MAX_BYTES`.
async fn read_file(form: Result<Multipart, MultipartRejection>) -> Result<Vec<u8>, ApiError> {
    let mut form = form.map_err(|_| bad("send the CSV as form data (multipart/form-data) in the field file"))?;
    let too_large = || bad(format!("the file is larger than {} MB", MAX_BYTES / 1024 / 1024));
    while let Some(mut field) = form.next_field().await.map_err(|_| too_large())? {
        if field.name() != Some("file") {
            continue;
        }
        let mut bytes = vec![];
        while let Some(chunk) = field.chunk().await.map_err(|_| too_large())? {
            bytes.extend_from_slice(&chunk);
            if bytes.len() > MAX_BYTES {
                return Err(too_large());
            }
        }
        return Ok(bytes);
    }
    Err(bad("the form has no field file"))
}
