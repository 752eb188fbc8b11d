//! Shopify: OAuth install, GraphQL Admin API, webhooks, public storefront.
//! Shops are addressed as `/shops/{shop}.myshopify.com/...` (no DNS on
//! loopback); the un-prefixed `/admin/...` forms take the shop from
//! `X-Shop-Domain`, a `*.myshopify.com` `Host`, or a `shop` query parameter.
use axum::Router;
use axum::http::HeaderMap;
use axum::routing::{get, post};

use crate::AppState;
use crate::state::World;

pub mod billing;
pub mod bulk;
pub mod catalog;
pub mod control;
pub mod graphql;
pub mod limits;
pub mod locations;
pub mod model;
pub mod oauth;
pub mod protected;
pub mod seed;
pub mod session_token;
pub mod staged;
pub mod storefront;
pub mod webhooks;

use model::{Shop, normalize_shop};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/shops/{shop}/admin/oauth/authorize", get(oauth::authorize_prefixed))
        .route("/admin/oauth/authorize", get(oauth::authorize_host))
        .route("/shops/{shop}/admin/oauth/access_token", post(oauth::access_token_prefixed))
        .route("/admin/oauth/access_token", post(oauth::access_token_host))
        .route("/shops/{shop}/admin/api/{version}/graphql.json", post(graphql::handle_prefixed))
        .route("/admin/api/{version}/graphql.json", post(graphql::handle_host))
        .route("/shops/{shop}", get(storefront::home))
        .route("/shops/{shop}/", get(storefront::home))
        .route("/shops/{shop}/products.json", get(storefront::products_json))
        .merge(control::routes())
        .merge(staged::routes())
        .merge(bulk::routes())
        .merge(session_token::routes())
        .merge(billing::routes())
        .merge(locations::routes())
        .merge(limits::routes())
        .merge(protected::routes())
}

/// Shop domain for the un-prefixed routes.
pub fn shop_from_headers(headers: &HeaderMap, query_shop: Option<&str>) -> Option<String> {
    if let Some(s) = headers.get("x-shop-domain").and_then(|v| v.to_str().ok()) {
        return Some(normalize_shop(s));
    }
    if let Some(h) = headers.get("host").and_then(|v| v.to_str().ok()) {
        let host = h.split(':').next().unwrap_or(h);
        if host.ends_with(".myshopify.com") {
            return Some(normalize_shop(host));
        }
    }
    query_shop.map(normalize_shop)
}

/// Run `f` on the shop, creating it (seeded) on first use. Short write lock.
pub fn with_shop<R>(w: &World, domain: &str, f: impl FnOnce(&mut Shop) -> R) -> R {
    let mut st = w.shopify.write().expect("shopify lock");
    if !st.shops.contains_key(domain) {
        let shop = seed::new_shop(w, domain);
        st.shops.insert(domain.to_string(), shop);
    }
    f(st.shops.get_mut(domain).expect("just inserted"))
}

/// Read-only access; None if the shop was never addressed.
pub fn read_shop<R>(w: &World, domain: &str, f: impl FnOnce(&Shop) -> R) -> Option<R> {
    let st = w.shopify.read().expect("shopify lock");
    st.shops.get(domain).map(f)
}
