//! Pricing rules: from a supplier cost to the price a store sells at. Amounts are cents, so a
//! rule applied twice gives the same price to the cent.
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PricingMode {
    /// price = cost × value
    Multiplier,
    /// price = cost + value
    Fixed,
}

/// Costs from `min` up to (not including) `max` use `value`; `max: null` has no upper end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CostRange {
    pub min: f64,
    pub max: Option<f64>,
    pub value: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CompareAt {
    pub enabled: bool,
    pub multiplier: f64,
}

/// A workplace's (or one store's) rule, as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PricingRule {
    pub mode: PricingMode,
    #[serde(default)]
    pub ranges: Vec<CostRange>,
    pub default_value: f64,
    #[serde(default)]
    pub include_shipping: bool,
    pub compare_at: CompareAt,
    /// The decimals every price ends with (0.99 → 12.99); none keeps the computed cents.
    pub cents: Option<f64>,
}

impl Default for PricingRule {
    fn default() -> Self {
        PricingRule {
            mode: PricingMode::Multiplier,
            ranges: vec![],
            default_value: 2.0,
            include_shipping: false,
            compare_at: CompareAt { enabled: false, multiplier: 1.5 },
            cents: None,
        }
    }
}

/// What a rule gives for one variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Priced {
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
}

impl PricingRule {
    /// Checks the rule a user typed: every problem named by its field.
    pub fn validate(&self) -> Result<(), Vec<(String, String)>> {
        let mut bad = vec![];
        let positive = |v: f64| v.is_finite() && v >= 0.0;
        if !positive(self.default_value) || (self.mode == PricingMode::Multiplier && self.default_value == 0.0) {
            bad.push(("pricing_rule.default_value".into(), "must be a positive number".into()));
        }
        for (i, r) in self.ranges.iter().enumerate() {
            if !positive(r.min) || r.max.is_some_and(|m| !positive(m) || m <= r.min) {
                bad.push((format!("pricing_rule.ranges.{i}"), "min must be 0 or more and below max".into()));
            }
            if !positive(r.value) || (self.mode == PricingMode::Multiplier && r.value == 0.0) {
                bad.push((format!("pricing_rule.ranges.{i}.value"), "must be a positive number".into()));
            }
        }
        if self.compare_at.enabled && !(self.compare_at.multiplier.is_finite() && self.compare_at.multiplier >= 1.0) {
            bad.push(("pricing_rule.compare_at.multiplier".into(), "must be 1 or more".into()));
        }
        if self.cents.is_some_and(|c| !(0.0..1.0).contains(&c)) {
            bad.push(("pricing_rule.cents".into(), "must be between 0 and 0.99".into()));
        }
        if bad.is_empty() { Ok(()) } else { Err(bad) }
    }

    /// The price for a supplier cost (and its shipping cost, used when `include_shipping`).
    pub fn apply(&self, cost_cents: i64, shipping_cents: i64) -> Priced {
        let base = cost_cents + if self.include_shipping { shipping_cents } else { 0 };
        let dollars = base as f64 / 100.0;
        let value = self.ranges.iter().find(|r| dollars >= r.min && r.max.is_none_or(|m| dollars < m)).map_or(self.default_value, |r| r.value);
        let raw = match self.mode {
            PricingMode::Multiplier => (base as f64 * value).round() as i64,
            PricingMode::Fixed => base + (value * 100.0).round() as i64,
        };
        let price_cents = self.end_cents(raw);
        let compare_at_cents = self.compare_at.enabled.then(|| self.end_cents((price_cents as f64 * self.compare_at.multiplier).round() as i64));
        Priced { price_cents, compare_at_cents }
    }

    /// As `apply`; when the rule sets no compare-at price and the supplier shows an original
    /// price above its cost, the compare-at price carries the supplier's discount over to the
    /// store's price (supplier 19.00 → 9.50 and price 19.00 give 38.00): the supplier's original
    /// itself would sit at or below a marked-up price and read as no discount at all.
    pub fn apply_with_original(&self, cost_cents: i64, shipping_cents: i64, original_cents: Option<i64>) -> Priced {
        let mut p = self.apply(cost_cents, shipping_cents);
        if p.compare_at_cents.is_none()
            && cost_cents > 0
            && let Some(original) = original_cents.filter(|o| *o > cost_cents)
        {
            let compare = self.end_cents((p.price_cents as f64 * original as f64 / cost_cents as f64).round() as i64);
            p.compare_at_cents = (compare > p.price_cents).then_some(compare);
        }
        p
    }

