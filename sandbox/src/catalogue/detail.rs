//! Full product detail, generated on demand from (seed, product).
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use super::{F_FAST_US, F_FREE_US, F_MADE_US, Summary, words};
use crate::util::{hash_str, mix};

#[derive(Debug, Clone, Serialize)]
pub struct OptValue {
    pub id: String,
    pub name: String,
    /// Image id (served at `/img/{id}.png`) for colour-like options.
    pub image: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ProdOption {
    pub name: String,
    pub values: Vec<OptValue>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Variant {
    pub sku_id: String,
    /// (option name, value name) in option order.
    pub options: Vec<(String, String)>,
    pub price_cents: i64,
    pub compare_at_cents: i64,
    pub stock: u32,
    pub image: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub summary: Summary,
    pub description: String,
    pub images: Vec<String>,
    pub options: Vec<ProdOption>,
    pub variants: Vec<Variant>,
    pub ships_to: Vec<&'static str>,
    pub ship_from: &'static str,
    pub reviews_count: u32,
    pub weight_g: u32,
    seed: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Freight {
    pub code: String,
    pub company: String,
    pub amount: String,
    pub currency: &'static str,
    pub delivery_time: String,
    pub min_days: u32,
    pub max_days: u32,
    pub tracking: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Review {
    pub id: String,
    pub rating: u8,
    pub text: &'static str,
    pub country: &'static str,
    pub buyer: &'static str,
    pub images: Vec<String>,
    pub days_ago: u32,
    pub sku_id: Option<String>,
}

pub fn build(seed: u64, s: &Summary) -> Product {
    let mut rng = StdRng::seed_from_u64(hash_str(seed, &s.id));
    let pid = &s.id;
    // About 2% of products are "big": more than 100 variants.
    let big = s.n % 50 == 7;
    let n_opts = if big { 2 } else { rng.random_range(0..=3) };
    let mut options = Vec::new();
    if n_opts >= 1 {
        let k = if big { rng.random_range(10..=14) } else { rng.random_range(2..=8) };
        let mut colors: Vec<&str> = words::COLORS.to_vec();
        colors.shuffle(&mut rng);
        let values = colors
            .iter()
            .take(k)
            .enumerate()
            .map(|(i, c)| OptValue { id: format!("{pid}-c{i}"), name: c.to_string(), image: Some(format!("{pid}-c{i}")) })
            .collect();
        options.push(ProdOption { name: "Color".into(), values });
    }
    if n_opts >= 2 {
        let k = if big { rng.random_range(10..=12) } else { rng.random_range(2..=6) };
        let values = words::SIZES.iter().take(k).enumerate().map(|(i, v)| OptValue { id: format!("{pid}-s{i}"), name: v.to_string(), image: None }).collect();
        options.push(ProdOption { name: "Size".into(), values });
    }
    if n_opts >= 3 {
        let k = rng.random_range(2..=3);
        let values = words::STYLES.iter().take(k).enumerate().map(|(i, v)| OptValue { id: format!("{pid}-t{i}"), name: v.to_string(), image: None }).collect();
        options.push(ProdOption { name: "Style".into(), values });
    }
    // Cartesian product of option values, in order.
    let mut combos: Vec<Vec<(String, String, Option<String>)>> = vec![vec![]];
    for o in &options {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                o.values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push((o.name.clone(), v.name.clone(), v.image.clone()));
                    c
                })
            })
            .collect();
    }
    let sold_out = s.n % 97 == 3;
    let variants = combos
        .into_iter()
        .enumerate()
        .map(|(k, c)| {
            let price = if k == 0 { s.price_cents } else { s.price_cents + rng.random_range(0..=s.price_cents / 3) };
            let stock = if sold_out || rng.random_bool(0.06) { 0 } else { rng.random_range(1..2_000) };
            Variant {
                sku_id: format!("{pid}-{k}"),
                image: c.iter().find_map(|(_, _, img)| img.clone()),
                options: c.into_iter().map(|(n, v, _)| (n, v)).collect(),
                price_cents: price,
                compare_at_cents: price * 2,
                stock,
            }
        })
        .collect();
    let mut ships_to: Vec<&'static str> = words::COUNTRIES.to_vec();
    if s.flags & F_MADE_US != 0 {
        ships_to = vec!["US", "CA"];
    } else if s.n % 9 == 4 {
        // Some products cannot ship everywhere (CANNOT_SHIP_TO_COUNTRY).
        ships_to.retain(|c| !["BR", "MX", "JP", "AU"].contains(c));
    }
    let n_images = rng.random_range(3..=6);
    Product {
        description: format!("<p>{} — {}. Ships from {}.</p>", s.title, s.noun, if s.flags & F_FAST_US != 0 { "US warehouse" } else { "China" }),
        images: (0..n_images).map(|i| format!("{pid}-{i}")).collect(),
        options,
        variants,
        ships_to,
        ship_from: if s.flags & F_FAST_US != 0 { "US" } else { "CN" },
        reviews_count: (s.orders / 7).min(5_000),
        weight_g: rng.random_range(50..2_000),
        summary: s.clone(),
        seed,
    }
}

