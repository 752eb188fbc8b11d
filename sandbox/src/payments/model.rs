//! Payment vendor state. Objects are kept in their wire shape (JSON), since
//! the vendor's job is to hand exactly these back; BTreeMaps keep listings
//! deterministic.
use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use serde_json::Value;

#[derive(Default)]
pub struct State {
    pub sessions: BTreeMap<String, Value>,
    pub intents: BTreeMap<String, Value>,
    pub charges: Vec<Value>,
    pub refunds: Vec<Value>,
    pub subscriptions: BTreeMap<String, Value>,
    /// Products and Prices in the order they were made (lists answer newest first).
    pub products: Vec<Value>,
    pub prices: Vec<Value>,
    /// A Checkout Session's line items (each `{price, quantity}`), which Stripe keeps apart from
    /// the session (`GET /v1/checkout/sessions/{id}/line_items`).
    pub session_items: BTreeMap<String, Vec<Value>>,
    /// A subscription-mode session's `subscription_data` (metadata, description), which its
    /// subscription takes on and the session does not show.
    pub subscription_data: BTreeMap<String, Value>,
    pub customers: BTreeMap<String, Value>,
    pub setup_intents: BTreeMap<String, Value>,
    /// Cards saved through setup mode (the `pm_card_*` test methods are not listed here).
    pub payment_methods: BTreeMap<String, Value>,
    pub invoices: Vec<Value>,
    pub endpoints: Vec<Value>,
    pub events: Vec<Value>,
    pub deliveries: Vec<Delivery>,
    /// Idempotency-Key → (request fingerprint, status, response body), as
    /// Stripe replays the first answer (errors included) for 24 h.
    pub idempotency: HashMap<String, (String, u16, Value)>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Delivery {
    pub event_id: String,
    pub event_type: String,
    pub url: String,
    pub attempts: u32,
    pub last_status: Option<u16>,
    pub delivered: bool,
    pub dropped: bool,
}

impl State {
    pub fn price(&self, id: &str) -> Option<&Value> {
        self.prices.iter().find(|p| p["id"] == id)
    }

    pub fn product(&self, id: &str) -> Option<&Value> {
        self.products.iter().find(|p| p["id"] == id)
    }

    /// Record a successful charge for an intent; returns the charge id.
    pub fn charge(&mut self, id: String, intent: &Value, now: i64) -> String {
        self.charges.push(serde_json::json!({
            "id": id, "object": "charge", "amount": intent["amount"], "amount_refunded": 0, "currency": intent["currency"],
            "payment_intent": intent["id"], "customer": intent["customer"], "paid": true, "refunded": false,
            "status": "succeeded", "created": now, "payment_method": intent["payment_method"],
        }));
        id
    }
}
