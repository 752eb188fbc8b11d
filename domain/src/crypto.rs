//! Secrets at rest (store tokens, consumer keys, webhook secrets): AES-256-GCM with a key
//! from config. A sealed value is `version byte || 12-byte nonce || ciphertext+tag`, so a
//! later key rotation can tell old values from new ones.
use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

const VERSION: u8 = 1;
const NONCE_LEN: usize = 12;

#[derive(Clone)]
pub struct Sealer {
    cipher: Aes256Gcm,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(..)")
    }
}

impl Sealer {
    /// From the base64 of 32 random bytes (`openssl rand -base64 32`).
    pub fn from_base64(key: &SecretString) -> Result<Self, String> {
        let bytes = STANDARD.decode(key.expose_secret().trim()).map_err(|_| "secrets.encryption_key must be base64".to_string())?;
        if bytes.len() != 32 {
            return Err(format!("secrets.encryption_key must be 32 bytes, got {}", bytes.len()));
        }
        Ok(Sealer { cipher: Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&bytes)) })
    }

    pub fn seal(&self, plaintext: &[u8]) -> Vec<u8> {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self.cipher.encrypt(&nonce, plaintext).expect("AES-GCM encrypts any length we store");
        let mut out = Vec::with_capacity(1 + NONCE_LEN + sealed.len());
        out.push(VERSION);
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        out
    }

    pub fn open(&self, sealed: &[u8]) -> crate::Result<Vec<u8>> {
        let broken = || crate::Error::Internal(anyhow::anyhow!("a stored secret could not be decrypted (wrong key?)"));
        if sealed.len() < 1 + NONCE_LEN || sealed[0] != VERSION {
            return Err(broken());
        }
        let nonce = Nonce::from_slice(&sealed[1..1 + NONCE_LEN]);
        self.cipher.decrypt(nonce, &sealed[1 + NONCE_LEN..]).map_err(|_| broken())
    }

    pub fn seal_json<T: serde::Serialize>(&self, value: &T) -> Vec<u8> {
        self.seal(&serde_json::to_vec(value).expect("secrets serialise"))
    }

    pub fn open_json<T: serde::de::DeserializeOwned>(&self, sealed: &[u8]) -> crate::Result<T> {
        let bytes = self.open(sealed)?;
        serde_json::from_slice(&bytes).map_err(|e| crate::Error::Internal(anyhow::anyhow!("stored secret has an unexpected shape: {e}")))
    }
}

fn mac(key: &[u8]) -> Hmac<Sha256> {
    <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length")
}

/// HMAC-SHA256 of `body` with `key`.
pub fn hmac_sha256(key: &[u8], body: &[u8]) -> Vec<u8> {
    let mut mac = mac(key);
    mac.update(body);
    mac.finalize().into_bytes().to_vec()
}

/// Checks a base64 HMAC-SHA256 signature (Shopify and WooCommerce webhooks) in constant time.
pub fn verify_base64_hmac(key: &[u8], body: &[u8], signature: &str) -> bool {
    // An empty key proves nothing: anyone can sign with it.
    if key.is_empty() {
        return false;
    }
    let Ok(given) = STANDARD.decode(signature.trim()) else { return false };
    let mut mac = mac(key);
    mac.update(body);
    mac.verify_slice(&given).is_ok()
}

/// Checks raw HMAC-SHA256 bytes (a JWT's HS256 signature) in constant time.
pub fn verify_hmac(key: &[u8], message: &[u8], given: &[u8]) -> bool {
    if key.is_empty() {
        return false;
    }
    let mut mac = mac(key);
    mac.update(message);
    mac.verify_slice(given).is_ok()
}

/// Checks a hex HMAC-SHA256 signature (Shopify's OAuth redirect `hmac`) in constant time.
pub fn verify_hex_hmac(key: &[u8], message: &[u8], signature: &str) -> bool {
    if key.is_empty() {
        return false;
    }
    let Ok(given) = hex::decode(signature.trim()) else { return false };
    let mut mac = mac(key);
    mac.update(message);
    mac.verify_slice(&given).is_ok()
}

/// A random URL-safe token (state values, webhook secrets).
pub fn random_token(bytes: usize) -> String {
    use rand::RngCore;
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealer() -> Sealer {
        Sealer::from_base64(&SecretString::from(STANDARD.encode([7u8; 32]))).unwrap()
    }

    #[test]
    fn sealed_values_open_and_do_not_show_the_plaintext() {
        let s = sealer();
        let sealed = s.seal(b"shpat_secret_token");
        assert!(!sealed.windows(6).any(|w| w == b"shpat_"));
        assert_eq!(s.open(&sealed).unwrap(), b"shpat_secret_token");
        assert_ne!(s.seal(b"x"), s.seal(b"x"), "a fresh nonce each time");
    }

    #[test]
    fn tampered_or_foreign_values_do_not_open() {
        let s = sealer();
        let mut sealed = s.seal(b"token");
        *sealed.last_mut().unwrap() ^= 1;
        assert!(s.open(&sealed).is_err());
        let other = Sealer::from_base64(&SecretString::from(STANDARD.encode([8u8; 32]))).unwrap();
        assert!(other.open(&s.seal(b"token")).is_err());
        assert!(Sealer::from_base64(&SecretString::from("c2hvcnQ=".to_string())).is_err());
    }

    #[test]
    fn signatures_check_in_both_encodings() {
        let mac = hmac_sha256(b"secret", b"body");
        assert!(verify_base64_hmac(b"secret", b"body", &STANDARD.encode(&mac)));
        assert!(!verify_base64_hmac(b"secret", b"body!", &STANDARD.encode(&mac)));
        assert!(verify_hex_hmac(b"secret", b"body", &hex::encode(&mac)));
        assert!(!verify_hex_hmac(b"other", b"body", &hex::encode(&mac)));
        let empty = hmac_sha256(b"", b"body");
        assert!(!verify_base64_hmac(b"", b"body", &STANDARD.encode(&empty)), "an empty key proves nothing");
        assert!(!verify_hex_hmac(b"", b"body", &hex::encode(&empty)));
    }
}
