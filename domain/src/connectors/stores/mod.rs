//! Store platforms: Shopify (OAuth install, GraphQL Admin API) and WooCommerce (key grant,
//! REST v3), with pushing listings to them and reading back their products and orders.
pub mod catalog;
pub mod orders;
pub mod shopify;
pub mod shopify_billing;
pub mod shopify_bulk;
pub mod shopify_cost;
pub mod shopify_listings;
pub mod shopify_locations;
pub mod shopify_media;
pub mod shopify_session;
pub mod store_copy;
pub mod store_meta;
pub mod woo_listings;
pub mod woo_oauth;
pub mod woo_terms;
pub mod woocommerce;
