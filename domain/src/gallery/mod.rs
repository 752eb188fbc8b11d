//! The image library (spec: image gallery and uploader): each workplace keeps at most
//! `MAX_IMAGES` pictures of at most 2 MB, each with a JPEG thumbnail of at most 300 × 300.
//! An upload is checked before it is decoded: its real format is sniffed from the bytes and must
//! be the one its name says, and its dimensions are read from the header and refused above
//! `MAX_SIDE` / `MAX_PIXELS` (a small file may declare a 60,000 × 60,000 picture). Decoding and
//! the thumbnail run off the async runtime (`crate::cpu`). The files live in an `object_store`
//! (local disk under `gallery.dir`), named by a random key that only this table knows.
//! An SVG is kept only as `svg.rs` rewrites it, and is its own thumbnail; `link.rs` adds an image
//! from an address through the guarded client, then the same checks as a file. `tools.rs` makes
//! new pictures from kept ones (crop, rotate, resize, compress, convert); an upload and an edit
//! both end in `keep.rs`.
mod keep;
mod link;
mod picture;
mod store;
mod svg;
mod tools;

use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

pub use link::upload_link;
pub use picture::{Checked, Format};
pub use store::Files;
pub use tools::{Edit, Edits, edit};

use keep::{New, keep};

use crate::{Error, Result};

/// The spec's limits: 2 MB an image, 250 images a library, 50 a page.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;
pub const MAX_IMAGES: i64 = 250;
pub const PAGE_SIZE: i64 = 50;
/// The largest picture decoded: 8,000 pixels a side and 40 megapixels (160 MB as RGBA).
pub const MAX_SIDE: u32 = 8_000;
pub const MAX_PIXELS: u64 = 40_000_000;
/// The spec's thumbnail: at most 300 × 300, JPEG quality 0.8.
pub const THUMB_SIDE: u32 = 300;
pub const THUMB_QUALITY: u8 = 80;

/// Where the file route serves a stored key.
pub const FILES_PATH: &str = "/api/gallery-files/";

/// One library image as the list answers it (spec: Gallery image).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Image {
    pub id: Uuid,
    pub name: String,
    /// The original, at `FILES_PATH` (no sign-in needed: an `<img>` loads it; the random key is
    /// the capability).
    pub image_url: String,
    pub thumbnail_url: String,
    pub width: i32,
    pub height: i32,
    /// Bytes.
    pub size: i64,
    pub content_type: String,
    pub create_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Page {
    pub total: i64,
    pub items: Vec<Image>,
}

pub(super) type Row = (Uuid, String, String, i64, i32, i32, String, String, chrono::DateTime<chrono::Utc>);

pub(super) fn image((id, name, content_type, size, width, height, original, thumbnail, created): Row) -> Image {
    Image {
        id,
        name,
        image_url: format!("{FILES_PATH}{original}"),
        thumbnail_url: format!("{FILES_PATH}{thumbnail}"),
        width,
        height,
        size,
        content_type,
        create_at: created,
    }
}

/// The spec's page size: 50 unless asked for fewer, never more.
pub fn page_size(asked: Option<i64>) -> i64 {
    asked.unwrap_or(PAGE_SIZE).clamp(1, PAGE_SIZE)
}

/// A page of the workplace's library, newest first.
pub async fn list(pool: &PgPool, workplace: Uuid, page: i64, size: i64) -> Result<Page> {
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images WHERE workplace_id = $1").bind(workplace).fetch_one(pool).await?;
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, name, content_type, size_bytes, width, height, original_key, thumbnail_key, created_at \
         FROM gallery_images WHERE workplace_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(workplace)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(pool)
    .await?;
    Ok(Page { total, items: rows.into_iter().map(image).collect() })
}

/// One image of the workplace; NOT_FOUND for another workplace's.
pub async fn get(pool: &PgPool, workplace: Uuid, id: Uuid) -> Result<Image> {
    let row: Option<Row> = sqlx::query_as(
        "SELECT id, name, content_type, size_bytes, width, height, original_key, thumbnail_key, created_at \
         FROM gallery_images WHERE workplace_id = $1 AND id = $2",
    )
    .bind(workplace)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.map(image).ok_or(Error::NotFound("Image"))
}

