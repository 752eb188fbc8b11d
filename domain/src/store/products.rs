//! Imported products and their variants. Every query takes the workplace id.
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
pub struct ProductRow {
    pub id: Uuid,
    pub source: String,
    pub source_product_id: String,
    pub ship_to: String,
    pub stage: String,
    pub title: String,
    pub description_html: String,
    pub tags: Vec<String>,
    pub collections: Vec<String>,
    pub product_type: String,
    pub vendor: String,
    #[schema(value_type = Vec<Object>)]
    pub options: Value,
    #[schema(value_type = Vec<Object>)]
    pub images: Value,
    pub thumbnail: Option<String>,
    /// The supplier's video, carried from the catalogue at import; the editor can remove it.
    pub video_url: Option<String>,
    pub pricing_applied_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VariantRow {
    pub id: Uuid,
    pub position: i32,
    pub sku_id: String,
    pub options: Value,
    pub cost_cents: i64,
    pub shipping_cents: i64,
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
    pub stock: i32,
    pub image: Option<String>,
    pub enabled: bool,
    /// Set when supplier sync switched the variant to another mapped supplier (its SKU left the
    /// product's own supplier); `None` = the product's source and source product.
    pub supplier_source: Option<String>,
    pub supplier_product_id: Option<String>,
}

const PRODUCT_COLUMNS: &str = "id, source, source_product_id, ship_to, stage, title, description_html, tags, collections, \
     product_type, vendor, options, images, thumbnail, video_url, pricing_applied_at, created_at, updated_at";

/// Binds the fields the editor changes, in their column order (`title` .. `video_url`), for
/// both `insert` and `update`: one list, so a new editable field cannot be bound in one only.
/// A macro because `insert` binds a `QueryScalar` and `update` a `Query`.
macro_rules! bind_editable {
    ($q:expr, $p:expr) => {
        $q.bind(&$p.title)
            .bind(&$p.description_html)
            .bind(&$p.tags)
            .bind(&$p.collections)
            .bind(&$p.product_type)
            .bind(&$p.vendor)
            .bind(&$p.options)
            .bind(&$p.images)
            .bind(&$p.thumbnail)
            .bind(&$p.video_url)
    };
}

/// Inserts the product unless the workplace already has it; `None` = already imported. A copy
/// (`copy_of`: a duplicate or a split part) is never "already imported".
pub async fn insert(conn: &mut PgConnection, workplace_id: Uuid, p: &ProductRow, copy_of: Option<Uuid>) -> Result<Option<Uuid>> {
    let q = sqlx::query_scalar(
        "INSERT INTO products (id, workplace_id, source, source_product_id, ship_to, title, description_html, tags,
             collections, product_type, vendor, options, images, thumbnail, video_url, pricing_applied_at, copy_of)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, COALESCE($16, now()), $17)
         ON CONFLICT (workplace_id, source, source_product_id) WHERE copy_of IS NULL DO NOTHING RETURNING id",
    )
    .bind(p.id)
    .bind(workplace_id)
    .bind(&p.source)
    .bind(&p.source_product_id)
    .bind(&p.ship_to);
    Ok(bind_editable!(q, p).bind(p.pricing_applied_at).bind(copy_of).fetch_optional(conn).await?)
}

