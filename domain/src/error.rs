//! The library's one error type. The API maps it once onto the spec's envelope and codes.
use std::collections::BTreeMap;

/// Field name to messages, as the envelope's `errors` map.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{message}")]
    Validation { message: String, fields: FieldErrors },
    /// A refusal of one field the client also gets as a key it translates: `errors[field]` is
    /// the message, `data` the spec's key and its values (the gallery's `imageOverSize`, size 2).
    #[error("{message}")]
    Coded { field: &'static str, message: String, data: serde_json::Value },
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("Please verify your email address before signing in")]
    EmailNotVerified,
    /// RATE_LIMIT; the answer's `Retry-After` says how long to wait.
    #[error("{message}")]
    RateLimited { message: String, retry_after_secs: u64 },
    /// The store is connected to another Dropline account (STORE_EXIST_ANOTHER_OWNER).
    #[error("This store is already connected to another Dropline account")]
    StoreOwnedElsewhere,
    /// Connecting a store failed at the platform's end (STORE_INSTALL_FAILURE).
    #[error("{0}")]
    StoreInstallFailed(String),
    /// A store installed from Shopify's admin whose owner's email already has a Dropline
    /// account: that account must sign in and connect it (STORE_INSTALL_WITHOUT_SIGNIN).
    #[error("A Dropline account already uses this shop's email; sign in to it to connect this store")]
    StoreInstallNeedsSignIn,
    /// The `store-id` the caller sent is not one of its live stores (CURRENT_SHOP_ID_INVALID).
    #[error("This store is no longer available; choose another store")]
    InvalidCurrentShop,
    /// Map or replace found no such product, variant or SKU (spec: DataNotFound).
    #[error("DataNotFound")]
    DataNotFound,
    /// The plan's quota for a feature is used up (QUOTA_EXPIRED).
    #[error("{0}")]
    QuotaExpired(String),
    /// QUOTA_EXPIRED with the numbers the client shows (push: limit, usage, total_push).
    #[error("{message}")]
    QuotaExceeded { message: String, data: serde_json::Value },
    /// A platform, supplier or channel answered badly or not at all.
    #[error("{0}")]
    Upstream(String),
    #[error("database error: {0}")]
    Database(sqlx::Error),
    #[error("queue error: {0}")]
    Queue(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The unique constraints a caller can run into (a race past the checks before a write), each
/// with the field it protects and what the owner is told.
pub const CONSTRAINTS: &[(&str, &str, &str)] = &[
    ("users_email_key", "email", "An account with this email address already exists"),
    ("products_one_import", "source_product_id", "This product is already imported"),
    ("pricing_rules_workplace_id_store_id_key", "store_id", "This store already has its pricing rule"),
    ("stores_one_default", "is_default", "Another store is already the default store"),
];

/// A known constraint becomes a validation error naming its field; anything else stays a
/// database error.
impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        let violated = e.as_database_error().filter(|d| d.is_unique_violation()).and_then(|d| d.constraint());
        match violated.and_then(|name| CONSTRAINTS.iter().find(|(c, _, _)| *c == name)) {
            Some((_, field, message)) => Error::field(field, *message),
            None => Error::Database(e),
        }
    }
}

impl Error {
    /// A validation failure on one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut fields = FieldErrors::new();
        fields.insert(field.to_string(), vec![message.clone()]);
        Error::Validation { message, fields }
    }

    /// Collects field failures; `Ok` when there are none.
    pub fn check(fields: FieldErrors) -> Result<()> {
        match fields.values().flatten().next() {
            None => Ok(()),
            Some(first) => Err(Error::Validation { message: first.clone(), fields }),
        }
    }
}

/// Gathers several `parse` results so a form reports every bad field at once.
#[derive(Default)]
pub struct Fields(FieldErrors);

impl Fields {
    pub fn take<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        parsed.map_err(|e| self.0.entry(field.to_string()).or_default().push(e)).ok()
    }
    pub fn finish(self) -> Result<()> {
        Error::check(self.0)
    }
}
