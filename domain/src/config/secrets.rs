//! Secrets the product cannot run safely without. Production refuses to start while a signing
//! secret (Shopify's app secret, which signs webhooks and install redirects; the payment
//! vendor's webhook secret) or the key sealing stored store credentials is empty or one of the
//! public development values, naming the setting. Development with an empty sealing key gets a
//! random one for the run, printed as a warning.
use secrecy::{ExposeSecret, SecretString};

use super::Settings;

/// Values that ship in `config/development.toml` and `config/test.toml`: public, so never secret.
const PUBLIC_VALUES: [&str; 2] = ["ZHJvcGxpbmUtZGV2ZWxvcG1lbnQta2V5LTMyLWJ5dGU=", "dropline-dev"];

fn is_public(value: &str) -> bool {
    let v = value.trim();
    v.is_empty() || v.starts_with("sandbox-") || PUBLIC_VALUES.contains(&v)
}

/// The setting's name and its environment variable for every secret production needs (absent:
/// `None`). Owners in `live` payment mode pay with the vendor's live key set.
fn required(s: &Settings) -> [(&'static str, &'static str, Option<&SecretString>); 5] {
    [
        ("secrets.encryption_key", "DROPLINE__SECRETS__ENCRYPTION_KEY", Some(&s.secrets.encryption_key)),
        ("shopify.client_secret", "DROPLINE__SHOPIFY__CLIENT_SECRET", Some(&s.shopify.client_secret)),
        ("payments.webhook_secret", "DROPLINE__PAYMENTS__WEBHOOK_SECRET", Some(&s.payments.webhook_secret)),
        ("payments.live_secret_key", "DROPLINE__PAYMENTS__LIVE_SECRET_KEY", s.payments.live_secret_key.as_ref()),
        ("payments.live_webhook_secret", "DROPLINE__PAYMENTS__LIVE_WEBHOOK_SECRET", s.payments.live_webhook_secret.as_ref()),
    ]
}

pub(super) fn check_production(s: &Settings) -> Result<(), config::ConfigError> {
    let missing: Vec<String> =
        required(s).iter().filter(|(_, _, v)| v.is_none_or(|v| is_public(v.expose_secret()))).map(|(name, var, _)| format!("{name} (set {var})")).collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(config::ConfigError::Message(format!("production needs real secrets, empty or public now: {}", missing.join(", "))))
}

/// Development and test: an empty sealing key becomes a random one for this run.
pub(super) fn fill_development(s: &mut Settings) {
    if s.secrets.encryption_key.expose_secret().trim().is_empty() {
        let key: [u8; 32] = rand::random();
        use base64::Engine;
        s.secrets.encryption_key = SecretString::from(base64::engine::general_purpose::STANDARD.encode(key));
        tracing::warn!("secrets.encryption_key is empty: using a random key for this run; stored store credentials will not open after a restart");
    }
}

#[cfg(test)]
mod tests {
    use super::super::sandbox::tests::layers;
    use super::*;

    const REAL: &str = "[secrets]\nencryption_key = \"q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=\"\n[shopify]\nclient_secret = \"shpss_0f3a9\"\n[payments]\nwebhook_secret = \"whsec_7c1d\"\nlive_secret_key = \"sk_live_51x\"\nlive_webhook_secret = \"whsec_live_9e\"\n";

    #[test]
    fn production_names_each_missing_or_public_secret() {
        let dir = layers(
            "production",
            &REAL.replace("shpss_0f3a9", "").replace("whsec_7c1d", "sandbox-payments-webhook-secret").replace("live_secret_key = \"sk_live_51x\"\n", ""),
        );
        let err = Settings::load_from(&dir, "production").expect_err("production without its secrets refuses to start").to_string();
        assert!(err.contains("shopify.client_secret") && err.contains("payments.webhook_secret"), "{err}");
        assert!(err.contains("payments.live_secret_key") && !err.contains("payments.live_webhook_secret"), "the live key set is required: {err}");
        assert!(!err.contains("encryption_key"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
        let dir = layers("production", REAL);
        Settings::load_from(&dir, "production").expect("production with its secrets starts");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn development_without_a_sealing_key_gets_a_random_one() {
        let dir = layers("development", "[secrets]\nencryption_key = \"\"\n");
        let s = Settings::load_from(&dir, "development").expect("development starts");
        assert!(crate::crypto::Sealer::from_base64(&s.secrets.encryption_key).is_ok());
        std::fs::remove_dir_all(&dir).ok();
    }
}