/// Replaces a product's variants with `variants` (in their order).
pub async fn replace_variants(conn: &mut PgConnection, product_id: Uuid, variants: &[VariantRow]) -> Result<()> {
    sqlx::query("DELETE FROM product_variants WHERE product_id = $1").bind(product_id).execute(&mut *conn).await?;
    let col = |f: fn(&VariantRow) -> Value| variants.iter().map(f).collect::<Vec<Value>>();
    let rows = col(|v| {
        serde_json::json!({
            "id": v.id, "position": v.position, "sku_id": v.sku_id, "options": v.options, "cost_cents": v.cost_cents,
            "shipping_cents": v.shipping_cents, "price_cents": v.price_cents, "compare_at_cents": v.compare_at_cents,
            "stock": v.stock, "image": v.image, "enabled": v.enabled,
            "supplier_source": v.supplier_source, "supplier_product_id": v.supplier_product_id,
        })
    });
    sqlx::query(
        "INSERT INTO product_variants (id, product_id, position, sku_id, options, cost_cents, shipping_cents, price_cents,
             compare_at_cents, stock, image, enabled, supplier_source, supplier_product_id)
         SELECT (r->>'id')::uuid, $1, (r->>'position')::int, r->>'sku_id', r->'options', (r->>'cost_cents')::bigint,
                (r->>'shipping_cents')::bigint, (r->>'price_cents')::bigint, (r->>'compare_at_cents')::bigint,
                (r->>'stock')::int, r->>'image', (r->>'enabled')::boolean, r->>'supplier_source', r->>'supplier_product_id'
         FROM UNNEST($2::jsonb[]) AS r",
    )
    .bind(product_id)
    .bind(rows)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn get(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<Option<(ProductRow, Vec<VariantRow>)>> {
    let product: Option<ProductRow> = sqlx::query_as(&format!("SELECT {PRODUCT_COLUMNS} FROM products WHERE id = $1 AND workplace_id = $2"))
        .bind(id)
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?;
    let Some(product) = product else { return Ok(None) };
    let variants = variants(pool, &[id]).await?;
    Ok(Some((product, variants.into_iter().map(|(_, v)| v).collect())))
}

/// `get` for many products in two round trips, by id; ids not the workplace's are left out.
pub async fn get_many(pool: &PgPool, workplace_id: Uuid, ids: &[Uuid]) -> Result<HashMap<Uuid, (ProductRow, Vec<VariantRow>)>> {
    let products: Vec<ProductRow> = sqlx::query_as(&format!("SELECT {PRODUCT_COLUMNS} FROM products WHERE id = ANY($1) AND workplace_id = $2"))
        .bind(ids)
        .bind(workplace_id)
        .fetch_all(pool)
        .await?;
    let found: Vec<Uuid> = products.iter().map(|p| p.id).collect();
    let mut out: HashMap<Uuid, (ProductRow, Vec<VariantRow>)> = products.into_iter().map(|p| (p.id, (p, vec![]))).collect();
    for (product_id, v) in variants(pool, &found).await? {
        if let Some(entry) = out.get_mut(&product_id) {
            entry.1.push(v);
        }
    }
    Ok(out)
}

/// Variants of products already known to be the caller's, in position order.
pub async fn variants(pool: &PgPool, product_ids: &[Uuid]) -> Result<Vec<(Uuid, VariantRow)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        product_id: Uuid,
        #[sqlx(flatten)]
        v: VariantRow,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT product_id, id, position, sku_id, options, cost_cents, shipping_cents, price_cents, compare_at_cents,
                stock, image, enabled, supplier_source, supplier_product_id
         FROM product_variants WHERE product_id = ANY($1) ORDER BY product_id, position",
    )
    .bind(product_ids)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.product_id, r.v)).collect())
}

/// Saves the editable fields of a product (the caller checked the workplace).
pub async fn update(conn: &mut PgConnection, workplace_id: Uuid, p: &ProductRow) -> Result<()> {
    let q = sqlx::query(
        "UPDATE products SET title = $3, description_html = $4, tags = $5, collections = $6, product_type = $7,
             vendor = $8, options = $9, images = $10, thumbnail = $11, video_url = $12, updated_at = now()
         WHERE id = $1 AND workplace_id = $2",
    )
    .bind(p.id)
    .bind(workplace_id);
    bind_editable!(q, p).execute(conn).await?;
    Ok(())
}

/// Saves written words over the product's: an empty title, description or tag list keeps what
/// was there. The title the product now has; none when it is not the workspace's.
pub async fn set_words(conn: &mut PgConnection, workplace_id: Uuid, id: Uuid, title: &str, description_html: &str, tags: &[String]) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "UPDATE products SET title = COALESCE(NULLIF($3, ''), title), description_html = COALESCE(NULLIF($4, ''), description_html),
             tags = CASE WHEN cardinality($5::text[]) > 0 THEN $5 ELSE tags END, updated_at = now()
         WHERE id = $1 AND workplace_id = $2 RETURNING title",
    )
    .bind(id)
    .bind(workplace_id)
    .bind(title)
    .bind(description_html)
    .bind(tags)
    .fetch_optional(conn)
    .await?)
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct ImportListItem {
    pub id: Uuid,
    pub title: String,
    pub image: Option<String>,
    pub source: String,
    pub source_product_id: String,
    pub ship_to: String,
    pub cost_from: f64,
    pub cost_to: f64,
    pub price_from: f64,
    pub price_to: f64,
    pub variant_count: i64,
    pub created_at: DateTime<Utc>,
}

