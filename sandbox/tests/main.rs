//! Every sandbox test in one binary (one link instead of one per file); nextest still runs each
//! test in a process of its own. `cargo nextest run -p sandbox shopify::` runs one file's tests.

mod common;

mod ai;
mod aliexpress_orders;
mod carriers;
mod channel_products;
mod channels;
mod cj_catalogue;
mod control;
mod dialects;
mod ebay;
mod ebay_orders;
mod identity;
mod lookups;
mod payments;
mod payments_billing;
mod payments_strict;
mod shopify;
mod shopify_bulk;
mod shopify_collections;
mod shopify_enums;
mod shopify_handles;
mod shopify_locations;
mod shopify_protected;
mod shopify_staged_uploads;
mod shopify_versions;
mod suppliers;
mod woocommerce;
mod woocommerce_auth;
