//! The supplier catalogue cache: summaries from catalogue pages, details and freight from
//! product reads. Shared by every workplace (it holds only public supplier data).
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::connectors::suppliers::{FreightOption, Product, Summary, parse_cents};
use crate::error::Result;
use crate::values::Source;

/// Upserts one catalogue page in one statement; details already read are kept, with the orders
/// and rating they told (a dialect's pages may not: eBay's search has no sales, CJ's list no
/// rating).
pub async fn upsert_summaries(pool: &PgPool, source: Source, items: &[Summary]) -> Result<u64> {
    let ids: Vec<&str> = items.iter().map(|s| s.id.as_str()).collect();
    let titles: Vec<&str> = items.iter().map(|s| s.title.as_str()).collect();
    let categories: Vec<i32> = items.iter().map(|s| s.category.id).collect();
    let prices: Vec<i64> = items.iter().map(|s| s.price.cents()).collect();
    let orders: Vec<i32> = items.iter().map(|s| s.orders.clamp(0, i32::MAX as i64) as i32).collect();
    let ratings: Vec<f32> = items.iter().map(|s| s.rating).collect();
    let collections: Vec<String> = items.iter().map(|s| pg_array(&s.collections)).collect();
    let images: Vec<String> = items.iter().map(|s| pg_array(s.image.as_slice())).collect();
    let videos: Vec<Option<&str>> = items.iter().map(|s| s.video_url.as_deref()).collect();
    let done = sqlx::query(
        "INSERT INTO supplier_products (source, source_product_id, title, category_id, price_cents, price_max_cents,
             orders, rating, collections, images, video_url, fetched_at)
         SELECT $1, id, title, cat, price, price, ord, rating, cols::text[], imgs::text[], video, now()
         FROM UNNEST($2::text[], $3::text[], $4::int[], $5::bigint[], $6::int[], $7::real[], $8::text[], $9::text[], $10::text[])
              AS t(id, title, cat, price, ord, rating, cols, imgs, video)
         ON CONFLICT (source, source_product_id) DO UPDATE SET
             title = EXCLUDED.title, category_id = EXCLUDED.category_id, collections = EXCLUDED.collections, fetched_at = now(),
             orders = CASE WHEN supplier_products.detail IS NULL THEN EXCLUDED.orders ELSE supplier_products.orders END,
             rating = CASE WHEN supplier_products.detail IS NULL THEN EXCLUDED.rating ELSE supplier_products.rating END,
             price_cents = CASE WHEN supplier_products.detail IS NULL THEN EXCLUDED.price_cents ELSE supplier_products.price_cents END,
             price_max_cents = CASE WHEN supplier_products.detail IS NULL THEN EXCLUDED.price_max_cents ELSE supplier_products.price_max_cents END,
             images = CASE WHEN supplier_products.detail IS NULL THEN EXCLUDED.images ELSE supplier_products.images END,
             video_url = CASE WHEN supplier_products.detail IS NULL THEN EXCLUDED.video_url ELSE supplier_products.video_url END",
    )
    .bind(source.as_str())
    .bind(&ids)
    .bind(&titles)
    .bind(&categories)
    .bind(&prices)
    .bind(&orders)
    .bind(&ratings)
    .bind(&collections)
    .bind(&images)
    .bind(&videos)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// `{a,b}` text-array literal, so arrays of arrays can travel through one UNNEST.
fn pg_array(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))).collect();
    format!("{{{}}}", quoted.join(","))
}

/// Products whose detail was never read or is older than `older_than`, oldest first.
pub async fn due_for_detail(pool: &PgPool, source: Source, older_than: DateTime<Utc>, limit: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT source_product_id FROM supplier_products
         WHERE source = $1 AND (detail_fetched_at IS NULL OR detail_fetched_at < $2)
         ORDER BY detail_fetched_at NULLS FIRST, orders DESC LIMIT $3",
    )
    .bind(source.as_str())
    .bind(older_than)
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

