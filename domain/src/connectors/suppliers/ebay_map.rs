//! eBay Browse shapes → the suppliers' common shapes. A listing with variations is an item
//! group: its options are the `localizedAspects` whose values differ between its items (Brand
//! and the like, the same on every item, are not options); each item is a variant, keyed by its
//! eBay item id (what an order names).
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::{Category, FreightOption, Money, Product, Summary, SupplierError, Variant, parse_cents};

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn dollars(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// `{value, currency}` in cents; the value is in the marketplace's currency (eBay converts a
/// foreign seller's price and keeps theirs in `convertedFromValue`, which is not what we pay).
fn amount(v: &Value) -> Option<i64> {
    v["value"].as_str().map(parse_cents)
}

fn category(v: &Value) -> i32 {
    v.as_str().and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn image(v: &Value) -> Option<String> {
    v["imageUrl"].as_str().map(str::to_string)
}

/// A search hit. eBay's search tells no sales or rating (the detail does); it does tell the
/// item's country and the shipping to the buyer (US here), which give two collections.
pub fn summary_from(s: &Value) -> Summary {
    let id = s["legacyItemId"].as_str().map(str::to_string).unwrap_or_else(|| text(&s["itemId"]).split('|').nth(1).unwrap_or_default().to_string());
    let mut collections = vec![];
    if amount(&s["shippingOptions"][0]["shippingCost"]) == Some(0) {
        collections.push("free_ship_us".to_string());
    }
    if s["itemLocation"]["country"] == "US" {
        collections.push("fastest_delivery_us".to_string());
    }
    Summary {
        id,
        title: text(&s["title"]),
        category: Category { id: category(&s["categories"][0]["categoryId"]) },
        price: Money { amount: dollars(amount(&s["price"]).unwrap_or(0)) },
        orders: 0,
        rating: 0.0,
        collections,
        image: image(&s["image"]),
        video_url: None,
    }
}

/// Units left: eBay gives a count, or only a threshold ("MORE_THAN 10"), or only a status.
pub fn stock_of(item: &Value) -> i64 {
    let a = &item["estimatedAvailabilities"][0];
    if a["estimatedAvailabilityStatus"] == "OUT_OF_STOCK" {
        return 0;
    }
    a["estimatedAvailableQuantity"].as_i64().or(a["availabilityThreshold"].as_i64()).unwrap_or(1)
}

/// The aspects that tell a group's items apart, in the first item's order.
fn varying_aspects(items: &[Value]) -> Vec<String> {
    let aspects = |i: &Value| -> Vec<(String, String)> {
        i["localizedAspects"].as_array().map(|a| a.iter().map(|x| (text(&x["name"]), text(&x["value"]))).collect()).unwrap_or_default()
    };
    let all: Vec<Vec<(String, String)>> = items.iter().map(aspects).collect();
    let Some(first) = all.first() else { return vec![] };
    first
        .iter()
        .map(|(name, _)| name.clone())
        .filter(|name| {
            let values: Vec<Option<&String>> = all.iter().map(|a| a.iter().find(|(n, _)| n == name).map(|(_, v)| v)).collect();
            values.iter().all(Option::is_some) && values.iter().any(|v| *v != values[0])
        })
        .collect()
}

/// A listing's items as a supplier product. Price precedence: the item's `price` (what a buyer
/// pays now, discounts applied), else `marketingPrice.originalPrice`; the original price is
/// the compare-at price when above it.
pub fn product_from(items: &[Value], common_description: Option<&str>) -> Product {
    let names = if items.len() > 1 { varying_aspects(items) } else { vec![] };
    let mut options: Vec<(String, Vec<Value>)> = names.iter().map(|n| (n.clone(), vec![])).collect();
    let variants: Vec<Variant> = items
        .iter()
        .map(|item| {
            let mut chosen = Map::new();
            for aspect in item["localizedAspects"].as_array().map(|a| a.as_slice()).unwrap_or_default() {
                let (name, value) = (text(&aspect["name"]), text(&aspect["value"]));
                let Some(i) = names.iter().position(|n| *n == name) else { continue };
                if !options[i].1.iter().any(|v| v["name"] == value.as_str()) {
                    // Variation pictures follow the first option (colour, usually).
                    let picture = if i == 0 { json!(image(&item["image"])) } else { Value::Null };
                    options[i].1.push(json!({ "id": format!("{name}:{value}"), "name": value, "image": picture }));
                }
                chosen.insert(name, Value::from(value));
            }
            let original = amount(&item["marketingPrice"]["originalPrice"]);
            let price = amount(&item["price"]).or(original).unwrap_or(0);
            Variant {
                sku_id: text(&item["itemId"]),
                options: chosen,
                price: dollars(price),
                compare_at_price: original.filter(|o| *o > price).map(dollars),
                stock: stock_of(item),
                image: image(&item["image"]),
            }
        })
        .collect();
    let first = items.first().cloned().unwrap_or(Value::Null);
    let group = &first["primaryItemGroup"];
    let mut images: Vec<String> = vec![];
    let pictures =
        if group.is_object() { [&group["itemGroupImage"], &group["itemGroupAdditionalImages"]] } else { [&first["image"], &first["additionalImages"]] };
    for p in pictures {
        let list = p.as_array().cloned().unwrap_or_else(|| vec![p.clone()]);
        images.extend(list.iter().filter_map(image).filter(|u| !images.contains(u)).collect::<Vec<_>>());
    }
    let rating = &first["primaryProductReviewRating"];
    Product {
        id: first["legacyItemId"].as_str().map(str::to_string).unwrap_or_default(),
        title: group["itemGroupTitle"].as_str().map(str::to_string).unwrap_or_else(|| text(&first["title"])),
        description: common_description
            .map(str::to_string)
            .or(first["description"].as_str().map(str::to_string))
            .unwrap_or_else(|| text(&first["shortDescription"])),
        category: json!({ "id": category(&first["categoryId"]), "name": first["categoryPath"].as_str().and_then(|p| p.rsplit('|').next()) }),
        price: Money { amount: dollars(variants.iter().map(|v| parse_cents(&v.price)).min().unwrap_or(0)) },
        orders: items.iter().filter_map(|i| i["estimatedAvailabilities"][0]["estimatedSoldQuantity"].as_i64()).sum(),
        rating: rating["averageRating"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0.0),
        collections: vec![],
        reviews_count: rating["reviewCount"].as_i64().unwrap_or(0),
        images,
        // The Browse API's item has images only (`image`, `additionalImages`), no video.
        video_url: None,
        ship_from: first["itemLocation"]["country"].as_str().map(str::to_string),
        ships_to: first["shipToLocations"]["regionIncluded"]
            .as_array()
            .map(|a| a.iter().filter(|r| r["regionType"] == "COUNTRY").map(|r| text(&r["regionId"])).collect())
            .unwrap_or_default(),
        options: options.into_iter().map(|(name, values)| json!({ "name": name, "values": values })).collect(),
        variants,
    }
}

/// Whole days from `now` to an estimated delivery date (rounded: eBay's dates are instants).
fn days_until(date: &Value, now: DateTime<Utc>) -> i32 {
    let at = date.as_str().and_then(|d| DateTime::parse_from_rfc3339(d).ok());
    at.map(|d| ((d.with_timezone(&Utc) - now).num_minutes() as f64 / 1440.0).round().max(0.0) as i32).unwrap_or(0)
}

/// The item's shipping options for the buyer's country; none means it does not ship there.
pub fn freight_from(item: &Value, country: &str, now: DateTime<Utc>) -> Result<Vec<FreightOption>, SupplierError> {
    let options: Vec<FreightOption> = item["shippingOptions"]
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|o| {
            let (lo, hi) = (days_until(&o["minEstimatedDeliveryDate"], now), days_until(&o["maxEstimatedDeliveryDate"], now));
            FreightOption {
                code: o["shippingServiceCode"].as_str().or(o["type"].as_str()).unwrap_or_default().to_string(),
                company: o["type"].as_str().or(o["shippingCarrierCode"].as_str()).unwrap_or_default().to_string(),
                amount: dollars(amount(&o["shippingCost"]).unwrap_or(0)),
                currency: o["shippingCost"]["currency"].as_str().unwrap_or("USD").to_string(),
                delivery_time: format!("{lo}-{hi} day"),
                min_days: lo,
                max_days: hi.max(lo),
            }
        })
        .collect();
    if options.is_empty() {
        return Err(SupplierError::CannotShip(country.into()));
    }
    Ok(options)
}

#[cfg(test)]
#[path = "ebay_map_tests.rs"]
mod tests;
