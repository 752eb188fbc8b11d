//! Stores selling in another currency than USD. Dropline keeps and edits prices in USD; a push
//! converts them with the stored USD rate of the store's currency (`exchange_rates`, refreshed
//! by the worker) and then applies the pricing rule's ending in the store's currency, so an
//! AUD store gets A$84.99 for $54.99 rather than 54.99 AUD.
use chrono::{TimeZone, Utc};
use sqlx::PgPool;

use crate::config::ExchangeRateSettings;
use crate::connectors::listing::Listing;
use crate::connectors::rates;
use crate::products::pricing::PricingRule;
use crate::store::exchange_rates;

/// Spec section 9: currencies without minor units (the CFA francs are XOF and XAF).
pub fn zero_decimal(currency: &str) -> bool {
    matches!(currency.to_ascii_uppercase().as_str(), "JPY" | "KRW" | "VND" | "IDR" | "XOF" | "XAF")
}

/// Reads the source and stores every quote; the number stored.
pub async fn refresh(pool: &PgPool, settings: &ExchangeRateSettings) -> Result<u64, String> {
    let quotes = rates::fetch(settings).await?;
    if quotes.pairs.is_empty() {
        return Err("the rates source sent no usable quote".into());
    }
    let quoted_at = Utc.timestamp_opt(quotes.timestamp, 0).single().filter(|_| quotes.timestamp > 0).unwrap_or_else(Utc::now);
    exchange_rates::save(pool, &quotes.pairs, quoted_at).await.map_err(|e| e.to_string())
}

/// One USD in `currency`. A missing or too old rate is read from the source first (a store
/// connected before the first refresh must not wait for the next one); without any rate the
/// answer is an error, never an unconverted price.
pub async fn usd_rate(pool: &PgPool, settings: &ExchangeRateSettings, currency: &str) -> Result<f64, String> {
    if currency.eq_ignore_ascii_case("USD") {
        return Ok(1.0);
    }
    let stored = exchange_rates::get(pool, currency).await.map_err(|e| e.to_string())?;
    let fresh = stored.filter(|(_, at)| (Utc::now() - *at).num_seconds() <= settings.max_age_secs);
    if let Some((rate, _)) = fresh {
        return Ok(rate);
    }
    let refreshed = refresh(pool, settings).await;
    match exchange_rates::get(pool, currency).await.map_err(|e| e.to_string())? {
        Some((rate, _)) => Ok(rate),
        None => Err(format!("no exchange rate for {currency} yet{}", refreshed.err().map(|e| format!(" ({e})")).unwrap_or_default())),
    }
}

/// A USD amount in cents as the store's currency, in its cents (whole units for zero-decimal
/// currencies), with the rule's ending applied there.
pub fn price_in(usd_cents: i64, rate: f64, currency: &str, rule: &PricingRule) -> i64 {
    let cents = (usd_cents as f64 * rate).round() as i64;
    if zero_decimal(currency) {
        // ¥1,235, not ¥1,234.56: an ending such as .99 has no meaning there.
        return ((cents as f64 / 100.0).round() as i64) * 100;
    }
    if rate == 1.0 { cents } else { rule.ending(cents) }
}

/// Every variant's price and compare-at price of `parts` in the store's currency.
pub fn convert(parts: &mut [Listing], rate: f64, currency: &str, rule: &PricingRule) {
    for part in parts {
        part.currency = currency.to_ascii_uppercase();
        for v in &mut part.variants {
            v.price_cents = price_in(v.price_cents, rate, currency, rule);
            v.compare_at_cents = v.compare_at_cents.map(|c| price_in(c, rate, currency, rule)).filter(|c| *c > v.price_cents);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_then_ends_in_the_store_currency() {
        let rule = PricingRule { cents: Some(0.99), ..PricingRule::default() };
        // $54.99 at 1.6 AUD = A$87.98, ending .99 → A$87.99.
        assert_eq!(price_in(5_499, 1.6, "AUD", &rule), 8_799);
        assert_eq!(price_in(5_499, 1.6, "AUD", &PricingRule::default()), 8_798);
        // Zero-decimal: whole yen, no ending.
        assert_eq!(price_in(5_499, 154.23, "JPY", &rule), 848_100);
        // USD stores keep the edited price to the cent.
        assert_eq!(price_in(5_499, 1.0, "USD", &rule), 5_499);
    }
}