/// Keeps a product read (and its US shipping, when known) as the cache's truth for it.
pub async fn save_detail(pool: &PgPool, source: Source, p: &Product, us: Option<&[FreightOption]>) -> Result<()> {
    let in_stock: Vec<i64> = p.variants.iter().filter(|v| v.stock > 0).map(|v| parse_cents(&v.price)).collect();
    let all: Vec<i64> = p.variants.iter().map(|v| parse_cents(&v.price)).collect();
    let prices = if in_stock.is_empty() { &all } else { &in_stock };
    let min = prices.iter().min().copied().unwrap_or_else(|| p.price.cents());
    let max = prices.iter().max().copied().unwrap_or(min);
    let compare_at = p.variants.iter().filter_map(|v| v.compare_at_price.as_deref().map(parse_cents)).max();
    let us_cost = us.and_then(|o| o.first()).map(|o| parse_cents(&o.amount));
    let detail = serde_json::to_value(DetailDoc::from(p)).map_err(anyhow::Error::from)?;
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query(
        "INSERT INTO supplier_products (source, source_product_id, title, category_id, price_cents, price_max_cents,
             compare_at_cents, orders, rating, reviews_count, collections, images, ship_from, ships_to, total_variants,
             us_shipping_cents, detail, detail_fetched_at, us_min_days, us_max_days, video_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now(), $18, $19, $20)
         ON CONFLICT (source, source_product_id) DO UPDATE SET
             title = EXCLUDED.title, price_cents = EXCLUDED.price_cents, price_max_cents = EXCLUDED.price_max_cents,
             compare_at_cents = EXCLUDED.compare_at_cents, orders = EXCLUDED.orders, rating = EXCLUDED.rating,
             reviews_count = COALESCE(EXCLUDED.reviews_count, supplier_products.reviews_count), images = EXCLUDED.images,
             ship_from = EXCLUDED.ship_from, ships_to = COALESCE(EXCLUDED.ships_to, supplier_products.ships_to),
             collections = CASE WHEN cardinality(EXCLUDED.collections) = 0 THEN supplier_products.collections ELSE EXCLUDED.collections END,
             total_variants = EXCLUDED.total_variants,
             us_shipping_cents = COALESCE(EXCLUDED.us_shipping_cents, supplier_products.us_shipping_cents),
             us_min_days = COALESCE(EXCLUDED.us_min_days, supplier_products.us_min_days),
             us_max_days = COALESCE(EXCLUDED.us_max_days, supplier_products.us_max_days),
             detail = EXCLUDED.detail, detail_fetched_at = now(), video_url = EXCLUDED.video_url",
    )
    .bind(source.as_str())
    .bind(&p.id)
    .bind(&p.title)
    .bind(p.category["id"].as_i64().map(|c| c as i32))
    .bind(min)
    .bind(max)
    .bind(compare_at)
    .bind(p.orders.clamp(0, i32::MAX as i64) as i32)
    .bind(p.rating)
    // A dialect that does not tell (AliExpress's product.get has no reviews count or ship-to
    // list) leaves what the catalogue pages said.
    .bind(Some(p.reviews_count as i32).filter(|n| *n > 0))
    .bind(&p.collections)
    .bind(&p.images)
    .bind(&p.ship_from)
    .bind(Some(&p.ships_to).filter(|s| !s.is_empty()))
    .bind(p.variants.len() as i32)
    .bind(us_cost)
    .bind(detail)
    .bind(us.and_then(|o| o.first()).map(|o| o.min_days))
    .bind(us.and_then(|o| o.first()).map(|o| o.max_days))
    .bind(&p.video_url)
    .execute(&mut *tx)
    .await?;
    if let Some(options) = us {
        save_freight_in(&mut tx, source, &p.id, "US", Some(options)).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The supplier's answer for shipping to `country`; `None` = it does not ship there.
pub async fn save_freight(pool: &PgPool, source: Source, id: &str, country: &str, options: Option<&[FreightOption]>) -> Result<()> {
    let mut conn = pool.acquire().await?;
    save_freight_in(&mut conn, source, id, country, options).await
}

async fn save_freight_in(conn: &mut sqlx::PgConnection, source: Source, id: &str, country: &str, options: Option<&[FreightOption]>) -> Result<()> {
    let first = options.and_then(|o| o.first());
    let saved = sqlx::query(
        "INSERT INTO supplier_freight (source, source_product_id, country, cost_cents, min_days, max_days, options, ships)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (source, source_product_id, country) DO UPDATE SET cost_cents = EXCLUDED.cost_cents,
             min_days = EXCLUDED.min_days, max_days = EXCLUDED.max_days, options = EXCLUDED.options,
             ships = EXCLUDED.ships, fetched_at = now()",
    )
    .bind(source.as_str())
    .bind(id)
    .bind(country)
    .bind(first.map(|o| parse_cents(&o.amount)))
    .bind(first.map(|o| o.min_days))
    .bind(first.map(|o| o.max_days))
    .bind(json!(options.unwrap_or_default()))
    .bind(options.is_some())
    .execute(conn)
    .await;
    match saved {
        // A product read straight from the supplier (a detail page opened by its address before
        // the catalogue holds it) has no row to cache its freight against: the answer stands
        // uncached.
        Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => Ok(()),
        other => other.map(|_| ()).map_err(Into::into),
    }
}

/// What the cache keeps of a product read: everything the detail page and an import need.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct DetailDoc {
    pub title: String,
    pub description: String,
    pub category: Value,
    pub images: Vec<String>,
    /// Kept since issue 21; a detail cached before it has none until read again.
    #[serde(default)]
    pub video_url: Option<String>,
    pub options: Vec<Value>,
    pub variants: Vec<Value>,
}

