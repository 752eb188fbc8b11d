//! What a supplier sync does to one variant, and how the change reads: pure, so the rules
//! (pricing rule or kept margin, stock 0 when out or gone) are tested without a supplier.
use serde::Serialize;
use uuid::Uuid;

use super::auto_update::{AutoUpdate, PriceRule};
use crate::products::pricing::PricingRule;
use crate::push::listing::money;
use crate::store::products::VariantRow;

/// What the supplier says about a variant's SKU now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    Found {
        cost_cents: i64,
        stock: i64,
    },
    /// The supplier no longer sells the SKU (or the product).
    Gone,
}

/// Another mapped supplier a variant moved to: (source, source product id, SKU).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Switched {
    pub source: String,
    pub source_product_id: String,
    pub sku_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantChange {
    pub variant_id: Uuid,
    /// Option values ("Red / XL"); empty for a product with one variant.
    pub label: String,
    pub cost: (i64, i64),
    pub price: (i64, i64),
    pub compare_at: (Option<i64>, Option<i64>),
    pub stock: (i32, i32),
    /// The SKU the supplier dropped.
    pub gone: Option<String>,
    pub switched: Option<Switched>,
}

impl VariantChange {
    /// Something the stores must be told (cost alone is Dropline's business).
    pub fn reaches_stores(&self) -> bool {
        self.price.0 != self.price.1 || self.compare_at.0 != self.compare_at.1 || self.stock.0 != self.stock.1
    }

    pub fn is_empty(&self) -> bool {
        !self.reaches_stores() && self.cost.0 == self.cost.1 && self.gone.is_none() && self.switched.is_none()
    }

    fn text(&self) -> String {
        let mut parts = vec![];
        if let Some(sku) = &self.gone {
            parts.push(match &self.switched {
                Some(s) => format!("SKU {sku} gone, switched to {} {}", s.source, s.source_product_id),
                None => format!("SKU {sku} gone"),
            });
        }
        if self.price.0 != self.price.1 {
            parts.push(format!("price {} → {}", money(self.price.0), money(self.price.1)));
        } else if self.cost.0 != self.cost.1 {
            parts.push(format!("cost {} → {}", money(self.cost.0), money(self.cost.1)));
        }
        if self.stock.0 != self.stock.1 {
            parts.push(format!("stock {} → {}", self.stock.0, self.stock.1));
        }
        let text = parts.join("; ");
        if self.label.is_empty() { text } else { format!("{}: {text}", self.label) }
    }
}

/// The new price for a new cost, or the old one when prices do not follow costs.
fn repriced(v: &VariantRow, cost: i64, s: &AutoUpdate, rule: &PricingRule) -> (i64, Option<i64>) {
    if !s.update_price || cost == v.cost_cents {
        return (v.price_cents, v.compare_at_cents);
    }
    match s.price_rule {
        PriceRule::KeepMargin if v.cost_cents > 0 => {
            let scale = |c: i64| (c as f64 * cost as f64 / v.cost_cents as f64).round() as i64;
            (scale(v.price_cents), v.compare_at_cents.map(scale))
        }
        // The rule in force, keeping the discount the variant shows when the rule sets no compare-at.
        _ => {
            let p = rule.reapply(cost, v.shipping_cents, v.price_cents, v.compare_at_cents);
            (p.price_cents, p.compare_at_cents)
        }
    }
}

/// Applies what the supplier says (`seen`, after any switch to `switched`) to the variant.
pub fn apply(
    v: &mut VariantRow,
    label: String,
    seen: Seen,
    gone: Option<String>,
    switched: Option<Switched>,
    s: &AutoUpdate,
    rule: &PricingRule,
) -> VariantChange {
    let before = (v.cost_cents, v.price_cents, v.compare_at_cents, v.stock);
    let (cost, stock) = match seen {
        Seen::Found { cost_cents, stock } => (cost_cents, stock.clamp(0, i32::MAX as i64) as i32),
        // Nothing can be bought: keep the last cost, sell nothing.
        Seen::Gone => (v.cost_cents, 0),
    };
    let (price, compare_at) = repriced(v, cost, s, rule);
    if let Some(sw) = &switched {
        v.supplier_source = Some(sw.source.clone());
        v.supplier_product_id = Some(sw.source_product_id.clone());
        v.sku_id = sw.sku_id.clone();
    }
    (v.cost_cents, v.price_cents, v.compare_at_cents, v.stock) = (cost, price, compare_at, stock);
    VariantChange {
        variant_id: v.id,
        label,
        cost: (before.0, cost),
        price: (before.1, price),
        compare_at: (before.2, compare_at),
        stock: (before.3, stock),
        gone,
        switched,
    }
}

