//! The catalogue of known storefront apps (`jobs/data/storefront_apps.json`) and the matcher
//! that finds them in a page's script addresses: every pattern in one Aho-Corasick pass.
use std::collections::HashSet;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One known app (spec: name, short_description, optional long_description, app_store_url,
/// website_url (may be empty), script_pattern, category). `own_brand` marks Dropline's apps.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct KnownApp {
    pub name: String,
    pub short_description: String,
    #[serde(default)]
    pub long_description: Option<String>,
    pub app_store_url: String,
    #[serde(default)]
    pub website_url: String,
    /// A substring of the app's script address (`static.klaviyo.com`), matched case-insensitively.
    #[serde(skip_serializing)]
    pub script_pattern: String,
    #[serde(default)]
    pub category: String,
    #[serde(default)]
    pub own_brand: bool,
}

static SHIPPED: LazyLock<AppMatcher> = LazyLock::new(|| {
    let apps: Vec<KnownApp> = serde_json::from_str(include_str!("../../data/storefront_apps.json")).expect("data/storefront_apps.json is valid");
    AppMatcher::new(apps)
});

/// The shipped catalogue, loaded and compiled once.
pub fn shipped() -> &'static AppMatcher {
    &SHIPPED
}

pub struct AppMatcher {
    apps: Vec<KnownApp>,
    /// Pattern index to app index (apps with an empty pattern take no part).
    pattern_app: Vec<usize>,
    automaton: AhoCorasick,
}

impl AppMatcher {
    pub fn new(apps: Vec<KnownApp>) -> Self {
        let (pattern_app, patterns): (Vec<usize>, Vec<String>) = apps
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.script_pattern.trim().is_empty())
            .map(|(i, a)| (i, a.script_pattern.trim().to_ascii_lowercase()))
            .unzip();
        let automaton = AhoCorasickBuilder::new().ascii_case_insensitive(true).match_kind(MatchKind::Standard).build(&patterns).expect("app patterns compile");
        AppMatcher { apps, pattern_app, automaton }
    }

    pub fn apps(&self) -> &[KnownApp] {
        &self.apps
    }

    /// The catalogue as the public recommended-apps page lists it: one entry per name, Dropline's
    /// own apps first (in catalogue order), then the others by category and name. Categories are
    /// written in sentence case, so "Store Design" and "store design" are one group.
    pub fn recommended(&self) -> Vec<KnownApp> {
        let mut seen = HashSet::new();
        let mut list: Vec<KnownApp> = self
            .apps
            .iter()
            .filter(|a| seen.insert(a.name.trim().to_lowercase()))
            .map(|a| KnownApp { category: sentence_case(&a.category), ..a.clone() })
            .collect();
        list.sort_by(|a, b| {
            (!a.own_brand).cmp(&!b.own_brand).then_with(|| {
                if a.own_brand {
                    std::cmp::Ordering::Equal
                } else {
                    (a.category.is_empty(), &a.category, a.name.to_lowercase()).cmp(&(b.category.is_empty(), &b.category, b.name.to_lowercase()))
                }
            })
        });
        list
    }

    /// The apps whose pattern occurs in `haystack` (script addresses, one per line, and inline
    /// script text): one pass, overlapping matches included (`judge.me` inside `cdn.judge.me`).
    /// De-duplicated by name; Dropline's own apps first, then in order of first appearance.
    pub fn detect(&self, haystack: &str) -> Vec<&KnownApp> {
        let mut seen_pattern = vec![false; self.pattern_app.len()];
        let mut seen_name = HashSet::new();
        let mut found: Vec<&KnownApp> = Vec::new();
        for m in self.automaton.find_overlapping_iter(haystack) {
            let p = m.pattern().as_usize();
            if std::mem::replace(&mut seen_pattern[p], true) {
                continue;
            }
            let app = &self.apps[self.pattern_app[p]];
            if seen_name.insert(app.name.trim().to_lowercase()) {
                found.push(app);
            }
        }
        // Stable: own brand first, otherwise page order.
        found.sort_by_key(|a| !a.own_brand);
        found
    }
}

fn sentence_case(text: &str) -> String {
    let lower = text.trim().to_lowercase();
    let mut chars = lower.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app(name: &str, pattern: &str, own: bool) -> KnownApp {
        KnownApp {
            name: name.into(),
            short_description: String::new(),
            long_description: None,
            app_store_url: String::new(),
            website_url: String::new(),
            script_pattern: pattern.into(),
            category: String::new(),
            own_brand: own,
        }
    }

    #[test]
    fn detects_deduplicates_and_puts_own_brand_first() {
        let m = AppMatcher::new(vec![
            app("Judge.me", "judge.me", false),
            app("Judge.me", "cdn.judge.me/widget", false),
            app("Klaviyo", "static.klaviyo.com", false),
            app("Dropline Reviews", "cdn.dropline.app/reviews", true),
            app("Unused", "nothing-here.example", false),
            app("Empty", "  ", false),
        ]);
        let page = "https://STATIC.klaviyo.com/onsite/js/klaviyo.js\nhttps://cdn.judge.me/widget_preloader.js\n\
                    https://cdn.dropline.app/reviews/v1/widget.js\nhttps://static.klaviyo.com/again.js";
        let names: Vec<&str> = m.detect(page).iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["Dropline Reviews", "Klaviyo", "Judge.me"]);
        assert!(m.detect("").is_empty());
    }

    #[test]
    fn recommended_lists_own_brand_first_then_by_category_once_per_name() {
        let mut b = app("Zeta", "z.js", false);
        b.category = "store Design".into();
        let mut c = app("Alpha", "a.js", false);
        c.category = "Store design".into();
        let mut d = app("Beta", "b.js", false);
        d.category = "Marketing".into();
        let matcher = AppMatcher::new(vec![b, app("Dropline Reviews", "dl.js", true), c, d, app("alpha", "a2.js", false)]);
        let list = matcher.recommended();
        let names: Vec<&str> = list.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["Dropline Reviews", "Beta", "Alpha", "Zeta"]);
        assert_eq!(list[2].category, "Store design");
        assert_eq!(list[3].category, "Store design");
    }

    #[test]
    fn the_shipped_catalogue_is_sound() {
        let apps = shipped().apps();
        assert!((100..=200).contains(&apps.len()), "{} apps", apps.len());
        assert!(apps.iter().take(3).all(|a| a.own_brand && a.name.starts_with("Dropline")));
        assert!(apps.iter().all(|a| !a.name.is_empty() && !a.app_store_url.is_empty()));
        assert!(apps.iter().any(|a| a.category.is_empty()), "the spec's catalogue has one empty category");
        let found: Vec<&str> = shipped()
            .detect("https://connect.facebook.net/en_US/fbevents.js https://www.googletagmanager.com/gtag/js?id=G-1")
            .iter()
            .map(|a| a.name.as_str())
            .collect();
        assert_eq!(found, ["Facebook & Instagram", "Google & YouTube"]);
    }
}