    /// The rule applied again to a stored variant: when the rule sets no compare-at price, the
    /// discount the variant showed (from the supplier on import, or typed by the owner) is kept
    /// at the same ratio to the new price instead of being dropped.
    pub fn reapply(&self, cost_cents: i64, shipping_cents: i64, price_cents: i64, compare_at_cents: Option<i64>) -> Priced {
        let original =
            compare_at_cents.filter(|c| price_cents > 0 && *c > price_cents).map(|c| (cost_cents as f64 * c as f64 / price_cents as f64).round() as i64);
        self.apply_with_original(cost_cents, shipping_cents, original)
    }

    /// Gives `cents` the rule's ending (0.99 → 12.99); used again after a price is converted
    /// into a store's currency, so the ending holds there.
    pub fn ending(&self, cents: i64) -> i64 {
        self.end_cents(cents)
    }

    fn end_cents(&self, cents: i64) -> i64 {
        match self.cents {
            Some(c) => (cents / 100) * 100 + (c * 100.0).round() as i64,
            None => cents,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suppliers_original_price_gives_the_compare_at_unless_the_rule_sets_one() {
        let plain = PricingRule::default();
        assert_eq!(plain.apply_with_original(950, 0, Some(1_900)).compare_at_cents, Some(3_800));
        assert_eq!(plain.apply_with_original(950, 0, Some(950)).compare_at_cents, None, "no discount, no compare-at");
        assert_eq!(plain.apply_with_original(950, 0, None).compare_at_cents, None);
        let ruled = PricingRule { compare_at: CompareAt { enabled: true, multiplier: 1.5 }, ..PricingRule::default() };
        assert_eq!(ruled.apply_with_original(950, 0, Some(1_900)).compare_at_cents, Some(2_850), "the owner's rule wins");
    }

    #[test]
    fn reapplying_keeps_a_discount_the_rule_does_not_set() {
        let triple = PricingRule { default_value: 3.0, ..PricingRule::default() };
        assert_eq!(triple.reapply(1_000, 0, 2_000, Some(4_000)).compare_at_cents, Some(6_000), "the 50% discount stays");
        assert_eq!(triple.reapply(1_000, 0, 2_000, None).compare_at_cents, None);
    }

    #[test]
    fn default_rule_doubles_the_cost() {
        assert_eq!(PricingRule::default().apply(1_050, 300).price_cents, 2_100);
    }

    #[test]
    fn ranges_pick_the_value_and_shipping_counts_when_included() {
        let rule = PricingRule {
            ranges: vec![CostRange { min: 0.0, max: Some(10.0), value: 3.0 }, CostRange { min: 10.0, max: None, value: 1.5 }],
            include_shipping: true,
            ..PricingRule::default()
        };
        assert_eq!(rule.apply(800, 100).price_cents, 2_700); // 9.00 × 3
        assert_eq!(rule.apply(800, 300).price_cents, 1_650); // 11.00 × 1.5
    }

    #[test]
    fn fixed_markup_cents_ending_and_compare_at() {
        let rule = PricingRule {
            mode: PricingMode::Fixed,
            default_value: 5.0,
            compare_at: CompareAt { enabled: true, multiplier: 2.0 },
            cents: Some(0.99),
            ..PricingRule::default()
        };
        let p = rule.apply(731, 0);
        assert_eq!(p.price_cents, 1_299); // 12.31 → 12.99
        assert_eq!(p.compare_at_cents, Some(2_599)); // 25.98 → 25.99
    }

    #[test]
    fn validation_names_bad_fields() {
        let rule = PricingRule { default_value: -1.0, cents: Some(1.5), ..PricingRule::default() };
        let fields: Vec<String> = rule.validate().unwrap_err().into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["pricing_rule.default_value", "pricing_rule.cents"]);
    }
}
