//! Answers find-product searches from the cache: a count and a page of keys, both on the
//! narrow `supplier_search` copy of the catalogue and its indexes, then the page's cards. The page itself is the same for every workplace (so `PageCache` can keep it); the
//! workplace's imported flags are read for the page's cards on every request (`mark_imported`),
//! so a product imported a moment ago shows as imported on the next search.
use serde::Serialize;
use sqlx::{PgPool, Postgres, QueryBuilder};
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

use super::query::{Search, SortBy};
use crate::error::Result;

/// Totals are counted up to here ("2,000+ results", a hundred pages): counting every match of
/// a broad search would cost more than the page itself.
pub const COUNT_CAP: i64 = 2_000;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CardDetails {
    pub price_range: [f64; 2],
    pub lastest_volume: i64,
    pub rating: Option<f32>,
    pub reviews_count: Option<i32>,
    pub shipping_cost: Option<f64>,
    pub shipping_time_min: Option<i32>,
    pub shipping_time_max: Option<i32>,
    pub ship_countries: Vec<String>,
}

/// A product card (spec section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductCard {
    pub source_product_id: String,
    pub source: String,
    pub name: String,
    pub images: Vec<String>,
    pub video_url: Option<String>,
    pub price: f64,
    pub imported: bool,
    pub product_package_id: Option<Uuid>,
    pub total_variants: Option<i32>,
    pub ship_to: String,
    pub mapped: bool,
    pub lastest_volume: i64,
    pub details: CardDetails,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SearchPage {
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    pub items: Vec<ProductCard>,
}

/// A match as the narrow copy holds it, with its shipping to the chosen country.
#[derive(sqlx::FromRow)]
struct Key {
    source: String,
    source_product_id: String,
    price_cents: i64,
    orders: i32,
    rating: Option<f32>,
    ships_to: Option<Vec<String>>,
    cost_cents: Option<i64>,
    min_days: Option<i32>,
    max_days: Option<i32>,
    /// Every match's count, read in the same scan when the matches are ranked.
    #[sqlx(default)]
    total: Option<i64>,
}

/// What a card shows beyond the key: read for the page's products only.
#[derive(sqlx::FromRow)]
struct Shown {
    source: String,
    source_product_id: String,
    title: String,
    images: Vec<String>,
    video_url: Option<String>,
    price_max_cents: i64,
    reviews_count: Option<i32>,
    total_variants: Option<i32>,
}

pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// The first `n` distinct images, in order (spec: card images max 5).
pub fn first_unique(images: &[String], n: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(n.min(images.len()));
    for i in images {
        if out.len() == n {
            break;
        }
        if !out.contains(i) {
            out.push(i.clone());
        }
    }
    out
}

fn filters<'a>(q: &mut QueryBuilder<'a, Postgres>, s: &'a Search, categories: &'a [i32], favourites_of: Option<Uuid>) {
    q.push(" WHERE true");
    if let Some(w) = favourites_of {
        q.push(" AND EXISTS (SELECT 1 FROM favourites fv WHERE fv.workplace_id = ").push_bind(w);
        q.push(" AND fv.source = sp.source AND fv.source_product_id = sp.source_product_id)");
    }
    if let Some(k) = &s.keyword {
        // The sources and the destination as lexemes of the same index (migration
        // supplier_search_facets): only the rows matching all of it are read.
        q.push(" AND sp.search @@ (plainto_tsquery('simple', ").push_bind(k.as_str()).push(") && ").push_bind(facets(s)).push("::tsquery)");
    } else {
        if s.sources.len() < crate::values::Source::ALL.len() {
            let sources: Vec<&str> = s.sources.iter().map(|s| s.as_str()).collect();
            q.push(" AND sp.source = ANY(").push_bind(sources).push(")");
        }
        q.push(" AND (sp.ships_to IS NULL OR ").push_bind(s.ship_to.0.as_str()).push(" = ANY(sp.ships_to))");
    }
    if let Some(from) = &s.ship_from {
        q.push(" AND lower(sp.ship_from) = ").push_bind(from.as_str());
    }
    if !categories.is_empty() {
        q.push(" AND sp.category_id = ANY(").push_bind(categories).push(")");
    }
    if let Some(c) = &s.collection {
        q.push(" AND sp.collections @> ARRAY[").push_bind(c.as_str()).push("]::text[]");
    }
    if let Some((lo, hi)) = s.orders {
        q.push(" AND sp.orders >= ").push_bind(lo);
        if let Some(hi) = hi {
            q.push(" AND sp.orders < ").push_bind(hi);
        }
    }
    if let Some((lo, hi)) = s.price_cents {
        q.push(" AND sp.price_cents >= ").push_bind(lo);
        if let Some(hi) = hi {
            q.push(" AND sp.price_cents < ").push_bind(hi);
        }
    }
    if let Some(r) = s.min_rating {
        q.push(" AND sp.rating >= ").push_bind(r);
    }
}

