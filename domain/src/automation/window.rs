//! The spec's smart push rule (section 4): when saved settings apply at a given instant. Pure,
//! so the window's edges, midnight and time zones are tested without a clock.
use chrono::{DateTime, NaiveTime, Timelike, Utc};

use super::smart_push::{SmartPush, TimeSchedule};

pub(super) fn hh_mm(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s.trim(), "%H:%M").ok()
}

/// Whether `t` lies in [from, to] to the minute; `to` before `from` wraps past midnight.
pub fn in_window(from: NaiveTime, to: NaiveTime, t: NaiveTime) -> bool {
    let m = |t: NaiveTime| t.hour() * 60 + t.minute();
    let (f, e, t) = (m(from), m(to), m(t));
    if f <= e { f <= t && t <= e } else { t >= f || t <= e }
}

/// The spec's rule: smart push is applied only when enabled, the store list is not empty, and
/// the schedule is all day or `now` (in the settings' time zone) lies in the window.
pub fn applies(s: &SmartPush, now: DateTime<Utc>) -> bool {
    if !s.active() {
        return false;
    }
    match s.time_schedule {
        TimeSchedule::AllDay => true,
        TimeSchedule::TimeFrame => match (hh_mm(&s.when.from), hh_mm(&s.when.to)) {
            (Some(from), Some(to)) => in_window(from, to, now.with_timezone(&s.tz()).time()),
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automation::smart_push::{ChannelsAction, PublishStatus, Window};

    fn t(s: &str) -> NaiveTime {
        hh_mm(s).unwrap()
    }

    fn framed(from: &str, to: &str, zone: &str) -> SmartPush {
        let mut s = SmartPush {
            time_schedule: TimeSchedule::TimeFrame,
            when: Window { from: from.into(), to: to.into() },
            time_zone: Some(zone.into()),
            ..SmartPush::default()
        };
        s.actions.pushed_connected_channels =
            Some(ChannelsAction { store_ids: vec!["tiktok".into()], publication_ids: vec![], publish_status: PublishStatus::Publish });
        s
    }

    fn at(utc: &str) -> DateTime<Utc> {
        utc.parse().unwrap()
    }

    #[test]
    fn window_includes_both_ends_to_the_minute() {
        assert!(in_window(t("09:00"), t("17:00"), t("09:00")));
        assert!(in_window(t("09:00"), t("17:00"), t("17:00")));
        assert!(in_window(t("09:00"), t("17:00"), NaiveTime::from_hms_opt(17, 0, 59).unwrap()), "17:00:59 is still 17:00");
        assert!(!in_window(t("09:00"), t("17:00"), t("08:59")));
        assert!(!in_window(t("09:00"), t("17:00"), t("17:01")));
        assert!(in_window(t("12:30"), t("12:30"), t("12:30")));
        assert!(!in_window(t("12:30"), t("12:30"), t("12:31")));
    }

    #[test]
    fn window_crossing_midnight() {
        let (from, to) = (t("22:00"), t("06:00"));
        for inside in ["22:00", "23:59", "00:00", "03:15", "06:00"] {
            assert!(in_window(from, to, t(inside)), "{inside}");
        }
        for outside in ["06:01", "12:00", "21:59"] {
            assert!(!in_window(from, to, t(outside)), "{outside}");
        }
    }

    #[test]
    fn the_window_is_read_in_the_user_s_zone() {
        // 09:00 to 17:00 in Berlin: 07:30 UTC in summer is 09:30 there, in winter 08:30.
        let s = framed("09:00", "17:00", "Europe/Berlin");
        assert!(applies(&s, at("2026-07-01T07:30:00Z")));
        assert!(!applies(&s, at("2026-01-15T07:30:00Z")));
        assert!(applies(&s, at("2026-01-15T08:00:00Z")), "09:00 in winter, the start itself");
        let night = framed("22:00", "06:00", "Asia/Ho_Chi_Minh");
        assert!(applies(&night, at("2026-03-01T16:00:00Z")), "23:00 in Ho Chi Minh City");
        assert!(!applies(&night, at("2026-03-01T05:00:00Z")), "12:00 there");
    }

    #[test]
    fn disabled_or_without_stores_never_applies() {
        let mut s = framed("00:00", "23:59", "UTC");
        s.time_schedule = TimeSchedule::AllDay;
        assert!(applies(&s, at("2026-03-01T05:00:00Z")));
        s.is_enable = false;
        assert!(!applies(&s, at("2026-03-01T05:00:00Z")));
        assert!(!applies(&SmartPush::default(), at("2026-03-01T05:00:00Z")), "the defaults name no store");
    }
}
