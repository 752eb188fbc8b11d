//! A parcel to a Shopify order: one fulfillment for the parcel's lines with its tracking number
//! (`fulfillmentCreate` over the order's fulfillment orders), found again by its recorded id or
//! its tracking number before anything is created, and `fulfillmentTrackingInfoUpdate` when
//! the carrier or the number differ from what Shopify shows.
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashMap;

use super::writeback::{Failure, Parcel, Written, record_remote};
use crate::connectors::stores::shopify::{Admin, ShopifyError};

/// The order's fulfillments, to find what an earlier run made. Shopify charges the requested
/// cost up front (an object 1, a connection 2 + first × its node), and the shared bucket
/// reserves exactly that, so each read states its cost: 1 + 2 + 10 × (2 + 1) = 33 points.
/// Dropline makes one fulfillment per parcel with one tracking number, and an order has a few.
pub(crate) const FULFILLMENTS: &str =
    "query($id: ID!) { order(id: $id) { id fulfillments(first: 10) { id status trackingInfo(first: 1) { number company } } } }";
const FULFILLMENTS_COST: f64 = 33.0;

/// Open fulfillment orders and their lines, read only to create: 1 + 2 + 3 × (2 + 20 × 1) = 69
/// points. An order split over more locations or with more lines is beyond what Dropline places.
pub(crate) const FULFILLMENT_ORDERS: &str = "query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 3) { nodes { id status
    lineItems(first: 20) { nodes { id remainingQuantity lineItem { id } } } } } } }";
const FULFILLMENT_ORDERS_COST: f64 = 69.0;

pub(crate) const CREATE: &str = "mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id } userErrors { field message } } }";

pub(crate) const UPDATE: &str = "mutation($id: ID!, $t: FulfillmentTrackingInput!) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $t, notifyCustomer: false) { fulfillment { id } userErrors { field message } } }";

fn failure(e: ShopifyError) -> Failure {
    match e {
        ShopifyError::Revoked => Failure::Refused(e.to_string()),
        ShopifyError::Throttled(wait) => Failure::Later(wait),
        other => Failure::Outage(other.to_string()),
    }
}

/// GraphQL errors and user errors are refusals: asking again gets the same answer.
fn refused(answer: &Value, what: &str, field: &str) -> Option<Failure> {
    let errors = answer["errors"].as_array().into_iter().flatten().chain(answer["data"][field]["userErrors"].as_array().into_iter().flatten());
    let messages: Vec<&str> = errors.filter_map(|e| e["message"].as_str()).collect();
    (!messages.is_empty()).then(|| Failure::Refused(format!("Shopify refused {what}: {}", messages.join("; "))))
}

/// The numeric id at the end of a gid (`gid://shopify/LineItem/42` → `42`).
fn tail(gid: &str) -> &str {
    gid.rsplit('/').next().unwrap_or(gid)
}

fn same_number(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_uppercase();
    norm(a) == norm(b)
}

