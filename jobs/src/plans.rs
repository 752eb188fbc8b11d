//! The plan catalogue (spec section 3). Feature usage counting arrives with the plans-and-quotas
//! issue; until a feature is used anywhere its usage is 0.
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

pub struct Plan {
    pub key: &'static str,
    pub name: &'static str,
    pub price: f64,
    pub cycle: i32,
    /// (feature key, limit); -1 and -2 unlimited, 0 none.
    pub features: &'static [(&'static str, i64)],
}

pub const FREE: &str = "FREE_ORDER_FULFILLMENT_2";

pub const PLANS: &[Plan] = &[
    Plan {
        key: FREE,
        name: "Free",
        price: 0.0,
        cycle: 30,
        features: &[
            ("IMPORT_PRODUCT", 50),
            ("LISTING_PRODUCTS", 20),
            ("ORDER_FULFILLMENT", -1),
            ("ORDER_TRACKING_NUMBERS", 50),
            ("AI_PRODUCT_WRITING", 5),
            ("BULK_ORDER_FULFILLMENT", 0),
            ("BULK_PUBLISH_TO_STORE", 0),
            ("FIND_SIMILAR_PRODUCT", 0),
        ],
    },
    Plan {
        key: "PRO_DROPLINE_AO_TIER_1",
        name: "Pro",
        price: 29.9,
        cycle: 30,
        features: &[
            ("IMPORT_PRODUCT", -1),
            ("LISTING_PRODUCTS", 1000),
            ("ORDER_FULFILLMENT", -1),
            ("ORDER_TRACKING_NUMBERS", -1),
            ("AI_PRODUCT_WRITING", 200),
            ("BULK_ORDER_FULFILLMENT", -1),
            ("BULK_PUBLISH_TO_STORE", -1),
            ("FIND_SIMILAR_PRODUCT", -1),
        ],
    },
];

#[derive(Debug, Serialize, ToSchema)]
pub struct FeatureQuota {
    pub limit: i64,
    pub usage: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageView {
    pub key: &'static str,
    pub name: &'static str,
    pub price: f64,
    pub cycle: i32,
    pub is_free: bool,
    pub features: BTreeMap<&'static str, FeatureQuota>,
}

pub fn find(key: &str) -> &'static Plan {
    PLANS.iter().find(|p| p.key == key).unwrap_or(&PLANS[0])
}

pub fn package_view(key: &str) -> PackageView {
    let plan = find(key);
    PackageView {
        key: plan.key,
        name: plan.name,
        price: plan.price,
        cycle: plan.cycle,
        is_free: plan.price == 0.0,
        features: plan.features.iter().map(|(k, limit)| (*k, FeatureQuota { limit: *limit, usage: 0 })).collect(),
    }
}
