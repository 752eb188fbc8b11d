//! The outside world, reached only over its real HTTP protocols at configurable addresses,
//! grouped by what it talks to. Each connector owns its wire types; nothing here imports the
//! domain (the domain converts to and from these shapes).
pub mod ai_writing;
pub mod carriers;
pub mod channels;
pub mod guarded_http;
pub mod listing;
pub mod oauth;
pub mod payments;
pub mod payments_billing;
pub mod rate_limit;
pub mod rates;
pub mod stores;
pub mod suppliers;
