//! Queries, one module per table group. Every query on workplace data takes the workplace id.
pub mod automation;
pub mod exchange_rates;
pub mod notifications;
pub mod outbox;
pub mod pricing_rules;
pub mod products;
pub mod progress;
pub mod push_targets;
pub mod quick_start;
pub mod sessions;
pub mod store_products;
pub mod store_scans;
pub mod stores;
pub mod supplier_products;
pub mod users;
pub mod web_vitals;
pub mod workplaces;
