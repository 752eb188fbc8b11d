use serde::Serialize;

/// A syntactically valid, lower-cased email address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim().to_lowercase();
        let Some((local, domain)) = s.split_once('@') else {
            return Err("Enter a valid email address".into());
        };
        let ok = !local.is_empty()
            && local.len() <= 64
            && s.len() <= 254
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && !s.chars().any(|c| c.is_whitespace() || c == ',' || c == ';')
            && domain.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-');
        if ok { Ok(Email(s)) } else { Err("Enter a valid email address".into()) }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Email;

    #[test]
    fn accepts_and_normalises() {
        assert_eq!(Email::parse(" Ann@Example.COM ").unwrap().as_str(), "ann@example.com");
    }

    #[test]
    fn rejects_malformed() {
        for bad in ["", "ann", "ann@", "@x.com", "ann@x", "a b@x.com", "ann@x..com", "ann@.x.com"] {
            assert!(Email::parse(bad).is_err(), "{bad} should be rejected");
        }
    }
}
