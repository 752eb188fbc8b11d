//! The outside world, reached only over its real HTTP protocols at configurable addresses.
pub mod oauth;
pub mod shopify;
pub mod woocommerce;