impl From<&Product> for DetailDoc {
    fn from(p: &Product) -> Self {
        DetailDoc {
            title: p.title.clone(),
            description: p.description.clone(),
            category: p.category.clone(),
            images: p.images.clone(),
            video_url: p.video_url.clone(),
            options: p.options.clone(),
            variants: p
                .variants
                .iter()
                .map(|v| json!({"sku_id": v.sku_id, "options": v.options, "price": v.price, "compare_at_price": v.compare_at_price, "stock": v.stock, "image": v.image}))
                .collect(),
        }
    }
}

#[derive(sqlx::FromRow)]
pub struct CachedProduct {
    pub source: String,
    pub source_product_id: String,
    pub orders: i32,
    pub rating: Option<f32>,
    pub reviews_count: Option<i32>,
    pub ship_from: Option<String>,
    pub ships_to: Option<Vec<String>>,
    pub price_cents: i64,
    pub price_max_cents: i64,
    pub detail: Option<Value>,
    pub detail_fetched_at: Option<DateTime<Utc>>,
}

pub async fn get(pool: &PgPool, source: Source, id: &str) -> Result<Option<CachedProduct>> {
    Ok(sqlx::query_as(
        "SELECT source, source_product_id, orders, rating, reviews_count, ship_from, ships_to, price_cents,
                price_max_cents, detail, detail_fetched_at
         FROM supplier_products WHERE source = $1 AND source_product_id = $2",
    )
    .bind(source.as_str())
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

/// Freight for one product and country: `Some(None)` = known not to ship there.
pub async fn freight(pool: &PgPool, source: Source, id: &str, country: &str) -> Result<Option<Option<Vec<FreightOption>>>> {
    let row: Option<(bool, Value)> =
        sqlx::query_as("SELECT ships, options FROM supplier_freight WHERE source = $1 AND source_product_id = $2 AND country = $3")
            .bind(source.as_str())
            .bind(id)
            .bind(country)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(ships, options)| ships.then(|| serde_json::from_value(options).unwrap_or_default())))
}

pub async fn save_document(pool: &PgPool, source: Source, name: &str, body: &Value) -> Result<()> {
    sqlx::query(
        "INSERT INTO catalogue_documents (source, name, body) VALUES ($1, $2, $3)
         ON CONFLICT (source, name) DO UPDATE SET body = EXCLUDED.body, fetched_at = now()",
    )
    .bind(source.as_str())
    .bind(name)
    .bind(body)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn document(pool: &PgPool, source: Source, name: &str) -> Result<Option<Value>> {
    Ok(sqlx::query_scalar("SELECT body FROM catalogue_documents WHERE source = $1 AND name = $2").bind(source.as_str()).bind(name).fetch_optional(pool).await?)
}

/// When each source's catalogue was last read: `None` for a source never read.
pub async fn last_read(pool: &PgPool, source: Source) -> Result<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar("SELECT max(fetched_at) FROM supplier_products WHERE source = $1").bind(source.as_str()).fetch_one(pool).await?)
}

/// The main image's fingerprint: its difference hash and average colour.
pub async fn save_fingerprint(pool: &PgPool, source: Source, id: &str, dhash: i64, color: [u8; 3]) -> Result<()> {
    sqlx::query("UPDATE supplier_products SET image_dhash = $3, image_color = $4 WHERE source = $1 AND source_product_id = $2")
        .bind(source.as_str())
        .bind(id)
        .bind(dhash)
        .bind(color.iter().map(|c| *c as i16).collect::<Vec<i16>>())
        .execute(pool)
        .await?;
    Ok(())
}

/// Refreshes the planner's statistics after a full read changed many rows.
pub async fn analyze(pool: &PgPool) -> Result<()> {
    sqlx::query("ANALYZE supplier_products, supplier_search").execute(pool).await?;
    Ok(())
}
