//! Smart push settings (spec section 3); `window.rs` holds the rule that says when they apply:
//! enabled, a non-empty store list, and all day or the current time inside the window, read in
//! the user's time zone (so a window keeps its wall-clock meaning across daylight saving).
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashSet;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, FieldErrors, Result};
use crate::push::Destination;
use crate::store::automation;

use super::window::hh_mm;
pub use super::window::{applies, in_window};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SmartPush {
    #[serde(default = "yes")]
    pub is_enable: bool,
    #[serde(default)]
    pub time_schedule: TimeSchedule,
    #[serde(default)]
    pub when: Window,
    /// IANA name (Europe/Berlin); the request's `time-zone` header when not given.
    #[serde(default)]
    pub time_zone: Option<String>,
    #[serde(default)]
    pub condition: Condition,
    #[serde(default)]
    pub actions: Actions,
}

fn yes() -> bool {
    true
}

impl Default for SmartPush {
    /// The spec's defaults: enabled, all day, all products, no actions.
    fn default() -> Self {
        SmartPush {
            is_enable: true,
            time_schedule: TimeSchedule::AllDay,
            when: Window::default(),
            time_zone: None,
            condition: Condition::default(),
            actions: Actions::default(),
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TimeSchedule {
    #[default]
    AllDay,
    TimeFrame,
}

/// "HH:MM" wall-clock times in `time_zone`; a window whose end is before its start runs over midnight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Window {
    pub from: String,
    pub to: String,
}

impl Default for Window {
    fn default() -> Self {
        Window { from: "00:00".into(), to: "23:59".into() }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Condition {
    /// Every product of the import list, not only those imported since smart push was turned on.
    #[serde(default = "yes")]
    pub apply_all_products: bool,
}

impl Default for Condition {
    fn default() -> Self {
        Condition { apply_all_products: true }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Actions {
    /// New products are written by the workspace's model before their first push
    /// (`automation::optimise`; nothing happens while AI writing is not set up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimize_product_content: Option<ContentAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_connected_channels: Option<ChannelsAction>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ContentAction {
    pub style: ContentStyle,
    pub tone: Tone,
    pub language: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ContentStyle {
    Highlight,
    Simple,
    Minimalism,
    Storytelling,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    Persuasive,
    Expert,
    Daring,
    Playful,
    Sophisticated,
    Supportive,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChannelsAction {
    /// Destination keys: connected store ids, or tiktok / facebook / google.
    #[serde(default)]
    pub store_ids: Vec<String>,
    /// Shopify publication gids (of the chosen Shopify stores); none: each store's Online Store.
    #[serde(default)]
    pub publication_ids: Vec<String>,
    #[serde(default)]
    pub publish_status: PublishStatus,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PublishStatus {
    #[default]
    Publish,
    Unpublish,
}

impl SmartPush {
    pub fn store_ids(&self) -> &[String] {
        self.actions.pushed_connected_channels.as_ref().map_or(&[], |c| c.store_ids.as_slice())
    }

    /// Smart push acts and is active: enabled with somewhere to push.
    pub fn active(&self) -> bool {
        self.is_enable && !self.store_ids().is_empty()
    }

    pub fn tz(&self) -> Tz {
        self.time_zone.as_deref().and_then(|z| z.parse().ok()).unwrap_or(Tz::UTC)
    }
}

/// The saved settings (defaults when never saved); an unset time zone reads as `header_tz`.
pub async fn get(pool: &PgPool, workplace_id: Uuid, header_tz: Option<&str>) -> Result<SmartPush> {
    let saved = automation::get(pool, workplace_id).await?.and_then(|r| serde_json::from_value::<SmartPush>(r.smart_push).ok());
    let mut s = saved.unwrap_or_default();
    if s.time_zone.is_none() {
        s.time_zone = Some(zone_or_utc(header_tz));
    }
    Ok(s)
}

fn zone_or_utc(header: Option<&str>) -> String {
    header.and_then(|z| z.trim().parse::<Tz>().ok()).map_or_else(|| "UTC".to_string(), |z| z.name().to_string())
}

/// Checks and saves the settings; every bad field is named at once.
pub async fn update(pool: &PgPool, workplace_id: Uuid, mut s: SmartPush, header_tz: Option<&str>) -> Result<SmartPush> {
    let mut bad = FieldErrors::new();
    let mut fail = |field: &str, m: &str| bad.entry(field.to_string()).or_default().push(m.to_string());
    for (field, value) in [("when.from", &mut s.when.from), ("when.to", &mut s.when.to)] {
        match hh_mm(value) {
            Some(t) => *value = t.format("%H:%M").to_string(),
            None => fail(field, "use a time of day as HH:MM"),
        }
    }
    s.time_zone = match s.time_zone.as_deref().map(str::trim).filter(|z| !z.is_empty()) {
        Some(z) => match z.parse::<Tz>() {
            Ok(tz) => Some(tz.name().to_string()),
            Err(_) => {
                fail("time_zone", "use a time zone name such as Europe/Berlin");
                None
            }
        },
        None => Some(zone_or_utc(header_tz)),
    };
    if let Some(c) = &mut s.actions.optimize_product_content {
        c.language = c.language.trim().to_string();
        if c.language.is_empty() || c.language.len() > 40 {
            fail("actions.optimize_product_content.language", "choose a language");
        }
    }
    if let Some(c) = &mut s.actions.pushed_connected_channels {
        let mut seen = HashSet::new();
        c.store_ids.retain(|k| seen.insert(k.clone()));
        let known = crate::automation::destinations(pool, workplace_id).await?;
        if c.store_ids.iter().any(|k| !Destination::parse(k).is_some_and(|d| known.iter().any(|(x, _)| *x == d))) {
            fail("actions.pushed_connected_channels.store_ids", "choose stores and channels connected to this workplace");
        }
        let shops: Vec<&str> = c.store_ids.iter().map(String::as_str).collect();
        let offered = crate::automation::publications(pool, workplace_id, &shops).await?;
        if c.publication_ids.iter().any(|p| !offered.iter().any(|(_, o)| o == p)) {
            fail("actions.pushed_connected_channels.publication_ids", "choose publications of the chosen Shopify stores");
        }
    }
    Error::check(bad)?;
    let restart = s.active() && !get(pool, workplace_id, None).await?.active();
    let value = serde_json::to_value(&s).map_err(anyhow::Error::from)?;
    automation::save_smart_push(pool, workplace_id, &value, restart).await?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_spec_s() {
        let d: SmartPush = serde_json::from_str("{}").unwrap();
        assert_eq!(d, SmartPush::default());
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["is_enable"], true);
        assert_eq!(v["time_schedule"], "all_day");
        assert_eq!(v["condition"]["apply_all_products"], true);
        assert_eq!(v["actions"], serde_json::json!({}));
    }
}
