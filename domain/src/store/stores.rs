//! Connected stores. Every query takes the workplace (or the owner) it is scoped to.
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

/// A store as the dashboard shows it (spec section 3, "Shop").
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
pub struct Store {
    pub id: Uuid,
    pub platform: String,
    pub platform_domain: String,
    pub domain: String,
    pub name: String,
    pub currency: String,
    pub workplace_id: Uuid,
    pub is_default: bool,
    pub status: String,
    pub setup: String,
    pub setup_error: Option<String>,
    pub connected_at: DateTime<Utc>,
    #[schema(value_type = Object)]
    pub metadata: Value,
}

const COLUMNS: &str = "id, platform, platform_domain, platform_domain AS domain, name, currency, workplace_id, is_default,
    status, setup, setup_error, connected_at, jsonb_build_object('external_channels', external_channels) AS metadata";

/// The workplace's stores, default first.
pub async fn list(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<Store>> {
    let sql = format!("SELECT {COLUMNS} FROM stores WHERE workplace_id = $1 AND removed_at IS NULL ORDER BY is_default DESC, connected_at, id");
    Ok(sqlx::query_as(&sql).bind(workplace_id).fetch_all(pool).await?)
}

pub async fn get(conn: &mut PgConnection, workplace_id: Uuid, id: Uuid) -> Result<Option<Store>> {
    let sql = format!("SELECT {COLUMNS} FROM stores WHERE workplace_id = $1 AND id = $2 AND removed_at IS NULL");
    Ok(sqlx::query_as(&sql).bind(workplace_id).bind(id).fetch_optional(conn).await?)
}

/// Every live store of the user's, grouped by platform (the account's `linked_stores`).
pub async fn linked(pool: &PgPool, owner_id: Uuid) -> Result<serde_json::Map<String, Value>> {
    let rows: Vec<(String, Uuid, String, Uuid)> =
        sqlx::query_as("SELECT platform, workplace_id, platform_domain, id FROM stores WHERE owner_id = $1 AND removed_at IS NULL ORDER BY connected_at")
            .bind(owner_id)
            .fetch_all(pool)
            .await?;
    let mut map = serde_json::Map::new();
    for (platform, workplace_id, platform_domain, id) in rows {
        let entry = map.entry(platform).or_insert_with(|| json!([]));
        entry.as_array_mut().expect("an array").push(json!({ "workplace_id": workplace_id, "platform_domain": platform_domain, "id": id }));
    }
    Ok(map)
}

/// Makes `id` the workplace's one default store. Two statements: the unique index on the
/// default flag is checked row by row, so clearing and setting at once could collide.
pub async fn set_default(conn: &mut PgConnection, workplace_id: Uuid, id: Uuid) -> Result<()> {
    sqlx::query("UPDATE stores SET is_default = false WHERE workplace_id = $1 AND is_default AND id <> $2")
        .bind(workplace_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE stores SET is_default = true WHERE workplace_id = $1 AND id = $2 AND removed_at IS NULL")
        .bind(workplace_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Takes the store off the workplace's list. Its rows elsewhere (products, orders, history)
/// keep pointing at it; when it was the default the oldest remaining store takes over.
pub async fn remove(conn: &mut PgConnection, workplace_id: Uuid, id: Uuid) -> Result<bool> {
    let was_default: Option<bool> = sqlx::query_scalar(
        "UPDATE stores SET removed_at = now(), is_default = false, status = 'disconnected', disconnected_at = COALESCE(disconnected_at, now())
         WHERE workplace_id = $1 AND id = $2 AND removed_at IS NULL RETURNING (SELECT is_default FROM stores WHERE id = $2)",
    )
    .bind(workplace_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(was_default) = was_default else { return Ok(false) };
    if was_default {
        promote_default(conn, workplace_id).await?;
    }
    Ok(true)
}

/// Gives a workplace without a default store one: its oldest live store.
pub async fn promote_default(conn: &mut PgConnection, workplace_id: Uuid) -> Result<()> {
    sqlx::query(
        "UPDATE stores SET is_default = true WHERE id = (
            SELECT id FROM stores WHERE workplace_id = $1 AND removed_at IS NULL ORDER BY connected_at, id LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM stores WHERE workplace_id = $1 AND is_default AND removed_at IS NULL)",
    )
    .bind(workplace_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks the connected store with this domain disconnected (app uninstalled, or the user
/// asked). Products, orders and history stay.
pub async fn disconnect(conn: &mut PgConnection, platform: &str, platform_domain: &str, workplace_id: Option<Uuid>) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "UPDATE stores SET status = 'disconnected', disconnected_at = now()
         WHERE platform = $1 AND platform_domain = $2 AND status = 'connected' AND removed_at IS NULL
           AND ($3::uuid IS NULL OR workplace_id = $3) RETURNING id",
    )
    .bind(platform)
    .bind(platform_domain)
    .bind(workplace_id)
    .fetch_optional(conn)
    .await?)
}

/// What a job needs to call the store's platform.
#[derive(Debug, sqlx::FromRow)]
pub struct Credentials {
    pub id: Uuid,
    pub workplace_id: Uuid,
    pub platform: String,
    pub platform_domain: String,
    pub api_base: String,
    pub currency: String,
    pub status: String,
    pub credentials: Vec<u8>,
    pub webhook_secret: Option<Vec<u8>>,
}

pub async fn credentials(pool: &PgPool, id: Uuid) -> Result<Option<Credentials>> {
    Ok(sqlx::query_as("SELECT id, workplace_id, platform, platform_domain, api_base, currency, status, credentials, webhook_secret FROM stores WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?)
}

pub async fn set_setup(pool: &PgPool, id: Uuid, setup: &str, error: Option<&str>) -> Result<()> {
    sqlx::query("UPDATE stores SET setup = $2, setup_error = $3 WHERE id = $1").bind(id).bind(setup).bind(error).execute(pool).await?;
    Ok(())
}

/// The store's sales channels as last read from Shopify: (publications, external channels).
pub async fn publications(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<(Value, Value)> {
    Ok(sqlx::query_as("SELECT publications, external_channels FROM stores WHERE workplace_id = $1 AND id = $2")
        .bind(workplace_id)
        .bind(id)
        .fetch_one(pool)
        .await?)
}

pub async fn set_publications(pool: &PgPool, id: Uuid, publications: &Value, external_channels: &Value) -> Result<()> {
    sqlx::query("UPDATE stores SET publications = $2, external_channels = $3, publications_read_at = now() WHERE id = $1")
        .bind(id)
        .bind(publications)
        .bind(external_channels)
        .execute(pool)
        .await?;
    Ok(())
}

/// The workplace a store belongs to (removed or not).
pub async fn workplace_of(conn: &mut sqlx::PgConnection, id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT workplace_id FROM stores WHERE id = $1").bind(id).fetch_optional(conn).await?)
}

/// The Shopify location the store's products are stocked at, as (id, name, the shop's variant
/// limit per product), once read.
pub async fn stock_location(pool: &PgPool, id: Uuid) -> Result<Option<(String, String, Option<i32>)>> {
    let row: Option<(Option<String>, Option<String>, Option<i32>)> =
        sqlx::query_as("SELECT stock_location_id, stock_location_name, max_product_variants FROM stores WHERE id = $1").bind(id).fetch_optional(pool).await?;
    Ok(row.and_then(|(id, name, max)| Some((id?, name.unwrap_or_default(), max))))
}

pub async fn set_stock_location(pool: &PgPool, id: Uuid, location_id: &str, name: &str, max_variants: Option<i32>) -> Result<()> {
    sqlx::query("UPDATE stores SET stock_location_id = $2, stock_location_name = $3, max_product_variants = COALESCE($4, max_product_variants) WHERE id = $1")
        .bind(id)
        .bind(location_id)
        .bind(name)
        .bind(max_variants)
        .execute(pool)
        .await?;
    Ok(())
}

/// The shop's locations changed: the next push reads them again.
pub async fn forget_stock_location(conn: &mut PgConnection, id: Uuid) -> Result<()> {
    sqlx::query("UPDATE stores SET stock_location_id = NULL, stock_location_name = NULL WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// The store's name as the owner knows it (its domain when it has no name).
pub async fn display_name(pool: &sqlx::PgPool, id: Uuid) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT COALESCE(NULLIF(name, ''), platform_domain) FROM stores WHERE id = $1").bind(id).fetch_optional(pool).await?)
}

/// The id of the store's Online Store publication, as read at setup; None when it has none.
pub async fn online_store_publication(pool: &PgPool, id: Uuid) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT p->>'id' FROM stores, jsonb_array_elements(publications) p WHERE id = $1 AND p->>'handle' = 'online_store' LIMIT 1")
        .bind(id)
        .fetch_optional(pool)
        .await?)
}
