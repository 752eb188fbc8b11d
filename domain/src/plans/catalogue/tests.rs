use super::*;

const SHIPPED_FILE: &str = include_str!("../../../../config/plans.toml");

#[test]
fn the_shipped_catalogue_has_the_spec_plans_and_tiers() {
    let plans = parse(SHIPPED_FILE).unwrap();
    let keys: Vec<&str> = plans.iter().map(|p| p.key).collect();
    for k in ["FREE_ORDER_FULFILLMENT_2", "FREE_AO_MKT", "PRO_DROPLINE_AO_TIER_1", "ENTERPRISE_DROPLINE_AO", "PRO_DROPLINE_AO_TIER_1_YEARLY"] {
        assert!(keys.contains(&k), "{k} missing from {keys:?}");
    }
    assert_eq!(plans[0].key, FREE);
    let pro = plans.iter().find(|p| p.key == "PRO_DROPLINE_AO_TIER_1").unwrap();
    assert_eq!((pro.price, pro.cycle, pro.limit("LISTING_PRODUCTS")), (29.9, 30, Some(1000)));
    assert_eq!(plans.iter().find(|p| p.key == "PRO_DROPLINE_AO_TIER_1_YEARLY").unwrap().cycle, 365);
    assert!(!plans.iter().find(|p| p.key == "FREE_AO_MKT").unwrap().listed);
}

fn with(replace: &str, by: &str) -> Result<Vec<Plan>, String> {
    assert!(SHIPPED_FILE.contains(replace), "{replace}");
    parse(&SHIPPED_FILE.replacen(replace, by, 1))
}

#[test]
fn unknown_features_are_refused_by_name() {
    let e = with("IMPORT_PRODUCT = 50", "IMPORT_PRODUCTS = 50").err().unwrap();
    assert!(e.contains("plan FREE_ORDER_FULFILLMENT_2: unknown feature IMPORT_PRODUCTS"), "{e}");
}

#[test]
fn cycles_other_than_a_month_or_a_year_are_refused() {
    let e = with("cycle = 365", "cycle = 0").err().unwrap();
    assert!(e.contains("plan PRO_DROPLINE_AO_TIER_1_YEARLY: cycle 0 must be 30 (Monthly) or 365 (Yearly)"), "{e}");
}

#[test]
fn other_mistakes_are_refused() {
    assert!(with("price = 29.9", "price = -1.0").err().unwrap().contains("PRO_DROPLINE_AO_TIER_1"));
    assert!(with("modules = [\"BASIC_ORDER_FULFILLMENT\"]", "modules = [\"GOLD\"]").err().unwrap().contains("unknown module GOLD"));
    assert!(with("LISTING_PRODUCTS = 20", "LISTING_PRODUCTS = -3").is_err());
    assert!(with("name = \"Pro\"", "name = \"Pro\"\ncolour = \"red\"").is_err(), "a misspelt field is not ignored");
    let e = with("key = \"FREE_ORDER_FULFILLMENT_2\"", "key = \"FREE_2\"").err().unwrap();
    assert!(e.contains("first plan must be the free plan"), "{e}");
}

#[test]
fn a_changed_price_and_limit_are_read() {
    let plans = with("price = 29.9", "price = 24.5").unwrap();
    assert_eq!(plans.iter().find(|p| p.key == "PRO_DROPLINE_AO_TIER_1").unwrap().price, 24.5);
}

#[test]
fn a_listed_free_plan_with_a_paid_tier_is_refused_and_the_unlisted_unlimited_plan_is_kept() {
    let free = "price = 0.0\ncycle = 30\nmodules = [\"FREE_ORDER_FULFILLMENT\"]";
    let e = with(free, "price = 0.0\ncycle = 30\nmodules = [\"BASIC_ORDER_FULFILLMENT\"]").err().unwrap();
    assert!(e.contains("must cost 0"), "{e}");
    let plans = parse(SHIPPED_FILE).unwrap();
    let unlimited = plans.iter().find(|p| p.key == "UNLIMITED").expect("the operator's unlimited plan ships");
    assert!(!unlimited.listed && unlimited.is_starter_or_higher(), "never sold, and every tier rule allows it");
    assert!(unlimited.features.iter().all(|(_, limit)| *limit == -1), "{:?}", unlimited.features);
}