/// A page of the import list (newest first) and its total.
pub async fn listing(pool: &PgPool, workplace_id: Uuid, keyword: Option<&str>, page: i64, page_size: i64) -> Result<(i64, Vec<ImportListItem>)> {
    let pattern = keyword.map(|k| format!("%{}%", k.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
    let total: i64 =
        sqlx::query_scalar("SELECT count(*) FROM products WHERE workplace_id = $1 AND stage = 'import_list' AND ($2::text IS NULL OR title ILIKE $2)")
            .bind(workplace_id)
            .bind(&pattern)
            .fetch_one(pool)
            .await?;
    let items = sqlx::query_as(
        "SELECT p.id, p.title, p.thumbnail AS image, p.source, p.source_product_id, p.ship_to,
                COALESCE(min(v.cost_cents), 0)::float8 / 100 AS cost_from, COALESCE(max(v.cost_cents), 0)::float8 / 100 AS cost_to,
                COALESCE(min(v.price_cents), 0)::float8 / 100 AS price_from, COALESCE(max(v.price_cents), 0)::float8 / 100 AS price_to,
                count(v.id) AS variant_count, p.created_at
         FROM products p LEFT JOIN product_variants v ON v.product_id = p.id AND v.enabled
         WHERE p.workplace_id = $1 AND p.stage = 'import_list' AND ($2::text IS NULL OR p.title ILIKE $2)
         GROUP BY p.id ORDER BY p.created_at DESC, p.id LIMIT $3 OFFSET $4",
    )
    .bind(workplace_id)
    .bind(&pattern)
    .bind(page_size)
    .bind((page - 1) * page_size)
    .fetch_all(pool)
    .await?;
    Ok((total, items))
}

/// The caller's products among `ids` (all of the workplace's when `ids` is `None`).
pub async fn owned_ids(pool: &PgPool, workplace_id: Uuid, ids: Option<&[Uuid]>) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar("SELECT id FROM products WHERE workplace_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2))")
        .bind(workplace_id)
        .bind(ids)
        .fetch_all(pool)
        .await?)
}

pub async fn delete(pool: &PgPool, workplace_id: Uuid, ids: &[Uuid]) -> Result<u64> {
    Ok(sqlx::query("DELETE FROM products WHERE workplace_id = $1 AND id = ANY($2)").bind(workplace_id).bind(ids).execute(pool).await?.rows_affected())
}

/// New prices for variants, in one statement; the products are marked as repriced.
pub async fn set_prices(pool: &PgPool, workplace_id: Uuid, prices: &[(Uuid, i64, Option<i64>)], repriced: &[Uuid]) -> Result<()> {
    let ids: Vec<Uuid> = prices.iter().map(|p| p.0).collect();
    let price: Vec<i64> = prices.iter().map(|p| p.1).collect();
    let compare: Vec<Option<i64>> = prices.iter().map(|p| p.2).collect();
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query(
        "UPDATE product_variants v SET price_cents = t.price, compare_at_cents = t.compare
         FROM UNNEST($1::uuid[], $2::bigint[], $3::bigint[]) AS t(id, price, compare), products p
         WHERE v.id = t.id AND p.id = v.product_id AND p.workplace_id = $4",
    )
    .bind(&ids)
    .bind(&price)
    .bind(&compare)
    .bind(workplace_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE products SET pricing_applied_at = now(), updated_at = now() WHERE workplace_id = $1 AND id = ANY($2)")
        .bind(workplace_id)
        .bind(repriced)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Import-list and product-center counts (the side navigation's badges).
pub async fn counts(pool: &PgPool, workplace_id: Uuid) -> Result<(i64, i64)> {
    Ok(sqlx::query_as(
        "SELECT count(*) FILTER (WHERE stage = 'import_list'), count(*) FILTER (WHERE stage = 'product_center')
         FROM products WHERE workplace_id = $1",
    )
    .bind(workplace_id)
    .fetch_one(pool)
    .await?)
}

/// What the import list and the product center list: products still in the import list, and
/// products pushed (or being pushed) at least once, counted as `/center/products/pushed` does.
pub async fn screen_counts(pool: &PgPool, workplace_id: Uuid) -> Result<(i64, i64)> {
    Ok(sqlx::query_as(
        "SELECT count(*) FILTER (WHERE p.stage = 'import_list'),
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM push_targets t WHERE t.product_id = p.id))
         FROM products p WHERE p.workplace_id = $1",
    )
    .bind(workplace_id)
    .fetch_one(pool)
    .await?)
}

/// The workplace's product imported from this supplier product, if any.
pub async fn find_id(pool: &PgPool, workplace_id: Uuid, source: &str, source_product_id: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT id FROM products WHERE workplace_id = $1 AND source = $2 AND source_product_id = $3 AND copy_of IS NULL")
        .bind(workplace_id)
        .bind(source)
        .bind(source_product_id)
        .fetch_optional(pool)
        .await?)
}

/// Every product of the workplace's import list, oldest first (push-all).
pub async fn import_list_ids(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar("SELECT id FROM products WHERE workplace_id = $1 AND stage = 'import_list' ORDER BY created_at, id")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?)
}
