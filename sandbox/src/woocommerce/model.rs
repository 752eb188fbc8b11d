//! A WooCommerce store's data, kept in Woo's REST JSON shapes.
use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;
use serde_json::Value;

#[derive(Default)]
pub struct State {
    pub stores: HashMap<String, Store>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ApiKey {
    pub key_id: u64,
    pub user_id: String,
    pub consumer_key: String,
    pub consumer_secret: String,
    pub permissions: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Delivery {
    pub delivery_id: u64,
    pub webhook_id: u64,
    pub topic: String,
    pub attempts: u32,
    pub last_status: Option<u16>,
    pub delivered: bool,
    pub dropped: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Store {
    pub name: String,
    pub keys: Vec<ApiKey>,
    pub products: BTreeMap<u64, Value>,
    /// product id → variations.
    pub variations: BTreeMap<u64, BTreeMap<u64, Value>>,
    pub orders: BTreeMap<u64, Value>,
    pub notes: BTreeMap<u64, Vec<Value>>,
    pub trackings: BTreeMap<u64, Vec<Value>>,
    pub webhooks: BTreeMap<u64, Value>,
    pub deliveries: Vec<Delivery>,
    /// Product terms by taxonomy (`tags`, `categories`): id → term.
    pub terms: BTreeMap<String, BTreeMap<u64, Value>>,
    /// Woo shares one post-id sequence across products, variations and orders.
    pub next_id: u64,
    /// The shop's currency (WooCommerce > Settings > General), what its prices are in.
    pub currency: String,
    /// Non-empty SKU → the products and variations holding it (one post-id sequence), kept in
    /// step by every write (`resku`) so a lookup by SKU does not scan the store.
    #[serde(skip)]
    skus: HashMap<String, BTreeSet<u64>>,
}

impl Store {
    pub fn new(name: &str) -> Self {
        Store {
            name: name.to_string(),
            keys: vec![],
            products: BTreeMap::new(),
            variations: BTreeMap::new(),
            orders: BTreeMap::new(),
            notes: BTreeMap::new(),
            trackings: BTreeMap::new(),
            webhooks: BTreeMap::new(),
            deliveries: vec![],
            terms: BTreeMap::new(),
            next_id: 100,
            currency: "USD".into(),
            skus: HashMap::new(),
        }
    }

    /// Post `id` (a product or a variation) changed its SKU from `before` to `after`; "" is
    /// no SKU. Every write that may change a SKU calls it.
    pub fn resku(&mut self, id: u64, before: &str, after: &str) {
        if before == after {
            return;
        }
        if let Some(ids) = self.skus.get_mut(before) {
            ids.remove(&id);
            if ids.is_empty() {
                self.skus.remove(before);
            }
        }
        if !after.is_empty() {
            self.skus.entry(after.to_string()).or_default().insert(id);
        }
    }

    /// The posts (products and variations) holding the non-empty `sku`, in id order.
    pub fn sku_holders(&self, sku: &str) -> impl DoubleEndedIterator<Item = u64> + '_ {
        self.skus.get(sku).into_iter().flatten().copied()
    }
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

/// Woo's local and GMT timestamps (the sandbox's store runs on UTC).
pub fn woo_date(ms: i64) -> String {
    crate::util::ts(ms).format("%Y-%m-%dT%H:%M:%S").to_string()
}
