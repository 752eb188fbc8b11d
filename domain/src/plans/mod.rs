//! Plans and quotas (spec sections 3 and 4): which features a plan has, how much of each, and
//! the usage counted against them.
mod assign;
mod catalogue;
pub mod gates;
pub mod quota;

pub use assign::assign;

pub use catalogue::{FEATURES, FREE, Module, PLANS, Plan, Plans, all, find, load, parse};

use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FeatureQuota {
    pub limit: i64,
    pub usage: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ModuleView {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub key: &'static str,
    pub price: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageView {
    pub key: &'static str,
    pub name: &'static str,
    pub price: f64,
    pub cycle: i32,
    pub is_free: bool,
    pub module_type: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub modules: Vec<ModuleView>,
    pub features: BTreeMap<&'static str, FeatureQuota>,
}

/// A package with the given usage (absent features count 0).
pub fn package_view_with(key: &str, usage: &BTreeMap<String, i64>) -> PackageView {
    let plan = find(key);
    PackageView {
        key: plan.key,
        name: plan.name,
        price: plan.price,
        cycle: plan.cycle,
        is_free: plan.price == 0.0,
        module_type: "ORDER_FULFILLMENT",
        kind: if plan.price == 0.0 { "free" } else { "paid" },
        modules: plan.modules.iter().map(|m| ModuleView { kind: m.kind, key: m.key, price: m.price }).collect(),
        features: plan.features.iter().map(|(k, limit)| (*k, FeatureQuota { limit: *limit, usage: usage.get(*k).copied().unwrap_or(0) })).collect(),
    }
}

pub fn package_view(key: &str) -> PackageView {
    package_view_with(key, &BTreeMap::new())
}
