//! Reads the catalogue's search copy into an `Index`: one snapshot of `supplier_search`, the
//! cards' fields of `supplier_products` and the freight to every other country.
use sqlx::PgPool;
use std::collections::HashMap;

use super::{Card, Freight, Index, Product};
use crate::catalogue::search::first_unique;
use crate::error::Result;
use crate::values::Source;

#[derive(sqlx::FromRow)]
struct Row {
    source: String,
    source_product_id: String,
    search: String,
    category_id: Option<i32>,
    price_cents: i64,
    orders: i32,
    rating: Option<f32>,
    collections: Vec<String>,
    ship_from: Option<String>,
    ships_to: Option<Vec<String>>,
    us_shipping_cents: Option<i64>,
    us_min_days: Option<i32>,
    us_max_days: Option<i32>,
    profit_cents: Option<i64>,
    title: String,
    images: Vec<String>,
    video_url: Option<String>,
    price_max_cents: i64,
    reviews_count: Option<i32>,
    total_variants: Option<i32>,
}

#[derive(sqlx::FromRow)]
struct FreightRow {
    source: String,
    source_product_id: String,
    country: String,
    cost_cents: Option<i64>,
    min_days: Option<i32>,
    max_days: Option<i32>,
}

/// What a read of the index found.
pub enum Loaded {
    /// The catalogue is as it was at the version the caller knows.
    Unchanged(String),
    /// The catalogue at this version: its index, or `None` when it holds more than
    /// `max_products` products (the SQL search answers then).
    Read(String, Option<Index>),
}

/// Each table's row count and the sum of its rows' `xmin`: any insert, update or delete
/// changes it (a written row carries its writer's transaction id, newer than the one it
/// replaces), so an equal version shows the same catalogue. About 10 ms for 21,000 products,
/// against a read of the whole index when nothing changed. Also answers the product count.
const VERSION: &str = "SELECT concat_ws('/', s.v,
        (SELECT count(*) || ':' || coalesce(sum(xmin::text::numeric), 0) FROM supplier_freight),
        (SELECT count(*) || ':' || coalesce(sum(xmin::text::numeric), 0) FROM supplier_products)) AS version,
    s.products
    FROM (SELECT count(*) AS products, count(*) || ':' || coalesce(sum(xmin::text::numeric), 0) AS v FROM supplier_search) s";

/// The catalogue's version now (`VERSION`).
pub async fn version(pool: &PgPool) -> Result<String> {
    let (version, _): (String, i64) = sqlx::query_as(VERSION).fetch_one(pool).await?;
    Ok(version)
}

/// Reads the catalogue into an index unless its version is still `known`. Rows come in the
/// SQL search's tie order (source, then id, in the database's collation), so a product's place
/// in `products` is its tie-break.
pub async fn load(pool: &PgPool, max_products: usize, known: Option<&str>) -> Result<Loaded> {
    let mut tx = crate::db::begin(pool).await?;
    // One snapshot for every read: the version, a product and its freight agree.
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *tx).await?;
    let (version, count): (String, i64) = sqlx::query_as(VERSION).fetch_one(&mut *tx).await?;
    if known == Some(version.as_str()) {
        return Ok(Loaded::Unchanged(version));
    }
    if count as usize > max_products {
        tracing::info!(count, max_products, "the catalogue is larger than the search index may hold; searches read PostgreSQL");
        return Ok(Loaded::Read(version, None));
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT s.source, s.source_product_id, s.search::text AS search, s.category_id, s.price_cents, s.orders, s.rating,
                s.collections, lower(s.ship_from) AS ship_from, s.ships_to, s.us_shipping_cents, s.us_min_days, s.us_max_days,
                s.profit_cents, p.title, p.images, p.video_url, p.price_max_cents, p.reviews_count, p.total_variants
         FROM supplier_search s JOIN supplier_products p USING (source, source_product_id)
         ORDER BY s.source, s.source_product_id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let freight: Vec<FreightRow> =
        sqlx::query_as("SELECT source, source_product_id, country, cost_cents, min_days, max_days FROM supplier_freight WHERE country <> 'US'")
            .fetch_all(&mut *tx)
            .await?;
    tx.commit().await?;
    Ok(Loaded::Read(version, Some(crate::cpu::run(move || build(rows, freight)).await)))
}

