//! Find product's never-seen searches answered from memory. A search costs PostgreSQL a few
//! milliseconds (a keyword's matches are read, ranked and counted), and the catalogue it reads
//! changes only when the background sync rewrites it. The api therefore keeps the whole search
//! copy (`supplier_search`, the cards' fields and the freight) as an index: a posting list per
//! lexeme, the filters' columns and `ts_rank` computed as PostgreSQL computes it (`rank`).
//! Its pages are the SQL search's pages, card for card and in the same order (the test
//! `catalogue_index` compares them query by query).
//!
//! The first search after a start is answered by SQL while the index is read in the
//! background. Freshness is the page cache's: once the index is `ttl` old, a background task
//! reads the catalogue's version (`load::VERSION`) and reads the index again only when it
//! moved; an index older than twice `ttl` is not used (the SQL search answers meanwhile). A
//! catalogue larger than `max_products` is never held; 0 turns the index off.
mod answer;
mod load;
pub mod rank;

use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use tokio::time::Instant;

use super::query::Search;
use super::search::SearchPage;
use crate::error::Result;

pub use load::{parse_tsvector, version};

/// The catalogue's search copy, in the SQL search's tie order.
pub struct Index {
    products: Vec<Product>,
    lexemes: HashMap<Box<str>, u32>,
    /// Per lexeme: the products holding it, ascending.
    postings: Vec<Vec<u32>>,
    /// Every country a product names in `ships_to`, numbered.
    countries: HashMap<String, u16>,
    /// Shipping to each country but the US (whose shipping is on the product): by product.
    freight: HashMap<String, HashMap<u32, Freight>>,
}

struct Product {
    /// Bit `n` for `Source::ALL[n]` (0 for a source the product does not know).
    source: u8,
    /// `ships_to` as ids of `Index::countries`.
    ships_to_ids: Option<Box<[u16]>>,
    /// Lexeme ids with their positions, by id.
    words: Vec<(u32, Box<[u16]>)>,
    category_id: Option<i32>,
    price_cents: i64,
    orders: i32,
    rating: Option<f32>,
    collections: Vec<String>,
    /// Lower-cased as the SQL search compares it.
    ship_from: Option<String>,
    ships_to: Option<Vec<String>>,
    us: Freight,
    profit_cents: Option<i64>,
    card: Card,
}

#[derive(Clone, Copy, Default)]
struct Freight {
    cost_cents: Option<i64>,
    min_days: Option<i32>,
    max_days: Option<i32>,
}

struct Card {
    source: String,
    source_product_id: String,
    title: String,
    /// The first five distinct images.
    images: Vec<String>,
    video_url: Option<String>,
    price_max_cents: i64,
    reviews_count: Option<i32>,
    total_variants: Option<i32>,
}

impl Index {
    pub fn len(&self) -> usize {
        self.products.len()
    }

    pub fn is_empty(&self) -> bool {
        self.products.is_empty()
    }
}

struct Built {
    index: Option<Arc<Index>>,
    at: Instant,
    /// The catalogue's version it was read at (`None`: the read failed).
    version: Option<String>,
}

/// The api's index, its freshness and the lexemes of keywords already asked.
pub struct SearchIndex {
    built: RwLock<Option<Arc<Built>>>,
    refreshing: AtomicBool,
    /// `plainto_tsquery('simple', keyword)`'s distinct lexemes, in byte order, by keyword.
    words: Mutex<HashMap<String, Arc<[Box<str>]>>>,
    ttl: Duration,
    max_products: usize,
}

const KEPT_KEYWORDS: usize = 10_000;
const KEPT_KEYWORD_BYTES: usize = 200;

impl SearchIndex {
    pub fn new(ttl: Duration, max_products: usize) -> Arc<Self> {
        Arc::new(SearchIndex { built: RwLock::new(None), refreshing: AtomicBool::new(false), words: Mutex::new(HashMap::new()), ttl, max_products })
    }

