//! The supplier catalogue: 7 sources × `products_per_source` products, all
//! derived from the seed. Start-up builds only light summaries (ids, titles,
//! prices, categories: tens of milliseconds for 21k products); the heavy
//! parts (variants, options, reviews, logistics) are generated on demand from
//! (seed, product) so they are identical on every call and every run.
use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use crate::util::mix;

mod detail;
pub mod words;

pub use detail::{Freight, OptValue, ProdOption, Product, Review, Variant};

pub const SOURCES: [&str; 7] = ["aliexpress", "cj", "temu", "dropline", "ebay", "alibaba", "amazon"];
pub const COLLECTIONS: [&str; 4] = ["trending", "fastest_delivery_us", "free_ship_us", "made_in_us"];

pub const F_TRENDING: u8 = 1;
pub const F_FAST_US: u8 = 2;
pub const F_FREE_US: u8 = 4;
pub const F_MADE_US: u8 = 8;

#[derive(Debug, Clone, Serialize)]
pub struct Category {
    pub id: u32,
    pub name: &'static str,
    pub parent_id: Option<u32>,
}

#[derive(Debug, Clone)]
pub struct Summary {
    pub id: String,
    pub source: &'static str,
    pub n: u32,
    pub category: u32,
    pub noun: &'static str,
    pub title: String,
    pub price_cents: i64,
    pub orders: u32,
    pub rating10: u8,
    pub flags: u8,
}

impl Summary {
    pub fn in_collection(&self, c: &str) -> bool {
        let bit = match c {
            "trending" => F_TRENDING,
            "fastest_delivery_us" => F_FAST_US,
            "free_ship_us" => F_FREE_US,
            "made_in_us" => F_MADE_US,
            _ => return false,
        };
        self.flags & bit != 0
    }
    pub fn collections(&self) -> Vec<&'static str> {
        COLLECTIONS.iter().copied().filter(|c| self.in_collection(c)).collect()
    }
    /// Whether the product has a video (`/video/{id}.webm`): every other product of Dropline's
    /// own catalogue, and one AliExpress product in fifty (its `ae_video_dtos`). The other
    /// sources' APIs document no video field, so their products have none.
    pub fn has_video(&self) -> bool {
        match self.source {
            "dropline" => self.n.is_multiple_of(2),
            "aliexpress" => self.n % 50 == 25,
            _ => false,
        }
    }
}

pub struct Catalogue {
    pub seed: u64,
    pub categories: Vec<Category>,
    products: Vec<Summary>,
    by_id: HashMap<String, usize>,
    /// Details are pure functions of the seed and the summary: build each once, on first read.
    details: std::sync::RwLock<HashMap<usize, std::sync::Arc<Product>>>,
}

#[derive(Debug, Default, Clone)]
pub struct SearchQuery {
    pub keyword: Option<String>,
    pub category: Option<u32>,
    pub collection: Option<String>,
    pub min_price_cents: Option<i64>,
    pub max_price_cents: Option<i64>,
    pub sort: Option<String>,
    pub page: usize,
    pub page_size: usize,
    /// The most a page may hold: 100 unless the dialect documents more (CJ: 200).
    pub max_page_size: Option<usize>,
}

/// Id shapes loosely follow each marketplace (numeric for AliExpress, ASIN-like for Amazon…).
fn product_id(source: &str, n: u32) -> String {
    match source {
        "aliexpress" => format!("1005{:012}", 6_000_000_000u64 + n as u64 * 7919),
        "cj" => format!("CJ{:08}", 10_000_000 + n),
        "temu" => format!("601{:011}", 99_000_000_000u64 + n as u64 * 31),
        "dropline" => format!("DL-{:06}", n),
        "ebay" => format!("{}", 285_000_000_000u64 + n as u64 * 13),
        "alibaba" => format!("16{:09}", 600_000_000 + n),
        _ => format!("B0{:08X}", 0x0C00_0000 + n),
    }
}

