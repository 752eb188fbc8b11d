//! A Shopify order as the GraphQL Admin API's `orders` query returns it (the catch-up sync),
//! converted to the same `IncomingOrder` as the REST-shaped webhook body. Ids are the legacy
//! numeric ones (`legacyResourceId`, the number at the end of a line's gid), the ones webhooks
//! carry, so an order seen by both is one `(store_id, platform_order_id)`. The fields read are
//! the ones the connector asks for (`connectors::stores::orders::ORDER_FIELDS`).
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use super::ingest::{IncomingLine, IncomingOrder};
use crate::connectors::suppliers::parse_cents;

fn text(v: &Value) -> Option<String> {
    v.as_str().filter(|s| !s.is_empty()).map(str::to_string)
}

fn cents(v: &Value) -> i64 {
    v["shopMoney"]["amount"].as_str().map(parse_cents).unwrap_or(0)
}

/// The numeric tail of a gid (`gid://shopify/LineItem/123` → `123`).
fn legacy(gid: &Value) -> Option<String> {
    text(gid).map(|g| g.rsplit('/').next().unwrap_or(&g).to_string())
}

pub fn from_graphql(o: &Value) -> Option<IncomingOrder> {
    let id = text(&o["legacyResourceId"])?;
    let a = &o["shippingAddress"];
    let total = cents(&o["totalPriceSet"]);
    let country = text(&a["countryCodeV2"]).unwrap_or_default().to_uppercase();
    let lines = o["lineItems"]["nodes"].as_array()?.iter().filter_map(|l| {
        Some(IncomingLine {
            platform_line_item_id: legacy(&l["id"])?,
            title: text(&l["title"]).unwrap_or_default(),
            variant_title: text(&l["variantTitle"]),
            sku: text(&l["sku"]),
            remote_variant_id: text(&l["variant"]["legacyResourceId"]),
            quantity: l["quantity"].as_i64().unwrap_or(1).max(1) as i32,
            price_cents: cents(&l["originalUnitPriceSet"]),
        })
    });
    Some(IncomingOrder {
        name: text(&o["name"]).unwrap_or_else(|| format!("#{id}")),
        email: text(&o["email"]),
        address: json!({
            "name": a["name"], "address1": a["address1"], "address2": Value::Null, "city": a["city"], "province_code": a["provinceCode"],
            "zip": a["zip"], "country_code": country, "phone": a["phone"],
        }),
        country_code: country,
        currency: text(&o["currencyCode"]).unwrap_or_else(|| "USD".into()),
        shipping_cents: (total - cents(&o["subtotalPriceSet"])).max(0),
        total_cents: total,
        ordered_at: text(&o["createdAt"]).and_then(|s| DateTime::parse_from_rfc3339(&s).ok()).map(|d| d.with_timezone(&Utc)).unwrap_or_else(Utc::now),
        cancelled: !o["cancelledAt"].is_null(),
        lines: lines.collect(),
        platform_order_id: id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graphql_order_has_the_webhooks_ids() {
        let node = json!({"legacyResourceId": "5001", "name": "#1001", "email": "a@b.c", "createdAt": "2026-11-25T10:00:00Z", "cancelledAt": null,
            "currencyCode": "EUR", "totalPriceSet": {"shopMoney": {"amount": "25.00"}}, "subtotalPriceSet": {"shopMoney": {"amount": "20.00"}},
            "shippingAddress": {"name": "Jane Doe", "address1": "1 Way", "city": "Paris", "zip": "75001", "provinceCode": null, "countryCodeV2": "fr", "phone": null},
            "lineItems": {"nodes": [{"id": "gid://shopify/LineItem/77", "title": "Mug", "variantTitle": "Red", "sku": "DL-x", "quantity": 2,
                "originalUnitPriceSet": {"shopMoney": {"amount": "10.00"}}, "variant": {"legacyResourceId": "9"}}]}});
        let o = from_graphql(&node).unwrap();
        assert_eq!((o.platform_order_id.as_str(), o.total_cents, o.shipping_cents, o.country_code.as_str()), ("5001", 2500, 500, "FR"));
        assert_eq!(o.lines[0].platform_line_item_id, "77");
        assert_eq!(o.lines[0].remote_variant_id.as_deref(), Some("9"));
        assert_eq!(o.lines[0].price_cents, 1000);
    }
}
