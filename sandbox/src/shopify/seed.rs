//! A new shop's starting point, derived from (seed, shop domain): theme,
//! currency, installed storefront apps and a handful of products, so
//! storefront scraping has something real-looking to find.
use std::collections::{BTreeMap, BTreeSet, HashMap};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::model::*;
use crate::catalogue::words;
use crate::state::World;
use crate::util::hash_str;

const THEMES: &[(&str, Option<u32>)] = &[
    ("Dawn", Some(887)),
    ("Debut", Some(796)),
    ("Impulse", Some(857)),
    ("Prestige", Some(855)),
    ("Sense", Some(1356)),
    ("Craft", Some(1368)),
    ("Refresh", Some(1567)),
    ("Motion", Some(847)),
    ("Booster", None),
];

/// `<script src>` hosts of real storefront apps (tracking pixels, reviews, email capture…).
pub const APP_SCRIPTS: &[&str] = &[
    "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=SBX123",
    "https://cdn.judge.me/widget_preloader.js",
    "https://loox.io/widget/loox.js?shop={shop}",
    "https://connect.facebook.net/en_US/fbevents.js",
    "https://www.googletagmanager.com/gtag/js?id=G-SANDBOX42",
    "https://analytics.tiktok.com/i18n/pixel/events.js",
    "https://s.pinimg.com/ct/core.js",
    "https://sc-static.net/scevent.min.js",
    "https://static.ads-twitter.com/uwt.js",
    "https://static.rechargecdn.com/assets/js/widget.min.js",
    "https://d3hw6dc1ow8pp2.cloudfront.net/reviewsWidget.min.js",
    "https://cdn.reamaze.com/assets/reamaze.js",
];

/// Sales channels, published-to as publications (Online Store first).
pub const CHANNELS: &[(&str, &str)] = &[
    ("online_store", "Online Store"),
    ("facebook-ads", "Facebook & Instagram"),
    ("google", "Google & YouTube"),
    ("tiktok-ads-2", "TikTok"),
    ("shop-72", "Shop"),
    ("snap-ads-sync", "Snapchat Ads"),
    ("pinterest-4", "Pinterest"),
    ("x-ads", "X Ads"),
];

const LOCALES: &[(&str, &str)] = &[("USD", "US"), ("USD", "US"), ("GBP", "GB"), ("EUR", "DE"), ("CAD", "CA"), ("AUD", "AU")];

pub fn new_shop(w: &World, domain: &str) -> Shop {
    let mut rng = StdRng::seed_from_u64(hash_str(w.seed, domain));
    let now = w.clock.now_ms();
    let (theme_name, store_id) = THEMES[rng.random_range(0..THEMES.len())];
    let theme = Theme {
        name: if store_id.is_some() { theme_name.to_string() } else { format!("{theme_name} (custom)") },
        id: 120_000_000_000 + rng.random_range(0..9_999_999),
        schema_name: theme_name.to_string(),
        theme_store_id: store_id,
    };
    let (currency, country) = LOCALES[rng.random_range(0..LOCALES.len())];
    let apps = APP_SCRIPTS.iter().filter(|_| rng.random_bool(0.4)).map(|s| s.replace("{shop}", domain)).collect();
    let publications: Vec<Publication> = CHANNELS
        .iter()
        .map(|(handle, name)| Publication { id: w.next_id(), name: name.to_string(), handle: handle.to_string(), app_id: w.next_id() })
        .collect();
    let mut products = super::catalog::Catalog::default();
    let mut online = BTreeSet::new();
    for _ in 0..rng.random_range(3..=6) {
        let p = seeded_product(w, &mut rng, now);
        online.insert(p.id);
        products.insert(p.id, p);
    }
    // Like a new shop's admin: a custom collection and a smart (rule-based) one.
    let mut collections = BTreeMap::new();
    for (title, smart) in [("Home page", false), ("Best sellers", true)] {
        let id = w.next_id();
        let c = Collection { id, title: title.into(), handle: handleize(title), smart, products: online.clone(), updated_ms: now };
        collections.insert(id, c);
    }
    let mut published = HashMap::new();
    published.insert(publications[0].id, online);
    let name = domain.trim_end_matches(".myshopify.com").replace('-', " ");
    Shop {
        domain: domain.to_string(),
        id: 60_000_000_000 + rng.random_range(0..9_999_999),
        email: format!("owner@{domain}"),
        name,
        currency: currency.into(),
        country: country.into(),
        theme,
        apps,
        installed: false,
        scope: String::new(),
        products,
        collections,
        orders: BTreeMap::new(),
        fulfillment_orders: BTreeMap::new(),
        fulfillments: BTreeMap::new(),
        webhooks: BTreeMap::new(),
        deliveries: Vec::new(),
        publications,
        published,
        throttle: super::graphql::cost::plan_bucket("standard", now).expect("a known plan"),
        next_order_number: 1001,
        customer_data_approved: true,
        locations: vec![super::locations::Location::new(w.next_id(), "Shop location")],
        limits: Default::default(),
        billing: Default::default(),
        staged: BTreeMap::new(),
        bulk: Default::default(),
        calls: Default::default(),
    }
}

fn seeded_product(w: &World, rng: &mut StdRng, now: i64) -> Product {
    let (_, leaves) = words::TREE[rng.random_range(0..words::TREE.len())];
    let (ptype, nouns) = leaves[rng.random_range(0..leaves.len())];
    let noun = nouns[rng.random_range(0..nouns.len())];
    let title = format!("{} {}", words::ADJECTIVES[rng.random_range(0..words::ADJECTIVES.len())], noun);
    let id = w.next_id();
    let colors: Vec<String> = words::COLORS.iter().take(rng.random_range(1..=3)).map(|s| s.to_string()).collect();
    let price = rng.random_range(999..6_999);
    let variants = colors
        .iter()
        .map(|c| Variant {
            id: w.next_id(),
            sku: format!("SEED-{id}-{}", c.to_uppercase()),
            price_cents: price,
            compare_at_cents: Some(price * 2),
            inventory_quantity: rng.random_range(0..200),
            option_values: vec![c.clone()],
            barcode: None,
            stocked_at: None,
        })
        .collect();
    Product {
        id,
        handle: handleize(&title),
        title,
        description_html: format!("<p>{noun}</p>"),
        vendor: "Sandbox Seed".into(),
        product_type: ptype.into(),
        status: "ACTIVE".into(),
        tags: vec!["sandbox-seed".into()],
        options: vec![ProdOption { id: w.next_id(), name: "Color".into(), values: colors }],
        variants,
        images: vec![format!("shop-{id}")],
        videos: vec![],
        created_ms: now,
        updated_ms: now,
    }
}