pub async fn write(pool: &PgPool, admin: &Admin, p: &Parcel, lines: &[(String, i64)]) -> Result<Written, Failure> {
    let order_gid = format!("gid://shopify/Order/{}", p.platform_order_id);
    let a = admin.graphql_costed(FULFILLMENTS, json!({ "id": order_gid }), FULFILLMENTS_COST).await.map_err(failure)?;
    if let Some(f) = refused(&a, "to read the order", "order") {
        return Err(f);
    }
    if a["data"]["order"].is_null() {
        return Err(Failure::Refused(format!("the order {} no longer exists in Shopify", p.platform_order_id)));
    }
    let fulfillments = a["data"]["order"]["fulfillments"].as_array().cloned().unwrap_or_default();
    let recorded = p.store_fulfillment_id.as_deref().and_then(|id| fulfillments.iter().find(|f| f["id"] == id));
    // No id, or one Shopify no longer lists: the fulfillment an earlier run made carries our number.
    let existing = recorded.or_else(|| {
        fulfillments
            .iter()
            .find(|f| f["trackingInfo"].as_array().is_some_and(|t| t.iter().any(|t| t["number"].as_str().is_some_and(|n| same_number(n, &p.tracking_number)))))
    });
    if let Some(f) = existing {
        let id = f["id"].as_str().unwrap_or_default().to_string();
        let action = if recorded.is_some() { "unchanged" } else { "found" };
        record_remote(pool, p, &id).await?;
        let info = &f["trackingInfo"][0];
        let number_differs = !info["number"].as_str().is_some_and(|n| same_number(n, &p.tracking_number));
        let carrier_differs = p.carrier.as_deref().is_some_and(|c| info["company"].as_str() != Some(c));
        if !(number_differs || carrier_differs) {
            return Ok(Written { remote_id: id, action });
        }
        let a = admin.graphql(UPDATE, json!({ "id": id, "t": tracking(p) })).await.map_err(failure)?;
        if let Some(f) = refused(&a, "the tracking update", "fulfillmentTrackingInfoUpdate") {
            return Err(f);
        }
        return Ok(Written { remote_id: id, action: "updated" });
    }
    if lines.is_empty() {
        return Err(Failure::Refused("no line of this order travels in this parcel, so there is nothing to fulfil in Shopify".into()));
    }
    let groups = groups(admin, &order_gid, lines).await?;
    if groups.is_empty() {
        return Err(Failure::Refused("this parcel's lines are already fulfilled (or cancelled) in Shopify".into()));
    }
    let f = json!({ "lineItemsByFulfillmentOrder": groups, "trackingInfo": tracking(p), "notifyCustomer": true });
    let a = admin.graphql(CREATE, json!({ "f": f })).await.map_err(failure)?;
    if let Some(f) = refused(&a, "the fulfillment", "fulfillmentCreate") {
        return Err(f);
    }
    let Some(id) = a["data"]["fulfillmentCreate"]["fulfillment"]["id"].as_str() else {
        return Err(Failure::Outage("Shopify answered the fulfillment without its id".into()));
    };
    record_remote(pool, p, id).await?;
    Ok(Written { remote_id: id.to_string(), action: "created" })
}

fn tracking(p: &Parcel) -> Value {
    let mut t = json!({ "number": p.tracking_number });
    if let Some(c) = &p.carrier {
        t["company"] = json!(c);
    }
    t
}

/// `lineItemsByFulfillmentOrder` for the parcel's lines: each line's quantity taken from the
/// open fulfillment orders that still hold it.
async fn groups(admin: &Admin, order_gid: &str, lines: &[(String, i64)]) -> Result<Vec<Value>, Failure> {
    let a = admin.graphql_costed(FULFILLMENT_ORDERS, json!({ "id": order_gid }), FULFILLMENT_ORDERS_COST).await.map_err(failure)?;
    if let Some(f) = refused(&a, "to read the fulfillment orders", "order") {
        return Err(f);
    }
    let mut wanted: HashMap<&str, i64> = HashMap::new();
    for (id, q) in lines {
        *wanted.entry(tail(id)).or_default() += q;
    }
    let mut out = vec![];
    for fo in a["data"]["order"]["fulfillmentOrders"]["nodes"].as_array().into_iter().flatten() {
        if !matches!(fo["status"].as_str(), Some("OPEN" | "IN_PROGRESS")) {
            continue;
        }
        let mut items = vec![];
        for l in fo["lineItems"]["nodes"].as_array().into_iter().flatten() {
            let (Some(line), Some(remaining)) = (l["lineItem"]["id"].as_str(), l["remainingQuantity"].as_i64()) else { continue };
            let Some(want) = wanted.get_mut(tail(line)) else { continue };
            let q = (*want).min(remaining);
            if q > 0 {
                *want -= q;
                items.push(json!({ "id": l["id"], "quantity": q }));
            }
        }
        if !items.is_empty() {
            out.push(json!({ "fulfillmentOrderId": fo["id"], "fulfillmentOrderLineItems": items }));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_match_whatever_their_spacing_and_case() {
        assert!(same_number("lp 0012-34", "LP001234"));
        assert!(!same_number("LP001234", "LP001235"));
        assert_eq!(tail("gid://shopify/LineItem/42"), "42");
        assert_eq!(tail("42"), "42");
    }
}
