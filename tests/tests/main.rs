//! Every end-to-end test in one binary: one link instead of one per file, which is most of the
//! build's time and of `target/`'s size. nextest still runs each test in a process of its own;
//! `cargo nextest run -p dropline-tests orders::` runs one file's tests.

#[path = "order_automation/support.rs"]
mod automation_support;
#[path = "orders/support.rs"]
mod order_support;

mod accounts;
mod aliexpress_orders;
mod automation;
mod card_setup;
mod catalogue;
mod channel_push;
mod channels;
mod cj_orders;
mod client_reports;
mod conventions;
mod ebay_orders;
mod editor_content;
mod exchange_rates;
mod image_limits;
mod import;
mod inspect;
mod mapping;
mod notifications;
mod nul_characters;
mod openapi_document;
mod order_automation;
mod order_cancel;
mod order_center;
mod order_protected;
mod order_sources;
mod orders;
mod paging;
mod password_reset_links;
mod payment_webhook_endpoint;
mod push;
mod push_faults;
mod push_quota_once;
mod push_stock_location;
mod push_throttle;
mod push_variant_limits;
mod push_woo_terms;
mod queue;
mod quick_start;
mod request_bodies;
mod security_headers;
mod shopify_contract;
mod sign_in_throttle;
mod sign_up_rules;
mod social;
mod sold_out_import;
mod sql_statements;
mod store_webhooks;
mod stored_json_numbers;
mod stores;
mod supplier_dialects;
mod supplier_sync;
mod tenancy;
mod tracking;
mod tracking_import;
mod tracking_statuses;
mod tracking_writeback;
mod vendor_libraries;
mod wallet;
mod woo_connect_guard;
mod woo_key_grant;
