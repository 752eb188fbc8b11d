//! Where a pushed product lives (`GET /center/products/platform/{id}`): one entry per store or
//! channel it was pushed to, with what the editor needs to push it again over the same copies
//! (the publish choice and publications of the last push, whether the destination is still
//! connected).
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, Result};

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
pub struct ProductPlatform {
    /// The destination key: a store id, or tiktok, facebook, google.
    pub destination: String,
    /// The store's id, when the destination is a store.
    pub store_id: Option<Uuid>,
    /// The store's name (its domain when unnamed) or the channel's brand.
    pub channel_label: String,
    /// shopify, woocommerce, tiktok, facebook or google.
    pub platform: String,
    /// The product's id at the destination (its first part's), once it exists there.
    pub external_id: Option<String>,
    pub remote_ids: Vec<String>,
    /// processing, success or error.
    pub status: String,
    /// The last push's error.
    pub error: Option<String>,
    /// When a push last succeeded.
    pub pushed_at: Option<DateTime<Utc>>,
    /// Pushed published (visible to buyers) or as a draft.
    pub is_publish: bool,
    /// The Shopify publications it was published on.
    pub publications: Vec<String>,
    /// The store or channel is still connected: an update push can reach it.
    pub connected: bool,
}

/// The destinations of a product of the workplace, oldest first; NotFound when the product is
/// not the workplace's.
pub async fn of_product(pool: &PgPool, workplace_id: Uuid, product_id: Uuid) -> Result<Vec<ProductPlatform>> {
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM products WHERE workplace_id = $1 AND id = $2)")
        .bind(workplace_id)
        .bind(product_id)
        .fetch_one(pool)
        .await?;
    if !exists {
        return Err(Error::NotFound("product"));
    }
    // The channel label reads as in the product center and the push toast.
    Ok(sqlx::query_as(
        "SELECT t.destination, t.store_id,
                CASE t.destination WHEN 'tiktok' THEN 'TikTok Shop' WHEN 'facebook' THEN 'Facebook & Instagram'
                     WHEN 'google' THEN 'Google Merchant Center' ELSE COALESCE(NULLIF(s.name, ''), s.platform_domain, t.destination) END AS channel_label,
                COALESCE(s.platform, t.destination) AS platform, t.remote_ids[1] AS external_id, t.remote_ids, t.status, t.error, t.pushed_at,
                t.publish AS is_publish, t.publications,
                CASE WHEN t.store_id IS NOT NULL THEN COALESCE(s.status = 'connected' AND s.removed_at IS NULL, false)
                     ELSE EXISTS (SELECT 1 FROM channel_connections c WHERE c.workplace_id = t.workplace_id AND c.channel = t.destination AND c.status = 'connected')
                END AS connected
         FROM push_targets t LEFT JOIN stores s ON s.id = t.store_id AND s.workplace_id = t.workplace_id
         WHERE t.workplace_id = $1 AND t.product_id = $2 ORDER BY t.created_at, t.destination",
    )
    .bind(workplace_id)
    .bind(product_id)
    .fetch_all(pool)
    .await?)
}
