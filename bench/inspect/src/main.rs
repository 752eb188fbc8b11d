//! `cargo run --release -p bench-inspect [-- ITERATIONS]`: the page work of a store inspection
//! (parse about 1 MB of storefront HTML, read its fields, match a 500-entry app catalogue in one
//! pass) on one thread. Prints pages/s, MB/s, the split between parsing and matching, and the
//! ratio to the 200 pages/s aim.
use std::fmt::Write;
use std::time::Instant;

use domain::inspect::apps::{self, AppMatcher, KnownApp};
use domain::inspect::{analyse_page, page};

const AIM: f64 = 200.0;
const CATALOGUE: usize = 500;

fn main() {
    let iterations: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let matcher = catalogue();
    let html = storefront(&matcher);
    let url = url::Url::parse("https://bench-store.example/").unwrap();
    let mb = html.len() as f64 / 1_000_000.0;

    // Warm up and check the page is what it claims to be.
    let first = analyse_page(&html, &url, &matcher);
    assert!(first.page.is_shopify() && first.page.theme.is_some());
    let apps_found = first.apps.len();
    assert!(apps_found >= 60, "{apps_found} apps found");

    let start = Instant::now();
    let mut found = 0;
    for _ in 0..iterations {
        found += analyse_page(std::hint::black_box(&html), &url, &matcher).apps.len();
    }
    let total = start.elapsed().as_secs_f64();
    assert_eq!(found, apps_found * iterations);

    let parsed = page::parse(&html, &url);
    let haystack = parsed.app_haystack();
    let start = Instant::now();
    for _ in 0..iterations {
        std::hint::black_box(page::parse(std::hint::black_box(&html), &url));
    }
    let parse = start.elapsed().as_secs_f64();
    let start = Instant::now();
    for _ in 0..iterations {
        std::hint::black_box(matcher.detect(std::hint::black_box(&haystack)));
    }
    let matching = start.elapsed().as_secs_f64();

    let pages_per_s = iterations as f64 / total;
    println!(
        "page: {:.2} MB, {} script tags, {} apps in a {}-entry catalogue ({} found)",
        mb,
        parsed.script_srcs.len(),
        matcher.apps().len(),
        matcher.apps().len(),
        apps_found
    );
    println!("haystack matched: {:.2} MB (script addresses and inline scripts)", haystack.len() as f64 / 1_000_000.0);
    println!("iterations: {iterations}, one thread");
    println!("parse + match: {:.2} ms/page, {:.1} pages/s, {:.1} MB/s", total * 1000.0 / iterations as f64, pages_per_s, pages_per_s * mb);
    println!("  parse only:  {:.2} ms/page", parse * 1000.0 / iterations as f64);
    println!("  match only:  {:.3} ms/page", matching * 1000.0 / iterations as f64);
    println!("ratio to the {AIM} pages/s aim: {:.2}", pages_per_s / AIM);
    println!("{}", dropline_tests::usage::peak_rss_alone("the inspection's page work; neither the api nor the worker runs in this bench"));
}

/// The shipped catalogue plus synthetic entries up to 500.
fn catalogue() -> AppMatcher {
    let mut all: Vec<KnownApp> = apps::shipped().apps().to_vec();
    let base = all.len();
    for i in base..CATALOGUE {
        all.push(KnownApp {
            name: format!("Synthetic App {i}"),
            short_description: "A synthetic catalogue entry for the benchmark.".into(),
            long_description: None,
            app_store_url: format!("https://apps.shopify.com/synthetic-{i}"),
            website_url: String::new(),
            script_pattern: format!("cdn.synthetic-app-{i}.io/widget"),
            category: "Marketing".into(),
            own_brand: false,
        });
    }
    AppMatcher::new(all)
}

