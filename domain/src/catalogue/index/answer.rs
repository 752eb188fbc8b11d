//! A search answered from the index, as `search::run` answers it from SQL: the same filters,
//! the same order (its `ORDER BY`, NULLs where PostgreSQL puts them, then source and id) and
//! the same total, counted up to `COUNT_CAP`.
use super::{Freight, Index, Product, rank};
use crate::catalogue::query::{Search, SortBy};
use crate::catalogue::search::{COUNT_CAP, CardDetails, ProductCard, SearchPage, dollars};
use crate::values::Source;

/// Sorts ascending: (NULL group, value, the rank's tie on orders, place).
type Key = (u8, i128, i64, u32);

/// What every product is tested against, worked out once per search.
struct Filter<'a> {
    s: &'a Search,
    categories: &'a [i32],
    /// Bit `n` for `Source::ALL[n]`.
    sources: u8,
    /// The destination's id, when any product names it.
    country: Option<u16>,
}

impl Index {
    pub(super) fn answer(&self, s: &Search, categories: &[i32], words: &[Box<str>]) -> SearchPage {
        let freight = (s.ship_to.0 != "US").then(|| self.freight.get(&s.ship_to.0));
        let shipping = |i: u32| match freight {
            None => self.products[i as usize].us,
            Some(by_product) => by_product.and_then(|f| f.get(&i)).copied().unwrap_or_default(),
        };
        // As `search::filters`: a list naming as many sources as there are means every source.
        let sources = if s.sources.len() >= Source::ALL.len() {
            u8::MAX
        } else {
            s.sources.iter().fold(0, |m, x| m | Source::ALL.iter().position(|a| a == x).map_or(0, |n| 1 << n))
        };
        let f = Filter { s, categories, sources, country: self.countries.get(&s.ship_to.0).copied() };
        let ranked = s.sort_by == SortBy::MostRelevant && s.keyword.is_some();
        let ids: Option<Vec<u32>> = words.iter().map(|w| self.lexemes.get(w).copied()).collect();
        let mut keys: Vec<Key> = vec![];
        match (&s.keyword, ids) {
            // A word no product holds: nothing matches.
            (Some(_), None) => {}
            (Some(_), Some(ids)) if !ids.is_empty() => {
                let rarest = ids.iter().copied().min_by_key(|&id| self.postings[id as usize].len()).expect("ids is not empty");
                let mut found: Vec<&[u16]> = Vec::with_capacity(ids.len());
                for &i in &self.postings[rarest as usize] {
                    let p = &self.products[i as usize];
                    if !self.keeps(p, &f) {
                        continue;
                    }
                    found.clear();
                    if ids.iter().all(|&id| p.positions(id).map(|at| found.push(at)).is_some()) {
                        keys.push(self.key(p, i, s, shipping(i), ranked.then_some(&found[..])));
                    }
                }
            }
            // No keyword, or one without lexemes: that one ranks everything 0 and filters on
            // the facets alone.
            _ => {
                for (i, p) in self.products.iter().enumerate() {
                    if self.keeps(p, &f) {
                        keys.push(self.key(p, i as u32, s, shipping(i as u32), ranked.then_some(&[][..])));
                    }
                }
            }
        }
        let total = (keys.len() as i64).min(COUNT_CAP);
        let from = ((s.page - 1) * s.page_size) as usize;
        let to = (from + s.page_size as usize).min(keys.len());
        let page: Vec<u32> = if from >= keys.len() {
            vec![]
        } else {
            if to < keys.len() {
                keys.select_nth_unstable(to);
            }
            let top = &mut keys[..to];
            top.sort_unstable();
            top[from..].iter().map(|k| k.3).collect()
        };
        let items = page.into_iter().map(|i| self.card(i, s, shipping(i))).collect();
        SearchPage { total, page: s.page, page_size: s.page_size, items }
    }

    /// The filters of `search::filters`.
    fn keeps(&self, p: &Product, f: &Filter) -> bool {
        let s = f.s;
        f.sources & p.source != 0
            && p.ships_to_ids.as_ref().is_none_or(|to| f.country.is_some_and(|c| to.contains(&c)))
            && s.orders.is_none_or(|(lo, hi)| p.orders as i64 >= lo && hi.is_none_or(|hi| (p.orders as i64) < hi))
            && s.price_cents.is_none_or(|(lo, hi)| p.price_cents >= lo && hi.is_none_or(|hi| p.price_cents < hi))
            // PostgreSQL orders NaN above every number.
            && s.min_rating.is_none_or(|min| p.rating.is_some_and(|r| r.is_nan() || r >= min))
            && (f.categories.is_empty() || p.category_id.is_some_and(|c| f.categories.contains(&c)))
            && s.ship_from.as_ref().is_none_or(|from| p.ship_from.as_ref() == Some(from))
            && s.collection.as_ref().is_none_or(|c| p.collections.contains(c))
    }

    /// The sort key of `search::run`'s `ORDER BY`. `found`: the keyword's positions in the
    /// product, when the search has a keyword.
    fn key(&self, p: &Product, i: u32, s: &Search, shipping: Freight, found: Option<&[&[u16]]>) -> Key {
        // PostgreSQL puts NULLs last ascending and first descending unless told.
        let int = |v: Option<i64>, nulls_last: bool| -> Key {
            match v {
                None => (if nulls_last { 2 } else { 0 }, 0, 0, i),
                Some(v) => (1, if s.descending { -(v as i128) } else { v as i128 }, 0, i),
            }
        };
        match (s.sort_by, found) {
            (SortBy::MostRelevant, Some(found)) => {
                let r = rank::ts_rank(found) as f64;
                // Ranks are never negative: their bits order as their values.
                let bits = r.to_bits() as i128;
                (1, if s.descending { -bits } else { bits }, -(p.orders as i64), i)
            }
            (SortBy::MostRelevant, None) | (SortBy::Orders, _) => int(Some(p.orders as i64), !s.descending),
            (SortBy::Price, _) => int(Some(p.price_cents), !s.descending),
            (SortBy::Profit, _) => int(p.profit_cents, !s.descending),
            (SortBy::ShippingCost, _) => int(shipping.cost_cents, true),
            (SortBy::ShippingTimeMin, _) => int(shipping.min_days.map(i64::from), true),
        }
    }

    fn card(&self, i: u32, s: &Search, shipping: Freight) -> ProductCard {
        let p = &self.products[i as usize];
        let c = &p.card;
        ProductCard {
            source_product_id: c.source_product_id.clone(),
            source: c.source.clone(),
            name: c.title.clone(),
            images: c.images.clone(),
            video_url: c.video_url.clone(),
            price: dollars(p.price_cents),
            imported: false,
            product_package_id: None,
            total_variants: c.total_variants,
            ship_to: s.ship_to.0.clone(),
            mapped: false,
            lastest_volume: p.orders as i64,
            details: CardDetails {
                price_range: [dollars(p.price_cents), dollars(c.price_max_cents)],
                lastest_volume: p.orders as i64,
                rating: p.rating,
                reviews_count: c.reviews_count,
                shipping_cost: shipping.cost_cents.map(dollars),
                shipping_time_min: shipping.min_days,
                shipping_time_max: shipping.max_days,
                ship_countries: p.ships_to.clone().unwrap_or_default(),
            },
        }
    }
}

impl Product {
    fn positions(&self, lexeme: u32) -> Option<&[u16]> {
        self.words.binary_search_by_key(&lexeme, |w| w.0).ok().map(|at| &*self.words[at].1)
    }
}
