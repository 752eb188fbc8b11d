//! CJ shapes → the suppliers' common shapes, on answers written as CJ documents them.
use serde_json::json;

use super::*;

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

#[test]
fn variant_keys_become_named_options() {
    let pairs = |v: Vec<(String, String)>| v.into_iter().map(|(a, b)| format!("{a}={b}")).collect::<Vec<_>>();
    assert_eq!(pairs(variant_options(&names(&["Color", "Size"]), "Black-XL")), ["Color=Black", "Size=XL"]);
    assert_eq!(pairs(variant_options(&names(&["Color", "Size"]), "Sky-Blue-XL")), ["Color=Sky-Blue", "Size=XL"], "a hyphen inside a value stays in it");
    assert_eq!(pairs(variant_options(&names(&["Size"]), "2-3Y")), ["Size=2-3Y"]);
    assert_eq!(pairs(variant_options(&[], "Default")), ["Variant=Default"]);
    assert!(variant_options(&names(&["Color"]), "").is_empty(), "a product without options");
}

#[test]
fn amounts_are_numbers_strings_or_ranges() {
    assert_eq!(cents(&json!(18.99)), Some(1899));
    assert_eq!(cents(&json!(7)), Some(700));
    assert_eq!(cents(&json!("4.5")), Some(450));
    assert_eq!(cents(&json!("2.53 -- 4.81")), Some(253), "a range's low end");
    assert_eq!(cents(&json!(null)), None);
}

fn product() -> Value {
    json!({
        "pid": "CJ1", "productNameEn": "Desk Lamp", "description": "<p>Bright</p>", "categoryId": "2252588B-72E3",
        "productKeyEn": "Color-Size", "sellPrice": "9.00 -- 12.00", "listedNum": 321,
        "productImage": "[\"https://cj/a.jpg\",\"https://cj/b.jpg\"]",
        "variants": [
            {"vid": "V1", "variantKey": "Black-S", "variantSellPrice": 9.5, "variantSugSellPrice": 19.0, "variantImage": "https://cj/black.jpg",
             "inventoryNum": 12, "inventories": [{"countryCode": "US", "totalInventory": 12}]},
            {"vid": "V2", "variantKey": "Black-M", "variantSugSellPrice": 5.0, "inventories": [{"countryCode": "CN", "totalInventory": 0}]},
            {"vid": "V3", "variantKey": "White-S", "variantSellPrice": 10, "inventoryNum": 3},
        ]
    })
}

#[test]
fn a_product_reads_with_named_options_and_price_precedence() {
    let data = product();
    let p = product_from(&data, data["variants"].as_array().unwrap());
    assert_eq!((p.id.as_str(), p.title.as_str(), p.orders), ("CJ1", "Desk Lamp", 321));
    assert_eq!(p.category["id"], 0, "CJ's own category ids do not fit the cache's column");
    let option_names: Vec<&str> = p.options.iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(option_names, ["Color", "Size"]);
    let colours: Vec<&str> = p.options[0]["values"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert_eq!(colours, ["Black", "White"]);
    assert_eq!(p.options[0]["values"][0]["image"], "https://cj/black.jpg");
    assert_eq!(p.variants[1].options, json!({"Color": "Black", "Size": "M"}).as_object().unwrap().clone());

    // The variant's own price first, else the product's (low end); compare-at only above it.
    assert_eq!((p.variants[0].price.as_str(), p.variants[0].compare_at_price.as_deref()), ("9.50", Some("19.00")));
    assert_eq!((p.variants[1].price.as_str(), p.variants[1].compare_at_price.as_deref()), ("9.00", None));
    assert_eq!(p.variants[2].price, "10.00");
    assert_eq!(p.price.amount, "9.00");

    // Stock: inventoryNum, else the warehouses' sum; sold-out SKUs stay in the cache with 0
    // (the detail drops them, spec section 5).
    let stock: Vec<i64> = p.variants.iter().map(|v| v.stock).collect();
    assert_eq!(stock, [12, 0, 3]);
    assert_eq!(p.ship_from.as_deref(), Some("US"), "where the stock is");
    assert_eq!(p.images, ["https://cj/a.jpg", "https://cj/b.jpg"], "productImage as a JSON array");
}

#[test]
fn a_product_without_options_has_one_plain_variant() {
    let data = json!({"pid": "CJ2", "productNameEn": "Mug", "productKeyEn": "", "productImageSet": ["https://cj/m.jpg"],
        "variants": [{"vid": "V9", "variantKey": "", "variantSellPrice": 3.2, "inventoryNum": 4}]});
    let p = product_from(&data, data["variants"].as_array().unwrap());
    assert!(p.options.is_empty() && p.variants[0].options.is_empty());
    assert_eq!((p.variants[0].price.as_str(), p.images.len()), ("3.20", 1));
}

#[test]
fn list_items_and_freight() {
    let s = summary_from(&json!({"pid": "CJ3", "productNameEn": "Fan", "sellPrice": 4.81, "categoryId": "104", "listedNum": 77,
        "isFreeShipping": true, "productImage": "https://cj/f.jpg"}));
    assert_eq!((s.id.as_str(), s.price.amount.as_str(), s.category.id, s.orders), ("CJ3", "4.81", 104, 77));
    assert_eq!(s.collections, ["free_ship_us"]);

    let f = freight_from(&json!([{"logisticName": "CJPacket Ordinary", "logisticPrice": 3.4, "logisticAging": "7-15"}]), "DE").unwrap();
    assert_eq!((f[0].amount.as_str(), f[0].min_days, f[0].max_days, f[0].delivery_time.as_str()), ("3.40", 7, 15, "7-15 day"));
    assert!(matches!(freight_from(&json!([]), "BR"), Err(SupplierError::CannotShip(c)) if c == "BR"));
}
