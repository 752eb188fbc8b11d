//! Shopify's custom scalars. Each travels as a JSON string, as on Shopify; the names make the
//! schema Shopify's (`DateTime`, `URL`, `Money`, `Decimal`, `HTML`, `UnsignedInt64`).
use async_graphql::scalar;
use serde::{Deserialize, Serialize};

macro_rules! string_scalars {
    ($($name:ident => $gql:literal, $desc:literal);* $(;)?) => {$(
        #[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
        #[serde(transparent)]
        pub struct $name(pub String);
        scalar!($name, $gql, $desc);
        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }
        impl From<String> for $name {
            fn from(s: String) -> Self {
                $name(s)
            }
        }
    )*};
}

string_scalars! {
    DateTime => "DateTime", "An ISO-8601 encoded UTC date time string.";
    Url => "URL", "An RFC 3986 and RFC 3987 compliant URI string.";
    Money => "Money", "A monetary value string without a currency symbol or code.";
    Decimal => "Decimal", "A signed decimal number, serialized as a string.";
    Html => "HTML", "A string containing HTML code.";
    UnsignedInt64 => "UnsignedInt64", "An unsigned 64-bit integer, serialized as a string.";
}