/// The short text a product shows for its last sync: the first few variants' changes.
pub fn summary(changes: &[VariantChange]) -> Option<String> {
    let shown: Vec<String> = changes.iter().filter(|c| !c.is_empty()).map(VariantChange::text).collect();
    match shown.len() {
        0 => None,
        1..=3 => Some(shown.join("; ")),
        n => Some(format!("{}; and {} more variants", shown[..3].join("; "), n - 3)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn variant(cost: i64, price: i64, stock: i32) -> VariantRow {
        VariantRow {
            id: Uuid::nil(),
            position: 0,
            sku_id: "s1".into(),
            options: json!({}),
            cost_cents: cost,
            shipping_cents: 0,
            price_cents: price,
            compare_at_cents: None,
            stock,
            image: None,
            enabled: true,
            supplier_source: None,
            supplier_product_id: None,
        }
    }

    #[test]
    fn a_cost_rise_reprices_by_the_rule_and_reads_as_one_line() {
        let mut v = variant(650, 1300, 5);
        let c = apply(&mut v, String::new(), Seen::Found { cost_cents: 700, stock: 0 }, None, None, &AutoUpdate::default(), &PricingRule::default());
        assert_eq!((v.price_cents, v.stock, v.cost_cents), (1400, 0, 700));
        assert_eq!(summary(&[c]).unwrap(), "price 13.00 → 14.00; stock 5 → 0");
    }

    #[test]
    fn keep_margin_scales_a_hand_set_price() {
        let mut v = variant(500, 1299, 3);
        let s = AutoUpdate { price_rule: PriceRule::KeepMargin, ..AutoUpdate::default() };
        apply(&mut v, String::new(), Seen::Found { cost_cents: 600, stock: 3 }, None, None, &s, &PricingRule::default());
        assert_eq!(v.price_cents, 1559); // 12.99 × 6/5
    }

    #[test]
    fn prices_stay_when_updating_prices_is_off_or_the_cost_did_not_move() {
        let mut v = variant(500, 1299, 3);
        let off = AutoUpdate { update_price: false, ..AutoUpdate::default() };
        let c = apply(&mut v, "Red".into(), Seen::Found { cost_cents: 600, stock: 3 }, None, None, &off, &PricingRule::default());
        assert_eq!(v.price_cents, 1299);
        assert!(!c.reaches_stores() && !c.is_empty());
        assert_eq!(summary(&[c]).unwrap(), "Red: cost 5.00 → 6.00");
        let mut same = variant(500, 1299, 3);
        let c = apply(&mut same, String::new(), Seen::Found { cost_cents: 500, stock: 3 }, None, None, &AutoUpdate::default(), &PricingRule::default());
        assert!(c.is_empty() && summary(&[c]).is_none());
    }

    #[test]
    fn a_gone_sku_sells_nothing_unless_switched() {
        let mut v = variant(500, 1000, 4);
        let c = apply(&mut v, String::new(), Seen::Gone, Some("s1".into()), None, &AutoUpdate::default(), &PricingRule::default());
        assert_eq!((v.stock, v.price_cents), (0, 1000));
        assert_eq!(summary(&[c]).unwrap(), "SKU s1 gone; stock 4 → 0");
        let mut w = variant(500, 1000, 4);
        let to = Switched { source: "cj".into(), source_product_id: "p9".into(), sku_id: "k9".into() };
        let c = apply(
            &mut w,
            String::new(),
            Seen::Found { cost_cents: 500, stock: 8 },
            Some("s1".into()),
            Some(to),
            &AutoUpdate::default(),
            &PricingRule::default(),
        );
        assert_eq!((w.sku_id.as_str(), w.supplier_source.as_deref(), w.stock), ("k9", Some("cj"), 8));
        assert_eq!(summary(&[c]).unwrap(), "SKU s1 gone, switched to cj p9; stock 4 → 8");
    }

    #[test]
    fn long_summaries_are_cut() {
        let changes: Vec<VariantChange> = (0..5)
            .map(|i| {
                let mut v = variant(100, 200, 1);
                apply(&mut v, format!("V{i}"), Seen::Found { cost_cents: 100, stock: 0 }, None, None, &AutoUpdate::default(), &PricingRule::default())
            })
            .collect();
        assert_eq!(summary(&changes).unwrap(), "V0: stock 1 → 0; V1: stock 1 → 0; V2: stock 1 → 0; and 2 more variants");
    }
}
