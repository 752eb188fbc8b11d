//! The public storefront a competitor-research crawler sees: the home page
//! with Shopify's `window.Shopify` globals and app `<script>` tags, and the
//! public `/products.json` (only ACTIVE products on the Online Store).
use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::{Html, IntoResponse, Response};
use serde_json::{Value, json};

use super::model::{Product, Shop, image_src, normalize_shop};
use super::with_shop;
use crate::AppState;
use crate::util::{money, rfc3339};

pub async fn home(State(app): State<AppState>, Path(shop): Path<String>) -> Response {
    let shop = normalize_shop(&shop);
    let base = app.base_url();
    let html = with_shop(&app.world(), &shop, |s| render(s, &base));
    Html(html).into_response()
}

fn render(s: &Shop, base: &str) -> String {
    let theme = json!({"name": s.theme.name, "id": s.theme.id, "schema_name": s.theme.schema_name, "theme_store_id": s.theme.theme_store_id, "role": "main"});
    let scripts: String = s.apps.iter().map(|src| format!("<script src=\"{src}\" async></script>\n")).collect();
    let handle = s.domain.trim_end_matches(".myshopify.com");
    let products: String = public_products(s)
        .iter()
        .take(12)
        .map(|p| {
            format!(
                "<li class=\"product-card\"><a href=\"/shops/{}/products/{}\"><img src=\"{}\" alt=\"{}\">{}</a> <span class=\"price\">{} {}</span></li>\n",
                s.domain,
                p.handle,
                image_src(base, p.images.first().map(String::as_str).unwrap_or_default()),
                p.title,
                p.title,
                money(p.variants.first().map(|v| v.price_cents).unwrap_or(0)),
                s.currency
            )
        })
        .collect();
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{name}</title>
<link rel="canonical" href="https://{domain}/">
<meta property="og:site_name" content="{name}">
<script>
window.Shopify = window.Shopify || {{}};
window.Shopify.shop = "{domain}";
window.Shopify.locale = "en";
window.Shopify.currency = {{"active":"{currency}","rate":"1.0"}};
window.Shopify.country = "{country}";
window.Shopify.theme = {theme};
window.Shopify.routes = window.Shopify.routes || {{}};
window.Shopify.routes.root = "/";
</script>
<script src="https://cdn.shopify.com/shopifycloud/shopify/assets/storefront/load_feature-sandbox.js" defer></script>
{scripts}</head>
<body class="template-index">
<header><a href="/" class="site-header__logo"><img src="{base}/img/logo-{handle}.png" alt="{name}" class="logo"></a></header>
<main><ul class="product-grid">
{products}</ul></main>
<footer>
<ul class="social-links">
<li><a href="https://www.facebook.com/{handle}">Facebook</a></li>
<li><a href="https://www.instagram.com/{handle}">Instagram</a></li>
<li><a href="https://www.tiktok.com/@{handle}">TikTok</a></li>
<li><a href="https://www.pinterest.com/{handle}">Pinterest</a></li>
</ul>
<p>&copy; {name}. Powered by Shopify</p>
</footer>
</body>
</html>
"#,
        name = s.name,
        domain = s.domain,
        currency = s.currency,
        country = s.country
    )
}

fn public_products(s: &Shop) -> Vec<&Product> {
    let online = s.online_store();
    s.products.values().filter(|p| p.status == "ACTIVE" && s.is_published(online, p.id)).collect()
}

pub async fn products_json(State(app): State<AppState>, Path(shop): Path<String>, Query(q): Query<HashMap<String, String>>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    let base = app.base_url();
    let limit = q.get("limit").and_then(|l| l.parse().ok()).unwrap_or(30usize).clamp(1, 250);
    let page = q.get("page").and_then(|l| l.parse().ok()).unwrap_or(1usize).max(1);
    let products = with_shop(&app.world(), &shop, |s| {
        public_products(s).into_iter().skip((page - 1) * limit).take(limit).map(|p| product_json(p, &base)).collect::<Vec<_>>()
    });
    Json(json!({"products": products}))
}

fn product_json(p: &Product, base: &str) -> Value {
    let opt = |v: &super::model::Variant, i: usize| v.option_values.get(i).cloned();
    json!({
        "id": p.id, "title": p.title, "handle": p.handle, "body_html": p.description_html,
        "published_at": rfc3339(p.created_ms), "created_at": rfc3339(p.created_ms), "updated_at": rfc3339(p.updated_ms),
        "vendor": p.vendor, "product_type": p.product_type, "tags": p.tags,
        "variants": p.variants.iter().enumerate().map(|(i, v)| json!({
            "id": v.id, "title": v.title(), "option1": opt(v, 0), "option2": opt(v, 1), "option3": opt(v, 2),
            "sku": v.sku, "requires_shipping": true, "taxable": true, "featured_image": null,
            "available": v.inventory_quantity > 0, "price": money(v.price_cents), "grams": 200,
            "compare_at_price": v.compare_at_cents.map(money), "position": i + 1, "product_id": p.id,
            "created_at": rfc3339(p.created_ms), "updated_at": rfc3339(p.updated_ms),
        })).collect::<Vec<_>>(),
        "images": p.images.iter().enumerate().map(|(i, img)| json!({
            "id": p.id * 10 + i as u64, "created_at": rfc3339(p.created_ms), "position": i + 1, "updated_at": rfc3339(p.updated_ms),
            "product_id": p.id, "variant_ids": [], "src": image_src(base, img), "width": 64, "height": 64,
        })).collect::<Vec<_>>(),
        "options": p.options.iter().enumerate().map(|(i, o)| json!({"name": o.name, "position": i + 1, "values": o.values})).collect::<Vec<_>>(),
    })
}
