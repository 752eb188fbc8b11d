//! A notification's email in its reader's language. The words come from the web's locale files
//! (`scripts/gen-email-texts` copies them into `email_texts.json`), so the email says what the
//! dashboard says; a notification without the values to fill them keeps the server's English.
use serde_json::Value;
use std::sync::LazyLock;

use super::Type;

static TEXTS: LazyLock<Value> = LazyLock::new(|| serde_json::from_str(include_str!("email_texts.json")).expect("email_texts.json is valid JSON"));

pub struct Email {
    pub subject: String,
    pub body: String,
}

/// The email for a notification of `kind` with its `params`, in `language` (English when the
/// language has no texts). `title` and `body` are the server's English, used where the values
/// are missing and for the supplier's and the store's own messages.
pub fn compose(language: &str, kind: Type, params: &Value, title: &str, body: &str) -> Email {
    let texts = TEXTS.get(language).unwrap_or(&TEXTS["en"]);
    let (title, body) = localised(texts, language, kind, params, body).unwrap_or_else(|| (title.to_string(), body.to_string()));
    let subject = fill(word(texts, "email", "subject"), &[("title", &title)]);
    let footer = word(texts, "email", "footer");
    let body = if body.is_empty() { format!("{title}\n\n{footer}\n") } else { format!("{title}\n\n{body}\n\n{footer}\n") };
    Email { subject, body }
}

fn localised(t: &Value, language: &str, kind: Type, p: &Value, server_body: &str) -> Option<(String, String)> {
    let v = |k: &str| match &p[k] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let event = |key: &str, vars: &[(&str, &str)]| fill(word(t, "events", key), vars);
    match kind {
        Type::PlacementFailed => {
            p.get("order")?;
            Some((event("placement_failed", &[("order", &v("order")), ("source", source_name(&v("source")))]), v("message")))
        }
        Type::ParcelException | Type::ParcelDelivered => {
            p.get("number")?;
            let status = v("status");
            let shown = t["status"][status.as_str()].as_str().unwrap_or(&status).to_string();
            Some((event(kind.as_str(), &[("order", &v("order")), ("number", &v("number"))]), event("carrierReports", &[("status", &shown)])))
        }
        Type::SupplierChange => {
            p.get("product")?;
            if p["gone"] == true {
                return Some((event("supplier_gone", &[("product", &v("product"))]), server_body.to_string()));
            }
            Some((event("supplier_change", &[("product", &v("product"))]), v("change")))
        }
        Type::PushFailed => {
            p.get("product")?;
            Some((event("push_failed", &[("product", &v("product")), ("destination", &v("destination"))]), v("error")))
        }
        Type::StoreDisconnected => {
            p.get("store")?;
            Some((event("store_disconnected", &[("store", &v("store"))]), event("store_disconnectedBody", &[])))
        }
        Type::LowBalance => {
            let cents = p["balance_cents"].as_i64()?;
            Some((event("low_balance", &[("balance", &usd(cents, language))]), event("low_balanceBody", &[])))
        }
        Type::QuotaNearlyUsed => {
            p["usage"].as_i64()?;
            let feature = v("feature");
            let shown = t["features"][feature.as_str()].as_str().unwrap_or(&feature).to_string();
            let title = event("quota_nearly_used", &[("feature", &shown), ("usage", &v("usage")), ("limit", &v("limit"))]);
            Some((title, event("quota_nearly_usedBody", &[])))
        }
        Type::PaymentFailed => {
            let until = v("grace_until");
            let plan = v("plan");
            p.get("grace_until")?;
            Some((event("payment_failed", &[("plan", &plan)]), event("payment_failedBody", &[("date", until.get(..10).unwrap_or(&until))])))
        }
        Type::PlanEnded => {
            let plan = v("plan");
            p.get("plan")?;
            Some((event("plan_ended", &[("plan", &plan)]), event("plan_endedBody", &[])))
        }
    }
}

fn word<'a>(t: &'a Value, group: &str, key: &'a str) -> &'a str {
    t[group][key].as_str().or_else(|| TEXTS["en"][group][key].as_str()).unwrap_or(key)
}

/// i18next's `{{name}}` placeholders.
fn fill(template: &str, vars: &[(&str, &str)]) -> String {
    vars.iter().fold(template.to_string(), |s, (k, v)| s.replace(&format!("{{{{{k}}}}}"), v))
}

