//! Supplier sources and ship-to countries, parsed once at the edge.
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where a product comes from (spec section 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Aliexpress,
    Cj,
    Temu,
    Dropline,
    Ebay,
    Alibaba,
    Amazon,
}

impl Source {
    pub const ALL: [Source; 7] = [Source::Aliexpress, Source::Cj, Source::Temu, Source::Dropline, Source::Ebay, Source::Alibaba, Source::Amazon];

    pub fn parse(raw: &str) -> Result<Source, String> {
        Source::ALL
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(raw.trim()))
            .ok_or_else(|| format!("unknown source {raw:?}; use one of aliexpress, cj, temu, dropline, ebay, alibaba, amazon"))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Aliexpress => "aliexpress",
            Source::Cj => "cj",
            Source::Temu => "temu",
            Source::Dropline => "dropline",
            Source::Ebay => "ebay",
            Source::Alibaba => "alibaba",
            Source::Amazon => "amazon",
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A two-letter ship-to country, upper case; the spec shows GB as UK, so UK is read as GB.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Country(pub String);

impl Country {
    pub fn parse(raw: &str) -> Result<Country, String> {
        let code = raw.trim().to_ascii_uppercase();
        let code = if code == "UK" { "GB".to_string() } else { code };
        if code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()) {
            Ok(Country(code))
        } else {
            Err(format!("{raw:?} is not a two-letter country code"))
        }
    }

    pub fn us() -> Country {
        Country("US".into())
    }
}

/// `source:productId`, the way favourites and import results name a supplier product.
pub fn product_key(source: &str, id: &str) -> String {
    format!("{source}:{id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sources_and_countries() {
        assert_eq!(Source::parse(" AliExpress"), Ok(Source::Aliexpress));
        assert!(Source::parse("wish").is_err());
        assert_eq!(Country::parse("uk").unwrap().0, "GB");
        assert!(Country::parse("USA").is_err());
    }
}
