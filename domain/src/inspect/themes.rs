//! The theme catalogue (`jobs/data/themes.json`, about 70 themes) and matching a storefront's
//! `window.Shopify.theme` against it.
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Spec: name, theme_store_url, id, handle, style_id, style_handle. `id` is the theme store id
/// (`theme_store_id` on a storefront); themes sold outside the store have none.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct KnownTheme {
    pub name: String,
    pub theme_store_url: String,
    pub id: Option<u64>,
    pub handle: String,
    pub style_id: Option<u64>,
    pub style_handle: String,
}

static CATALOGUE: LazyLock<Vec<KnownTheme>> =
    LazyLock::new(|| serde_json::from_str(include_str!("../../data/themes.json")).expect("data/themes.json is valid"));

pub fn catalogue() -> &'static [KnownTheme] {
    &CATALOGUE
}

/// What a storefront says about its theme.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct StorefrontTheme {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub id: Option<u64>,
    #[serde(default)]
    pub schema_name: Option<String>,
    #[serde(default)]
    pub theme_store_id: Option<u64>,
}

/// The catalogue entry for a storefront's theme: by theme store id first, else by the theme's
/// schema name (a renamed copy of Dawn still says `schema_name: "Dawn"`), else by its name
/// without decorations such as "Copy of" or "(custom)".
pub fn find(theme: &StorefrontTheme) -> Option<&'static KnownTheme> {
    let all = catalogue();
    if let Some(id) = theme.theme_store_id
        && let Some(t) = all.iter().find(|t| t.id == Some(id))
    {
        return Some(t);
    }
    let by_name = |n: &str| {
        let n = clean(n);
        all.iter().find(|t| t.name.eq_ignore_ascii_case(&n) || t.handle.eq_ignore_ascii_case(&n))
    };
    if let Some(t) = theme.schema_name.as_deref().and_then(by_name) {
        return Some(t);
    }
    // A name is a weaker hint: only trusted when no theme store id contradicts it.
    match theme.theme_store_id {
        None => theme.name.as_deref().and_then(by_name),
        Some(_) => None,
    }
}

fn clean(name: &str) -> String {
    let mut n = name.trim();
    for prefix in ["Copy of ", "copy of "] {
        n = n.strip_prefix(prefix).unwrap_or(n);
    }
    let n = n.split(['(', '|']).next().unwrap_or(n);
    let n = n.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ' || c == '-' || c == 'v');
    n.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(name: &str, schema: Option<&str>, store_id: Option<u64>) -> StorefrontTheme {
        StorefrontTheme { name: Some(name.into()), id: Some(1), schema_name: schema.map(Into::into), theme_store_id: store_id }
    }

    #[test]
    fn the_catalogue_has_about_seventy_unique_themes() {
        let all = catalogue();
        assert!((65..=80).contains(&all.len()), "{}", all.len());
        let mut ids: Vec<u64> = all.iter().filter_map(|t| t.id).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "theme store ids are unique");
        for (name, id) in [("Dawn", 887), ("Refresh", 1567), ("Impulse", 857), ("Prestige", 855), ("Debut", 796), ("Trade", 2699)] {
            assert_eq!(all.iter().find(|t| t.name == name).and_then(|t| t.id), Some(id), "{name}");
        }
    }

    #[test]
    fn matches_by_store_id_then_schema_then_name() {
        assert_eq!(find(&theme("My shop theme", Some("Whatever"), Some(887))).unwrap().name, "Dawn");
        assert_eq!(find(&theme("Winter sale", Some("Impulse"), None)).unwrap().name, "Impulse");
        assert_eq!(find(&theme("Copy of Prestige v2.1", None, None)).unwrap().name, "Prestige");
        assert_eq!(find(&theme("Sense (custom)", None, None)).unwrap().name, "Sense");
        assert_eq!(find(&theme("Palo Alto", None, None)).unwrap().handle, "palo-alto");
        assert!(find(&theme("Booster (custom)", Some("Booster"), None)).is_none());
        assert!(find(&theme("Dawn", None, Some(999_999))).is_none(), "an unknown store id is not overridden by a name");
        assert!(find(&StorefrontTheme::default()).is_none());
    }
}
