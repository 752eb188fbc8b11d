//! The plan catalogue (spec section 3): packages, their modules and feature limits.
pub struct Module {
    pub kind: &'static str,
    pub key: &'static str,
    pub price: f64,
}

pub struct Plan {
    pub key: &'static str,
    pub name: &'static str,
    pub price: f64,
    pub cycle: i32,
    pub modules: &'static [Module],
    /// (feature key, limit); -1 and -2 unlimited, 0 none.
    pub features: &'static [(&'static str, i64)],
}

pub const FREE: &str = "FREE_ORDER_FULFILLMENT_2";

const FREE_FEATURES: &[(&str, i64)] = &[
    ("IMPORT_PRODUCT", 50),
    ("LISTING_PRODUCTS", 20),
    ("ORDER_FULFILLMENT", -1),
    ("ORDER_TRACKING_NUMBERS", 50),
    ("AI_PRODUCT_WRITING", 5),
    ("EXTRA_AI_PRODUCT_WRITING", 10),
    ("READY2SALE", 0),
    ("BULK_ORDER_FULFILLMENT", 0),
    ("BULK_PUBLISH_TO_STORE", 0),
    ("FIND_SIMILAR_PRODUCT", 0),
    ("ADMIAD_CASHBACK", 0),
];

pub const PLANS: &[Plan] = &[
    Plan {
        key: FREE,
        name: "Free",
        price: 0.0,
        cycle: 30,
        modules: &[Module { kind: "ORDER_FULFILLMENT", key: "FREE_ORDER_FULFILLMENT", price: 0.0 }],
        features: FREE_FEATURES,
    },
    Plan {
        key: "FREE_AO_MKT",
        name: "Free (marketplace)",
        price: 0.0,
        cycle: 30,
        modules: &[Module { kind: "ORDER_FULFILLMENT", key: "FREE_ORDER_FULFILLMENT", price: 0.0 }],
        features: FREE_FEATURES,
    },
    Plan {
        key: "PRO_DROPLINE_AO_TIER_1",
        name: "Pro",
        price: 29.9,
        cycle: 30,
        modules: &[Module { kind: "ORDER_FULFILLMENT", key: "BASIC_ORDER_FULFILLMENT", price: 0.0 }],
        features: &[
            ("IMPORT_PRODUCT", -1),
            ("LISTING_PRODUCTS", 1000),
            ("ORDER_FULFILLMENT", -1),
            ("ORDER_TRACKING_NUMBERS", -1),
            ("AI_PRODUCT_WRITING", 200),
            ("READY2SALE", 50),
            ("BULK_ORDER_FULFILLMENT", -1),
            ("BULK_PUBLISH_TO_STORE", -1),
            ("FIND_SIMILAR_PRODUCT", -1),
            ("ADMIAD_CASHBACK", -1),
        ],
    },
    Plan {
        key: "ENTERPRISE_DROPLINE_AO",
        name: "Enterprise",
        price: 99.0,
        cycle: 30,
        modules: &[Module { kind: "ORDER_FULFILLMENT", key: "ADVANCED_ORDER_FULFILLMENT", price: 0.0 }],
        features: &[
            ("IMPORT_PRODUCT", -1),
            ("LISTING_PRODUCTS", -2),
            ("ORDER_FULFILLMENT", -1),
            ("ORDER_TRACKING_NUMBERS", -1),
            ("AI_PRODUCT_WRITING", -2),
            ("READY2SALE", -2),
            ("BULK_ORDER_FULFILLMENT", -1),
            ("BULK_PUBLISH_TO_STORE", -1),
            ("FIND_SIMILAR_PRODUCT", -1),
            ("ADMIAD_CASHBACK", -1),
        ],
    },
];

/// The workplace's plan; an unknown key (a retired plan) reads as the free plan.
pub fn find(key: &str) -> &'static Plan {
    PLANS.iter().find(|p| p.key == key).unwrap_or(&PLANS[0])
}

impl Plan {
    /// The feature's limit; `None` = the plan lacks the feature (not usable).
    pub fn limit(&self, feature: &str) -> Option<i64> {
        self.features.iter().find(|(k, _)| *k == feature).map(|(_, l)| *l)
    }

    fn fulfilment_key(&self) -> &'static str {
        self.modules.iter().find(|m| m.kind == "ORDER_FULFILLMENT").map_or("", |m| m.key)
    }

    /// Spec section 4: STARTER, BASIC, PREMIUM or ADVANCED_ORDER_FULFILLMENT, or FREE_AO_MKT.
    pub fn is_starter_or_higher(&self) -> bool {
        let k = self.fulfilment_key();
        self.key == "FREE_AO_MKT" || ["STARTER", "BASIC", "PREMIUM", "ADVANCED_ORDER_FULFILLMENT"].iter().any(|t| k.contains(t))
    }

    /// "Basic or higher" is "starter or higher" without STARTER.
    pub fn is_basic_or_higher(&self) -> bool {
        self.is_starter_or_higher() && !self.fulfilment_key().contains("STARTER")
    }

    /// Low tier list: FREE, STARTER.
    pub fn is_low_tier(&self) -> bool {
        let k = self.fulfilment_key();
        k.contains("FREE") || k.contains("STARTER")
    }
}