fn build(rows: Vec<Row>, freight_rows: Vec<FreightRow>) -> Index {
    let mut lexemes: HashMap<Box<str>, u32> = HashMap::new();
    let mut postings: Vec<Vec<u32>> = vec![];
    let mut countries: HashMap<String, u16> = HashMap::new();
    let mut products = Vec::with_capacity(rows.len());
    for (ordinal, r) in rows.into_iter().enumerate() {
        let mut words: Vec<(u32, Box<[u16]>)> = parse_tsvector(&r.search)
            .into_iter()
            .map(|(lexeme, positions)| {
                let next = postings.len() as u32;
                let id = *lexemes.entry(lexeme.into_boxed_str()).or_insert(next);
                if id == next {
                    postings.push(vec![]);
                }
                postings[id as usize].push(ordinal as u32);
                (id, positions.into_boxed_slice())
            })
            .collect();
        words.sort_unstable_by_key(|w| w.0);
        let ships_to_ids = r.ships_to.as_ref().map(|to| {
            to.iter()
                .map(|c| {
                    let next = countries.len() as u16;
                    *countries.entry(c.clone()).or_insert(next)
                })
                .collect()
        });
        products.push(Product {
            source: Source::ALL.iter().position(|s| s.as_str() == r.source).map_or(0, |n| 1 << n),
            ships_to_ids,
            words,
            category_id: r.category_id,
            price_cents: r.price_cents,
            orders: r.orders,
            rating: r.rating,
            collections: r.collections,
            ship_from: r.ship_from,
            ships_to: r.ships_to,
            us: Freight { cost_cents: r.us_shipping_cents, min_days: r.us_min_days, max_days: r.us_max_days },
            profit_cents: r.profit_cents,
            card: Card {
                images: first_unique(&r.images, 5),
                source: r.source,
                source_product_id: r.source_product_id,
                title: r.title,
                video_url: r.video_url,
                price_max_cents: r.price_max_cents,
                reviews_count: r.reviews_count,
                total_variants: r.total_variants,
            },
        });
    }
    let place: HashMap<(&str, &str), u32> =
        products.iter().enumerate().map(|(i, p)| ((p.card.source.as_str(), p.card.source_product_id.as_str()), i as u32)).collect();
    let mut freight: HashMap<String, HashMap<u32, Freight>> = HashMap::new();
    for f in freight_rows {
        if let Some(&i) = place.get(&(f.source.as_str(), f.source_product_id.as_str())) {
            freight.entry(f.country).or_default().insert(i, Freight { cost_cents: f.cost_cents, min_days: f.min_days, max_days: f.max_days });
        }
    }
    drop(place);
    Index { products, lexemes, postings, countries, freight }
}

/// A tsvector's text form (`'lamp':2 'desk':1A,3 'to:US'`) as lexemes and their positions
/// (`WordEntryPos`: weight A..D as 3..0 in the top two bits, the position below). PostgreSQL
/// writes a quote in a lexeme as `''` and a backslash as `\\`.
pub fn parse_tsvector(text: &str) -> Vec<(String, Vec<u16>)> {
    let mut out = vec![];
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        if chars.next() != Some('\'') {
            return out;
        }
        let mut lexeme = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\'' if chars.peek() == Some(&'\'') => {
                    chars.next();
                    lexeme.push('\'');
                }
                '\'' => break,
                '\\' => lexeme.extend(chars.next()),
                c => lexeme.push(c),
            }
        }
        let mut positions = vec![];
        if chars.peek() == Some(&':') {
            chars.next();
            loop {
                let mut pos: u16 = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    pos = pos * 10 + d as u16;
                    chars.next();
                }
                let weight = match chars.next_if(|c| matches!(c, 'A'..='D')) {
                    Some('A') => 3,
                    Some('B') => 2,
                    Some('C') => 1,
                    _ => 0,
                };
                positions.push((weight << 14) | (pos & 0x3fff));
                if chars.peek() != Some(&',') {
                    break;
                }
                chars.next();
            }
        }
        out.push((lexeme, positions));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tsvector_text_reads_quotes_backslashes_weights_and_bare_lexemes() {
        let got = super::parse_tsvector(r"'a''b':1,3B 'c\\d':2A 'to:US' 'x':16383C");
        assert_eq!(
            got,
            [
                ("a'b".to_string(), vec![1, (2 << 14) | 3]),
                (r"c\d".to_string(), vec![(3 << 14) | 2]),
                ("to:US".to_string(), vec![]),
                ("x".to_string(), vec![(1 << 14) | 16383]),
            ]
        );
        assert!(super::parse_tsvector("").is_empty());
    }
}