    /// The page from the index, or `None` when the SQL search must answer (index off, too
    /// large, or too old while it is read again).
    pub async fn answer(self: &Arc<Self>, pool: &PgPool, s: &Search, categories: &[i32]) -> Result<Option<SearchPage>> {
        let Some(index) = self.current(pool).await else { return Ok(None) };
        let words = match &s.keyword {
            Some(k) => self.lexemes(pool, k).await?,
            None => Arc::from([]),
        };
        let (s, categories) = (s.clone(), categories.to_vec());
        Ok(Some(crate::cpu::run(move || index.answer(&s, &categories, &words)).await))
    }

    /// Reads the index now (tests; a caller that wants the first search answered from it).
    pub async fn warm(&self, pool: &PgPool) {
        self.read(pool).await;
    }

    /// The index to answer from. One missing or `ttl` old is read in the background (no
    /// search waits for a read: the SQL search answers the first ones after a start).
    async fn current(self: &Arc<Self>, pool: &PgPool) -> Option<Arc<Index>> {
        if self.ttl.is_zero() || self.max_products == 0 {
            return None;
        }
        let built = self.built.read().unwrap().clone();
        let age = built.as_ref().map(|b| b.at.elapsed());
        if age.is_none_or(|age| age >= self.ttl) && !self.refreshing.swap(true, Ordering::AcqRel) {
            let (me, pool) = (self.clone(), pool.clone());
            tokio::spawn(async move {
                me.read(&pool).await;
                me.refreshing.store(false, Ordering::Release);
            });
        }
        built.filter(|b| b.at.elapsed() < self.ttl * 2).and_then(|b| b.index.clone())
    }

    /// Reads the index again, or only marks it fresh when the catalogue's version has not moved
    /// (the catalogue changes with its sync, hours apart: most reads find it unchanged). A failed
    /// read is logged and leaves no index for a ttl: the SQL search answers, and a search that
    /// itself fails reports its own error.
    async fn read(&self, pool: &PgPool) -> Arc<Built> {
        let at = Instant::now();
        let previous = self.built.read().unwrap().clone();
        let known = previous.as_ref().and_then(|b| b.version.clone());
        let (version, index) = match load::load(pool, self.max_products, known.as_deref()).await {
            Ok(load::Loaded::Unchanged(v)) => (Some(v), previous.and_then(|b| b.index.clone())),
            Ok(load::Loaded::Read(v, index)) => {
                if let Some(i) = &index {
                    tracing::debug!(products = i.len(), ms = at.elapsed().as_millis() as u64, "search index read");
                }
                (Some(v), index.map(Arc::new))
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading the search index failed; searches read PostgreSQL");
                (None, None)
            }
        };
        let built = Arc::new(Built { index, at, version });
        *self.built.write().unwrap() = Some(built.clone());
        built
    }

    async fn lexemes(&self, pool: &PgPool, keyword: &str) -> Result<Arc<[Box<str>]>> {
        if let Some(w) = self.words.lock().unwrap().get(keyword) {
            return Ok(w.clone());
        }
        // The same parser and dictionary as the SQL search's `plainto_tsquery('simple', ..)`.
        let mut words: Vec<String> = sqlx::query_scalar("SELECT tsvector_to_array(to_tsvector('simple', $1))").bind(keyword).fetch_one(pool).await?;
        words.sort_unstable();
        words.dedup();
        let words: Arc<[Box<str>]> = words.into_iter().map(String::into_boxed_str).collect();
        // Bounded in count and in size: a long keyword is parsed each time it is asked.
        if keyword.len() <= KEPT_KEYWORD_BYTES {
            let mut kept = self.words.lock().unwrap();
            if kept.len() >= KEPT_KEYWORDS {
                kept.clear();
            }
            kept.insert(keyword.to_string(), words.clone());
        }
        Ok(words)
    }
}
