//! Keeping a new picture: what an upload and an edit both end with. The count is checked again
//! under a lock of the workplace's row, so two additions at 249 cannot make 251; the files are
//! written before the row and removed again when the row is not, so a refusal stores nothing.
use sqlx::PgPool;
use uuid::Uuid;

use super::{Format, Image, MAX_IMAGES, Row, full, image};
use crate::Result;

/// A checked picture and its thumbnail, ready to keep.
pub(super) struct New {
    pub name: String,
    pub format: Format,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
    /// None for an SVG: the sanitised drawing is its own thumbnail (one file, named twice).
    pub thumbnail: Option<Vec<u8>>,
}

pub(super) async fn keep(pool: &PgPool, files: &super::Files, workplace: Uuid, new: New) -> Result<Image> {
    let id = Uuid::new_v4();
    let original_key = format!("{workplace}/{}.{}", Uuid::new_v4().simple(), new.format.extension());
    let thumbnail_key = if new.thumbnail.is_some() { format!("{workplace}/{}.jpg", Uuid::new_v4().simple()) } else { original_key.clone() };
    let size = new.bytes.len() as i64;

    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("SELECT id FROM workplaces WHERE id = $1 FOR UPDATE").bind(workplace).fetch_optional(&mut *tx).await?;
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images WHERE workplace_id = $1").bind(workplace).fetch_one(&mut *tx).await?;
    if n >= MAX_IMAGES {
        return Err(full());
    }
    files.put(&original_key, new.bytes).await?;
    if let Some(thumbnail) = new.thumbnail
        && let Err(e) = files.put(&thumbnail_key, thumbnail).await
    {
        files.remove(&original_key).await;
        return Err(e);
    }
    let row: std::result::Result<Row, sqlx::Error> = sqlx::query_as(
        "INSERT INTO gallery_images (id, workplace_id, name, content_type, size_bytes, width, height, original_key, thumbnail_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         RETURNING id, name, content_type, size_bytes, width, height, original_key, thumbnail_key, created_at",
    )
    .bind(id)
    .bind(workplace)
    .bind(&new.name)
    .bind(new.format.content_type())
    .bind(size)
    .bind(new.width as i32)
    .bind(new.height as i32)
    .bind(&original_key)
    .bind(&thumbnail_key)
    .fetch_one(&mut *tx)
    .await;
    let committed = match row {
        Ok(row) => tx.commit().await.map(|_| row),
        Err(e) => Err(e),
    };
    match committed {
        Ok(row) => Ok(image(row)),
        Err(e) => {
            files.remove(&original_key).await;
            files.remove(&thumbnail_key).await;
            Err(e.into())
        }
    }
}
