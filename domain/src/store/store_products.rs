//! Products already in a store (read by `tasks::store_products_sync`) and the suppliers mapped
//! to their variants. Every query takes the workplace id.
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::connectors::stores::catalog::RemoteProduct;
use crate::error::Result;

/// Upserts a store's products and variants (by remote id) and drops those gone from the store.
pub async fn replace_all(pool: &PgPool, workplace_id: Uuid, store_id: Uuid, products: &[RemoteProduct]) -> Result<usize> {
    let mut tx = crate::db::begin(pool).await?;
    let mut kept = vec![];
    for p in products {
        let id: Uuid = sqlx::query_scalar(
            "INSERT INTO store_products (id, workplace_id, store_id, remote_id, title, handle, image) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (store_id, remote_id) DO UPDATE SET title = EXCLUDED.title, handle = EXCLUDED.handle,
                 image = EXCLUDED.image, synced_at = now()
             RETURNING id",
        )
        .bind(Uuid::new_v4())
        .bind(workplace_id)
        .bind(store_id)
        .bind(&p.remote_id)
        .bind(&p.title)
        .bind(&p.handle)
        .bind(&p.image)
        .fetch_one(&mut *tx)
        .await?;
        kept.push(p.remote_id.clone());
        let rows: Vec<Value> = p
            .variants
            .iter()
            .enumerate()
            .map(|(i, v)| json!({"id": Uuid::new_v4(), "remote_id": v.remote_id, "title": v.title, "sku": v.sku, "price": v.price_cents, "options": v.options, "position": i}))
            .collect();
        let remote_ids: Vec<&str> = p.variants.iter().map(|v| v.remote_id.as_str()).collect();
        sqlx::query("DELETE FROM store_variants WHERE store_product_id = $1 AND NOT (remote_id = ANY($2))")
            .bind(id)
            .bind(&remote_ids)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO store_variants (id, store_product_id, remote_id, title, sku, price_cents, options, position)
             SELECT (r->>'id')::uuid, $1, r->>'remote_id', r->>'title', r->>'sku', (r->>'price')::bigint, r->'options', (r->>'position')::int
             FROM UNNEST($2::jsonb[]) AS r
             ON CONFLICT (store_product_id, remote_id) DO UPDATE SET title = EXCLUDED.title, sku = EXCLUDED.sku,
                 price_cents = EXCLUDED.price_cents, options = EXCLUDED.options, position = EXCLUDED.position",
        )
        .bind(id)
        .bind(rows)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("DELETE FROM store_products WHERE store_id = $1 AND workplace_id = $2 AND NOT (remote_id = ANY($3))")
        .bind(store_id)
        .bind(workplace_id)
        .bind(&kept)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(products.len())
}