impl Catalogue {
    pub fn generate(seed: u64, per_source: u32) -> Self {
        let mut categories = Vec::new();
        let mut leaves: Vec<(u32, &'static [&'static str])> = Vec::new();
        for (ti, (top, children)) in words::TREE.iter().enumerate() {
            let top_id = 100 * (ti as u32 + 1);
            categories.push(Category { id: top_id, name: top, parent_id: None });
            for (ci, (leaf, nouns)) in children.iter().enumerate() {
                let id = top_id + ci as u32 + 1;
                categories.push(Category { id, name: leaf, parent_id: Some(top_id) });
                leaves.push((id, nouns));
            }
        }
        let mut products = Vec::with_capacity(per_source as usize * SOURCES.len());
        for (si, source) in SOURCES.iter().enumerate() {
            for n in 0..per_source {
                let mut rng = StdRng::seed_from_u64(mix(seed ^ mix(((si as u64) << 32) | n as u64)));
                let (category, nouns) = leaves[rng.random_range(0..leaves.len())];
                let noun = nouns[rng.random_range(0..nouns.len())];
                let adj = words::ADJECTIVES[rng.random_range(0..words::ADJECTIVES.len())];
                let suffix = words::SUFFIXES[rng.random_range(0..words::SUFFIXES.len())];
                let title = format!("{adj} {noun} {suffix}").trim().to_string();
                let price_cents = rng.random_range(199..8_999) as i64;
                let orders = if rng.random_bool(0.1) { rng.random_range(5_000..120_000) } else { rng.random_range(0..5_000) };
                let mut flags = 0;
                if orders > 20_000 {
                    flags |= F_TRENDING;
                }
                if rng.random_bool(0.12) || *source == "amazon" && rng.random_bool(0.5) {
                    flags |= F_FAST_US;
                }
                if rng.random_bool(0.2) {
                    flags |= F_FREE_US;
                }
                if rng.random_bool(0.03) || *source == "dropline" && rng.random_bool(0.2) {
                    flags |= F_MADE_US | F_FAST_US;
                }
                products.push(Summary {
                    id: product_id(source, n),
                    source,
                    n,
                    category,
                    noun,
                    title,
                    price_cents,
                    orders,
                    rating10: rng.random_range(30..=50),
                    flags,
                });
            }
        }
        let by_id = products.iter().enumerate().map(|(i, p)| (p.id.clone(), i)).collect();
        Catalogue { seed, categories, products, by_id, details: Default::default() }
    }

    pub fn len(&self) -> usize {
        self.products.len()
    }
    pub fn is_empty(&self) -> bool {
        self.products.is_empty()
    }

    pub fn summary(&self, id: &str) -> Option<&Summary> {
        self.by_id.get(id).map(|&i| &self.products[i])
    }

    pub fn product(&self, source: &str, id: &str) -> Option<std::sync::Arc<Product>> {
        let &i = self.by_id.get(id)?;
        let s = &self.products[i];
        if s.source != source {
            return None;
        }
        if let Some(p) = self.details.read().unwrap_or_else(|e| e.into_inner()).get(&i) {
            return Some(p.clone());
        }
        let built = std::sync::Arc::new(detail::build(self.seed, s));
        self.details.write().unwrap_or_else(|e| e.into_inner()).insert(i, built.clone());
        Some(built)
    }

    /// Replaces a product's detail: the control API's supplier price, stock and SKU changes.
    /// `false` when the source has no such product.
    pub fn set_product(&self, source: &str, id: &str, p: Product) -> bool {
        let Some(&i) = self.by_id.get(id).filter(|&&i| self.products[i].source == source) else { return false };
        self.details.write().unwrap_or_else(|e| e.into_inner()).insert(i, std::sync::Arc::new(p));
        true
    }

    /// First product of a source (handy for docs and tests).
    pub fn first_of(&self, source: &str) -> Option<&Summary> {
        self.products.iter().find(|p| p.source == source)
    }

    fn in_category(&self, cat: u32, want: u32) -> bool {
        cat == want || self.categories.iter().any(|c| c.id == cat && c.parent_id == Some(want))
    }

    pub fn search(&self, source: &str, q: &SearchQuery) -> (usize, Vec<&Summary>) {
        let kw: Vec<String> = q.keyword.as_deref().unwrap_or("").split_whitespace().map(str::to_lowercase).collect();
        let mut hits: Vec<&Summary> = self
            .products
            .iter()
            .filter(|p| p.source == source)
            .filter(|p| q.category.is_none_or(|c| self.in_category(p.category, c)))
            .filter(|p| q.collection.as_deref().is_none_or(|c| p.in_collection(c)))
            .filter(|p| q.min_price_cents.is_none_or(|m| p.price_cents >= m))
            .filter(|p| q.max_price_cents.is_none_or(|m| p.price_cents <= m))
            .filter(|p| {
                let t = p.title.to_lowercase();
                kw.iter().all(|k| t.contains(k.as_str()))
            })
            .collect();
        match q.sort.as_deref() {
            Some("orders") => hits.sort_by_key(|p| std::cmp::Reverse(p.orders)),
            Some("price_asc") => hits.sort_by_key(|p| p.price_cents),
            Some("price_desc") => hits.sort_by_key(|p| std::cmp::Reverse(p.price_cents)),
            Some("rating") => hits.sort_by_key(|p| std::cmp::Reverse(p.rating10)),
            _ => {}
        }
        let total = hits.len();
        let size = q.page_size.clamp(1, q.max_page_size.unwrap_or(100));
        let start = q.page.max(1).saturating_sub(1) * size;
        (total, hits.into_iter().skip(start).take(size).collect())
    }
}
