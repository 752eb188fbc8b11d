//! eBay Browse shapes → the suppliers' common shapes, on answers written as eBay documents them.
use chrono::{Duration, TimeZone, Utc};
use serde_json::{Value, json};

use super::*;

fn aspect(name: &str, value: &str) -> Value {
    json!({"type": "STRING", "name": name, "value": value})
}

fn item(n: u32, colour: &str, size: &str, price: &str, stock: Value) -> Value {
    json!({
        "itemId": format!("v1|2850|{n}"), "legacyItemId": "2850", "title": "Lamp - Black / S", "categoryId": "104",
        "price": {"value": price, "currency": "USD"},
        "marketingPrice": {"originalPrice": {"value": "20.00", "currency": "USD"}, "discountPercentage": "25"},
        "image": {"imageUrl": format!("https://i.ebayimg.com/{colour}.jpg")},
        "localizedAspects": [aspect("Brand", "Unbranded"), aspect("Color", colour), aspect("Size", size)],
        "estimatedAvailabilities": [stock],
        "itemLocation": {"country": "CN"},
        "shipToLocations": {"regionIncluded": [{"regionName": "United States", "regionType": "COUNTRY", "regionId": "US"}, {"regionName": "Europe", "regionType": "WORLD_REGION", "regionId": "EUROPE"}]},
        "primaryProductReviewRating": {"averageRating": "4.6", "reviewCount": 31},
        "primaryItemGroup": {"itemGroupId": "2850", "itemGroupTitle": "Desk Lamp", "itemGroupImage": {"imageUrl": "https://i.ebayimg.com/main.jpg"},
            "itemGroupAdditionalImages": [{"imageUrl": "https://i.ebayimg.com/side.jpg"}]},
    })
}

#[test]
fn a_group_reads_with_its_varying_aspects_as_options() {
    let items = [
        item(1, "Black", "S", "15.00", json!({"estimatedAvailabilityStatus": "IN_STOCK", "estimatedAvailableQuantity": 8, "estimatedSoldQuantity": 40})),
        item(2, "Black", "M", "25.00", json!({"estimatedAvailabilityStatus": "OUT_OF_STOCK", "estimatedAvailableQuantity": 0, "estimatedSoldQuantity": 2})),
        item(3, "Red", "S", "15.00", json!({"estimatedAvailabilityStatus": "IN_STOCK", "availabilityThresholdType": "MORE_THAN", "availabilityThreshold": 10})),
    ];
    let p = product_from(&items, Some("<p>Shared</p>"));
    assert_eq!((p.id.as_str(), p.title.as_str(), p.description.as_str()), ("2850", "Desk Lamp", "<p>Shared</p>"));
    let names: Vec<&str> = p.options.iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Color", "Size"], "Brand is the same on every item: not an option");
    let colours: Vec<&str> = p.options[0]["values"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert_eq!(colours, ["Black", "Red"]);
    assert_eq!(p.options[0]["values"][1]["image"], "https://i.ebayimg.com/Red.jpg");
    assert_eq!(p.variants[1].options, json!({"Color": "Black", "Size": "M"}).as_object().unwrap().clone());
    assert_eq!(p.variants[0].sku_id, "v1|2850|1", "a variant is the eBay item an order names");

    // The price paid now first; the original price is compare-at only when above it.
    assert_eq!((p.variants[0].price.as_str(), p.variants[0].compare_at_price.as_deref()), ("15.00", Some("20.00")));
    assert_eq!((p.variants[1].price.as_str(), p.variants[1].compare_at_price.as_deref()), ("25.00", None));
    assert_eq!(p.price.amount, "15.00");

    // Stock: the count, 0 when out of stock (kept in the cache, dropped by the detail), else
    // the threshold eBay guarantees.
    assert_eq!(p.variants.iter().map(|v| v.stock).collect::<Vec<_>>(), [8, 0, 10]);
    assert_eq!((p.orders, p.rating, p.reviews_count), (42, 4.6, 31));
    assert_eq!(p.images, ["https://i.ebayimg.com/main.jpg", "https://i.ebayimg.com/side.jpg"]);
    assert_eq!((p.ship_from.as_deref(), p.ships_to.as_slice()), (Some("CN"), &["US".to_string()][..]));
    assert_eq!(p.category["id"], 104);
}

#[test]
fn a_single_item_has_no_options_and_falls_back_to_the_original_price() {
    let mut one = item(0, "Black", "S", "0", json!({"estimatedAvailabilityStatus": "IN_STOCK"}));
    one.as_object_mut().unwrap().remove("primaryItemGroup");
    one.as_object_mut().unwrap().remove("price");
    one["additionalImages"] = json!([{"imageUrl": "https://i.ebayimg.com/back.jpg"}]);
    one["description"] = json!("<p>Own</p>");
    let p = product_from(&[one], None);
    assert!(p.options.is_empty() && p.variants[0].options.is_empty(), "a single item's aspects are not options");
    assert_eq!((p.variants[0].price.as_str(), p.variants[0].compare_at_price.as_deref()), ("20.00", None));
    assert_eq!(p.variants[0].stock, 1, "in stock without a count: one unit");
    assert_eq!(p.images, ["https://i.ebayimg.com/Black.jpg", "https://i.ebayimg.com/back.jpg"]);
    assert_eq!((p.title.as_str(), p.description.as_str()), ("Lamp - Black / S", "<p>Own</p>"));
}

#[test]
fn search_hits_and_shipping() {
    let hit = json!({"itemId": "v1|2851|0", "title": "Fan", "price": {"value": "4.81", "currency": "USD"}, "categories": [{"categoryId": "203"}],
        "image": {"imageUrl": "https://i.ebayimg.com/fan.jpg"}, "itemLocation": {"country": "US"},
        "shippingOptions": [{"shippingCostType": "FIXED", "shippingCost": {"value": "0.00", "currency": "USD"}}]});
    let s = summary_from(&hit);
    assert_eq!((s.id.as_str(), s.price.amount.as_str(), s.category.id), ("2851", "4.81", 203));
    assert_eq!(s.collections, ["free_ship_us", "fastest_delivery_us"]);

    let now = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
    let at = |d: i64| (now + Duration::days(d) + Duration::minutes(3)).to_rfc3339();
    let with = json!({"shippingOptions": [{"shippingServiceCode": "EBAY_STANDARD", "type": "Standard", "shippingCost": {"value": "3.50", "currency": "USD"},
        "minEstimatedDeliveryDate": at(7), "maxEstimatedDeliveryDate": at(15)}]});
    let f = freight_from(&with, "DE", now).unwrap();
    assert_eq!(
        (f[0].code.as_str(), f[0].amount.as_str(), f[0].min_days, f[0].max_days, f[0].delivery_time.as_str()),
        ("EBAY_STANDARD", "3.50", 7, 15, "7-15 day")
    );
    assert!(matches!(freight_from(&json!({}), "BR", now), Err(SupplierError::CannotShip(c)) if c == "BR"), "no shipping options: it does not ship there");
}
