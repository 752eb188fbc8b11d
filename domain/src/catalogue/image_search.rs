//! Search by image: the closest catalogue products by dHash Hamming distance, then by mean
//! colour distance.
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::image_hash::Fingerprint;
use super::search::dollars;
use crate::error::Result;

/// Above this many differing bits of 64 two images are not the same picture.
pub const MAX_DISTANCE: i32 = 12;

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct ImageMatch {
    pub source: String,
    pub source_product_id: String,
    pub name: String,
    pub image: Option<String>,
    #[sqlx(skip)]
    pub price: f64,
    #[serde(skip)]
    pub price_cents: i64,
    /// Differing hash bits (0 = the same picture).
    pub distance: i32,
    /// 1 for the same picture, falling with distance.
    #[sqlx(skip)]
    pub similarity: f64,
}

pub async fn closest(pool: &PgPool, fp: Fingerprint, limit: i64) -> Result<Vec<ImageMatch>> {
    let color: Vec<i16> = fp.color.iter().map(|c| *c as i16).collect();
    let mut rows: Vec<ImageMatch> = sqlx::query_as(
        "SELECT source, source_product_id, title AS name, images[1] AS image, price_cents,
                bit_count((image_dhash # $1)::bit(64))::int AS distance
         FROM supplier_products
         WHERE image_dhash IS NOT NULL AND bit_count((image_dhash # $1)::bit(64)) <= $3
         ORDER BY distance, abs(image_color[1] - ($2::smallint[])[1]) + abs(image_color[2] - ($2::smallint[])[2]) + abs(image_color[3] - ($2::smallint[])[3]), source, source_product_id
         LIMIT $4",
    )
    .bind(fp.dhash)
    .bind(&color)
    .bind(MAX_DISTANCE)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    for r in rows.iter_mut() {
        r.price = dollars(r.price_cents);
        r.similarity = 1.0 - r.distance as f64 / 64.0;
    }
    Ok(rows)
}