#[derive(Debug, Clone, Serialize, serde::Deserialize, sqlx::FromRow, ToSchema)]
pub struct MappedSupplier {
    pub priority: i32,
    pub source: String,
    pub source_product_id: String,
    pub sku_id: String,
    pub ship_to_countries: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreVariantView {
    pub id: Uuid,
    pub remote_id: String,
    pub title: String,
    pub sku: Option<String>,
    pub price: Option<f64>,
    #[schema(value_type = Object)]
    pub options: Value,
    pub suppliers: Vec<MappedSupplier>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreProductView {
    pub id: Uuid,
    pub store_id: Uuid,
    pub remote_id: String,
    pub title: String,
    pub handle: Option<String>,
    pub image: Option<String>,
    pub mapped: bool,
    pub variants: Vec<StoreVariantView>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    store_id: Uuid,
    remote_id: String,
    title: String,
    handle: Option<String>,
    image: Option<String>,
    variants: Value,
}

/// Store products with their variants and mapped suppliers; `mapped` filters on whether any
/// variant has a supplier; `only` picks one product.
pub async fn list(
    pool: &PgPool,
    workplace_id: Uuid,
    store_id: Option<Uuid>,
    mapped: Option<bool>,
    only: Option<Uuid>,
    page: i64,
    size: i64,
) -> Result<(i64, Vec<StoreProductView>)> {
    const MAPPED: &str = "EXISTS (SELECT 1 FROM store_variants v JOIN variant_suppliers s ON s.store_variant_id = v.id WHERE v.store_product_id = p.id)";
    let filter =
        format!("p.workplace_id = $1 AND ($2::uuid IS NULL OR p.store_id = $2) AND ($3::bool IS NULL OR {MAPPED} = $3) AND ($4::uuid IS NULL OR p.id = $4)");
    let total: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM store_products p WHERE {filter}"))
        .bind(workplace_id)
        .bind(store_id)
        .bind(mapped)
        .bind(only)
        .fetch_one(pool)
        .await?;
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT p.id, p.store_id, p.remote_id, p.title, p.handle, p.image,
            COALESCE((SELECT jsonb_agg(jsonb_build_object('id', v.id, 'remote_id', v.remote_id, 'title', v.title, 'sku', v.sku,
                'price', v.price_cents::float8 / 100, 'options', v.options,
                'suppliers', COALESCE((SELECT jsonb_agg(jsonb_build_object('priority', s.priority, 'source', s.source,
                    'source_product_id', s.source_product_id, 'sku_id', s.sku_id, 'ship_to_countries', s.ship_to_countries) ORDER BY s.priority)
                    FROM variant_suppliers s WHERE s.store_variant_id = v.id), '[]'::jsonb)) ORDER BY v.position)
             FROM store_variants v WHERE v.store_product_id = p.id), '[]'::jsonb) AS variants
         FROM store_products p WHERE {filter} ORDER BY p.title, p.id LIMIT $5 OFFSET $6"
    ))
    .bind(workplace_id)
    .bind(store_id)
    .bind(mapped)
    .bind(only)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(pool)
    .await?;
    let items = rows
        .into_iter()
        .map(|r| {
            let variants: Vec<StoreVariantView> = r
                .variants
                .as_array()
                .map(|a| a.as_slice())
                .unwrap_or_default()
                .iter()
                .map(|v| StoreVariantView {
                    id: v["id"].as_str().and_then(|s| s.parse().ok()).unwrap_or_default(),
                    remote_id: v["remote_id"].as_str().unwrap_or_default().into(),
                    title: v["title"].as_str().unwrap_or_default().into(),
                    sku: v["sku"].as_str().map(str::to_string),
                    price: v["price"].as_f64(),
                    options: v["options"].clone(),
                    suppliers: serde_json::from_value(v["suppliers"].clone()).unwrap_or_default(),
                })
                .collect();
            StoreProductView {
                mapped: variants.iter().any(|v| !v.suppliers.is_empty()),
                id: r.id,
                store_id: r.store_id,
                remote_id: r.remote_id,
                title: r.title,
                handle: r.handle,
                image: r.image,
                variants,
            }
        })
        .collect();
    Ok((total, items))
}

/// The product's variant ids, if the product is the workplace's.
pub async fn variant_ids(conn: &mut PgConnection, workplace_id: Uuid, product_id: Uuid) -> Result<Option<Vec<(Uuid, Value)>>> {
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM store_products WHERE id = $1 AND workplace_id = $2)")
        .bind(product_id)
        .bind(workplace_id)
        .fetch_one(&mut *conn)
        .await?;
    if !exists {
        return Ok(None);
    }
    Ok(Some(
        sqlx::query_as("SELECT id, options FROM store_variants WHERE store_product_id = $1 ORDER BY position").bind(product_id).fetch_all(&mut *conn).await?,
    ))
}

/// Replaces one variant's suppliers with `suppliers` (priorities 1, 2, ... in order).
pub async fn set_suppliers(conn: &mut PgConnection, variant_id: Uuid, suppliers: &[MappedSupplier]) -> Result<()> {
    sqlx::query("DELETE FROM variant_suppliers WHERE store_variant_id = $1").bind(variant_id).execute(&mut *conn).await?;
    for (i, s) in suppliers.iter().enumerate() {
        sqlx::query(
            "INSERT INTO variant_suppliers (store_variant_id, priority, source, source_product_id, sku_id, ship_to_countries)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(variant_id)
        .bind(i as i32 + 1)
        .bind(&s.source)
        .bind(&s.source_product_id)
        .bind(&s.sku_id)
        .bind(&s.ship_to_countries)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

pub async fn suppliers_of(pool: &PgPool, workplace_id: Uuid, variant_id: Uuid) -> Result<Vec<MappedSupplier>> {
    Ok(sqlx::query_as(
        "SELECT s.priority, s.source, s.source_product_id, s.sku_id, s.ship_to_countries FROM variant_suppliers s
         JOIN store_variants v ON v.id = s.store_variant_id JOIN store_products p ON p.id = v.store_product_id
         WHERE s.store_variant_id = $1 AND p.workplace_id = $2 ORDER BY s.priority",
    )
    .bind(variant_id)
    .bind(workplace_id)
    .fetch_all(pool)
    .await?)
}
