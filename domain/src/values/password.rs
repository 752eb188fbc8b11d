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
    /// zxcvbn's score runs 0 to 4; 3 means about 10^8 guesses or more. Below that, a leaked
    /// argon2 hash falls to one GPU box within hours, and the common passwords an online
    /// guesser tries first (`password`, `12345678`, `qwertyuiop`) all score 0 or 1.
    pub const MIN_SCORE: u8 = 3;
    /// zxcvbn's time grows faster than the length (20 ms for some 128-character inputs in a
    /// release build), so only this many characters are judged; the rest can only add strength.
    const JUDGED_CHARS: usize = 64;

    /// The length rule and the strength rule, with nothing known about the account.
    pub fn parse(raw: &str) -> Result<Self, String> {
        Self::parse_for(raw, &[])
    }

    /// `parse_for` on the blocking pool (zxcvbn takes a few milliseconds of CPU), for request
    /// paths.
    pub async fn parse_off_runtime(raw: &str, account: &[&str]) -> Result<Self, String> {
        let raw = raw.to_string();
        let account: Vec<String> = account.iter().map(|s| s.to_string()).collect();
        crate::cpu::run(move || Self::parse_for(&raw, &account.iter().map(String::as_str).collect::<Vec<_>>())).await
    }

    /// Refuses a password shorter or longer than the bounds, or one zxcvbn scores below
    /// `MIN_SCORE`; `account` (email, names) counts as easy to guess too.
    pub fn parse_for(raw: &str, account: &[&str]) -> Result<Self, String> {
        let n = raw.chars().count();
        if n < Self::MIN_LEN {
            return Err(format!("Password must be at least {} characters", Self::MIN_LEN));
        }
        if n > Self::MAX_LEN {
            return Err(format!("Password must be at most {} characters", Self::MAX_LEN));
        }
        let judged: String = raw.chars().take(Self::JUDGED_CHARS).collect();
        let mut hints: Vec<&str> = account.iter().copied().filter(|s| !s.is_empty()).collect();
        hints.extend(account.iter().filter_map(|s| s.split_once('@').map(|(local, _)| local)));
        let estimate = zxcvbn::zxcvbn(&judged, &hints);
        if u8::from(estimate.score()) >= Self::MIN_SCORE {
            return Ok(Password(raw.to_string()));
        }
        let why = estimate.feedback().and_then(|f| f.warning()).map(|w| format!(" ({})", w.to_string().trim_end_matches('.'))).unwrap_or_default();
        Err(format!("This password is too easy to guess{why}. Use a longer one, such as a few unrelated words."))
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

    #[test]
    fn common_and_trivial_passwords_are_refused() {
        for weak in ["password", "12345678", "        ", "password123", "qwertyuiop", "11111111", "abcd1234", "P@ssw0rd", "Password1!"] {
            let refused = Password::parse(weak).expect_err(weak);
            assert!(refused.starts_with("This password is too easy to guess") && !refused.contains(".)"), "{weak}: {refused}");
        }
        let long_but_weak = "password".repeat(16);
        assert!(Password::parse(&long_but_weak).is_err(), "length alone is not strength");
    }

    #[test]
    fn the_account_itself_is_easy_to_guess() {
        assert!(Password::parse("ann.tailor1987").is_ok());
        assert!(Password::parse_for("ann.tailor1987", &["ann.tailor1987@shop.com", "Ann", "Tailor"]).is_err());
    }

    /// The fixed passwords of the demo seed (README), the browser tests, the Rust tests, the
    /// CLI tests and the benches: a stricter rule must not lock them out unnoticed.
    #[test]
    fn the_projects_fixed_passwords_are_strong_enough() {
        let cases: [(&str, &[&str]); 6] = [
            ("dropline-demo", &["demo@dropline.local", "Demo", "Store"]),
            ("e2e-Passw0rd!", &["e2e-abc123@example.com", "Ada", "Lovelace"]),
            ("bench-password", &["bench-1@example.com", "Bench", "User"]),
            ("ruby-tulip-harbour", &["ann@shop.com", "Test"]),
            ("ruby-tulip-ferry", &[]),
            ("op-lantern-harbour", &["op@shop.com"]),
        ];
        for (password, account) in cases {
            assert!(Password::parse_for(password, account).is_ok(), "{password}");
        }
    }
}
