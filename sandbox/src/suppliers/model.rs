//! Supplier orders. Status is computed from the virtual clock on every read
//! (paid → processing → shipped → delivered), so advancing the clock is all
//! it takes to move an order along.
use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use serde_json::Value;

use crate::util::mix;

pub const HOUR: i64 = 3_600_000;
pub const DAY: i64 = 24 * HOUR;

#[derive(Default)]
pub struct State {
    pub orders: BTreeMap<String, Order>,
    /// (source, Idempotency-Key) → order id.
    pub idempotency: HashMap<(String, String), String>,
    /// sku id → units reserved by orders (stock = generated stock − sold).
    pub sold: HashMap<String, u32>,
    /// AliExpress authorisations and the orders created under them.
    pub ae: super::aliexpress_auth::AeAuth,
    /// eBay guest checkout sessions and the purchase orders paid in them.
    pub ebay: super::ebay_orders::EbayOrders,
}

#[derive(Debug, Clone, Serialize)]
pub struct Item {
    pub product_id: String,
    pub sku_id: String,
    pub title: String,
    pub quantity: u32,
    pub unit_price: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Order {
    pub id: String,
    pub source: String,
    pub items: Vec<Item>,
    pub ship_to: Value,
    pub shipping_method: String,
    pub shipping_amount_cents: i64,
    pub total_cents: i64,
    pub min_days: u32,
    pub max_days: u32,
    pub created_ms: i64,
    pub paid_ms: Option<i64>,
    pub cancelled_ms: Option<i64>,
    pub refunded_ms: Option<i64>,
    pub tracking_number: String,
    pub carrier: String,
    /// AliExpress: the buyer account whose `access_token` created the order.
    pub buyer: Option<String>,
}

impl Order {
    fn h(&self) -> u64 {
        crate::util::hash_str(0, &self.id)
    }
    /// When the parcel leaves the warehouse: 1–3 days after payment.
    pub fn shipped_at(&self) -> Option<i64> {
        self.paid_ms.map(|p| p + DAY + (mix(self.h()) % (2 * DAY as u64)) as i64)
    }
    /// Delivery: within the method's min–max days after shipping.
    pub fn delivered_at(&self) -> Option<i64> {
        let span = (self.max_days - self.min_days).max(1) as u64;
        self.shipped_at().map(|s| s + (self.min_days as i64 + (self.h() % (span + 1)) as i64) * DAY)
    }
    pub fn status(&self, now: i64) -> &'static str {
        if self.refunded_ms.is_some() {
            return "refunded";
        }
        if self.cancelled_ms.is_some() {
            return "cancelled";
        }
        let Some(paid) = self.paid_ms else { return "awaiting_payment" };
        if self.delivered_at().is_some_and(|d| now >= d) {
            "delivered"
        } else if self.shipped_at().is_some_and(|s| now >= s) {
            "shipped"
        } else if now >= paid + 6 * HOUR {
            "processing"
        } else {
            "paid"
        }
    }
}
