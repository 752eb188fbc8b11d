//! Parsed domain values: once a value of these types exists, it is valid.
mod email;
mod language;
mod password;
mod text;

pub use email::Email;
pub use language::Language;
pub use password::{Password, PasswordHash};
pub use text::{CurrencyCode, PersonName, WorkplaceName};
