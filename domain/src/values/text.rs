/// A person's first or last name: trimmed, at most 100 characters (may be empty).
#[derive(Debug, Clone)]
pub struct PersonName(pub String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim();
        if s.chars().count() > 100 {
            return Err("Name must be at most 100 characters".into());
        }
        if s.chars().any(char::is_control) {
            return Err("Name contains invalid characters".into());
        }
        Ok(PersonName(s.to_string()))
    }
}

/// A workplace name: 1 to 80 characters after trimming.
#[derive(Debug, Clone)]
pub struct WorkplaceName(pub String);

impl WorkplaceName {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim();
        match s.chars().count() {
            0 => Err("Workplace name is required".into()),
            n if n > 80 => Err("Workplace name must be at most 80 characters".into()),
            _ => Ok(WorkplaceName(s.to_string())),
        }
    }
}

/// An ISO 4217 currency code, upper-cased (lookup is case-insensitive per the spec).
#[derive(Debug, Clone)]
pub struct CurrencyCode(pub String);

impl CurrencyCode {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim().to_uppercase();
        if s.len() == 3 && s.chars().all(|c| c.is_ascii_uppercase()) {
            Ok(CurrencyCode(s))
        } else {
            Err("Currency must be a three-letter code such as USD".into())
        }
    }
}
