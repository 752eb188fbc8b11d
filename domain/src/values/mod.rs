//! Parsed domain values: once a value of these types exists, it is valid.
mod email;
mod language;
pub mod nul;
pub mod paging;
mod password;
mod source;
mod store_address;
mod text;

pub use email::Email;
pub use language::Language;
pub use password::{Password, PasswordHash};
pub use source::{Country, Source, product_key};
pub use store_address::{ShopifyDomain, WooStoreUrl};
pub use text::{CurrencyCode, PersonName, WorkplaceName};
