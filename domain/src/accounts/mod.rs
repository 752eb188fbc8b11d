//! Sign-up, sign-in, verification, password reset and the account view.
mod emails;
pub mod flags;
pub mod jobs;
mod register;
mod session;
pub mod social;
mod throttle;
mod view;
pub mod welcome;

pub use flags::Viewer;
pub use register::{RegisterInput, create_for_shop, create_verified, register};
pub use session::{Session, authenticate, authenticate_in, forgot_password, login, logout, reset_password, send_verification, sign_in_proven, verify_email};
pub use view::{AccountView, account_view};

use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A fresh random secret (token, code) for links and bearer tokens.
pub(crate) fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Secrets are stored only as their sha256.
pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}
