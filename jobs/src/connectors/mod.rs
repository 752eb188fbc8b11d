//! The outside world, reached only over its real HTTP protocols at configurable addresses.
pub mod aliexpress;
pub mod channel_listings;
pub mod cj;
pub mod ebay;
pub mod ebay_map;
pub mod google_merchant;
pub mod meta;
pub mod guarded_http;
pub mod oauth;
pub mod shopify;
pub mod store_catalog;
pub mod suppliers;
pub mod tiktok;
pub mod woocommerce;
pub mod rate_limit;
pub mod shopify_listings;
pub mod woo_listings;
