//! The wallet and payments: a double-entry ledger per workplace (`ledger`), the payments of
//! supplier orders (`charge`, grouped per wallet lock in `debits`), top-ups through the vendor's hosted checkout and its signed
//! webhook (`topup`), and what the dashboard reads (`views`, `settings`).
//!
//! Money is integer cents here and in the database, dollars (decimal numbers) on the wire.
//! Every business event that moves money is one `wallet_transactions` row with a natural
//! `reference` (`topup:<session>`, `pay:so:<id>`, ...), unique per workplace, so a retried job,
//! a replayed webhook or a double click books nothing twice.
pub mod card_setup;
pub mod charge;
pub mod debits;
pub mod ledger;
pub mod low_balance;
pub mod settings;
pub mod topup;
pub mod views;
pub mod webhook_endpoint;

use serde_json::Value;

use crate::{Error, Result};

pub use ledger::{Account, Kind, Posted};

/// The message callers (and the dashboard) match on when the balance is too low.
pub const INSUFFICIENT_BALANCE: &str = "InsufficientBalance";
/// The message when the vendor refused the saved card.
pub const CARD_DECLINED: &str = "CardDeclined";

/// 422 `InsufficientBalance`: nothing was booked.
pub fn insufficient_balance() -> Error {
    Error::field("balance", INSUFFICIENT_BALANCE)
}

pub fn card_declined() -> Error {
    Error::field("card", CARD_DECLINED)
}

/// Whether `e` is the wallet's refusal for a too-low balance.
pub fn is_insufficient_balance(e: &Error) -> bool {
    matches!(e, Error::Validation { message, .. } if message == INSUFFICIENT_BALANCE)
}

/// Cents as the wire's decimal dollars.
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Top-ups are 10 to 10,000 dollars.
pub const TOPUP_MIN_CENTS: i64 = 1_000;
pub const TOPUP_MAX_CENTS: i64 = 1_000_000;

/// A dollar amount from the wire (a JSON number or numeric string, at most two decimals) in
/// cents, read from its decimal text so 19.99 is 1999 exactly, never 1998.9999.
pub fn parse_dollars(v: &Value) -> Result<i64, String> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_string(),
        _ => return Err("must be a number of dollars".into()),
    };
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let frac = frac.trim_end_matches('0');
    let digits = |s: &str| !s.is_empty() && s.len() <= 12 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(frac.is_empty() || (frac.len() <= 2 && digits(frac))) {
        return Err("must be a positive amount with at most two decimals".into());
    }
    let whole: i64 = whole.parse().map_err(|_| "is too large".to_string())?;
    let frac: i64 = format!("{frac:0<2}").parse().unwrap_or(0);
    Ok(whole * 100 + frac)
}

/// The top-up amount: present, a number, 10 to 10,000 dollars (422 naming `amount`).
pub fn topup_amount(v: Option<&Value>) -> Result<i64> {
    let cents = match v {
        None | Some(Value::Null) => Err("amount is required".to_string()),
        Some(v) => parse_dollars(v).map_err(|e| format!("amount {e}")),
    }
    .and_then(|c| if (TOPUP_MIN_CENTS..=TOPUP_MAX_CENTS).contains(&c) { Ok(c) } else { Err("amount must be between 10 and 10000".into()) });
    cents.map_err(|m| Error::field("amount", m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn dollars_parse_exactly() {
        assert_eq!(parse_dollars(&json!(19.99)), Ok(1999));
        assert_eq!(parse_dollars(&json!(10)), Ok(1000));
        assert_eq!(parse_dollars(&json!("10.5")), Ok(1050));
        assert_eq!(parse_dollars(&json!(100.10)), Ok(10010));
        assert!(parse_dollars(&json!(1.234)).is_err());
        assert!(parse_dollars(&json!(-5)).is_err());
        assert!(parse_dollars(&json!("ten")).is_err());
        assert!(parse_dollars(&json!(1e30)).is_err());
    }

    #[test]
    fn topups_are_ten_to_ten_thousand_dollars() {
        assert_eq!(topup_amount(Some(&json!(10))).unwrap(), 1000);
        assert_eq!(topup_amount(Some(&json!(10000))).unwrap(), 1_000_000);
        for bad in [json!(9.99), json!(10000.01), json!(0), json!("x"), Value::Null] {
            let Err(Error::Validation { fields, .. }) = topup_amount(Some(&bad)) else { panic!("{bad} accepted") };
            assert!(fields.contains_key("amount"));
        }
        assert!(topup_amount(None).is_err());
    }
}