fn source_name(source: &str) -> &str {
    match source {
        "aliexpress" => "AliExpress",
        "cj" => "CJ",
        "ebay" => "eBay",
        "temu" => "Temu",
        "alibaba" => "Alibaba",
        "amazon" => "Amazon",
        "dropline" => "Dropline",
        other => other,
    }
}

/// The wallet's dollars written as the reader's language writes amounts (as the dashboard's
/// `Intl.NumberFormat` does for these languages).
fn usd(cents: i64, language: &str) -> String {
    let (whole, frac) = (cents / 100, (cents % 100).abs());
    let comma = matches!(language, "de" | "es" | "fr" | "it" | "nl" | "pt-BR");
    let digits = if comma { format!("{whole},{frac:02}") } else { format!("{whole}.{frac:02}") };
    match language {
        "de" | "es" | "fr" | "it" => format!("{digits}\u{a0}$"),
        "nl" => format!("US$\u{a0}{digits}"),
        "pt-BR" => format!("US$\u{a0}{digits}"),
        "ar" => format!("\u{2066}{digits}\u{a0}US$\u{2069}"),
        _ => format!("${digits}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const LANGUAGES: [&str; 9] = ["en", "ar", "de", "es", "fr", "it", "nl", "pt-BR", "zh-CN"];

    fn samples() -> Vec<(Type, Value)> {
        vec![
            (Type::PlacementFailed, json!({ "order": "#1001", "source": "aliexpress", "message": "Address refused" })),
            (Type::ParcelException, json!({ "order": "#1001", "number": "LP1", "status": "delivery_failure" })),
            (Type::ParcelDelivered, json!({ "order": "#1001", "number": "LP1", "status": "delivered" })),
            (Type::SupplierChange, json!({ "product": "Lamp", "change": "Price 3.00 → 3.50" })),
            (Type::PushFailed, json!({ "product": "Lamp", "destination": "shop.myshopify.com", "error": "refused" })),
            (Type::StoreDisconnected, json!({ "store": "shop.myshopify.com", "platform": "shopify" })),
            (Type::LowBalance, json!({ "balance_cents": 1234, "threshold_cents": 5000 })),
            (Type::QuotaNearlyUsed, json!({ "feature": "IMPORT_PRODUCT", "usage": 40, "limit": 50 })),
            (Type::PaymentFailed, json!({ "plan": "Pro", "grace_until": "2026-12-02T10:00:00Z" })),
            (Type::PlanEnded, json!({ "plan": "Pro" })),
        ]
    }

    #[test]
    fn every_language_fills_every_event_and_says_it_in_its_own_words() {
        for lang in LANGUAGES {
            for (kind, params) in samples() {
                let e = compose(lang, kind, &params, "server title", "server body");
                assert!(!e.subject.contains("{{") && !e.body.contains("{{"), "{lang} {kind:?}: {} / {}", e.subject, e.body);
                assert!(!e.subject.contains("server title"), "{lang} {kind:?} fell back to English: {}", e.subject);
            }
        }
        let de = compose("de", Type::StoreDisconnected, &samples()[5].1, "x", "y");
        assert_eq!(de.subject, "Dropline: Ihr Shop shop.myshopify.com wurde getrennt");
        let ar = compose("ar", Type::ParcelDelivered, &samples()[2].1, "x", "y");
        assert!(ar.body.contains("تم التوصيل"), "{}", ar.body);
        assert!(compose("fr", Type::LowBalance, &samples()[6].1, "x", "y").subject.contains("12,34\u{a0}$"));
        assert!(compose("en", Type::QuotaNearlyUsed, &samples()[7].1, "x", "y").subject.contains("Product imports: you have used 40 of 50"));
        assert!(compose("de", Type::PaymentFailed, &samples()[8].1, "x", "y").body.contains("vor dem 2026-12-02"));
    }

    #[test]
    fn without_its_values_or_in_an_unknown_language_the_email_keeps_the_servers_words() {
        let e = compose("de", Type::PlacementFailed, &json!({}), "Order #1: refused", "why");
        assert_eq!(e.subject, "Dropline: Order #1: refused");
        let en = compose("xx", Type::StoreDisconnected, &json!({ "store": "s" }), "x", "y");
        assert_eq!(en.subject, "Dropline: Your store s was disconnected");
    }
}
