//! The image library (spec: image gallery and uploader): list, upload, one, delete, and a
//! product's supplier images. The files themselves are served by `file`, outside the documented
//! calls. See docs/API.md "Image library".
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::gallery::{self, Image, Page};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, reply};
use crate::extract::{ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(gallery_list))
        // Room for the multipart framing around a 2 MB image; a larger file is refused as
        // imageOverSize while it is read (see `upload`).
        .routes(routes!(gallery_upload))
        .layer(DefaultBodyLimit::max(gallery::MAX_BYTES + 256 * 1024))
        .routes(routes!(gallery_image, gallery_delete))
        .routes(routes!(image_origins))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    page: Option<i64>,
    /// At most 50 (the default).
    page_size: Option<i64>,
}

/// The workplace's images, newest first, 50 a page.
#[utoipa::path(get, path = "/center/products/galleries/list", params(ListQuery), responses((status = 200, body = Page)))]
async fn gallery_list(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<Page> {
    let page = domain::values::paging::page(q.page).map_err(|m| domain::Error::field("page", m))?;
    reply(gallery::list(&state.pool, scope.workplace.id, page, gallery::page_size(q.page_size)).await?)
}

/// The multipart form the upload reads: one `file` (JPG, PNG, SVG or WebP, at most 2 MB), or
/// instead a `link`, the address of such an image.
#[derive(ToSchema)]
#[allow(dead_code)]
struct UploadForm {
    #[schema(value_type = Option<String>, format = Binary)]
    file: Option<Vec<u8>>,
    /// An http(s) address of the image, fetched by the server.
    link: Option<String>,
}

fn over_size() -> ApiError {
    gallery::over_size("file").into()
}

/// The longest `link` read; a longer field is no address anyone typed.
const MAX_LINK: usize = 4096;

fn bad_form(e: axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        return over_size();
    }
    domain::Error::field("file", format!("The upload could not be read: {}", e.body_text())).into()
}

/// Adds an image to the library, from the form's `file` or its `link` (fetched by the server; a
/// private or loopback address is refused). The bytes must be the type the name says; 2 MB at
/// most (`imageOverSize`, `data: {code, size: 2}`), 250 images a workplace, 8000 × 8000 pixels
/// and 40 megapixels at most (read from the header, before decoding). An SVG is kept sanitised
/// (no script, handlers or outside references). HEIC is converted to JPEG by the dashboard; a
/// raw one is refused with `data: {code: "heicNotAccepted"}`.
#[utoipa::path(post, path = "/center/products/galleries/upload", request_body(content = UploadForm, content_type = "multipart/form-data"), responses((status = 200, body = Image)))]
async fn gallery_upload(State(state): State<AppState>, scope: Scope, mut form: Multipart) -> ApiResult<Image> {
    while let Some(mut field) = form.next_field().await.map_err(bad_form)? {
        if field.name() == Some("link") {
            let mut link = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
                if link.len() + chunk.len() > MAX_LINK {
                    return Err(domain::Error::field("link", "The address is too long").into());
                }
                link.extend_from_slice(&chunk);
            }
            let link = String::from_utf8_lossy(&link);
            return reply(gallery::upload_link(&state.pool, &state.gallery, &state.settings.inspect, scope.workplace.id, &link).await?);
        }
        if field.name() != Some("file") {
            continue;
        }
        let name = field.file_name().unwrap_or_default().to_string();
        let declared = field.content_type().map(str::to_string);
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
            if bytes.len() + chunk.len() > gallery::MAX_BYTES {
                return Err(over_size());
            }
            bytes.extend_from_slice(&chunk);
        }
        return reply(gallery::upload(&state.pool, &state.gallery, scope.workplace.id, &name, declared.as_deref(), bytes).await?);
    }
    Err(domain::Error::field("file", "Choose an image to upload, or give its address").into())
}

/// One image of the workplace.
#[utoipa::path(get, path = "/center/products/galleries/{id}", params(("id" = Uuid, Path)), responses((status = 200, body = Image)))]
async fn gallery_image(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<Image> {
    reply(gallery::get(&state.pool, scope.workplace.id, id).await?)
}

/// Removes the image and its files.
#[utoipa::path(delete, path = "/center/products/galleries/{id}", params(("id" = Uuid, Path)), responses((status = 200, description = "data: null")))]
async fn gallery_delete(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<()> {
    gallery::delete(&state.pool, &state.gallery, scope.workplace.id, id).await?;
    reply(())
}

#[derive(Serialize, ToSchema)]
struct ImageOrigins {
    /// The supplier's image addresses, in its order.
    images: Vec<String>,
}

/// The supplier's original images of an imported product (to put back one the owner removed).
#[utoipa::path(get, path = "/center/products/{id}/image-origins", params(("id" = Uuid, Path)), responses((status = 200, body = ImageOrigins)))]
async fn image_origins(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<Uuid>) -> ApiResult<ImageOrigins> {
    reply(ImageOrigins { images: gallery::product_origins(&state.pool, scope.workplace.id, id).await? })
}

/// `GET /api/gallery-files/{workplace}/{name}`: a library file by its key, with its stored type,
/// cached for a year (a key never changes content) and never sniffed. No sign-in (an `<img>`
/// sends none): the random name only the owner's list gives out is the capability; any other
/// name is NOT_FOUND. An SVG opened on its own is a document of this origin, so every file
/// carries a policy that lets it load, run and submit nothing (the sanitiser's second line).
pub async fn file(State(state): State<AppState>, axum::extract::Path((workplace, name)): axum::extract::Path<(String, String)>) -> Result<Response, ApiError> {
    let not_found = || ApiError::Domain(domain::Error::NotFound("Image"));
    let workplace = Uuid::parse_str(&workplace).map_err(|_| not_found())?;
    let key = format!("{workplace}/{name}");
    let Some((content_type, bytes)) = gallery::file(&state.pool, &state.gallery, &key).await? else { return Err(not_found()) };
    let headers = [
        (header::CONTENT_TYPE, content_type),
        (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_string()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        (header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'; sandbox".to_string()),
    ];
    Ok((headers, bytes).into_response())
}