/// The spec's `imageOverSize` with `size: 2`, on the form's `file` or `link` field.
pub fn over_size(field: &'static str) -> Error {
    let mb = MAX_BYTES / (1024 * 1024);
    Error::Coded { field, message: format!("The image is larger than {mb} MB"), data: serde_json::json!({"code": "imageOverSize", "size": mb}) }
}

pub(super) fn full() -> Error {
    Error::field("file", format!("The image library holds at most {MAX_IMAGES} images; delete some to add more"))
}

pub(super) async fn count(pool: &PgPool, workplace: Uuid) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM gallery_images WHERE workplace_id = $1").bind(workplace).fetch_one(pool).await?)
}

/// Adds an uploaded file to the library: every check of `picture::check`, the thumbnail made
/// off the runtime, then both files and the row (`keep`: the count again under a lock, a
/// refusal stores nothing).
pub async fn upload(pool: &PgPool, files: &Files, workplace: Uuid, name: &str, declared_type: Option<&str>, bytes: Vec<u8>) -> Result<Image> {
    if bytes.len() > MAX_BYTES {
        return Err(over_size("file"));
    }
    let name = picture::clean_name(name)?;
    if count(pool, workplace).await? >= MAX_IMAGES {
        return Err(full());
    }
    let checked = picture::check(&name, declared_type, &bytes)?;
    let (checked, bytes, thumbnail) = crate::cpu::run(move || picture::prepare(checked, bytes)).await?;
    keep(pool, files, workplace, New { name, format: checked.format, width: checked.width, height: checked.height, bytes, thumbnail }).await
}

/// Removes the image and both its files; NOT_FOUND for another workplace's.
pub async fn delete(pool: &PgPool, files: &Files, workplace: Uuid, id: Uuid) -> Result<()> {
    let keys: Option<(String, String)> = sqlx::query_as("DELETE FROM gallery_images WHERE workplace_id = $1 AND id = $2 RETURNING original_key, thumbnail_key")
        .bind(workplace)
        .bind(id)
        .fetch_optional(pool)
        .await?;
    let Some((original, thumbnail)) = keys else { return Err(Error::NotFound("Image")) };
    files.remove(&original).await;
    files.remove(&thumbnail).await;
    Ok(())
}

/// A stored file by its key (what follows `FILES_PATH`) and its content type; `None` for a key
/// no image has (so nothing but the library's own files is ever read).
pub async fn file(pool: &PgPool, files: &Files, key: &str) -> Result<Option<(String, bytes::Bytes)>> {
    let row: Option<(String, bool)> =
        sqlx::query_as("SELECT content_type, original_key = $1 FROM gallery_images WHERE original_key = $1 OR thumbnail_key = $1")
            .bind(key)
            .fetch_optional(pool)
            .await?;
    let Some((content_type, original)) = row else { return Ok(None) };
    let content_type = if original { content_type } else { Format::Jpeg.content_type().to_string() };
    Ok(files.get(key).await?.map(|bytes| (content_type, bytes)))
}

/// The supplier's original images of an imported product (spec: image-origins): the supplier
/// product's pictures as last read, else the ones the product was imported with.
pub async fn product_origins(pool: &PgPool, workplace: Uuid, product: Uuid) -> Result<Vec<String>> {
    let row: Option<(Option<Vec<String>>, serde_json::Value)> = sqlx::query_as(
        "SELECT sp.images, p.images FROM products p \
         LEFT JOIN supplier_products sp ON sp.source = p.source AND sp.source_product_id = p.source_product_id \
         WHERE p.id = $1 AND p.workplace_id = $2",
    )
    .bind(product)
    .bind(workplace)
    .fetch_optional(pool)
    .await?;
    let Some((supplier, own)) = row else { return Err(Error::NotFound("Product")) };
    match supplier {
        Some(images) if !images.is_empty() => Ok(images),
        _ => Ok(own.as_array().into_iter().flatten().filter_map(|i| i["url"].as_str().or(i.as_str()).map(str::to_string)).collect()),
    }
}
