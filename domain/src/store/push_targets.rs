//! Push targets: one per product and destination, the push-progress item the dashboard polls.
//! Every query takes the workplace id.
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Target {
    pub product_id: Uuid,
    pub workplace_id: Uuid,
    pub destination: String,
    pub store_id: Option<Uuid>,
    pub status: String,
    pub publish: bool,
    pub publications: Vec<String>,
    pub remote_key: String,
    pub remote_ids: Vec<String>,
    pub progress_id: Option<i64>,
    /// The video address last pushed there, and the media the destination made of it.
    pub video_source: Option<String>,
    pub video_media_id: Option<String>,
    /// The bulk push (`push::bulk`) the pair's first push goes through, if any.
    pub bulk_id: Option<i64>,
}

pub(super) const COLUMNS: &str = "product_id, workplace_id, destination, store_id, status, publish, publications, remote_key, remote_ids, progress_id, video_source, video_media_id, bulk_id";

/// Remembers a part's id at the destination the moment it exists, so a crash before the end
/// of the push still finds it.
pub async fn record_remote(pool: &PgPool, t: &Target, remote_ids: &[String]) -> Result<()> {
    sqlx::query("UPDATE push_targets SET remote_ids = $4, updated_at = now() WHERE workplace_id = $1 AND product_id = $2 AND destination = $3")
        .bind(t.workplace_id)
        .bind(t.product_id)
        .bind(&t.destination)
        .bind(remote_ids)
        .execute(pool)
        .await?;
    Ok(())
}

/// Remembers the video the destination now holds for the pair (`None`: it holds none), the
/// moment it exists, like the remote ids: an update push keeps that media instead of sending
/// the same video again.
pub async fn record_video(pool: &PgPool, t: &Target, source: Option<&str>, media_id: Option<&str>) -> Result<()> {
    sqlx::query(
        "UPDATE push_targets SET video_source = $4, video_media_id = $5, updated_at = now() WHERE workplace_id = $1 AND product_id = $2 AND destination = $3",
    )
    .bind(t.workplace_id)
    .bind(t.product_id)
    .bind(&t.destination)
    .bind(source)
    .bind(media_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Extends the lease of a run still working.
pub async fn renew(pool: &PgPool, t: &Target, secs: f64) -> Result<()> {
    sqlx::query("UPDATE push_targets SET lease_until = now() + make_interval(secs => $4) WHERE workplace_id = $1 AND product_id = $2 AND destination = $3")
        .bind(t.workplace_id)
        .bind(t.product_id)
        .bind(&t.destination)
        .bind(secs)
        .execute(pool)
        .await?;
    Ok(())
}

/// Lets the next attempt take the pair at once.
pub async fn release(pool: &PgPool, t: &Target) -> Result<()> {
    sqlx::query("UPDATE push_targets SET lease_until = NULL WHERE workplace_id = $1 AND product_id = $2 AND destination = $3")
        .bind(t.workplace_id)
        .bind(t.product_id)
        .bind(&t.destination)
        .execute(pool)
        .await?;
    Ok(())
}

/// The ids the destination gave the pair's parts so far (recorded as each part was made).
pub async fn remote_ids(pool: &PgPool, t: &Target) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT unnest(remote_ids) FROM push_targets WHERE workplace_id = $1 AND product_id = $2 AND destination = $3")
        .bind(t.workplace_id)
        .bind(t.product_id)
        .bind(&t.destination)
        .fetch_all(pool)
        .await?)
}
