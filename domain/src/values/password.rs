use argon2::password_hash::{PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::{Argon2, PasswordHash as ArgonHash};

/// A password that meets the length rule. Never logged: no Debug output of its content.
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    pub const MIN_LEN: usize = 8;
    pub const MAX_LEN: usize = 128;

    pub fn parse(raw: &str) -> Result<Self, String> {
        let n = raw.chars().count();
        if n < Self::MIN_LEN {
            Err(format!("Password must be at least {} characters", Self::MIN_LEN))
        } else if n > Self::MAX_LEN {
            Err(format!("Password must be at most {} characters", Self::MAX_LEN))
        } else {
            Ok(Password(raw.to_string()))
        }
    }

    /// `hash` off the async runtime (argon2 takes tens of milliseconds of CPU by design).
    pub async fn hash_off_runtime(self) -> PasswordHash {
        crate::cpu::run(move || self.hash()).await
    }

    /// argon2id with a random salt, in PHC string form.
    pub fn hash(&self) -> PasswordHash {
        let salt = SaltString::generate(&mut OsRng);
        let phc = Argon2::default().hash_password(self.0.as_bytes(), &salt).expect("argon2 with default parameters cannot fail").to_string();
        PasswordHash(phc)
    }
}

/// A stored argon2 PHC string.
#[derive(Debug, Clone)]
pub struct PasswordHash(pub String);

impl PasswordHash {
    /// `verify` off the async runtime.
    pub async fn verify_off_runtime(self, candidate: &str) -> bool {
        let candidate = candidate.to_string();
        crate::cpu::run(move || self.verify(&candidate)).await
    }

    pub fn verify(&self, candidate: &str) -> bool {
        ArgonHash::new(&self.0).map(|h| Argon2::default().verify_password(candidate.as_bytes(), &h).is_ok()).unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::Password;

    #[test]
    fn hash_verifies_only_the_same_password() {
        let h = Password::parse("correct horse").unwrap().hash();
        assert!(h.0.starts_with("$argon2id$"));
        assert!(h.verify("correct horse"));
        assert!(!h.verify("correct horsE"));
    }

    #[test]
    fn too_short_is_rejected() {
        assert!(Password::parse("short").is_err());
    }
}
