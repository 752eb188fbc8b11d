//! The plan catalogue (spec section 3): packages, their modules and feature limits. The operator
//! keeps it in a data file (`config/plans.toml`, the `plans.file` setting), read and checked once
//! at start-up by `load`; until then (unit tests, tools) the file shipped with the code is used.
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

pub struct Module {
    pub kind: &'static str,
    pub key: &'static str,
    pub price: f64,
}

pub struct Plan {
    pub key: &'static str,
    pub name: &'static str,
    /// What one cycle costs, in USD.
    pub price: f64,
    pub cycle: i32,
    /// On the public price list (a plan kept off it can still be assigned).
    pub listed: bool,
    pub modules: &'static [Module],
    /// (feature key, limit); -1 and -2 unlimited, 0 none.
    pub features: &'static [(&'static str, i64)],
}

pub const FREE: &str = "FREE_ORDER_FULFILLMENT_2";

/// The feature keys of spec section 3: a limit on any other key is a typo that would gate nothing.
pub const FEATURES: &[&str] = &[
    "LISTING_PRODUCTS",
    "EXTRA_AI_PRODUCT_WRITING",
    "ORDER_FULFILLMENT",
    "ORDER_TRACKING_NUMBERS",
    "IMPORT_PRODUCT",
    "AI_PRODUCT_WRITING",
    "READY2SALE",
    "BULK_ORDER_FULFILLMENT",
    "ADMIAD_CASHBACK",
    "BULK_PUBLISH_TO_STORE",
    "FIND_SIMILAR_PRODUCT",
];

/// Spec section 9: 30 days is Monthly, anything else Yearly; a year is the only other cycle sold.
const CYCLES: &[i32] = &[30, 365];

/// The built-in catalogue, used until `load` reads the configured one.
const SHIPPED: &str = include_str!("../../../config/plans.toml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    modules: Vec<ModuleEntry>,
    plans: Vec<PlanEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModuleEntry {
    kind: String,
    key: String,
    price: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanEntry {
    key: String,
    name: String,
    price: f64,
    cycle: i32,
    #[serde(default = "yes")]
    listed: bool,
    modules: Vec<String>,
    features: BTreeMap<String, i64>,
}

fn yes() -> bool {
    true
}

struct Loaded {
    source: String,
    plans: &'static [Plan],
}

static CATALOGUE: OnceLock<Loaded> = OnceLock::new();

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn money(what: &str, price: f64) -> Result<f64, String> {
    if price.is_finite() && price >= 0.0 { Ok(price) } else { Err(format!("{what}: price {price} must be 0 or more")) }
}

/// Parses and checks a catalogue; the error names the plan and the field at fault.
pub fn parse(text: &str) -> Result<Vec<Plan>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut modules: BTreeMap<String, ModuleEntry> = BTreeMap::new();
    for m in file.modules {
        money(&format!("module {}", m.key), m.price)?;
        if modules.contains_key(&m.key) {
            return Err(format!("module {} is listed twice", m.key));
        }
        modules.insert(m.key.clone(), m);
    }
    let mut plans = Vec::new();
    for p in file.plans {
        let at = format!("plan {}", p.key);
        if p.key.trim().is_empty() || p.name.trim().is_empty() {
            return Err(format!("{at}: key and name must not be empty"));
        }
        if plans.iter().any(|q: &Plan| q.key == p.key) {
            return Err(format!("{at} is listed twice"));
        }
        if !CYCLES.contains(&p.cycle) {
            return Err(format!("{at}: cycle {} must be 30 (Monthly) or 365 (Yearly)", p.cycle));
        }
        money(&at, p.price)?;
        let mut features = Vec::new();
        for (k, limit) in p.features {
            if !FEATURES.contains(&k.as_str()) {
                return Err(format!("{at}: unknown feature {k} (known: {})", FEATURES.join(", ")));
            }
            if limit < -2 {
                return Err(format!("{at}: {k} limit {limit} must be -2, -1, 0 or more"));
            }
            features.push((leak(k), limit));
        }
        let mut own = Vec::new();
        for key in &p.modules {
            let m = modules.get(key).ok_or_else(|| format!("{at}: unknown module {key}"))?;
            own.push(Module { kind: leak(m.kind.clone()), key: leak(m.key.clone()), price: m.price });
        }
        plans.push(Plan {
            key: leak(p.key),
            name: leak(p.name),
            price: p.price,
            cycle: p.cycle,
            listed: p.listed,
            modules: Box::leak(own.into_boxed_slice()),
            features: Box::leak(features.into_boxed_slice()),
        });
    }
    match plans.first() {
        None => return Err("no plans".into()),
        Some(p) if p.key != FREE || p.price != 0.0 => return Err(format!("the first plan must be the free plan {FREE} at price 0")),
        _ => {}
    }
    // An unlisted plan is never sold (an operator assigns it, e.g. UNLIMITED), so its price says
    // nothing about its tier.
    if plans.iter().any(|p| p.listed && p.price == 0.0 && p.modules.iter().any(|m| m.kind == "ORDER_FULFILLMENT" && m.price != 0.0)) {
        return Err("a listed free plan's order-fulfilment module must cost 0 (spec section 4)".into());
    }
    Ok(plans)
}

/// Reads the catalogue at `path` once per process, at start-up. A second call with the same file
/// (the api and worker of one test process) is fine; a different one is refused.
pub fn load(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("plan catalogue {}: {e}", path.display()))?;
    let plans = parse(&text).map_err(|e| format!("plan catalogue {}: {e}", path.display()))?;
    let loaded = CATALOGUE.get_or_init(|| Loaded { source: text.clone(), plans: Box::leak(plans.into_boxed_slice()) });
    if loaded.source != text {
        return Err(format!("plan catalogue {}: another catalogue is already in use in this process", path.display()));
    }
    Ok(())
}

/// Every plan, the free plan first.
pub fn all() -> &'static [Plan] {
    CATALOGUE
        .get_or_init(|| {
            let plans = parse(SHIPPED).expect("config/plans.toml is valid");
            Loaded { source: SHIPPED.to_string(), plans: Box::leak(plans.into_boxed_slice()) }
        })
        .plans
}

/// `PLANS.iter()`, `PLANS[0]`: the catalogue in use, read like the slice it used to be.
pub struct Plans;

impl std::ops::Deref for Plans {
    type Target = [Plan];
    fn deref(&self) -> &[Plan] {
        all()
    }
}

pub static PLANS: Plans = Plans;

/// The workplace's plan; an unknown key (a retired plan) reads as the free plan.
pub fn find(key: &str) -> &'static Plan {
    let plans = all();
    plans.iter().find(|p| p.key == key).unwrap_or(&plans[0])
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

#[cfg(test)]
mod tests;