/// The search's sources (when not all) and destination as a tsquery of the lexemes
/// `supplier_search_facets` adds: `('src:cj' | 'src:temu') & ('to:US' | 'to:any')`. Sources
/// and countries are checked values (`Source`, `Country`), never free text.
fn facets(s: &Search) -> String {
    let to = format!("('to:{}' | 'to:any')", s.ship_to.0);
    // No source at all (`sources=,`) matches nothing, as `source = ANY('{}')` did.
    if s.sources.is_empty() {
        return format!("'src:' & {to}");
    }
    if s.sources.len() >= crate::values::Source::ALL.len() {
        return to;
    }
    let sources: Vec<String> = s.sources.iter().map(|s| format!("'src:{}'", s.as_str())).collect();
    format!("({}) & {to}", sources.join(" | "))
}

/// One page of cards, the same for every workplace (imported flags unset: see
/// `mark_imported`). `categories` is the chosen category with its children (empty: any).
pub async fn search(pool: &PgPool, s: &Search, categories: &[i32]) -> Result<SearchPage> {
    run(pool, s, categories, None).await
}

/// The workplace's favourites as a page of cards, with its imported flags.
pub async fn search_keys(pool: &PgPool, workplace_id: Uuid, s: &Search) -> Result<SearchPage> {
    let mut page = run(pool, s, &[], Some(workplace_id)).await?;
    mark_imported(pool, workplace_id, &mut page).await?;
    Ok(page)
}

/// Sets each card's `imported` and `product_package_id` from the workplace's products.
pub async fn mark_imported(pool: &PgPool, workplace_id: Uuid, page: &mut SearchPage) -> Result<()> {
    let keys: Vec<(&str, &str)> = page.items.iter().map(|c| (c.source.as_str(), c.source_product_id.as_str())).collect();
    let ids = imported_ids(pool, workplace_id, &keys).await?;
    for (card, id) in page.items.iter_mut().zip(ids) {
        card.imported = id.is_some();
        card.product_package_id = id;
    }
    Ok(())
}

/// The workplace's product imported from each (source, source product id), in order: one probe
/// of the one-import index per key, in one round trip.
pub async fn imported_ids(pool: &PgPool, workplace_id: Uuid, keys: &[(&str, &str)]) -> Result<Vec<Option<Uuid>>> {
    if keys.is_empty() {
        return Ok(vec![]);
    }
    let sources: Vec<&str> = keys.iter().map(|k| k.0).collect();
    let ids: Vec<&str> = keys.iter().map(|k| k.1).collect();
    let found: Vec<(String, String, Uuid)> = sqlx::query_as(
        "SELECT p.source, p.source_product_id, p.id FROM unnest($2::text[], $3::text[]) k(source, source_product_id)
         JOIN products p ON p.workplace_id = $1 AND p.copy_of IS NULL AND p.source = k.source AND p.source_product_id = k.source_product_id",
    )
    .bind(workplace_id)
    .bind(&sources)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    Ok(keys.iter().map(|(s, p)| found.iter().find(|f| f.0 == *s && f.1 == *p).map(|f| f.2)).collect())
}