/// A storefront page of about 1 MB shaped like a large Shopify home page: Shopify globals,
/// analytics JSON, a long list of app scripts (some escaped in an `asyncLoad` list), a product
/// grid, and an inline product JSON blob.
fn storefront(matcher: &AppMatcher) -> String {
    let mut h = String::with_capacity(1_100_000);
    h.push_str(
        r#"<!doctype html><html class="no-js" lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Bench Store &ndash; Home</title>
<meta name="description" content="Everything for the home, shipped worldwide.">
<meta property="og:site_name" content="Bench Store"><meta property="og:image" content="https://cdn.shopify.com/s/files/1/og.png">
<link rel="canonical" href="https://bench-store.example/">
<script>window.Shopify = window.Shopify || {};
Shopify.shop = "bench-store.myshopify.com"; Shopify.locale = "en";
Shopify.currency = {"active":"USD","rate":"1.0"}; Shopify.country = "US";
Shopify.theme = {"name":"Impulse","id":130000000001,"schema_name":"Impulse","schema_version":"7.4.0","theme_store_id":857,"role":"main"};
Shopify.routes = Shopify.routes || {}; Shopify.routes.root = "/";</script>
"#,
    );
    // Every real app's script, and a third of the synthetic ones, as <script src>.
    let mut escaped = Vec::new();
    for (i, app) in matcher.apps().iter().enumerate() {
        let src = format!("https://{}/assets/loader-{i}.js?shop=bench-store.myshopify.com", app.script_pattern.trim_end_matches('/'));
        if app.name.starts_with("Synthetic") {
            if i % 3 == 0 {
                escaped.push(src.replace('/', "\\/"));
            }
        } else {
            writeln!(h, r#"<script src="{src}" defer="defer"></script>"#).unwrap();
        }
    }
    writeln!(h, "<script>(function() {{ var urls = [\"{}\"]; for (var i = 0; i < urls.length; i++) {{ var s = document.createElement('script'); s.async = true; s.src = urls[i]; document.head.appendChild(s); }} }})();</script>", escaped.join("\",\"")).unwrap();
    for i in 0..40 {
        writeln!(h, r#"<link rel="preload" href="//bench-store.example/cdn/shop/t/12/assets/section-{i}.css" as="style"><script src="//bench-store.example/cdn/shop/t/12/assets/section-{i}.js" defer></script>"#).unwrap();
    }
    h.push_str("</head><body class=\"template-index\"><header class=\"site-header\"><a href=\"/\" class=\"site-header__logo\"><img src=\"//cdn.shopify.com/s/files/1/logo.png\" alt=\"Bench Store\"></a><nav>");
    for i in 0..60 {
        write!(h, r#"<a href="/collections/c-{i}" class="site-nav__link">Collection {i}</a>"#).unwrap();
    }
    h.push_str("</nav></header><main><ul class=\"grid product-grid\">");
    // Product cards until the page reaches about 700 KB, then the JSON blob fills the rest.
    let mut n = 0;
    while h.len() < 700_000 {
        write!(h, r#"<li class="grid__item"><div class="card"><a href="/products/item-{n}" class="card__link"><img src="//cdn.shopify.com/s/files/1/products/item-{n}_360x.jpg" srcset="//cdn.shopify.com/s/files/1/products/item-{n}_180x.jpg 180w, //cdn.shopify.com/s/files/1/products/item-{n}_360x.jpg 360w, //cdn.shopify.com/s/files/1/products/item-{n}_540x.jpg 540w" alt="Ceramic item {n}" loading="lazy" width="360" height="360"></a><div class="card__info"><h3 class="card__heading"><a href="/products/item-{n}">Ceramic item {n}</a></h3><div class="price"><span class="price-item price-item--sale">${}.99</span> <s class="price-item price-item--regular">${}.99</s></div><span class="badge">Sale</span></div></div></li>"#, 10 + n % 90, 20 + n % 90).unwrap();
        n += 1;
    }
    h.push_str("</ul></main><script type=\"application/json\" id=\"ProductJson\">[");
    let mut i = 0;
    while h.len() < 1_000_000 {
        if i > 0 {
            h.push(',');
        }
        let v = serde_json::json!({"id": 7_000_000 + i, "title": format!("Ceramic item {i}"), "handle": format!("item-{i}"),
            "price": 1999 + i, "tags": ["home", "ceramic", "sale"], "variants": [{"id": 40_000_000 + i, "price": "19.99", "title": "Default Title"}],
            "featured_image": format!("//cdn.shopify.com/s/files/1/products/item-{i}.jpg")});
        h.push_str(&v.to_string());
        i += 1;
    }
    h.push_str("]</script><footer><ul class=\"social-links\"><li><a href=\"https://www.facebook.com/benchstore\">Facebook</a></li><li><a href=\"https://www.instagram.com/benchstore\">Instagram</a></li><li><a href=\"https://twitter.com/benchstore\">Twitter</a></li></ul><p>&copy; Bench Store. Powered by Shopify</p></footer></body></html>\n");
    h
}
