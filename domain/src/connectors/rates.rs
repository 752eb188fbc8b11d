//! The exchange-rate source: currencylayer's `live` endpoint (apilayer,
//! https://currencylayer.com/documentation), `GET {url}?access_key=…&source=USD`, answering
//! `{"success":true,"timestamp":…,"source":"USD","quotes":{"USDAUD":1.53,…}}`. A refusal comes
//! back as HTTP 200 with `success:false` and an `error` object, so the body decides.
use std::time::Duration;

use secrecy::ExposeSecret;
use serde_json::Value;

use crate::config::ExchangeRateSettings;

/// USD quotes as the source gave them: (pair such as "USDAUD", rate), and when it quoted them.
#[derive(Debug, Clone)]
pub struct Quotes {
    pub pairs: Vec<(String, f64)>,
    pub timestamp: i64,
}

pub async fn fetch(settings: &ExchangeRateSettings) -> Result<Quotes, String> {
    let http = reqwest::Client::builder().timeout(Duration::from_secs(settings.timeout_secs.max(1))).build().map_err(|e| e.to_string())?;
    let r = http
        .get(&settings.url)
        .query(&[("access_key", settings.access_key.expose_secret()), ("source", "USD")])
        .send()
        .await
        .map_err(|e| format!("the rates source could not be reached: {e}"))?;
    let status = r.status();
    let body: Value = r.json().await.map_err(|e| format!("the rates source answered {status} without JSON: {e}"))?;
    parse(&body)
}

fn parse(body: &Value) -> Result<Quotes, String> {
    if body["success"] != Value::Bool(true) {
        let e = &body["error"];
        return Err(format!("the rates source refused: {} {}", e["type"].as_str().unwrap_or("unknown"), e["info"].as_str().unwrap_or_default()));
    }
    let quotes = body["quotes"].as_object().ok_or("the rates source sent no quotes")?;
    // Only well-formed, positive USD quotes: a bad entry must never price a product.
    let pairs = quotes
        .iter()
        .filter(|(k, _)| k.len() == 6 && k.starts_with("USD") && k.chars().all(|c| c.is_ascii_uppercase()))
        .filter_map(|(k, v)| v.as_f64().filter(|r| r.is_finite() && *r > 0.0).map(|r| (k.clone(), r)))
        .collect();
    Ok(Quotes { pairs, timestamp: body["timestamp"].as_i64().unwrap_or_default() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_positive_usd_quotes_and_reads_refusals() {
        let q = parse(&json!({"success": true, "timestamp": 5, "quotes": {"USDAUD": 1.5, "USDXXX": -1, "EURUSD": 1.1, "USDeur": 2}})).unwrap();
        assert_eq!(q.pairs, vec![("USDAUD".to_string(), 1.5)]);
        let e = parse(&json!({"success": false, "error": {"code": 101, "type": "invalid_access_key", "info": "bad key"}})).unwrap_err();
        assert!(e.contains("invalid_access_key"), "{e}");
    }
}