impl Product {
    pub fn variant(&self, sku: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.sku_id == sku)
    }

    /// Shipping options to `country`, or None when the product cannot ship there.
    pub fn freight(&self, country: &str, quantity: u32) -> Option<Vec<Freight>> {
        if !self.ships_to.contains(&country) {
            return None;
        }
        let s = &self.summary;
        let methods = words::LOGISTICS.iter().find(|(src, _)| *src == s.source).map(|(_, m)| *m).unwrap_or(&[]);
        let zone_far = matches!(country, "BR" | "MX" | "AU" | "JP");
        let qty = quantity.max(1) as i64;
        let mut out = Vec::new();
        for (i, (code, company)) in methods.iter().enumerate() {
            let (mut lo, mut hi) = match (self.ship_from, i) {
                ("US", 0) => (3, 5),
                ("US", _) => (2, 3),
                (_, 0) => (7, 15),
                (_, 1) => (12, 25),
                _ => (5, 9),
            };
            if zone_far {
                lo += 3;
                hi += 6;
            }
            if self.ship_from == "US" && country != "US" {
                lo += 4;
                hi += 6;
            }
            let base = (i as i64 + 1) * 199 + (self.weight_g as i64 / 10) + if zone_far { 300 } else { 0 };
            let free = i == 0 && country == "US" && s.flags & F_FREE_US != 0;
            let amount = if free { 0 } else { base + (qty - 1) * base / 3 };
            out.push(Freight {
                code: code.to_string(),
                company: company.to_string(),
                amount: crate::util::money(amount),
                currency: "USD",
                delivery_time: format!("{lo}-{hi} day"),
                min_days: lo,
                max_days: hi,
                tracking: true,
            });
        }
        Some(out)
    }

    pub fn reviews(&self, page: usize, page_size: usize) -> Vec<Review> {
        let total = self.reviews_count as usize;
        let start = page.max(1).saturating_sub(1) * page_size;
        (start..(start + page_size).min(total))
            .map(|i| {
                let mut rng = StdRng::seed_from_u64(mix(hash_str(self.seed, &self.summary.id) ^ i as u64));
                let rating = if rng.random_bool(0.8) { rng.random_range(4..=5) } else { rng.random_range(1..=3) };
                let n_img = if rng.random_bool(0.3) { rng.random_range(1..=3) } else { 0 };
                Review {
                    id: format!("{}-r{i}", self.summary.id),
                    rating,
                    text: words::REVIEW_TEXTS[rng.random_range(0..words::REVIEW_TEXTS.len())],
                    country: words::COUNTRIES[rng.random_range(0..words::COUNTRIES.len())],
                    buyer: words::BUYERS[rng.random_range(0..words::BUYERS.len())],
                    images: (0..n_img).map(|k| format!("{}-r{i}-{k}", self.summary.id)).collect(),
                    days_ago: rng.random_range(1..400),
                    sku_id: self.variants.get(rng.random_range(0..self.variants.len().max(1))).map(|v| v.sku_id.clone()),
                }
            })
            .collect()
    }
}
