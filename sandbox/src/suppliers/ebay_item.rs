//! The Browse API's `ItemSummary` and `Item` shapes for catalogue products (see `ebay.rs`).
//! Prices are `{value, currency}` strings; a variant's list price is `marketingPrice.
//! originalPrice` beside the price paid; stock and sales are `estimatedAvailabilities`;
//! options are the item's `localizedAspects` (beside constant ones such as Brand).
use serde_json::{Value, json};

use super::model::DAY;
use crate::AppState;
use crate::catalogue::{Catalogue, Product};
use crate::util::{money, rfc3339};

/// What the request says about its buyer: shipping is estimated to `country`.
pub struct Ctx {
    pub country: String,
    pub base: String,
    pub now_ms: i64,
}

fn amount(cents: i64) -> Value {
    json!({"value": money(cents), "currency": "USD"})
}

fn image(base: &str, id: &str) -> Value {
    json!({"imageUrl": super::img(base, id)})
}

fn item_id(p: &Product, k: usize) -> String {
    if p.options.is_empty() { format!("v1|{}|0", p.summary.id) } else { format!("v1|{}|{}", p.summary.id, k + 1) }
}

fn categories(cat: &Catalogue, id: u32) -> (Vec<Value>, String) {
    let leaf = cat.categories.iter().find(|c| c.id == id);
    let parent = leaf.and_then(|c| c.parent_id).and_then(|p| cat.categories.iter().find(|c| c.id == p));
    let chain: Vec<_> = [parent, leaf].into_iter().flatten().collect();
    let list = chain.iter().rev().map(|c| json!({"categoryId": c.id.to_string(), "categoryName": c.name})).collect();
    (list, chain.iter().map(|c| c.name).collect::<Vec<_>>().join("|"))
}

/// Shipping to the buyer's country for `qty` units, cheapest first; none when it does not ship.
fn shipping(p: &Product, c: &Ctx, qty: u32) -> Option<Value> {
    let opts = p.freight(&c.country, qty)?;
    let date = |days: u32| rfc3339(c.now_ms + days as i64 * DAY);
    Some(json!(
        opts.iter()
            .map(|o| json!({
                "shippingServiceCode": o.code, "type": o.company, "shippingCarrierCode": o.company.split_whitespace().next(),
                "shippingCostType": "FIXED", "shippingCost": {"value": o.amount, "currency": o.currency}, "quantityUsedForEstimate": qty,
                "minEstimatedDeliveryDate": date(o.min_days), "maxEstimatedDeliveryDate": date(o.max_days),
            }))
            .collect::<Vec<_>>()
    ))
}

fn group_href(c: &Ctx, p: &Product) -> String {
    format!("{}/ebay/buy/browse/v1/item/get_items_by_item_group?item_group_id={}", c.base, p.summary.id)
}

/// A search hit: one per listing (a group shows its cheapest item's price).
pub fn summary_json(cat: &Catalogue, p: &Product, c: &Ctx) -> Value {
    let s = &p.summary;
    let (categories, _) = categories(cat, s.category);
    let mut v = json!({
        "itemId": format!("v1|{}|0", s.id), "legacyItemId": s.id, "title": s.title, "price": amount(s.price_cents),
        "image": image(&c.base, &p.images[0]), "categories": categories, "leafCategoryIds": [s.category.to_string()],
        "itemLocation": {"country": p.ship_from}, "condition": "New", "conditionId": "1000", "buyingOptions": ["FIXED_PRICE"],
        "itemWebUrl": format!("{}/ebay/itm/{}", c.base, s.id), "seller": {"username": "sandbox-seller", "feedbackPercentage": "99.1", "feedbackScore": 4210},
    });
    if let Some(options) = shipping(p, c, 1) {
        v["shippingOptions"] = json!(options.as_array().into_iter().flatten().take(1).collect::<Vec<_>>());
    }
    if !p.options.is_empty() {
        v["itemGroupHref"] = json!(group_href(c, p));
        v["itemGroupType"] = json!("SELLER_DEFINED_VARIATIONS");
    }
    v
}

/// Variant `k` of the product as an eBay item (the product itself when it has no options).
pub fn item_json(app: &AppState, cat: &Catalogue, p: &Product, k: usize, c: &Ctx, qty: u32) -> Value {
    let s = &p.summary;
    let v = &p.variants[k];
    let stock = super::stock_left(app, &v.sku_id, v.stock);
    // The listing's sales, spread over its items so that they add up to the catalogue's count.
    let n = p.variants.len() as u32;
    let sold = s.orders / n + u32::from((k as u32) < s.orders % n);
    let (_, path) = categories(cat, s.category);
    let mut aspects = vec![json!({"type": "STRING", "name": "Brand", "value": "Unbranded"}), json!({"type": "STRING", "name": "Type", "value": s.noun})];
    aspects.extend(v.options.iter().map(|(name, value)| json!({"type": "STRING", "name": name, "value": value})));
    let mut item = json!({
        "itemId": item_id(p, k), "legacyItemId": s.id, "title": s.title, "price": amount(v.price_cents),
        "categoryId": s.category.to_string(), "categoryPath": path, "condition": "New", "conditionId": "1000",
        "image": image(&c.base, v.image.as_deref().unwrap_or(&p.images[0])),
        "itemLocation": {"country": p.ship_from}, "localizedAspects": aspects,
        "estimatedAvailabilities": [{"deliveryOptions": ["SHIP_TO_HOME"], "estimatedAvailabilityStatus": if stock > 0 { "IN_STOCK" } else { "OUT_OF_STOCK" },
            "estimatedAvailableQuantity": stock, "estimatedSoldQuantity": sold}],
        "shipToLocations": {"regionIncluded": p.ships_to.iter().map(|c| json!({"regionName": c, "regionType": "COUNTRY", "regionId": c})).collect::<Vec<_>>(), "regionExcluded": []},
        "primaryProductReviewRating": {"averageRating": format!("{:.1}", s.rating10 as f64 / 10.0), "reviewCount": p.reviews_count},
        "itemWebUrl": format!("{}/ebay/itm/{}", c.base, s.id), "buyingOptions": ["FIXED_PRICE"],
        "seller": {"username": "sandbox-seller", "feedbackPercentage": "99.1", "feedbackScore": 4210},
    });
    if v.compare_at_cents > v.price_cents {
        let off = v.compare_at_cents - v.price_cents;
        item["marketingPrice"] = json!({"originalPrice": amount(v.compare_at_cents), "discountAmount": amount(off),
            "discountPercentage": (off * 100 / v.compare_at_cents).to_string(), "priceTreatment": "LIST_PRICE"});
    }
    if let Some(options) = shipping(p, c, qty) {
        item["shippingOptions"] = options;
    }
    let images: Vec<Value> = p.images.iter().map(|i| image(&c.base, i)).collect();
    if p.options.is_empty() {
        item["additionalImages"] = json!(images[1..]);
    } else {
        item["itemGroupHref"] = json!(group_href(c, p));
        item["itemGroupType"] = json!("SELLER_DEFINED_VARIATIONS");
        item["primaryItemGroup"] = json!({"itemGroupId": s.id, "itemGroupType": "SELLER_DEFINED_VARIATIONS", "itemGroupHref": group_href(c, p),
            "itemGroupTitle": s.title, "itemGroupImage": images[0], "itemGroupAdditionalImages": images[1..]});
    }
    item
}