async fn run(pool: &PgPool, s: &Search, categories: &[i32], favourites_of: Option<Uuid>) -> Result<SearchPage> {
    // Shipping to the US lives on the product row (indexed); other countries join the freight.
    let us = s.ship_to.0 == "US";
    let (cost, min_days, max_days) =
        if us { ("sp.us_shipping_cents", "sp.us_min_days", "sp.us_max_days") } else { ("f.cost_cents", "f.min_days", "f.max_days") };
    let ranked = s.sort_by == SortBy::MostRelevant && s.keyword.is_some();
    let mut q = QueryBuilder::new(format!(
        "SELECT sp.source, sp.source_product_id, sp.price_cents, sp.orders, sp.rating, sp.ships_to, {cost} AS cost_cents,
                {min_days} AS min_days, {max_days} AS max_days{total}
         FROM supplier_search sp",
        // Ranking a keyword's matches reads every one of them anyway: counting them in that same
        // scan spares a second. (Other sorts stop at the page on their index; a count there
        // would read every match, which made the slowest searches slower.)
        total = if ranked { ", count(*) OVER () AS total" } else { "" },
    ));
    if !us {
        q.push(" LEFT JOIN supplier_freight f ON f.source = sp.source AND f.source_product_id = sp.source_product_id AND f.country = ");
        q.push_bind(s.ship_to.0.as_str());
    }
    filters(&mut q, s, categories, favourites_of);
    let dir = if s.descending { "DESC" } else { "ASC" };
    q.push(" ORDER BY ");
    match (s.sort_by, &s.keyword) {
        (SortBy::MostRelevant, Some(k)) => {
            q.push("ts_rank(sp.search, plainto_tsquery('simple', ").push_bind(k.as_str()).push(format!(")) {dir}, sp.orders DESC"));
        }
        (SortBy::MostRelevant, None) | (SortBy::Orders, _) => {
            q.push(format!("sp.orders {dir}"));
        }
        (SortBy::Price, _) => {
            q.push(format!("sp.price_cents {dir}"));
        }
        (SortBy::Profit, _) => {
            q.push(format!("sp.profit_cents {dir}"));
        }
        (SortBy::ShippingCost, _) => {
            q.push(format!("{cost} {dir} NULLS LAST"));
        }
        (SortBy::ShippingTimeMin, _) => {
            q.push(format!("{min_days} {dir} NULLS LAST"));
        }
    }
    q.push(", sp.source, sp.source_product_id LIMIT ").push_bind(s.page_size);
    q.push(" OFFSET ").push_bind((s.page - 1) * s.page_size);
    let rows: Vec<Key> = q.build_query_as().fetch_all(pool).await?;
    // A first page holding fewer than a page of matches is the whole answer: no count needed.
    let total = if let Some(total) = rows.first().and_then(|r| r.total) {
        total.min(COUNT_CAP)
    } else if s.page == 1 && (rows.len() as i64) < s.page_size {
        rows.len() as i64
    } else {
        let mut count = QueryBuilder::new("SELECT count(*) FROM (SELECT 1 FROM supplier_search sp");
        filters(&mut count, s, categories, favourites_of);
        count.push(" LIMIT ").push_bind(COUNT_CAP).push(") t");
        count.build_query_scalar().fetch_one(pool).await?
    };
    let ship_to = s.ship_to.0.clone();
    let mut shown = shown(pool, &rows).await?;
    let items = rows
        .into_iter()
        .filter_map(|r| Some((shown.remove(&(r.source.clone(), r.source_product_id.clone()))?, r)))
        .map(|(d, r)| ProductCard {
            name: d.title,
            images: first_unique(&d.images, 5),
            video_url: d.video_url,
            price: dollars(r.price_cents),
            imported: false,
            product_package_id: None,
            total_variants: d.total_variants,
            ship_to: ship_to.clone(),
            mapped: false,
            lastest_volume: r.orders as i64,
            details: CardDetails {
                price_range: [dollars(r.price_cents), dollars(d.price_max_cents)],
                lastest_volume: r.orders as i64,
                rating: r.rating,
                reviews_count: d.reviews_count,
                shipping_cost: r.cost_cents.map(dollars),
                shipping_time_min: r.min_days,
                shipping_time_max: r.max_days,
                ship_countries: r.ships_to.unwrap_or_default(),
            },
            source: r.source,
            source_product_id: r.source_product_id,
        })
        .collect();
    Ok(SearchPage { total, page: s.page, page_size: s.page_size, items })
}

/// The page's products' titles, images and the rest of their cards, by key, in one round trip.
async fn shown(pool: &PgPool, keys: &[Key]) -> Result<HashMap<(String, String), Shown>> {
    let sources: Vec<&str> = keys.iter().map(|k| k.source.as_str()).collect();
    let ids: Vec<&str> = keys.iter().map(|k| k.source_product_id.as_str()).collect();
    let rows: Vec<Shown> = sqlx::query_as(
        "SELECT p.source, p.source_product_id, p.title, p.images, p.video_url, p.price_max_cents, p.reviews_count, p.total_variants
         FROM unnest($1::text[], $2::text[]) k(source, id) JOIN supplier_products p ON p.source = k.source AND p.source_product_id = k.id",
    )
    .bind(&sources)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| ((r.source.clone(), r.source_product_id.clone()), r)).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn cards_keep_five_unique_images() {
        let imgs: Vec<String> = ["a", "b", "a", "c", "d", "e", "f"].iter().map(|s| s.to_string()).collect();
        assert_eq!(super::first_unique(&imgs, 5), ["a", "b", "c", "d", "e"]);
    }
}
